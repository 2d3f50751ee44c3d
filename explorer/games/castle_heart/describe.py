"""Sentences for people: every action and event in English and in Chinese."""

from __future__ import annotations

import re

from explorer.names import seat_name

from .content import CONTENT, SOLDIERS

IDENTITY = {"lord": ("the lord", "城主"), "enemy": ("an enemy", "敌军"), "reinforcement": ("a reinforcement", "援军"),
            "neutral": ("a neutral", "中立"), "": ("no declared side", "未表明阵营")}


def card(c, zh: bool) -> str:
    if c is None or not isinstance(c, str):
        return "无" if zh else "nothing"
    if c == "hand":
        return "一张手牌" if zh else "a hand card"
    if c in SOLDIERS:
        return SOLDIERS[c]["zh" if zh else "en"]
    info = CONTENT.cards.get(c)
    return (info.zh if zh else info.en) if info else str(c)


def hero(h, zh: bool) -> str:
    info = CONTENT.heroes.get(h)
    return (info.zh if zh else info.en) if info else str(h)


def who(p, zh: bool) -> str:
    """A seat in a sentence: "Player 0" / "玩家 0", as everywhere (``explorer.seat_name``)."""
    return seat_name(p, "zh" if zh else "en")


SEAT_THEN_WORD = re.compile(r"(玩家 \d+)(?=[\u3400-\u9fff【])")


def spaced(text: str) -> str:
    """A 中文 sentence with a space after a seat's number when a word follows: "玩家 4 摸到【剑】"."""
    return SEAT_THEN_WORD.sub(r"\1 ", text)


def skill(word, zh: bool) -> str:
    """A hero skill by its vocabulary word: the text of the hero that has it (its cost included)."""
    info = next((h for h in CONTENT.heroes.values() if h.skill == word), None)
    if info is None:
        return "技能" if zh else "a skill"
    return info.skill_zh if zh else english(info.skill_en)


def english(text: str) -> str:
    """An English sentence of the sample content with the basic cards' English names (剑 Sword, 魔 Mana, 愈 Heal)."""
    for zh, en in (("剑", "Sword"), ("魔", "Mana"), ("愈", "Heal")):
        text = text.replace(zh, en)
    return text


def split_text(split, zh: bool) -> str:
    """The missiles' damage per member, hero first then soldiers: "hero 2, soldier #1 3"."""
    parts = [f"{member(i - 1, zh)}{' ' if not zh else ''}{n}" for i, n in enumerate(split or ()) if n]
    return ("、" if zh else ", ").join(parts) or ("无" if zh else "nothing")


WHY_OVER = {  # the clause the game ended by: (English, 中文)
    "CH-goal-lord": ("every enemy is gone, the lord's side wins", "所有敌军被消灭，城主一方获胜"),
    "CH-goal-enemy": ("the lord has fallen, the enemies win", "城主被消灭，敌军获胜"),
    "CH-goal-neutral": ("the lord has fallen and only the neutral is left: the neutral wins",
                        "城主被消灭且只剩中立：中立获胜"),
    "CH-goal-reinforcement": ("the neutral joins the lord after the enemies fell: the lord's side wins",
                              "敌军被消灭后中立投靠城主：城主一方获胜"),
    "CH-end-neutral-as-reinforcement": ("every enemy is gone with a neutral declared reinforcement: the lord's side "
                                        "wins", "所有敌军被消灭，且有中立宣布为援军：城主一方获胜"),
    "CH-round-cap": ("the simulation's round cap is reached, nobody wins", "达到模拟的轮数上限，无人获胜"),
}


def why_over(clause: str, zh: bool) -> str:
    """Why the game ended, from the clause its "game over" event applied."""
    return WHY_OVER.get(clause, (clause, clause))[1 if zh else 0]


def member(m, zh: bool) -> str:
    if not isinstance(m, int) or m == -1:
        return "英雄本人" if zh else "hero"
    return f"第{m + 1}个士兵" if zh else f"soldier #{m + 1}"


def ident(i, zh: bool) -> str:
    return IDENTITY.get(i, (str(i), str(i)))[1 if zh else 0]


