"""The exact best chance of a goal within a hero's next turns, searched on the engine itself (卡驱MOBA).

The game tree is the engine's: ``GAME.legal_actions`` / ``GAME.apply`` / ``GAME.chance_outcomes`` on the raw
state data, so every rule (costs, stamina, skill sequences, shields, statuses, poison at the start phase,
death) is the engine's own. The value is an expectimax: the hero picks the play with the best chance, every
draw (the two of the draw phase, and those a card orders) is enumerated exactly (whole-number weights, one
division per draw), and positions are memoised on what can still change the chance: two orders of the same cards
are one position when they leave the same progress towards each skill sequence (``_progress``).
Bounded by three choices, each stated to the reader of a figure:

- **Aim (瞄准)**: a card or skill aimed at a hero is aimed at the chosen enemy; of the cells or directions a
  card or skill may take, only the one that ends nearest that enemy is tried; moves are tried only to step
  towards it while out of reach. So the figure is exact for these plays (a lower bound if a detour were better).
- **Other seats**: every other hero ends its action phase at once (a target dummy). Their draws are not
  enumerated: unseen by the hero and never played, they leave the chance of the hero's own next cards
  unchanged (exchangeability) while the deck does not run out; the engine records them as "nothing drawn".
- **Turns**: the hero's current turn counts as the first; the goal must be met before the hero ends turn n.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from explorer import CHANCE, TERMINAL, Emitter, Weighted
from explorer.games.card_moba import grid
from explorer.games.card_moba.flow import A
from explorer.games.card_moba.game import GAME
from explorer.games.card_moba.records import Moba
from probability.card_moba.bound import hp_loss_bound, tails

Goal = Callable[[Moba, list], bool]  # (data after a step, that step's events) -> goal met?
Reach = Callable[[Moba], bool]  # (data in the hero's action phase) -> the goal is out of reach in it?
MAX_TURNS = 3


def step(d: Moba, action) -> tuple[Moba, list]:
    """One engine step on raw data: the new data and its events."""
    emit = Emitter("card_moba", 0)
    return GAME.apply(d, action, emit), emit.events


def _distance(d: Moba, a: int, b: int) -> int:
    pa, pb = d.heroes[a].pos, d.heroes[b].pos
    if pa is None or pb is None:
        return 10**6
    return grid.distance(pa, pb, d.rules.adjacency)


def _aimed(d: Moba, hero: int, enemy: int) -> list:
    """The hero's legal actions, bounded by the aim rule (see the module docstring)."""
    groups: dict[tuple, list] = {}
    for a in GAME.legal_actions(d):
        if a.kind == "move":
            if _distance(d, hero, enemy) > 1:
                groups.setdefault(("move",), []).append(a)
            continue
        if "target" in a.args and a["target"] != enemy:
            continue
        what = a.get("card") or a.get("skill")
        groups.setdefault((a.kind, what), []).append(a)
    out = []
    for group in groups.values():
        if len(group) == 1:
            out.append(group[0])
            continue
        out.append(min(group, key=lambda a: _landing(d, a, hero, enemy)))
    return out


def _landing(d: Moba, a, hero: int, enemy: int) -> tuple:
    after, _ = step(d, a)
    t = after.heroes[enemy]
    return (t.alive, t.hp, _distance(after, hero, enemy), repr(a.args))


def _progress(h) -> tuple:
    """What of the cards played this action phase can still count towards a skill (``bound.tails``;
    ``grant_skills`` reads ``played`` and ``spent`` for nothing else). Two orders of the same cards that leave the
    same tails are one position."""
    if not h.played:
        return ()
    return tails(h.hero, h.played, h.spent)


def _hero_key(h) -> tuple:
    return (h.hp, h.shield, h.stamina, h.steps, h.attacks, h.statuses, h.marks, _progress(h), h.uses, h.hand,
            h.crit, h.alive, h.pos, h.last_hit)


def _key(d: Moba) -> tuple:
    """The position without what cannot change the chance: action counts, scores and the round number."""
    return (d.phase, d.seat, d.draws, d.deck, d.discard, d.turn_index, tuple(_hero_key(h) for h in d.heroes))


