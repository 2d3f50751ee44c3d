"""卡驱MOBA draw odds from the 62-card deck (牌堆组成) or from a game's own deck and discard pile (置牌堆).

A ``need`` maps card types ("O", "D", "M", "S") or exact cards ("O3") to how many the hand must hold; a card
counts for every key it matches (an O3 counts for "O3" and for "O"). The odds are a multivariate
hypergeometric sum over the classes of cards that match the same keys, in exact integers.

>>> draw_odds({"O": 3}, draws=4)          # 19 of the 62 cards are O
Fraction(45543, 557845)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import product

from explorer.games.card_moba.content import sample, standard_deck

TYPES = ("O", "D", "M", "S")


def standard() -> dict[str, int]:
    """MB-card-deck: 【O1 O3 D1 M1 S1 S3】×7、【O2 D2 M2 S2】×5, the counts read by the engine itself."""
    return standard_deck(sample().cards)


def card_type(card: str) -> str:
    """The type letter of a card (MB-card-types): read from the card file."""
    return sample().cards[card]["type"]


def _matches(card: str, key: str) -> bool:
    return card == key or card_type(card) == key


def _check_need(need: Mapping[str, int]) -> dict[str, int]:
    known = set(TYPES) | set(sample().cards)
    out = {}
    for key, n in need.items():
        if key not in known:
            raise ValueError(f"need key {key!r} is neither a card type {TYPES} nor a card id")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"need[{key!r}] must be a whole number ≥ 0, not {n!r}")
        if n:
            out[key] = n
    return out


def _counts(cards) -> dict[str, int]:
    if cards is None:
        return {}
    if isinstance(cards, Mapping):
        return {c: int(n) for c, n in cards.items() if n}
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _classes(deck: Mapping[str, int], keys: tuple[str, ...]) -> tuple[tuple[tuple[bool, ...], int], ...]:
    """The deck grouped by which keys each card matches: ((signature, count), …)."""
    groups: dict[tuple[bool, ...], int] = {}
    for card, n in deck.items():
        sig = tuple(_matches(card, k) for k in keys)
        groups[sig] = groups.get(sig, 0) + n
    return tuple(sorted(groups.items()))


@lru_cache(maxsize=4096)
def _ways(classes, keys_needed: tuple[int, ...], draws: int) -> int:
    """How many ``draws``-card subsets of the deck meet ``keys_needed`` (a count per key)."""
    total = 0
    sizes = [n for _, n in classes]
    if not sizes:
        return int(draws == 0)
    last = sizes[-1]  # the last class takes whatever the others leave: one loop fewer
    for first in product(*(range(min(n, draws) + 1) for n in sizes[:-1])):
        rest = draws - sum(first)
        if not 0 <= rest <= last:
            continue
        picks = (*first, rest)
        got = [0] * len(keys_needed)
        for (sig, _), k in zip(classes, picks, strict=True):
            for i, hit in enumerate(sig):
                if hit:
                    got[i] += k
        if all(g >= n for g, n in zip(got, keys_needed, strict=True)):
            total += math.prod(math.comb(n, k) for n, k in zip(sizes, picks, strict=True))
    return total


def _still_needed(need: dict[str, int], have: Mapping[str, int]) -> dict[str, int]:
    return {k: max(0, n - sum(c for card, c in have.items() if _matches(card, k))) for k, n in need.items()}


def _odds_from(need: dict[str, int], draws: int, deck: Mapping[str, int]) -> Fraction:
    need = {k: n for k, n in need.items() if n}
    if not need:
        return Fraction(1)
    size = sum(deck.values())
    if draws > size or not size:
        return Fraction(0)
    keys = tuple(sorted(need))
    ways = _ways(_classes(deck, keys), tuple(need[k] for k in keys), draws)
    return Fraction(ways, math.comb(size, draws))


def draw_odds(need: Mapping[str, int], draws: int, hand=None, deck=None, discard=None) -> Fraction:
    """P(the hand plus the next ``draws`` cards hold at least ``need``), exact (MB-turn-draw).

    ``deck`` (a mapping card → count or a list of cards) defaults to the standard deck less the ``hand``;
    ``discard`` is the discard pile (置牌堆): once the deck is drawn empty it is shuffled into a new deck and
    the draws go on from it (MB-card-discard-pile); with both empty nothing more is drawn (MB-A02)."""
    need = _check_need(need)
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
        raise ValueError(f"draws must be a whole number ≥ 0, not {draws!r}")
    have = _counts(hand)
    if deck is None:
        deck = standard()
        for card, n in have.items():
            if deck.get(card, 0) < n:
                raise ValueError(f"the hand holds more {card} than the standard deck has")
            deck[card] -= n
    deck, pile = _counts(deck), _counts(discard)
    rest = _still_needed(need, have)
    size = sum(deck.values())
    if draws <= size:
        return _odds_from(rest, draws, deck)
    rest = _still_needed(rest, deck)  # the whole deck is drawn, then the reshuffled discard pile
    return _odds_from(rest, min(draws - size, sum(pile.values())), pile)


def draw_odds_in(state, seat: int, need: Mapping[str, int], draws: int) -> Fraction:
    """The same from a game position, from what ``seat`` may see: its own hand, the public discard pile and
    the deck's size. The unseen cards are the standard deck less the hand and the discard pile (the deck and
    the other hands together): to the seat each unseen card is equally likely to come next, so this is the
    seat's true chance. Past the deck's end (a reshuffle) the seat cannot tell which unseen cards were in the
    deck, so that question raises ValueError rather than peek."""
    d = state.data
    hand = d.heroes[seat].hand
    if draws > len(d.deck):
        raise ValueError(f"{draws} draws reach past the {len(d.deck)} cards of the deck (a reshuffle)")
    unseen = standard()
    for card, n in [*_counts(hand).items(), *d.discard.counts().items()]:
        unseen[card] = unseen.get(card, 0) - n
    return draw_odds(need, draws, hand=hand, deck={c: n for c, n in unseen.items() if n > 0})
