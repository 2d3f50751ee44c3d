"""The 城堡之心 table drawn as HTML from one ``State.view``: a seat (hero, identity, HP, soldiers, equipment,
hand) and the middle of the table (round, phase, whose turn, the attack or magic card being resolved, and at
the end who won and by which rule). Every card is a face (``widgets.components.card_face``): names in the page's
language, never a catalogue id. What the view hides stays hidden: another seat's identity is "?" and its
hand only a count."""

from __future__ import annotations

import html
from typing import Any

import explorer
from explorer import is_hidden
from widgets.components.card_face import STYLE as FACE_STYLE
from widgets.components.card_face import face_html, hidden_face_html
from widgets.games.castle_heart.faces import card_face, hero_face, identity_face, soldier_face
from widgets.i18n import player_name

COLOURS = {"lord": "#c9302c", "enemy": "#222", "reinforcement": "#2a6ebb", "neutral": "#7a7a7a"}
CAMPS = {"lord": ("the lord's side", "城主一方"), "enemy": ("enemy", "敌军"),
         "reinforcement": ("reinforcement", "援军"), "neutral": ("neutral", "中立")}
WORDS = {"en": {"hidden": "identity hidden", "dead": "dead", "dying": "dying", "hand": "hand",
                "equipment": "equipment", "soldiers": "soldiers", "round": "Round {n}", "phase": "Phase",
                "attacks": "attacks", "declared": "declared", "cards": "{n} cards", "card": "1 card", "you": "you",
                "turn_of": "{who}'s turn", "held": "held", "poisoned": "poisoned", "mirror": "mirror images",
                "leadership": "leadership {n}", "mana": "mana {n}", "casts": "{who} casts", "on": "on {who}",
                "command": "{who}'s soldiers attack {target}", "over": "Game over", "why": "why",
                "hero": "hero", "damage": "damage {n}", "nobody": "nobody", "winners": "Winners: {who}",
                "attack": "{who} attacks {target}'s {member}", "soldier": "soldier #{n}", "setup": "setting up",
                "Hero": "Hero"},
         "zh": {"hidden": "身份未知", "dead": "阵亡", "dying": "濒死", "hand": "手牌", "equipment": "装备",
                "soldiers": "士兵", "round": "第{n}轮", "phase": "阶段", "attacks": "攻击", "declared": "已宣布",
                "cards": "{n}张", "card": "1张", "you": "你", "turn_of": "{who}的回合", "held": "被定身",
                "poisoned": "中毒",
                "mirror": "镜影", "leadership": "领导值 {n}", "mana": "法力 {n}", "casts": "{who}使用",
                "on": "目标{who}", "command": "{who}的士兵攻击{target}组", "over": "游戏结束", "why": "原因",
                "hero": "英雄", "damage": "伤害 {n}", "nobody": "无人", "winners": "胜者：{who}",
                "attack": "{who}攻击{target}组的{member}", "soldier": "第{n}个士兵", "setup": "准备中",
                "Hero": "英雄"}}
PHASES = {
    "choose_mix": ("choosing the identities", "决定身份组成"),
    "deal_identity": ("dealing identities", "发放身份"), "deal_hero": ("dealing heroes", "发放英雄"),
    "deploy": ("preparation: deploying soldiers", "备战：部署士兵"),
    "start_turn": ("turn start", "回合开始"), "draw_phase": ("draw phase", "摸牌阶段"),
    "play": ("play phase", "出牌阶段"), "pay": ("paying", "支付"),
    "block": ("block or take the hit", "抵挡或承受"), "armour": ("armour roll", "铠甲判定"),
    "mirror": ("mirror-image roll", "镜影判定"), "bear_axe": ("bear-head axe", "熊首战斧"),
    "doom_axe": ("axe of ruin", "毁灭战斧"), "abyss": ("sword of the abyss", "深渊之剑"),
    "great_sword": ("great sword follow-up", "大剑追击"), "counter": ("counter-magic?", "是否魔法抵消"),
    "fireball": ("fireball: who takes it", "火球：由谁承受"), "ice": ("ice storm", "冰风暴雨"),
    "disintegrate": ("disintegration", "小裂解术"), "missiles": ("missiles falling", "飞弹落下"),
    "ring_keep": ("keep the missile ring?", "是否保留飞弹戒指"),
    "command_start": ("command phase", "指挥阶段"), "command": ("command phase", "指挥阶段"),
    "soldier_next": ("command phase", "指挥阶段"),
    "soldier": ("command phase: a soldier attacks", "指挥阶段：士兵攻击"),
    "discard_check": ("discard phase", "弃牌阶段"), "discard": ("discard phase", "弃牌阶段"),
    "end_turn": ("turn end", "回合结束"), "next_turn": ("turn end", "回合结束"),
    "rescue": ("a hero is dying: rescue?", "英雄濒死：是否救援"),
    "join": ("taking the soldiers of the fallen", "收编士兵"),
    "neutral_choice": ("the neutral chooses a side", "中立选择阵营"), "over": ("game over", "游戏结束"),
    "skill_heal": ("hero skill", "英雄技能"), "longbow_go": ("longbow attack", "长弓攻击"),
    "forced_hit": ("the axe's hit", "战斧命中"),
}
STYLE = FACE_STYLE + """<style>
.re-ch-board{font-size:12px;line-height:1.3;max-width:100%;overflow-wrap:anywhere}
.re-ch-table{display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:6px;margin:4px 0}
.re-ch-board .re-ch-table{zoom:1!important}
.re-ch-seat{border:1px solid #bbb;border-radius:6px;background:#fff;padding:4px 6px;min-width:0}
.re-ch-seat.re-ch-active{border:2px solid #d08000}
.re-ch-seat.re-ch-dead{opacity:.55}
.re-ch-seat.re-ch-me{background:#fffbea}
.re-ch-badge{display:inline-block;color:#fff;border-radius:3px;padding:0 4px;font-weight:bold}
.re-ch-badge .re-face{background:transparent;border:0;color:#fff}
.re-ch-badge .re-face-kind{color:#ddd}
.re-ch-pip{display:inline-block;width:8px;height:8px;border-radius:50%;margin-right:1px;background:#d9534f}
.re-ch-pip.re-ch-lost{background:#ddd}
.re-ch-centre{background:#f4efe2;border:2px solid #d8cba8;border-radius:10px;padding:6px;text-align:center}
.re-ch-over{font-size:15px;font-weight:bold;color:#7a1f1f}
.re-ch-tag{display:inline-block;background:#eee;border-radius:3px;padding:0 3px;margin-left:3px}
</style>"""


