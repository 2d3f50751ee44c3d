"""The event chain as a picture to read like a short proof (issue 30): what goes where, as plain JSON.

An event graph (``explorer.event_graph``: edges from the earlier event to the later) is cut into **blocks**, its
independent chains (weakly connected components; events linked to nothing are gathered into one block, in
order). Inside a block each event is one **box** on a line of its own, in resolution order, indented by its
depth in the chain of causes (its cause, else its earliest predecessor, one level up), with its whole sentence in
the page's language, its kind's colour and name, and its clause. Edges keep their relation (causes, triggers,
cancels, prevents, replaces, resolves before), each with its colour and dash, named in a legend.

A long scope stays readable: in the block of events linked to nothing (draws, picks, phase marks, coins), a
run of at least ``RUN`` of them in a row is one **run** box a person opens, and in a scope of more than
``FOCUS`` events only the block of the chosen event (else the last) is open; the others are closed to a line
naming their first event. A chain itself is never folded: it is what a person came to read.

The browser draws the spec (``widgets.event_graph.picture``): the boxes flow and wrap in
the page's width (side by side on a desk, one under another on a phone) and the edges are drawn between them.
"""

from __future__ import annotations

import itertools
from collections import Counter

import networkx as nx

import explorer
from widgets.event_graph.figure import RELATION_STYLE, KindColours, event_sentence, relation_word
from widgets.i18n import event_kind_name, label

RUN = 4          # routine events in a row before they are folded into one run box
FOLD_FROM = 16   # runs are folded only in a picture of more events than this (a few events are read as they are)
FOCUS = 150      # beyond this many events, only the chosen event's block starts open
WORDS = {
    "run": {"en": "{n} routine events: {kinds}", "zh": "{n} 个例行事件：{kinds}"},
    "block": {"en": "A chain of {n} events from #{first}: {what}", "zh": "从 #{first} 起的 {n} 个事件：{what}"},
    "loose": {"en": "Events linked to nothing else", "zh": "与其他事件无关联的事件"},
    "open": {"en": "Show", "zh": "展开"},
    "close": {"en": "Hide", "zh": "收起"},
    "differs": {"en": "differs in the other reading", "zh": "与另一种解读不同"},
}


def words(key: str, lang: str, **fields) -> str:
    return WORDS[key]["zh" if lang == "zh" else "en"].format(**fields)


def parent_of(graph: nx.DiGraph, n: int) -> int | None:
    """The box one level up: the event's cause when drawn, else its earliest predecessor, else none."""
    cause = graph.nodes[n]["event"].cause
    if cause is not None and cause in graph and graph.has_edge(cause, n):
        return cause
    before = list(graph.predecessors(n))
    return min(before, key=lambda p: graph.nodes[p]["order"]) if before else None


def blocks_of(graph: nx.DiGraph) -> list[list[int]]:
    """The independent chains in resolution order (each by its first event); single events linked to nothing
    are gathered, in order, into one block after them (routine marks a person reads last)."""
    order = {n: graph.nodes[n]["order"] for n in graph}
    parts = sorted((sorted(c, key=order.__getitem__) for c in nx.weakly_connected_components(graph)),
                   key=lambda c: order[c[0]])
    chains = [part for part in parts if len(part) > 1]
    loose = [part[0] for part in parts if len(part) == 1]
    return [*chains, loose] if loose else chains


def depths(graph: nx.DiGraph, nodes: list[int]) -> dict[int, int]:
    depth: dict[int, int] = {}
    for n in nodes:  # in resolution order: a parent is always earlier
        parent = parent_of(graph, n)
        depth[n] = depth.get(parent, -1) + 1 if parent is not None else 0
    return depth


