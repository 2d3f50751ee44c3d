"""What the event chain pictures share, and the game by turn as a plotly figure (plain JSON).

Each relation of ``explorer.RELATIONS`` has its own colour and dash (``RELATION_STYLE``), named in the page's
language (``relation_word``); each event kind keeps one colour in a session (``KindColours``); an event reads as
one sentence (``event_sentence``). The chain itself is drawn as boxes (``widgets.event_graph.layout`` and
``widgets.event_graph.picture``); the game by turn, one point per turn with its counts, is ``summary_spec``.
"""

from __future__ import annotations

import html

import networkx as nx
from plotly.colors import qualitative

import explorer
from widgets.i18n import event_kind_name, label

PALETTE = tuple(qualitative.Dark24 + qualitative.Light24)
TEXTS = {  # words of the scopes, the summary and the comparison (both languages, same fields)
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


def event_sentence(event: explorer.Event, lang: str, visible: bool) -> str:
    """The event as one line a person reads (redacted when the viewer may not see it)."""
    from widgets.play.event_log import event_text

    return event_text(event, lang, visible)


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
