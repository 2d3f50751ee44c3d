"""城堡之心's cards as faces a person reads (through ``widgets.components.card_face``): heroes, soldiers, equipment,
magic and basic cards, identities, each with its name in the page's language, its type, its numbers and its full text
in both languages with the clause it follows. Names and texts come from the sample content and the clause
register, never from a catalogue id; a card id missing from both is shown as "unknown card", not as its id."""

from __future__ import annotations

from functools import lru_cache

import explorer
from widgets.components.card_face import Face


def _game():
    """The game's content and words, imported when a face is first drawn: importing the game loads its content
    files, and a broken one must leave the app able to open and name it (the Content notice), not fail this
    module's import."""
    from explorer.games.castle_heart import content, describe

    return content, describe


def english(text: str) -> str:
    return _game()[1].english(text)

KINDS = {"basic": ("basic card", "基本牌"), "equipment": ("equipment", "装备卡"), "magic": ("magic card", "魔法卡")}
SLOTS = {"weapon": ("weapon", "武器"), "armour": ("armour", "铠甲"), "shield": ("shield", "盾牌"),
         "ring": ("ring", "戒指"), "attack_mount": ("mount (attack)", "坐骑（攻击）"),
         "defence_mount": ("mount (defence)", "坐骑（防御）")}
# the clause a card's effect follows, where the id does not name it (a copied deck may rename cards)
EFFECT_CLAUSE = {
    "sword": "CH-turn-play-one-sword", "heal": "CH-turn-play-heal", "mana": "CH-A04",
    "melee_half_cancel": "CH-equip-knight-armour", "first_ranged_cancel": "CH-equip-steel-shield",
    "lightning": "CH-equip-lightning-wand", "range_two_follow_up": "CH-equip-great-sword",
    "abyss": "CH-equip-abyss-sword", "missile_ring": "CH-equip-missile-ring",
    "force_hit_discard_two": "CH-equip-bear-axe", "repeat_until_hit": "CH-equip-doom-axe",
    "range_unlimited_any_two": "CH-equip-longbow", "poison": "CH-equip-poison-dagger",
    "attack_distance_minus": "CH-equip-warhorse", "defence_distance_plus": "CH-equip-pegasus",
}
# what the seed leaves to the basic cards (CH-A04), and the sword's second use (CH-turn-block)
BASIC_TEXT = {
    "sword": ("剑：出牌阶段消耗 1 张剑攻击；被攻击时可消耗 1 张剑抵挡（CH-turn-block）。",
              "Sword: spend one in the play phase to attack; spend one to block an attack (CH-turn-block)."),
    "mana": ("魔：闪电魔杖、飞弹戒指与抵御冰风暴雨的费用；备战阶段剩余的法力值转换为魔。",
             "Mana: the cost of the lightning wand, the missile ring and the ice-storm ward; leftover mana at "
             "deployment becomes Mana cards."),
}
# the numbers a card shows (label en, label 中文, value), by effect
EFFECT_STATS = {
    "lightning": (("cost (Mana)", "费用（魔）", 3), ("damage", "伤害", 3)),
    "missile_ring": (("damage", "伤害", 5), ("to keep (Mana)", "保留（魔）", 3)),
    "range_two_follow_up": (("range", "距离", 2),),
    "range_unlimited_any_two": (("range", "距离", "∞"),),
    "attack_distance_minus": (("distance", "距离", "−1"),),
    "defence_distance_plus": (("distance", "距离", "+1"),),
    "melee_half_cancel": (("cancel", "抵消", "50%"),),
    "fireball": (("damage", "伤害", 3),),
    "heal": (("heal", "治愈", 1),),
}
IDENTITY = {
    "lord": ("Lord", "城主", "CH-goal-lord"), "enemy": ("Enemy", "敌军", "CH-goal-enemy"),
    "reinforcement": ("Reinforcement", "援军", "CH-goal-reinforcement"),
    "neutral": ("Neutral", "中立", "CH-goal-neutral"),
}


