"""§3.2 攻击事件 (attack event) of 永恒之息: the exact damage distribution of one attack.

Every joint outcome of the attacker's die (攻击力) and the defender's die (防御力 / 闪避力) is resolved by
the engine's own :func:`explorer.games.eternal_breath.combat.resolve_attack` — damage is never
re-implemented here. Outcome ``0`` means the attack was cancelled (抵消) by a successful dodge (闪避).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from itertools import product, repeat, starmap
from typing import Any

from explorer.games.eternal_breath import combat
from probability.dist import Dist
from probability.eternal_breath.switches import (
    BEFORE_DIE,
    BLOCK_WITHOUT_CARD,
    NO_CARD_ZERO,
    RESPONSE_TIMING,
    combat_rules,
)

BLOCK, DODGE, BEST = combat.BLOCK, combat.DODGE, "best"
RESPONSES = (BLOCK, DODGE, BEST)
CANCELLED = 0  # the damage outcome of an attack cancelled by a successful dodge
FACES = combat.DIE_FACES
_PAIRS = tuple(zip(*product(FACES, FACES), strict=True))  # (attacker's dice, defender's dice), 36 pairs
_OF_36 = tuple(Fraction(n, 36) for n in range(37))  # n/36, the chance of n of the 36 pairs
EITHER = "either"  # best_response_table: both responses have the same expected damage


def _number(name: str, value: Any) -> int | Fraction:
    """An exact point value (int or Fraction); floats and bools are refused."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise TypeError(f"{name} must be an int or a Fraction, not {value!r}")
    return value


def _check_response(response: str, allowed: tuple[str, ...] = RESPONSES) -> str:
    if response not in allowed:
        raise ValueError(f"response must be one of {allowed}, not {response!r}")
    return response


def _resolver(rules: Mapping[str, Any]):
    """The engine's rule for one joint outcome of the dice, under the combat switches ``rules``.

    With ``block_without_card = "zero"`` a block without a card (``defence_points == 0``) has total
    defence 0 (the engine then rolls no defence die, so that die changes nothing here).
    """
    if rules.get(BLOCK_WITHOUT_CARD) != NO_CARD_ZERO:
        return combat.resolve_attack

    def resolve(attack_die, defence_die, attack_points, response, base_defence, defence_points):
        if response == BLOCK and defence_points == 0:
            return combat.final_damage(combat.total_attack(attack_die, attack_points), 0)
        return combat.resolve_attack(attack_die, defence_die, attack_points, response, base_defence, defence_points)

    return resolve


def _binary(*values: int | Fraction) -> tuple[int | float | Fraction, ...]:
    """The point values in the fastest form that keeps the engine's arithmetic exact.

    When every value is an int or a Fraction whose denominator is a power of two (half points, quarter
    points) of modest size, the Fractions become floats of exactly the same value: every sum and
    difference of such values and dice is again exact in binary (at most 2^41 units of 2^-10, within a
    float's 53 bits), so the engine's rule floors the very same number, many times faster than with
    Fractions. Otherwise (thirds, …; mixing a Fraction with a float would round) all stay as given."""
    out = []
    for value in values:
        if isinstance(value, Fraction):
            d = value.denominator
            if d & (d - 1) or d > 2**10 or abs(value.numerator) >= 2**30:
                return values
            value = float(value)
        out.append(value)
    return tuple(out)


def _row_counts(attack_die: int, attack_points, base_defence, defence_points, response: str,
                rules: Mapping[str, Any]) -> dict[int, int]:
    """For one attacker's die: how many of the defender's six faces give each damage."""
    resolve = _resolver(rules)
    attack_points, base_defence, defence_points = _binary(attack_points, base_defence, defence_points)
    counts: dict[int, int] = {}
    for defence_die in FACES:
        hurt = resolve(attack_die, defence_die, attack_points, response, base_defence, defence_points)
        hurt = CANCELLED if hurt is None else hurt
        counts[hurt] = counts.get(hurt, 0) + 1
    return counts


def _all_counts(attack_points, base_defence, defence_points, response: str, rules) -> dict[int, int]:
    """How many of the 36 (attacker's die, defender's die) pairs give each damage (the hot loop)."""
    resolve = _resolver(rules)
    attack_points, base_defence, defence_points = _binary(attack_points, base_defence, defence_points)
    if response == BLOCK and resolve is combat.resolve_attack:
        # resolve_attack's block branch, factored over the dice: the engine's total for each attacker's and each
        # defender's die once (12 calls), then the engine's final damage for each of the 36 pairs
        attacks = [combat.total_attack(a, attack_points) for a in FACES]
        defences = [combat.total_defence_block(base_defence, d, defence_points) for d in FACES]
        return Counter(starmap(combat.final_damage, product(attacks, defences)))
    n = len(_PAIRS[0])
    counts = Counter(map(resolve, *_PAIRS, repeat(attack_points, n), repeat(response, n), repeat(base_defence, n),
                         repeat(defence_points, n)))
    if None in counts:  # cancelled by a dodge
        counts[CANCELLED] = counts.get(CANCELLED, 0) + counts.pop(None)
    return counts  # a Counter is a dict of damage → count


