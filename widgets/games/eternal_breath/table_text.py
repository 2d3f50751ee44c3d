"""The words of the 永恒之息 table in English and 中文: the board's own phrases, the attack in progress
(§3.2 攻击事件) and, when the game is over, who won and by which rule (EB-1.3-loss, EB-1.4-victory,
EB-3.1-active), read from the last step's events as the viewer may see them."""

from __future__ import annotations

import html
from typing import Any

from explorer import is_hidden
from widgets.components.card_face import face_html
from widgets.games.eternal_breath.faces import face
from widgets.i18n import clause_tag, player_name

TEXT = {
    "round": ("Round {n}", "第 {n} 轮"), "before": ("Setting up (round 1 not begun)", "游戏准备（第 1 轮尚未开始）"),
    "turn_of": ("{who}'s turn", "{who} 的回合"), "phase": ("Phase: ", "阶段："),
    "you": (" (you)", "（你）"), "dealer": (" (dealer)", "（庄家）"), "self": ("self", "自身"),
    "face_down": ("face down", "倒置"), "down_char": ("a face-down character", "倒置的角色"),
    "fighter_down": ("face-down character", "倒置角色"),
    "down_trap": ("a face-down trap", "倒置的陷阱卡"), "hidden_card": ("a hidden card", "一张隐藏的牌"),
    "none": ("none", "无"), "hidden_one": ("1 hidden card", "1 张隐藏的牌"),
    "hidden_many": ("{n} hidden cards", "{n} 张隐藏的牌"),
    "attack": ("Attack", "攻击事件"), "with": ("with", "使用"), "attack_die": ("attack die {n}", "攻击骰 {n} 点"),
    "block": ("blocks", "格挡"), "dodge": ("dodges", "闪避"), "defence_card": ("defence card", "防御卡"),
    "no_card": ("without a card", "不使用防御卡"), "defence_die": ("defence die {n}", "防御骰 {n} 点"),
    "of": ("{who}'s {c}", "{who} 的 {c}"),
    "over": ("Game over: {who} won.", "游戏结束：{who} 获胜。"),
    "over_nobody": ("Game over: nobody won.", "游戏结束：无人获胜。"),
    "and": (" and ", "和"),
    "last": ("{who} the last player standing: every other player's self character died.",
             "{who}是最后留下的玩家：其他玩家的自身角色均已死亡。"),
    "is": ("{who} is", "{who} "), "are": ("{who} are", "{who} "),
    "by_skill": ("{who} won by the skill of {c}: its judgment came true.", "{who} 凭借 {c} 的技能获胜：判定成立。"),
    "no_one_left": ("No player is left.", "没有玩家留下。"),
    "round_limit": ("A draw: this bots' game stops after {n} rounds (the opt-in round limit; a person's game has "
                    "none).", "平局：本局为机器人对局，设有 {n} 轮上限（可选开关；真人对局没有轮数上限）。"),
    "ended": ("The game has ended.", "游戏已结束。"),
}


def say(key: str, lang: str, **fields) -> str:
    """A phrase of the table in ``lang``."""
    en, zh = TEXT[key]
    return (zh if lang == "zh" else en).format(**fields)


def _esc(value: Any) -> str:
    return html.escape(str(value))


def hidden_zone_text(count: int, lang: str) -> str:
    """How many cards a hidden zone holds, as people write it ("3 hidden cards", "无")."""
    if not count:
        return say("none", lang)
    return say("hidden_one", lang) if count == 1 else say("hidden_many", lang, n=count)


def _char(card_id: Any, lang: str) -> str:
    """A fighting character as this viewer may know it: a face-down attacker stays face down (EB-A29)."""
    if is_hidden(card_id) or not card_id:
        return say("fighter_down", lang)
    return face(str(card_id), lang).name(lang)


def combat_html(fight: Any, lang: str) -> str:
    """The attack in progress (§3.2 攻击事件), as the view states it; its cards as faces."""
    if not isinstance(fight, dict):
        return ""
    side = [say("of", lang, who=player_name(fight.get("attacker"), lang), c=_char(fight.get("by"), lang)),
            say("of", lang, who=player_name(fight.get("target"), lang), c=_char(fight.get("target_char"), lang))]
    parts = [_esc(f"{side[0]} → {side[1]}")]
    cards = fight.get("cards") or []
    if cards and not is_hidden(cards):
        parts.append(_esc(say("with", lang)) + " " + " ".join(face_html(face(str(c), lang), lang) for c in cards))
    if fight.get("attack_die"):
        parts.append(_esc(say("attack_die", lang, n=fight["attack_die"])))
    response = fight.get("response")
    if response in ("block", "dodge"):
        text = _esc(say(response, lang))
        if response == "block":
            card = fight.get("defence_card")
            text += " " + (face_html(face(str(card), lang), lang) if card and not is_hidden(card)
                           else _esc(say("no_card", lang)))
        parts.append(text)
    if fight.get("defence_die"):
        parts.append(_esc(say("defence_die", lang, n=fight["defence_die"])))
    return f'<div class="re-eb-combat">⚔ <b>{_esc(say("attack", lang))}</b>: {" · ".join(parts)}</div>'


def _names(seats, lang: str) -> str:
    return say("and", lang).join(player_name(p, lang) for p in seats)


def ending_reason(events, view: dict, lang: str) -> tuple[str, tuple[str, ...]]:
    """Why the game ended, from the event that ended it (the last step's ``victory`` or ``game over``): the sentence,
    without ids, and the clause or assumption ids it rests on (shown beside it as tags, issue 31)."""
    winners = list(view.get("winners") or [])
    for e in reversed(tuple(events)):
        if e.kind == "game over":
            return say("round_limit", lang, n=e.values.get("round_limit", e.values.get("round", "?"))), ("EB-A07",)
        if e.kind == "victory":
            if e.clause == "EB-3.1-active" and e.values.get("card"):
                card = face(str(e.values["card"]), lang).name(lang)
                return say("by_skill", lang, who=_names(winners, lang), c=card), ("EB-3.1-active",)
            if not winners:
                return say("no_one_left", lang), ("EB-1.4-victory",)
            who = say("is" if len(winners) == 1 else "are", lang, who=_names(winners, lang))
            return say("last", lang, who=who), ("EB-1.3-loss", "EB-1.4-victory")
    return say("ended", lang), ("EB-1.4-victory",)


def ending_html(state, view: dict, viewer: int, lang: str) -> str:
    """The banner at the top of a finished game: who won, and why (only events this viewer may see), its rules as
    tags beside the sentence (widgets.i18n.clause_tag)."""
    winners = list(view.get("winners") or [])
    events = [e for e in state.events if viewer < 0 or e.visible_to(viewer)]
    head = say("over", lang, who=_names(winners, lang)) if winners else say("over_nobody", lang)
    text, clauses = ending_reason(events, view, lang)
    why = _esc(text) + "".join(" " + clause_tag(c) for c in clauses)
    return f'<div class="re-eb-over"><b>{_esc(head)}</b> <span class="re-eb-why">{why}</span></div>'