class _Fields(dict):
    def __missing__(self, key):
        return "?"


ACTIONS = {  # kind, or kind:variant: (English, 中文)
    "choose_mix": ("this game's identities are {mix_text}", "本局身份组成：{mix_text}"),
    "deal_identity": ("the next seat is dealt {identity}", "下一座位抽到身份：{identity}"),
    "deal_hero": ("the next seat is dealt the hero {hero}", "下一座位抽到英雄：{hero}"),
    "draw": ("the card drawn is {card}", "摸到的牌是【{card}】"),
    "armour:True": ("the knight armour cancels the attack", "骑士铠甲抵消了攻击"),
    "armour:False": ("the knight armour fails", "骑士铠甲未能抵消攻击"),
    "mirror:True": ("the mirror images dodge the attack", "镜影回避了攻击"),
    "mirror:False": ("the attack finds the real hero among the mirror images", "镜影未能回避攻击"),
    "destroy_card": ("the card destroyed at random is {card}", "随机消灭的手牌是【{card}】"),
    "missile_split": ("the missiles fall: {split}", "飞弹分配：{split}"),
    "deploy": ("{p} deploys a {soldier}", "{p}部署一张{soldier}"),
    "end_deploy": ("{p} ends deployment", "{p}结束部署"),
    "declare": ("{p} declares itself {camp}", "{p}宣布成为{camp}"),
    "attack:sword": ("{p} spends a Sword card to attack {t}'s {member}", "{p}消耗1张剑攻击{t}组的{member}"),
    "attack:any_two": ("{p} pays any two cards (longbow) to attack {t}'s {member}",
                       "{p}以任意2张手牌代替剑（长弓）攻击{t}组的{member}"),
    "heal": ("{p} uses a Heal card on {t}", "{p}对{t}使用愈"),
    "magic": ("{p} plays {card}{on}", "{p}使用【{card}】{on}"),
    "equip": ("{p} equips {card}", "{p}装备【{card}】"),
    "lightning": ("{p} fires the lightning wand at {t}'s {member}", "{p}以闪电魔杖攻击{t}组的{member}"),
    "missiles": ("{p} fires the missile ring at {t}'s group", "{p}对{t}组发动飞弹戒指"),
    "skill": ("{p} uses its hero skill — {skill}", "{p}发动英雄技能——{skill}"),
    "end_play": ("{p} ends the play phase", "{p}结束出牌阶段"),
    "pay_card": ("{p} pays {card}", "{p}交出【{card}】"),
    "block": ("{p} blocks with a Sword card", "{p}消耗1张剑抵挡"),
    "take_hit": ("{p} does not block", "{p}不抵挡"),
    "bear_axe:True": ("{p} discards 2 cards so the attack hits", "{p}弃2张手牌令攻击必中"),
    "bear_axe:False": ("{p} lets the cancelled attack go", "{p}放弃熊首战斧的效果"),
    "doom_axe:True": ("{p} spends a Sword card to attack again", "{p}再消耗1张剑继续攻击"),
    "doom_axe:False": ("{p} stops attacking", "{p}停止攻击"),
    "abyss_discard": ("{p} discards {card} to the abyss sword", "{p}为深渊之剑弃掉【{card}】"),
    "abyss_take": ("{p} takes 1 more damage instead of discarding", "{p}不弃牌，额外受到1点伤害"),
    "follow_up": ("{p} follows up on the same group's {member}", "{p}追击同组的{member}"),
    "follow_up:None": ("{p} does not follow up", "{p}不追击"),
    "counter": ("{p} answers with counter-magic", "{p}使用魔法抵消"),
    "let_pass": ("{p} lets the magic card work", "{p}不抵消"),
    "fireball_split": ("{p} lets its {member} take the whole fireball", "{p}由{member}承受全部火球伤害"),
    "fireball_split:None": ("{p} shares the fireball evenly", "{p}平均承受火球伤害"),
    "ice:True": ("{p} spends a Mana card against the ice storm", "{p}消耗1张魔抵御冰风暴雨"),
    "ice:False": ("{p} takes 1 damage from the ice storm", "{p}承受冰风暴雨1点伤害"),
    "keep_ring:True": ("{p} spends 3 Mana cards to keep the ring", "{p}消耗3张魔保留飞弹戒指"),
    "keep_ring:False": ("{p} lets the ring go", "{p}放弃飞弹戒指"),
    "command": ("{p} sends its soldiers against {t}'s group", "{p}指挥士兵攻击{t}组"),
    "command:None": ("{p} keeps its soldiers back", "{p}不指挥士兵攻击"),
    "soldier_attack": ("{p}'s next soldier attacks the target's {member}", "{p}的下一个士兵攻击{member}"),
    "discard": ("{p} discards {card}", "{p}弃掉【{card}】"),
    "rescue": ("{p} gives a Heal card to {t}", "{p}对{t}使用愈"),
    "rescue:None": ("{p} gives no Heal card", "{p}不使用愈"),
    "join": ("{p} takes soldier #{n}", "{p}收编第{n}个士兵"),
    "join:None": ("{p} takes no soldier", "{p}不收编士兵"),
    "neutral_choice:True": ("{p} joins the lord", "{p}投靠城主"),
    "neutral_choice:False": ("{p} refuses and becomes an enemy", "{p}拒绝投靠，转为敌军"),
}
VARIANT_PARAM = {"armour": "saved", "mirror": "saved", "attack": "pay", "bear_axe": "use", "doom_axe": "again",
                 "follow_up": "member", "fireball_split": "soldier", "ice": "spend", "keep_ring": "keep",
                 "command": "target", "rescue": "target", "join": "soldier", "neutral_choice": "join"}


