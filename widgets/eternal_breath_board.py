"""EternalBreathBoard: the 永恒之息 table as one player (or everyone) sees it.

Per player: the character zone (角色区: HP bars, face up or down), the pool (角色池), the effect zone
(效果区), the trap zone (陷阱区), the hand (手牌) and coins (金币); the deck (牌堆), discard pile (弃牌堆)
and destroyed pile (销毁堆) as counts; the round, whose turn and the phase. Everything drawn comes from
``state.view(viewer)`` (``viewer`` -1: ``view(None)``, everything): a hidden card stays hidden because
the engine masked it, never because the board chose not to draw it.
"""

from __future__ import annotations

import html
from typing import Any

from explorer import CHANCE, TERMINAL, is_hidden

from .board_base import BoardBase
from .i18n import label, player_name

STYLE = """<style>
.re-eb-board{font-size:13px;line-height:1.35}
.re-eb-board .re-eb-head{padding:4px 6px;background:#f3f0e8;border-radius:4px;margin-bottom:6px}
.re-eb-board .re-eb-players{display:flex;flex-wrap:wrap;gap:8px}
.re-eb-board .re-eb-player{border:1px solid #ccc;border-radius:6px;padding:6px;min-width:260px;flex:1}
.re-eb-board .re-eb-player.re-eb-to-move{border:2px solid #d08000}
.re-eb-board .re-eb-player.re-eb-out{opacity:.55}
.re-eb-board .re-eb-zone{margin:2px 0}
.re-eb-board .re-eb-zone>b{display:inline-block;min-width:76px;color:#555}
.re-eb-board .re-eb-card{display:inline-block;border:1px solid #999;border-radius:3px;padding:0 4px;margin:1px;
 background:#fff}
.re-eb-board .re-eb-down{background:#e4e4ef;font-style:italic}
.re-eb-board .re-eb-hidden{background:#556;color:#fff}
.re-eb-board .re-eb-hp{display:inline-block;width:70px;height:8px;background:#eee;border:1px solid #aaa;
 vertical-align:middle;margin-left:4px}
.re-eb-board .re-eb-hp>span{display:block;height:100%;background:#3a3}
</style>"""

NAME_KEYS = {"en": ("name_en", "en", "name", "card", "id"), "zh": ("name_zh", "zh", "name", "card", "id")}


def _esc(value: Any) -> str:
    return html.escape(str(value))


def _first(d: dict, *keys, default=None):
    for k in keys:
        if k in d:
            return d[k]
    return default


def card_name(card: Any, lang: str) -> str:
    """The name the view gives a card: a bare id, or the dict's name in ``lang``."""
    if isinstance(card, dict):
        return str(_first(card, *NAME_KEYS[lang], default="?"))
    return str(card)


def hidden_html(marker: dict, lang: str) -> str:
    count = marker.get("count")
    text = f"■ {label('hidden', lang)}" + (f" ×{count}" if count is not None else "")
    return f'<span class="re-eb-card re-eb-hidden">{_esc(text)}</span>'


def card_html(card: Any, lang: str) -> str:
    """One card: hidden, face down, or face up with its HP bar when it is a character."""
    if is_hidden(card):  # one masked card: its marker's count is the size of its record, not cards
        return f'<span class="re-eb-card re-eb-hidden">■ {_esc(label("hidden", lang))}</span>'

    if not isinstance(card, dict):
        return f'<span class="re-eb-card">{_esc(card_name(card, lang))}</span>'
    down = card.get("face_up") is False
    classes = "re-eb-card re-eb-down" if down else "re-eb-card"
    parts = [_esc(card_name(card, lang))]
    if down:
        parts.append(f"({_esc(label('face_down', lang))})")
    hp = card.get("hp")
    if isinstance(hp, int) and not isinstance(hp, bool):
        top = _first(card, "max_hp", "hp_max", "max", default=None)
        if isinstance(top, int) and top > 0:
            pct = max(0, min(100, round(100 * hp / top)))
            parts.append(f'{_esc(label("hp", lang))} {hp}/{top}<span class="re-eb-hp"><span style="width:{pct}%">'
                         "</span></span>")
        else:
            parts.append(f"{_esc(label('hp', lang))} {hp}")
    if card.get("self"):
        parts.insert(1, f"[{_esc(label('self_char', lang))}]")
    if "placer" in card and card.get("kind") == "trap":
        parts.append(f"({_esc(label('placed_by', lang, who=player_name(card['placer'], lang)))})")
    hosted = card.get("effects")
    if hosted:
        parts.append("⟨" + " ".join(card_html(e, lang) for e in hosted) + "⟩")
    return f'<span class="{classes}">{" ".join(parts)}</span>'


def zone_html(value: Any, lang: str) -> str:
    """A zone: a list of cards, a hidden marker (only its size shows), or a count."""
    if is_hidden(value):
        return hidden_html(value, lang)
    if isinstance(value, list | tuple):
        return " ".join(card_html(c, lang) for c in value) or _esc(label("empty", lang))
    if value is None:
        return _esc(label("empty", lang))
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
    """§1.2 a phase's name in ``lang`` with the other language beside it (game terms keep both)."""
    if phase not in PHASES:
        return str(phase)
    en, zh = PHASES[phase]
    return f"{zh} ({en})" if lang == "zh" else f"{en} ({zh})"


