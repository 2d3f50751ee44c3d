"""Chance as whole-number weights (explorer.chance): the same exact probabilities and the very same draws as the
(outcome, Fraction) pairs, so a seeded game is the same game whichever form a game's chance node takes."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from explorer import Bag, Draws, Weighted, sample_chance


def _weight_lists():
    rng = random.Random(16)
    lists = [(1,), (1, 1), (2, 4), (3, 6, 9), (1,) * 6, (5, 10, 20, 40), (7, 7, 14), (12, 18, 30)]
    lists += [tuple(rng.randint(1, 60) for _ in range(rng.randint(1, 12))) for _ in range(40)]
    return lists


@pytest.mark.parametrize("weights", _weight_lists())
def test_weighted_reads_as_the_exact_pairs(weights):
    total = sum(weights)
    w = Weighted(tuple(range(len(weights))), weights)
    assert tuple(w) == tuple((i, Fraction(k, total)) for i, k in enumerate(weights))
    assert sum(p for _, p in w) == 1
    assert len(w) == len(weights) and w[0] == (0, Fraction(weights[0], total))


@pytest.mark.parametrize("weights", _weight_lists())
def test_weighted_draws_the_same_outcome_as_the_fractions_for_every_seed(weights):
    """The ticket over the least common denominator of the reduced fractions, not over the total: the same
    outcome and the random stream left in the same place (the next number drawn agrees too)."""
    total = sum(weights)
    pairs = tuple((i, Fraction(k, total)) for i, k in enumerate(weights))
    w = Weighted(tuple(range(len(weights))), weights)
    for seed in range(60):
        a, b = random.Random(seed), random.Random(seed)
        assert sample_chance(w, a) == sample_chance(pairs, b)
        assert a.random() == b.random()


def test_weighted_frequencies_follow_the_weights():
    w = Weighted(("a", "b", "c"), (1, 2, 3))
    rng = random.Random(0)
    n = 6000
    counts = {k: 0 for k in "abc"}
    for _ in range(n):
        counts[sample_chance(w, rng)] += 1
    for k, share in zip("abc", (1, 2, 3), strict=True):
        assert abs(counts[k] / n - share / 6) < 0.03


def test_weighted_refuses_a_mismatch():
    with pytest.raises(ValueError):
        Weighted(("a", "b"), (1,))
    with pytest.raises(ValueError):
        Weighted((), ())


def test_a_bag_keeps_its_order_and_counts_as_it_loses_cards():
    bag = Bag(["c", "a", "b", "a", "c", "c", 3, 1])
    bag.weights()  # its order worked out, so the smaller bags inherit it
    while len(bag):
        items, counts = bag.weights()
        fresh = Bag(dict(zip(items, counts, strict=True)))
        assert items == tuple(fresh.counts()) and counts == tuple(fresh.counts().values())
        assert items == tuple(sorted(set(bag), key=repr))
        bag = bag.remove(items[len(items) // 2])
    assert bag.add("z").weights() == (("z",), (1,))


def test_draws_match_the_bags_own_outcomes():
    made = Draws(lambda c: f"draw {c}")
    bag = Bag({"x": 2, "y": 1, "z": 3})
    w = made(bag)
    assert tuple(w) == tuple((f"draw {c}", p) for c, p in bag.outcomes())
    assert made(bag.remove("y")).outcomes == ("draw x", "draw z")
    assert made(Bag({"z": 1, "x": 5, "y": 2})).outcomes is w.outcomes  # the same items: the same actions, once
