"""Attacks over turns: turns_to_kill and the duel, each against an independent derivation."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from probability.dist import at_least, from_counts, total
from probability.eternal_breath import BEST, BLOCK, DODGE, STANDING, Fighter, attack_on, damage, duel, turns_to_kill

HALF = Fraction(1, 2)


def by_sums(hp, per_attack, max_turns):
    """Independent: the n-th attack kills exactly when S_n ≥ hp > S_(n−1) (S = sum of n damages)."""
    out, fallen_before = {}, Fraction(0)
    for n in range(1, max_turns + 1):
        fallen = at_least(total([per_attack] * n), hp)
        if fallen - fallen_before:
            out[n] = fallen - fallen_before
        fallen_before = fallen
    if 1 - fallen_before:
        out[STANDING] = 1 - fallen_before
    return out


def test_certain_damage_by_hand():
    assert turns_to_kill(5, {1: Fraction(1)}, 10) == {5: 1}
    assert turns_to_kill(5, {1: Fraction(1)}, 3) == {STANDING: 1}  # still standing, not dropped
    assert turns_to_kill(5, {2: Fraction(1)}, 10) == {3: 1}          # 2 + 2 + 2 ≥ 5


def test_geometric_by_hand():
    # each attack is dodged (0) or deals 5 with probability ½: hp 5 falls on turn n with (½)^n
    t = turns_to_kill(5, {0: HALF, 5: HALF}, 6)
    assert t == {**{n: HALF ** n for n in range(1, 7)}, STANDING: HALF ** 6}


@pytest.mark.parametrize(("hp", "args"), [(20, (3, 2, 1, BLOCK)), (12, (3, 2, 1, DODGE)), (9, (2, 0, 0, BEST)),
                                          (7, (5, 1, 3, BLOCK)), (1, (0, 5, 5, BLOCK))])
def test_turns_to_kill_equals_the_sums_and_sums_to_one(hp, args):
    per = damage(*args)
    for max_turns in (0, 1, 3, 8):
        t = turns_to_kill(hp, per, max_turns)
        assert t == by_sums(hp, per, max_turns)
        assert sum(t.values()) == 1


def test_benchmark_question_sums_to_one():
    t = turns_to_kill(20, damage(3, 2, 1), 40)
    assert sum(t.values()) == 1 and STANDING not in t  # every block deals ≥ 1, so 20 attacks always kill
    assert min(t) == 4  # the most one attack deals is 5 (A = 6, R = 1), so 4 attacks at the earliest


damages = st.dictionaries(st.integers(0, 6), st.integers(1, 5), min_size=1, max_size=4).map(from_counts)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), damages, st.integers(0, 8))
def test_turns_to_kill_property(hp, per, max_turns):
    t = turns_to_kill(hp, per, max_turns)
    assert sum(t.values()) == 1
    assert t == by_sums(hp, per, max_turns)


def test_turns_to_kill_refuses_bad_input():
    for bad in ((0, {1: Fraction(1)}, 3), (5, {1: Fraction(1, 2)}, 3), (5, {-1: Fraction(1)}, 3),
                (5, {1: Fraction(1)}, -1), (5, {1: 1.0}, 3)):
        with pytest.raises(ValueError):
            turns_to_kill(*bad)


def duel_by_recursion(a, b, rounds, first="a"):
    """Independent: a memoised recursion on (hp_a, hp_b, rounds left, who attacks) with Fractions."""
    hits = {"a": attack_on(b, a), "b": attack_on(a, b)}  # damage dealt TO a / TO b
    order = ("b", "a") if first == "a" else ("a", "b")

    @cache
    def go(hp_a, hp_b, left, step):
        if left == 0:
            return (Fraction(0), Fraction(0))
        target = order[step]
        nxt_left, nxt_step = (left - 1, 0) if step == 1 else (left, 1)
        pa = pb = Fraction(0)
        for hurt, p in hits[target].items():
            ha, hb = (hp_a - hurt, hp_b) if target == "a" else (hp_a, hp_b - hurt)
            if min(ha, hb) <= 0:
                pa, pb = (pa + p, pb) if target == "a" else (pa, pb + p)
            else:
                fa, fb = go(ha, hb, nxt_left, nxt_step)
                pa, pb = pa + p * fa, pb + p * fb
        return (pa, pb)

    return go(a.hp, b.hp, rounds, 0)


@pytest.mark.parametrize(("a", "b", "rounds", "first"), [
    (Fighter(8, 3, 2, 1), Fighter(8, 3, 2, 1, BEST), 6, "a"),
    (Fighter(6, 2, 0, 0, DODGE), Fighter(9, 1, 1, 2), 10, "b"),
    (Fighter(5, 4, 1, 0), Fighter(5, 4, 1, 0), 3, "a"),
])
def test_duel_equals_recursion_and_sums_to_one(a, b, rounds, first):
    r = duel(a, b, rounds, first)
    assert (r.a_falls, r.b_falls) == duel_by_recursion(a, b, rounds, first)
    assert r.a_falls + r.b_falls + r.standing == 1
    assert sum(x for _, x, _ in r.by_round) == r.a_falls and sum(y for _, _, y in r.by_round) == r.b_falls


def test_duel_by_hand():
    # 1 HP each, blocking: every attack deals ≥ 1, so whoever attacks first wins in round 1
    one = Fighter(1, 0)
    assert duel(one, one, 5, "a").b_falls == 1
    assert duel(one, one, 5, "b").a_falls == 1
    # 1 HP each, both dodge: each attack kills with 7/12. a first: b falls in round 1 with 7/12,
    # then a with 5/12·7/12; standing after 1 round: (5/12)².
    dodger = Fighter(1, 0, response=DODGE)
    r = duel(dodger, dodger, 1)
    assert (r.b_falls, r.a_falls, r.standing) == (Fraction(7, 12), Fraction(35, 144), Fraction(25, 144))
    assert duel(dodger, dodger, 0).standing == 1


def test_fighter_refuses_bad_values():
    for bad in (dict(hp=0, attack_points=1), dict(hp=3, attack_points=1.5), dict(hp=3, attack_points=1, response="x")):
        with pytest.raises((ValueError, TypeError)):
            Fighter(**bad)
    with pytest.raises(ValueError):
        duel(Fighter(3, 1), Fighter(3, 1), 2, first="c")
