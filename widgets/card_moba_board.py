"""CardMobaBoard: the card-driven MOBA's grid map as a picture — walls (墙体), special cells (特殊格子),
spawn points (出生点) and heroes where they stand — above each hero's stats, statuses and played sequence.
Everything comes from ``State.view(viewer)``, like every board."""

from __future__ import annotations

import html
from typing import Any

from widgets.board_base import BoardBase
from widgets.i18n import player_name
from widgets.state_board import value_html

COLOURS = ("#d9534f", "#337ab7", "#5cb85c", "#f0ad4e", "#8e44ad", "#16a085")
STYLE = """<style>
.re-moba-board{font-size:13px;line-height:1.35}
.re-moba-grid{border-collapse:collapse;margin:6px 0}
.re-moba-grid td{width:26px;height:26px;border:1px solid #ccd;text-align:center;font-weight:bold;padding:0}
.re-moba-grid td.re-moba-wall{background:#445}
.re-moba-grid td.re-moba-special{box-shadow:inset 0 0 0 3px #e8c547}
.re-moba-grid td.re-moba-spawn{background:#eef6ee}
.re-moba-hero{display:inline-block;width:20px;height:20px;border-radius:50%;color:#fff;line-height:20px;
 text-align:center;font-weight:bold}
.re-moba-players{display:flex;flex-wrap:wrap;gap:8px}
.re-moba-player{border:1px solid #ccd;border-radius:6px;padding:6px;min-width:240px;flex:1}
</style>"""
WORDS = {"en": {"map": "Map", "wall": "wall", "special": "special cell", "spawn": "spawn", "no_map": "No map yet",
                "hp": "HP", "shield": "shield", "stamina": "stamina", "steps": "steps", "score": "score",
                "statuses": "statuses", "played": "played", "phase": "Phase", "round": "Round", "hand": "hand"},
         "zh": {"map": "地图", "wall": "墙体", "special": "特殊格子", "spawn": "出生点", "no_map": "尚未选择地图",
                "hp": "生命", "shield": "护盾", "stamina": "体力", "steps": "步数", "score": "得分",
                "statuses": "状态", "played": "已打出", "phase": "阶段", "round": "轮", "hand": "手牌"}}


def grid_html(game_map: dict | None, players: list[dict], lang: str) -> str:
    """The map as a table of cells: walls dark, special cells outlined, spawns tinted, heroes as discs."""
    w = WORDS[lang]
    if not game_map:
        return f"<p><i>{w['no_map']}</i></p>"
    walls = {tuple(c) for c in game_map["walls"]}
    special = {tuple(s["cell"]): s[lang] for s in game_map["special"]}
    spawns = {tuple(c) for c in game_map["spawns"]}
    heroes = {tuple(p["position"]): k for k, p in enumerate(players) if p.get("position") and p.get("alive", True)}
    rows = []
    for y in range(game_map["height"]):
        cells = []
        for x in range(game_map["width"]):
            classes, title, inner = [], f"({x}, {y})", ""
            if (x, y) in walls:
                classes.append("re-moba-wall")
                title += f" {w['wall']}"
            if (x, y) in special:
                classes.append("re-moba-special")
                title += f" {w['special']}: {special[(x, y)]}"
            if (x, y) in spawns:
                classes.append("re-moba-spawn")
                title += f" {w['spawn']}"
            if (x, y) in heroes:
                k = heroes[(x, y)]
                title += f" {player_name(k, lang)}"
                inner = f'<span class="re-moba-hero" style="background:{COLOURS[k % len(COLOURS)]}">{k}</span>'
            cells.append(f'<td class="{" ".join(classes)}" title="{html.escape(title)}">{inner}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    name = html.escape(game_map.get(lang) or game_map.get("id", ""))
    return f'<div><b>{w["map"]}</b>: {name}<table class="re-moba-grid">{"".join(rows)}</table></div>'


def hero_html(k: int, p: dict[str, Any], lang: str) -> str:
    w = WORDS[lang]
    name = p.get(f"hero_{lang}") or "—"
    colour = COLOURS[k % len(COLOURS)]
    statuses = ", ".join(f"{s[lang]}×{s['layers']}" if s.get("layers") else s[lang] for s in p.get("statuses", []))
    played = " ".join(p.get("played") or ()) or "—"
    facts = (f"{w['hp']} {p['hp']}/{p['hp_cap']} · {w['shield']} {p['shield']} · {w['stamina']} {p['stamina']}/"
             f"{p['stamina_cap']} · {w['steps']} {p['steps']} · {w['score']} {p['score']}")
    return (f'<div class="re-moba-player"><span class="re-moba-hero" style="background:{colour}">{k}</span> '
            f"<b>{html.escape(player_name(k, lang))}</b> · {html.escape(name)}<br>{html.escape(facts)}<br>"
            f"{w['statuses']}: {html.escape(statuses or '—')}<br>{w['played']}: {html.escape(played)}<br>"
            f"{w['hand']}: {value_html(p.get('hand'), lang, 2)}</div>")


class CardMobaBoard(BoardBase):
    """The MOBA's map and heroes of the session's current state, seen by ``viewer``."""

    css_class = "re-moba-board-widget"

    def render(self, view: dict) -> str:
        lang, w = self.lang, WORDS[self.lang]
        players = view.get("players", [])
        turn = view.get("turn") or {}
        head = (f'{self.step_html()} · {w["round"]} {turn.get("round", "")} · '
                f'{w["phase"]}: {html.escape(str(view.get("phase", "")))}')
        heroes = "".join(hero_html(k, p, lang) for k, p in enumerate(players))
        return (f'{STYLE}<div class="re-moba-board"><div>{head}</div>{grid_html(view.get("map"), players, lang)}'
                f'<div class="re-moba-players">{heroes}</div></div>')
