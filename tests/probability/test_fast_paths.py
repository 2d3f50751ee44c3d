"""Issue 19: the faster odds (half points as exact binary floats, integer weights in ``combine``, the 2d判定
in closed form; a block's totals worked out once per die, issue 31) give exactly what the slow, obvious
derivation gives."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.games.eternal_breath import combat
from probability.dist import combine
from probability.eternal_breath import damage, judgment
from probability.eternal_breath.attack import _binary

POINTS = [Fraction(n, 4) for n in range(-6, 15, 3)] + [Fraction(1, 3), Fraction(5, 6), 0, 2]


def brute_damage(a, b, c, response):
    """§3.2 攻击事件 over the 36 pairs of dice, all in Fractions, straight from the engine's rule."""
    out: dict[int, Fraction] = {}
    for attack_die, defence_die in itertools.product(combat.DIE_FACES, repeat=2):
        hurt = combat.resolve_attack(attack_die, defence_die, Fraction(a), response, Fraction(b), Fraction(c))
        hurt = 0 if hurt is None else hurt
        out[hurt] = out.get(hurt, Fraction(0)) + Fraction(1, 36)
    return dict(sorted(out.items()))


@pytest.mark.parametrize("response", ["block", "dodge"])
def test_damage_with_half_and_quarter_points_equals_the_fraction_enumeration(response):
    for a, b, c in itertools.product(POINTS, POINTS[::2], POINTS[::3]):
        got = damage(a, b, c, response=response)
        assert got == brute_damage(a, b, c, response) and list(got) == sorted(got), (a, b, c)
        assert all(type(k) is int for k in got) and all(type(p) is Fraction for p in got.values())


def test_only_exact_binary_values_become_floats():
    assert _binary(Fraction(7, 2), 3, Fraction(-1, 4)) == (3.5, 3, -0.25)
    assert [type(v) for v in _binary(Fraction(7, 2), 3, Fraction(1, 4))] == [float, int, float]
    third = (Fraction(7, 2), Fraction(1, 3), 0)  # one value not exact in binary: none becomes a float
    assert _binary(*third) == third and [type(v) for v in _binary(*third)] == [Fraction, Fraction, int]
    big = Fraction(2**60 + 1, 2)  # a float would round it: it stays a Fraction
    assert type(_binary(big, 0, 0)[0]) is Fraction and damage(big, 0, 0) == brute_damage(big, 0, 0, "block")


def test_two_dice_judgment_equals_counting_the_36_pairs():
    pairs = list(itertools.product(range(1, 7), repeat=2))
    assert judgment(2) == {s: Fraction(sum(1 for x, y in pairs if x + y == s), 36) for s in range(2, 13)}
    assert judgment(1) == {f: Fraction(1, 6) for f in range(1, 7)} and list(judgment(2)) == list(range(2, 13))


dists = st.dictionaries(st.integers(-5, 5), st.integers(1, 9), min_size=1, max_size=5).map(
    lambda w: {k: Fraction(n, sum(w.values())) for k, n in w.items()})


@settings(max_examples=60, deadline=None)
@given(dists, dists)
def test_combine_on_integer_weights_equals_multiplying_fractions(a, b):
    naive: dict[int, Fraction] = {}
    for (x, p), (y, q) in itertools.product(a.items(), b.items()):
        naive[x * 3 + y] = naive.get(x * 3 + y, Fraction(0)) + p * q
    got = combine(a, b, lambda x, y: x * 3 + y)
    assert got == {k: v for k, v in naive.items() if v} and sum(got.values()) == 1
