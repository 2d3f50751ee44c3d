"""§3.2 攻击事件: the damage distribution of one attack, against hand calculations and an independent oracle."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from probability.dist import mean
from probability.eternal_breath import (
    BEST,
    BLOCK,
    CANCELLED,
    DODGE,
    EITHER,
    RESPONSES,
    best_response_table,
    damage,
    damage_given_die,
)

FACES = range(1, 7)


def oracle(attack_points, base_defence, defence_points, response):
    """The seed's §3.2 text, written again here without the engine (an independent derivation).

    总攻击力 = 攻击力(die) + 攻击点; block: 总防御力 = 基础防御 + 防御力(die) + 防御点; dodge: cancelled when
    闪避力 > 攻击力, else 总防御力 = 0; 最终伤害 = floor(总攻击力 − 总防御力), at least 1.
    "best": per attacker's die, the response with the lower expected damage (ties: block).
    """
    def hit(a, r, how):
        if how == DODGE:
            return 0 if r > a else max(1, math.floor(a + attack_points))
        return max(1, math.floor(a + attack_points - (base_defence + r + defence_points)))

    out: dict[int, Fraction] = {}
    for a in FACES:
        how = response
        if response == BEST:
            how = DODGE if sum(hit(a, r, DODGE) for r in FACES) < sum(hit(a, r, BLOCK) for r in FACES) else BLOCK
        for r in FACES:
            h = hit(a, r, how)
            out[h] = out.get(h, Fraction(0)) + Fraction(1, 36)
    return out


GRID = list(itertools.product(range(0, 9), range(0, 5), range(0, 5), RESPONSES))


@pytest.mark.parametrize(("attack", "base", "card", "response"), GRID)
def test_sums_to_exactly_one_and_matches_the_oracle(attack, base, card, response):
    d = damage(attack, base, card, response)
    assert sum(d.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in d.values())
    assert d == oracle(attack, base, card, response)


def test_block_hand_calculation_3_vs_2_plus_1():
    # x = 3 − 2 − 1 = 0, damage = max(1, A − R). P(A − R = t) = (6 − |t|)/36.
    # P(1) = P(A − R ≤ 1) = (36 − (4 + 3 + 2 + 1))/36 = 26/36 = 13/18; P(k) = (6 − k)/36 for k = 2..5.
    assert damage(3, 2, 1) == {1: Fraction(13, 18), 2: Fraction(4, 36), 3: Fraction(3, 36),
                               4: Fraction(2, 36), 5: Fraction(1, 36)}
    assert mean(damage(3, 2, 1)) == Fraction(26 + 8 + 9 + 8 + 5, 36)  # 56/36 = 14/9


def test_dodge_hand_calculation():
    # the dodge cancels when R > A: Σ_a (6 − a)/36 = 15/36; else damage A + 3 (defence counts as 0,
    # even with base defence 2): face a fails on a of the defender's 6 faces, so P(a + 3) = a/36.
    expected = {CANCELLED: Fraction(15, 36), **{a + 3: Fraction(a, 36) for a in FACES}}
    assert damage(3, 2, 1, DODGE) == expected


def test_fractional_points_are_floored():
    # 4½ attack points vs a bare block with base defence 0: damage = floor(A + 4.5 − R), at least 1.
    d = damage(Fraction(9, 2), 0, 0, BLOCK)
    assert d == oracle(Fraction(9, 2), 0, 0, BLOCK)
    assert all(isinstance(h, int) for h in d)


def test_best_response_table_by_hand_for_die_1():
    # attacker's die 1, 3 points, vs base 2 + card 1: block gives max(1, 1 + 3 − 3 − R) = 1 always;
    # dodge fails only on R = 1 (1 of 6) for 1 + 3 = 4 damage: 4/6 = 2/3, better by 1/3.
    row = best_response_table(3, 2, 1)[0]
    assert row == {"attack_die": 1, "block": 1, "dodge": Fraction(2, 3), "dodge_succeeds": Fraction(5, 6),
                   "better": DODGE, "by": Fraction(1, 3)}


@pytest.mark.parametrize(("attack", "base", "card"), [(3, 2, 1), (0, 0, 0), (6, 1, 0), (2, 4, 3), (8, 0, 2)])
def test_best_is_the_per_die_minimum(attack, base, card):
    table = best_response_table(attack, base, card)
    assert mean(damage(attack, base, card, BEST)) == sum(min(r["block"], r["dodge"]) for r in table) / 6
    assert mean(damage(attack, base, card, BEST)) <= min(mean(damage(attack, base, card, r)) for r in (BLOCK, DODGE))
    for row in table:
        block = damage_given_die(row["attack_die"], attack, base, card, BLOCK)
        assert row["block"] == mean(block)
        assert row["dodge_succeeds"] == Fraction(6 - row["attack_die"], 6)  # R > a on 6 − a faces
        assert row["by"] == abs(row["block"] - row["dodge"])
        assert (row["better"] == EITHER) == (row["by"] == 0)


def test_bad_inputs_are_refused():
    with pytest.raises(TypeError):
        damage(3.0)
    with pytest.raises(TypeError):
        damage(True)
    with pytest.raises(ValueError):
        damage(3, response="parry")
    with pytest.raises(ValueError):
        damage_given_die(7, 3)
    with pytest.raises(ValueError):
        damage_given_die(1, 3, response=BEST)
    with pytest.raises((ValueError, KeyError)):
        damage(3, no_such_switch=True)


points = st.one_of(st.integers(-4, 12), st.fractions(min_value=-4, max_value=12, max_denominator=4))


@settings(max_examples=80, deadline=None)
@given(points, points, points, st.sampled_from(RESPONSES))
def test_any_points_give_an_exact_distribution(attack, base, card, response):
    d = damage(attack, base, card, response)
    assert sum(d.values()) == 1 and all(h >= 0 for h in d)
    assert d == oracle(attack, base, card, response)
    if response == BLOCK:
        assert CANCELLED not in d            # a block always deals at least 1
    if response == DODGE:
        assert d[CANCELLED] == Fraction(5, 12)  # P(R > A), whatever the points


def test_module_doctests():
    import doctest

    import probability.eternal_breath as facade

    assert doctest.testmod(facade).failed == 0
