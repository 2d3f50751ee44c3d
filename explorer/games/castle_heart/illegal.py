"""Why an action is refused: the precise clause it breaks, as an ``IllegalAction`` (the core raises it; nothing
changes): turn order first, then the rule of its kind."""

from __future__ import annotations

from explorer import CHANCE, TERMINAL, IllegalAction, W
from explorer.errors import GAME_OVER, NOT_LEGAL_NOW

from . import describe, flow
from .reach import hero_may_attack, soldier_strike
from .records import HERO
from .setup import deploy_problem

HELD = W("a held hero may only draw and discard", "被定身的英雄除抓牌弃牌外不得进行任何操作")  # CH-magic-hold
PLAY_CLAUSE = {"heal": "CH-turn-play-heal", "lightning": "CH-equip-lightning-wand",
               "missiles": "CH-equip-missile-ring"}


def why_illegal(data, action):
    """The precise clause an action breaks: turn order, then the rule of its kind."""
    who = flow.current_player(data)
    if who == TERMINAL:
        return IllegalAction("CH-end-lord-dies", GAME_OVER, action)
    k, g = action.kind, action.get
    if k == "block" and (g("soldier") is not None or (data.attack and data.attack.member != HERO)):
        return IllegalAction("CH-turn-soldiers-cannot-block", W("an attacked soldier cannot block",
                                                                "被攻击的士兵不能抵挡"), action)
    if action.player != who:
        whose, zh = (("chance", "现在由机会决定") if who == CHANCE
                     else (f"player {who}", f"现在是{describe.who(who, True)}的决定"))
        return IllegalAction(flow.decision_clause(data), W(f"it is {whose}'s decision now", zh), action)
    seat = data.seats[who] if who >= 0 else None
    if k == "deploy" and data.phase == "deploy":
        problem = deploy_problem(seat, g("soldier"))
        if problem:
            return IllegalAction(problem[0], problem[1], action)
    if k in ("magic", "counter") and seat is not None and seat.held:
        card = g("card") or ""
        clause = "CH-magic-counter-hold-exception" if "counter" in card else "CH-magic-hold"
        return IllegalAction(clause, HELD, action)
    if k == "declare" and data.phase == "play":
        if seat.held:
            return IllegalAction("CH-magic-hold", HELD, action)
        return IllegalAction("CH-neutral-declare", W(
            "only a neutral declares, once a turn, before any other play, a side other than the one it is on",
            "只有中立可以宣布阵营：每回合一次，在其他出牌之前，宣布与当前不同的阵营"), action)
    if k == "attack" and data.phase == "play":
        return _why_attack(data, action)
    if data.phase == "play" and k in PLAY_CLAUSE:
        return _why_play(data, action)
    if k == "soldier_attack" and data.phase == "soldier" and isinstance(g("member"), int):
        ok, res = soldier_strike(data, data.active, data.cursor, data.command, g("member"))
        if not ok:
            return IllegalAction(res[0], res[1], action)
    if k == "block" and data.phase == "block":
        return IllegalAction("CH-turn-block", W("blocking needs a 剑 in hand", "抵挡需要消耗手牌中的1张剑"), action)
    return IllegalAction(flow.decision_clause(data), NOT_LEGAL_NOW, action)

def _why_play(data, action):
    """愈, the wand and the ring: which of their rules the action breaks."""
    seat, g = data.seats[data.active], action.get
    if seat.held:
        return IllegalAction("CH-magic-hold", HELD, action)
    if action.kind == "heal":
        target = g("target")
        if "heal" not in seat.hand:
            return IllegalAction("CH-turn-play-heal", W("healing spends a 愈 from the hand",
                                                        "治愈需要消耗手牌中的1张愈"), action)
        if target == data.active and seat.hp >= seat.max_hp:
            return IllegalAction("CH-max-hp", W("already at starting HP",
                                                "生命已是英雄的初始生命，治愈不能超过它"), action)
        return IllegalAction("CH-death-heal-dying", W("愈 goes to oneself or to a dying hero",
                                                      "愈只能对自己或濒死的英雄使用"), action)
    return IllegalAction(PLAY_CLAUSE[action.kind], W("the card, the 魔 or the target is missing",
                                                     "缺少所需的卡牌、魔或目标"), action)

def _why_attack(data, action):
    seat = data.seats[data.active]
    if data.attacked:
        return IllegalAction("CH-turn-play-one-sword", W("only one 剑 attack per turn",
                                                         "每个回合，英雄只能发动一次剑攻击"), action)
    if seat.held:
        return IllegalAction("CH-magic-hold", W("a held hero cannot attack", "被定身的英雄不能攻击"), action)
    if action.get("pay") == "sword" and "sword" not in seat.hand:
        return IllegalAction("CH-turn-play-one-sword", W("an attack costs one 剑", "攻击需要消耗1张剑"), action)
    if action.get("pay") == "any_two":
        return IllegalAction("CH-equip-longbow", W("paying any two cards needs the longbow and two cards",
                                                   "用任意2张手牌代替1张剑需要装备银杉木长弓并持有2张手牌"), action)
    target, member = action.get("target"), action.get("member")
    if not isinstance(target, int) or not 0 <= target < len(data.seats) or not isinstance(member, int):
        return IllegalAction("CH-attack-hero-targets", W("no such target", "没有这个目标"), action)
    problem = hero_may_attack(data, data.active, target, member)
    if problem:
        return IllegalAction(problem[0], problem[1], action)
    return IllegalAction("CH-turn-play-one-sword", W("not a legal attack now", "现在不能发动这次攻击"), action)
