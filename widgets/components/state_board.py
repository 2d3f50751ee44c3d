"""StateBoard: any game's board drawn straight from ``State.view(viewer)`` — players side by side,
hidden things as face-down counts. The fallback board for games without a board of their own."""

from __future__ import annotations

import html
from typing import Any

from explorer import CHANCE, TERMINAL, is_hidden
from widgets.components.board_base import BoardBase
from widgets.i18n import label, player_name

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


class StateBoard(BoardBase):
    """Any game's board: the session's current state as ``viewer`` sees it (-1: everything, k: player k)."""

    css_class = "re-state-board-widget"

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
        facts = "".join(f"<tr><td><b>{html.escape(str(k))}</b></td><td>{value_html(v, lang, 1)}</td></tr>"
                        for k, v in view.items() if k not in SKIP)
        boxes = []
        for k, p in enumerate(view.get("players", [])):
            mark = " re-sb-to-move" if k == who else ""
            boxes.append(f'<div class="re-sb-player{mark}"><b>{html.escape(player_name(k, lang))}</b>'
                         f"{value_html(p, lang, 1)}</div>")
        return (f'{STYLE}<div class="re-state-board"><div class="re-sb-head">'
                f'{self.step_html()} · {html.escape(to_move)}'
                f'<table>{facts}</table></div><div class="re-sb-players">{"".join(boxes)}</div></div>')
