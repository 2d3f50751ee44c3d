"""Scopes of the event graph, a whole game summarised per turn, and two readings compared (issue 15).

- ``around(graph, event_id)``: the chosen event with everything that led to it and everything it led to
  (networkx's ``ancestors`` / ``descendants`` over every relation).
- ``turn_marks(log)`` / ``summary_graph(log, period_of)``: a whole game as one node per turn (or round) with
  its events counted by kind and by relation, and an edge between two turns for each link that crosses
  from one to the other: a few dozen nodes instead of thousands.
- ``under_reading(state, actions, switch, value)`` and ``compare_logs(a, b)``: the same situation played under
  another reading of an assumption (a ``variant`` switch of the game's register) and what differs between
  the two logs, so two figures can be drawn side by side with the differences ringed.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING

from .events import Event, event_graph, relations

if TYPE_CHECKING:  # imported where a graph is made (events.event_graph says why)
    import networkx as nx

TURN_KINDS = ("turn", "round")  # the event kinds with which a game marks a new turn (or, 永恒之息, a round)


def around(graph: nx.DiGraph, event_id: int) -> nx.DiGraph:
    """The sub-graph of ``event_id``, its ancestors (what led to it) and its descendants (what it led to)."""
    if event_id not in graph:
        raise KeyError(f"no event #{event_id} in this graph")
    import networkx as nx

    keep = nx.ancestors(graph, event_id) | nx.descendants(graph, event_id) | {event_id}
    return graph.subgraph(keep).copy()


def turn_marks(log: Iterable[Event], kinds: tuple[str, ...] = TURN_KINDS) -> dict[int, int]:
    """Each event's period: 0 before the first turn mark, then 1, 2, … from each event of a kind in ``kinds``
    on (the MOBA's and 城堡之心's "turn" events, 永恒之息's "round" events)."""
    period, out = 0, {}
    for e in log:
        if e.kind in kinds:
            period += 1
        out[e.id] = period
    return out


def summary_graph(log, period_of: Mapping[int, Hashable] | Callable[[Event], Hashable] | None = None) -> nx.DiGraph:
    """The whole game, one node per period (by default ``turn_marks``), in the order periods first appear.

    A node carries ``order``, ``events`` (how many), ``kinds`` and ``relations`` (Counters of the events'
    kinds and of the links inside it), ``first`` / ``last`` (event ids), ``actors`` and ``clauses`` (the
    clauses applied most, up to 5). An edge joins two periods when a link of one names an event of the other;
    it carries ``links`` (how many) and ``relations`` (a Counter). Every event and every link is counted once:
    the events of all nodes sum to the log's length, the links inside and across to all its links."""
    log = list(log)
    if period_of is None:
        period_of = turn_marks(log)
    key = period_of if callable(period_of) else (lambda e: period_of.get(e.id))
    import networkx as nx

    g = nx.DiGraph()
    where: dict[int, Hashable] = {}
    for e in log:
        p = key(e)
        where[e.id] = p
        if p not in g:
            g.add_node(p, order=len(g), events=0, kinds=Counter(), relations=Counter(), first=e.id, last=e.id,
                       actors=set(), clauses=Counter())
        d = g.nodes[p]
        d["events"] += 1
        d["kinds"][e.kind] += 1
        d["clauses"][e.clause] += 1
        d["last"] = e.id
        if e.actor is not None and e.actor >= 0:
            d["actors"].add(e.actor)
    for e in log:
        for relation, subject, obj, _clause in relations(e):
            if subject not in where or obj not in where:
                continue
            a, b = sorted((where[subject], where[obj]), key=lambda p: g.nodes[p]["order"])
            if a == b:
                g.nodes[a]["relations"][relation] += 1
                continue
            if not g.has_edge(a, b):
                g.add_edge(a, b, links=0, relations=Counter())
            g.edges[a, b]["links"] += 1
            g.edges[a, b]["relations"][relation] += 1
    return g


def signature(e: Event) -> tuple:
    """What an event is, without its id: kind, clause, actor, targets, outcome and numbers."""
    return (e.kind, e.clause, e.actor, e.targets, e.outcome, e.numbers)


def compare_logs(a, b) -> tuple[set[int], set[int]]:
    """The events of ``a`` not matched in ``b`` and those of ``b`` not matched in ``a`` (ids), matching the two
    logs in order by ``signature`` (difflib's longest matching blocks): what one reading changes."""
    a, b = list(a), list(b)
    matcher = difflib.SequenceMatcher(None, [signature(e) for e in a], [signature(e) for e in b], autojunk=False)
    same_a, same_b = set(), set()
    for block in matcher.get_matching_blocks():
        same_a.update(e.id for e in a[block.a:block.a + block.size])
        same_b.update(e.id for e in b[block.b:block.b + block.size])
    return {e.id for e in a} - same_a, {e.id for e in b} - same_b


def under_reading(start, actions, switch: str, value) -> tuple[object, int]:
    """``start`` with the assumption ``switch`` read as ``value``, then ``actions`` replayed on it while they
    stay legal. Returns the state reached and how many actions were played (fewer than given when the
    readings part: the next one is not legal under this reading).

    The reading is swapped into the position itself: every field of the game's data that the reading
    changes in a fresh game (``game.initial``), such as its rules, is set as under ``value``."""
    from .state import State

    game = start.game
    variant = {**start.variant, switch: value}
    resolved = game.resolve_variant(variant)
    old, new = game.initial(start.players, game.resolve_variant(start.variant)), game.initial(start.players, resolved)
    data = start.data
    if dataclasses.is_dataclass(data):
        changes = {f.name: getattr(new, f.name) for f in dataclasses.fields(data)
                   if getattr(old, f.name) != getattr(new, f.name) and getattr(data, f.name) == getattr(old, f.name)}
        data = dataclasses.replace(data, **changes) if changes else data
    state = State(game, start.players, resolved, data, log=start.log)  # ids go on from the same log
    played = 0
    for action in actions:
        if action not in state.legal_actions():
            break
        state = state.apply(action)
        played += 1
    return state, played


def readings_graphs(start, actions, switch: str, values: tuple) -> list[tuple[nx.DiGraph, set[int], int]]:
    """For each value of ``switch``: the event graph of ``actions`` replayed under it (the events after
    ``start``), the ids that differ from the other reading's, and how many actions were played."""
    runs = [under_reading(start, actions, switch, v) for v in values]
    logs = [state.log[len(start.log):] for state, _ in runs]
    only = compare_logs(logs[0], logs[1]) if len(logs) == 2 else ((),) * len(logs)
    return [(event_graph(log, texts=False), set(diff), played)
            for log, diff, (_, played) in zip(logs, only, runs, strict=True)]
