"""RegistersView: a game's clause register and assumptions register as two readable tables.

The registers mark the engine's notation with backticks (a switch and its value, ``round_limit = 0``, a function):
it is shown as code, in both languages. A switch is named by its label in the page's language, its name as code.
"""

from __future__ import annotations

import html
import re

import ipywidgets as ipw
import traitlets

import explorer
from widgets.component import GameComponent

TITLES = {
    "en": {"clauses": "Clause register", "assumptions": "Assumptions register", "id": "id",
           "section": "seed section", "rule": "rule (our words)", "status": "status",
           "question": "question", "default": "our default", "alternatives": "alternatives",
           "switch": "variant switch", "players": "players", "modelled": "modelled",
           "not modelled": "not modelled"},
    "zh": {"clauses": "规则条款", "assumptions": "假设登记", "id": "编号", "section": "原文章节",
           "rule": "规则（转述）", "status": "状态", "question": "问题", "default": "默认做法",
           "alternatives": "其他做法", "switch": "变体开关", "players": "人数", "modelled": "已实现",
           "not modelled": "未建模"},
}


class RegistersView(GameComponent):
    """Shows ``explorer.rules(game_id)`` and ``explorer.assumptions(game_id)`` in the chosen language."""

    def __init__(self, game_id: str | None = None, lang: str = "en", **kwargs):
        self._header = ipw.HTML()
        self._clauses = ipw.HTML()
        self._assumptions = ipw.HTML()
        tabs = ipw.Accordion(children=[self._clauses, self._assumptions])
        tabs.selected_index = 0
        self._tabs = tabs
        style = ipw.HTML(TABLE_STYLE, layout=ipw.Layout(display="none"))  # the tables' CSS, once
        super().__init__(children=[style, self._header, tabs], **kwargs)
        self.add_class("re-registers")
        self.game_id = game_id or explorer.game_ids()[0]
        self.lang = lang

    @traitlets.observe("game_id", "lang")
    def _on_change(self, change):
        """Fires when the game or the language changes: redraw both tables."""
        self.reset()

    def reset(self) -> None:
        if not self.game_id:
            return
        t = TITLES[self.lang]
        game = explorer.get_game(self.game_id)
        name = game.name_zh if self.lang == "zh" else game.name_en
        self._header.value = (f"<h3>{html.escape(name)} <small>({t['players']}: {game.min_players}–"
                              f"{game.max_players})</small></h3>")  # the game's id is for code, not for readers
        self._tabs.set_title(0, f"{t['clauses']} ({len(game.clauses)})")
        self._tabs.set_title(1, f"{t['assumptions']} ({len(game.assumptions)})")
        rows = "".join(
            f"<tr><td><code>{_e(c.id)}</code></td><td>{_e(section(c.section, self.lang))}</td>"
            f"<td>{_e(c.text(self.lang))}</td>"
            f"<td>{_e(t[c.status] if c.modelled else t[c.status] + ': ' + c.why_not(self.lang))}</td></tr>"
            for c in game.clauses)
        self._clauses.value = _table((t["id"], t["section"], t["rule"], t["status"]), rows)
        rows = "".join(
            f"<tr><td><code>{_e(a.id)}</code></td><td>{rich(a.question(self.lang))}"
            f"</td><td>{rich(a.our_default(self.lang))}</td><td>{rich('; '.join(a.other_readings(self.lang)))}</td>"
            f"<td>{_switch(a, self.lang)}</td></tr>" for a in game.assumptions)
        self._assumptions.value = _table((t["id"], t["question"], t["default"], t["alternatives"], t["switch"]), rows)


def section(text: str, lang: str) -> str:
    """A clause's section: the seed's own heading as written; a heading of ours written "中文 / English" (the
    engine's assumptions) in the page's language."""
    zh, sep, en = text.partition(" / ")
    return (zh if lang == "zh" else en) if sep else text


def _e(text: str) -> str:
    return html.escape(str(text))


def rich(text: str) -> str:
    """A register's text as HTML: escaped, and what it writes in backticks (the engine's notation) as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", _e(text))


def _switch(a, lang: str) -> str:
    """An assumption's switch: its label in ``lang`` over its name (the ``variant`` key) as code; empty if none."""
    return f"{_e(a.label(lang))}<br><code>{_e(a.switch)}</code>" if a.switch else ""


# a register reads whole on a phone: long words (clause ids, "modelled") wrap inside their cell instead of being cut
TABLE_STYLE = ("<style>.re-registers .re-table{width:100%;border-collapse:collapse}"
               ".re-registers .re-table td,.re-registers .re-table th{overflow-wrap:anywhere;vertical-align:top;"
               "padding:2px 6px}</style>")


def _table(headers: tuple[str, ...], rows: str) -> str:
    head = "".join(f"<th style='text-align:left'>{_e(h)}</th>" for h in headers)
    return f"<table class='re-table'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
