"""Every kind of event 城堡之心 emits, named in English and in 中文 (the legend of the event chains, a
redacted line of the log): one table, read by ``widgets.i18n.event_kind_name``; the sentences are in
``describe.py``."""

from __future__ import annotations

EVENT_KINDS: dict[str, tuple[str, str]] = {  # kind: (English, 中文)
    "one lord": ("One lord", "唯一城主"), "enemies outnumber": ("Enemies outnumber", "敌军占多数"),
    "neutrals capped": ("Neutrals capped", "中立人数上限"), "identity": ("Identity", "身份"),
    "hero": ("Hero", "英雄"), "leadership": ("Leadership", "领导值"), "setup": ("Setup", "准备"),
    "deploy": ("Deploy", "部署"), "soldier": ("Soldier", "士兵"), "mana to 魔": ("Mana to 魔", "法力转为魔"),
    "battle": ("Battle", "战斗阶段"), "turn": ("Turn", "回合"), "round cap": ("Round cap", "轮数上限"),
    "draw phase": ("Draw phase", "摸牌阶段"), "draw": ("Draw", "摸牌"), "deck empty": ("Deck empty", "牌堆耗尽"),
    "reshuffle": ("Reshuffle", "洗牌"), "end of play": ("End of play", "结束出牌"),
    "declare": ("Declare", "宣布阵营"), "neutral": ("Neutral", "中立"),
    "neutral choice": ("Neutral's choice", "中立的选择"), "join": ("Join", "投靠"), "attack": ("Attack", "攻击"),
    "attack cancelled": ("Attack cancelled", "攻击被抵消"), "block": ("Block", "格挡"),
    "damage": ("Damage", "伤害"), "roll": ("Roll", "掷骰"), "heal": ("Heal", "治疗"),
    "heal capped": ("Heal capped", "治疗达上限"), "dying": ("Dying", "濒死"), "rescue": ("Rescue", "救援"),
    "revive": ("Revive", "复归"), "death": ("Death", "死亡"), "soldier falls": ("Soldier falls", "士兵阵亡"),
    "lord falls": ("The lord falls", "城主阵亡"), "destroyed": ("Destroyed", "销毁"),
    "discard": ("Discard", "弃牌"), "pay": ("Pay", "支付"), "magic": ("Magic", "魔法"),
    "counter": ("Counter", "魔法抵消"), "magic cancelled": ("Magic cancelled", "魔法被抵消"),
    "missiles": ("Missiles", "飞弹"), "missile split": ("Missile split", "飞弹分配"),
    "lightning": ("Lightning", "闪电攻击"), "mirror images": ("Mirror images", "镜影"),
    "ward": ("Ward against the ice storm", "抵御冰风暴雨"), "equip": ("Equip", "装备"),
    "mount": ("Mount", "坐骑改变距离"), "axe": ("Axe: sure hit", "弃牌必中"), "horn": ("Extra draw", "额外摸牌"),
    "swift": ("Swift", "迅捷"), "poisoned": ("Poisoned", "中毒"), "held": ("Held", "定身"),
    "hold ends": ("Hold ends", "定身结束"), "hold lifted": ("Hold lifted", "定身解除"),
    "ring kept": ("Ring kept", "保留戒指"), "ring lost": ("Ring lost", "失去戒指"),
    "recall": ("Mana cards back", "收回魔"), "command": ("Command", "指挥"),
    "command over": ("Command over", "指挥结束"), "skill": ("Skill", "技能"), "reward": ("Reward", "奖励"),
    "no reward": ("No reward", "无奖励"), "penalty": ("Penalty", "惩罚"), "game over": ("Game over", "游戏结束"),
}
