"""An immutable multiset (a deck whose order nobody knows): draws are chance over its counts."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Any


class Bag:
    """Immutable multiset of hashable items. Every change returns a new Bag."""

    __slots__ = ("_counts", "_hash", "_order", "_outcomes", "_size", "_weights")

    def __init__(self, items: Iterable[Any] | dict[Any, int] = ()):
        counts: dict[Any, int] = {}
        if isinstance(items, dict):
            for item, n in items.items():
                if n < 0:
                    raise ValueError(f"negative count for {item!r}")
                if n:
                    counts[item] = n
        else:
            for item in items:
                counts[item] = counts.get(item, 0) + 1
        self._counts = counts
        self._size = sum(counts.values())
        self._order: tuple | None = None
        self._weights: tuple | None = None
        self._outcomes: tuple | None = None
        self._hash: int | None = None

    @classmethod
    def _of(cls, counts: dict[Any, int], order: tuple | None = None, weights: tuple | None = None,
            size: int | None = None) -> Bag:
        """A Bag of ``counts``; ``order``, when given, is its distinct items in their fixed order, ``weights`` their
        counts in that order and ``size`` the sum of the counts (each worked out from ``counts`` when not given)."""
        bag = cls.__new__(cls)
        bag._counts = counts
        bag._size = sum(counts.values()) if size is None else size
        bag._order = order
        bag._weights = weights
        bag._outcomes = bag._hash = None
        return bag

    def _sorted(self) -> tuple:
        """The distinct items in their fixed order (by repr), worked out once: a Bag never changes."""
        if self._order is None:
            self._order = tuple(sorted(self._counts, key=repr))
        return self._order

    def __len__(self) -> int:
        return self._size

    def __contains__(self, item: Any) -> bool:
        return item in self._counts

    def __iter__(self) -> Iterator[Any]:
        for item in self._sorted():
            yield from [item] * self._counts[item]

    def count(self, item: Any) -> int:
        return self._counts.get(item, 0)

    def counts(self) -> dict[Any, int]:
        """A fresh dict of item → count (sorted by item), safe to change."""
        return {k: self._counts[k] for k in self._sorted()}

    def add(self, item: Any, n: int = 1) -> Bag:
        counts = dict(self._counts)
        counts[item] = counts.get(item, 0) + n
        return Bag._of(counts, self._order if item in self._counts else None)

    def union(self, other: Iterable[Any] | Bag) -> Bag:
        counts = dict(self._counts)
        pairs = other._counts.items() if isinstance(other, Bag) else ((x, 1) for x in other)
        for item, n in pairs:
            counts[item] = counts.get(item, 0) + n
        return Bag._of(counts)

    def remove(self, item: Any, n: int = 1) -> Bag:
        """The Bag less ``n`` copies of ``item``. A deck loses a card at every draw and is asked for its draw weights
        straight after: the fixed order and the weights are carried over, less the item's share (no sorting and no
        count look-ups again)."""
        have = self._counts.get(item, 0)
        if have < n:
            raise KeyError(f"{item!r} not in bag {n} times")
        counts = dict(self._counts)
        order, weights = self._order, self._weights  # weights are only ever kept along with their order
        if have == n:
            del counts[item]
            if order is not None:
                i = order.index(item)
                order = order[:i] + order[i + 1:]
                if weights is not None:
                    weights = weights[:i] + weights[i + 1:]
        else:
            counts[item] = have - n
            if weights is not None:
                i = order.index(item)
                changed = list(weights)  # one list, not the five objects of a star-build (records.replace_at)
                changed[i] = have - n
                weights = tuple(changed)
        return Bag._of(counts, order, weights, self._size - n)

    def weights(self) -> tuple[tuple, tuple[int, ...]]:
        """The distinct items in their fixed order, and how many of each: a draw's whole-number weights."""
        if self._weights is None:
            self._weights = tuple(map(self._counts.__getitem__, self._sorted()))
        return self._order, self._weights

    def outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """Each distinct item with the exact chance of drawing it next (uniform over cards)."""
        if self._outcomes is None:  # worked out once per Bag: a deck is asked again and again
            self._outcomes = tuple((k, Fraction(self._counts[k], self._size)) for k in self._sorted())
        return self._outcomes

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and self._counts == other._counts

    def __hash__(self) -> int:
        if self._hash is None:  # a Bag never changes, so neither does its hash
            self._hash = hash(frozenset(self._counts.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"Bag({self.counts()!r})"

    def __reduce__(self):
        return (Bag, (dict(self._counts),))
