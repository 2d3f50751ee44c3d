"""Rescue (CH-death-dying, CH-death-heal-dying, CH-death-revive, CH-A18) from one player's view: the
hypergeometric against brute force over every placement, and a seeded Monte-Carlo of the engine's rescue."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import comb

import pytest

from explorer import act
from explorer.games.castle_heart.content import CONTENT
from probability.castle_heart import heals_in_reach, hypergeometric, rescue_chance, unseen
from probability.castle_heart.walk import pick, sample, seat, staged, tolerance

HEALS = CONTENT.cards["heal"].count


@pytest.mark.parametrize("total,good,drawn", [(6, 2, 3), (7, 3, 7), (5, 0, 2), (8, 5, 4)])
def test_hypergeometric_by_brute_force(total, good, drawn):
    """Every ordering of the cards equally likely: count the first ``drawn``."""
    cards = "g" * good + "b" * (total - good)
    orders = Counter(order[:drawn].count("g") for order in permutations(range(total)) for order in
                     [[cards[i] for i in order]])
    n = sum(orders.values())
    assert hypergeometric(total, good, drawn) == {k: Fraction(v, n) for k, v in sorted(orders.items())}


def table(hands, dying=1, hp=0, deck_heals=3, deck_other=5, held=()):
    """Four seats, seat 0 active; ``hands`` per seat; seat ``dying`` at ``hp``; the rest of the 愈 thrown away."""
    seats = [seat(("lord", "enemy", "enemy", "reinforcement")[i], hand=hands[i], held=i in held,
                  hp=hp if i == dying else None) for i in range(4)]
    in_hands = sum(h.count("heal") for h in hands)
    state = staged(seats)
    d = state.data
    deck = d.deck.__class__({"heal": deck_heals, "sword": deck_other})
    thrown = HEALS - in_hands - deck_heals
    data = d.__class__(**{**{k: getattr(d, k) for k in d.__slots__}, "deck": deck,
                          "discard": d.discard.__class__({"heal": thrown})})
    return state.__class__(state.game, state.players, state.variant, data)


def test_view_counts_the_unseen():
    s = table([("heal", "sword"), ("sword",), ("heal", "sword", "sword"), ()])
    assert unseen(s.view(0), "heal") == (5 + 3 + 1 + 3, 1 + 3)  # deck + three hidden hands; 愈 not seen
    assert unseen(s.view(0), "heal", public=True) == (5 + 3 + 2 + 1 + 3, 2 + 3)


def test_own_heals_count_and_a_known_need():
    s = table([("heal",), ("sword",), ("sword",), ()], hp=0)
    assert rescue_chance(s.view(0), 1) == 1  # one 愈 in my own hand is enough
    pub = rescue_chance(s.view(0), 1, public=True)
    total, good = unseen(s.view(0), "heal", public=True)
    assert pub == 1 - Fraction(comb(total - good, 3), comb(total, 3))  # no 愈 among the 3 hidden hand cards


def test_held_heroes_cannot_help():
    s = table([(), ("sword",), ("sword", "sword"), ()], hp=0, held=(2,))
    assert heals_in_reach(s.view(0)) == {k: p for k, p in hypergeometric(*unseen(s.view(0), "heal"), 1).items()}


def test_not_dying_or_dead():
    s = table([(), (), (), ()], hp=3)
    assert rescue_chance(s.view(0), 1) == 1


def test_engine_monte_carlo_of_rescues():
    """Deal the unseen cards at random (seeded), let everyone give 愈 in the engine, count revivals."""
    rng, n, saved = random.Random(7), 400, 0
    pool = ["heal"] * 4 + ["sword"] * 8  # the unseen cards: 3 hidden hands of 2, 1 and 1, a deck of 8
    mine = ("sword",)
    exact = None
    for _ in range(n):
        rng.shuffle(pool)
        hands = [mine, tuple(pool[:2]), (pool[2],), (pool[3],)]
        s = table(hands, dying=1, hp=-1, deck_heals=pool[4:].count("heal"), deck_other=pool[4:].count("sword"))
        if exact is None:
            exact = rescue_chance(s.view(0), 1)
        assert rescue_chance(s.view(0), 1) == exact  # the view is the same whatever the deal
        s = s.apply(act("castle_heart", "end_play", 0))
        end = sample(s, lambda st: st.data.seats[1].hp > 0 or not st.data.seats[1].alive,
                     pick({"rescue": True}), rng)
        saved += end.data.seats[1].hp > 0
    assert exact == at_least_two(12, 4, 4)
    assert abs(saved / n - float(exact)) <= tolerance(exact, n)


def at_least_two(total, good, drawn):
    return 1 - sum(Fraction(comb(good, k) * comb(total - good, drawn - k), comb(total, drawn)) for k in (0, 1))
