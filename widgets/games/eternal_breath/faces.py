"""The 永恒之息 cards as faces (``widgets.components.card_face``): each card's name, type, numbers and full text in both
languages, with the clause it follows, built from the catalogue (``explorer.games.eternal_breath.content``).

The sample data gives characters' skills a written text; attack, defence, trap and effect cards have only
their effect vocabulary, so their text is written here from it, one sentence per effect, in both languages.
"""

from __future__ import annotations

from functools import lru_cache

from explorer.games.eternal_breath.content import Card, Do, card
from explorer.games.eternal_breath.describe import skill_price
from widgets.components.card_face import Face

KINDS = {"special": ("Special character", "特殊角色卡", "EB-2.1.1-special"),
         "normal": ("Normal character", "普通角色卡", "EB-2.1.2-normal"),
         "attack": ("Attack card", "攻击卡", "EB-2.2-attack-card"),
         "defence": ("Defence card", "防御卡", "EB-2.3-defence-card"),
         "trap": ("Trap card", "陷阱卡", "EB-2.4-trap-card"),
         "effect": ("Effect card", "效果卡", "EB-2.5-effect-card")}
ATTRIBUTES = {"火": "Fire", "水": "Water", "风": "Wind", "雷": "Thunder", "暗": "Dark", "无": "None"}
TO = {"chosen": ("the target", "目标"), "self": ("you", "你"), "all": ("every player", "全部玩家"),
      "zone_owner": ("this zone's player", "该区域的玩家"), "host": ("the character carrying it", "所附角色"),
      "attacker": ("the attacking character", "攻击角色"),
      "turn_player": ("the player whose turn it is", "当前回合的玩家")}
TESTS = {"odd": ("an odd result", "奇数"), "even": ("an even result", "偶数"),
         "equals": ("a result of {v}", "{v}"), "at_least": ("a result of {v} or more", "不小于{v}")}
WHEN = {"turn_start": ("When this zone's player starts a turn", "该区域的玩家回合开始时"),
        "turn_end": ("When this zone's player ends a turn", "该区域的玩家回合结束时"),
        "attacks": ("When this zone's player attacks", "该区域的玩家发动攻击时"),
        "attacked": ("When this zone's player is attacked", "该区域的玩家受到攻击时"),
        "summons": ("When this zone's player summons", "该区域的玩家召唤角色时"),
        "extra_draw": ("When this zone's player pays for an extra draw", "该区域的玩家额外摸牌时"),
        "always": ("While it stays in the effect zone", "在效果区时持续生效")}
LIMITS = {"once": ("once per play phase", "出牌阶段仅限一次"), "unlimited": ("no limit", "无次数限制"),
          "draw_phase": ("in your draw phase", "在摸牌阶段使用"),
          "others_play": ("in another player's play phase", "在其他人的出牌阶段")}
PASSIVE = {"always": ("always", "始终生效"), "attacked": ("when attacked", "受到攻击时"),
           "damaged": ("when damaged", "受到伤害时"), "lose_card_off_turn": ("when losing a card off turn",
                                                                           "在自己回合外失去卡牌时"),
           "turn_start": ("at the start of the turn", "回合开始时")}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "zh" else pair[0]


def attribute_name(attribute: str, lang: str) -> str:
    """§3.2 属性 in ``lang`` (a user's own attribute keeps the name its file gives it)."""
    return attribute if lang == "zh" else ATTRIBUTES.get(attribute, attribute)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def effect_text(e: Do, lang: str) -> str:
    """One effect of the catalogue's vocabulary as a clause in ``lang`` (lower case, no full stop)."""
    n, to = e.amount, _pick(TO.get(e.to, (e.to, e.to)), lang)
    if e.do == "judge":
        test = _pick(TESTS[e.test], lang).format(v=e.value)
        then = _join([effect_text(x, lang) for x in e.then], lang)
        return (f"make a {e.dice}d judgment: on {test}, {then}" if lang == "en"
                else f"进行一次{e.dice}d判定，结果为{test}时：{then}")
    if lang == "zh":
        return _ZH.get(e.do, "{do}").format(n=n, to=to, ratio=e.ratio, attr=e.attribute, do=e.do)
    you = e.to == "self"  # "you gain", "the target gains"
    verb = {"heal": "heal", "lose_life": "lose", "gain_coins": "gain", "lose_coins": "pay", "draw": "draw",
            "win": "win"}.get(e.do, "")
    verb = verb if you or not verb else ("pays" if verb == "pay" else verb + "s")
    texts = {
        "heal": f"{to} {verb} {n}", "damage": f"{n} effect damage to {to}",
        "lose_life": f"{to} {verb} {n} life", "gain_coins": f"{to} {verb} {_plural(n, 'coin')}",
        "lose_coins": f"{to} {verb} {_plural(n, 'coin')} to the bank",
        "steal_coins": f"take {_plural(n, 'coin')} from {to}", "draw": f"{to} {verb} {_plural(n, 'card')}",
        "win": f"{to} {verb} the game", "cancel_trap": "cancel a trap while it is in check (检定)",
        "lifesteal": f"lifesteal: heal {e.ratio} of the attack damage dealt",
        "pierce": "the attack ignores base defence",
        "bonus_vs": f"+{_plural(n, 'point')} against a {attribute_name(e.attribute, 'en')} card",
        "thorns": f"after blocking, {n} effect damage to the attacking character",
        "combo": "may be played together with one more attack card",
        "boost_flat": f"+{_plural(n, 'attack point')}", "boost_percent": f"+{n}% attack points",
        "hand_limit": f"the hand limit becomes {n}", "attack_plus": f"+{_plural(n, 'attack point')}",
        "defence_plus": f"+{_plural(n, 'defence point')}",
    }
    return texts.get(e.do, e.do)


