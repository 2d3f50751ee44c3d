"""CardMobaBoard: the card-driven MOBA's table — a header (step, round, phase, mode, and at the end who won and
why), the clickable map (``widgets.games.card_moba.grid``: walls 墙体, special cells 特殊格子, spawn points 出生点,
heroes where they stand, the current decision's cells highlighted) beside each hero's panel: the hero card, its numbers,
statuses, marks, skills, bloodline and hand as card faces (``widgets.components.card_face``), never a catalogue id.
Everything comes from ``State.view(viewer)``, like every board; another player's hand is only counted."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as ipw

import explorer
from explorer.games.card_moba.content import sample
from widgets.components.board_base import BoardBase
from widgets.components.card_face import STYLE as FACE_STYLE
from widgets.components.card_face import face_html, hidden_face_html
from widgets.games.card_moba.faces import (
    cap_text,
    card_face,
    hero_face,
    mark_face,
    number_face,
    piece_face,
    skill_face,
    status_face,
)
from widgets.games.card_moba.grid import CardMobaMap
from widgets.i18n import clause_tag, player_name
from widgets.play.game_session import GameSession

COLOURS = ("#d9534f", "#337ab7", "#5cb85c", "#c77c0e", "#8e44ad", "#16a085")
STYLE = """<style>
.re-moba-board{font-size:13px;line-height:1.35}
.re-moba-grid{border-collapse:collapse;margin:6px 0}
.re-moba-grid td{width:26px;height:26px;border:1px solid #ccd;text-align:center;font-weight:bold;padding:0}
.re-moba-grid td.re-moba-wall{background:#445}
.re-moba-grid td.re-moba-special{box-shadow:inset 0 0 0 3px #e8c547}
.re-moba-grid td.re-moba-spawn{background:#eef6ee}
.re-moba-board-widget .re-board-body .re-moba-static,
.re-moba-board-widget .re-board-body .re-moba-body-head{display:none}
.re-moba-table{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start;max-width:100%}
.re-moba-map-box{flex:0 1 auto;max-width:100%;min-width:0}
.re-moba-table>.re-board-body{flex:1 1 320px;min-width:0;width:auto;margin:0}
.re-moba-map{overflow-x:auto;max-width:100%;gap:1px;background:#ccd;border:1px solid #99a;width:max-content}
.re-moba-map .jupyter-button.re-moba-cell{min-width:0;width:100%;height:100%;margin:0;padding:0;border-radius:0;
 background:#fff;font-weight:bold;font-size:12px;box-shadow:none}
.re-moba-map .jupyter-button.re-moba-spawn{background:#e6f2e6}
.re-moba-map .jupyter-button.re-moba-special{box-shadow:inset 0 0 0 3px #e8c547}
.re-moba-map .jupyter-button.re-moba-wall{background:#445;color:#fff}
.re-moba-map .jupyter-button.re-moba-hero-cell{color:#fff;border-radius:50%}
.re-moba-map .jupyter-button.re-moba-target{outline:3px solid #1a7f37;outline-offset:-3px;background:#c9f0d3}
.re-moba-map .jupyter-button.re-moba-hero-cell.re-moba-target{outline:3px solid #f5a623}
.re-moba-tools .widget-toggle-button{margin:1px}
.re-moba-tools .widget-toggle-buttons{flex-wrap:wrap;display:flex}
.re-moba-players{display:flex;flex-wrap:wrap;gap:6px;flex:1 1 280px;min-width:0}
.re-moba-player{border:1px solid #ccd;border-radius:6px;padding:4px 6px;flex:1 1 260px;min-width:0;max-width:100%}
.re-moba-player.re-moba-now{border:2px solid #1a7f37}
.re-moba-disc{display:inline-block;min-width:20px;height:20px;border-radius:50%;color:#fff;line-height:20px;
 text-align:center;font-weight:bold;font-size:11px}
.re-moba-row{margin:2px 0}
.re-moba-label{color:#555;font-size:11px;margin-right:2px}
.re-moba-over{background:#fff3cd;border:1px solid #e0c36a;border-radius:4px;padding:4px 8px;font-weight:bold}
""" + "".join(f".re-moba-map .jupyter-button.re-moba-p{k},.re-moba-disc.re-moba-p{k}{{background:{c}}}"
              for k, c in enumerate(COLOURS)) + "</style>"
WORDS = {
    "en": {"no_map": "No map yet: the map is chosen after the mode (MB-choice-1-mode-map).", "phase": "Phase",
           "round": "Round", "mode": "Mode", "score": "Winning score", "deck": "Deck", "discard": "Discard pile",
           "statuses": "Statuses", "skills": "Skills", "bloodline": "Bloodline", "played": "Played this phase",
           "hand": "Hand", "no_cards": "no cards", "cards": "{n} card(s), hidden", "dead": "dead",
           "turn": "their turn", "no_hero": "no hero yet", "over_score": "Game over: {who} {verb}, reaching the "
           "winning score of {score} [MB-choice-4-score].", "over_cap": "Game over: the simulation's round cap "
           "is reached; {who} {verb} on points ({score}) [MB-A15].", "win": "wins", "wins": "win",
           "classic": "classic", "ruler": "Ruler", "none": "—"},
    "zh": {"no_map": "尚未选择地图：先选模式，再选地图（MB-choice-1-mode-map）。", "phase": "阶段", "round": "第{n}轮",
           "mode": "模式", "score": "获胜得分", "deck": "牌堆", "discard": "置牌堆", "statuses": "状态",
           "skills": "技能", "bloodline": "血统", "played": "本阶段已打出", "hand": "手牌", "no_cards": "没有手牌",
           "cards": "{n}张（不可见）", "dead": "阵亡", "turn": "当前回合", "no_hero": "尚未选择英雄",
           "over_score": "游戏结束：{who}达到获胜得分{score}分，获胜 [MB-choice-4-score]。",
           "over_cap": "游戏结束：达到模拟的回合上限，{who}以{score}分获胜 [MB-A15]。", "win": "", "wins": "",
           "classic": "经典", "ruler": "Ruler", "none": "—"},
}
PHASES = {"mode": ("choosing the mode", "选择模式"), "map": ("choosing the map", "选择地图"),
          "hero": ("choosing heroes", "选择英雄"), "bloodline": ("building bloodlines", "构建血统"),
          "score": ("agreeing the winning score", "协商获胜得分"), "order": ("deciding the turn order", "决定行动顺序"),
          "spawn": ("choosing spawn points", "选择出生点"), "deal": ("dealing", "发牌"),
          "start": ("start phase", "开始阶段"),
          "draw": ("draw phase", "摸牌阶段"), "action": ("action phase", "行动阶段"),
          "discard": ("discarding to the hand limit", "弃牌至手牌上限"), "end": ("end phase", "结束阶段"),
          "over": ("game over", "游戏结束")}
MODE_CLAUSE = {"classic": "MB-mode-classic", "ruler": "MB-mode-ruler"}
SETUP_CLAUSE = {"mode": "MB-choice-1-mode-map", "map": "MB-choice-1-mode-map", "hero": "MB-choice-2-hero",
                "bloodline": "MB-choice-3-bloodline", "score": "MB-choice-4-score", "order": "MB-choice-5-order",
                "spawn": "MB-choice-6-spawn"}


def disc(k: int) -> str:
    return f'<span class="re-moba-disc re-moba-p{k % len(COLOURS)}">P{k}</span>'


def _row(label: str, body: str) -> str:
    return f'<div class="re-moba-row"><span class="re-moba-label">{html.escape(label)}:</span> {body}</div>'


def hand_html(hand: Any, lang: str) -> str:
    """The viewer's own hand as card faces; anyone else's only counted (MB-card-main; a hand is private)."""
    w = WORDS[lang]
    if explorer.is_hidden(hand):
        n = hand.get("count", 0) if isinstance(hand, dict) else 0
        return hidden_face_html(w["cards"].format(n=n)) if n else html.escape(w["no_cards"])
    if not hand:
        return html.escape(w["no_cards"])
    return "".join(face_html(card_face(c), lang) for c in hand)


def hero_html(k: int, p: dict[str, Any], lang: str, now: bool) -> str:
    """One seat's panel: hero card, numbers, statuses, marks, skills, played sequence, bloodline, hand."""
    w = WORDS[lang]
    head = f"{disc(k)} <b>{html.escape(player_name(k, lang))}</b> "
    if not p.get("hero"):
        return f'<div class="re-moba-player">{head}<i>{html.escape(w["no_hero"])}</i></div>'
    head += face_html(hero_face(p["hero"]), lang)
    if not p.get("alive", True):
        head += f' <b style="color:#a00">☠ {html.escape(w["dead"])}</b>'
    elif now:
        head += f' <i>({html.escape(w["turn"])})</i>'
    numbers = [("hp", f"{p['hp']}/{cap_text(p['hp_cap'], lang)}"), ("shield", p["shield"]),
               ("stamina", f"{p['stamina']}/{cap_text(p['stamina_cap'], lang)}"), ("steps", p["steps"]),
               ("attacks", p["attack_chances"]), ("score", p["score"])]
    placed = p.get("position") or p.get("spawn")  # before the spawn (MB-choice-6-spawn) a hero has no HP yet
    rows = [head, "".join(face_html(number_face(what, str(v)), lang) for what, v in numbers) if placed else ""]
    states = [face_html(status_face(s), lang) for s in p.get("statuses", ())]
    states += [face_html(mark_face(m, n), lang) for m, n in (p.get("marks") or {}).items() if n]
    if states:
        rows.append(_row(w["statuses"], "".join(states)))
    skills = [face_html(skill_face(p["hero"], s["id"], p.get("unlocked")), lang)
              for s in sample().heroes[p["hero"]]["skills"]]
    rows.append(_row(w["skills"], "".join(skills)))
    if p.get("played"):
        rows.append(_row(w["played"], html.escape("【" + " ".join(p["played"]) + "】")))
    if p.get("bloodline"):
        rows.append(_row(w["bloodline"], "".join(face_html(piece_face(x), lang) for x in p["bloodline"])))
    rows.append(_row(w["hand"], hand_html(p.get("hand"), lang)))
    cls = "re-moba-player re-moba-now" if now else "re-moba-player"
    return f'<div class="{cls}">{"".join(rows)}</div>'


def over_html(view: dict, lang: str) -> str:
    """Game over, at the top: who won and which rule ended it (the agreed score, or a simulation's round cap)."""
    w = WORDS[lang]
    winners = view.get("winners") or []
    who = ", ".join(player_name(k, lang) for k in winners) or ("nobody" if lang == "en" else "无人")
    best = max((p["score"] for p in view.get("players", [])), default=0)
    reached = view.get("win_score") and best >= view["win_score"]
    key = "over_score" if reached else "over_cap"
    text = w[key].format(who=who, verb=w["wins" if len(winners) > 1 else "win"],
                         score=view.get("win_score") if reached else best)
    return f'<div class="re-moba-over">{html.escape(text)}</div>'


def grid_html(game_map: dict | None, players: list[dict], lang: str) -> str:
    """The map as a still picture (for the Learn tab's copy of the board, where nothing is clicked): walls
    dark, special cells outlined, spawns tinted, heroes as discs."""
    if not game_map:
        return ""
    walls = {tuple(c) for c in game_map["walls"]}
    special = {tuple(s["cell"]): s[lang] for s in game_map["special"]}
    spawns = {tuple(c) for c in game_map["spawns"]}
    heroes = {tuple(p["position"]): k for k, p in enumerate(players) if p.get("position") and p.get("alive", True)}
    rows = []
    for y in range(game_map["height"]):
        cells = []
        for x in range(game_map["width"]):
            cls = " ".join(c for c, on in (("re-moba-wall", (x, y) in walls), ("re-moba-special", (x, y) in special),
                                           ("re-moba-spawn", (x, y) in spawns)) if on)
            who = player_name(heroes[(x, y)], lang) if (x, y) in heroes else ""
            title = " ".join(t for t in (f"({x}, {y})", special.get((x, y), ""), who) if t)
            inner = disc(heroes[(x, y)]) if (x, y) in heroes else html.escape(special.get((x, y), "")[:1])
            cells.append(f'<td class="{cls}" title="{html.escape(title)}">{inner}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    name = html.escape(game_map.get(lang) or "")
    return f'<div class="re-moba-static"><b>{name}</b><table class="re-moba-grid">{"".join(rows)}</table></div>'


def head_html(view: dict, lang: str, step: str = "") -> str:
    """The header line (step, round, phase, mode with its clause, winning score, deck) and game over on top."""
    w = WORDS[lang]
    turn = view.get("turn") or {}
    parts = [step] if step else []
    if turn.get("round") and view.get("phase") not in SETUP_CLAUSE and view.get("phase") != "deal":
        parts.append(w["round"].format(n=turn["round"]) if lang == "zh" else f"{w['round']} {turn['round']}")
    phase = PHASES.get(view.get("phase"), (view.get("phase"), view.get("phase")))[lang == "zh"]
    clause = f" {clause_tag(SETUP_CLAUSE[view['phase']])}" if view.get("phase") in SETUP_CLAUSE else ""
    parts.append(f"{w['phase']}: {html.escape(str(phase))}{clause}")
    if view.get("mode") in MODE_CLAUSE:
        parts.append(f"{w['mode']}: {w[view['mode']]} {clause_tag(MODE_CLAUSE[view['mode']])}")
    if view.get("win_score"):
        parts.append(f"{w['score']}: {view['win_score']}")
    deck = view.get("deck_size")
    if view.get("map") and deck is not None:
        discard = sum((view.get("discard") or {}).values())
        parts.append(f"{w['deck']} {deck} · {w['discard']} {discard}")
    top = over_html(view, lang) if view.get("phase") == "over" else ""
    return f"{top}<div>{' · '.join(parts)}</div>"


class CardMobaBoard(BoardBase):
    """The MOBA's table of the session's current state, seen by ``viewer``: the header, the clickable map
    beside the heroes' panels. The map is a widget (clicks need buttons); the rest is one HTML."""

    css_class = "re-moba-board-widget"

    def __init__(self, session: GameSession, lang: str = "en", viewer: int = -1, **kwargs):
        self.map = CardMobaMap(session)
        self._head = ipw.HTML()
        self._head.add_class("re-moba-head")
        super().__init__(session, lang=lang, viewer=viewer, **kwargs)
        table = ipw.Box([self.map, self._html])
        table.add_class("re-moba-table")
        self.children = [self._viewer, self._note, self._head, table]  # the note: the teacher's view warns

    def _draw(self) -> None:
        super()._draw()  # the view and the whole picture in ``_html`` (its header and still map hidden here)
        view = self.last_view
        self._head.value = f'<div class="re-moba-board">{head_html(view, self.lang, self.step_html())}</div>'
        self.map.draw(view, self.viewer, self.lang)

    def render(self, view: dict) -> str:
        """The whole table as one HTML (what the Learn tab copies): header, still map, heroes' panels."""
        lang = self.lang
        players = view.get("players", [])
        current = (view.get("turn") or {}).get("current")
        acting = view.get("phase") not in ("over",) and current is not None and current >= 0
        heroes = "".join(hero_html(k, p, lang, acting and k == current) for k, p in enumerate(players))
        empty = "" if view.get("map") else f'<p><i>{html.escape(WORDS[lang]["no_map"])}</i></p>'
        return (f'{STYLE}{FACE_STYLE}<div class="re-moba-board"><div class="re-moba-body-head">{head_html(view, lang)}'
                f'</div>{grid_html(view.get("map"), players, lang)}{empty}<div class="re-moba-players">{heroes}</div>'
                "</div>")