def _who(character: Any, lang: str) -> str:
    """A fighting character as this viewer may know it: a face-down attacker stays "face down" (EB-A29)."""
    return label("face_down", lang) if is_hidden(character) else str(character)


def combat_html(fight: Any, lang: str) -> str:
    """The attack in progress (§3.2 攻击事件), as the view states it."""
    if not isinstance(fight, dict):
        return ""
    parts = [f"{player_name(fight.get('attacker'), lang)} ({_who(fight.get('by'), lang)}) → "
             f"{player_name(fight.get('target'), lang)} ({_who(fight.get('target_char'), lang)})"]
    for key in ("cards", "attack_die", "response", "defence_card", "defence_die"):
        value = fight.get(key)
        if value not in (None, "", 0, []):
            parts.append(f"{key}: {value if not isinstance(value, list) else ', '.join(map(str, value))}")
    return f'<div class="re-eb-combat">⚔ {_esc(label("combat", lang))}: {_esc(" · ".join(parts))}</div>'


ZONES = (("characters", ("chars", "characters", "character_zone")), ("pool", ("pool",)),
         ("effects", ("effects", "effect_zone")), ("traps", ("traps", "trap_zone")), ("hand", ("hand",)))


class EternalBreathBoard(BoardBase):
    """The 永恒之息 board of the session's current state, seen by ``viewer`` (-1: everything, k: player k)."""

    css_class = "re-eb-board-widget"

    def render(self, view: dict) -> str:
        """The board's HTML for one view."""
        lang = self.lang
        who = view.get("current_player")
        if who == CHANCE:
            to_move = label("chance", lang)
        elif who == TERMINAL:
            to_move = label("game_over", lang, who=", ".join(player_name(p, lang) for p in view.get("winners", []))
                            or label("nobody", lang))
        else:
            to_move = label("to_decide", lang, who=player_name(who, lang))
        head = [self.step_html()]
        if view.get("round") is not None:
            head.append(f"{_esc(label('round', lang))} {_esc(view['round'])}")
        turn = view.get("turn")
        if isinstance(turn, int) and not isinstance(turn, bool):
            head.append(f"{_esc(label('turn', lang))}: {_esc(player_name(turn, lang))}")
        if view.get("phase") is not None:
            phase = phase_name(view["phase"], lang)
            head.append(f"{_esc(label('phase', lang))}: <b class=\"re-board-phase\">{_esc(phase)}</b>")
        head.append(_esc(to_move))
        sizes = {"deck": view.get("deck_size", view.get("deck")), "discard": view.get("discard"),
                 "destroyed": view.get("destroyed")}
        piles = [f'<span class="re-eb-pile-{k}">{_esc(label(k, lang))} {_esc(pile_count(v))}</span>'
                 for k, v in sizes.items() if v is not None]
        players = view.get("players", view.get("seats", []))
        boxes = [self._player_html(k, p, who, view) for k, p in enumerate(players)]
        return (STYLE + '<div class="re-eb-board">'
                f'<div class="re-eb-head">{" · ".join(head)}<br>{" · ".join(piles)}'
                f'{combat_html(view.get("combat"), lang)}{self._offer_html(view)}</div>'
                f'<div class="re-eb-players">{"".join(boxes)}</div></div>')

    def _offer_html(self, view: dict) -> str:
        """§1.1.2 选取卡牌: the draft cards on offer (private to the player picking)."""
        offer = view.get("offer")
        if not offer or (is_hidden(offer) and not offer.get("count")):
            return ""
        return (f'<div class="re-eb-zone re-eb-offer"><b>{_esc(label("offer", self.lang))}</b> '
                f"{zone_html(offer, self.lang)}</div>")

    def _player_html(self, k: int, p: dict, who: Any, view: dict) -> str:
        lang = self.lang
        classes = ["re-eb-player", f"re-eb-player-{k}"]
        if who == k:
            classes.append("re-eb-to-move")
        title = _esc(player_name(k, lang))
        if view.get("dealer") == k:
            title += f" ({_esc(label('dealer', lang))})"
        if p.get("alive") is False:
            classes.append("re-eb-out")
            title += f" — {_esc(label('defeated', lang))}"
        facts = [f"{_esc(label('coins', lang))} {_esc(p.get('coins', '?'))}"]
        if "hand_size" in p:
            facts.append(f"{_esc(label('hand', lang))} {_esc(p['hand_size'])}/{_esc(p.get('hand_limit', '?'))}")
        rows = [f"<div><b>{title}</b> · {' · '.join(facts)}</div>"]
        for key, names in ZONES:
            value = _first(p, *names, default=None)
            rows.append(f'<div class="re-eb-zone re-eb-{key}"><b>{_esc(label(key, lang))}</b> '
                        f"{zone_html(value, lang)}</div>")
        picks = p.get("picks")
        if picks and not (is_hidden(picks) and not picks.get("count")):  # §1.1.2 the draft, while it lasts
            rows.append(f'<div class="re-eb-zone re-eb-picks"><b>{_esc(label("picks", lang))}</b> '
                        f"{zone_html(picks, lang)}</div>")
        return f'<div class="{" ".join(classes)}">{"".join(rows)}</div>'
