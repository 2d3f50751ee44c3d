"""Why an action is refused: the precise clause it breaks (the core raises it; nothing changes)."""

from __future__ import annotations

from explorer import CHANCE, IllegalAction, W
from explorer.errors import GAME_OVER

from . import effects, flow, traps
from .content import card
from .describe import _who
from .records import TRAP_LIMIT, find_char, self_char, summons


def _card_kind(c) -> str:
    try:
        return card(c).kind
    except (KeyError, TypeError, IndexError, ValueError):
        return ""


def _attack(t, a):
    p, fight = a.player, t.now
    if fight.attacked:
        return "EB-1.2.4-attack-once", W("at most one attack a turn: this would be a second attack",
                                         "每回合至多发动1次攻击：这将是第2次攻击")
    cards = a.get("cards") or ()
    if not isinstance(cards, tuple) or any(_card_kind(c) != "attack" for c in cards):
        return "EB-2.2-attack-card", W("an attack needs attack cards", "攻击需要使用攻击卡")
    if len(cards) > 1 and not any(card(c).has("combo") for c in cards):
        return "EB-3.2-multi-attack", W("only one attack card per attack, unless a card allows more",
                                        "一次攻击只能使用一张攻击卡，除非卡牌允许使用更多")
    if any(t.seats[p].hand.count(c) < cards.count(c) for c in cards):
        return "EB-3.1-hand", W("those cards are not in your hand", "这些卡牌不在你的手牌中")
    q, x = a.get("seat"), a.get("target")
    if not isinstance(q, int) or not 0 <= q < len(t.seats) or q == p or not t.seats[q].alive:
        return "EB-3.2-target", W("the target must be a character of another living player",
                                  "攻击目标必须是另一名存活玩家的角色")
    i = find_char(t, q, x)
    if i < 0:
        return "EB-3.2-target", W("the target must be a character in that player's character zone",
                                  "攻击目标必须是该玩家角色区中的角色")
    target = t.seats[q].chars[i]
    if not target.face_up:
        return "EB-3.1-face-down", W("a face-down character cannot be attacked", "倒置的角色不能作为攻击对象")
    if target.is_self and summons(t.seats[q]):
        return "EB-3.2-target", W("that player has a summon, so its self character cannot be attacked",
                                  "该玩家有召唤角色，其自身角色不能被攻击")
    if find_char(t, p, a.get("by")) < 0:
        return "EB-3.2-attack", W("name one of your own characters as the attacker",
                                  "须声明攻击所用的角色：你自己的角色之一")
    return None


def _trap(t, a):
    p, zone = a.player, a.get("zone")
    if a.kind == "trap":
        if t.now.trapped:
            return "EB-1.2.4-trap-once", W("at most one trap a turn", "每回合至多部署1个陷阱")
        if _card_kind(a.get("card")) != "trap" or a.get("card") not in t.seats[p].hand:
            return "EB-2.4-trap-card", W("deploy a trap card from your hand", "须从手牌部署陷阱卡")
        if isinstance(zone, int) and 0 <= zone < len(t.seats) and len(t.seats[zone].traps) >= TRAP_LIMIT:
            return "EB-3.2-trap-limit", W("a trap zone holds at most 3 traps: this would be a fourth",
                                          "一个玩家区域至多同时存在3张陷阱卡：这将是第4张")
        if zone != p and t.seats[p].coins < traps.DEPLOY_COST:
            return "EB-3.2-trap-cost", W("a trap in another player's zone costs 1 coin: too few coins",
                                         "在其他玩家区域部署陷阱卡需支付1枚金币：金币不足")
        if a.get("face") == "down" and t.rules.trap_deployed == "face_up":
            if t.now.flipped:
                return "EB-3.2-trap-flip", W("at most one trap may be flipped a turn: it was already used",
                                             "每回合至多反置1张陷阱卡：本回合已反置过")
            return "EB-3.2-trap-flip", W("turning the new trap face down costs 1 coin: too few coins",
                                         "将新部署的陷阱卡倒置需支付1枚金币：金币不足")
    if a.kind == "flip_trap":
        if t.now.flipped:
            return "EB-3.2-trap-flip", W("at most one trap may be flipped", "至多反置1张陷阱卡")
        if t.seats[p].coins < traps.FLIP_COST:
            return "EB-3.2-trap-flip", W("flipping a trap costs 1 coin: too few coins",
                                         "反置陷阱卡需支付1枚金币：金币不足")
    if a.kind == "remove_trap":
        if t.now.removed:
            return "EB-3.2-trap-remove", W("at most one trap may be removed", "至多解除1张陷阱卡")
        if t.seats[p].coins < traps.REMOVE_COST:
            return "EB-3.2-trap-remove", W("removing a trap costs 2 coins: too few coins",
                                           "解除陷阱卡需支付2枚金币：金币不足")
    if a.kind == "declare_trap":
        return "EB-3.2-trap-declare", W("only a face-down trap you placed can be declared",
                                        "只能声明自己放置的倒置陷阱卡")
    return None


