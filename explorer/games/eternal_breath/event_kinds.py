"""Every kind of event 永恒之息 emits, named in English and in 中文 (the legend of the event chains, a
redacted line of the log): one table, read by ``describe.py`` and by ``widgets.i18n.event_kind_name``."""

from __future__ import annotations

EVENT_KINDS: dict[str, tuple[str, str]] = {  # kind: (English, 中文)
    "ritual": ("Mystic ritual", "神秘仪式"), "pick": ("Pick", "选取角色"), "pass on": ("Pass on", "递出其余卡牌"),
    "leftovers": ("Leftovers to the deck", "剩余角色卡加入牌堆"), "hp card": ("HP card", "取血条卡"),
    "limits": ("Starting state", "初始状态"), "dealer": ("Dealer", "庄家"), "order": ("Order", "顺序"),
    "game start": ("Game start", "游戏开始"), "round": ("New round", "新的一轮"), "phase": ("Phase", "阶段"),
    "coins": ("Coins", "金币"), "coins to bank": ("Coins to the bank", "金币交还银行"), "pay": ("Pay", "支付"),
    "draw": ("Draw", "摸牌"), "no card": ("No card to draw", "无牌可摸"), "reshuffle": ("Reshuffle", "洗牌"),
    "flip": ("Flip", "反置"), "face up": ("Face up", "正置"), "reveal": ("Reveal", "翻开"),
    "declaration": ("Character declaration", "角色声明"), "prepare": ("Prepare", "预备"),
    "summon": ("Summon", "召唤"), "summon limit": ("Summon limit", "召唤角色上限"),
    "attribute": ("Attribute", "属性"), "attacker": ("Attacker", "攻击者"), "attack": ("Attack", "攻击"),
    "roll": ("Roll", "掷骰"), "block": ("Block", "格挡"), "dodge": ("Dodge", "闪避"), "damage": ("Damage", "伤害"),
    "effect damage": ("Effect damage", "效果伤害"), "life loss": ("Life loss", "流失生命"),
    "heal": ("Heal", "治疗"), "dying": ("Dying", "濒死"), "rescue": ("Rescue", "救援"),
    "saved": ("Out of dying", "退出濒死"), "death": ("Death", "死亡"), "destroyed": ("Destroyed", "销毁"),
    "to discard pile": ("To the discard pile", "置入弃牌堆"), "off table": ("Off the table", "离开桌面"),
    "leave": ("Leave", "离场"), "loss": ("Loss", "游戏失败"),
    "loser cards": ("The loser's cards", "失败玩家卡牌置入弃牌堆"), "defeat": ("Defeat", "击败玩家"),
    "victory": ("Victory", "胜利"), "game over": ("Game over", "游戏结束"), "trap": ("Trap", "陷阱"),
    "remove": ("Remove", "移除"), "trap declared": ("Trap declared", "陷阱声明"),
    "trap kept hidden": ("Trap kept hidden", "不声明陷阱"), "check": ("Check", "检定"),
    "trap effect": ("Trap effect", "陷阱生效"), "trigger": ("Trigger", "触发"), "effect": ("Effect card", "效果卡"),
    "effect placed": ("Effect placed", "放置效果卡"), "refuse": ("Refuse", "阻止放置"),
    "effect refused": ("Effect refused", "效果卡被阻止"), "force": ("Force", "强行放置"),
    "effect triggered": ("Effect triggered", "效果触发"), "expire": ("Effect removed", "效果卡移除"),
    "judgment": ("Judgment", "判定"), "skill": ("Active skill", "主动技能"),
    "passive": ("Passive skill", "被动技能"), "discard": ("Discard", "弃牌"),
    "end play": ("End of play", "结束出牌"),
}
