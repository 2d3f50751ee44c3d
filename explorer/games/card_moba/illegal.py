"""Why an action is refused: the precise clause it breaks, as an ``IllegalAction`` (the core raises it; nothing
changes)."""

from __future__ import annotations

from explorer import CHANCE, IllegalAction, W

from . import grid, statuses
from .action_phase import skill_alt, taunt_blocks, uses_left
from .content import sample
from .flow import SETUP_CLAUSE, action_cap_reached
from .records import Moba

SETUP_ZH = {"mode": "模式", "map": "地图", "hero": "英雄", "bloodline": "血统", "score": "获胜得分", "spawn": "出生点"}


def why_illegal(d: Moba, action, current: int) -> IllegalAction:
    """The refusal of ``action`` in ``d``, where ``current`` is the player to move (CHANCE during draws)."""
    if action.player == CHANCE or current == CHANCE:
        reason = (W("only chance decides this now", "现在只由随机决定") if current == CHANCE
                  else W("chance does not decide now", "现在不由随机决定"))
        return IllegalAction("MB-turn-draw" if d.draws else "MB-choice-5-order", reason, action)
    clause, reason = why(d, action)
    return IllegalAction(clause, reason, action)


def why(d: Moba, a) -> tuple[str, str]:
    """(clause, reason) for an action that is not legal now."""
    if a.kind == "hero" and d.phase != "hero":
        return "MB-hero-fixed", W("a hero cannot be changed once chosen", "英雄一经选定不可更换")
    if a.kind == "bloodline" and d.phase != "bloodline":
        return "MB-bloodline-permanent", W("a bloodline cannot be changed once built", "血统一经构建不可更改")
    if a.kind == "discard" and d.phase != "discard":
        if d.rules.hand_limit is None:
            return "MB-card-no-hand-limit", W("there is no hand limit: nothing must be discarded",
                                              "没有手牌上限：无须弃牌")
        return "MB-ruler-hand-limit", W("cards are discarded only when the end phase finds the hand over the limit",
                                        "只有结束阶段检查到手牌超过上限时才弃牌")
    if d.phase == "score" and a.kind == "win_score" and a.player == d.seat:
        return "MB-choice-4-score", W(f"the winning score is a whole number of at least 1, not {a.get('score')!r}",
                                      f"获胜得分须为不小于1的整数，而不是{a.get('score')!r}")
    if d.phase in SETUP_CLAUSE:
        return SETUP_CLAUSE[d.phase], W(f"not a choice offered now during {d.phase}",
                                        f"这不是选择{SETUP_ZH[d.phase]}时可做的选择")
    if d.phase not in ("action", "discard") or a.player != d.seat or d.draws:
        return "MB-turn-phases", W("players act only in their own action phase", "玩家只能在自己的行动阶段行动")
    h = d.heroes[d.seat]
    if a.kind == "end" or d.phase == "discard":
        if d.phase == "discard":
            return "MB-ruler-hand-limit", W("discard a card you hold", "请弃置你手中的一张牌")
        return "MB-turn-phases", W("not a legal way to end the action phase", "这不是结束行动阶段的合法方式")
    if action_cap_reached(d, h):
        return "MB-turn-action", W(f"the simulation's action cap of {d.rules.action_cap} actions is reached: only "
                                   "ending the action phase is left (MB-A17)",
                                   f"已达到模拟的行动上限 {d.rules.action_cap} 次：只能结束行动阶段（MB-A17）")
    if a.kind == "move":
        return why_move(d, h, a.get("to"))
    if a.kind == "play":
        card = a.get("card")
        if card not in h.hand:
            return "MB-card-main", W(f"{card!r} is not in the hand", f"{card!r} 不在手牌中")
        if sample().cards[card]["cost"] > h.stamina:
            return "MB-card-cost", W(f"{card} costs {sample().cards[card]['cost']} stamina; only {h.stamina} left",
                                     f"{card} 需要 {sample().cards[card]['cost']} 点体力值，只剩 {h.stamina} 点")
        if sample().cards[card]["target"] in ("cell", "line") and statuses.has(h, "root"):
            return "MB-status-4-root", W("a rooted hero cannot blink or charge", "被禁足的英雄不能闪现或冲锋")
        return "MB-card-main", W("not a legal target for this card", "不是这张牌的合法目标")
    if a.kind == "attack":
        if statuses.has(h, "disarm"):
            return "MB-status-8-disarm", W("a disarmed hero cannot attack this turn", "被缴械的英雄本回合不能攻击")
        if h.attacks < 1:
            return "MB-term-3-attack", W("no attack chance left", "没有剩余的攻击机会")
        if taunt_blocks(d, h):
            return "MB-status-12-taunt", W("a taunted hero must be next to the taunter to attack",
                                           "被嘲讽的英雄必须毗邻嘲讽者才能攻击")
        return "MB-term-3-attack", W("the target is not an enemy within attack range", "目标不是攻击范围内的敌人")
    if a.kind == "skill":
        key = a.get("skill")
        if not isinstance(key, str) or uses_left(h, key) < 1:
            return "MB-hero-skill-sequence", W(f"no use of {key!r}: its action sequence was not played",
                                               f"没有 {key!r} 的使用次数：未打出其行动序列")
        if statuses.has(h, "silence"):
            return "MB-status-7-silence", W("a silenced hero cannot use non-passive skills this turn",
                                            "被沉默的英雄本回合不能使用非被动技能")
        if taunt_blocks(d, h):
            return "MB-status-12-taunt", W("a taunted hero must be next to the taunter to use skills",
                                           "被嘲讽的英雄必须毗邻嘲讽者才能使用技能")
        if skill_alt(h, key)["target"] in ("cell", "line") and statuses.has(h, "root"):
            return "MB-status-4-root", W("a rooted hero cannot blink or charge", "被禁足的英雄不能闪现或冲锋")
        return "MB-hero-skill-alternatives", W("not a legal target for this skill", "不是这个技能的合法目标")
    return "MB-turn-action", W(f"{a.kind!r} is not an action of the action phase",
                               f"{a.kind!r} 不是行动阶段的动作")


def why_move(d: Moba, h, to) -> tuple[str, str]:
    if statuses.has(h, "root"):
        return "MB-status-4-root", W("a rooted hero cannot be displaced", "被禁足的英雄无法进行任何方式的位移")
    if h.steps < 1:
        return "MB-term-4-steps", W("no steps left", "没有剩余步数")
    if not isinstance(to, tuple) or len(to) != 2 or any(v.__class__ is not int for v in to) or \
            grid.distance(h.pos, to, d.rules.adjacency) != 1:
        return "MB-term-5-move", W("a move goes to an adjacent cell", "移动只能到毗邻的格子")
    b = grid.board_of(d)
    if not grid.on_map(b, to) or to in b.walls or grid.occupant(d, to) >= 0:
        return "MB-term-6-obstacle", W(f"{to} is an obstacle (wall, map edge or hero)",
                                       f"{to} 是障碍物（墙、地图边缘或英雄）")
    return "MB-term-5-move", W("not a legal move", "不是合法的移动")
