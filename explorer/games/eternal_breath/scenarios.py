"""Ready-made engine states for tutorials, tests and the odds' Monte-Carlo (real ``explorer.State`` values).

``combat_ready`` builds a 永恒之息 table in player 0's play phase, one step before an attack:

* player 0 has a face-up summon ``ATTACKER`` (a training dummy, no skill) and, in hand, the attack card
  ``scn-attack-<attack_points>`` (no attribute, no effect);
* player 1 (the defender) has the face-up summon ``scn-normal-<base_defence>-<defender_hp>`` (base
  defence and HP as asked) and, in hand, the defence card ``scn-defence-<defence_points>``;
* every self character is face down (so it cannot be attacked, EB-3.1-face-down), coins are 5 each, the
  deck is the sample deck. Scenario cards are plain cards made from their ids (``content.scenario_card``),
  so the state saves and loads like any other.

Driving one attack (each line is one ``state.apply``)::

    s = combat_ready(attack_points=3, base_defence=2, defence_points=1)
    s = s.apply(attack_action(s))                       # P0 declares the attack (EB-3.2-attack)
    s = s.apply(act("eternal_breath", "roll", CHANCE, die=4))   # attacker's die: a CHANCE node
    s = s.apply(act("eternal_breath", "block", 1, card=defence_card(s)))  # P1 decides: block with the card,
    #   or act(..., "block", 1, card="") to block without a card, or act(..., "dodge", 1)
    s = s.apply(act("eternal_breath", "roll", CHANCE, die=2))   # defender's die: a CHANCE node
    [e for e in s.events if e.kind == "damage"]   # numbers: damage, attack_die, defence_die, total_attack,
    #   total_defence; a successful dodge has outcome == explorer.CANCELLED

``drive_attack(s, attack_die, response, defence_die)`` does exactly these steps and returns the new state;
``sample_attack(s, rng, response)`` does them with both dice sampled exactly (``explorer.sample_chance``), for a
seeded Monte-Carlo of real engine attacks;
with ``attack_die=None`` / ``defence_die=None`` the dice are left at CHANCE for the caller to sample
(``explorer.sample_chance(s.chance_outcomes(), rng)``). With the variant switch ``response_timing =
"before_attack_die"`` the defender decides before the attacker's die; ``drive_attack`` handles both.
"""

from __future__ import annotations

from collections.abc import Sequence

from explorer import CHANCE, Bag, State, act, get_game

from . import content
from .flow import GAME_ID
from .records import Character, Seat, Table, Task, Turn

ATTACKER = "scn-normal-0-10"
PLAYERS_CLAUSE = "EB-players"
SELF_CHARACTERS = ("sp_lingxi", "sp_mingyue", "sp_tiebi", "sp_fengyin", "sp_yingwu", "sp_huiguang")


def _seat(self_card: str, summon: str, hand: tuple) -> Seat:
    me = content.card(self_card)
    return Seat(chars=(Character(self_card, me.hp, False, True), Character(summon, content.card(summon).hp, True)),
                hand=hand, coins=5)


def combat_ready(attack_points: int = 3, base_defence: int = 2, defence_points: int = 1, defender_hp: int = 20,
                 players: int = 2, variant: dict | None = None) -> State:
    """Player 0's play phase with an attack card of ``attack_points``; player 1's targetable summon has
    ``base_defence`` and ``defender_hp`` and P1 holds a defence card of ``defence_points``."""
    game = get_game(GAME_ID)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"[{PLAYERS_CLAUSE}] {GAME_ID} is for {game.min_players}–{game.max_players} players, "
                         f"not {players!r}")
    for name, value in (("attack_points", attack_points), ("base_defence", base_defence),
                        ("defence_points", defence_points), ("defender_hp", defender_hp)):
        if not isinstance(value, int) or isinstance(value, bool) or value < (1 if name == "defender_hp" else 0):
            raise ValueError(f"{name} must be a whole number ≥ {1 if name == 'defender_hp' else 0}, not {value!r}")
    resolved = game.resolve_variant(variant)
    rules = game.initial(players, resolved).rules
    seats = [_seat(SELF_CHARACTERS[0], ATTACKER, (f"scn-attack-{attack_points}",)),
             _seat(SELF_CHARACTERS[1], f"scn-normal-{base_defence}-{defender_hp}", (f"scn-defence-{defence_points}",))]
    seats += [_seat(SELF_CHARACTERS[q], "scn-normal-1-10", ()) for q in range(2, players)]
    tasks = (Task("play", 0), Task("discard", 0), Task("end", 0), Task("next", 0))
    data = Table(seats=tuple(seats), deck=Bag(content.sample().deck_cards()), rules=rules, dealer=0, turn=0,
                 round=1, phase="play", tasks=tasks, now=Turn())
    return State(game, players, resolved, data)