def w(key: str, lang: str, **fields) -> str:
    text = WORDS[lang][key]
    return text.format(**fields) if fields else text


def esc(value: Any) -> str:
    return html.escape(str(value))


def member_name(member: Any, lang: str) -> str:
    return w("hero", lang) if not isinstance(member, int) or member < 0 else w("soldier", lang, n=member + 1)


def badge_html(p: dict[str, Any], lang: str) -> str:
    """The identity card: its face if this view may see it, else "?" (CH-A09: secret until revealed)."""
    identity = p.get("identity")
    if is_hidden(identity) or not identity:
        return f'<span class="re-ch-badge" style="background:#999">? {esc(w("hidden", lang))}</span>'
    face = face_html(identity_face(identity), lang)
    return f'<span class="re-ch-badge" style="background:{COLOURS.get(identity, "#555")}">{face}</span>'


def hand_html(hand: Any, lang: str, magic_cost: int) -> str:
    """A hand the view may read, card by card with ×count; another's hand only as how many cards."""
    if is_hidden(hand):
        count = hand.get("count", 0) if isinstance(hand, dict) else 0
        return hidden_face_html(w("card", lang) if count == 1 else w("cards", lang, n=count))
    counts: dict[str, int] = {}
    for c in hand or ():
        counts[c] = counts.get(c, 0) + 1
    return "".join(face_html(card_face(c, magic_cost), lang, extra=f' <b>×{n}</b>' if n > 1 else "")
                   for c, n in counts.items()) or "—"


def status_html(p: dict[str, Any], lang: str) -> str:
    tags = [w("dead", lang)] if not p["alive"] else [w("dying", lang)] if p.get("dying") else []
    tags += [w(k, lang) for k in ("held", "poisoned", "mirror") if p.get(k) and p["alive"]]
    return "".join(f'<span class="re-ch-tag">{esc(t)}</span>' for t in tags)


def hp_html(hp: int, max_hp: int) -> str:
    pips = "".join(f'<span class="re-ch-pip{"" if i < max(hp, 0) else " re-ch-lost"}"></span>' for i in range(max_hp))
    return f"{pips} {hp}/{max_hp}"


def soldiers_html(p: dict[str, Any], lang: str) -> str:
    return "".join(face_html(soldier_face(s["kind"]), lang, extra=f' ♥{s["hp"]}', classes="re-ch-soldier")
                   for s in p.get("soldiers", [])) or "—"


def seat_head_html(k: int, p: dict[str, Any], view: dict, lang: str, viewer: int, pips: bool = True) -> str:
    """Who sits here: the seat, its hero's face, its identity (or "?"), a declared camp, its state; its HP as pips
    (unless the table draws the hero as a button with its HP)."""
    me = f' <span class="re-ch-tag">{esc(w("you", lang))}</span>' if k == viewer else ""
    lord = not is_hidden(p.get("identity")) and p.get("identity") == "lord"
    hero = face_html(hero_face(p["hero"], lord), lang) if p.get("hero") else ""
    camp = CAMPS.get(p.get("declared") or "", None)
    declared = f' · {esc(w("declared", lang))}: {esc(camp[lang == "zh"])}' if camp else ""
    return (f'<b>{esc(player_name(k, lang))}</b>{me} {hero} {badge_html(p, lang)}{declared} {status_html(p, lang)}'
            + (f'<br>{hp_html(p["hp"], p["max_hp"])}' if p.get("hero") and pips else ""))


