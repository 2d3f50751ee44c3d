"""EventGraphView: the graph of ``explorer.event_graph`` for a step, a turn or the game, and "why?".

Laid out left to right in resolution order (x = the ``order`` the engine gives each event), each
event one row lower than its cause; coloured by event kind, edges styled by relation (causes, triggers,
cancels, prevents, replaces, resolves before) with a legend; the clause of each link and event on hover
(``widgets.event_graph_figure``). "Why?" picks an event: its chain from the root cause (``explorer.why``) is
ringed on the graph and read out below with each clause.
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
import json
from pathlib import Path

import ipywidgets as ipw
import networkx as nx
import traitlets

import explorer
from widgets.component import ScopedComponent

from .event_graph_figure import KindColours, event_sentence, figure_spec, layout_positions, short_label
from .game_session import GameSession
from .i18n import label
from .plotly_bundle import show_figure

__all__ = ["EventGraphView", "KindColours", "layout_positions"]


class EventGraphView(ScopedComponent):
    """The event chain of the session's current state, as a plotly figure."""

    shown = traitlets.Bool(True)  # False: not on screen, so moves only mark the drawing out of date
    why_event = traitlets.Int(-1)  # the event whose "why?" chain is shown (-1: none); an event of the graph
    _ready = False
    _drawing = False
    _stale = False

    def __init__(self, session: GameSession, lang: str = "en", scope: str = "turn", viewer: int = -1, **kwargs):
        self.session = session
        self._scope = ipw.ToggleButtons(style={"button_width": "90px"})
        self._scope.add_class("re-graph-scope")
        self._title = ipw.HTML()
        self._pick = ipw.Dropdown(layout=ipw.Layout(width="auto", max_width="100%"))
        self._pick.add_class("re-graph-why-pick")
        self._why = ipw.HTML()
        self._why.add_class("re-graph-why")
        self._out = ipw.Output(layout=ipw.Layout(min_height="120px"))
        self._out.add_class("re-graph")
        self.spec: dict = {}  # the figure as plotly JSON: {"data": [...], "layout": {...}}
        self._figure = None
        self.colours = KindColours()
        self.graph: nx.DiGraph = nx.DiGraph()  # the engine's event_graph of the scope's events
        self.drawn: nx.DiGraph = nx.DiGraph()  # the same with the earlier causes, as drawn
        self.context: tuple[explorer.Event, ...] = ()
        super().__init__(children=[ipw.HBox([self._title, self._scope], layout=ipw.Layout(flex_flow="row wrap")),
                                   self._out, self._pick, self._why], **kwargs)
        self.add_class("re-event-graph")
        self.lang, self.scope, self.viewer = lang, scope, viewer
        self._scope.observe(self._on_scope_button, "value")
        self._pick.observe(self._on_pick, "value")
        session.observe(self._on_session, "node_id")
        self._ready = True
        self._on_session(None)  # drawn now if shown, else when first shown

    @traitlets.observe("lang", "scope", "viewer")
    def _on_setting(self, change):
        """Fires when the language, the scope or the viewer changes: redraw."""
        if self._ready:
            self.reset()

    @traitlets.validate("why_event")
    def _valid_why(self, proposal):
        """-1 or an event drawn in the graph now (the value may come from the browser)."""
        value = proposal["value"]
        if value != -1 and value not in self.graph:
            raise traitlets.TraitError(f"no event #{value} in this graph")
        return value

    @traitlets.observe("why_event")
    def _on_why(self, change):
        """Fires when an event is chosen for "why?": ring its chain and read it out."""
        if self._ready and not self._drawing:
            self._draw()

    def _on_pick(self, change):
        """Fires when the person picks an event in the "why?" menu."""
        if self._drawing:
            return
        try:
            self.why_event = change["new"] if change["new"] is not None else -1
        except traitlets.TraitError:
            self._pick.value = self.why_event

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
        self._drawing = True
        try:
            if self.why_event not in self.graph:
                self.why_event = -1
            self._pick.description = label("why_pick", lang)
            self._pick.options = [(label("why_none", lang), -1)] + [
                (f"#{e.id} {short_label(e, lang, True)}", e.id) for e in events]
            self._pick.value = self.why_event
        finally:
            self._drawing = False
        self._draw()

    def chain(self) -> tuple[explorer.Event, ...]:
        """The "why?" chain of the chosen event, root cause first (empty when none is chosen)."""
        if self.why_event < 0:
            return ()
        log = sorted((self.drawn.nodes[n]["event"] for n in self.drawn), key=lambda e: e.id)
        return tuple(explorer.why(log, self.why_event))

    def _draw(self) -> None:
        who = None if self.viewer < 0 else self.viewer
        chain = self.chain()
        self.spec = figure_spec(self.drawn, self.lang, self.colours, who, context={e.id for e in self.context},
                                chain=tuple(e.id for e in chain))
        self._figure = None
        self._stale = False
        show_figure(self._out, self.spec)
        lines = "".join(f"<li>{html.escape(event_sentence(e, self.lang, e.visible_to(who)))}</li>" for e in chain)
        self._why.value = f"<b>{html.escape(label('why_intro', self.lang))}</b><ol>{lines}</ol>" if chain else ""

    @property
    def figure(self):
        """The figure now drawn, as a ``go.Figure`` (made on demand: validation is not paid per step)."""
        if self._figure is None:
            import plotly.graph_objects as go

            self._figure = go.Figure(self.spec)
            self._figure.update_layout(template="none")
        return self._figure

    def _earlier_causes(self, events, who) -> tuple[explorer.Event, ...]:
        """The causes (and their causes) of ``events`` that happened before the scope, and the earlier events
        their links name: drawn in grey, so a step's dodge still shows the attack it cancels."""
        inside = {e.id for e in events}
        found: dict[int, explorer.Event] = {}
        todo = [e for e in events]
        while todo:
            e = todo.pop()
            for other in {e.cause, *(n for _, a, b, _ in e.links for n in (a, b))} - {None, e.id}:
                if other in inside or other in found or other > e.id:
                    continue
                event = self._event_by_id(other)
                if event is not None:
                    found[other] = event if event.visible_to(who) else event.redacted()
                    todo.append(event)
        return tuple(sorted(found.values(), key=lambda x: x.id))

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
        """``figure_spec`` of any graph as a ``go.Figure``."""
        import plotly.graph_objects as go

        return go.Figure(figure_spec(graph, self.lang, self.colours, who, context)).update_layout(template="none")

    def export_html(self, path: str | Path) -> Path:
        """Write the current figure as a standalone HTML file (plotly.js inside, works offline)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.figure.write_html(path, include_plotlyjs=True, full_html=True)
        return path

    def export_graph(self, path: str | Path) -> Path:
        """Write the drawn graph for other tools with networkx's own writers: GraphML (``.graphml``) or
        node-link JSON (``.json``). Node and edge attributes are plain text and numbers (the event's sentence
        in both languages as the viewer may read it, its clause, kind, order; each link's relation and clause)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        who = None if self.viewer < 0 else self.viewer
        plain = nx.DiGraph()
        for n, d in self.drawn.nodes(data=True):
            e = d["event"]
            plain.add_node(n, kind=e.kind, clause=e.clause, order=d["order"], outcome=e.outcome,
                           actor=-1 if e.actor is None else e.actor,
                           text_en=event_sentence(e, "en", e.visible_to(who)),
                           text_zh=event_sentence(e, "zh", e.visible_to(who)))
        for a, b, d in self.drawn.edges(data=True):
            plain.add_edge(a, b, relation=d.get("relation", "causes"), clause=d.get("clause", ""),
                           subject=d.get("subject", a), object=d.get("object", b))
        if path.suffix == ".graphml":
            nx.write_graphml(plain, path)
        elif path.suffix == ".json":
            path.write_text(json.dumps(nx.node_link_data(plain, edges="edges"), ensure_ascii=False, indent=1),
                            encoding="utf-8")
        else:
            raise ValueError(f"export as .graphml or .json, not {path.suffix!r}")
        return path
