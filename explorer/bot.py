"""Bot: a seat's decision-maker, and the RandomBot every game offers. A leaf module (it imports only actions), so
the registry can offer the RandomBot without importing the play loop."""

from __future__ import annotations

import random
from typing import Any

from .actions import Action


class Bot:
    """A seat's decision-maker. Subclass and implement ``choose``; it must return a legal action."""

    name = "bot"

    def choose(self, state: Any, rng: random.Random) -> Action:
        raise NotImplementedError

    def ranked(self, state: Any, rng: random.Random) -> list[Action]:
        """Every legal action, best first as this bot sees it, its own choice (``choose``) first: the candidates a
        search (``explorer.search.PairedRollouts``) plays when this bot is its prior. Here its choice, then the
        legal order; a bot that scores actions (the tactical bots) ranks them by its scores."""
        first = self.choose(state, rng)
        return [first, *(a for a in state.legal_actions() if a != first)]


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: Any, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())
