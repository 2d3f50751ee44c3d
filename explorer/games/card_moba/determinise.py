"""A world the seat cannot tell apart from the real one (for the strong bot's search, ``explorer.search``).

What a seat of the MOBA does not see: the other players' hands (only their sizes, MB-card-no-hand-limit) and
the deck's order and composition (MB-card-discard-pile; its size is public). Everything else — the map,
heroes, statuses, scores, the discard pile (置牌堆) — is on the table. The cards it cannot see are the public
multiset of the deck (MB-card-deck) less what it sees: its own hand and the discard pile; shuffling them and
dealing each other hand its size, the rest to the deck, gives every arrangement the same chance.

Assumption of the bot, not of the game: nothing is inferred from what others chose to play or keep.
"""

from __future__ import annotations

import random

from explorer import Bag, evolve
from explorer.search import seat_state, shuffled


def unseen_cards(d, seat: int) -> list[str]:
    """The cards ``seat`` cannot see: the others' hands and the deck (a multiset the view determines)."""
    cards = [c for h in d.heroes if h.seat != seat for c in h.hand]
    cards.extend(d.deck)
    return cards


def determinise(state, seat: int, rng: random.Random):
    """MB-turn-draw: the others' hands and the deck redrawn uniformly from the cards ``seat`` cannot see."""
    d = state.data
    pool = shuffled(unseen_cards(d, seat), rng)
    heroes = []
    for h in d.heroes:
        if h.seat != seat and h.hand:
            hand, pool = pool[:len(h.hand)], pool[len(h.hand):]
            h = evolve(h, hand=tuple(sorted(hand)))
        heroes.append(h)
    return seat_state(state, evolve(d, heroes=tuple(heroes), deck=Bag(pool)), seat)
