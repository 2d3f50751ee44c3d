"""EventLog: the events in resolution order, each line a sentence; select one to read its clause.

A line reads as a sentence, "#12 Player 0 attacks Player 1" (issue 31: no clause id inside words meant to be read);
the rule behind it is one tap away: the detail under the list names the selected event's clause (its id, section
and words). The clause is shown in Chinese and in English with the seed section it comes from. Cancelled
events are marked. With a ``viewer`` set, events private to other players are redacted
(``explorer.visible_log``): their details never reach the page.
"""

from __future__ import annotations

import html

import ipywidgets as ipw
import traitlets

import explorer
from widgets.components.component import ScopedComponent
from widgets.i18n import clause_tag, event_kind_name, label, redacted_event
from widgets.play.game_session import GameSession

MAX_ROWS = 400  # the newest events shown; older ones are counted
# The list box's lines (an event's words) are longer than a phone is wide, and a list box cuts a line at its right
# edge (issue 31): each line wraps instead, between words (inside a word only when the word alone is too long), and
# the list keeps its height however many screen lines its first event takes (a list box is its first line's height
# times its rows).
# ipywidgets draws a list box's spaces as no-break spaces (U+00A0), which never end a line: a line could then wrap
# only inside a word ("Warlo / ck"). A zero-width space after each space is where a line may wrap instead.
WRAP = "\u200b"
STYLE = """<style>
.re-event-log .re-log-list select option { white-space: normal; overflow-wrap: break-word; padding: 1px 0; }
.re-event-log .re-log-list select { height: 18em; }
</style>"""


def event_words(event: explorer.Event, lang: str, visible: bool = True) -> str:
    """What happened, as a sentence: the game's description (or, for a private event of another's, who did what,
    hidden), a cancelled event marked; no id."""
    if visible:
        try:
            text = event.describe(lang)
        except Exception:  # a description should never break the log
            text = event_kind_name(event.game, event.kind, lang)
    else:
        text = redacted_event(event, lang)
    mark = f" ✗ {label('cancelled', lang)}" if event.cancelled else ""
    return f"{text}{mark}"


def log_line(event: explorer.Event, lang: str, visible: bool = True) -> str:
    """A line of the log: the event's number and its sentence; its clause is in the detail (issue 31)."""
    return f"#{event.id} {event_words(event, lang, visible)}"


def tagged_line(event: explorer.Event, lang: str, viewer: int | None) -> str:
    """A log line as HTML for a list that shows no detail of its own (the Learn tab's events): the sentence, and its
    clause id as a small tag beside it (``clause_tag``), never inside the words; another's private event redacted."""
    visible = event.visible_to(viewer)
    return f"{html.escape(log_line(event, lang, visible))} {clause_tag(event.clause)}"


def wrappable(text: str) -> str:
    """A list box's line with a place to wrap after each space (``WRAP``); the words are unchanged."""
    return text.replace(" ", " " + WRAP)


def event_text(event: explorer.Event, lang: str, visible: bool = True) -> str:
    """One line with the clause id in brackets, for the event graph's hover (a tooltip, not a sentence to read):
    id, clause, the sentence."""
    return f"#{event.id} [{event.clause}] {event_words(event, lang, visible)}"


