"""§1.2 游戏过程: a round of player turns, each in six phases; drawing from the deck and its reshuffle."""

from __future__ import annotations

from functools import lru_cache

from explorer import Bag, Draws, replace_at, setter

from . import characters, effects, skills, traps
from .flow import AP, A, auto, chance, decision, skip_when
from .records import (
    FRESH_TURN,
    HAND_LIMIT,
    Table,
    Task,
    evolve,
    gain_coins,
    pay,
    plain_task,
    pop,
    push,
    seat_set,
    self_char,
    set_char,
    to_discard,
    with_bought,
    with_hand,
    with_next_turn,
    with_now,
    with_phase,
    with_phase_tasks,
    without,
)

DRAW_CARDS = 2       # EB-1.2.2-draw
DRAW_COINS = 2
EXTRA_DRAW_COST = 2  # EB-1.2.2-buy


# --- drawing (摸取事件) ---------------------------------------------------------------------------
def _draw_outcomes(t, task):
    """Each card of the deck with the exact chance of drawing it (uniform over cards: a Bag): its count of
    the deck's size, as whole-number weights."""
    return _DRAWS(t.deck)


_DRAWS = Draws(lambda c: A("draw", -1, card=c))
_drawn = setter(Table, "deck", "seats", "tasks")  # a draw's table: every draw of every game makes one


def _draw(t, task, a, emit):
    """EB-3.2-draw: the card drawn joins the player's hand (only they see it, EB-3.1-hand)."""
    p, c = task.player, a["card"]
    clause = "EB-1.1.4-init" if task.kind == "deal" else "EB-3.2-draw"
    # the event's numbers are the action's own parameters, (("card", c),): the same tuple, none made and kept
    emit.emit_pairs("draw", clause, p, a.params, private_to=_only(p))
    seat = t.seats[p]
    hand = [*seat.hand, c]  # the hand stays sorted (one list sorted in place: a draw at every few steps)
    hand.sort()
    seats = replace_at(t.seats, p, with_hand(seat, tuple(hand)))
    return _drawn(t, t.deck.remove(c), seats, t.tasks[1:])


def _reshuffle_if_empty(t, task, emit):
    """EB-3.1-reshuffle: an empty deck is replaced by the shuffled discard pile (nothing to draw: no card)."""
    if not t.seats[task.player].alive:
        return pop(t)
    if len(t.deck):
        return None
    if t.discard:
        emit.emit("reshuffle", "EB-3.1-reshuffle", count=len(t.discard))
        return evolve(t, deck=Bag(t.discard), discard=())
    emit.emit("no card", "EB-3.1-reshuffle", actor=task.player, outcome="cancelled")
    return pop(t)


def draw_tasks(p: int, n: int) -> tuple[Task, ...]:
    return (plain_task("draw", p),) * n


@lru_cache(maxsize=64)
def _only(p: int) -> tuple[int, ...]:
    """``(p,)``, the ``private_to`` of ``p``'s draws, made once per seat (each draw's event keeps it for ever)."""
    return (p,)


# --- the phases -----------------------------------------------------------------------------------
@lru_cache(maxsize=1024)
def _phase_numbers(name: str, rnd: int) -> tuple:
    """A phase event's numbers, made once per phase and round: five phases a turn, each event kept in the log."""
    return (("phase", name), ("round", rnd))


def _phase(t, name, p, clause, emit, pop_task: bool = False, then: tuple = ()):
    """The phase ``name`` begins (its event); with ``pop_task`` the task at the head is done, and ``then`` (tasks)
    goes before the rest of the work: one copy of the table for all of it."""
    emit.emit_pairs("phase", clause, p, _phase_numbers(name, t.round))
    return with_phase_tasks(t, name, then + t.tasks[1:]) if pop_task else with_phase(t, name)


def _settle(t, task, emit):
    """EB-1.2.1-settle: start-of-turn effects and traps resolve; EB-1.2.1-reface: a self character that was
    face up before and is face down now turns face up."""
    p = task.player
    t = _phase(t, "settle", p, "EB-1.2.1-settle", emit, True, _turn_tasks(p))
    return traps.trigger_all(t, "turn_start", p, emit, passives=True)


@lru_cache(maxsize=64)
def _turn_tasks(p: int) -> tuple[Task, ...]:
    """The rest of ``p``'s turn, in order (the same records every turn: a Task never changes)."""
    return (plain_task("reface", p), *draw_tasks(p, DRAW_CARDS), *(plain_task(kind, p) for kind in (
        "income", "draw_phase", "declare", "play_start", "play", "discard", "end", "next")))


def _reface(t, task, emit):
    p = task.player
    me = self_char(t.seats[p])
    if me is not None and me.ever_up and not me.face_up:
        emit.emit("flip", "EB-1.2.1-reface", actor=p, targets=(me.card,), face_up=True)
        t = set_char(t, p, me.card, face_up=True)
    return _phase(t, "draw", p, "EB-1.2.2-draw", emit, True)


def _income(t, task, emit):
    """EB-1.2.2-draw: 2 cards (drawn just before) and 2 coins."""
    t, got = gain_coins(pop(t), task.player, DRAW_COINS)
    emit.emit_pairs("coins", "EB-1.2.2-draw", task.player, (("coins", t.seats[task.player].coins), ("gained", got)))
    return t


