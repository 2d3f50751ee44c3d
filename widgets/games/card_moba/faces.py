"""The card-driven MOBA's things as card faces (``widgets.components.card_face``): heroes, action cards (O/D/M/S),
skills, bloodline pieces, statuses, marks and a hero's numbers (HP, shield, stamina, steps). Each face carries its name
in both languages, its type, its numbers, its full text in both languages and the clause it follows, read from
the game's sample content and clause register — never a catalogue id. Skill texts are written from the skill's
effect data (the sample hero file has names and effects, no prose)."""

from __future__ import annotations

import explorer
from explorer.games.card_moba import statuses
from explorer.games.card_moba.content import sample, sequence_alternatives
from explorer.games.card_moba.describe import WORDS, card_name, life_cost
from widgets.components.card_face import Face

CARD_TYPES = {"O": ("Offensive card", "攻势牌"), "D": ("Defence card", "防御牌"), "M": ("Movement card", "移动牌"),
              "S": ("Skill card", "技巧牌")}
STAT_NAMES = {"atk": ("attack", "攻击力"), "def": ("defence", "防御力"), "speed": ("speed", "速度"),
              "range": ("range", "攻击距离"), "hp": ("starting HP", "初始生命值")}
TARGET = {"self": ("self", "自身"), "enemy": ("an enemy within {r}", "距离{r}内的一名敌人"),
          "cell": ("an empty cell within {r}", "距离{r}内的一个空格子"),
          "line": ("a straight line of up to {r} cells", "一条至多{r}格的直线"),
          "direction": ("a direction (range {r})", "一个方向（射程{r}）")}


def _who(e: dict, lang: str) -> str:
    if e.get("to") == "self":
        return "this hero" if lang == "en" else "自身"
    return "the target" if lang == "en" else "目标"


def effect_text(e: dict, lang: str) -> str:
    """One effect of the small vocabulary (effects.py) as a phrase in ``lang``."""
    op, n, who = e["op"], e.get("amount", 0), _who(e, lang)
    en = lang == "en"
    if op == "damage":
        kind = WORDS["damage_kind"][e.get("kind", "normal")][not en]
        if en:
            return f"deal {f'{n} + attack power' if e.get('plus_atk') else n} {kind} damage to {who}"
        return f"对{who}造成{f'{n}+攻击力' if e.get('plus_atk') else n}点{kind}伤害"
    if op == "lose_life":
        return f"{who} loses {n} HP" if en else f"{who}流失{n}点生命值"
    if op == "heal":
        return f"{who} heals {n}" if en else f"{who}回复{n}点生命值"
    if op == "shield":
        if en:
            return f"{who} gains {f'{n} + defence' if e.get('plus_def') else n} shield"
        return f"{who}获得{f'{n}+防御力' if e.get('plus_def') else n}点护盾值"
    if op == "status":
        layers = f" ×{e['layers']}" if e.get("layers", 1) > 1 else ""
        turns = ""
        if e.get("duration", 1) > 1:
            turns = f" for {e['duration']} turns" if en else f"，持续{e['duration']}回合"
        name = statuses.status_name(e["status"], lang)
        return f"{who} gets {name}{layers}{turns}" if en else f"{who}被施加{name}{layers}{turns}"
    if op == "mark":
        mark = sample().marks.get(e.get("mark"), {})
        name = mark.get(lang, "?")
        return f"{who} gets {n} {name}" if en else f"{who}获得{n}层{name}"
    if op == "stat":
        stat = STAT_NAMES[e["stat"]][not en]
        return f"{stat} {n:+d}" if en else f"{stat}{n:+d}"
    words = {"steps": ("gains {n} step(s)", "获得{n}步数"), "stamina": ("gains {n} stamina", "获得{n}点体力值"),
             "draw": ("draws {n} card(s)", "摸{n}张牌"),
             "attack_chance": ("gains {n} attack chance(s)", "获得{n}次攻击机会"),
             "knockback": ("is knocked back {n} cell(s)", "被击退{n}格"),
             "pull": ("is pulled {n} cell(s)", "被拖拽{n}格"),
             "retreat": ("retreats {n} cell(s)", "后撤{n}格"), "charge": ("charges along the line", "沿直线冲锋"),
             "blink": ("blinks to the cell", "闪现到该格"),
             "crit": ("makes the next attack a critical hit", "下一次攻击暴击")}
    if op == "projectile":
        return "fire a projectile; what it hits:" if en else "发射飞行道具，命中的对象："
    en_text, zh_text = words.get(op, (op, op))
    return f"{who} {en_text.format(n=n)}" if en else f"{who}{zh_text.format(n=n)}"


