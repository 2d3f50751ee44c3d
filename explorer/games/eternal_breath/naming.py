"""How the 永恒之息 texts name things for people, in English and 中文: a card by its name (never its catalogue
id), a seat, a count, and what an active skill costs (EB-3.1-active) — said before the click."""

from __future__ import annotations

from explorer.names import seat_name

from .catalogue import card


def _n(c, lang: str) -> str:
    """A card's name in ``lang``; never its catalogue id (an id the catalogue lacks reads "unknown card")."""
    if not c:
        return "—"
    try:
        return card(c).name(lang)
    except (KeyError, TypeError):
        return "unknown card" if lang == "en" else "未知卡牌"


def _cards(cs, lang: str) -> str:
    return (" + " if lang == "en" else "＋").join(_n(c, lang) for c in cs)


def _plural(n, words: str) -> str:
    """ "the 1 other card", "the 3 other cards": English counts as people write them."""
    return f"{n} {words}" + ("" if n == 1 else "s")


def _who(p, lang: str = "en") -> str:
    """A seat in a sentence: "Player 0" / "玩家 0", as everywhere (``explorer.seat_name``)."""
    return seat_name(p, lang)


def skill_price(skill, lang: str) -> str:
    """EB-3.1-active: an active skill's price, "2 coins + 1 life" / "2枚金币＋流失1点生命" ("" when free)."""
    if skill is None or skill.type != "active":
        return ""
    en, zh = [], []
    if skill.cost_coins:
        en.append(f"{skill.cost_coins} coin" + "s" * (skill.cost_coins != 1))
        zh.append(f"{skill.cost_coins}枚金币")
    if skill.cost_life:
        en.append(f"{skill.cost_life} life")
        zh.append(f"流失{skill.cost_life}点生命")
    return " + ".join(en) if lang == "en" else "＋".join(zh)


def skill_cost(char: str, lang: str) -> str:
    """EB-3.1-active: what using this character's skill costs and the life its own effects take from the user
    outright, said before the click: " (costs 1 life)" / "（代价：流失1点生命）"; "" when free."""
    try:
        skill = card(char).skill
    except (KeyError, TypeError):
        return ""
    if skill is None or skill.type != "active":
        return ""
    price = skill_price(skill, lang)
    loss = sum(e.amount for e in skill.effects if e.do == "lose_life" and e.to == "self")
    if lang == "en":
        parts = ([f"costs {price}"] if price else []) + ([f"you lose {loss} life"] if loss else [])
        return f" ({'; '.join(parts)})" if parts else ""
    parts = ([f"代价：{price}"] if price else []) + ([f"你将流失{loss}点生命"] if loss else [])
    return f"（{'；'.join(parts)}）" if parts else ""
