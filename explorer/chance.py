"""Chance outcomes as whole-number weights: the exact draw without building a Fraction per outcome.

A game's ``chance_outcomes`` may return a :class:`Weighted` instead of a tuple of (outcome, Fraction) pairs. It
reads as those pairs (``tuple(w)``, iteration, indexing: each probability is ``Fraction(weight, total)``, made
when first read), and ``explorer.sample_chance`` draws from its weights directly, with the same ticket as from
the pairs: the same outcome for the same random numbers, so a seeded game is the same game either way.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any

from .records import _compiled


def hypergeometric(total: int, good: int, drawn: int) -> dict[int, Fraction]:
    """P(k good cards among ``drawn`` taken at random, without replacement, from ``total`` of which ``good`` are
    good), exactly: the engine's draws, the odds package (``probability``) and the bots all read this one."""
    if not 0 <= good <= total or not 0 <= drawn <= total:
        raise ValueError(f"cannot draw {drawn} of {total} cards with {good} good ones")
    ways = math.comb(total, drawn)
    return {k: Fraction(math.comb(good, k) * math.comb(total - good, drawn - k), ways)
            for k in range(max(0, drawn - total + good), min(good, drawn) + 1)}


class Weighted(Sequence):
    """Outcomes with whole-number weights (each > 0); outcome i has probability weights[i] / sum(weights)."""

    __slots__ = ("_pairs", "_plan", "drawn", "outcomes", "total", "weights")

    def __init__(self, outcomes: Sequence[Any], weights: Sequence[int]):
        if len(outcomes) != len(weights) or not outcomes:
            raise ValueError("one whole-number weight per outcome, and at least one outcome")
        self.outcomes = tuple(outcomes)
        self.weights = tuple(weights)
        self.total = sum(self.weights)
        self._pairs: tuple | None = None
        self._plan: tuple | None = None
        self.drawn = -1  # the position of the outcome ``sample`` drew last (-1: none yet); see ``sample``

    def pairs(self) -> tuple[tuple[Any, Fraction], ...]:
        """The (outcome, exact probability) pairs, worked out once."""
        if self._pairs is None:
            total = self.total
            self._pairs = tuple((o, Fraction(w, total)) for o, w in zip(self.outcomes, self.weights, strict=True))
        return self._pairs

    def __len__(self) -> int:
        return len(self.outcomes)

    def __getitem__(self, index):
        return self.pairs()[index]

    def __iter__(self) -> Iterator[tuple[Any, Fraction]]:
        return iter(self.pairs())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Weighted | tuple):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a tuple, which hashes otherwise

    def __repr__(self) -> str:
        return f"Weighted({self.pairs()!r})"

    def sample(self, rng) -> Any:
        """One outcome drawn with exactly its probability, by the ticket ``sample_chance`` draws over the pairs.

        Over the pairs the ticket runs over the least common denominator D of the probabilities and outcome i
        holds numerator_i × D / denominator_i tickets. With g = gcd(total, every weight), D = total / g and
        outcome i holds weight_i / g tickets (for each prime, the largest power in the reduced denominators is
        the power in total less the smallest power among the gcd(weight_i, total)): the same tickets.

        Ticket k of the D tickets is the outcome whose running sum of weight_i / g first passes k, that is whose
        running sum of weights first passes k × g: the plan keeps the plain running sums (no division), and g is 1
        at once when a weight is 1 (nearly every draw from a deck). ``drawn`` keeps the position drawn, so that
        ``State.apply`` finds the outcome among its own without walking them (it checks it is that very object)."""
        if self._plan is None:
            total, weights = self.total, self.weights
            g = 1 if 1 in weights else math.gcd(total, *weights)
            self._plan = (total // g, g, list(accumulate(weights)))  # the weight below each outcome's end
        span, g, ends = self._plan
        drawn = self.drawn = bisect_right(ends, rng.randrange(span) * g)  # the first outcome ending past the ticket
        return self.outcomes[drawn]


class Draws:
    """A deck's draw as a chance node: ``draws(bag)`` is the :class:`Weighted` of one action per distinct item
    (``make(item)``, made once per set of items and kept) weighted by its count, in the Bag's fixed order."""

    __slots__ = ("each", "made", "make")

    def __init__(self, make: Callable[[Any], Any]):
        self.make = make
        self.made: dict[tuple, tuple] = {}
        self.each: dict[Any, Any] = {}  # item → its action, for a set of items not seen yet

    def __call__(self, bag) -> Weighted:
        items, counts = bag.weights()
        actions = self.made.get(items)
        if actions is None:
            if len(self.made) > 4096:  # a bound, for a long session of many decks
                self.made.clear()
            each = self.each
            if not each.keys() >= set(items):
                if len(each) > 65536:
                    each.clear()
                each.update((item, self.make(item)) for item in items if item not in each)
            actions = self.made[items] = tuple(map(each.__getitem__, items))
        return _weighted(actions, counts, len(bag))


# Weighted(outcomes, weights) for a deck's draw, whose outcomes and counts are tuples already and whose total is the
# deck's size: made at nearly every chance step, so built without ``__init__`` (records._compiled)
_weighted = _compiled(Weighted, "def make(outcomes, weights, total):", {
    "outcomes": "outcomes", "weights": "weights", "total": "total", "_pairs": "None", "_plan": "None", "drawn": "-1"})
