"""Fixed-shape numbers for what a seat sees: OpenSpiel's ``observation_tensor`` and ``information_state_tensor``.

Every number is read from ``state.view(seat, with_log=False)`` (the masked view a person at that seat gets) and,
for the information state, from the seat's own log (``explorer.openspiel_recall``): nothing hidden from the seat
can reach them. Each game writes its view in its own module, ``tensor`` in its package
(``explorer/games/<id>/tensor.py``, found through the game: :func:`has_encoder`),
as two *blocks* of named fields:

- ``table``: what belongs to the whole table (piles, phase, whose turn, the attack in progress …);
- ``seats``: one row per seat, **the observer's own row first**, then the next seats in turn order, so a row
  means the same ("me", "the player after me" …) for every observer. Seats named inside a field (whose turn,
  the attacker, the winners) are written the same way: position 0 is the observer.

The information state adds a third block, ``memory`` (:func:`memory_block`): how many events of each kind each
seat (again relative) was seen to cause, and the last :data:`RECENT` events the seat saw. It summarises what the
seat saw; it is not the whole of it (a fixed size cannot hold a game of any length): the exact information state
is ``information_state_string`` (the view and a digest of every event the seat saw).

Numbers are plain: one-hot or counts over a domain read from the game's content (card, character, hero ids …)
or from its rules (phases, tasks), raw whole numbers for amounts (hit points, sizes of hands and piles), 1/0 for
yes/no. A value outside its domain goes to the domain's last slot ("other") and is recorded in
``Writer.unknown`` (tests play seeded games and check that list stays empty). Shapes depend only on the game's
content and the table size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import numpy as np

from .actions import CHANCE, TERMINAL
from .openspiel_recall import RECENT


class Index:
    """A domain: each value has a fixed position; ``other`` adds a last slot for any value not listed."""

    __slots__ = ("other", "positions", "size", "values")

    def __init__(self, values: Iterable[Any], other: bool = True):
        self.values = tuple(dict.fromkeys(values))
        self.positions = {v: i for i, v in enumerate(self.values)}
        self.other = other
        self.size = len(self.values) + other

    def __repr__(self) -> str:
        return f"Index({len(self.values)}{' + other' if self.other else ''})"


class Block:
    """Named fields of one flat row: ``Block(("hp", 1), ("hand", 57))``; ``size`` is their total."""

    def __init__(self, *fields: tuple[str, int]):
        self.fields: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in fields:
            if name in self.fields:
                raise ValueError(f"field {name!r} is listed twice")
            self.fields[name] = (offset, size)
            offset += size
        self.size = offset


def hidden(value: Any) -> bool:
    """The core's marker for a masked part of a view (``{"hidden": True, ...}``)."""
    return isinstance(value, dict) and value.get("hidden") is True


def size_of(value: Any) -> int:
    """How many things a list holds, or a hidden list's ``count`` (the core keeps sizes when it masks)."""
    if hidden(value):
        return int(value.get("count", 0))
    if isinstance(value, Mapping):
        return sum(v for v in value.values() if isinstance(v, int))
    return len(value) if isinstance(value, list | tuple) else 0


def number(value: Any) -> float:
    """A view's amount as a float: numbers as they are, yes/no as 1/0; anything else (None, "inf", a hidden
    marker) as 0 (a field of its own says when a cap is unbounded)."""
    if value.__class__ in (int, float, bool):
        return float(value)
    return 0.0


class Writer:
    """Writes the fields of one ``Block`` into a row of a float32 array, for the observer ``me`` at a table of
    ``players`` (seats are written relative to ``me``)."""

    __slots__ = ("block", "me", "players", "row", "unknown")

    def __init__(self, row: np.ndarray, block: Block, me: int, players: int, unknown: list):
        self.row, self.block, self.me, self.players, self.unknown = row, block, me, players, unknown

    def _at(self, name: str, i: int) -> int:
        offset, size = self.block.fields[name]
        if not 0 <= i < size:
            raise IndexError(f"{name}[{i}] is outside its {size} slots")
        return offset + i

    def _where(self, name: str, index: Index, value: Any) -> int | None:
        try:
            i = index.positions.get(value)
        except TypeError:  # an unhashable value (a list): never in a domain
            i = None
        if i is None:
            self.unknown.append((name, value))
            return len(index.values) if index.other else None
        return i

    def num(self, name: str, value: Any, i: int = 0) -> None:
        """An amount (see :func:`number`)."""
        self.row[self._at(name, i)] = number(value)

    def add(self, name: str, amount: float, i: int = 0) -> None:
        self.row[self._at(name, i)] += amount

    def hot(self, name: str, index: Index, value: Any, amount: float = 1.0) -> None:
        """One-hot (or ``amount``) at ``value``'s position in ``index``; None writes nothing."""
        if value is None:
            return
        i = self._where(name, index, value)
        if i is not None:
            self.add(name, amount, i)

    def counts(self, name: str, index: Index, items: Any) -> None:
        """How many of each value: ``items`` a list, or a {value: count} mapping; a hidden list writes nothing
        (its size is a field of its own)."""
        if items is None or hidden(items):
            return
        if isinstance(items, Mapping):
            for value, n in items.items():
                self.hot(name, index, value, number(n))
        else:
            for value in items:
                self.hot(name, index, value)

    def seat(self, name: str, seat: Any, amount: float = 1.0) -> None:
        """A seat, one-hot relative to the observer (0 = the observer, 1 = the next seat …); not a seat (None,
        -1): nothing."""
        if seat.__class__ is int and 0 <= seat < self.players:
            self.add(name, amount, (seat - self.me) % self.players)

    def seats(self, name: str, seats: Iterable[Any]) -> None:
        for s in seats or ():
            self.seat(name, s)


