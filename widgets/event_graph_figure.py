"""The event graph as a plotly figure (plain JSON): layered left to right, edges styled by relation, a legend.

x is the resolution order the engine gives each event, y minus its depth in the chain of causes (a root event on
top). Each relation of ``explorer.RELATIONS`` has its own colour and dash, named in the legend in the chosen
language; hovering an edge's midpoint reads the link as a sentence with the clause that decided it; a node is
labelled with a short text of the event, its full sentence, clause and numbers on hover. The events of a
``why`` chain are ringed and its edges drawn thick.
"""

from __future__ import annotations

import html
import itertools

import networkx as nx
from plotly.colors import qualitative

import explorer

from .i18n import label, player_name

PALETTE = tuple(qualitative.Dark24 + qualitative.Light24)
MAX_ARROWS = 150  # beyond this many edges, plain lines without arrow heads
SHORT = 22        # characters of a node's label
RELATION_STYLE = {  # relation: (colour, dash, English, 中文)
    "causes": ("#9a9a9a", "solid", "causes", "导致"),
    "triggers": ("#1f77b4", "dot", "triggers", "触发"),
    "cancels": ("#d62728", "dash", "cancels", "抵消"),
    "prevents": ("#ff7f0e", "dash", "prevents", "阻止"),
    "replaces": ("#9467bd", "dashdot", "replaces", "取代"),
    "resolves_before": ("#2ca02c", "longdash", "resolves before", "先于…结算"),
}


class KindColours(dict):
    """Event kind → colour, given in the order kinds are first met: the same kind keeps its colour in
    every scope and step of a session, and kinds differ in colour up to 48 of them."""

    def __missing__(self, kind: str) -> str:
        colour = PALETTE[len(self) % len(PALETTE)]
        self[kind] = colour
        return colour


def relation_word(relation: str, lang: str) -> str:
    style = RELATION_STYLE[relation]
    return style[3] if lang == "zh" else style[2]


def layout_positions(graph: nx.DiGraph) -> dict[int, tuple[float, float]]:
    """x = resolution order; y = minus the depth in the cause chain (a root event is on top)."""
    depth: dict[int, int] = {}
    for n in sorted(graph, key=lambda n: graph.nodes[n]["order"]):
        parents = list(graph.predecessors(n))
        depth[n] = 1 + max(depth.get(p, 0) for p in parents) if parents else 0
    return {n: (graph.nodes[n]["order"], -depth[n]) for n in graph}


def event_sentence(event: explorer.Event, lang: str, visible: bool) -> str:
    """The event as one line a person reads (redacted when the viewer may not see it)."""
    from .event_log import event_text

    return event_text(event, lang, visible)


def short_label(event: explorer.Event, lang: str, visible: bool) -> str:
    """A node's label: the start of the event's sentence, without its id and clause."""
    text = event_sentence(event, lang, visible).split("] ", 1)[-1]
    return text if len(text) <= SHORT else text[:SHORT - 1] + "…"


def figure_spec(graph: nx.DiGraph, lang: str, colours: KindColours, who: int | None = None,
                context: set[int] = frozenset(), chain: tuple[int, ...] = ()) -> dict:
    """The figure for ``graph`` as plotly JSON: one trace per relation (edges) and per event kind (nodes); the
    events in ``context`` (earlier causes outside the scope) in grey; the events of ``chain`` ringed."""
    layout = {"height": 300 if len(graph) else 120, "margin": {"l": 20, "r": 20, "t": 10, "b": 20},
              "showlegend": True, "hovermode": "closest", "xaxis": {"visible": False},
              "yaxis": {"visible": False}, "legend": {"orientation": "h", "y": -0.05}, "annotations": []}
    data: list[dict] = []
    if not len(graph):
        layout["annotations"].append({"text": label("no_events", lang), "showarrow": False, "x": 0, "y": 0})
        return {"data": data, "layout": layout}
    pos = layout_positions(graph)
    on_chain = set(itertools.pairwise(chain))
    data += _edge_traces(graph, pos, lang, who, on_chain)
    if graph.number_of_edges() <= MAX_ARROWS:
        layout["annotations"] += [
            {"x": pos[b][0], "y": pos[b][1], "ax": pos[a][0], "ay": pos[a][1], "xref": "x", "yref": "y",
             "axref": "x", "ayref": "y", "showarrow": True, "arrowhead": 2, "arrowsize": 1,
             "arrowwidth": 2.5 if (a, b) in on_chain else 1, "text": "", "standoff": 8, "startstandoff": 8,
             "arrowcolor": RELATION_STYLE[graph.edges[a, b].get("relation", "causes")][0]} for a, b in graph.edges]
    if context:
        events = [graph.nodes[n]["event"] for n in sorted(context)]
        data.append(_points(events, pos, who, lang, label("earlier_cause", lang),
                            {"size": 12, "color": "#ddd", "line": {"width": 1, "color": "#999"}}))
    by_kind: dict[str, list[int]] = {}
    for n in sorted(graph, key=lambda n: graph.nodes[n]["order"]):
        if n not in context:
            by_kind.setdefault(graph.nodes[n]["kind"], []).append(n)
    for kind, nodes in by_kind.items():
        events = [graph.nodes[n]["event"] for n in nodes]
        data.append(_points(events, pos, who, lang, kind, {
            "size": 16, "color": colours[kind], "line": {"width": 1, "color": "#333"},
            "symbol": ["x" if e.cancelled else "circle" for e in events]}))
    if chain:
        ring = [graph.nodes[n]["event"] for n in chain if n in graph]
        data.append({"type": "scatter", "x": [pos[e.id][0] for e in ring], "y": [pos[e.id][1] for e in ring],
                     "mode": "markers", "name": label("why_chain", lang), "hoverinfo": "skip",
                     "marker": {"size": 26, "color": "rgba(0,0,0,0)", "line": {"width": 3, "color": "#e377c2"}}})
    return {"data": data, "layout": layout}


