"""EventGraphView: the cause → effect graph of ``explorer.event_graph`` for a step, a turn or the game.

Laid out left to right in resolution order (x = the ``order`` the engine gives each event), each
event one row lower than its cause; coloured by event kind; the clause id and the numbers on hover.
Drawn as plotly JSON in an ``ipw.Output`` (no FigureWidget: no two-way events are needed, and each
FigureWidget ships a 5 MB bundle). The figure is written as plain dicts and sent as a mime bundle by
``widgets.plotly_bundle``: no ``plotly.io`` import at kernel start and no validation of every trace on
every step; ``figure`` gives the same as a ``go.Figure`` when asked for, and ``export_html(path)``
writes a standalone page.

Per step the work does not grow with the game (issue 19): the default scope is the turn, earlier causes
are found by walking back the session's steps, and while ``shown`` is False (the app's graph tab is
closed) a move only marks the graph out of date; it is drawn when the tab opens.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as ipw
import networkx as nx
import traitlets
from plotly.colors import qualitative

import explorer
from widgets.component import ScopedComponent

from .game_session import GameSession
from .i18n import label, player_name
from .plotly_bundle import show_figure

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

    shown = traitlets.Bool(True)  # False: not on screen, so moves only mark the drawing out of date
    _ready = False
    _drawing = False
    _stale = False

    def __init__(self, session: GameSession, lang: str = "en", scope: str = "turn", viewer: int = -1, **kwargs):
        self.session = session
        self._scope = ipw.ToggleButtons(style={"button_width": "90px"})
        self._scope.add_class("re-graph-scope")
        self._title = ipw.HTML()
        self._out = ipw.Output(layout=ipw.Layout(min_height="120px"))
        self._out.add_class("re-graph")
        self.spec: dict = {}  # the figure as plotly JSON: {"data": [...], "layout": {...}}
        self._figure = None
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
        self._on_session(None)  # drawn now if shown, else when first shown

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
        """Fires when the session moves: draw the new state's events (later, if not shown now)."""
        if self.shown:
            self.reset()
        else:
            self._stale = True

    @traitlets.observe("shown")
    def _on_shown(self, change):
        """Fires when the graph comes on screen or leaves it: draw it if a move happened meanwhile."""
        if change["new"] and self._stale and self._ready:
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
        self.graph = explorer.event_graph(events, texts=False)
        self.context = self._earlier_causes(events, who)
        self.drawn = explorer.event_graph(sorted((*events, *self.context), key=lambda e: e.id), texts=False)
        self._title.value = f"<b>{html.escape(label('graph_title', lang, n=len(events)))}</b>"
        self.spec = self.figure_spec(self.drawn, who, context={e.id for e in self.context})
        self._figure = None
        self._stale = False
        show_figure(self._out, self.spec)

    @property
    def figure(self):
        """The figure now drawn, as a ``go.Figure`` (made on demand: validation is not paid per step)."""
        if self._figure is None:
            import plotly.graph_objects as go

            self._figure = go.Figure(self.spec)
            self._figure.update_layout(template="none")
        return self._figure

    def _earlier_causes(self, events, who) -> tuple[explorer.Event, ...]:
        """The causes (and their causes) of ``events`` that happened before the scope: drawn in grey,
        so a step's dodge still shows the attack it answers."""
        inside = {e.id for e in events}
        found: dict[int, explorer.Event] = {}
        for e in events:
            cause = e.cause
            while cause is not None and cause not in inside and cause not in found:
                event = self._event_by_id(cause)
                if event is None:
                    break
                found[cause] = event if event.visible_to(who) else event.redacted()
                cause = event.cause
        return tuple(found.values())

    def _event_by_id(self, event_id: int) -> explorer.Event | None:
        """An earlier event of the current line, found by walking back its steps (events are numbered
        in order, so the walk stops at the step that made it), not by reading the whole log."""
        node = self.session.node
        while node is not None:
            events = node.state.events
            if events and events[0].id <= event_id:
                return next((e for e in events if e.id == event_id), None)
            if node.parent is None:  # before the session's start (a scenario): the start's own log
                return next((e for e in node.state.log if e.id == event_id), None)
            node = node.parent
        return None

    def build_figure(self, graph: nx.DiGraph, who: int | None = None, context: set[int] = frozenset()):
        """``figure_spec`` as a ``go.Figure``."""
        import plotly.graph_objects as go

        return go.Figure(self.figure_spec(graph, who, context)).update_layout(template="none")

    def figure_spec(self, graph: nx.DiGraph, who: int | None = None, context: set[int] = frozenset()) -> dict:
        """The figure for ``graph`` as plotly JSON: one trace per event kind, edges as lines with arrow
        heads; the events in ``context`` (earlier causes outside the scope) in grey."""
        lang = self.lang
        layout = {"height": 260 if len(graph) else 120, "margin": {"l": 20, "r": 20, "t": 10, "b": 20},
                  "showlegend": True, "hovermode": "closest", "xaxis": {"visible": False},
                  "yaxis": {"visible": False}, "legend": {"orientation": "h", "y": -0.05}, "annotations": []}
        data: list[dict] = []
        if not len(graph):
            layout["annotations"].append({"text": label("no_events", lang), "showarrow": False, "x": 0, "y": 0})
            return {"data": data, "layout": layout}
        pos = layout_positions(graph)
        xs, ys = [], []
        for a, b in graph.edges:
            xs += [pos[a][0], pos[b][0], None]
            ys += [pos[a][1], pos[b][1], None]
        data.append({"type": "scatter", "x": xs, "y": ys, "mode": "lines", "line": {"color": "#bbb", "width": 1},
                     "hoverinfo": "skip", "showlegend": False, "name": "cause → effect"})
        if graph.number_of_edges() <= MAX_ARROWS:
            layout["annotations"] += [
                {"x": pos[b][0], "y": pos[b][1], "ax": pos[a][0], "ay": pos[a][1], "xref": "x", "yref": "y",
                 "axref": "x", "ayref": "y", "showarrow": True, "arrowhead": 2, "arrowsize": 1, "arrowwidth": 1,
                 "arrowcolor": "#999", "standoff": 8, "startstandoff": 8, "text": ""} for a, b in graph.edges]
        if context:
            events = [graph.nodes[n]["event"] for n in sorted(context)]
            data.append(self._points(events, pos, who, label("earlier_cause", lang),
                                     {"size": 12, "color": "#ddd", "line": {"width": 1, "color": "#999"}}))
        by_kind: dict[str, list[int]] = {}
        for n in sorted(graph, key=lambda n: graph.nodes[n]["order"]):
            if n not in context:
                by_kind.setdefault(graph.nodes[n]["kind"], []).append(n)
        for kind, nodes in by_kind.items():
            events = [graph.nodes[n]["event"] for n in nodes]
            data.append(self._points(events, pos, who, kind, {
                "size": 16, "color": self.colours[kind], "line": {"width": 1, "color": "#333"},
                "symbol": ["x" if e.cancelled else "circle" for e in events]}))
        return {"data": data, "layout": layout}

    def _points(self, events, pos, who, name: str, marker: dict) -> dict:
        """One scatter trace of events: their ids above, the clause as custom data, the story on hover."""
        return {"type": "scatter", "x": [pos[e.id][0] for e in events], "y": [pos[e.id][1] for e in events],
                "mode": "markers+text", "name": name, "text": [f"#{e.id}" for e in events],
                "textposition": "top center", "customdata": [e.clause for e in events],
                "hovertext": [self._hover(e, who) for e in events], "hoverinfo": "text", "marker": marker}

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