def _play(t, a):
    p, k = a.player, a.kind
    if k == "attack":
        return _attack(t, a)
    if k in ("trap", "flip_trap", "remove_trap", "declare_trap"):
        return _trap(t, a)
    if k == "summon":
        if t.now.summoned:
            return "EB-1.2.4-summon-once", W("at most one summon a turn", "每回合至多召唤1个角色")
        if len(summons(t.seats[p])) >= t.seats[p].summon_limit:
            return "EB-3.2-summon-limit", W(f"the summon limit is {t.seats[p].summon_limit}",
                                            f"召唤角色上限为{t.seats[p].summon_limit}名")
        return "EB-3.2-summon", W("summon a character from your character pool", "须从自己的角色池召唤角色")
    if k == "prepare":
        if _card_kind(a.get("card")) == "special":
            return "EB-2.1.1-special", W("a special character is a self character: it cannot be prepared (EB-A18)",
                                         "特殊角色卡作为玩家自身角色，不能预备")
        if _card_kind(a.get("card")) != "normal" or a.get("card") not in t.seats[p].hand:
            return "EB-2.1.2-normal", W("only normal character cards from your hand can be prepared",
                                        "只能预备手牌中的普通角色卡")
        return "EB-1.2.4-prepare-any", W("prepare normal character cards from your hand in your play phase",
                                         "在自己的出牌阶段预备手牌中的普通角色卡")
    if k in ("effect", "place"):
        if k == "place" and a.get("seat") != p and t.seats[p].coins < effects.EFFECT_COST:
            return "EB-3.2-effect-cost", W("an effect card in another player's zone costs 1 coin: too few coins",
                                           "在其他玩家区域放置持续性效果卡需支付1枚金币：金币不足")
        return "EB-2.5-effect-card", W("use an effect card from your hand on a face-up character",
                                       "须对正置的角色使用手牌中的效果卡")
    if k == "skill":
        j = find_char(t, p, a.get("char"))
        if j >= 0 and not t.seats[p].chars[j].face_up:
            return "EB-3.1-face-down", W("a face-down character's skills cannot be used", "倒置的角色不能使用技能")
        if len(t.now.skill_chars) >= t.seats[p].summon_limit:
            return "EB-1.2.4-skill-limit", W("active skills of at most 'summon limit' characters a turn",
                                             "一回合至多使用召唤角色上限位角色的主动技能")
        return "EB-3.1-active", W("that skill cannot be used now (cost, limit or target)",
                                  "现在不能使用该技能（代价、限制或目标不符）")
    return None


_CHANCE_CLAUSES = {
    "dealer": "EB-1.1.1-dealer", "fix_dealer": "EB-1.1.1-dealer", "offer_special": "EB-1.1.2-special-draw",
    "offer_normal": "EB-1.1.2-normal-draw", "deal": "EB-1.1.4-init", "draw": "EB-3.2-draw",
    "roll_attack": "EB-3.2-attack-power", "roll_defence": "EB-3.2-block", "judge": "EB-3.1-judge",
}