ORDER = {"attack": 0, "skill": 1, "play": 2, "move": 3, "end": 4}  # likely kills first: a 1 ends the search


class Search:
    """Expectimax for ``hero`` towards ``goal`` over its next ``turns`` turns; memoised per position."""

    def __init__(self, hero: int, enemy: int, goal: Goal, turns: int, out_of_reach: Reach | None = None):
        """``out_of_reach(d)``: True where the goal cannot be met in the hero's action phase now (a proven bound,
        ``bound``); asked only in the hero's last turn, where that makes the position's value 0 unsearched."""
        if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= MAX_TURNS:
            raise ValueError(f"turns must be 1 to {MAX_TURNS}, not {turns!r}")
        self.hero, self.enemy, self.goal, self.turns = hero, enemy, goal, turns
        self.out_of_reach = out_of_reach
        self.memo: dict = {}
        self.nodes = 0

    def best(self, d: Moba) -> Fraction:
        """The chance from ``d`` (the hero's turn, or a draw), the current turn counting as the first."""
        return Fraction(self.value(d, self.turns))

    def value(self, d: Moba, left: int) -> Fraction | int:
        """The chance from ``d`` with ``left`` of the hero's turns: 0, 1 or a Fraction (whole numbers inside the
        search: a draw's chance is summed over its cards' counts and divided once, by the pile's size)."""
        key = (_key(d), left)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self._value(d, left)
        return got

    def _after(self, d: Moba, action, left: int) -> Fraction | int:
        if action.kind == "end" and d.seat == self.hero and left == 1:
            return 0  # the hero's last turn ends without the goal
        after, events = step(d, action)
        if self.goal(after, events):
            return 1
        if action.kind == "end" and d.seat == self.hero:
            left -= 1
            if not left:
                return 0
        return self.value(after, left)

    def _value(self, d: Moba, left: int) -> Fraction | int:
        self.nodes += 1
        who = GAME.current_player(d)
        if who == TERMINAL:
            return 0
        if who == CHANCE:
            if d.draws[0] != self.hero:
                return self._after(d, A("draw", CHANCE, card=None), left)
            return self._draw(d, left)
        if who != self.hero:
            return self._after(d, A("end", who), left)
        if left == 1 and self.out_of_reach is not None and self.out_of_reach(d):
            return 0
        best = 0
        for a in sorted(_aimed(d, self.hero, self.enemy), key=lambda a: ORDER[a.kind]):
            v = self._after(d, a, left)
            if v > best:
                best = v
                if best == 1:
                    break
        return best

    def _draw(self, d: Moba, left: int) -> Fraction | int:
        """A draw of the hero's: each card weighted by its count in the pile, one division at the end."""
        outcomes = GAME.chance_outcomes(d)
        if not isinstance(outcomes, Weighted):
            return sum((p * self._after(d, a, left) for a, p in outcomes), Fraction(0))
        whole = 0
        for a, weight in zip(outcomes.outcomes, outcomes.weights, strict=True):
            v = self._after(d, a, left)
            if v:
                whole += weight * v
        return Fraction(whole, outcomes.total) if 0 < whole < outcomes.total else whole // outcomes.total


def dead(seat: int) -> Goal:
    """The goal "the hero in ``seat`` is dead" (MB-hero-death: HP not above 0)."""
    return lambda d, events: not d.heroes[seat].alive


def too_far(seat: int, hero: int) -> Reach:
    """For the goal ``dead(seat)``: the most HP ``seat`` can still lose in ``hero``'s action phase now
    (``bound.hp_loss_bound``) is below its HP."""
    def out_of_reach(d: Moba) -> bool:
        most = hp_loss_bound(d, hero, seat)
        return most is not None and most < d.heroes[seat].hp
    return out_of_reach


def used_skill(seat: int, skill: str) -> Goal:
    """The goal "``seat`` has used (any alternative of) ``skill``" (MB-hero-skill-alternatives)."""
    return lambda d, events: any(e.kind == "skill" and e.actor == seat and dict(e.numbers)["skill"].split("#")[0]
                                 == skill for e in events)