def effects_text(effects, lang: str) -> str:
    out = ""
    for e in effects:
        text = effect_text(e, lang)
        out += (("" if not out or out.endswith((":", "：")) else ("; " if lang == "en" else "；"))
                + (" " if out.endswith(":") else "") + text)
    return out


def _alt_text(alt: dict, lang: str) -> str:
    target = TARGET[alt["target"]][lang == "zh"].format(r=alt.get("range", 0))
    seq = "【" + " ".join(alt["seq"]) + "】"
    return f"{seq} {target}: {effects_text(alt['effects'], lang)}" if lang == "en" else \
        f"{seq} {target}：{effects_text(alt['effects'], lang)}"


def _trigger(skill: dict, lang: str) -> str:
    text = WORDS["trigger"][skill["trigger"]][lang == "zh"]
    if skill.get("card"):
        text += f" ({skill['card']})"
    if skill.get("min_damage"):
        text += f" (≥{skill['min_damage']})"
    return text


def _sequence(actions: str, lang: str) -> str:
    """A skill's action sequence as on the hero card, "A" read as "O" (MB-hero-errata): 【O O O / M M】."""
    if actions == "被动":
        return "【被动】" if lang == "zh" else "【passive】"
    return "【" + " / ".join(" ".join(p) for p in sequence_alternatives(actions)) + "】"


def card_face(card: str) -> Face:
    """MB-card-types, MB-card-cost: an action card (its name, type, stamina cost and text)."""
    c = sample().cards[card]
    kind_en, kind_zh = CARD_TYPES[c["type"]]
    return Face(card_name(c, "en"), card_name(c, "zh"), f"{kind_en} · {c['type']}", f"{kind_zh} · {c['type']}",
                (("cost", "费用", c["cost"]),), c["en"], c["zh"], "MB-card-cost")


def hero_face(hero: str) -> Face:
    """MB-hero-stats: a hero card (HP, attack, defence, speed, range) and its skills' action sequences."""
    h = sample().heroes[hero]
    stats = (("HP", "生命", h["hp"]), ("atk", "攻", h["atk"]), ("def", "防", h["def"]), ("speed", "速", h["speed"]),
             ("range", "距", h.get("range", 1)))
    skills = {lang: (", " if lang == "en" else "、").join(f"{s[lang]}{_sequence(s['actions'], lang)}"
                                                          for s in h["skills"]) for lang in ("en", "zh")}
    return Face(h["en"], h["zh"], "Hero", "英雄", stats, f"Skills: {skills['en']}", f"技能：{skills['zh']}",
                "MB-hero-stats")


def skill_face(hero: str, skill_id: str, uses: dict | None = None) -> Face:
    """MB-hero-skill-sequence / MB-hero-passive: a skill, its action sequence(s), uses ready, and any life cost."""
    s = next(x for x in sample().heroes[hero]["skills"] if x["id"] == skill_id)
    stats: list = []
    if s["actions"] == "被动":
        texts = {lang: f"{_sequence('被动', lang)} {_trigger(s, lang)}: {effects_text(s['effects'], lang)}"
                 for lang in ("en", "zh")}
        kind, clause = ("Passive skill", "被动技能"), "MB-hero-passive"
    else:
        texts = {lang: " / ".join(_alt_text(a, lang) for a in s["alts"]) for lang in ("en", "zh")}
        kind, clause = ("Skill", "技能"), "MB-hero-skill-sequence"
        ready = sum(n for key, n in (uses or {}).items() if key.partition("#")[0] == skill_id)
        if ready:
            stats.append(("ready", "可用", ready))
        for i in range(len(s["alts"])):
            hp = life_cost(f"{skill_id}#{i}")
            if hp:
                stats.append(("costs HP", "消耗生命", hp))
    seq = _sequence(s["actions"], "en") if s["actions"] != "被动" else ""
    return Face(s["en"], s["zh"], f"{kind[0]} {seq}".strip(), f"{kind[1]} {seq}".strip(), tuple(stats),
                texts["en"], texts["zh"], clause)


