"""Events: what happened, why, under which clause. The log, the board and the graph all read these."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import networkx as nx

TOOK_EFFECT = "took effect"
CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Event:
    """One event: stable id, kind, actor and targets, the event that caused it, the clause applied,
    its outcome (took effect / cancelled) and the numbers involved (dice, totals, damage).

    ``private_to`` lists the players who may see the event's details (None: everyone).
    ``numbers`` are (name, value) pairs sorted by name, so saved and loaded events compare equal.
    """

    id: int
    kind: str
    clause: str
    actor: int | None = None
    targets: tuple = ()
    cause: int | None = None
    outcome: str = TOOK_EFFECT
    numbers: tuple[tuple[str, Any], ...] = ()
    private_to: tuple[int, ...] | None = None
    game: str = field(default="", compare=False)

    def number(self, name: str, default: Any = None) -> Any:
        for key, value in self.numbers:
            if key == name:
                return value
        return default

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.numbers)

    @property
    def cancelled(self) -> bool:
        return self.outcome == CANCELLED

    def describe(self, lang: str = "en") -> str:
        from .registry import get_game

        return get_game(self.game).describe_event(self, lang)

    def visible_to(self, player: int | None) -> bool:
        return player is None or self.private_to is None or player in self.private_to

    def redacted(self) -> Event:
        """The event as others see it: who did what kind of thing, without the private details."""
        return Event(self.id, self.kind, self.clause, self.actor, (), self.cause, self.outcome, (),
                     self.private_to, self.game)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "kind": self.kind, "clause": self.clause}
        if self.actor is not None:
            d["actor"] = self.actor
        if self.targets:
            d["targets"] = list(self.targets)
        if self.cause is not None:
            d["cause"] = self.cause
        if self.outcome != TOOK_EFFECT:
            d["outcome"] = self.outcome
        if self.numbers:
            d["numbers"] = dict(self.numbers)
        if self.private_to is not None:
            d["private_to"] = list(self.private_to)
        return d

    @classmethod
    def from_dict(cls, game: str, d: dict[str, Any]) -> Event:
        from .actions import _freeze

        return cls(
            d["id"], d["kind"], d["clause"], d.get("actor"), _freeze(d.get("targets", ())), d.get("cause"),
            d.get("outcome", TOOK_EFFECT), tuple(sorted((k, _freeze(v)) for k, v in d.get("numbers", {}).items())),
            tuple(d["private_to"]) if d.get("private_to") is not None else None, game,
        )


class Emitter:
    """Handed to a game's ``apply``: records the events of one step with fresh ids."""

    __slots__ = ("events", "game", "next_id")

    def __init__(self, game: str, next_id: int):
        self.game = game
        self.next_id = next_id
        self.events: list[Event] = []

    def emit(self, kind: str, clause: str, *, actor: int | None = None, targets: tuple = (),
             cause: int | None = None, outcome: str = TOOK_EFFECT, private_to: tuple[int, ...] | None = None,
             **numbers: Any) -> int:
        """Record an event; returns its id so later events (or later steps) can name it as cause."""
        eid = self.next_id
        self.next_id += 1
        self.events.append(Event(eid, kind, clause, actor, tuple(targets), cause, outcome,
                                 tuple(sorted(numbers.items())), private_to, self.game))
        return eid


def visible_log(log, player: int | None, start: int = 0) -> tuple[Event, ...]:
    """The log as ``player`` may see it (None: everything): others' private details redacted.

    ``start``: only the events from that position on (a refresh that has shown the first ``start`` events
    already does work in proportion to what is new, not to the whole game)."""
    if start:
        log = log[start:]
    return tuple(e if e.visible_to(player) else e.redacted() for e in log)


def event_graph(log) -> nx.DiGraph:
    """The events as a DiGraph: an edge cause → effect; node attribute ``order`` is resolution order."""
    g = nx.DiGraph()
    for order, e in enumerate(log):
        g.add_node(e.id, order=order, kind=e.kind, clause=e.clause, actor=e.actor, targets=e.targets,
                   outcome=e.outcome, numbers=dict(e.numbers), event=e)
    for e in log:
        if e.cause is not None and e.cause in g:
            g.add_edge(e.cause, e.id)
    return g