def describe_action(a, lang: str) -> str:
    """A sentence for the action, in "en" or "zh"."""
    zh = lang == "zh"
    g = a.get
    f = _Fields(p=who(a.player, zh), t=who(g("target"), zh), card=card(g("card"), zh), soldier=card(g("soldier"), zh),
                camp=ident(g("camp", ""), zh), identity=ident(g("identity", ""), zh), hero=hero(g("hero"), zh),
                member=member(g("member", g("soldier")), zh), split=split_text(g("split"), zh),
                skill=skill(g("skill"), zh))
    if g("mix"):
        names = {"L": ("lord", "城主"), "R": ("reinforcement(s)", "援军"), "N": ("neutral(s)", "中立"),
                 "E": ("enemies", "敌军")}
        f["mix_text"] = ("、" if zh else ", ").join(
            (f"{v[1]}{g('mix').count(k)}名" if zh else f"{g('mix').count(k)} {v[0]}")
            for k, v in names.items() if g("mix").count(k))
    f["on"] = "" if g("target") is None else (f"，目标{f['t']}" if zh else f" on {f['t']}")
    if g("what"):
        f["on"] += f"（{card(g('what'), True)}）" if zh else f" ({card(g('what'), False)})"
    if isinstance(g("soldier"), int):
        f["n"] = g("soldier") + 1
    key = a.kind
    if a.kind in VARIANT_PARAM:
        value = g(VARIANT_PARAM[a.kind])
        if f"{a.kind}:{value}" in ACTIONS:
            key = f"{a.kind}:{value}"
    template = ACTIONS.get(key)
    if template is None:
        return f"{f['p']}：{a.kind}" if zh else f"{f['p']}: {a.kind}"
    return spaced(template[1].format_map(f)) if zh else template[0].format_map(f)