def _edge_traces(graph, pos, lang, who, on_chain) -> list[dict]:
    """Per relation: its lines (legend entry, colour, dash) and a hover point at each edge's middle."""
    out = []
    by_relation: dict[str, list[tuple[int, int]]] = {}
    for a, b, d in graph.edges(data=True):
        by_relation.setdefault(d.get("relation", "causes"), []).append((a, b))
    for relation in (r for r in RELATION_STYLE if r in by_relation):
        colour, dash = RELATION_STYLE[relation][:2]
        edges = by_relation[relation]
        xs, ys = [], []
        for a, b in edges:
            xs += [pos[a][0], pos[b][0], None]
            ys += [pos[a][1], pos[b][1], None]
        thick = any(e in on_chain for e in edges)
        out.append({"type": "scatter", "x": xs, "y": ys, "mode": "lines", "hoverinfo": "skip",
                    "name": relation_word(relation, lang), "legendgroup": relation,
                    "line": {"color": colour, "dash": dash, "width": 2 if thick else 1.2}})
        out.append({"type": "scatter", "mode": "markers", "showlegend": False, "legendgroup": relation,
                    "x": [(pos[a][0] + pos[b][0]) / 2 for a, b in edges],
                    "y": [(pos[a][1] + pos[b][1]) / 2 for a, b in edges],
                    "marker": {"size": 6, "color": colour, "opacity": 0.5}, "hoverinfo": "text",
                    "hovertext": [_link_text(graph, a, b, lang, who) for a, b in edges]})
    return out


def _link_text(graph, a, b, lang, who) -> str:
    """An edge read as a sentence: "#12 dodge … cancels #10 attack … — clause EB-3.2-dodge"."""
    d = graph.edges[a, b]
    subject, obj = d.get("subject", a), d.get("object", b)

    def name(n):
        e = graph.nodes[n]["event"]
        return f"#{n} {short_label(e, lang, e.visible_to(who))}"

    words = f"{name(subject)} {relation_word(d.get('relation', 'causes'), lang)} {name(obj)}"
    return html.escape(f"{words} — {label('clause', lang)} {d.get('clause', '')}")


def _points(events, pos, who, lang, name: str, marker: dict) -> dict:
    """One scatter trace of events: a short text above each, [id, clause] as custom data, the story on hover."""
    return {"type": "scatter", "x": [pos[e.id][0] for e in events], "y": [pos[e.id][1] for e in events],
            "mode": "markers+text", "name": name, "text": [short_label(e, lang, e.visible_to(who)) for e in events],
            "textposition": "top center", "textfont": {"size": 10},
            "customdata": [[e.id, e.clause] for e in events],
            "hovertext": [_hover(e, who, lang) for e in events], "hoverinfo": "text", "marker": marker}


def _hover(event: explorer.Event, who: int | None, lang: str) -> str:
    parts = [html.escape(event_sentence(event, lang, event.visible_to(who))),
             f"{label('clause', lang)}: {event.clause}"]
    if event.actor is not None:
        parts.append(player_name(event.actor, lang))
    if event.cancelled:
        parts.append(label("cancelled", lang))
    if event.visible_to(who):
        parts += [f"{k} = {v}" for k, v in event.numbers]
    return "<br>".join(parts)