def chain_spec(graph: nx.DiGraph, lang: str, colours: KindColours, who: int | None = None,
               context: set[int] = frozenset(), chain: tuple[int, ...] = (), changed: set[int] = frozenset(),
               focus: int | None = None) -> dict:
    """The picture of ``graph`` as JSON for ``widgets.event_graph.picture``: blocks of rows (boxes and folded runs),
    edges, the legend and the words. ``context`` are earlier causes from outside the scope (drawn grey),
    ``chain`` the "why?" chain (ringed), ``changed`` the events the other reading of a comparison lacks
    (edged red), ``focus`` the event shown open, whose block stays open in a large picture (default: the last)."""
    spec = {"lang": lang, "blocks": [], "edges": [], "legend": [], "empty": "",
            "words": {k: words(k, lang) for k in ("open", "close")}}
    if not len(graph):
        spec["empty"] = label("no_events", lang)
        return spec
    for n in sorted(graph, key=lambda n: graph.nodes[n]["order"]):  # kinds take colours in resolution order
        colours[graph.nodes[n]["kind"]]
    if focus is None or focus not in graph:  # the current event: the last one
        focus = max(graph, key=lambda n: graph.nodes[n]["order"])
    ringed, keep_open = set(chain), set(chain) | set(changed) | {focus}
    large = len(graph) > FOCUS
    for nodes in blocks_of(graph):
        depth = depths(graph, nodes)
        loose = graph.subgraph(nodes).number_of_edges() == 0  # the events linked to nothing (a chain is never folded)
        foldable = {n for n in nodes if n not in keep_open and n not in context} if loose else set()
        rows = _rows(graph, nodes, depth, lang, colours, who, context, ringed, changed, foldable)
        first = graph.nodes[nodes[0]]["event"]
        title = words("loose", lang) if loose else words(
            "block", lang, n=len(nodes), first=first.id, what=_sentence(first, lang, who))
        spec["blocks"].append({"title": title, "open": not large or focus in nodes or bool(keep_open & set(nodes)),
                               "rows": rows})
    present, on_chain = [], _pairs(chain)
    order = {n: graph.nodes[n]["order"] for n in graph}
    for a, b, d in sorted(graph.edges(data=True), key=lambda e: (order[e[1]], order[e[0]])):
        relation = d.get("relation", "causes")
        present.append(relation)
        spec["edges"].append({"from": a, "to": b, "relation": relation, "on_chain": (a, b) in on_chain,
                              "title": _link_text(graph, a, b, d, lang, who)})
    spec["legend"] = [{"relation": r, "word": relation_word(r, lang), "colour": RELATION_STYLE[r][0],
                       "dash": RELATION_STYLE[r][1]} for r in RELATION_STYLE if r in present]
    marks = [("chain", label("why_chain", lang), bool(ringed & set(graph))),
             ("context", label("earlier_cause", lang), bool(set(context) & set(graph))),
             ("changed", words("differs", lang), bool(set(changed) & set(graph)))]
    spec["marks"] = [{"mark": m, "word": w} for m, w, shown in marks if shown]
    return spec


def spec_boxes(spec: dict) -> list[dict]:
    """Every event box of a chain spec, those folded in runs included, in the order drawn."""
    out: list[dict] = []
    for block in spec.get("blocks", ()):
        for row in block["rows"]:
            out += row["boxes"] if "run" in row else [row]
    return out


def _pairs(chain: tuple[int, ...]) -> set[tuple[int, int]]:
    return set(itertools.pairwise(chain))


def _sentence(event: explorer.Event, lang: str, who: int | None) -> str:
    """The event's sentence without its id and clause (the box shows them apart)."""
    return event_sentence(event, lang, event.visible_to(who)).split("] ", 1)[-1]


def _box(graph, n, depth, lang, colours, who, context, ringed, changed) -> dict:
    e = graph.nodes[n]["event"]
    return {"id": n, "text": _sentence(e, lang, who), "kind": event_kind_name(e.game, e.kind, lang),
            "colour": "#bbbbbb" if n in context else colours[e.kind], "clause": e.clause, "depth": depth,
            "cancelled": e.cancelled, "context": n in context, "chain": n in ringed, "changed": n in changed}


def _rows(graph, nodes, depth, lang, colours, who, context, ringed, changed, foldable: set[int]) -> list[dict]:
    """The block's rows: a box per event, except runs of ``RUN`` or more ``foldable`` events in a row (in the block
    of events linked to nothing) in a picture of more than ``FOLD_FROM`` events, folded into one run row."""
    rows: list[dict] = []
    run: list[int] = []

    def box(n: int) -> dict:
        return _box(graph, n, depth[n], lang, colours, who, context, ringed, changed)

    def flush():
        if len(run) >= RUN and len(graph) > FOLD_FROM:
            kinds = Counter(event_kind_name(graph.nodes[n]["event"].game, graph.nodes[n]["kind"], lang) for n in run)
            said = ", ".join(f"{k} ×{c}" for k, c in kinds.most_common())
            rows.append({"run": words("run", lang, n=len(run), kinds=said), "depth": depth[run[0]],
                         "boxes": [box(n) for n in run]})
        else:
            rows.extend(box(n) for n in run)
        run.clear()

    for n in nodes:
        if n in foldable:
            run.append(n)
        else:
            flush()
            rows.append(box(n))
    flush()
    return rows


def _link_text(graph, a, b, d, lang, who) -> str:
    """An edge read as a sentence: "#12 Player 1 dodges … cancels #10 … — clause EB-3.2-dodge"."""
    subject, obj = d.get("subject", a), d.get("object", b)

    def name(n):
        return f"#{n} {_sentence(graph.nodes[n]['event'], lang, who)}"

    return f"{name(subject)} {relation_word(d.get('relation', 'causes'), lang)} {name(obj)} — " \
           f"{label('clause', lang)} {d.get('clause', '')}"


__all__ = ["FOCUS", "RUN", "blocks_of", "chain_spec", "depths", "parent_of", "spec_boxes"]