def attack_action(state: State, seat: int = 1):
    """P0's attack by its summon ``ATTACKER`` with its attack card on ``seat``'s summon (its face-down self
    character could attack too, EB-A29; the scenario's attacker is the summon)."""
    for a in state.legal_actions():
        if a.kind == "attack" and a["seat"] == seat and a["by"] == ATTACKER:
            return a
    raise ValueError("no attack is legal in this state")


def defence_card(state: State, seat: int = 1) -> str:
    return next(c for c in state.data.seats[seat].hand if c.startswith("scn-defence-"))


def drive_attack(state: State, attack_die: int | None, response: str = "block_card",
                 defence_die: int | None = None) -> State:
    """Declare the attack, then roll / decide / roll. ``response``: block_card, block, or dodge."""
    s = state.apply(attack_action(state))
    target = s.data.combat.target
    for _ in range(3):
        head = s.data.tasks[0].kind if s.data.tasks else ""
        if head == "roll_attack" and attack_die is not None:
            s = s.apply(act(GAME_ID, "roll", CHANCE, die=attack_die))
        elif head == "defend":
            if response == "dodge":
                s = s.apply(act(GAME_ID, "dodge", target))
            else:
                card = defence_card(s, target) if response == "block_card" else ""
                s = s.apply(act(GAME_ID, "block", target, card=card))
        elif head == "roll_defence" and defence_die is not None:
            s = s.apply(act(GAME_ID, "roll", CHANCE, die=defence_die))
        else:
            break
    return s


def sample_attack(state: State, rng, response: str = "block_card") -> State:
    """One attack from ``combat_ready``: the defender answers with ``response`` (block_card, block or dodge)
    and both dice are drawn from the engine's own chance nodes with ``explorer.sample_chance``."""
    from explorer import sample_chance

    s = state.apply(attack_action(state))
    target = s.data.combat.target
    while s.data.combat is not None:
        if s.current_player == CHANCE:
            s = s.apply(sample_chance(s.chance_outcomes(), rng))
        elif response == "dodge":
            s = s.apply(act(GAME_ID, "dodge", target))
        else:
            s = s.apply(act(GAME_ID, "block", target, card=defence_card(s, target) if response == "block_card" else ""))
    return s


def setup_steps(self_chars: Sequence[str], summons: Sequence[Sequence[str]], hands: Sequence[Sequence[str]],
                dealer: int = 0, extra_special: str = "", extra_normals: Sequence[str] = ()) -> list[tuple]:
    """The chance outcomes and choices of a whole 永恒之息 setup (§1.1), seat by seat (a lesson's ``["setup", ...]``).

    ``self_chars[p]`` is seat p's self character; ``summons[p]`` its two summons, the first put face up
    by the ritual; ``hands[p]`` its 4 starting cards. The draft offers the self characters plus
    ``extra_special`` (players+1 specials) and the summons plus ``extra_normals`` (3×players−2 normals).
    """
    n = len(self_chars)
    order = [(dealer + k) % n for k in range(n)]
    offered_specials = [*self_chars, *([extra_special] if extra_special else [])]
    offered_normals = [c for pair in summons for c in pair] + list(extra_normals)
    out: list[tuple] = [("dealer", {"seat": dealer})]
    out += [("reveal", {"card": c}) for c in offered_specials]
    out += [("pick", {"card": self_chars[p]}) for p in order]
    out += [("reveal", {"card": c}) for c in offered_normals]
    out += [("pick", {"card": summons[p][0]}) for p in reversed(order)]   # snake: last → dealer
    out += [("pick", {"card": summons[p][1]}) for p in order]             # then dealer → last
    out += [("ritual", {"summon": summons[p][0]}) for p in order]
    out += [("draw", {"card": c}) for p in order for c in hands[p]]
    return out