def _exact(counts: Mapping[int, int]) -> Dist:
    """Counts of damage outcomes (non-negative ints, non-zero total) → the exact distribution, sorted."""
    total = sum(counts.values())
    if total == len(_PAIRS[0]):  # the 36 pairs of dice: n/36 from a table of constants, not a new Fraction each
        return {hurt: _OF_36[counts[hurt]] for hurt in sorted(counts)}
    return {hurt: Fraction(counts[hurt], total) for hurt in sorted(counts)}


def _row_total(counts: Mapping[int, int]) -> int:
    """Six times the expected damage of a row (an integer, so rows compare exactly)."""
    return sum(h * n for h, n in counts.items())


def _best_rows(attack_points, base_defence, defence_points, rules) -> list[tuple[str, dict[int, int]]]:
    """Per attacker's die, the response the defender takes under "best" and its row of counts.

    The defender sees the attacker's die first (§3.2: 攻击方率先进行1d判定，随后由防御方进行操作), then
    takes the lower expected damage; on a tie they block. With ``response_timing = "before_attack_die"``
    they choose before the die, so one response (the lower expected damage overall) serves every die.
    """
    rows = [(_row_counts(a, attack_points, base_defence, defence_points, BLOCK, rules),
             _row_counts(a, attack_points, base_defence, defence_points, DODGE, rules)) for a in FACES]
    if rules.get(RESPONSE_TIMING) == BEFORE_DIE:
        dodge_wins = sum(map(_row_total, (d for _, d in rows))) < sum(map(_row_total, (b for b, _ in rows)))
        return [(DODGE, d) if dodge_wins else (BLOCK, b) for b, d in rows]
    return [(DODGE, d) if _row_total(d) < _row_total(b) else (BLOCK, b) for b, d in rows]


def damage(attack_points: int | Fraction, base_defence: int | Fraction = 0, defence_points: int | Fraction = 0,
           response: str = BLOCK, **switches: Any) -> Dist:
    """The damage distribution of one attack (0 = cancelled by a dodge), exact.

    ``response``: "block" (格挡, with ``defence_points`` from the defence card, 0 without one), "dodge"
    (闪避), or "best" (the defender sees the attacker's die, then takes the lower expected damage).
    ``switches``: the engine's variant switches (validated by the engine). Two change one attack:
    ``block_without_card`` (EB-A05: "zero" counts total defence 0 when blocking without a card, i.e. with
    ``defence_points == 0``) and ``response_timing`` (EB-A14: "before_attack_die" makes "best" choose
    before seeing the die). The others are accepted and change nothing here.
    """
    attack_points = _number("attack_points", attack_points)
    base_defence = _number("base_defence", base_defence)
    defence_points = _number("defence_points", defence_points)
    _check_response(response)
    rules = combat_rules(switches)
    if response != BEST:
        return _exact(_all_counts(attack_points, base_defence, defence_points, response, rules))
    counts: dict[int, int] = {}
    for _, row in _best_rows(attack_points, base_defence, defence_points, rules):
        for hurt, n in row.items():
            counts[hurt] = counts.get(hurt, 0) + n
    return _exact(counts)


def damage_given_die(attack_die: int, attack_points: int | Fraction, base_defence: int | Fraction = 0,
                     defence_points: int | Fraction = 0, response: str = BLOCK, **switches: Any) -> Dist:
    """The damage distribution once the attacker's die is known (only the defender's die is left)."""
    if attack_die not in FACES:
        raise ValueError(f"attack_die must be one of {FACES}, not {attack_die!r}")
    _check_response(response, (BLOCK, DODGE))
    return _exact(_row_counts(attack_die, _number("attack_points", attack_points),
                                   _number("base_defence", base_defence),
                                   _number("defence_points", defence_points), response, combat_rules(switches)))


def best_response_table(attack_points: int | Fraction, base_defence: int | Fraction = 0,
                        defence_points: int | Fraction = 0, **switches: Any) -> list[dict[str, Any]]:
    """"Dodge or block?": one row per attacker's die with both expected damages and the better choice.

    (Under ``response_timing = "before_attack_die"`` the defender cannot use this table: they choose
    before the die; the table still shows what each die would have called for.)

    Row keys: ``attack_die``, ``block`` and ``dodge`` (expected damage, Fraction), ``dodge_succeeds``
    (P(the dodge cancels the attack)), ``better`` ("block", "dodge" or "either") and ``by`` (how much
    lower the better one's expected damage is; 0 for "either").
    """
    attack_points = _number("attack_points", attack_points)
    base_defence = _number("base_defence", base_defence)
    defence_points = _number("defence_points", defence_points)
    rules = combat_rules(switches)
    rows = []
    for attack_die in FACES:  # six faces of the defender's die: each expectation is a whole number of sixths
        block = _row_counts(attack_die, attack_points, base_defence, defence_points, BLOCK, rules)
        dodge = _row_counts(attack_die, attack_points, base_defence, defence_points, DODGE, rules)
        six_block, six_dodge = _row_total(block), _row_total(dodge)
        e_block, e_dodge = Fraction(six_block, 6), Fraction(six_dodge, 6)
        better = BLOCK if six_block < six_dodge else DODGE if six_dodge < six_block else EITHER
        rows.append({"attack_die": attack_die, "block": e_block, "dodge": e_dodge,
                     "dodge_succeeds": Fraction(dodge.get(CANCELLED, 0), 6), "better": better,
                     "by": Fraction(abs(six_block - six_dodge), 6)})
    return rows