def turn_fields(players: int) -> list[tuple[str, int]]:
    """Who moves (relative seat), and whether chance moves or the game is over: every game's table has them."""
    return [("to_move", players), ("chance", 1), ("over", 1)]


def write_turn(out: Writer, current: int) -> None:
    out.seat("to_move", current)
    out.num("chance", current == CHANCE)
    out.num("over", current == TERMINAL)


@cache
def encoder(game_id: str):
    """The game's tensor module: ``fields(players)`` -> (the table's fields, one seat's fields), and
    ``write(view, me, table, seats)`` (``table`` a :class:`Writer`, ``seats[k]`` the row of the k-th seat from
    ``me``); a game without one has no tensors."""
    from .registry import get_game

    module = get_game(game_id).own_module("tensor")
    if module is None:
        raise KeyError(f"{game_id!r} has no tensor encoder: give its package a tensor.py (docs/openspiel.md)")
    return module


def has_encoder(game_id: str) -> bool:
    """Does the game write its view as numbers (a ``tensor`` module in its package)?"""
    from .registry import get_game

    return get_game(game_id).own_module("tensor") is not None


@cache
def memory_block(game_id: str, players: int) -> tuple[Block, Index, Block]:
    """The information state's memory: (the block, the game's event kinds, one recent event's row)."""
    from .registry import get_game

    kinds = Index(sorted(event_kinds(get_game(game_id))))
    actors = players + 1  # each seat, relative; then "no seat" (the rules themselves, chance)
    event = Block(("kind", kinds.size), ("actor", actors), ("targets", players), ("redacted", 1))
    block = Block(("seen", 1), ("kinds", kinds.size * actors), ("recent", RECENT * event.size))
    return block, kinds, event


def event_kinds(game) -> Iterable[str]:
    """The kinds of event a game emits: its ``Game.event_kinds`` table."""
    return game.event_kinds


class Tensors:
    """The shapes and the writing of one game's tensors at one table size."""

    def __init__(self, game_id: str, players: int):
        self.game_id, self.players = game_id, players
        self.module = encoder(game_id)
        table, seat = self.module.fields(players)
        self.table, self.seat = Block(*turn_fields(players), *table), Block(*seat)
        self.memory, self.kinds, self.event = memory_block(game_id, players)
        self.observation_size = self.table.size + players * self.seat.size
        self.information_size = self.observation_size + self.memory.size

    def arrays(self, information: bool) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """A zeroed flat tensor and OpenSpiel's named views onto it (``table``, ``seats`` (players × row), and
        for the information state ``memory``), in that order, covering it exactly."""
        size = self.information_size if information else self.observation_size
        flat = np.zeros(size, np.float32)
        end = self.table.size + self.players * self.seat.size
        views = {"table": flat[:self.table.size],
                 "seats": flat[self.table.size:end].reshape(self.players, self.seat.size)}
        if information:
            views["memory"] = flat[end:]
        return flat, views

    def write_view(self, views: dict[str, np.ndarray], view: dict, me: int) -> list:
        """The view of ``me`` into ``views`` (zeroed first); the (field, value) pairs outside their domains."""
        unknown: list = []
        table, rows = views["table"], views["seats"]
        table.fill(0)
        rows.fill(0)
        out = Writer(table, self.table, me, self.players, unknown)
        write_turn(out, view.get("current_player"))
        seats = [Writer(rows[k], self.seat, me, self.players, unknown) for k in range(self.players)]
        self.module.write(view, me, out, seats)
        return unknown

    def write_memory(self, row: np.ndarray, seen, me: int) -> None:
        """What ``me`` saw (an ``openspiel_recall.Seen``) into the memory block."""
        row.fill(0)
        n, kinds, actors = self.players, self.kinds, self.players + 1
        out = Writer(row, self.memory, me, n, [])
        out.num("seen", seen.length)
        for (kind, actor), count in seen.counts.items():
            k = kinds.positions.get(kind, len(kinds.values))
            out.add("kinds", count, k * actors + self._actor(actor, me))
        first, (actor_at, _), (targets_at, _) = (self.memory.fields["recent"][0], self.event.fields["actor"],
                                                 self.event.fields["targets"])
        redacted_at = self.event.fields["redacted"][0]
        for j, (kind, actor, targets, redacted) in enumerate(seen.recent):
            base = first + j * self.event.size
            row[base + kinds.positions.get(kind, len(kinds.values))] = 1
            row[base + actor_at + self._actor(actor, me)] = 1
            for t in targets:
                if t.__class__ is int and 0 <= t < n:
                    row[base + targets_at + (t - me) % n] = 1
            row[base + redacted_at] = redacted

    def _actor(self, actor: Any, me: int) -> int:
        n = self.players
        return (actor - me) % n if actor.__class__ is int and 0 <= actor < n else n


@cache
def tensors(game_id: str, players: int) -> Tensors:
    """The tensors of a game at a table of ``players`` (built once per process)."""
    return Tensors(game_id, players)


def observation(state, seat: int) -> tuple[np.ndarray, list]:
    """``seat``'s observation tensor of one of our States, built from ``state.view(seat, with_log=False)``
    alone; and the values met outside their domains (empty when the encoder knows the whole game)."""
    t = tensors(state.game_id, state.players)
    flat, views = t.arrays(information=False)
    unknown = t.write_view(views, state.view(seat, with_log=False), seat)
    return flat, unknown