_ZH = {"heal": "{to}回复{n}点生命", "damage": "对{to}造成{n}点效果伤害", "lose_life": "{to}流失{n}点生命",
       "gain_coins": "{to}获得{n}枚金币", "lose_coins": "{to}向金币堆支付{n}枚金币",
       "steal_coins": "从{to}处偷取{n}枚金币",
       "draw": "{to}摸{n}张牌", "win": "{to}获得游戏胜利", "cancel_trap": "抵消一张处于检定中的陷阱卡",
       "lifesteal": "吸血：按造成伤害的{ratio}回复生命", "pierce": "攻击无视基础防御",
       "bonus_vs": "对{attr}属性卡牌+{n}点",
       "thorns": "格挡后对攻击角色造成{n}点效果伤害", "combo": "可与另一张攻击卡同时使用", "boost_flat": "攻击点+{n}",
       "boost_percent": "攻击点+{n}%", "hand_limit": "手牌上限变为{n}", "attack_plus": "攻击点+{n}",
       "defence_plus": "防御点+{n}"}


def _join(parts: list[str], lang: str) -> str:
    return ("; " if lang == "en" else "；").join(parts)


def _sentence(text: str, lang: str) -> str:
    """Capitalised with a full stop (English) or a 。 (Chinese)."""
    if not text:
        return ""
    return (text[0].upper() + text[1:] + ".") if lang == "en" else text + "。"


def _brackets(text: str, lang: str) -> str:
    return f" ({text})" if lang == "en" else f"（{text}）"


def card_text(c: Card, lang: str) -> str:
    """The card's full text in ``lang``: a character's skill, or what the card does and when."""
    if c.skill is not None:
        s = c.skill
        if s.type == "passive":
            when = _pick(PASSIVE.get(s.when, (s.when,) * 2), lang)
            head = _pick(("Passive skill", "被动技能"), lang) + _brackets(when, lang)
        else:
            terms = [_pick(LIMITS.get(s.limit, (s.limit,) * 2), lang)]
            cost = skill_price(s, lang)
            if cost:
                terms.append(("costs " if lang == "en" else "代价：") + cost)
            terms = (", " if lang == "en" else "，").join(terms)
            head = _pick(("Active skill", "主动技能"), lang) + _brackets(terms, lang)
        return f"{head}: {s.en}" if lang == "en" else f"{head}：{s.zh}"
    if c.is_character:
        return _pick(("No skill.", "无技能。"), lang)
    body = _join([effect_text(e, lang) for e in c.effects], lang)
    if c.kind == "trap":
        return _sentence(f"{_pick(WHEN[c.trigger], lang)}{', ' if lang == 'en' else '：'}{body}", lang)
    if c.kind == "effect" and c.persistent:
        where = _pick(("Persistent, placed on a character", "持续性，放置于角色的效果区") if c.place == "character"
                      else ("Persistent, placed in a player's effect zone", "持续性，放置于玩家的效果区"), lang)
        when = _pick(WHEN.get(c.trigger, (c.trigger,) * 2), lang)
        return f"{where}. {when}: {_sentence(body, lang)}" if lang == "en" else f"{where}。{when}：{body}。"
    if c.kind == "effect":
        return _pick(("Instant: ", "立即生效："), lang) + _sentence(body, lang)
    return _sentence(body, lang) or _pick(("No special effect.", "无特殊效果。"), lang)


def _stats(c: Card, with_hp: bool, lang: str) -> tuple:
    if c.is_character:
        return ((("HP", "生命", c.hp),) if with_hp else ()) + (("Defence", "防御", c.defence),)
    out = []
    if c.kind in ("attack", "defence"):
        out.append(("Attack", "攻击点", c.points) if c.kind == "attack" else ("Defence", "防御点", c.points))
    if c.attribute and c.attribute != "无":
        name = attribute_name(c.attribute, lang)
        out.append(("Attribute", "属性", name if lang == "zh" or name == c.attribute else f"{name} ({c.attribute})"))
    return tuple(out)


@lru_cache(maxsize=512)
def face(card_id: str, lang: str = "en", with_hp: bool = True) -> Face:
    """The face of a catalogue card, its numbers written for ``lang`` (``with_hp`` False when the board draws
    the HP itself, with a bar)."""
    try:
        c = card(card_id)
    except (KeyError, TypeError):
        return Face("unknown card", "未知卡牌")
    kind_en, kind_zh, clause = KINDS.get(c.kind, ("card", "卡牌", ""))
    if c.kind == "effect" and c.persistent:
        kind_en, kind_zh = "Persistent effect card", "持续性效果卡"
    if c.skill is not None:
        clause += ", EB-3.1-active" if c.skill.type == "active" else ", EB-3.1-passive"
    return Face(c.en, c.zh, kind_en, kind_zh, _stats(c, with_hp, lang), card_text(c, "en"), card_text(c, "zh"), clause)
