"""Events: what happened, why, under which clause. The log, the board and the graph all read these."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .actions import _freeze, _not_ready
from .records import maker

if TYPE_CHECKING:  # networkx is imported by the functions that build a graph: not by every game (see event_graph)
    import networkx as nx

TOOK_EFFECT = "took effect"
CANCELLED = "cancelled"

# How one event names another (DESIGN "Events explain themselves"). A link reads "subject relation object":
#   causes           the subject happened, so the object happened            (an attack causes its roll)
#   triggers         the subject fired the object                            (damage triggers a trap)
#   cancels          the subject cancels the object                          (a dodge cancels the attack)
#   prevents         the subject stops (part of) the object's effect        (a block, a shield, the status stack)
#   replaces         the subject happens instead of the object               (a rescue replaces a death)
#   resolves_before  both were due together; a priority clause put the subject first
RELATIONS = ("causes", "triggers", "cancels", "prevents", "replaces", "resolves_before")
SELF = -1  # in Emitter.emit(links=...): the event being emitted
DESCRIBE = _not_ready  # filled in by explorer.registry: (event, lang) -> the game's sentence


@dataclass(frozen=True, slots=True)
class Event:
    """One event: stable id, kind, actor and targets, the event that caused it, the clause applied,
    its outcome (took effect / cancelled) and the numbers involved (dice, totals, damage).

    ``private_to`` lists the players who may see the event's details (None: everyone).
    ``numbers`` are (name, value) pairs sorted by name, so saved and loaded events compare equal.
    ``links`` are ``(relation, subject, object, clause)``: "event ``subject`` <relation> event ``object``, as
    ``clause`` decides" (see ``RELATIONS``); one of the two is this event, the other an earlier one. ``cause``
    is the oldest link of all, kept as it was: it reads ("causes", cause, id, clause).
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
    links: tuple[tuple[str, int, int, str], ...] = ()

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
        """A sentence for a person, written by the game (the registry fills in ``DESCRIBE``)."""
        return DESCRIBE(self, lang)

    def visible_to(self, player: int | None) -> bool:
        return player is None or self.private_to is None or player in self.private_to

    def redacted(self) -> Event:
        """The event as others see it: who did what kind of thing, without the private details."""
        return Event(self.id, self.kind, self.clause, self.actor, (), self.cause, self.outcome, (),
                     self.private_to, self.game, self.links)

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
        if self.links:
            d["links"] = [list(link) for link in self.links]
        return d

    @classmethod
    def from_dict(cls, game: str, d: dict[str, Any]) -> Event:
        return cls(
            d["id"], d["kind"], d["clause"], d.get("actor"), _freeze(d.get("targets", ())), d.get("cause"),
            d.get("outcome", TOOK_EFFECT), tuple(sorted((k, _freeze(v)) for k, v in d.get("numbers", {}).items())),
            tuple(d["private_to"]) if d.get("private_to") is not None else None, game,
            tuple(tuple(link) for link in d.get("links", ())),
        )


class Emitter:
    """Handed to a game's ``apply``: records the events of one step with fresh ids.

    ``past``: the log before this step (anything ``reversed`` walks newest first), read only by ``latest``."""

    __slots__ = ("events", "game", "next_id", "past")

    def __init__(self, game: str, next_id: int, past: Any = ()):
        self.game = game
        self.next_id = next_id
        self.events: list[Event] = []
        self.past = past

    def emit(self, kind: str, clause: str, *, actor: int | None = None, targets: tuple = (),
             cause: int | None = None, outcome: str = TOOK_EFFECT, private_to: tuple[int, ...] | None = None,
             links: tuple = (), **numbers: Any) -> int:
        """Record an event; returns its id so later events (or later steps) can name it as cause.

        ``links``: ``(subject, relation, object[, clause])`` with ``SELF`` for this event, e.g.
        ``links=[(SELF, "cancels", attack_id)]`` or ``[(first, "resolves_before", SELF, "EB-3.2-conflict-order")]``;
        the clause defaults to this event's own."""
        eid = self.next_id
        self.next_id += 1
        made = ()
        if links:
            made = tuple(x for x in (_link(eid, clause, *link) for link in links) if x is not None)
        numbered = tuple(numbers.items())
        if len(numbered) > 1:
            numbered = tuple(sorted(numbered))
        self.events.append(_new_event(eid, kind, clause, actor, tuple(targets), cause, outcome, numbered, private_to,
                                      self.game, made))
        return eid

    def emit_pairs(self, kind: str, clause: str, actor: int | None, numbers: tuple = (), targets: tuple = (),
                   cause: int | None = None, private_to: tuple[int, ...] | None = None) -> int:
        """``emit`` for the rules that run at nearly every step (a draw, a phase, a roll): positional, with the
        numbers already as (name, value) pairs sorted by name and ``targets`` a tuple; no links, outcome "took
        effect". The very event ``emit`` records, without its keyword arguments (about half its cost)."""
        eid = self.next_id
        self.next_id = eid + 1
        self.events.append(_new_event(eid, kind, clause, actor, targets, cause, TOOK_EFFECT, numbers, private_to,
                                      self.game, ()))
        return eid

    def relate(self, subject: int, relation: str, obj: int, clause: str) -> bool:
        """Add a link after both events were emitted: "``subject`` <relation> ``obj``, as ``clause`` decides".

        For orders found out only once both happened (``resolves_before``: a priority clause put ``subject``
        first). The link is stored on the later of the two, which must be an event of this step; nothing is
        added (False) when it is not, when both are one event or either is unknown (a negative id)."""
        if subject == obj or min(subject, obj) < 0:
            return False
        later = max(subject, obj)
        for i, e in enumerate(self.events):
            if e.id == later:
                made = _link(later, clause, SELF if subject == later else subject, relation,
                             SELF if obj == later else obj, clause)
                if made is None or made in e.links:
                    return False
                self.events[i] = replace(e, links=(*e.links, made))
                return True
        return False

    def latest(self, match: Callable[[Event], bool], since: int = 0) -> int | None:
        """The id of the newest event, of this step or of the log before it, that ``match`` accepts; None when
        none from id ``since`` on does (nor in a log that starts afresh, as a hand-built position's does).

        For a link to an earlier step's event whose id the game kept nowhere: the dying a revive stands in for,
        the cancellation an axe answers. ``since`` bounds the walk back (the first event of the attack)."""
        for events in (reversed(self.events), reversed(self.past)):
            for e in events:
                if e.id < since:
                    return None
                if match(e):
                    return e.id
        return None


