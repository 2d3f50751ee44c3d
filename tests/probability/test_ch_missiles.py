"""飞弹戒指 (CH-equip-missile-ring, CH-A10): the split and who falls, checked by brute force, a closed form
and a seeded Monte-Carlo of the real engine."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import pytest

from explorer import act
from explorer.games.castle_heart.records import Soldier
from probability.castle_heart import fallen_count, falls, group_hps, member_falls, split_dist, wiped_out
from probability.castle_heart.walk import pick, sample, seat, staged, tolerance


@pytest.mark.parametrize("members", [1, 2, 3, 4])
def test_split_is_every_missile_uniform(members):
    """'CH-equip-missile-ring': brute force over the members⁵ equally likely missile paths."""
    paths = Counter(tuple(path.count(m) for m in range(members)) for path in product(range(members), repeat=5))
    assert split_dist(members) == {s: Fraction(n, members**5) for s, n in paths.items()}


@pytest.mark.parametrize("hps", [(4,), (4, 3), (3, 3, 2), (4, 2, 2, 1), (1, 1)])
def test_each_member_falls_binomially(hps):
    """A member's missiles are Binomial(5, 1/n): it falls when they reach its HP."""
    n = len(hps)
    closed = [sum(Fraction(comb(5, k) * (n - 1) ** (5 - k), n**5) for k in range(h, 6)) for h in hps]
    assert member_falls(hps) == closed
    assert sum(falls(hps).values()) == 1
    counts = fallen_count(hps)
    assert sum(k * p for k, p in counts.items()) == sum(closed)  # linearity of expectation


def test_wiped_out_needs_every_member():
    assert wiped_out((3, 3)) == 0  # 6 HP > 5 missiles
    assert wiped_out((1,)) == 1
    assert wiped_out((2, 3)) == Fraction(comb(5, 2), 2**5)


def test_bad_groups_refused():
    with pytest.raises(ValueError):
        falls(())
    with pytest.raises(ValueError):
        split_dist(0)


def test_engine_ring_shots_match():
    """A seeded Monte-Carlo of the engine's own ring: fire at a hero of 4 HP with soldiers of 3 and 2 HP."""
    target = seat("reinforcement", hp=4, soldiers=(Soldier("knight", 3), Soldier("lynx", 2)))
    state = staged([seat("enemy", equipment=("missile_ring",)), target, seat("lord")])
    hps = group_hps(state.data, 1)
    assert hps == (4, 3, 2)
    exact = member_falls(hps)
    rng, n, fell = random.Random(2026), 1500, [0, 0, 0]
    fire = act("castle_heart", "missiles", 0, target=1)
    for _ in range(n):
        after = sample(state.apply(fire), lambda s: s.data.phase == "ring_keep", pick({}), rng)
        t = after.data.seats[1]
        kinds = [x.kind for x in t.soldiers]
        fell[0] += t.hp <= 0
        fell[1] += "knight" not in kinds
        fell[2] += "lynx" not in kinds
    for k in range(3):
        assert abs(fell[k] / n - float(exact[k])) <= tolerance(exact[k], n)
