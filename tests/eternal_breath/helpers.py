"""Build 永恒之息 states by hand and script them: decisions by name, dice and draws as chance actions."""

from __future__ import annotations

from explorer import CHANCE, Bag, State, act, get_game
from explorer.games.eternal_breath import content
from explorer.games.eternal_breath.records import Character, Placed, Seat, Table, Task, Trap, Turn

GID = "eternal_breath"
card = content.card


def seat(self_card="sp_lingxi", self_up=False, summons=(), hand=(), coins=5, pool=(), traps=(), effects=(),
         self_hp=None, summon_limit=1, ever_up=None):
    """A player's area. ``summons``: card ids or (card id, hp) pairs, face up."""
    chars = [Character(self_card, self_hp or card(self_card).hp, self_up, True,
                       self_up if ever_up is None else ever_up)]
    for s in summons:
        c, hp = (s, card(s).hp) if isinstance(s, str) else s
        chars.append(Character(c, hp, True))
    return Seat(chars=tuple(chars), pool=tuple(pool), hand=tuple(sorted(hand)), coins=coins,
                traps=tuple(Trap(*tr) for tr in traps), effects=tuple(Placed(*e) for e in effects),
                summon_limit=summon_limit)


def state(*seats, turn=0, tasks=None, deck=None, variant=None, rnd=1, dealer=0, now=None, discard=(),
          phase="play"):
    """A real engine state in ``turn``'s play phase (or with the given task stack)."""
    game = get_game(GID)
    resolved = game.resolve_variant(variant)
    rules = game.initial(len(seats), resolved).rules
    tasks = tasks or (Task("play", turn), Task("discard", turn), Task("end", turn), Task("next", turn))
    data = Table(seats=tuple(seats), deck=deck if deck is not None else Bag(content.sample().deck_cards()),
                 rules=rules, dealer=dealer, turn=turn, round=rnd, phase=phase, tasks=tuple(tasks),
                 now=now or Turn(), discard=tuple(discard))
    return State(game, len(seats), resolved, data)


def do(s: State, kind: str, player: int, **params) -> State:
    return s.apply(act(GID, kind, player, **params))


def roll(s: State, die: int) -> State:
    assert s.current_player == CHANCE, s.data.tasks[:2]
    return do(s, "roll", CHANCE, die=die)


def draw(s: State, c: str) -> State:
    return do(s, "draw", CHANCE, card=c)


def judge(s: State, result: int) -> State:
    return do(s, "judge", CHANCE, result=result)


def events(s: State, kind: str | None = None, clause: str | None = None):
    return [e for e in s.log if (kind is None or e.kind == kind) and (clause is None or e.clause == clause)]


def last(s: State, kind: str):
    found = events(s, kind)
    assert found, f"no {kind!r} event"
    return found[-1]


def head(s: State) -> str:
    return s.data.tasks[0].kind if s.data.tasks else "over"


def hp(s: State, p: int, c: str) -> int:
    for ch in s.data.seats[p].chars:
        if ch.card == c:
            return ch.hp
    raise KeyError(c)


def end_turn(s: State) -> State:
    """End the play phase of the player to move (discarding the first cards if above the limit)."""
    p = s.current_player
    s = do(s, "end_play", p)
    while head(s) == "discard":
        s = do(s, "discard", p, card=s.data.seats[p].hand[0])
    return s


def pass_rescues(s: State) -> State:
    """Every player asked to rescue a dying character passes (EB-A09 / EB-A20: all living players are asked)."""
    while head(s) == "rescue" and s.current_player != CHANCE:
        s = do(s, "pass", s.current_player)
    return s