EVENTS = {  # kind: (English, 中文); fields: actor, target, targets, card, soldier, identity, camp, and the numbers
    "one lord": ("exactly one lord", "城主只有一名"),
    "enemies outnumber": ("{enemies} enemies outnumber the lord and {reinforcements} reinforcement(s)",
                          "敌军{enemies}名，多于城主加援军（1 + {reinforcements}）"),
    "neutrals capped": ("{neutrals} neutral(s), no more than the {reinforcements} reinforcement(s)",
                        "中立{neutrals}名，不多于援军{reinforcements}名"),
    "identity": ("{target} is dealt {identity}", "{target}的身份是{identity}"),
    "hero": ("{target} plays {hero} (HP {hp})", "{target}的英雄是{hero}（生命{hp}）"),
    "leadership": ("{target} has leadership {leadership}", "{target}的领导值为{leadership}"),
    "setup": ("everyone draws {cards} starting cards", "每人摸{cards}张起始手牌"),
    "deploy": ("{actor} spends {value} mana on a {soldier} ({mana} left)",
               "{actor}花费{value}点法力部署{soldier}（剩{mana}点）"),
    "soldier": ("{actor}'s {soldier} takes the field with {hp} HP", "{actor}的{soldier}入场，生命{hp}"),
    "mana to 魔": ("{actor}'s leftover mana turns into Mana cards ({cards})", "{actor}剩余的法力转换为{cards}张魔"),
    "battle": ("the battle begins with the lord, {actor}", "战斗阶段开始，由城主{actor}先行"),
    "turn": ("{actor}'s turn begins (turn {turn}, round {round})", "{actor}的回合开始（第{turn}回合，第{round}轮）"),
    "draw phase": ("{actor} draws {cards} cards", "{actor}摸{cards}张牌"),
    "draw": ("{actor} draws {card}", "{actor}摸到【{card}】"),
    "end of play": ("{actor} ends the play phase", "{actor}结束出牌阶段"),
    "declare": ("{actor} declares itself {camp}", "{actor}宣布成为{camp}"),
    "attack": ("{actor} attacks {target}'s {member} for {damage}", "{actor}攻击{target}组的{member}，伤害{damage}"),
    "mount": ("{actor}'s {card} changes the distance", "{actor}的【{card}】改变了距离"),
    "roll": ("{target}'s chance to cancel: {saved_text}", "{target}的抵消判定：{saved_text}"),
    "attack cancelled": ("the attack on {target} is cancelled", "对{target}的攻击被抵消"),
    "axe": ("{actor} discards {cards} cards so the attack hits", "{actor}弃{cards}张手牌，令攻击必中"),
    "damage": ("{target}'s {member} takes {damage} damage (HP {hp})",
               "{target}组的{member}受到{damage}点伤害（剩余{hp}）"),
    "dying": ("{target} is dying (HP {hp})", "{target}陷入濒死（生命{hp}）"),
    "soldier falls": ("{target}'s {soldier} falls", "{target}的{soldier}阵亡"),
    "heal": ("{target} heals {healed} (HP {hp})", "{target}恢复{healed}点生命（现为{hp}）"),
    "heal capped": ("{target} cannot go above {max_hp} HP", "{target}的生命不能超过{max_hp}"),
    "revive": ("{target} is back on its feet", "{target}重新复归"),
    "poisoned": ("{target} is poisoned", "{target}中毒"),
    "discard": ("{actor} discards {card}", "{actor}弃掉【{card}】"),
    "pay": ("{actor} pays {card}", "{actor}交出【{card}】"),
    "magic": ("{actor} plays {card}", "{actor}使用【{card}】"),
    "magic cancelled": ("{actor}'s {card} is countered", "{actor}的【{card}】被抵消"),
    "counter": ("{actor} answers with {card}", "{actor}以【{card}】回应"),
    "horn": ("{actor} will draw {cards} more cards", "{actor}额外摸{cards}张牌"),
    "swift": ("{actor}'s attacks ignore distance this turn", "{actor}本回合攻击无视距离"),
    "mirror images": ("mirror images surround {actor}", "{actor}产生镜影"),
    "recall": ("{actor} takes back Mana cards ({cards})", "{actor}收回{cards}张魔"),
    "held": ("{target} is held", "{target}被定身"),
    "hold lifted": ("{target} is free again", "{target}的定身被解除"),
    "hold ends": ("{target}'s hold wears off", "{target}的定身结束"),
    "destroyed": ("{target}'s {card} is destroyed", "{target}的【{card}】被消灭"),
    "ward": ("{actor} spends a Mana card against the ice storm", "{actor}消耗1张魔抵御冰风暴雨"),
    "equip": ("{actor} equips {card}", "{actor}装备【{card}】"),
    "lightning": ("{actor} strikes {target}'s {member} with lightning", "{actor}以闪电束攻击{target}组的{member}"),
    "missiles": ("{actor} fires {damage} missiles at {target}'s group", "{actor}向{target}组发射{damage}点飞弹"),
    "missile split": ("the missiles fall: {split}", "飞弹分配：{split}"),
    "ring kept": ("{actor} spends 3 Mana cards to keep the ring", "{actor}消耗3张魔保留飞弹戒指"),
    "ring lost": ("{actor}'s missile ring is gone", "{actor}的飞弹戒指消失"),
    "skill": ("{actor} uses its skill", "{actor}发动技能"),
    "command": ("{actor} sends its soldiers against {target}'s group", "{actor}指挥士兵攻击{target}组"),
    "command over": ("{target} has fallen: {actor}'s other soldiers are done",
                     "{target}已倒下，{actor}其余士兵视为攻击完毕"),
    "death": ("{target} dies; it was {identity}", "{target}死亡，身份是{identity}"),
    "reward": ("{actor} draws {cards} cards as a reward", "{actor}获得摸{cards}张牌的奖励"),
    "penalty": ("{actor} loses every hand and equipment card ({cards})", "{actor}失去全部手牌及装备卡（{cards}张）"),
    "no reward": ("no reward and no penalty for {actor}", "{actor}没有奖励也没有惩罚"),
    "join": ("{actor} takes a {soldier} of {target}", "{actor}收编{target}的{soldier}"),
    "lord falls": ("the lord {target} has fallen", "城主{target}被消灭"),
    "neutral choice": ("{actor} {join_text}", "{actor}{join_text}"),
    "game over": ("game over: {why}; winners: {targets}", "游戏结束：{why}；胜者：{targets}"),
    "round cap": ("the simulation's round cap ({round_cap}) is reached: the game stops, nobody wins",
                  "达到模拟设定的轮数上限（{round_cap}轮）：游戏终止，无人获胜"),
    "reshuffle": ("the discard pile ({cards} cards) is shuffled into the deck", "弃牌堆（{cards}张）洗回牌组"),
    "deck empty": ("deck and discard pile are empty: no card is drawn", "牌组与弃牌堆皆空，不再摸牌"),
}
SECRET = {"identity": ("{target} is dealt an identity face down", "{target}秘密获得身份"),
          "draw": ("{actor} draws a card", "{actor}摸了一张牌")}


