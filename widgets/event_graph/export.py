"""The event chain saved for elsewhere: a standalone HTML page that opens offline (the chain's boxes drawn by the
picture's own script, ``chain_picture.standalone_html``; the game by turn by plotly's ``write_html`` with
plotly.js inside), GraphML or node-link JSON (networkx's own writers), and a download link for the page. Read
from an ``EventGraphView``: the picture it shows, the graph it draws (or its game by turn)."""

from __future__ import annotations

import base64
import html
import json
import tempfile
from pathlib import Path

import networkx as nx

from widgets.event_graph.figure import event_sentence, period_name
from widgets.event_graph.picture import standalone_html
from widgets.i18n import label

EXPORTS = ("html", "graphml", "json")
MIME = {"html": "text/html", "graphml": "application/xml", "json": "application/json"}


def export_html(view, path: str | Path) -> Path:
    """Write what the view shows as a standalone HTML file that works offline."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if view.scope == "summary":
        view.figure.write_html(path, include_plotlyjs=True, full_html=True)
    else:
        title = label("graph_title", view.lang, n=len(view.drawn))
        path.write_text(standalone_html(view.spec, title), encoding="utf-8")
    return path


def download_link(view, fmt: str, words: str) -> str:
    """An ``<a download>`` link holding the chain as ``fmt`` (html, graphml or json) in a data URL; ``words``
    is its text with ``{name}`` for the file's name. Made on click: the game by turn's page carries plotly.js."""
    if fmt not in EXPORTS:
        raise ValueError(f"export as one of {EXPORTS}, not {fmt!r}")
    name = f"event-chain-{view.session.game_id}-{view.scope}.{fmt}"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        (export_html if fmt == "html" else export_graph)(view, path)
        data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<a download="{name}" href="data:{MIME[fmt]};base64,{data}">{html.escape(words.format(name=name))}</a>'


def export_graph(view, path: str | Path) -> Path:
    """Write the drawn graph for other tools with networkx's own writers: GraphML (``.graphml``) or
    node-link JSON (``.json``). Node and edge attributes are plain text and numbers (the event's sentence
    in both languages as the viewer may read it, its clause, kind, order; each link's relation and clause);
    in the "summary" scope, one node per turn with its counts."""
    path = Path(path)
    if path.suffix not in (".graphml", ".json"):
        raise ValueError(f"export as .graphml or .json, not {path.suffix!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    who = None if view.viewer < 0 else view.viewer
    plain = plain_summary(view.summary) if view.scope == "summary" else nx.DiGraph()
    for n, d in view.drawn.nodes(data=True):
        e = d["event"]
        plain.add_node(n, kind=e.kind, clause=e.clause, order=d["order"], outcome=e.outcome,
                       actor=-1 if e.actor is None else e.actor,
                       text_en=event_sentence(e, "en", e.visible_to(who)),
                       text_zh=event_sentence(e, "zh", e.visible_to(who)))
    for a, b, d in view.drawn.edges(data=True):
        plain.add_edge(a, b, relation=d.get("relation", "causes"), clause=d.get("clause", ""),
                       subject=d.get("subject", a), object=d.get("object", b))
    if path.suffix == ".graphml":
        nx.write_graphml(plain, path)
    else:
        path.write_text(json.dumps(nx.node_link_data(plain, edges="edges"), ensure_ascii=False, indent=1),
                        encoding="utf-8")
    return path


def plain_summary(summary: nx.DiGraph) -> nx.DiGraph:
    """The game by turn with plain attributes (counts as JSON text), for GraphML / JSON."""
    plain = nx.DiGraph()
    names = {p: str(i) for i, p in enumerate(summary)}
    for p, d in summary.nodes(data=True):
        plain.add_node(names[p], label_en=period_name(p, "en"), label_zh=period_name(p, "zh"), events=d["events"],
                       first=d["first"], last=d["last"], kinds=json.dumps(dict(d["kinds"]), ensure_ascii=False),
                       relations=json.dumps(dict(d["relations"])))
    for a, b, d in summary.edges(data=True):
        plain.add_edge(names[a], names[b], links=d["links"], relations=json.dumps(dict(d["relations"])))
    return plain
