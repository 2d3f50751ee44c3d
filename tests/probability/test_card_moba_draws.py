"""card_moba draw odds against brute-force enumeration of every hand, icepool's Deck, and the engine's deck."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import icepool
import pytest

from explorer.games.card_moba.content import sample
from probability.card_moba import draw_odds, draw_odds_in, standard
from tests.card_moba.helpers import data, hero, table


def _cards(deck: dict) -> list[str]:
    return [c for c, n in sorted(deck.items()) for _ in range(n)]


def _meets(cards, need) -> bool:
    types = sample().cards
    return all(sum(1 for c in cards if c == k or types[c]["type"] == k) >= n for k, n in need.items())


def _brute(need, draws, hand=(), deck=None) -> Fraction:
    """Every draws-card subset of the deck's cards (as distinct objects), counted."""
    pool = _cards(deck if deck is not None else standard())
    if deck is None:
        for c in hand:
            pool.remove(c)
    good = sum(1 for pick in itertools.combinations(pool, draws) if _meets([*hand, *pick], need))
    return Fraction(good, math.comb(len(pool), draws))


def test_deck_is_the_documents():
    """MB-card-deck: 【O1 O3 D1 M1 S1 S3】×7、【O2 D2 M2 S2】×5 = 62 cards, counted independently."""
    expect = {c: 7 for c in ("O1", "O3", "D1", "M1", "S1", "S3")} | {c: 5 for c in ("O2", "D2", "M2", "S2")}
    assert standard() == expect and sum(expect.values()) == 62


@pytest.mark.parametrize(("need", "draws", "hand"), [
    ({"O": 1}, 2, ()), ({"O": 2}, 3, ()), ({"O3": 1}, 3, ()), ({"O": 2, "O3": 1}, 3, ()),
    ({"S": 1, "D": 1}, 3, ("O1",)), ({"O": 3}, 2, ("O2",)), ({"M2": 2}, 3, ("M2",)), ({"D": 1}, 0, ("D1",)),
])
def test_against_every_hand_of_the_real_deck(need, draws, hand):
    assert draw_odds(need, draws, hand=hand) == _brute(need, draws, hand)


def test_issue_example_against_icepool_and_the_formula():
    """draw_odds({"O": 3}, draws=4): icepool's Deck deals 4 of 62 (19 of them O)."""
    deal = icepool.Deck({"O": 19, "x": 43}).deal(4).count_subset(["O", "O", "O"])
    ice = Fraction(deal.quantity(">=", 1), deal.denominator())
    formula = Fraction(math.comb(19, 3) * 43 + math.comb(19, 4), math.comb(62, 4))
    assert draw_odds({"O": 3}, draws=4) == ice == formula


def test_reshuffle_draws_on_from_the_discard_pile():
    """MB-card-discard-pile: the deck drawn empty, the discard pile becomes the deck (brute force by stages)."""
    deck, pile = {"O1": 1, "D1": 1}, {"O3": 2, "S1": 3}
    expect = _brute({"O": 3}, 2, hand=("O1", "D1"), deck=pile)  # both deck cards come first, then 2 of the pile
    assert draw_odds({"O": 3}, 4, deck=deck, discard=pile) == expect
    assert draw_odds({"O": 1}, 9, deck={"D1": 1}, discard={"D2": 1}) == 0  # MB-A02: nothing more to draw


def test_from_a_seats_view_uses_only_what_it_sees():
    """A person sees their own view: the unseen cards are the deck and the other hands together."""
    s = table(("gale", "sage"))
    s = hero(s, 0, hand=("O1", "O3"))
    s = hero(s, 1, hand=("O2", "O2", "O2"))
    deck = standard()
    for c in ("O1", "O3", "O2", "O2", "O2", "S1"):
        deck[c] -= 1
    s = data(s, deck=s.data.deck.__class__(deck), discard=s.data.discard.add("S1"))
    unseen = standard()
    for c in ("O1", "O3", "S1"):
        unseen[c] -= 1
    got = draw_odds_in(s, 0, {"O": 3}, 2)
    assert got == _brute({"O": 3}, 2, hand=("O1", "O3"), deck=unseen)
    other = hero(s, 1, hand=("D1", "D1", "D1"))
    assert draw_odds_in(other, 0, {"O": 3}, 2) == got  # the other hand changes nothing seat 0 may know
    with pytest.raises(ValueError):
        draw_odds_in(s, 0, {"O": 1}, 60)


def test_bad_questions_raise():
    for need in ({"X": 1}, {"O": -1}, {"O": True}):
        with pytest.raises(ValueError):
            draw_odds(need, 2)
    with pytest.raises(ValueError):
        draw_odds({"O": 1}, -1)
