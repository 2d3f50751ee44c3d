"""Every kind of event the card MOBA emits, named in English and in 中文 (the legend of the event chains, a
redacted line of the log): one table, read by ``widgets.i18n.event_kind_name``; the sentences are in
``describe.py``."""

from __future__ import annotations

EVENT_KINDS: dict[str, tuple[str, str]] = {  # kind: (English, 中文)
    "mode": ("Mode", "模式"), "map": ("Map", "地图"), "hero": ("Hero", "英雄"), "bloodline": ("Bloodline", "血统"),
    "bloodline complete": ("Bloodline complete", "血统构建完毕"), "winning score": ("Winning score", "获胜得分"),
    "order": ("Turn order", "行动顺序"), "turn order": ("Turn order", "行动顺序"), "spawn": ("Spawn", "出生"),
    "hero stats": ("Hero stats", "英雄属性"), "deck": ("Deck", "牌堆"), "shuffle": ("Shuffle", "洗牌"),
    "first turn": ("First turn", "第一个回合"), "turn": ("Turn", "回合"), "turn lost": ("Turn lost", "失去回合"),
    "start phase": ("Start phase", "开始阶段"), "start phase skipped": ("Start phase skipped", "跳过开始阶段"),
    "draw phase": ("Draw phase", "摸牌阶段"), "draw phase skipped": ("Draw phase skipped", "跳过摸牌阶段"),
    "action phase": ("Action phase", "行动阶段"), "action phase skipped": ("Action phase skipped", "跳过行动阶段"),
    "end action phase": ("End of the action phase", "结束行动阶段"), "end phase": ("End phase", "结束阶段"),
    "end phase skipped": ("End phase skipped", "跳过结束阶段"), "end": ("End", "结束"), "draw": ("Draw", "摸牌"),
    "draw ordered": ("Cards to draw", "待摸牌"), "nothing to draw": ("Nothing to draw", "无牌可摸"),
    "reshuffle": ("Reshuffle", "重洗弃牌堆"), "hand limit": ("Hand limit", "手牌上限"),
    "discard": ("Discard", "弃牌"), "play": ("Play a card", "出牌"),
    "skill unlocked": ("Skill unlocked", "技能解锁"), "skill": ("Skill", "技能"), "passive": ("Passive", "被动"),
    "stamina": ("Stamina", "体力值"), "steps": ("Steps", "步数"),
    "steps refused": ("Steps refused", "无法获得步数"), "slowed": ("Slowed", "迟缓"), "move": ("Move", "移动"),
    "blink": ("Blink", "闪现"), "knockback": ("Knockback", "击退"), "pull": ("Pull", "拖拽"),
    "retreat": ("Retreat", "后撤"), "charge": ("Charge", "冲锋"), "blocked": ("Blocked", "阻挡"),
    "stopped": ("Stopped by an obstacle", "被障碍物挡住"),
    "displacement refused": ("Displacement refused", "位移无效"), "special cell": ("Special cell", "特殊格子"),
    "special cell off": ("Special cells off", "特殊格子关闭"), "projectile": ("Projectile", "飞行道具"),
    "projectile hits": ("Projectile hits", "飞行道具命中"), "attack chance": ("Attack chance", "攻击机会"),
    "crit ready": ("Critical hit ready", "暴击就绪"), "attack": ("Attack", "攻击"),
    "low attack power": ("Low attack power", "攻击力不足"), "damage": ("Damage", "伤害"),
    "negative damage": ("Negative damage", "负伤害"), "shield": ("Shield", "护盾值"),
    "shield absorbs": ("Shield absorbs", "护盾吸收"), "shield expires": ("Shield expires", "护盾消失"),
    "shield refused": ("Shield refused", "无法获得护盾"), "heal": ("Heal", "回复生命"),
    "heal halved": ("Heal halved", "回复减半"), "hp cap": ("HP cap", "生命值上限"),
    "life loss": ("Life loss", "流失生命"), "mark": ("Mark", "标记"), "status": ("Status", "状态"),
    "status ends": ("Status ends", "状态结束"), "status ignored": ("Status ignored", "状态被忽略"),
    "status stacked": ("Status stacked", "状态叠加"), "death": ("Death", "死亡"), "kill": ("Kill", "击杀"),
    "respawn": ("Respawn", "复活"), "steal stamina": ("Stamina stolen", "偷取体力值"),
    "steal hand": ("Hand taken", "夺取手牌"), "game over": ("Game over", "游戏结束"),
}
