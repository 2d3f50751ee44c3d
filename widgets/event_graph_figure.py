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

from .i18n import event_kind_name, label, player_name

PALETTE = tuple(qualitative.Dark24 + qualitative.Light24)
MAX_ARROWS = 150  # beyond this many edges, plain lines without arrow heads
LARGE = 300       # beyond this many events: WebGL, one trace for all events, labels on hover (bench/event_graph.py)
SHORT = 22        # characters of a node's label
SHORT_ZH = 12     # a Chinese character is about twice as wide: the same width on the page
DIFFERS = "#d62728"
TEXTS = {  # words of the scopes, the summary and the comparison (both languages, same fields)
    "differs": {"en": "differs in the other reading", "zh": "与另一种解读不同"},
    "period": {"en": "Round {round} · P{turn}", "zh": "第{round}轮 · 玩家{turn}"},
    "start": {"en": "start", "zh": "开局"},
    "events_n": {"en": "{n} events", "zh": "{n} 个事件"},
    "links_n": {"en": "{n} links from {a} to {b}", "zh": "从{a}到{b}的 {n} 条关联"},
    "inside": {"en": "links inside", "zh": "内部关联"},
    "turns": {"en": "turns", "zh": "回合"},
    "most": {"en": "most applied clauses", "zh": "最常用的条款"},
    "around": {"en": "around the event", "zh": "事件前后"},
    "summary": {"en": "game by turn", "zh": "整局（按回合）"},
    "download": {"en": "Download", "zh": "下载"},
    "save_as": {"en": "Save {name}", "zh": "保存 {name}"},
    "around_hint": {"en": "The event chosen in “Why?” below (else the last one) with all that led to it and all "
                          "it led to.",
                    "zh": "下方“为什么？”所选的事件（未选则为最后一个事件），连同导致它的一切和它引起的一切。"},
    "click_hint": {"en": "Click an event (or pick it under “Why?” below) to see the chain that led to it.",
                   "zh": "点击一个事件（或在下方“为什么？”中选择）即可看到导致它的事件链。"},
    "summary_hint": {"en": "One point per turn: hover it for its events by kind, its links and clauses; a line "
                           "joins turns a link crosses.",
                     "zh": "每个回合一个点：悬停可见其各类事件、关联与条款；连线表示跨回合的关联。"},
}


def text(key: str, lang: str, **fields) -> str:
    return TEXTS[key]["zh" if lang == "zh" else "en"].format(**fields)
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
    words = event_sentence(event, lang, visible).split("] ", 1)[-1]
    room = SHORT_ZH if lang == "zh" else SHORT
    return words if len(words) <= room else words[:room - 1] + "…"


def figure_spec(graph: nx.DiGraph, lang: str, colours: KindColours, who: int | None = None,
                context: set[int] = frozenset(), chain: tuple[int, ...] = (), changed: set[int] = frozenset()) -> dict:
    """The figure for ``graph`` as plotly JSON: one trace per relation (edges) and per event kind (nodes); the
    events in ``context`` (earlier causes outside the scope) in grey; the events of ``chain`` ringed; the
    events in ``changed`` (not in the other reading of a comparison) in a red square."""
    layout = {"height": 300 if len(graph) else 120, "margin": {"l": 20, "r": 20, "t": 10, "b": 20},
              "showlegend": True, "hovermode": "closest", "xaxis": {"visible": False},
              "yaxis": {"visible": False}, "legend": {"orientation": "h", "y": -0.05}, "annotations": []}
    data: list[dict] = []
    if not len(graph):
        layout["annotations"].append({"text": label("no_events", lang), "showarrow": False, "x": 0, "y": 0})
        return {"data": data, "layout": layout}
    pos = layout_positions(graph)
    xs = [x for x, _ in pos.values()]
    span = max(xs) - min(xs)
    pad = 0.9 if span <= 6 else 0.4 + 0.03 * span  # room for the first and last labels, centred on their points
    layout["xaxis"]["range"] = [min(xs) - pad, max(xs) + pad]
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
    for kind, nodes in by_kind.items():  # the legend names a kind in the page's language; legendgroup keeps the kind
        events = [graph.nodes[n]["event"] for n in nodes]
        trace = _points(events, pos, who, lang, event_kind_name(events[0].game, kind, lang), {
            "size": 16, "color": colours[kind], "line": {"width": 1, "color": "#333"},
            "symbol": ["x" if e.cancelled else "circle" for e in events]})
        data.append(dict(trace, legendgroup=kind))
    if chain:
        ring = [graph.nodes[n]["event"] for n in chain if n in graph]
        data.append({"type": "scatter", "x": [pos[e.id][0] for e in ring], "y": [pos[e.id][1] for e in ring],
                     "mode": "markers", "name": label("why_chain", lang), "hoverinfo": "skip",
                     "marker": {"size": 26, "color": "rgba(0,0,0,0)", "line": {"width": 3, "color": "#e377c2"}}})
    if len(graph) > LARGE:
        data = _large(data, colours)
    differ = sorted(n for n in changed if n in graph)
    if differ:
        data.append({"type": "scatter", "x": [pos[n][0] for n in differ], "y": [pos[n][1] for n in differ],
                     "mode": "markers", "name": text("differs", lang), "hoverinfo": "skip",
                     "customdata": [[n] for n in differ],
                     "marker": {"size": 24, "symbol": "square-open", "color": DIFFERS, "line": {"width": 3}}})
    return {"data": data, "layout": layout}