_new_event = maker(Event)  # Event(...) without the dataclass's __init__: the same event, built at every step


def _link(eid: int, own_clause: str, subject: int, relation: str, obj: int, clause: str = "") -> tuple | None:
    """One stored link, SELF replaced by the new event's id. The relation must be one of RELATIONS and exactly one
    end the new event (else ValueError: a mistake in the rules' code). A link can only name what already happened:
    when the other end is not an earlier event of this log (a cause carried into a hand-built position, whose log
    starts afresh) there is nothing to link, and None is returned."""
    if relation not in RELATIONS:
        raise ValueError(f"relation {relation!r} is not one of {RELATIONS}")
    if (subject == SELF) == (obj == SELF):
        raise ValueError(f"a link joins the new event (SELF) and one other, not {subject!r} and {obj!r}")
    other = obj if subject == SELF else subject
    if not isinstance(other, int) or not 0 <= other < eid:
        return None
    subject, obj = (eid if subject == SELF else subject), (eid if obj == SELF else obj)
    return (relation, subject, obj, clause or own_clause)


def visible_log(log, player: int | None, start: int = 0) -> tuple[Event, ...]:
    """The log as ``player`` may see it (None: everything): others' private details redacted.

    ``start``: only the events from that position on (a refresh that has shown the first ``start`` events
    already does work in proportion to what is new, not to the whole game)."""
    if start:
        log = log[start:]
    return tuple(e if e.visible_to(player) else e.redacted() for e in log)


def relations(e: Event) -> tuple[tuple[str, int, int, str], ...]:
    """Every link of ``e``, then its ``cause`` (as ("causes", cause, e.id, e.clause))."""
    own = (("causes", e.cause, e.id, e.clause),) if e.cause is not None else ()
    return e.links + own


def event_graph(log, texts: bool = True) -> nx.DiGraph:
    """The events as a DAG in resolution order.

    Nodes: the event id, with ``order`` (resolution order), ``kind``, ``clause``, ``actor``, ``targets``,
    ``outcome``, ``numbers``, ``event`` and, when ``texts``, ``text_en`` / ``text_zh`` (the sentence a person
    reads). Edges go from the earlier event to the later one, so the graph is acyclic; each carries
    ``relation``, ``clause``, ``subject`` and ``object`` (the link reads "subject relation object": for a dodge
    that cancels an attack the edge is attack → dodge with subject = the dodge). Between two events the first
    named link wins, and a plain ``cause`` only where no link says more.

    networkx is imported here, when a graph is first asked for, not with the engine: its tens of thousands of
    objects would otherwise sit in every game's process, and the cycle collector walks them all at each full
    collection, a cost on every step of a person's game (issue 33).
    """
    import networkx as nx

    g = nx.DiGraph()
    for order, e in enumerate(log):
        attrs = {"order": order, "kind": e.kind, "clause": e.clause, "actor": e.actor, "targets": e.targets,
                 "outcome": e.outcome, "numbers": dict(e.numbers), "event": e}
        if texts and e.game:
            attrs["text_en"], attrs["text_zh"] = e.describe("en"), e.describe("zh")
        g.add_node(e.id, **attrs)
    for e in log:
        for relation, subject, obj, clause in relations(e):
            if subject in g and obj in g:
                first, last = sorted((subject, obj), key=lambda n: g.nodes[n]["order"])
                if not g.has_edge(first, last):
                    g.add_edge(first, last, relation=relation, clause=clause, subject=subject, object=obj)
    return g


def why(log, event_id: int) -> list[Event]:
    """The chain that led to ``event_id``: from its root cause (the first event of the action that started it)
    through each event's ``cause`` (or, without one, the earliest event that caused or triggered it) to the
    event itself."""
    by_id = {e.id: e for e in log}
    if event_id not in by_id:
        raise KeyError(f"no event #{event_id} in this log")
    fired_by: dict[int, int] = {}
    for e in log:
        for relation, subject, obj, _ in e.links:
            if relation in ("causes", "triggers") and subject in by_id:
                fired_by.setdefault(obj, subject)
    chain = [by_id[event_id]]
    while True:
        e = chain[-1]
        parent = e.cause if e.cause in by_id else fired_by.get(e.id)
        if parent is None or any(c.id == parent for c in chain):
            return chain[::-1]
        chain.append(by_id[parent])
