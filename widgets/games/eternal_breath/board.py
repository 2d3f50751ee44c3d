"""EternalBreathBoard: the 永恒之息 table as one player (or everyone) sees it.

Per player: the character zone (角色区: HP bars, face up or down), the pool (角色池), the effect zone
(效果区), the trap zone (陷阱区), the hand (手牌) and coins (金币); the deck (牌堆), discard pile (弃牌堆)
and destroyed pile (销毁堆) as counts; the round, whose turn and the phase; at the end, who won and why.
Every card is a face (``widgets.components.card_face``, built in ``widgets.games.eternal_breath.faces``): its name in
the page's language, its type and numbers, its full text in both languages with its clause on hover or click.
Everything drawn comes from ``state.view(viewer)`` (``viewer`` -1: ``view(None)``, everything): a hidden card
stays hidden because the engine masked it, never because the board chose not to draw it.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Any

from explorer import CHANCE, TERMINAL, is_hidden
from widgets.components.board_base import BoardBase
from widgets.components.card_face import STYLE as FACE_STYLE
from widgets.components.card_face import face_html, hidden_face_html
from widgets.games.eternal_breath.faces import face
from widgets.games.eternal_breath.table_text import combat_html, ending_html, hidden_zone_text, say
from widgets.i18n import label, player_name

STYLE = FACE_STYLE + """<style>
.re-eb-board{font-size:13px;line-height:1.35;max-width:100%;overflow-wrap:anywhere}
.re-eb-board .re-eb-head{padding:4px 6px;background:#f3f0e8;border-radius:4px;margin-bottom:4px}
.re-eb-board .re-eb-over{padding:6px 8px;margin-bottom:4px;background:#fff3cd;border:1px solid #d9b300;
 border-radius:4px;font-size:14px}
.re-eb-board .re-eb-players{display:flex;flex-wrap:wrap;gap:6px}
.re-eb-board .re-eb-player{border:1px solid #ccc;border-radius:6px;padding:4px 6px;flex:1 1 300px;min-width:0;
 max-width:100%;box-sizing:border-box}
.re-eb-board .re-eb-player.re-eb-to-move{border:2px solid #d08000}
.re-eb-board .re-eb-player.re-eb-out{opacity:.55}
.re-eb-board .re-eb-zones{display:flex;flex-wrap:wrap;gap:0 14px}
.re-eb-board .re-eb-zone{margin:1px 0;max-width:100%}
.re-eb-board .re-eb-zone.re-eb-wide{flex-basis:100%}
.re-eb-board .re-eb-zone>b{color:#555;margin-right:4px;font-weight:600}
.re-eb-board .re-eb-hp{display:inline-block;width:56px;height:7px;background:#eee;border:1px solid #aaa;
 vertical-align:middle;margin-left:4px}
.re-eb-board .re-eb-hp>span{display:block;height:100%;background:#3a3}
.re-eb-board .re-eb-mark{font-size:11px;color:#555;margin-left:3px}
.re-eb-board .re-eb-on{font-size:11px;color:#555}
.re-eb-board .re-face-text{max-width:min(320px,80vw)}
</style>"""


def _esc(value: Any) -> str:
    return html.escape(str(value))


def _mark(text: str) -> str:
    return f'<span class="re-eb-mark">{_esc(text)}</span>'


def hp_bar(hp: int, top: Any) -> str:
    """EB-2.7-hp-card: the character's current HP of its printed HP, as a bar."""
    if not isinstance(top, int) or top <= 0:
        return ""
    pct = max(0, min(100, round(100 * hp / top)))
    return f'<span class="re-eb-hp"><span style="width:{pct}%"></span></span>'


def hidden_card_html(where: str, lang: str) -> str:
    """One card the viewer may not see (EB-3.1-face-down, EB-3.1-hand): only what kind of place it is in."""
    key = {"characters": "down_char", "traps": "down_trap"}.get(where, "hidden_card")
    return hidden_face_html(say(key, lang))


def card_html(card: Any, lang: str, where: str = "") -> str:
    """One card as a face: hidden, face down (its owner sees it, marked), or face up with its numbers."""
    if is_hidden(card):  # one masked card: its marker's count is the size of its record, not cards
        return hidden_card_html(where, lang)
    entry = card if isinstance(card, dict) else {"card": card}
    is_char = entry.get("kind") in ("special", "normal")
    hp = entry.get("hp")
    shows_hp = is_char and isinstance(hp, int) and not isinstance(hp, bool)
    the_face = face(str(entry.get("card")), lang, not shows_hp)
    extra = []
    if shows_hp:  # the HP card (血条卡) first: current of printed HP, and a bar
        top = entry.get("max_hp")
        now = f"{hp}/{top}" if isinstance(top, int) else hp
        the_face = replace(the_face, stats=(("HP", "生命", now), *the_face.stats))
        extra.append(hp_bar(hp, top))
    if entry.get("self"):
        extra.append(_mark(say("self", lang)))
    down = entry.get("face_up") is False
    if down:
        extra.append(_mark(say("face_down", lang)))
    if entry.get("kind") == "trap" and isinstance(entry.get("placer"), int):
        extra.append(_mark(label("placed_by", lang, who=player_name(entry["placer"], lang))))
    out = face_html(the_face, lang, "".join(extra),
                    "re-face-down" if down else "")
    hosted = entry.get("effects")
    if hosted:
        out += f'<span class="re-eb-on">⤷ {" ".join(card_html(e, lang) for e in hosted)}</span>'
    return out


def zone_html(value: Any, lang: str, where: str = "") -> str:
    """A zone: a list of cards, a hidden marker (only how many cards it holds), or a count."""
    if is_hidden(value):
        count = value.get("count")
        return hidden_face_html(hidden_zone_text(count, lang)) if count else _esc(say("none", lang))
    if isinstance(value, list | tuple):
        return " ".join(card_html(c, lang, where) for c in value) or _esc(say("none", lang))
    if value is None:
        return _esc(say("none", lang))
    return _esc(value)


def pile_count(value: Any) -> Any:
    """How many cards a pile holds, whatever form the view gives it in."""
    if is_hidden(value):
        return value.get("count", "?")
    if isinstance(value, list | tuple):
        return len(value)
    if isinstance(value, dict):
        ints = [v for v in value.values() if isinstance(v, int)]
        return sum(ints) if ints else len(value)
    return value


PHASES = {"setup": ("setup", "游戏准备"), "settle": ("settlement", "清算阶段"), "draw": ("draw", "摸牌阶段"),
          "declare": ("declaration", "声明阶段"), "play": ("play", "出牌阶段"), "discard": ("discard", "弃牌阶段"),
          "end": ("end", "结算阶段")}


def phase_name(phase: Any, lang: str) -> str:
    """§1.2 a phase's name in ``lang``; in English the document's word beside it (issue 14: no English in 中文)."""
    if phase not in PHASES:
        return str(phase)
    en, zh = PHASES[phase]
    return zh if lang == "zh" else f"{en} ({zh})"


def dealer_known(view: dict) -> bool:
    """EB-1.1.1-dealer: the dealer exists once drawn; before that the table has no dealer and no turn."""
    return view.get("waiting") not in ("dealer", "fix_dealer")


ZONES = (("characters", ("chars", "characters", "character_zone")), ("pool", ("pool",)),
         ("effects", ("effects", "effect_zone")), ("traps", ("traps", "trap_zone")), ("hand", ("hand",)))
WIDE = ("characters", "hand")  # a line of their own; the other zones sit side by side while short


def _first(d: dict, *keys, default=None):
    for k in keys:
        if k in d:
            return d[k]
    return default


class EternalBreathBoard(BoardBase):
    """The 永恒之息 board of the session's current state, seen by ``viewer`` (-1: everything, k: player k)."""

    css_class = "re-eb-board-widget"

    def render(self, view: dict) -> str:
        """The board's HTML for one view."""
        lang = self.lang
        players = view.get("players", view.get("seats", []))
        who = view.get("current_player")
        boxes = [self._player_html(k, p, who, view) for k, p in enumerate(players)]
        over = ending_html(self.session.state, view, self.viewer, lang) if who == TERMINAL else ""
        return (STYLE + '<div class="re-eb-board">'
                f'<div class="re-eb-head">{over}{self._status_html(view)}'
                f'{combat_html(view.get("combat"), lang)}{self._offer_html(view)}</div>'
                f'<div class="re-eb-players">{"".join(boxes)}</div></div>')

    def _status_html(self, view: dict) -> str:
        """Step, round, whose turn and phase, who decides; then the piles."""
        lang, who = self.lang, view.get("current_player")
        head = [self.step_html()]
        rnd = view.get("round")
        head.append(_esc(say("round", lang, n=rnd) if isinstance(rnd, int) and rnd > 0 else say("before", lang)))
        turn = view.get("turn")
        if isinstance(turn, int) and not isinstance(turn, bool) and isinstance(rnd, int) and rnd > 0:
            head.append(_esc(say("turn_of", lang, who=player_name(turn, lang))))
        if view.get("phase") is not None:
            head.append(f'{_esc(say("phase", lang))}<b class="re-board-phase">{_esc(phase_name(view["phase"], lang))}'
                        "</b>")
        if who == CHANCE:
            head.append(_esc(label("chance", lang)))
        elif who != TERMINAL and isinstance(who, int):
            head.append(_esc(label("to_decide", lang, who=player_name(who, lang))))
        sizes = {"deck": view.get("deck_size", view.get("deck")), "discard": view.get("discard"),
                 "destroyed": view.get("destroyed")}
        piles = [f'<span class="re-eb-pile-{k}">{_esc(label(k, lang))} {_esc(pile_count(v))}</span>'
                 for k, v in sizes.items() if v is not None]
        return f'<div class="re-eb-status">{" · ".join(head)}</div><div>{" · ".join(piles)}</div>'

    def _offer_html(self, view: dict) -> str:
        """§1.1.2 选取卡牌: the draft cards on offer (private to the player picking)."""
        offer = view.get("offer")
        if not offer or (is_hidden(offer) and not offer.get("count")):
            return ""
        return (f'<div class="re-eb-zone re-eb-offer"><b>{_esc(label("offer", self.lang))}</b>'
                f"{zone_html(offer, self.lang)}</div>")

    def _player_html(self, k: int, p: dict, who: Any, view: dict) -> str:
        lang = self.lang
        classes = ["re-eb-player", f"re-eb-player-{k}"]
        if who == k:
            classes.append("re-eb-to-move")
        title = _esc(player_name(k, lang))
        if self.viewer == k:
            title += _esc(say("you", lang))
        if view.get("dealer") == k and dealer_known(view):
            title += _esc(say("dealer", lang))
        if p.get("alive") is False:
            classes.append("re-eb-out")
            title += f" — {_esc(label('defeated', lang))}"
        facts = [f"{_esc(label('coins', lang))} {_esc(p.get('coins', '?'))}"]
        if "hand_size" in p:
            facts.append(f"{_esc(label('hand', lang))} {_esc(p['hand_size'])}/{_esc(p.get('hand_limit', '?'))}")
        zones = []
        for key, names in ZONES:
            value = _first(p, *names, default=None)
            wide = " re-eb-wide" if key in WIDE else ""
            zones.append(f'<div class="re-eb-zone re-eb-{key}{wide}"><b>{_esc(label(key, lang))}</b>'
                         f"{zone_html(value, lang, key)}</div>")
        picks = p.get("picks")
        if picks and not (is_hidden(picks) and not picks.get("count")):  # §1.1.2 the draft, while it lasts
            zones.append(f'<div class="re-eb-zone re-eb-picks re-eb-wide"><b>{_esc(label("picks", lang))}</b>'
                         f"{zone_html(picks, lang, 'picks')}</div>")
        return (f'<div class="{" ".join(classes)}"><div><b>{title}</b> · {" · ".join(facts)}</div>'
                f'<div class="re-eb-zones">{"".join(zones)}</div></div>')


__all__ = ["EternalBreathBoard", "card_html", "combat_html", "phase_name", "zone_html"]