def _large(data: list[dict], colours: KindColours) -> list[dict]:
    """A graph of many events drawn fast enough (under a second for 1000 in chromium): every trace in WebGL,
    the events of all kinds in one trace coloured by kind (each point's kind in its hover), no labels on the
    points (a thousand labels overlap into nothing: the "game by turn" scope is the readable whole)."""
    kinds = [t for t in data if t.get("mode") == "markers+text" and t.get("legendgroup") in colours]
    rest = [dict(t, type="scattergl", mode="markers" if t.get("mode") == "markers+text" else t.get("mode"))
            for t in data if t not in kinds]
    merged = {"type": "scattergl", "mode": "markers", "name": "events", "hoverinfo": "text", "showlegend": False,
              "x": [], "y": [], "customdata": [], "hovertext": [],
              "marker": {"size": 10, "color": [], "symbol": [], "line": {"width": 1, "color": "#333"}}}
    for t in kinds:
        merged["x"] += t["x"]
        merged["y"] += t["y"]
        merged["customdata"] += t["customdata"]
        merged["hovertext"] += [f"{t['name']}<br>{h}" for h in t["hovertext"]]
        merged["marker"]["color"] += [colours[t["legendgroup"]]] * len(t["x"])
        merged["marker"]["symbol"] += t["marker"]["symbol"]
    return [*rest, merged]


def period_key(turn: tuple) -> tuple:
    """The session's (round, turn) as a summary's key: a game whose view's "turn" is a record (the MOBA's
    {"round", "current", …}) gives its round and current seat; anything else unhashable, its text."""
    rnd, who = turn
    if isinstance(who, dict):
        rnd, who = who.get("round", rnd), who.get("current", who.get("seat"))
    try:
        hash(who)
    except TypeError:
        who = str(who)
    return (rnd, who)


def period_name(key, lang: str) -> str:
    """A turn of the summary as a person reads it: "Round 2 · P1" (the session's (round, turn)) or "start"."""
    if isinstance(key, tuple) and len(key) == 2 and key[0] is not None:
        return text("period", lang, round=key[0], turn=key[1])
    if key in (0, None, ("start",)):
        return text("start", lang)
    return f"{label('turn', lang)} {key}"