def seat_body_html(p: dict[str, Any], view: dict, lang: str, magic_cost: int, soldiers: bool = True) -> str:
    """Soldiers (unless drawn as buttons), equipment, hand; leadership and mana while deploying."""
    rows = [f'{esc(w("soldiers", lang))}: {soldiers_html(p, lang)}'] if soldiers else []
    equipment = "".join(face_html(card_face(c, magic_cost), lang) for c in p.get("equipment", [])) or "—"
    hand = hand_html(p.get("hand"), lang, magic_cost)
    cards = [f'{esc(w("equipment", lang))}: {equipment}', f'{esc(w("hand", lang))}: {hand}']
    rows += cards if soldiers else [" · ".join(cards)]
    if view.get("phase") == "deploy" and p.get("hero"):
        lead, mana = w("leadership", lang, n=p.get("leadership", 0)), w("mana", lang, n=p.get("mana", 0))
        rows.append(f"{esc(lead)} · {esc(mana)}")
    return "<br>".join(rows)


def seat_classes(k: int, p: dict[str, Any], view: dict, viewer: int) -> list[str]:
    return (["re-ch-seat"] + (["re-ch-active"] if k == view.get("active") and view.get("phase") != "over" else [])
            + ([] if p["alive"] else ["re-ch-dead"]) + (["re-ch-me"] if k == viewer else []))


def seat_html(k: int, p: dict[str, Any], view: dict, lang: str, viewer: int, magic_cost: int) -> str:
    return (f'<div class="{" ".join(seat_classes(k, p, view, viewer))}">{seat_head_html(k, p, view, lang, viewer)}'
            f'<br>{seat_body_html(p, view, lang, magic_cost)}</div>')


def phase_text(phase: str, lang: str) -> str:
    return PHASES.get(phase, ("", ""))[lang == "zh"]


def ending(state: explorer.State) -> explorer.Event | None:
    """The event that ended the game ("game over", with the clause that decided it), if it has ended."""
    if state.current_player != explorer.TERMINAL:
        return None
    for e in reversed(state.log):
        if e.kind == "game over":
            return e
    return None


def centre_html(view: dict, state: explorer.State, lang: str, step: str, magic_cost: int) -> str:
    """The middle of the table: step, round, phase, whose turn; the attack, spell or command under way; the end."""
    active = view.get("active")
    started = isinstance(active, int) and active >= 0 and view.get("round", 0) > 0
    over = view.get("phase") == "over"
    parts = [step]
    if started and not over:
        parts += [esc(w("round", lang, n=view["round"])),
                  esc(w("turn_of", lang, who=player_name(active, lang)))]
    parts.append(esc(phase_text(view.get("phase", ""), lang) or w("setup", lang)))
    rows = [" · ".join(parts)]
    atk = view.get("attack")
    if atk and atk.get("attacker") is not None and atk.get("target") is not None:
        rows.append("⚔ " + esc(w("attack", lang, who=player_name(atk["attacker"], lang),
                                  target=player_name(atk["target"], lang),
                                  member=member_name(atk.get("member"), lang))))
    spell = view.get("spell")
    if spell and spell.get("card"):
        on = f' {esc(w("on", lang, who=player_name(spell["target"], lang)))}' if spell.get("target") is not None else ""
        rows.append(f'✦ {esc(w("casts", lang, who=player_name(spell["caster"], lang)))} '
                    f'{face_html(card_face(spell["card"], magic_cost), lang)}{on}')
    command = view.get("command")
    if isinstance(command, int) and command >= 0 and started:
        rows.append("⚑ " + esc(w("command", lang, who=player_name(active, lang), target=player_name(command, lang))))
    end = ending(state)
    if end is not None:
        winners = ("、" if lang == "zh" else ", ").join(player_name(p, lang) for p in end.targets) or w("nobody", lang)
        rows.append(f'<div class="re-ch-over">{esc(w("over", lang))} — {esc(w("winners", lang, who=winners))}</div>'
                    f'<div class="re-ch-why">{esc(_why_over(end.clause, lang == "zh"))} [{esc(end.clause)}]</div>')
    return f'<div class="re-ch-centre">{"<br>".join(rows)}</div>'


def table_html(view: dict, state: explorer.State, lang: str, viewer: int, step: str, magic_cost: int) -> str:
    """The whole table as one picture (the Learn tab and notebooks show this; Play adds clickable seats)."""
    seats = "".join(seat_html(k, p, view, lang, viewer, magic_cost) for k, p in enumerate(view.get("players", [])))
    return (f'{STYLE}<div class="re-ch-board">{centre_html(view, state, lang, step, magic_cost)}'
            f'<div class="re-ch-table">{seats}</div></div>')


def _why_over(clause: str, zh: bool) -> str:
    """The game's own sentence for how it ended (imported when drawn: importing the game loads its content)."""
    from explorer.games.castle_heart.describe import why_over

    return why_over(clause, zh)