class EventLog(ScopedComponent):
    """The session's events; ``selected`` is the id of the event whose clause is shown (-1: none)."""

    selected = traitlets.Int(-1)
    _ready = False

    def __init__(self, session: GameSession, lang: str = "en", viewer: int = -1, scope: str = "turn", **kwargs):
        self.session = session
        self._title = ipw.HTML()
        # each scope's whole word on any screen ("whole game" was cut at a fixed 90 px)
        self._scope = ipw.ToggleButtons(style={"button_width": "auto"},
                                        layout=ipw.Layout(flex_flow="row wrap", max_width="100%"))
        self._scope.add_class("re-log-scope")
        self._list = ipw.Select(rows=12, layout=ipw.Layout(width="100%"))
        self._list.add_class("re-log-list")
        self._detail = ipw.HTML()
        self._detail.add_class("re-clause")
        self._shown: tuple[explorer.Event, ...] = ()
        self._drawing = False
        style = ipw.HTML(STYLE, layout=ipw.Layout(display="none"))
        super().__init__(children=[style, self._title, self._scope, self._list, self._detail], **kwargs)
        self.add_class("re-event-log")
        self.viewer, self.scope, self.lang = viewer, scope, lang
        self._scope.observe(self._on_scope_button, "value")
        self._list.observe(self._on_pick, "value")
        session.observe(self._on_session, "node_id")
        self._ready = True
        self.reset()

    # --- validation -------------------------------------------------------------------------

    @traitlets.validate("selected")
    def _valid_selected(self, proposal):
        """-1 or the id of an event now listed."""
        value = proposal["value"]
        if value != -1 and value not in {e.id for e in self._shown}:
            raise traitlets.TraitError(f"no event #{value} in the log shown")
        return value

    # --- handlers ----------------------------------------------------------------------------
    @traitlets.observe("lang", "viewer", "scope")
    def _on_setting(self, change):
        """Fires when the language, the viewer or the scope changes: redraw."""
        if self._ready:
            self.reset()

    @traitlets.observe("selected")
    def _on_selected(self, change):
        """Fires when an event is selected (from the list or from Python): show its clause."""
        if not self._drawing and self._list.value != (None if change["new"] == -1 else change["new"]):
            self._drawing = True
            try:
                self._list.value = None if change["new"] == -1 else change["new"]
            finally:
                self._drawing = False
        self._detail.value = self._clause_html()

    def _on_pick(self, change):
        """Fires when a row of the list is clicked."""
        if not self._drawing:
            self.selected = -1 if change["new"] is None else change["new"]

    def _on_scope_button(self, change):
        """Fires when this step / this turn / whole game is clicked."""
        if not self._drawing and change["new"] in GameSession.SCOPES:
            self.scope = change["new"]

    def _on_session(self, change):
        """Fires when the session moves: list the events of the new state."""
        self.reset()

    # --- drawing -----------------------------------------------------------------------------
    @property
    def events(self) -> tuple[explorer.Event, ...]:
        """The events listed now, as the viewer may see them."""
        return self._shown

    def reset(self) -> None:
        lang = self.lang
        who = None if self.viewer < 0 else self.viewer
        events = self.session.events_in(self.scope)
        self._shown = explorer.visible_log(events[-MAX_ROWS:], who)  # only the rows shown are redacted
        self._drawing = True
        try:
            self._scope.options = [(label("this_step", lang), "step"), (label("this_turn", lang), "turn"),
                                   (label("whole_game", lang), "game")]
            self._scope.value = self.scope
            self._list.options = [(wrappable(log_line(e, lang, e.visible_to(who))), e.id) for e in self._shown]
            keep = self.selected if self.selected in {e.id for e in self._shown} else -1
            self._list.value = None if keep == -1 else keep
        finally:
            self._drawing = False
        older = len(events) - len(self._shown)
        suffix = f" (+{older} …)" if older else ""
        self._title.value = f"<b>{html.escape(label('events', lang))}</b> {len(events)}{suffix}"
        if self.selected != keep:
            self.selected = keep
        else:
            self._detail.value = self._clause_html()

    def _clause_html(self) -> str:
        lang = self.lang
        if self.selected == -1:
            return f"<i>{html.escape(label('no_event', lang))}</i>"
        event = next(e for e in self._shown if e.id == self.selected)
        who = None if self.viewer < 0 else self.viewer
        clause = self.session.game.clause_index.get(event.clause)
        rows = [f"<b>{html.escape(log_line(event, lang, event.visible_to(who)))}</b>"]  # its clause: below
        # the engine's own fields, named as the engine names them (attack_die, took effect): shown as code, under a
        # caption that says so in the page's language, not as a sentence to read (issue 31 point 5)
        facts = []
        if event.actor is not None:
            facts.append(f"actor={event.actor}")
        if event.targets:
            facts.append(f"targets={','.join(map(str, event.targets))}")
        if event.cause is not None:
            facts.append(f"cause=#{event.cause}")
        facts.append(f"outcome={event.outcome}")
        facts += [f"{k}={v}" for k, v in event.numbers]
        rows.append(f"<span class='re-event-record'>{html.escape(label('engine_record', lang))}: "
                    f"<code>{html.escape(' · '.join(facts))}</code></span>")
        if clause is None:
            rows.append(f"{label('clause', lang)} {html.escape(event.clause)}: ?")
        else:
            rows.append(f"<b>{html.escape(label('clause', lang))} {html.escape(clause.id)}</b> "
                        f"({html.escape(label('section', lang))}: "
                        f"<span lang='zh'>{html.escape(clause.section)}</span>)")
            rows.append(f'<div class="re-clause-zh" lang="zh">中文：{html.escape(clause.zh)}</div>')
            rows.append(f'<div class="re-clause-en" lang="en">English: {html.escape(clause.en)}</div>')
            if clause.seed:
                rows.append(f"<blockquote>{html.escape(label('seed_quote', lang))}: "
                            f"<span lang='zh'>{html.escape(clause.seed)}</span></blockquote>")
        return '<div class="re-clause-detail">' + "<br>".join(rows) + "</div>"
