"""Judgments (判定) with conditions as data, and draw odds (摸取), against brute force."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer import Bag
from probability.eternal_breath import (
    condition_test,
    draw_odds,
    draws_of_kind,
    judgment,
    judgment_chance,
    sample_deck,
)

CASES = [  # condition as data, the same condition as Python (written independently)
    ({"op": "odd"}, lambda v: v % 2 == 1),
    ({"op": "even"}, lambda v: v % 2 == 0),
    ({"op": ">=", "value": 9}, lambda v: v >= 9),
    ({"op": "<", "value": 4}, lambda v: v < 4),
    ({"op": "==", "value": 7}, lambda v: v == 7),
    ({"op": "!=", "value": 7}, lambda v: v != 7),
    ({"op": "at_least", "value": 5}, lambda v: v >= 5),
    ({"op": "equals", "value": 1}, lambda v: v == 1),
    ({"op": "in", "values": [2, 12]}, lambda v: v in (2, 12)),
    ({"op": "between", "low": 3, "high": 5}, lambda v: 3 <= v <= 5),
    ({"op": "not", "condition": {"op": "odd"}}, lambda v: v % 2 == 0),
    ({"op": "all", "conditions": [{"op": "odd"}, {"op": ">", "value": 3}]}, lambda v: v % 2 and v > 3),
    ({"op": "any", "conditions": [{"op": "<=", "value": 2}, {"op": "==", "value": 6}]}, lambda v: v <= 2 or v == 6),
]


@pytest.mark.parametrize(("condition", "python"), CASES)
@pytest.mark.parametrize("dice", [1, 2])
def test_judgment_chance_equals_counting_the_dice(condition, python, dice):
    rolls = list(itertools.product(range(1, 7), repeat=dice))
    assert judgment_chance(condition, dice) == Fraction(sum(1 for r in rolls if python(sum(r))), len(rolls))


def test_judgment_by_hand():
    # odd on 1d: 3/6; 2d ≥ 9: (4 + 3 + 2 + 1)/36 = 10/36; 2d = 1 never happens (the seed's joke skill)
    assert judgment_chance({"op": "odd"}) == Fraction(1, 2)
    assert judgment_chance({"op": ">=", "value": 9}, 2) == Fraction(10, 36)
    assert judgment_chance({"op": "==", "value": 1}, 2) == 0
    assert sum(judgment(2).values()) == 1 and judgment(2)[7] == Fraction(6, 36)


@pytest.mark.parametrize("bad", [None, "odd", {"op": "eval"}, {"op": ">=", "value": "9"}, {"op": ">="},
                                 {"op": "odd", "value": 1}, {"op": "in", "values": "12"},
                                 {"op": "all", "conditions": []}, {"op": ">=", "value": True},
                                 {"op": "not", "condition": {"op": "__import__"}}])
def test_bad_conditions_are_refused(bad):
    with pytest.raises(ValueError):
        condition_test(bad)


def test_bad_dice_are_refused():
    for bad in (0, 3, True):
        with pytest.raises(ValueError):
            judgment(bad)


def by_drawing(counts, kinds, n):
    """Independent: walk every draw sequence through explorer.Bag's own chance outcomes."""
    out: dict[int, Fraction] = {}

    def walk(bag, left, got, p):
        if left == 0:
            out[got] = out.get(got, Fraction(0)) + p
            return
        for card, q in bag.outcomes():
            walk(bag.remove(card), left - 1, got + (card in kinds), p * q)

    walk(Bag(counts), n, 0, Fraction(1))
    return {k: out[k] for k in sorted(out)}


def test_draw_odds_by_hand():
    # 5 attack + 5 defence, 3 draws: P(no attack) = C(5,3)/C(10,3) = 10/120, so P(≥ 1) = 11/12
    assert draw_odds("atk", 1, 3, {"atk": 5, "def": 5}) == Fraction(11, 12)
    # sample deck: 28 attack cards of 84; P(≥1 in 2) = 1 − C(56,2)/C(84,2)
    deck = sample_deck()
    assert sum(deck.values()) == 84
    assert draw_odds("attack", 1, 2) == 1 - Fraction(math.comb(56, 2), math.comb(84, 2))


@settings(max_examples=30, deadline=None)
@given(st.dictionaries(st.sampled_from("abcd"), st.integers(0, 4), min_size=1).filter(lambda d: sum(d.values()) > 0),
       st.sets(st.sampled_from("abcd")), st.integers(0, 4))
def test_draws_of_kind_equals_drawing_card_by_card(counts, kinds, n):
    n = min(n, sum(counts.values()))
    d = draws_of_kind(kinds, n, counts)
    assert sum(d.values()) == 1
    assert d == by_drawing(counts, kinds, n)


def test_reshuffle_when_the_deck_runs_out():
    # deck: 1 a, 1 b; discard: 2 a, 2 b; 4 draws = both deck cards + 2 of the reshuffled discard pile
    d = draws_of_kind("a", 4, {"a": 1, "b": 1}, {"a": 2, "b": 2})
    assert d == {k + 1: p for k, p in by_drawing({"a": 2, "b": 2}, {"a"}, 2).items()}
    with pytest.raises(ValueError):
        draws_of_kind("a", 9, {"a": 1, "b": 1}, {"a": 2, "b": 2})


def test_draw_inputs_are_checked():
    for bad in (dict(deck={"a": -1}), dict(deck={"a": 1.5}), dict(deck="abc")):
        with pytest.raises(ValueError):
            draws_of_kind("a", 1, **bad)
    with pytest.raises(ValueError):
        draws_of_kind("a", -1, {"a": 1})
