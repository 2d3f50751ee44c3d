"""EventGraphView: the cause → effect graph of ``explorer.event_graph`` for a step, a turn or the game.

Laid out left to right in resolution order (x = the ``order`` the engine gives each event), each
event one row lower than its cause; coloured by event kind; the clause id and the numbers on hover.
Drawn as a plain ``go.Figure`` in an ``ipw.Output`` (no FigureWidget: no two-way events are needed,
and each FigureWidget ships a 5 MB bundle). ``export_html(path)`` writes a standalone page.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as ipw
import networkx as nx
import plotly.graph_objects as go
import plotly.io as pio
import traitlets
from plotly.colors import qualitative

import explorer
from widgets.component import ScopedComponent

from .game_session import GameSession
from .i18n import label, player_name

PALETTE = tuple(qualitative.Dark24 + qualitative.Light24)
MAX_ARROWS = 150  # beyond this many edges, plain lines without arrow heads


class KindColours(dict):
    """Event kind → colour, given in the order kinds are first met: the same kind keeps its colour in
    every scope and step of a session, and kinds differ in colour up to 48 of them."""

    def __missing__(self, kind: str) -> str:
        colour = PALETTE[len(self) % len(PALETTE)]
        self[kind] = colour
        return colour


def layout_positions(graph: nx.DiGraph) -> dict[int, tuple[float, float]]:
    """x = resolution order; y = minus the depth in the cause chain (a root event is on top)."""
    depth: dict[int, int] = {}
    for n in sorted(graph, key=lambda n: graph.nodes[n]["order"]):
        parents = list(graph.predecessors(n))
        depth[n] = 1 + max(depth.get(p, 0) for p in parents) if parents else 0
    return {n: (graph.nodes[n]["order"], -depth[n]) for n in graph}


class EventGraphView(ScopedComponent):
    """The event chain of the session's current state, as a plotly figure."""

    _ready = False
    _drawing = False

    def __init__(self, session: GameSession, lang: str = "en", scope: str = "turn", viewer: int = -1, **kwargs):
        self.session = session
        self._scope = ipw.ToggleButtons(style={"button_width": "90px"})
        self._scope.add_class("re-graph-scope")
        self._title = ipw.HTML()
        self._out = ipw.Output(layout=ipw.Layout(min_height="120px"))
        self._out.add_class("re-graph")
        self.figure: go.Figure | None = None
        self.colours = KindColours()
        self.graph: nx.DiGraph = nx.DiGraph()  # the engine's event_graph of the scope's events
        self.drawn: nx.DiGraph = nx.DiGraph()  # the same with the earlier causes, as drawn
        self.context: tuple[explorer.Event, ...] = ()
        super().__init__(children=[ipw.HBox([self._title, self._scope]), self._out], **kwargs)
        self.add_class("re-event-graph")
        self.lang, self.scope, self.viewer = lang, scope, viewer
        self._scope.observe(self._on_scope_button, "value")
        session.observe(self._on_session, "node_id")
        self._ready = True
        self.reset()

    @traitlets.observe("lang", "scope", "viewer")
    def _on_setting(self, change):
        """Fires when the language, the scope or the viewer changes: redraw."""
        if self._ready:
            self.reset()

    def _on_scope_button(self, change):
        """Fires when this step / this turn / whole game is clicked."""
        if not self._drawing and change["new"] in GameSession.SCOPES:
            self.scope = change["new"]

    def _on_session(self, change):
        """Fires when the session moves: draw the new state's events."""
        self.reset()

    # --- drawing -----------------------------------------------------------------------------
    def reset(self) -> None:
        lang = self.lang
        options = [(label("this_step", lang), "step"), (label("this_turn", lang), "turn"),
                   (label("whole_game", lang), "game")]
        self._drawing = True  # relabelling the toggle resets its value: not a person's click
        try:
            if list(self._scope.options) != options:
                self._scope.options = options
            self._scope.value = self.scope
        finally:
            self._drawing = False
        who = None if self.viewer < 0 else self.viewer
        events = explorer.visible_log(self.session.events_in(self.scope), who)
        self.graph = explorer.event_graph(events)
        self.context = self._earlier_causes(events, who)
        self.drawn = explorer.event_graph(sorted((*events, *self.context), key=lambda e: e.id))
        self._title.value = f"<b>{html.escape(label('graph_title', lang, n=len(events)))}</b>"
        self.figure = self.build_figure(self.drawn, who, context={e.id for e in self.context})
        bundle = pio.renderers["plotly_mimetype"].to_mimebundle(self.figure.to_dict())
        self._out.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)

    def _earlier_causes(self, events, who) -> tuple[explorer.Event, ...]:
        """The causes (and their causes) of ``events`` that happened before the scope: drawn in grey,
        so a step's dodge still shows the attack it answers."""
        inside = {e.id for e in events}
        by_id = {e.id: e for e in explorer.visible_log(self.session.state.log, who)}
        found: dict[int, explorer.Event] = {}
        for e in events:
            cause = e.cause
            while cause is not None and cause not in inside and cause not in found and cause in by_id:
                found[cause] = by_id[cause]
                cause = by_id[cause].cause
        return tuple(found.values())

    def build_figure(self, graph: nx.DiGraph, who: int | None = None, context: set[int] = frozenset()) -> go.Figure:
        """The figure for ``graph``: one trace per event kind, edges as lines with arrow heads;
        the events in ``context`` (earlier causes outside the scope) in grey."""
        lang = self.lang
        fig = go.Figure()
        fig.update_layout(template="none", height=260 if len(graph) else 120, margin={"l": 20, "r": 20, "t": 10,
                          "b": 20}, showlegend=True, hovermode="closest",
                          xaxis={"visible": False}, yaxis={"visible": False},
                          legend={"orientation": "h", "y": -0.05})
        if not len(graph):
            fig.add_annotation(text=label("no_events", lang), showarrow=False, x=0, y=0)
            return fig
        pos = layout_positions(graph)
        xs, ys = [], []
        for a, b in graph.edges:
            xs += [pos[a][0], pos[b][0], None]
            ys += [pos[a][1], pos[b][1], None]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line={"color": "#bbb", "width": 1}, hoverinfo="skip",
                                 showlegend=False, name="cause → effect"))
        if graph.number_of_edges() <= MAX_ARROWS:
            for a, b in graph.edges:
                fig.add_annotation(x=pos[b][0], y=pos[b][1], ax=pos[a][0], ay=pos[a][1], xref="x", yref="y",
                                   axref="x", ayref="y", showarrow=True, arrowhead=2, arrowsize=1,
                                   arrowwidth=1, arrowcolor="#999", standoff=8, startstandoff=8, text="")
        if context:
            events = [graph.nodes[n]["event"] for n in sorted(context)]
            fig.add_trace(go.Scatter(
                x=[pos[e.id][0] for e in events], y=[pos[e.id][1] for e in events], mode="markers+text",
                name=label("earlier_cause", lang), text=[f"#{e.id}" for e in events], textposition="top center",
                customdata=[e.clause for e in events], hovertext=[self._hover(e, who) for e in events],
                hoverinfo="text", marker={"size": 12, "color": "#ddd", "line": {"width": 1, "color": "#999"}}))
        by_kind: dict[str, list[int]] = {}
        for n in sorted(graph, key=lambda n: graph.nodes[n]["order"]):
            if n not in context:
                by_kind.setdefault(graph.nodes[n]["kind"], []).append(n)
        for kind, nodes in by_kind.items():
            events = [graph.nodes[n]["event"] for n in nodes]
            fig.add_trace(go.Scatter(
                x=[pos[n][0] for n in nodes], y=[pos[n][1] for n in nodes], mode="markers+text", name=kind,
                text=[f"#{e.id}" for e in events], textposition="top center",
                customdata=[e.clause for e in events],
                hovertext=[self._hover(e, who) for e in events], hoverinfo="text",
                marker={"size": 16, "color": self.colours[kind], "line": {"width": 1, "color": "#333"},
                        "symbol": ["x" if e.cancelled else "circle" for e in events]}))
        return fig

    def _hover(self, event: explorer.Event, who: int | None) -> str:
        from .event_log import event_text

        lang = self.lang
        parts = [html.escape(event_text(event, lang, event.visible_to(who))), f"clause: {event.clause}"]
        if event.actor is not None:
            parts.append(player_name(event.actor, lang))
        if event.cancelled:
            parts.append(label("cancelled", lang))
        parts += [f"{k} = {v}" for k, v in event.numbers]
        return "<br>".join(parts)

    def export_html(self, path: str | Path) -> Path:
        """Write the current figure as a standalone HTML file (plotly.js inside, works offline)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.figure.write_html(path, include_plotlyjs=True, full_html=True)
        return path
