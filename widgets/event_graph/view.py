"""EventGraphView: the graph of ``explorer.event_graph`` for a step, a turn or the game, and "why?".

Drawn as a chain a person reads like a short proof (issue 30, ``widgets.event_graph.layout`` and
``widgets.event_graph.picture``): each event a box with its whole sentence, its kind's colour and its clause, one under
another in resolution order and indented by depth; independent chains side by side where the page is wide;
edges coloured and dashed by relation (causes, triggers, cancels, prevents, replaces, resolves before) with a
legend and the link's sentence on hover. "Why?" picks an event: its chain from the root cause
(``explorer.why``) is ringed in the picture and read out below with each clause. Clicking an event's box picks
it too (the id the browser sends is checked like a pick). The game by turn stays a plotly chart (one point per
turn), sent as a mime bundle by ``widgets.components.plotly_bundle`` (no ``plotly.io`` at kernel start); ``figure``
gives it as a ``go.Figure`` when asked for, and ``export_html(path)`` writes a standalone page of what is shown.

Scopes (issue 15): this step, this turn, "around" (the chosen event with everything that led to it and
everything it led to, ``explorer.event_scopes.around``), the game by turn (one point per turn with its counts,
``summary_graph``: readable however long the game) and the whole game. Below: the same moves under two
readings of an assumption side by side (``widgets.event_graph.compare``) and downloads of the chain as a
standalone HTML page (plotly.js inside, offline), GraphML or JSON. An empty scope says what to do.

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

import explorer
from explorer.event_scopes import around, summary_graph
from widgets.components.component import ScopedComponent
from widgets.components.plotly_bundle import show_figure
from widgets.event_graph import export as event_graph_export
from widgets.event_graph.compare import ReadingsCompare
from widgets.event_graph.export import EXPORTS
from widgets.event_graph.figure import KindColours, event_sentence, period_key, summary_spec, text
from widgets.event_graph.layout import chain_spec
from widgets.event_graph.picture import ChainPicture
from widgets.i18n import event_kind_name, label
from widgets.play.game_session import GameSession

__all__ = ["EventGraphView", "KindColours"]

SHAPES = ("around", "summary")  # scopes drawn from the whole game's log, beyond the session's own
def menu_entry(event: explorer.Event, lang: str) -> str:
    """An event in the "Why?" menu, short enough to read whole on a phone: its id, kind and clause, as its box's
    tag line reads (the sentence is in the box, and in the chain read out below)."""
    return f"#{event.id} {event_kind_name(event.game, event.kind, lang)} · {event.clause}"


class EventGraphView(ScopedComponent):
    """The event chain of the session's current state: boxes and edges (the game by turn: a plotly chart)."""

    shown = traitlets.Bool(True)  # False: not on screen, so moves only mark the drawing out of date
    why_event = traitlets.Int(-1)  # the event whose "why?" chain is shown (-1: none); an event of the graph
    _ready = False
    _drawing = False
    _stale = False

    def __init__(self, session: GameSession, lang: str = "en", scope: str = "turn", viewer: int = -1, **kwargs):
        self.session = session
        self._scope = ipw.ToggleButtons(style={"button_width": "auto"},
                                        layout=ipw.Layout(flex_flow="row wrap", max_width="100%"))
        self._scope.add_class("re-graph-scope")
        self._title = ipw.HTML()
        self._pick = ipw.Dropdown(layout=ipw.Layout(width="auto", max_width="100%"))
        self._pick.add_class("re-graph-why-pick")
        self._why = ipw.HTML()
        self._why.add_class("re-graph-why")
        self._hint = ipw.HTML()
        self._hint.add_class("re-graph-hint")
        self.picture = ChainPicture(self._on_click)  # every scope but the game by turn
        self._exports = [ipw.Button(layout=ipw.Layout(width="auto", min_width="64px")) for _ in EXPORTS]
        for fmt, button in zip(EXPORTS, self._exports, strict=True):
            button.add_class(f"re-graph-export-{fmt}")
            button.on_click(lambda _, fmt=fmt: self.offer_download(fmt))
        self._download = ipw.HTML()
        self._download.add_class("re-graph-download")
        self.summary: nx.DiGraph = nx.DiGraph()  # the game by turn, in the "summary" scope
        self._out = ipw.Output(layout=ipw.Layout(min_height="120px", display="none"))  # the game by turn (plotly)
        self._out.add_class("re-graph")
        self.spec: dict = {}  # the chain_spec drawn (the game by turn: its plotly JSON {"data", "layout"})
        self._figure = None
        self.colours = KindColours()
        self.graph: nx.DiGraph = nx.DiGraph()  # the engine's event_graph of the scope's events
        self.drawn: nx.DiGraph = nx.DiGraph()  # the same with the earlier causes, as drawn
        self.context: tuple[explorer.Event, ...] = ()
        self.compare_panel = None  # made on first draw: it reads the session and the language
        super().__init__(children=[ipw.HBox([self._title, self._scope], layout=ipw.Layout(flex_flow="row wrap")),
                                   self._hint, self.picture, self._out, self._pick, self._why,
                                   ipw.HBox([*self._exports, self._download],
                                            layout=ipw.Layout(flex_flow="row wrap", align_items="center"))],
                         **kwargs)
        self.add_class("re-event-graph")
        self.lang, self.scope, self.viewer = lang, scope, viewer
        self._scope.observe(self._on_scope_button, "value")
        self._pick.observe(self._on_pick, "value")
        session.observe(self._on_session, "node_id")
        self._ready = True
        self._on_session(None)  # drawn now if shown, else when first shown

    @traitlets.validate("scope")
    def _valid_scope(self, proposal):
        """One of the session's scopes, "around" or "summary" (the value may come from the browser)."""
        if proposal["value"] not in (*GameSession.SCOPES, *SHAPES):
            raise traitlets.TraitError(f"scope must be one of {(*GameSession.SCOPES, *SHAPES)}")
        return proposal["value"]

    @traitlets.observe("lang", "scope", "viewer")
    def _on_setting(self, change):
        """Fires when the language, the scope or the viewer changes: redraw (later, if not shown now)."""
        if self._ready:
            self._on_session(None)

    @traitlets.validate("why_event")
    def _valid_why(self, proposal):
        """-1 or an event drawn in the graph now (the value may come from the browser)."""
        value = proposal["value"]
        if self.scope == "around" and value != -1 and self._event_by_id(value) is not None:
            return value  # any event of the line: the view centres on it
        if value != -1 and value not in self.graph:
            raise traitlets.TraitError(f"no event #{value} in this graph")
        return value

    @traitlets.observe("why_event")
    def _on_why(self, change):
        """Fires when an event is chosen for "why?": ring its chain and read it out."""
        if self._ready and not self._drawing:
            if self.scope == "around":  # a new centre
                self.reset()
            else:
                self._draw()

    def _on_pick(self, change):
        """Fires when the person picks an event in the "why?" menu."""
        if self._drawing:
            return
        try:
            self.why_event = change["new"] if change["new"] is not None else -1
        except traitlets.TraitError:
            self._pick.value = self.why_event

    def _on_click(self, event_id: int) -> None:
        """Fires when the person clicks an event on the graph: chosen for "why?" as if picked in the menu (an
        id that is not an event of the graph, e.g. a grey earlier cause or one forged by a browser, is ignored)."""
        if self._drawing or self.scope == "summary":
            return
        try:
            self.why_event = event_id
        except traitlets.TraitError:
            return
        if self.scope != "around":  # "around" redrew around the new centre, its menu included
            self._drawing = True
            try:
                self._pick.value = event_id
            finally:
                self._drawing = False

    def _on_scope_button(self, change):
        """Fires when this step / this turn / whole game is clicked."""
        if not self._drawing and change["new"] in (*GameSession.SCOPES, *SHAPES):
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
                   (text("around", lang), "around"), (text("summary", lang), "summary"),
                   (label("whole_game", lang), "game")]
        self._drawing = True  # relabelling the toggle resets its value: not a person's click
        try:
            if list(self._scope.options) != options:
                self._scope.options = options
            self._scope.value = self.scope
        finally:
            self._drawing = False
        who = None if self.viewer < 0 else self.viewer
        self._download.value = ""
        if self.scope in SHAPES:
            events = self._shape(who)
        else:
            events = explorer.visible_log(self.session.events_in(self.scope), who)
            self.graph = explorer.event_graph(events, texts=False)
            self.context = self._earlier_causes(events, who)
            self.drawn = explorer.event_graph(sorted((*events, *self.context), key=lambda e: e.id), texts=False)
        hint = {"around": text("around_hint", lang), "summary": text("summary_hint", lang)}.get(
            self.scope, text("click_hint", lang))
        self._hint.value = html.escape(label("no_events", lang) if not events else hint)
        for fmt, button in zip(EXPORTS, self._exports, strict=True):
            button.description = f"⤓ {fmt.upper() if fmt != 'graphml' else 'GraphML'}"
            button.tooltip = f"{text('download', lang)} {fmt}"
            button.disabled = not events
        if self.compare_panel is None:
            self.compare_panel = ReadingsCompare(self)
            self.children = (*self.children, self.compare_panel)
        else:
            self.compare_panel.relabel()
        self._title.value = f"<b>{html.escape(label('graph_title', lang, n=len(events)))}</b>"
        self._drawing = True
        try:
            if self.why_event not in self.graph:
                self.why_event = -1
            self._pick.description = label("why_pick", lang)
            self._pick.options = [(label("why_none", lang), -1)] + [
                (menu_entry(e, lang), e.id) for e in (() if self.scope == "summary" else events)]
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

    def _shape(self, who) -> tuple[explorer.Event, ...]:
        """The "around" and "summary" scopes: built from the whole game's log as the viewer sees it."""
        log = explorer.visible_log(self.session.events_in("game"), who)
        full = explorer.event_graph(log, texts=False)
        self.context = ()
        if self.scope == "summary":
            self.summary = summary_graph(log, self._periods())
            self.graph = self.drawn = nx.DiGraph()
            return tuple(log)
        centre = self.why_event if self.why_event in full else (log[-1].id if len(log) else None)
        self.graph = self.drawn = around(full, centre) if centre is not None else nx.DiGraph()
        return tuple(self.graph.nodes[n]["event"] for n in sorted(self.graph))

    def _periods(self) -> dict[int, object]:
        """Each event of the line → the (round, turn) its step was taken in (the start's own events: "start")."""
        periods, node = {}, self.session.node
        while node.parent is not None:
            turn = period_key(self.session.turn_of(node.parent))
            for e in node.state.events:
                periods[e.id] = turn
            node = node.parent
        for e in node.state.log:
            periods.setdefault(e.id, ("start",))
        return periods

    def _draw(self) -> None:
        who = None if self.viewer < 0 else self.viewer
        summary = self.scope == "summary"
        self._out.layout.display = None if summary else "none"
        self.picture.layout.display = "none" if summary or not len(self.drawn) else None  # the hint says "empty"
        if summary:
            self.spec = summary_spec(self.summary, self.lang, self.session.game_id)
            self._figure = None
            self._stale = False
            show_figure(self._out, self.spec)
            self._why.value = ""
            return
        chain = self.chain()
        self.spec = chain_spec(self.drawn, self.lang, self.colours, who, context={e.id for e in self.context},
                               chain=tuple(e.id for e in chain), focus=self.why_event if self.why_event >= 0 else None)
        self._figure = None
        self._stale = False
        self.picture.spec = self.spec
        lines = "".join(f"<li>{html.escape(event_sentence(e, self.lang, e.visible_to(who)))}</li>" for e in chain)
        self._why.value = f"<b>{html.escape(label('why_intro', self.lang))}</b><ol>{lines}</ol>" if chain else ""

    @property
    def figure(self):
        """The game by turn now drawn, as a ``go.Figure`` (made on demand: validation is not paid per step); None
        in the other scopes, which are drawn as boxes (``picture``)."""
        if self.scope != "summary":
            return None
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

    def export_html(self, path: str | Path) -> Path:
        """Write the current figure as a standalone HTML file (plotly.js inside, works offline)."""
        return event_graph_export.export_html(self, path)

    def offer_download(self, fmt: str) -> None:
        """A link that saves the chain now shown as ``fmt`` (html, graphml or json), made on click."""
        self._download.value = event_graph_export.download_link(self, fmt, text("save_as", self.lang, name="{name}"))

    def export_graph(self, path: str | Path) -> Path:
        """Write the drawn graph (or the game by turn) as GraphML or node-link JSON (networkx's writers)."""
        return event_graph_export.export_graph(self, path)