def describe_event(e, lang: str) -> str:
    """A sentence for the event; a redacted private event (no details) says only who did what kind of thing."""
    zh = lang == "zh"
    v = e.values
    f = _Fields(v)
    f["actor"] = who(e.actor, zh)
    # a face-down identity is dealt to the seat it is private to: who got one is public, which one is not
    secret_to = e.private_to[0] if e.kind == "identity" and e.private_to and not e.targets else None
    f["target"] = who(e.targets[0], zh) if e.targets else (who(secret_to, zh) if secret_to is not None else f["actor"])
    f["targets"] = ("、" if zh else ", ").join(who(t, zh) for t in e.targets) or ("无" if zh else "none")
    for key in ("card", "soldier"):
        if key in v:
            f[key] = card(v[key], zh)
    f["member"] = card(v["soldier"], zh) if v.get("soldier") else member(v.get("member"), zh)
    f["identity"] = ident(v.get("identity", ""), zh)
    f["camp"] = ident(v.get("camp", ""), zh)
    f["hero"] = hero(v.get("hero"), zh)
    f["split"] = split_text(v.get("split"), zh)
    f["why"] = why_over(e.clause, zh)
    f["saved_text"] = ("抵消" if zh else "cancelled") if v.get("saved") else ("未抵消" if zh else "not cancelled")
    f["join_text"] = (("投靠城主" if zh else "joins the lord") if v.get("join")
                      else ("拒绝投靠，转为敌军" if zh else "refuses and becomes an enemy"))
    table = SECRET if (not v and e.private_to is not None and e.kind in SECRET) else EVENTS
    template = table.get(e.kind)
    if template is None:
        return f"{f['actor']}：{e.kind}" if zh else f"{f['actor']}: {e.kind}"
    return spaced(template[1].format_map(f)) if zh else template[0].format_map(f)