def _draw_phase_legal(t, task):
    p = task.player
    out = [AP("done", p, ())]
    if not t.now.bought and t.seats[p].coins >= EXTRA_DRAW_COST:
        out.append(AP("buy_draw", p, ()))
    out.extend(skills.active_actions(t, p, "draw_phase"))
    return tuple(out)


def _draw_phase(t, task, a, emit):
    p = task.player
    if a.kind == "done":
        return pop(t)
    if a.kind == "buy_draw":  # EB-1.2.2-buy: once, pay 2 coins to draw 1 more card
        t = with_now(pay(t, p, EXTRA_DRAW_COST), with_bought(t.now, True))
        emit.emit_pairs("pay", "EB-1.2.2-buy", p, (("coins", EXTRA_DRAW_COST),))
        t = push(t, plain_task("draw", p))
        return traps.trigger_all(t, "extra_draw", p, emit)
    return skills.use_active(t, p, a, emit)


def _declare_legal(t, task):
    return (AP("declare", task.player, ()), AP("pass", task.player, ()))


def _declare_skip(t, task, emit):
    me = self_char(t.seats[task.player])
    if me is None or me.ever_up:
        return _phase(t, "play", task.player, "EB-1.2.4-play", emit, True)
    if t.phase != "declare":
        return _phase(t, "declare", task.player, "EB-1.2.3-declare", emit)
    return None


def _declare(t, task, a, emit):
    """EB-1.2.3-declare: the player may make the character declaration in this phase."""
    t = pop(t)
    if a.kind == "declare":
        t = characters.declare(t, task.player, emit, "EB-1.2.3-declare")
    return _phase(t, "play", task.player, "EB-1.2.4-play", emit)


def _play_start(t, task, emit):
    """EB-3.1-active: others may use 'in another player's play phase' skills now (once a turn)."""
    return skills.offer_others(pop(t), task.player, emit)


def _discard_skip(t, task, emit):
    """EB-1.2.5-discard: the discard phase begins; it is over at once when the hand is within the limit (the phase
    and the task's end: one copy of the table)."""
    p = task.player
    held = len(t.seats[p].hand)  # EB-1.1.4-limits: 6 cards are within any hand limit (none is below 6)
    within = not t.seats[p].alive or held <= HAND_LIMIT or held <= effects.hand_limit(t, p)
    if t.phase != "discard":
        return _phase(t, "discard", p, "EB-1.2.5-discard", emit, within)
    return pop(t) if within else None


def _discard_legal(t, task):
    return tuple(AP("discard", task.player, (("card", c),)) for c in sorted(set(t.seats[task.player].hand)))


def _discard(t, task, a, emit):
    """EB-1.2.5-discard: above the hand limit (6) the player discards cards of their choice."""
    p, c = task.player, a["card"]
    emit.emit_pairs("discard", "EB-1.2.5-discard", p, a.params)  # (("card", c),): the action's own parameters
    return to_discard(seat_set(t, p, hand=without(t.seats[p].hand, c)), c, emit=emit)


def _end(t, task, emit):
    """EB-1.2.6-end: end-of-turn effects and traps resolve, then EB-1.2.6-expire."""
    p = task.player
    t = _phase(t, "end", p, "EB-1.2.6-end", emit, True, (plain_task("expire", p),))
    return traps.trigger_all(t, "turn_end", p, emit)


def _expire(t, task, emit):
    """EB-1.2.6-expire: effect cards not placed this round leave the player's effect zone."""
    p = task.player
    seat = t.seats[p]
    old = tuple(e for e in seat.effects if e.round != t.round)
    if old:
        emit.emit_pairs("expire", "EB-1.2.6-expire", p, (("cards", tuple(e.card for e in old)),))
        t = to_discard(seat_set(t, p, effects=tuple(e for e in seat.effects if e.round == t.round)),
                       *(e.card for e in old))
    return pop(t)


def _next(t, task, emit):
    """EB-1.2-round: turns pass in order; the dealer's turn starts a new round. EB-A07: only a bots' game with
    the opt-in ``round_limit`` (0 = none, the default) stops after that many rounds without winners."""
    n, p = len(t.seats), task.player
    pos = (p - t.dealer) % n
    for k in range(1, n + 1):
        q = (p + k) % n
        if t.seats[q].alive:
            break
    new_round = (q - t.dealer) % n <= pos
    rnd = t.round + 1 if new_round else t.round
    if t.rules.round_limit and rnd > t.rules.round_limit:
        emit.emit("game over", "EB-1.4-victory", targets=(), round=t.round, round_limit=t.rules.round_limit)
        return evolve(t, over=True, winners=(), tasks=())
    if new_round:
        emit.emit_pairs("round", "EB-1.2-round", q, (("round", rnd),))
    return with_next_turn(t, q, rnd, FRESH_TURN, (plain_task("settle", q), *t.tasks[1:]))


def register() -> None:
    chance("deal", _draw_outcomes, _draw)
    chance("draw", _draw_outcomes, _draw)
    skip_when("deal", _reshuffle_if_empty)
    skip_when("draw", _reshuffle_if_empty)
    auto("settle", _settle)
    auto("reface", _reface)
    auto("income", _income)
    decision("draw_phase", _draw_phase_legal, _draw_phase, "EB-1.2.2-buy")
    decision("declare", _declare_legal, _declare, "EB-1.2.3-declare", skip=_declare_skip)
    auto("play_start", _play_start)
    decision("discard", _discard_legal, _discard, "EB-1.2.5-discard", skip=_discard_skip)
    auto("end", _end)
    auto("expire", _expire)
    auto("next", _next)
