"""A stable integer for every action of a game: the action space OpenSpiel needs (``num_distinct_actions``).

Layout. A game's action space is a list of *signatures*, in a fixed order: an action kind with its parameter
names (one kind may have several, e.g. 永恒之息's ``trap`` with and without ``face``). Each signature owns a block of
consecutive ids; inside a block the parameters are digits of a mixed-radix number, in the order of the parameter
names (alphabetical, as ``Action.params`` stores them), each digit the position of the value in that parameter's
*domain*: a fixed tuple of every value the game's content allows (all card ids, all seats of the largest table, …).

    id = block offset + Σ index(value_i) × Π |domain_j| (j > i)

The player is not part of the id (OpenSpiel always knows who is to move): the same action — kind and
parameters — has the same id in every state, for every seat and every table size of one content set. Ids depend
only on the game's content files (a new card adds values to a domain and moves later ids). Values are matched
with their type (1, 1.0 and True are three values), as ``Action`` itself compares them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

from .actions import Action, act

SEEN_OBJECTS = 1 << 14  # the most action objects ``encode_legal`` remembers by identity


class OutsideActionSpace(ValueError):
    """An action (or id) the game's action space has no place for: the encoding must grow before it is used."""


def _key(value: Any) -> Any:
    """A value with its type, so that equal-but-different-type values (1, True) never share an index."""
    if isinstance(value, tuple):
        return ("tuple", tuple(_key(v) for v in value))
    return (value.__class__.__name__, value)


class Values:
    """A domain given as the tuple of its values, in a fixed order."""

    def __init__(self, values: Iterable[Any]):
        kept: dict[Any, Any] = {}
        for v in values:  # order kept, repeats dropped (by value and type: 1 and True are both kept)
            kept.setdefault(_key(v), v)
        self.values = tuple(kept.values())
        self._index = {k: i for i, k in enumerate(kept)}
        self.size = len(self.values)

    def index(self, value: Any) -> int | None:
        try:
            return self._index.get(_key(value))
        except TypeError:  # an unhashable value (a dict from JSON) has no place
            return None

    def value(self, i: int) -> Any:
        return self.values[i]

    def __repr__(self) -> str:
        return f"Values({self.size})"


class Compositions:
    """Every tuple of ``parts`` whole numbers ≥ 0 summing to ``total``, for ``parts`` = 1 … ``max_parts``, ranked
    without being listed (by number of parts, then lexicographically): a domain too large to hold as a tuple."""

    def __init__(self, total: int, max_parts: int):
        self.total, self.max_parts = total, max_parts
        self._offsets = [0]
        for k in range(1, max_parts + 1):
            self._offsets.append(self._offsets[-1] + self._count(total, k))
        self.size = self._offsets[-1]

    @staticmethod
    def _count(n: int, k: int) -> int:
        """Ways to write n as k ordered parts ≥ 0 (stars and bars)."""
        return comb(n + k - 1, k - 1) if k else int(n == 0)

    def index(self, value: Any) -> int | None:
        if (value.__class__ is not tuple or not 1 <= len(value) <= self.max_parts
                or any(v.__class__ is not int or v < 0 for v in value) or sum(value) != self.total):
            return None
        rank, left = self._offsets[len(value) - 1], self.total
        for i, v in enumerate(value[:-1]):
            rest = len(value) - i - 1
            rank += sum(self._count(left - u, rest) for u in range(v))
            left -= v
        return rank

    def value(self, i: int) -> tuple[int, ...]:
        k = bisect_right(self._offsets, i)
        rank, left, out = i - self._offsets[k - 1], self.total, []
        for rest in range(k - 1, 0, -1):
            v = 0
            while rank >= self._count(left - v, rest):
                rank -= self._count(left - v, rest)
                v += 1
            out.append(v)
            left -= v
        return (*out, left)

    def __repr__(self) -> str:
        return f"Compositions({self.total}, ≤{self.max_parts} parts: {self.size})"


Domain = Values | Compositions


def _apart(domain: Domain) -> bool:
    """No two values of the domain are == to each other (1, True and 1.0 would be): compositions hold whole
    numbers only."""
    return isinstance(domain, Compositions) or len(set(domain.values)) == domain.size


@dataclass(frozen=True)
class Signature:
    """One block of ids: an action kind with these parameters (names sorted, each with its domain)."""

    kind: str
    params: tuple[tuple[str, Domain], ...] = ()
    offset: int = 0
    size: int = field(init=False)

    def __post_init__(self) -> None:
        size = 1
        for _, domain in self.params:
            size *= domain.size
        object.__setattr__(self, "size", size)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.params)


def kind(name: str, **params: Iterable[Any] | Domain) -> Signature:
    """A signature from keyword domains (a plain iterable becomes :class:`Values`)."""
    doms = {k: v if isinstance(v, Values | Compositions) else Values(v) for k, v in params.items()}
    return Signature(name, tuple(sorted(doms.items())))


