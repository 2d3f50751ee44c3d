"""A world the seat cannot tell apart from the real one (for the strong bot's search, ``explorer.search``).

What a seat of 城堡之心 does not see: the other heroes' hands (their sizes are public), the deck's composition
(CH-turn-draw; its size is public), the identities of the others not yet shown (CH-identity-four; the lord's is
shown at once, CH-A09, and a dead hero's when it dies), and while identities are being dealt, the ones still
to deal (a lord not yet dealt stays among those: he is shown when dealt). The cards it cannot see are
the public multiset of the deck less what it sees (its own hand, every equipment, the discard pile); the
identities it cannot see are the game's mix (public: CH-A02) less the ones shown and its own. Each kind is
shuffled on its own and dealt back to the same places, which gives every arrangement consistent with the
seat's view the same chance.

Assumption of the bot, not of the game: nothing is inferred from what the others did (a hero who attacked
the lord is probably an enemy); the search's own rollouts do not reason about it either.
"""

from __future__ import annotations

import random

from explorer import Bag
from explorer.search import seat_state, shuffled

from .records import LORD, with_


def unseen(d, seat: int) -> tuple[list[str], list[str]]:
    """The cards and the identities ``seat`` cannot see (two multisets its view determines)."""
    cards = [c for i, s in enumerate(d.seats) if i != seat for c in s.hand]
    cards.extend(d.deck)
    identities = [s.identity for i, s in enumerate(d.seats) if i != seat and s.identity and not s.revealed]
    if d.phase == "deal_identity":  # the lord is shown when dealt (CH-A09): one not yet dealt stays to deal
        identities.extend(i for i in d.pool if i != LORD)
    return cards, identities


def determinise(state, seat: int, rng: random.Random):
    """CH-identity-four, CH-turn-draw: the others' hands, the deck and the hidden identities redrawn."""
    d = state.data
    cards, identities = unseen(d, seat)
    cards, identities = shuffled(cards, rng), shuffled(identities, rng)
    seats = []
    for i, s in enumerate(d.seats):
        if i != seat:
            changes = {}
            if s.hand:
                changes["hand"], cards = tuple(sorted(cards[:len(s.hand)])), cards[len(s.hand):]
            if s.identity and not s.revealed:
                changes["identity"], identities = identities[0], identities[1:]
            s = with_(s, **changes) if changes else s
        seats.append(s)
    d = with_(d, seats=tuple(seats), deck=Bag(cards))
    if d.phase == "deal_identity":
        d = with_(d, pool=Bag(identities + [LORD] * d.pool.count(LORD)))
    return seat_state(state, d, seat)
