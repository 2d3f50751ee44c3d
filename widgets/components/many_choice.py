"""ManyChoice: the action picker's "choose several" row, for a decision that comes again at once (a discard
down to the hand limit). With it on, the picker's buttons add their choice to a list instead of taking it;
"Take the n chosen" hands the list to ``GameSession.choose_many``, which checks it as a whole (each choice
legal in turn) and changes nothing if one is not. Each choice is still a step of its own in the history."""

from __future__ import annotations

import html

import ipywidgets as ipw
import traitlets

from widgets.components.component import Component
from widgets.i18n import label


class ManyChoice(Component):
    """A toggle, the chosen list, confirm and clear; ``collecting`` while the toggle is on and the row offered."""

    active = traitlets.Bool(False)

    def __init__(self, session, lang: str = "en", **kwargs):
        self.session = session
        self.chosen: list = []
        self._node: int | None = None
        self.shown = False  # the decision now shown comes again at once: the row is offered
        self._toggle = ipw.ToggleButton(layout=ipw.Layout(width="auto"))
        self._toggle.add_class("re-many-toggle")
        self._text = ipw.HTML()
        self._text.add_class("re-many-chosen")
        self._go = ipw.Button(button_style="success", layout=ipw.Layout(width="auto"))
        self._go.add_class("re-many-go")
        self._clear = ipw.Button(layout=ipw.Layout(width="auto"))
        self._clear.add_class("re-many-clear")
        super().__init__(children=[ipw.HBox([self._toggle, self._go, self._clear],
                                            layout=ipw.Layout(flex_flow="row wrap")), self._text], **kwargs)
        self.add_class("re-many-choice")
        self.lang = lang
        self._toggle.observe(self._on_toggle, "value")
        self._go.on_click(self._on_go)
        self._clear.on_click(self._on_clear)
        self.layout.display = "none"

    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when the language changes: relabel."""
        self._draw()

    def _on_toggle(self, change):
        """Fires when "Choose several" is switched on or off; switching off forgets the list."""
        self.active = bool(change["new"])
        if not self.active:
            self.chosen = []
        self._draw()

    def _on_go(self, button):
        """Fires on "Take the n chosen": the session checks the whole list, then takes it or nothing."""
        if self.chosen:
            chosen, self.chosen = list(self.chosen), []
            self.session.choose_many(chosen, at_node=self._node)
            self._draw()

    def _on_clear(self, button):
        """Fires on Clear: the list is emptied, nothing is taken."""
        self.chosen = []
        self._draw()

    @property
    def collecting(self) -> bool:
        """The picker's buttons add to the list now (instead of taking their choice)."""
        return self.active and self.shown

    def add(self, action) -> None:
        """A picker button was clicked while the toggle is on: the choice joins the list, which is taken at once
        when it completes the decision (after it, the same choice no longer comes again)."""
        self.chosen.append(action)
        if self._completes():
            self._on_go(None)
        else:
            self._draw()

    def _completes(self) -> bool:
        """Taking the list would end the repeated decision (checked on the side; nothing changes here)."""
        session = self.session
        if session.check_many(self.chosen):
            return False
        state = session.state
        for action in self.chosen:
            state = state.apply(action)
        return not session.repeats(state) and not (
            state.current_player == session.state.current_player and
            {a.kind for a in state.legal_actions()} == {self.chosen[0].kind})

    def offer(self, shown: bool, node_id: int) -> None:
        """Show the row (or hide it) for the decision at ``node_id``; a new decision starts an empty list."""
        if node_id != self._node:
            self.chosen = []
        self._node, self.shown = node_id, shown
        self.layout.display = None if shown else "none"  # the toggle stays as the person left it
        self._draw()

    def _draw(self) -> None:
        lang = self.lang
        self._toggle.description = label("many_mode", lang)
        self._go.description = label("many_go", lang, n=len(self.chosen))
        self._go.disabled = not self.chosen
        self._clear.description = label("many_clear", lang)
        self._go.layout.display = self._clear.layout.display = None if self.active else "none"
        if not self.active:
            self._text.value = ""
        elif self.chosen:
            chosen = "; ".join(a.describe(lang) for a in self.chosen)
            self._text.value = html.escape(label("many_chosen", lang, list=chosen))
        else:
            self._text.value = html.escape(label("many_none", lang))
