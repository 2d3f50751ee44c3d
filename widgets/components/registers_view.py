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
from widgets.components.component import GameComponent

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
        rows = [(id_cell(c.id), _e(section(c.section, self.lang)), _e(c.text(self.lang)),
                 _e(t[c.status] if c.modelled else t[c.status] + ": " + c.why_not(self.lang))) for c in game.clauses]
        self._clauses.value = _table((t["id"], t["section"], t["rule"], t["status"]), rows, self.lang)
        rows = [(id_cell(a.id), rich(a.question(self.lang)), rich(a.our_default(self.lang)),
                 rich("; ".join(a.other_readings(self.lang))), _switch(a, self.lang)) for a in game.assumptions]
        self._assumptions.value = _table((t["id"], t["question"], t["default"], t["alternatives"], t["switch"]), rows,
                                         self.lang)

def section(text: str, lang: str) -> str:
    """A clause's section: the seed's own heading as written; a heading of ours written "中文 / English" (the
    engine's assumptions) in the page's language."""
    zh, sep, en = text.partition(" / ")
    return (zh if lang == "zh" else en) if sep else text


def id_cell(clause_id: str) -> str:
    """A register's id as code that a narrow column breaks only after a "-" or a ".", never inside a word (issue 31:
    "EB-3.2-he / al" on a phone); ``<wbr>`` marks where it may break."""
    return "<code>" + re.sub(r"([.-])", r"\1<wbr>", _e(clause_id)) + "</code>"


def _e(text: str) -> str:
    return html.escape(str(text))


def rich(text: str) -> str:
    """A register's text as HTML: escaped, and what it writes in backticks (the engine's notation) as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", _e(text))


def _switch(a, lang: str) -> str:
    """An assumption's switch: its label in ``lang`` over its name (the ``variant`` key) as code; empty if none."""
    return f"{_e(a.label(lang))}<br><code>{_e(a.switch)}</code>" if a.switch else ""


# A register reads whole on any screen. On a desk, a table: long words ("modelled", a switch's name) wrap inside their
# cell instead of being cut; an id only where id_cell allows it (after "-" or "."). On a phone four or five columns
# left a column one character wide ("1.1 / .1"): each row becomes a card, its id on the first line and each other
# cell under its column's name (``data-label``), across the whole width (issue 31).
TABLE_STYLE = ("<style>.re-registers .re-table{width:100%;border-collapse:collapse}"
               ".re-registers .re-table td,.re-registers .re-table th{overflow-wrap:anywhere;vertical-align:top;"
               "padding:2px 6px}"
               ".re-registers .re-table td.re-id{overflow-wrap:normal;word-break:keep-all;hyphens:none}"
               "@media (max-width:600px){.re-registers .re-table thead{display:none}"
               ".re-registers .re-table tr{display:block;border-top:1px solid #ccc;padding:4px 0}"
               ".re-registers .re-table td{display:block;padding:1px 4px;overflow-wrap:break-word}"
               ".re-registers .re-table td.re-id{font-weight:bold}"
               ".re-registers .re-table td:empty{display:none}"
               ".re-registers .re-table td:not(.re-id)::before{content:attr(data-label);color:#666}}</style>")
COLON = {"en": ": ", "zh": "："}


def _table(headers: tuple[str, ...], rows: list[tuple[str, ...]], lang: str) -> str:
    """The table: its first column the ids (``re-id``); each cell names its column (``data-label``: a phone's card
    shows it before the cell)."""
    head = "".join(f"<th style='text-align:left'>{_e(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td{' class=re-id' if i == 0 else ''} data-label='{_e(h + COLON[lang])}'>{cell}</td>"
                         for i, (h, cell) in enumerate(zip(headers, row, strict=True))) + "</tr>"
        for row in rows)
    return f"<table class='re-table'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