def summary_spec(summary: nx.DiGraph, lang: str, game_id: str = "") -> dict:
    """A whole game as ``explorer.event_scopes.summary_graph`` gives it: a point per turn, left to right, its
    size growing with its events, its hover the counts by kind and by relation and the clauses most applied;
    a line between two turns for the links that cross, as thick as they are many; kinds named in ``lang`` by
    the game ``game_id``'s table."""
    layout = {"height": 300, "margin": {"l": 20, "r": 20, "t": 10, "b": 20}, "showlegend": True,
              "hovermode": "closest", "xaxis": {"visible": False}, "yaxis": {"visible": False},
              "legend": {"orientation": "h", "y": -0.05}, "annotations": []}
    if not len(summary):
        layout.update(height=120, annotations=[{"text": label("no_events", lang), "showarrow": False}])
        return {"data": [], "layout": layout}
    nodes = sorted(summary, key=lambda n: summary.nodes[n]["order"])
    pos = {n: (i, (i % 3) * -1) for i, n in enumerate(nodes)}
    data = []
    for a, b, d in summary.edges(data=True):
        words = ", ".join(f"{relation_word(r, lang)} {k}" for r, k in d["relations"].most_common())
        main = d["relations"].most_common(1)[0][0]
        data.append({"type": "scatter", "x": [pos[a][0], pos[b][0]], "y": [pos[a][1], pos[b][1]], "mode": "lines",
                     "showlegend": False, "hoverinfo": "text", "legendgroup": main,
                     "hovertext": html.escape(text("links_n", lang, n=d["links"], a=period_name(a, lang),
                                                   b=period_name(b, lang)) + ": " + words),
                     "line": {"color": RELATION_STYLE[main][0], "width": min(1 + d["links"], 8)}})
    for relation in RELATION_STYLE:  # the legend: which colour is which relation
        if any(d["relations"].most_common(1)[0][0] == relation for *_, d in summary.edges(data=True)):
            data.append({"type": "scatter", "x": [None], "y": [None], "mode": "lines",
                         "name": relation_word(relation, lang), "line": {"color": RELATION_STYLE[relation][0]}})
    hover = []
    for n in nodes:
        d = summary.nodes[n]
        kinds = ", ".join(f"{event_kind_name(game_id, k, lang)} {c}" for k, c in d["kinds"].most_common(6))
        inside = ", ".join(f"{relation_word(r, lang)} {c}" for r, c in d["relations"].most_common())
        clauses = ", ".join(c for c, _ in d["clauses"].most_common(4))
        hover.append("<br>".join(html.escape(x) for x in (
            f"{period_name(n, lang)} — {text('events_n', lang, n=d['events'])} (#{d['first']}–#{d['last']})",
            kinds, f"{text('inside', lang)}: {inside or '—'}", f"{text('most', lang)}: {clauses}")))
    data.append({"type": "scatter", "x": [pos[n][0] for n in nodes], "y": [pos[n][1] for n in nodes],
                 "mode": "markers+text", "name": text("turns", lang), "hoverinfo": "text", "hovertext": hover,
                 "text": [f"{period_name(n, lang)} ({summary.nodes[n]['events']})" for n in nodes],
                 "textposition": "top center", "textfont": {"size": 10},
                 "customdata": [[summary.nodes[n]["first"], summary.nodes[n]["last"]] for n in nodes],
                 "marker": {"size": [8 + min(summary.nodes[n]["events"], 200) ** 0.5 * 2 for n in nodes],
                            "color": "#4c78a8", "line": {"width": 1, "color": "#333"}}})
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
    """One scatter trace of events: a short text above each (below, every other step of the resolution order,
    so neighbours' labels do not run into each other), [id, clause] as custom data, the story on hover."""
    return {"type": "scatter", "x": [pos[e.id][0] for e in events], "y": [pos[e.id][1] for e in events],
            "mode": "markers+text", "name": name, "text": [short_label(e, lang, e.visible_to(who)) for e in events],
            "textposition": ["bottom center" if pos[e.id][0] % 2 else "top center" for e in events],
            "textfont": {"size": 10},
            "customdata": [[e.id, e.clause] for e in events],
            "hovertext": [_hover(e, who, lang) for e in events], "hoverinfo": "text", "marker": marker}


def _hover(event: explorer.Event, who: int | None, lang: str) -> str:
    parts = [html.escape(event_sentence(event, lang, event.visible_to(who))),
             html.escape(event_kind_name(event.game, event.kind, lang)), f"{label('clause', lang)}: {event.clause}"]
    if event.actor is not None:
        parts.append(player_name(event.actor, lang))
    if event.cancelled:
        parts.append(label("cancelled", lang))
    if event.visible_to(who):
        parts += [f"{k} = {v}" for k, v in event.numbers]
    return "<br>".join(parts)
