"""A persistent list behind ``State.history`` and ``State.log``: appending costs O(1), reading costs O(1).

States along one line of play share one growing buffer: a chain is (buffer, length), and appending to the
newest chain of a buffer appends to the buffer in place. Appending to an older chain (a branch: "what if I
had dodged?") copies its prefix into a new buffer once. A chain never changes: the items below its length
are never written again, so a chain is an immutable sequence that reads like a tuple (``==`` with tuples,
slices are tuples) without copying the whole history for every state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from operator import is_
from typing import Any


class Chain(Sequence):
    """Immutable sequence built by appending; indexing and ``len`` are O(1), a slice copies only itself."""

    __slots__ = ("_buf", "_len")

    def __init__(self, items: Iterable[Any] = ()):
        self._buf = list(items)
        self._len = len(self._buf)

    def append(self, item: Any) -> Chain:
        """A chain one item longer; this one is unchanged (``extend`` with one item, the steps' own path)."""
        buf, n = self._buf, self._len
        if n and len(buf) == n:
            buf.append(item)
            if len(buf) == n + 1 or buf[n] is item:
                return _on(buf, n + 1)
        fresh = buf[:n]
        fresh.append(item)
        return _on(fresh, n + 1)

    def extend(self, items: Iterable[Any]) -> Chain:
        """A chain with ``items`` added; this one is unchanged (O(len(items)) on the newest chain)."""
        if type(items) is not tuple:
            items = tuple(items)
        k = len(items)
        if not k:
            return self
        buf, n = self._buf, self._len
        if n and len(buf) == n:  # the newest chain of its buffer: grow the buffer in place
            buf.extend(items)
            # another thread may have grown the same buffer at the same moment; then check that ours is there
            if len(buf) == n + k or all(map(is_, buf[n:n + k], items)):
                return _on(buf, n + k)
        fresh = buf[:n]  # a branch (or the empty chain, shared by every game): a buffer of its own
        fresh.extend(items)
        return _on(fresh, n + k)

    def __len__(self) -> int:
        return self._len

    def as_tuple(self) -> tuple:
        """The items as a tuple (a copy: O(len))."""
        return tuple(self._buf[:self._len])

    def __iter__(self) -> Iterator[Any]:
        return islice(self._buf, self._len)

    def __reversed__(self) -> Iterator[Any]:
        buf = self._buf
        return (buf[i] for i in range(self._len - 1, -1, -1))

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(self._len)
            if step == 1:
                return tuple(self._buf[start:stop])
            return tuple(self._buf[i] for i in range(start, stop, step))
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("chain index out of range")
        return self._buf[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chain):
            if self._len != other._len:
                return False
            if self._buf is other._buf:
                return True
            return all(a == b for a, b in zip(self, other, strict=True))
        if isinstance(other, tuple):
            return self._len == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.as_tuple())  # equal to a tuple's hash, as == says they are equal

    def __add__(self, other: object) -> tuple:
        if isinstance(other, tuple | Chain):
            return self.as_tuple() + tuple(other)
        return NotImplemented

    def __radd__(self, other: object) -> tuple:
        if isinstance(other, tuple):
            return other + self.as_tuple()
        return NotImplemented

    def __repr__(self) -> str:
        return repr(self.as_tuple())

    def __reduce__(self):
        return (Chain, (self.as_tuple(),))


def _on(buf: list, length: int, _new=object.__new__, _chain=Chain) -> Chain:
    """The chain of the first ``length`` items of ``buf`` (shared, never copied): made twice at every step, so built
    without ``__init__``, its two slots set by plain stores. A Chain has no guard on its slots (nothing writes them
    after this), so it needs no builder class and no ``__class__`` change after (records._compiled, for the frozen
    records): a third less."""
    new = _new(_chain)
    new._buf = buf
    new._len = length
    return new


EMPTY = Chain()