_WAITING_ZH = {  # what a decision of flow.DECISIONS waits for, as the 中文 reason names it (the English names the kind)
    "pick_special": "选取特殊角色卡", "pick_normal": "选取普通角色卡", "ritual": "选择正置于角色区的召唤角色",
    "draw_phase": "摸牌阶段", "declare": "声明阶段", "play": "出牌阶段", "discard": "弃牌阶段",
    "defend": "防御方闪避或阻挡", "refuse": "是否阻止效果卡的放置", "force": "是否强行放置效果卡",
    "rescue": "救援濒死角色", "replace": "从角色池选择角色代替上场", "others_skill": "其他玩家使用技能",
    "trap_declare": "陷阱卡的声明", "dispel": "是否抵消陷阱",
}


def why_illegal(t, a) -> IllegalAction:
    """The clause an illegal action breaks, as precisely as we can tell."""
    if t.over or not t.tasks:
        return IllegalAction("EB-1.4-victory", GAME_OVER, a)
    head = t.tasks[0]
    if head.kind in flow.CHANCE_TASKS:
        clause = _CHANCE_CLAUSES.get(head.kind, "EB-props")
        why = (W("not a possible outcome of this chance node", "不是这个机会节点可能的结果") if a.player == CHANCE
               else W("chance decides now, not a player", "现在由机会节点决定，不由玩家决定"))
        return IllegalAction(clause, why, a)
    legal, _, clause = flow.DECISIONS[head.kind]
    if a.player != head.player:
        return IllegalAction(clause, W(f"it is P{head.player}'s decision now, not P{a.player}'s",
                                       f"现在是{_who(head.player, 'zh')}的决定，不是{_who(a.player, 'zh')}的"), a)
    found = None
    if head.kind == "play":
        found = _play(t, a)
    elif head.kind == "draw_phase" and a.kind == "buy_draw":
        found = ("EB-1.2.2-buy", W("the extra draw is once a turn and costs 2 coins: too few coins",
                                   "额外摸牌每回合一次，需一次性支付2枚金币：金币不足")
                 if t.seats[a.player].coins < 2 else W("the extra draw is once a turn", "额外摸牌每回合只能一次"))
    if found is None and a.kind == "declare":
        me = self_char(t.seats[a.player])
        if me is not None and me.ever_up:
            found = ("EB-3.2-declaration", W("the declaration is irreversible and only once",
                                             "角色声明不可逆，只能一次"))
        elif head.kind != "declare":
            found = ("EB-1.2.3-declare", W("the declaration is made in the declaration phase",
                                           "角色声明须在声明阶段发出"))
    if found is not None:
        pass
    elif head.kind == "defend" and a.kind == "block":
        found = ("EB-2.3-defence-card", W("block with at most one defence card from your hand",
                                          "至多用1张手牌中的防御卡阻挡"))
    elif head.kind == "refuse" and a.kind == "refuse":
        found = ("EB-3.2-effect-refuse", W("refusing costs 1 coin", "阻止放置需支付1枚金币"))
    elif head.kind == "force" and a.kind == "force":
        found = ("EB-3.2-effect-force", W("forcing costs 3 more coins", "强行放置需额外支付3枚金币"))
    elif head.kind == "discard" and a.kind == "discard":
        found = ("EB-1.2.5-discard", W("discard a card from your hand", "须弃置一张手牌"))
    if found is None and a.kind in {x.kind for x in legal(t, head)}:
        found = (clause, W("not one of the choices now (check the card, the target or the cost)",
                           "不是现在可做的选择（请检查卡牌、目标或代价）"))
    if found is None:
        found = (clause, W(f"{a.kind!r} is not a choice now (waiting for: {head.kind})",
                           f"这一动作现在不可选（现在等待：{_WAITING_ZH.get(head.kind, '另一种决定')}）"))
    return IllegalAction(found[0], found[1], a)