def clause_text(clause_id: str) -> tuple[str, str]:
    """(中文, English) of a clause or an assumption of 城堡之心; empty when it is not in the registers."""
    clause = explorer.get_game("castle_heart").clause_index.get(clause_id)
    if clause is not None:
        return clause.zh, clause.en
    for a in explorer.assumptions("castle_heart"):
        if a.id == clause_id:
            return a.question_zh + " " + a.our_default("zh"), a.question_en + " " + a.our_default("en")
    return "", ""


def card_clause(card_id: str) -> str:
    """The clause a card follows: the one its id names (CH-equip-…, CH-magic-…), else the one of its effect."""
    info = _game()[0].CONTENT.cards.get(card_id)
    if info is None:
        return ""
    own = f"CH-{'equip' if info.kind == 'equipment' else 'magic'}-{card_id.replace('_', '-')}"
    if explorer.get_game("castle_heart").clause_index.get(own) is not None:
        return own
    return EFFECT_CLAUSE.get(info.effect, f"CH-magic-{info.effect.replace('_', '-')}")


@lru_cache(maxsize=256)
def card_face(card_id: str, magic_cost: int = 0) -> Face:
    """A hand, equipment or magic card (CH-A04 for the basic ones)."""
    info = _game()[0].CONTENT.cards.get(card_id)
    if info is None:
        return Face("unknown card", "未知的牌")
    kind_en, kind_zh = KINDS[info.kind]
    if info.slot:
        kind_en, kind_zh = f"{kind_en} · {SLOTS[info.slot][0]}", f"{kind_zh} · {SLOTS[info.slot][1]}"
    stats = EFFECT_STATS.get(info.effect, ())
    if info.kind == "magic" and magic_cost:
        stats = (("cost (Mana)", "费用（魔）", magic_cost), *stats)
    clause = card_clause(card_id)
    zh, en = BASIC_TEXT.get(info.effect) or clause_text(clause)
    return Face(info.en, info.zh, kind_en, kind_zh, stats, english(en), zh, clause)


@lru_cache(maxsize=64)
def hero_face(hero_id: str, lord: bool = False) -> Face:
    """A hero (sample content, CH-A33): HP, leadership (as the lord when ``lord``), its skill and its cost."""
    info = _game()[0].CONTENT.heroes.get(hero_id)
    if info is None:
        return Face("no hero yet", "尚无英雄")
    stats = [("HP", "生命", info.hp), ("leadership", "领导值", info.lord_leadership if lord else info.leadership)]
    if info.cost:
        paid = ("skill costs (Mana)", "技能消耗（魔）") if info.skill == "draw_by_mana" else \
            ("skill costs (cards)", "技能消耗（手牌）")
        stats.append((*paid, info.cost))
    return Face(info.en, info.zh, "hero", "英雄", tuple(stats), english(info.skill_en), info.skill_zh, "CH-A33")


@lru_cache(maxsize=16)
def soldier_face(kind: str) -> Face:
    """A soldier card: the seed's HP and mana value, its trait (骑士 charge, 大山猫 stealth)."""
    info = _game()[0].SOLDIERS.get(kind)
    if info is None:
        return Face("soldier", "士兵", "soldier", "士兵")
    trait = "CH-soldier-knight-charge" if kind == "knight" else "CH-soldier-lynx-stealth"
    (zh1, en1), (zh2, en2) = clause_text(info["clause"]), clause_text(trait)
    stats = (("HP", "生命", info["hp"]), ("mana", "法力", info["value"]))
    return Face(info["en"], info["zh"], "soldier", "士兵", stats,
                english(f"{en1} {en2}".strip()), f"{zh1}{zh2}", info["clause"])


@lru_cache(maxsize=8)
def identity_face(identity: str) -> Face:
    """An identity card (身份), shown only to whom may see it; its text is the side's goal."""
    en, zh, clause = IDENTITY.get(identity, ("no identity yet", "尚无身份", ""))
    text_zh, text_en = clause_text(clause) if clause else ("", "")
    return Face(en, zh, "identity", "身份", (), english(text_en), text_zh, clause)
