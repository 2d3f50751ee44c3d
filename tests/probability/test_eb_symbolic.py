"""Closed forms (sympy) against the enumeration, at every integer point of a range."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp

from probability.dist import at_least, mean
from probability.eternal_breath import BLOCK, CANCELLED, DODGE, damage
from probability.eternal_breath import symbolic as sym

DIFFERENCES = range(-12, 13)  # point difference x = attack − base defence − defence points
THRESHOLDS = range(-2, 19)


def _q(expr) -> Fraction:
    value = sp.nsimplify(expr)
    assert value.is_Rational, expr
    return Fraction(int(value.p), int(value.q))


def test_tail_of_the_difference_of_two_dice_by_counting():
    # P(A − R ≥ m) counted over the 36 pairs, independently of the Piecewise
    for mv in range(-7, 8):
        count = sum(1 for a in range(1, 7) for r in range(1, 7) if a - r >= mv)
        assert _q(sym.tail_of_difference().subs(sym.m, mv)) == Fraction(count, 36)


def test_dodge_succeeds_is_five_twelfths_and_matches_enumeration():
    # 15 of the 36 pairs have R > A (the 6·5/2 pairs above the diagonal)
    assert sym.dodge_succeeds() == sp.Rational(5, 12)
    for attack in range(0, 10):
        assert damage(attack, 2, 1, DODGE)[CANCELLED] == Fraction(5, 12)


@pytest.mark.parametrize("x", DIFFERENCES)
def test_block_at_least_equals_enumeration(x):
    for base, card in ((0, 0), (2, 1), (3, 4)):
        d = damage(x + base + card, base, card, BLOCK)
        for k in THRESHOLDS:
            assert _q(sym.block_at_least().subs({sym.x: x, sym.k: k})) == at_least(d, k), (x, k)
        assert _q(sym.block_expected().subs(sym.x, x)) == mean(d)


@pytest.mark.parametrize("p", range(-8, 13))
def test_dodge_forms_equal_enumeration(p):
    d = damage(p, 2, 1, DODGE)
    for k in THRESHOLDS:
        assert _q(sym.dodge_at_least().subs({sym.p: p, sym.k: k})) == at_least(d, k), (p, k)
    assert _q(sym.dodge_expected().subs(sym.p, p)) == mean(d)


def test_expected_damage_hand_values():
    # block, x ≥ 6: every pair deals T + x ≥ 1, and E[T] = 0, so E = x
    assert sym.block_expected().subs(sym.x, 7) == 7
    # dodge with p ≥ 0: Σ_a (a/36)(a + p) = (91 + 21p)/36
    assert sp.simplify(sym.dodge_expected().subs(sym.p, 3) - sp.Rational(91 + 63, 36)) == 0


def test_latex_forms_render():
    forms = sym.latex_forms()
    assert len(forms) == 8 and all(isinstance(v, str) and v for v in forms.values())


@pytest.mark.parametrize("p", range(-8, 13))
def test_block_without_card_zero_forms_equal_enumeration(p):
    pytest.importorskip("explorer.games.eternal_breath.scenarios")  # the engine (its register) is needed
    d = damage(p, 3, 0, BLOCK, block_without_card="zero")
    for k in THRESHOLDS:
        assert _q(sym.no_card_zero_at_least().subs({sym.p: p, sym.k: k})) == at_least(d, k), (p, k)
    assert _q(sym.no_card_zero_expected().subs(sym.p, p)) == mean(d)
    if p >= 0:  # every face deals a + p: E = 7/2 + p
        assert mean(d) == Fraction(7, 2) + p
