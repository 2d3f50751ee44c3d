"""CastleHeartBoard: the 城堡之心 table as a picture — heroes seated round the table (distance counts in
seats, CH-A04), each with its identity badge (身份, "?" while hidden), HP pips, equipment and its soldiers
(士兵) with their HP; the attack being resolved drawn as an arrow. Everything comes from
``State.view(viewer)``, so a hidden identity stays hidden."""

from __future__ import annotations

import html
import math
from typing import Any

from explorer import is_hidden
from widgets.board_base import BoardBase
from widgets.i18n import player_name

IDENTITIES = {"lord": ("Lord", "城主", "#c9302c"), "enemy": ("Enemy", "敌军", "#222"),
              "reinforcement": ("Reinforcement", "援军", "#2a6ebb"), "neutral": ("Neutral", "中立", "#7a7a7a")}
SOLDIERS = {"knight": ("Knight", "骑士"), "lynx": ("Lynx", "大山猫")}
WORDS = {"en": {"hidden": "identity hidden", "dead": "dead", "dying": "dying", "hand": "hand",
                "equipment": "equipment", "soldiers": "soldiers", "round": "Round", "phase": "Phase",
                "attacks": "attacks", "declared": "declared"},
         "zh": {"hidden": "身份未知", "dead": "阵亡", "dying": "濒死", "hand": "手牌", "equipment": "装备",
                "soldiers": "士兵", "round": "轮", "phase": "阶段", "attacks": "攻击", "declared": "已宣布"}}
STYLE = """<style>
.re-ch-board{font-size:12px;line-height:1.3}
.re-ch-table{position:relative;width:760px;height:560px;margin:4px auto}
.re-ch-round{position:absolute;left:230px;top:150px;width:300px;height:260px;border-radius:50%;
 background:#f4efe2;border:2px solid #d8cba8}
.re-ch-seat{position:absolute;width:200px;margin-left:-100px;margin-top:-55px;border:1px solid #bbb;border-radius:6px;
 background:#fff;padding:4px 6px}
.re-ch-seat.re-ch-active{border:2px solid #d08000}
.re-ch-seat.re-ch-dead{opacity:.5}
.re-ch-badge{display:inline-block;color:#fff;border-radius:3px;padding:0 4px;font-weight:bold}
.re-ch-pip{display:inline-block;width:8px;height:8px;border-radius:50%;margin-right:1px;background:#d9534f}
.re-ch-pip.re-ch-lost{background:#ddd}
.re-ch-soldier{display:inline-block;border:1px solid #888;border-radius:3px;padding:0 3px;margin:1px;background:#f7f7f7}
</style>"""


def seat_xy(k: int, n: int) -> tuple[float, float]:
    """Seat k of n round the table: seat 0 at the top, then clockwise, the order turns follow from the lord."""
    angle = -math.pi / 2 + 2 * math.pi * k / n
    return 380 + 270 * math.cos(angle), 280 + 210 * math.sin(angle)


def badge_html(p: dict[str, Any], lang: str) -> str:
    identity = p.get("identity")
    if is_hidden(identity) or not identity:
        return f'<span class="re-ch-badge" style="background:#999">? {WORDS[lang]["hidden"]}</span>'
    en, zh, colour = IDENTITIES.get(identity, (identity, identity, "#555"))
    return f'<span class="re-ch-badge" style="background:{colour}">{html.escape(zh if lang == "zh" else en)}</span>'


def seat_html(k: int, p: dict[str, Any], n: int, active: Any, lang: str) -> str:
    w = WORDS[lang]
    x, y = seat_xy(k, n)
    classes = ["re-ch-seat"] + (["re-ch-active"] if k == active else []) + ([] if p["alive"] else ["re-ch-dead"])
    pips = "".join(f'<span class="re-ch-pip{"" if i < max(p["hp"], 0) else " re-ch-lost"}"></span>'
                   for i in range(p["max_hp"]))
    state = w["dead"] if not p["alive"] else (w["dying"] if p.get("dying") else "")
    soldiers = "".join(
        f'<span class="re-ch-soldier">{html.escape(SOLDIERS.get(s["kind"], (s["kind"],) * 2)[lang == "zh"])}'
        f' {s["hp"]}</span>' for s in p.get("soldiers", []))
    hand = p.get("hand")
    hand_text = f"🂠 ×{hand['count']}" if is_hidden(hand) else ", ".join(hand) or "—"
    name = p.get(f"hero_{lang}") or p.get("hero") or "—"
    declared = f' · {w["declared"]}: {html.escape(p["declared"])}' if p.get("declared") else ""
    return (f'<div class="{" ".join(classes)}" style="left:{x:.0f}px;top:{y:.0f}px">'
            f'<b>{html.escape(player_name(k, lang))}</b> · {html.escape(name)} {badge_html(p, lang)}{declared}<br>'
            f'{pips} {p["hp"]}/{p["max_hp"]} {html.escape(state)}<br>'
            f'{w["soldiers"]}: {soldiers or "—"}<br>'
            f'{w["equipment"]}: {html.escape(", ".join(p.get("equipment", [])) or "—")}<br>'
            f'{w["hand"]}: {html.escape(hand_text)}</div>')


def arrow_html(attack: dict | None, n: int, lang: str) -> str:
    """The attack being resolved, as a line from the attacker's seat to the target's."""
    if not attack or attack.get("attacker") is None or attack.get("target") is None:
        return ""
    (x1, y1), (x2, y2) = seat_xy(attack["attacker"], n), seat_xy(attack["target"], n)
    return (f'<svg width="760" height="560" style="position:absolute;left:0;top:0;pointer-events:none">'
            f'<defs><marker id="re-ch-head" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">'
            f'<path d="M0,0 L8,4 L0,8 z" fill="#c9302c"/></marker></defs>'
            f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#c9302c" stroke-width="3" '
            f'marker-end="url(#re-ch-head)"><title>{WORDS[lang]["attacks"]}</title></line></svg>')


class CastleHeartBoard(BoardBase):
    """The 城堡之心 table of the session's current state, seen by ``viewer``."""

    css_class = "re-ch-board-widget"

    def render(self, view: dict) -> str:
        lang, w = self.lang, WORDS[self.lang]
        players = view.get("players", [])
        n = max(len(players), 1)
        head = (f'{self.step_html()} · {w["round"]} {view.get("round", "")} · '
                f'{w["phase"]}: {html.escape(str(view.get("phase", "")))}')
        seats = "".join(seat_html(k, p, n, view.get("active"), lang) for k, p in enumerate(players))
        return (f'{STYLE}<div class="re-ch-board"><div>{head}</div><div class="re-ch-table">'
                f'<div class="re-ch-round"></div>{arrow_html(view.get("attack"), n, lang)}{seats}</div></div>')
