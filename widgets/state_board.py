"""StateBoard: any game's board drawn straight from ``State.view(viewer)`` — players side by side,
hidden things as face-down counts. The fallback board for games without a board of their own."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as ipw
import traitlets

from explorer import CHANCE, TERMINAL, is_hidden
from widgets.game_session import GameSession
from widgets.i18n import check_lang, label, player_name

STYLE = """<style>
.re-state-board{font-size:13px;line-height:1.35}
.re-state-board .re-sb-head{padding:4px 6px;background:#eef3f8;border-radius:4px;margin-bottom:6px}
.re-state-board .re-sb-players{display:flex;flex-wrap:wrap;gap:8px}
.re-state-board .re-sb-player{border:1px solid #ccd;border-radius:6px;padding:6px;min-width:220px;flex:1}
.re-state-board .re-sb-player.re-sb-to-move{border:2px solid #c60}
.re-state-board table{border-collapse:collapse}.re-state-board td{padding:1px 6px;vertical-align:top}
.re-state-board .re-sb-hidden{color:#777;font-style:italic}
</style>"""
SKIP = {"log", "players", "current_player"}


def value_html(value: Any, lang: str, depth: int = 0) -> str:
    """A value of a view as compact HTML: hidden markers as face-down counts, lists inline, dicts as tables."""
    if is_hidden(value):
        count = value.get("count")
        text = label("hidden", lang) if count is None else f"🂠 ×{count} ({label('hidden', lang)})"
        return f'<span class="re-sb-hidden">{html.escape(text)}</span>'
    if isinstance(value, dict):
        if not value:
            return "—"
        if depth >= 2:
            return html.escape(", ".join(f"{k}: {v}" for k, v in value.items()))
        rows = "".join(f"<tr><td><b>{html.escape(str(k))}</b></td><td>{value_html(v, lang, depth + 1)}</td></tr>"
                       for k, v in value.items())
        return f"<table>{rows}</table>"
    if isinstance(value, list):
        if not value:
            return "—"
        if all(not isinstance(v, dict | list) for v in value):
            return html.escape(", ".join(str(v) for v in value))
        return "<br>".join(value_html(v, lang, depth + 1) for v in value)
    return html.escape(str(value))


class StateBoard(ipw.VBox):
    """The session's current state as ``viewer`` sees it (-1: everything, k: player k)."""

    lang = traitlets.Unicode("en")
    viewer = traitlets.Int(-1)
    _ready = False

    def __init__(self, session: GameSession, lang: str = "en", viewer: int = -1, **kwargs):
        self.session = session
        self._viewer = ipw.Dropdown(layout=ipw.Layout(width="220px"))
        self._viewer.add_class("re-viewer")
        self._html = ipw.HTML()
        self._html.add_class("re-board-body")
        self.last_view: dict = {}
        self._drawing = False
        super().__init__(children=[self._viewer, self._html], **kwargs)
        self.add_class("re-state-board-widget")
        self.lang, self.viewer = lang, viewer
        self._viewer.observe(self._on_viewer_menu, "value")
        session.observe(self._on_session, "node_id")
        self._ready = True
        self.reset()

    @traitlets.validate("lang")
    def _valid_lang(self, proposal):
        """Only "en" and "zh"."""
        return check_lang(proposal["value"])

    @traitlets.validate("viewer")
    def _valid_viewer(self, proposal):
        """-1 (everything) or a seat of this game (values can come from the browser)."""
        return self.session.check_viewer(proposal["value"])

    @traitlets.observe("lang", "viewer")
    def _on_setting(self, change):
        """Fires when the language or the viewer changes: redraw."""
        if self._ready:
            self.reset()

    def _on_viewer_menu(self, change):
        """Fires when the person picks a viewer in the menu."""
        if not self._drawing and change["new"] is not None:
            self.viewer = change["new"]

    def _on_session(self, change):
        """Fires when the session moves: draw the new state."""
        self._draw()

    def reset(self) -> None:
        self._drawing = True
        try:
            self._viewer.description = label("viewer", self.lang)
            self._viewer.options = [(label("everything", self.lang), -1)] + [
                (player_name(k, self.lang), k) for k in range(self.session.players)]
            self._viewer.value = self.viewer
        finally:
            self._drawing = False
        self._draw()

    def _draw(self) -> None:
        view = self.session.state.view(None if self.viewer < 0 else self.viewer, with_log=False)
        self.last_view = view
        self._html.value = self.render(view)

    def render(self, view: dict) -> str:
        lang = self.lang
        who = view.get("current_player")
        if who == CHANCE:
            to_move = label("chance", lang)
        elif who == TERMINAL:
            winners = self.session.state.winners
            to_move = label("game_over", lang, who=", ".join(player_name(p, lang) for p in winners)
                            or label("nobody", lang))
        else:
            to_move = label("to_decide", lang, who=player_name(who, lang))
        step = label("step_of", lang, step=self.session.step, depth=self.session.tip().depth)
        facts = "".join(f"<tr><td><b>{html.escape(str(k))}</b></td><td>{value_html(v, lang, 1)}</td></tr>"
                        for k, v in view.items() if k not in SKIP)
        boxes = []
        for k, p in enumerate(view.get("players", [])):
            mark = " re-sb-to-move" if k == who else ""
            boxes.append(f'<div class="re-sb-player{mark}"><b>{html.escape(player_name(k, lang))}</b>'
                         f"{value_html(p, lang, 1)}</div>")
        return (f'{STYLE}<div class="re-state-board"><div class="re-sb-head">'
                f'<span class="re-board-step">{html.escape(step)}</span> · {html.escape(to_move)}'
                f'<table>{facts}</table></div><div class="re-sb-players">{"".join(boxes)}</div></div>')