class ActionSpace:
    """Every action of one game as an id in ``range(size)``; :meth:`encode` and :meth:`decode` invert each other."""

    def __init__(self, game_id: str, signatures: Sequence[Signature]):
        self.game_id = game_id
        blocks, offset = [], 0
        for sig in signatures:
            blocks.append(Signature(sig.kind, sig.params, offset))
            offset += sig.size
        self.signatures = tuple(blocks)
        self.size = offset
        self._by_names = {(s.kind, s.names): s for s in self.signatures}
        if len(self._by_names) != len(self.signatures):
            raise ValueError(f"{game_id}: a kind is listed twice with the same parameters")
        self._starts = [s.offset for s in self.signatures]
        self._met: dict[Action, int] = {}  # ids already worked out (searches meet the same actions again and again)
        # encode_legal's look-up by (kind, parameters), for the blocks where Python's own == keeps every value of
        # every domain apart (no 1 beside True or 1.0): there == on the parameters is the typed comparison
        self._fast: dict[tuple, int] = {}
        # and by the action object itself: the games keep their actions and offer the same objects again and again
        # (nine in ten legal actions of a random game). ``_alive`` holds each object while its id() is a key here,
        # so no key can come to name another object; both are emptied when they reach SEEN_OBJECTS
        self._objects: dict[int, int] = {}
        self._alive: list[Action] = []
        self._plain = {(s.kind, s.names) for s in self.signatures if all(_apart(d) for _, d in s.params)}
        self._orders: dict[int, tuple] = {}  # id(tuple) → (the tuple, encode_sorted's answer for it)

    def encode(self, action: Action) -> int:
        """The id of ``action`` (kind + parameters; the player is left out)."""
        found = self._met.get(action)  # an Action hashes once and compares values with their types
        if found is None:
            found = self._met[action] = self._encode(action)
        return found

    def encode_legal(self, actions: Sequence[Action]) -> list[int]:
        """The ids of a state's own legal actions (or chance outcomes), in their order: :meth:`encode` of each,
        the bridge's hot path. Each (kind, parameters) is encoded exactly the first time it is met (an action
        outside the space is refused then); afterwards a dictionary look-up finds it, with no Action hashed or
        compared: by the action object itself when the game offers the same object again, else by its kind and
        parameters in a block whose domains hold no two values equal across types."""
        if actions.__class__ is not tuple and actions.__class__ is not list:
            actions = tuple(actions)  # read twice below
        try:
            return list(map(self._objects.__getitem__, map(id, actions)))  # every object met before
        except KeyError:
            return [self._encode_met(action) for action in actions]

    def encode_sorted(self, actions: tuple) -> tuple[tuple[int, ...], tuple, tuple[int, ...] | None]:
        """A tuple of a state's outcomes (or legal actions): their ids sorted, the actions in that order, and the
        positions of that order in ``actions`` (None when they already come sorted). Worked out once per tuple
        object and kept with it: the games keep one tuple of draws per set of cards in a deck, met again and again
        as the deck's counts change. Two outcomes with one id → OutsideActionSpace."""
        found = self._orders.get(id(actions))
        if found is not None and found[0] is actions:
            return found[1]
        keys = self.encode_legal(actions)
        order = sorted(range(len(keys)), key=keys.__getitem__)
        ids = tuple(keys[i] for i in order)
        if len(set(ids)) != len(ids):
            raise OutsideActionSpace(f"{self.game_id}: two legal actions share an id")
        if order == list(range(len(order))):
            answer = (ids, actions, None)
        else:
            answer = (ids, tuple(actions[i] for i in order), tuple(order))
        if len(self._orders) >= SEEN_OBJECTS:
            self._orders.clear()
        self._orders[id(actions)] = (actions, answer)
        return answer

    def _encode_met(self, action: Action) -> int:
        objects = self._objects
        found = objects.get(id(action))
        if found is not None:
            return found
        key = (action.kind, action.params)
        try:
            found = self._fast.get(key)
        except TypeError:  # an unhashable parameter (a dict from JSON): encode says why it has no place
            found = None
        if found is None:
            found = self.encode(action)
            if (action.kind, tuple(name for name, _ in action.params)) in self._plain:
                self._fast[key] = found
        if len(objects) >= SEEN_OBJECTS:
            objects.clear()
            self._alive.clear()
        objects[id(action)] = found
        self._alive.append(action)
        return found

    def _encode(self, action: Action) -> int:
        names = tuple(name for name, _ in action.params)
        sig = self._by_names.get((action.kind, names))
        if sig is None:
            raise OutsideActionSpace(f"{self.game_id}: no block for kind {action.kind!r} with parameters {names}")
        number = 0
        for (name, domain), (_, value) in zip(sig.params, action.params, strict=True):
            i = domain.index(value)
            if i is None:
                raise OutsideActionSpace(f"{self.game_id}: {action.kind}.{name} = {value!r} is not in its domain")
            number = number * domain.size + i
        return sig.offset + number

    def decode(self, action_id: int, player: int) -> Action:
        """The action with this id, taken by ``player`` (the seat to move, or CHANCE)."""
        if action_id.__class__ is not int or not 0 <= action_id < self.size:
            raise OutsideActionSpace(f"{self.game_id}: action id {action_id!r} is not in range({self.size})")
        sig = self.signatures[bisect_right(self._starts, action_id) - 1]
        number, values = action_id - sig.offset, []
        for name, domain in reversed(sig.params):
            number, i = divmod(number, domain.size)
            values.append((name, domain.value(i)))
        return act(self.game_id, sig.kind, player, **dict(values))

    def layout(self) -> list[tuple[str, tuple[str, ...], int, int]]:
        """(kind, parameter names, first id, number of ids) per block, for documentation and tests."""
        return [(s.kind, s.names, s.offset, s.size) for s in self.signatures]
