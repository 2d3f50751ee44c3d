"""BoardBase: what every board shares — a viewer menu (a player's own view, or the teacher's / spectator's
view of everything), validated ``lang`` and ``viewer`` traitlets, and a redraw from ``State.view(viewer)``
whenever the session moves. With ``secrets_note`` on (the Play table), the teacher's view carries a visible
warning that it shows secrets; a table set to a single person (``GameSession.check_viewer``) offers that seat
alone. A board subclass only writes ``render(view) -> html``."""

from __future__ import annotations

import html

import ipywidgets as ipw
import traitlets

from widgets.components.component import SessionComponent, take_from_control
from widgets.i18n import label, player_name
from widgets.play.game_session import GameSession


class BoardBase(SessionComponent):
    """The session's current state as ``viewer`` sees it (-1: everything, k: player k)."""

    css_class = "re-board-widget"
    secrets_note = traitlets.Bool(False)  # warn, in the teacher's view, that every secret is shown
    _ready = False

    def __init__(self, session: GameSession, lang: str = "en", viewer: int = -1, **kwargs):
        self.session = session
        self._viewer = ipw.Dropdown(layout=ipw.Layout(width="220px"))
        self._viewer.add_class("re-viewer")
        self._html = ipw.HTML()
        self._html.add_class("re-board-body")
        self._note = ipw.HTML()
        self._note.add_class("re-secrets-note")
        self.last_view: dict = {}
        self._drawing = False
        super().__init__(children=[self._viewer, self._note, self._html], **kwargs)
        self.add_class(self.css_class)
        self.lang, self.viewer = lang, viewer
        self._viewer.observe(self._on_viewer_menu, "value")
        session.observe(self._on_session, "node_id")
        self._ready = True
        self.reset()

    @traitlets.observe("lang", "viewer", "secrets_note")
    def _on_setting(self, change):
        """Fires when the language or the viewer changes: redraw."""
        if self._ready:
            self.reset()

    def offered_viewers(self) -> list[int]:
        """The views the menu offers: everything (-1) and every seat, or those the session allows (a table set
        to a single person: that seat alone, ``GameSession.check_viewer``)."""
        offered = []
        for k in range(-1, self.session.players):
            try:
                offered.append(self.session.check_viewer(k))
            except traitlets.TraitError:
                pass
        return offered

    def _on_viewer_menu(self, change):
        """Fires when the person picks a viewer in the menu (a refused one is put back)."""
        if not self._drawing and change["new"] is not None:
            take_from_control(self, "viewer", change)

    def _on_session(self, change):
        """Fires when the session moves: draw the new state."""
        self._draw()

    def reset(self) -> None:
        self._drawing = True
        try:
            self._viewer.description = label("viewer", self.lang)
            offered = self.offered_viewers()
            self._viewer.options = [(label("everything", self.lang) if k < 0 else player_name(k, self.lang), k)
                                    for k in offered]
            self._viewer.value = self.viewer
            self._viewer.disabled = len(offered) == 1  # a table set to one person: their own seat, no choice
        finally:
            self._drawing = False
        note = self.secrets_note and self.viewer < 0
        text = html.escape(label("secrets_note", self.lang))
        self._note.value = f"<div style='color:#8a4b00;font-weight:600'>{text}</div>" if note else ""
        self._draw()

    def _draw(self) -> None:
        view = self.session.state.view(None if self.viewer < 0 else self.viewer, with_log=False)
        self.last_view = view
        self._html.value = self.render(view)

    def step_html(self) -> str:
        """"Step k / n" with the class the browser tests and the bench wait on."""
        text = label("step_of", self.lang, step=self.session.step, depth=self.session.tip().depth)
        return f'<span class="re-board-step">{html.escape(text)}</span>'

    def render(self, view: dict) -> str:
        """The board's HTML for one view."""
        raise NotImplementedError