BLOODLINE_CLAUSE = {"system": "MB-bloodline-system", "keystone": "MB-bloodline-keystone",
                    "fragment_a": "MB-bloodline-fragments", "fragment_b": "MB-bloodline-fragments",
                    "dust": "MB-bloodline-dust"}


def piece_face(piece: str) -> Face:
    """MB-bloodline-*: a bloodline piece (system, keystone, fragment or dust) and what it does."""
    c = sample()
    if piece in c.systems:
        entry, slot = c.systems[piece], "system"
    elif piece in c.dusts:
        entry, slot = c.dusts[piece], "dust"
    else:
        entry = c.pieces[piece]
        slot = entry["slot"]
    slot_en, slot_zh = WORDS["slot"][slot]
    name = {lang: entry[lang].split("：")[0].split(":")[0] for lang in ("en", "zh")}
    text = {lang: entry[lang] if entry[lang] != name[lang] else "" for lang in ("en", "zh")}
    return Face(name["en"], name["zh"], f"Bloodline · {slot_en}", f"血统 · {slot_zh}", (), text["en"], text["zh"],
                BLOODLINE_CLAUSE[slot])


def _rule(clause: str, lang: str) -> str:
    found = explorer.get_game("card_moba").clause_index.get(clause)
    return found.text(lang) if found else ""


def status_face(s: dict) -> Face:
    """MB-status-*: a status on a hero, with its layers, turns left and whether it works yet."""
    clause = statuses.CLAUSE[s["name"]]
    stats = []
    if s.get("layers", 1) > 1 or s["name"] in statuses.TIMED or s["name"] == "slow":
        stats.append(("layers", "层", s["layers"]))
    if s["name"] in statuses.TIMED:
        stats.append(("turns", "回合", s["duration"]))
    working = s.get("active") or s["name"] in statuses.UNTIL_TURN_END
    state = ("active", "生效中") if working else ("next turn", "下回合生效")
    return Face(s["en"], s["zh"], state[0], state[1], tuple(stats), _rule(clause, "en"), _rule(clause, "zh"), clause)


def mark_face(mark: str, stacks: int) -> Face:
    """MB-hero-marks: a mark and its stacks (max -1 = no limit)."""
    m = sample().marks[mark]
    cap = "∞" if m["max"] == -1 else m["max"]
    return Face(m["en"], m["zh"], "Mark", "标记", (("stacks", "层", f"{stacks}/{cap}"),),
                _rule("MB-hero-marks", "en"), _rule("MB-hero-marks", "zh"), "MB-hero-marks")


NUMBERS = {"hp": ("HP", "生命", "MB-hero-hp-cap"), "shield": ("Shield", "护盾", "MB-term-2-shield"),
           "stamina": ("Stamina", "体力", "MB-term-1-stamina"), "steps": ("Steps", "步数", "MB-term-4-steps"),
           "attacks": ("Attacks", "攻击机会", "MB-term-3-attack"), "score": ("Score", "得分", "MB-choice-4-score")}


def number_face(what: str, value: str) -> Face:
    """One of a hero's numbers (HP, shield, stamina, steps, attack chances, score) with the rule it follows."""
    en, zh, clause = NUMBERS[what]
    return Face(en, zh, "", "", (("", "", value),), _rule(clause, "en"), _rule(clause, "zh"), clause)


def cap_text(value, lang: str) -> str:
    """A cap as people write it: a number, or "no cap" for Ruler mode's inf (MB-A18)."""
    return ("∞" if lang == "en" else "无上限") if value in ("inf", None) else str(value)
