"""A persistent list: appending shares the old list, so a new state costs O(1), not O(history)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


class Chain:
    """Immutable sequence built by appending; ``tuple(chain)`` walks it once."""

    __slots__ = ("_cache", "_item", "_len", "_parent")

    def __init__(self, parent: Chain | None = None, item: Any = None, _empty: bool = True):
        self._parent = parent
        self._item = item
        self._len = 0 if _empty else (parent._len if parent else 0) + 1
        self._cache: tuple | None = () if _empty else None

    def append(self, item: Any) -> Chain:
        return Chain(self, item, _empty=False)

    def extend(self, items: Iterable[Any]) -> Chain:
        chain = self
        for item in items:
            chain = Chain(chain, item, _empty=False)
        return chain

    def __len__(self) -> int:
        return self._len

    def as_tuple(self) -> tuple:
        if self._cache is None:
            items = []
            node = self
            while node is not None and node._cache is None:
                items.append(node._item)
                node = node._parent
            base = node._cache if node is not None else ()
            self._cache = base + tuple(reversed(items))
        return self._cache

    def __iter__(self) -> Iterator[Any]:
        return iter(self.as_tuple())

    def __getitem__(self, index):
        return self.as_tuple()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chain):
            return self._len == other._len and self.as_tuple() == other.as_tuple()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Chain(len={self._len})"


EMPTY = Chain()
