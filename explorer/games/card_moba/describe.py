"""Sentences for people, in English and Chinese, for every action and event of the game."""

from __future__ import annotations

import re
from collections import defaultdict

from explorer.names import seat_name

from .content import sample
from .statuses import status_name

ACTIONS = {
    "mode": ("P{p} chooses {mode} mode for the table: {mode_why}.", "P{p} 为全桌选择{mode}模式：{mode_why}。"),
    "map": ("P{p} chooses the map {map}.", "P{p} 选择地图{map}。"),
    "hero": ("P{p} picks the hero {hero}.", "P{p} 选择英雄{hero}。"),
    "bloodline": ("P{p} takes the bloodline piece {piece}.", "P{p} 选择血统：{piece}。"),
    "win_score": ("P{p} sets the winning score to {score}.", "P{p} 将获胜得分定为{score}。"),
    "order": ("Chance sets the turn order: {order}.", "随机决定行动顺序：{order}。"),
    "spawn": ("P{p} takes the spawn point {cell}.", "P{p} 选择出生点{cell}。"),
    "draw": ("Chance: the top card is {card}.", "随机：牌堆顶是{card}。"),
    "play": ("P{p} plays {card} ({cost} stamina){aim}.", "P{p} 打出{card}（{cost}点体力值）{aim}。"),
    "move": ("P{p} moves to {to}.", "P{p} 移动到{to}。"),
    "attack": ("P{p} attacks P{target}.", "P{p} 攻击 P{target}。"),
    "skill": ("P{p} uses the skill {skill}{aim}{life}.", "P{p} 使用技能{skill}{aim}{life}。"),
    "end": ("P{p} ends the action phase.", "P{p} 结束行动阶段。"),
    "discard": ("P{p} discards {card} down to the hand limit.", "P{p} 弃置{card}以符合手牌上限。"),
}
EVENTS = {
    "status": ("P{t} gets the status {status} ({layers} layer(s), {duration} turn(s)).",
               "P{t} 被施加{status}（{layers}层，{duration}回合）。"),
    "status ignored": ("P{t} already has {status}: the new one is ignored (status stack).",
                       "P{t} 已有{status}：新的同名状态被无视（状态栈）。"),
    "status stacked": ("P{t}'s {status} stacks to {layers} layer(s).", "P{t} 的{status}叠加到{layers}层。"),
    "status ends": ("P{t}'s {status} ends.", "P{t} 的{status}结束。"),
    "heal halved": ("Grievous wounds halve P{t}'s heal from {before} to {after}.",
                    "重伤使 P{t} 的回复由{before}减为{after}。"),
    "heal": ("P{t} heals {amount} (HP {hp}).", "P{t} 回复{amount}点生命值（生命值{hp}）。"),
    "shield refused": ("Armour break: P{t} cannot gain shield.", "碎甲：P{t} 无法获得护盾值。"),
    "shield": ("P{t} gains {amount} shield (shield {shield}).", "P{t} 获得{amount}点护盾值（护盾值{shield}）。"),
    "shield expires": ("P{t}'s turn begins: the {shield} shield left from before is gone.",
                       "P{t} 的回合开始：此前剩余的{shield}点护盾值消失。"),
    "damage": ("P{t} takes {damage} {damage_kind} damage: {absorbed} absorbed, {hp_loss} to HP (HP {hp}).",
               "P{t} 受到{damage}点{damage_kind}伤害：护盾抵消{absorbed}，生命值减少{hp_loss}（生命值{hp}）。"),
    "negative damage": ("Damage {damage} is below 0: it heals P{t} instead.",
                        "伤害值{damage}小于0：改为令 P{t} 回复生命值。"),
    "shield absorbs": ("P{t}'s shield absorbs {absorbed} (shield {shield}).",
                       "P{t} 的护盾抵消{absorbed}点伤害（剩余{shield}）。"),
    "life loss": ("P{t} loses {amount} HP (HP {hp}).", "P{t} 流失{amount}点生命值（生命值{hp}）。"),
    "death": ("P{t} dies.", "P{t} 死亡。"),
    "kill": ("P{a} is the killer of P{t} and now has {score} point(s).", "P{a} 击杀了 P{t}，得分{score}。"),
    "steal stamina": ("P{a} steals {amount} stamina from P{t}.", "P{a} 偷取 P{t} 的{amount}点体力值。"),
    "steal hand": ("P{a} takes P{t}'s hand.", "P{a} 夺取 P{t} 的手牌。"),
    "game over": ("The game is over: {winners} {why}.", "游戏结束：{winners}{why}。"),
    "displacement refused": ("P{t} is rooted: the {how} does not happen.", "P{t} 被禁足：{how}未发生。"),
    "steps refused": ("P{t} is fatigued and gains no steps.", "P{t} 处于疲乏，无法获得步数。"),
    "steps": ("P{t} gains {amount} step(s) ({steps} now).", "P{t} 获得{amount}步数（现为{steps}）。"),
    "stamina": ("P{t} gains {amount} stamina ({stamina} now, {overflow} over the cap lost).",
                "P{t} 获得{amount}点体力值（现为{stamina}，溢出{overflow}）。"),
    "special cell off": ("Special cells are off: {cell} does nothing.", "特殊格子效果已关闭：{cell}无效。"),
    "special cell": ("P{t} is on the special cell {cell}.", "P{t} 位于特殊格子{cell}。"),
    "move": ("P{t} moves to {to}.", "P{t} 移动到{to}。"),
    "blink": ("P{t} blinks to {to}.", "P{t} 闪现到{to}。"),
    "knockback": ("P{t} is knocked back to {to}.", "P{t} 被击退到{to}。"),
    "pull": ("P{t} is pulled to {to}.", "P{t} 被拖拽到{to}。"),
    "retreat": ("P{t} retreats to {to}.", "P{t} 后撤到{to}。"),
    "charge": ("P{t} charges {cells} cell(s) {direction}.", "P{t} 向{direction}冲锋{cells}格。"),
    "blocked": ("Blocking: P{t} cannot stay on {cell} and is pushed back to {back_to}.",
                "堵塞事件：P{t} 不能停在{cell}，被挤回{back_to}。"),
    "projectile": ("P{a}'s projectile flies {cells} cell(s); hit: {hit}.",
                   "P{a} 的飞行道具飞行{cells}格；命中：{hit}。"),
    "draw ordered": ("P{t} will draw {amount} card(s).", "P{t} 将摸{amount}张牌。"),
    "attack chance": ("P{t} has {attacks} attack chance(s).", "P{t} 拥有{attacks}次攻击机会。"),
    "crit ready": ("P{t}'s next attack is a critical hit.", "P{t} 的下一次攻击将暴击。"),
    "mark": ("P{t} has {stacks} stack(s) of {mark} (max {max}).", "P{t} 拥有{stacks}层{mark}标记（上限{max}）。"),
    "passive": ("P{a}'s passive {source} fires ({trigger}).", "P{a} 的被动{source}触发（{trigger}）。"),
    "turn": ("Round {round}: P{a}'s turn begins.", "第{round}轮：P{a} 的回合开始。"),
    "turn lost": ("P{t} is dead and loses the rest of the turn.", "P{t} 已死亡，失去本回合余下部分。"),
    "respawn": ("P{t} respawns at {cell} with {hp} HP.", "P{t} 在{cell}复活，生命值{hp}。"),
    "start phase": ("P{a}'s start phase.", "P{a} 的开始阶段。"),
    "start phase skipped": ("Destruct: P{t} skips the start phase.", "析构：P{t} 跳过开始阶段。"),
    "draw phase": ("P{a}'s draw phase: draw two cards.", "P{a} 的摸牌阶段：摸两张牌。"),
    "draw phase skipped": ("P{t} skips the draw phase (the masked status).", "P{t} 跳过摸牌阶段（名称被遮蔽的状态）。"),
    "action phase skipped": ("Stun: P{t} skips the action phase.", "昏厥：P{t} 跳过行动阶段。"),
    "slowed": ("Slow: P{t} loses {steps_lost} step(s).", "迟缓：P{t} 失去{steps_lost}步数。"),
    "action phase": ("P{a}'s action phase.", "P{a} 的行动阶段。"),
    "end phase skipped": ("Destruct: P{t} skips the end phase.", "析构：P{t} 跳过结束阶段。"),
    "end phase": ("P{a}'s end phase.", "P{a} 的结束阶段。"),
    "hand limit": ("P{t} holds {hand} cards, over the limit {limit}.", "P{t} 手牌{hand}张，超过上限{limit}。"),
    "discard": ("P{a} discards {card}.", "P{a} 弃置{card}。"),
    "play": ("P{a} plays {card}, paying {cost} stamina ({stamina} left).",
             "P{a} 打出{card}，消耗{cost}点体力值（剩余{stamina}）。"),
    "skill unlocked": ("P{a} played {sequence} and gains a use of {skill}.",
                       "P{a} 打出{sequence}，获得一次{skill}使用机会。"),
    "attack": ("P{a} attacks P{t} for {damage} (attack power {power}, crit {crit}).",
               "P{a} 攻击 P{t}，伤害{damage}（攻击力{power}，暴击{crit}）。"),
    "low attack power": ("Attack power {power} is below 1: the attack still counts.",
                         "攻击力{power}小于1：攻击依旧有效。"),
    "skill": ("P{a} uses {skill}.", "P{a} 使用{skill}。"),
    "end action phase": ("P{a} ends the action phase.", "P{a} 结束行动阶段。"),
    "mode": ("The table plays {mode} mode.", "本局使用{mode}模式。"),
    "map": ("The map is {map}.", "地图为{map}。"),
    "hero": ("P{a} plays {hero}.", "P{a} 使用{hero}。"),
    "bloodline": ("P{a} picks {piece} ({slot}).", "P{a} 选择{piece}（{slot}）。"),
    "bloodline complete": ("P{a}'s bloodline is complete.", "P{a} 的血统构建完毕。"),
    "winning score": ("The winning score is {score}.", "获胜所需得分为{score}。"),
    "turn order": ("Turn order: {order}.", "行动顺序：{order}。"),
    "spawn": ("P{a} starts at {cell} with {hp} HP.", "P{a} 在{cell}出生，生命值{hp}。"),
    "shuffle": ("The {cards} cards are shuffled.", "洗切{cards}张卡牌。"),
    "first turn": ("P{a} takes the first turn.", "P{a} 开始第一个回合。"),
    "reshuffle": ("The deck is empty: the {cards} discarded cards are shuffled into a new deck.",
                  "牌堆已空：洗切置牌堆的{cards}张牌作为新牌堆。"),
    "draw": ("P{t} draws {card}.", "P{t} 摸了{card}。"),
    "nothing to draw": ("The deck and the discard pile are empty: P{t} draws nothing.",
                        "牌堆与置牌堆均为空：P{t} 未摸到牌。"),
    "projectile hits": ("The projectile hits P{t}, a solid object.", "飞行道具命中实体对象 P{t}。"),
    "stopped": ("The {how} of P{t} stops at an obstacle before {cell}.", "P{t} 的{how}在{cell}前被障碍物挡住。"),
    "hero stats": ("P{a}'s hero: HP {hp}, attack {atk}, defence {defence}, speed {speed}.",
                   "P{a} 的英雄：生命值{hp}，攻击力{atk}，防御力{defence}，速度{speed}。"),
    "deck": ("The deck holds {cards} cards.", "牌堆共{cards}张卡牌。"),
    "hp cap": ("P{t}'s HP stops at the cap {cap} ({lost} lost).", "P{t} 的生命值达到上限{cap}（溢出{lost}）。"),
}


WORDS = {
    "slot": {"system": ("system", "系"), "keystone": ("keystone", "基石"),
             "fragment_a": ("fragment, column 1", "碎片第一栏"),
             "fragment_b": ("fragment, column 2", "碎片第二栏"), "dust": ("dust", "尘")},
    "trigger": {"static": ("always", "常驻"), "turn_start": ("start phase", "开始阶段"),
                "on_attack": ("after an attack", "攻击后"),
                "on_damaged": ("on taking damage", "受到伤害时"), "on_kill": ("on a kill", "击杀时"),
                "on_card": ("on playing a card", "打出卡牌时")},
    "damage_kind": {"normal": ("normal", "普通"), "true": ("true", "真实"), "lifesteal": ("lifesteal", "偷取生命值")},
    "direction": {"N": ("north", "北"), "E": ("east", "东"), "S": ("south", "南"), "W": ("west", "西")},
    "how": {"move": ("move", "移动"), "charge": ("charge", "冲锋"), "blink": ("blink", "闪现"),
            "knockback": ("knockback", "击退"), "pull": ("pull", "拖拽"), "retreat": ("retreat", "后撤")},
    "hit": {True: ("yes", "是"), False: ("no", "否")}, "crit": {True: ("yes", "是"), False: ("no", "否")},
}


def _skill_names() -> dict:
    c = sample()
    names = {s["id"]: s for h in c.heroes.values() for s in h["skills"]}
    names.update(c.pieces)
    return names


def _name(kind: str, value, lang: str) -> str:
    c = sample()
    if kind == "skill" and isinstance(value, str):
        sid, _, alt = value.partition("#")
        entry = _skill_names().get(sid)
        if entry is None:
            return value
        more = f" ({int(alt) + 1})" if alt and len(entry.get("alts", ())) > 1 else ""
        return entry[lang] + more
    if kind == "source":
        entry = _skill_names().get(value)
        return entry[lang].split("：")[0].split(":")[0] if entry else str(value)
    if kind == "card":
        entry = c.cards.get(value)
        return card_name(entry, lang) if entry else str(value)
    table = {"hero": c.heroes, "map": c.maps, "piece": {**c.systems, **c.pieces, **c.dusts}, "mark": c.marks,
             "cell": c.cells}.get(kind)
    if table is not None and value in table:
        entry = table[value]
        return entry[lang] if isinstance(entry, dict) else getattr(entry, lang)
    if kind in WORDS and value in WORDS[kind]:
        return WORDS[kind][value][lang == "zh"]
    return str(value)


def card_name(entry: dict, lang: str) -> str:
    """MB-card-types: a card's name is its text up to the colon (攻势·一, Offensive 1)."""
    text = entry["zh"] if lang == "zh" else entry["en"]
    return text.split("：")[0].split(":")[0]


def life_cost(skill_key: str) -> int:
    """The HP a skill alternative makes its own hero lose (MB-term-12-life-loss): said before the click."""
    sid, _, alt = skill_key.partition("#")
    entry = _skill_names().get(sid)
    alts = entry.get("alts", ()) if entry else ()
    if not alts or not alt.isdigit() or int(alt) >= len(alts):
        return 0
    return sum(e["amount"] for e in alts[int(alt)]["effects"] if e["op"] == "lose_life" and e["to"] == "self")


MODE_CLAUSE = {"classic": ("MB-mode-classic", "every standard rule", "使用所有标准规则"),
               "ruler": ("MB-mode-ruler", "players may customise some global settings", "玩家可定制部分全局条目")}


SEAT = re.compile(r"P\{(\w+)\}")  # a seat in a template, "P{t}", is named as everywhere: "Player 0" / "玩家 0"


def _seated(templates: dict) -> dict:
    """The templates with each "P{x}" read as ``{x__seat}``, filled with the seat's name (done once, at import)."""
    return {kind: tuple(SEAT.sub(r"{\1__seat}", t) for t in pair) for kind, pair in templates.items()}


ACTIONS, EVENTS = _seated(ACTIONS), _seated(EVENTS)


def _fill(template: str, values: dict, lang: str) -> str:
    vals = defaultdict(lambda: "?", values)
    for key in ("p", "t", "a", "target"):
        if key in values:
            vals[key + "__seat"] = values[key] if values[key] == "?" else seat_name(values[key], lang)
    for key in ("hero", "map", "piece", "skill", "source", "mark", "cell", "card", *WORDS):
        if key in values and not (key == "cell" and isinstance(values[key], tuple)):
            vals[key] = _name(key, values[key], lang)
    if "status" in values:
        vals["status"] = status_name(values["status"], lang)
    if values.get("mode") in ("classic", "ruler"):
        clause, en, zh = MODE_CLAUSE[values["mode"]]
        name = {"classic": ("classic", "经典"), "ruler": ("Ruler", "Ruler")}[values["mode"]][lang == "zh"]
        vals["mode"], vals["mode_why"] = name, (zh if lang == "zh" else en)
        vals["clause"] = clause
    return template.format_map(vals)


def describe_action(action, lang: str) -> str:
    args = action.args
    aim = ""
    if "target" in args:
        aim = f" on {seat_name(args['target'])}" if lang == "en" else f"，目标 {seat_name(args['target'], lang)}"
    elif "cell" in args:
        aim = f" at {args['cell']}" if lang == "en" else f"，目标格{args['cell']}"
    elif "direction" in args:
        way = _name("direction", args["direction"], lang)
        far = args.get("distance")
        if lang == "en":
            aim = f" toward the {way}" + (f", {far} cell(s)" if far else "")
        else:
            aim = f"，方向{way}" + (f"{far}格" if far else "")
    template = ACTIONS.get(action.kind, ("{kind}", "{kind}"))[lang == "zh"]
    if action.kind == "draw" and args.get("card") is None:
        return "Chance: no card is left to draw." if lang == "en" else "随机：已无牌可摸。"
    if action.kind == "order":
        args = {"order": " → ".join(seat_name(p, lang) for p in args["order"])}
    p = action.player
    extra = {}
    if action.kind == "play" and args.get("card") in sample().cards:
        extra["cost"] = sample().cards[args["card"]]["cost"]
    if action.kind == "skill":
        hp = life_cost(str(args.get("skill", "")))
        extra["life"] = "" if not hp else (f" — costs you {hp} HP" if lang == "en" else f"（自身流失{hp}点生命值）")
    return _fill(template, {**args, **extra, "p": p, "aim": aim, "kind": action.kind}, lang)


REDACTED = _seated({"draw": ("P{a} draws a card (only they see which).", "P{a} 摸了一张牌（仅本人可见）。"),
                    "steal hand": ("P{a} takes a hand of cards (hidden).", "P{a} 夺取了手牌（不公开）。")})


def describe_event(game, event, lang: str) -> str:
    if event.private_to is not None and not event.numbers and event.kind in REDACTED:
        return _fill(REDACTED[event.kind][lang == "zh"], {"a": event.actor}, lang)
    template = EVENTS.get(event.kind)
    if template is None:
        return game.clause_index[event.clause].text(lang) if event.clause in game.clause_index else event.kind
    values = dict(event.values)
    if event.kind == "game over":
        values.update(_game_over(event, values, lang))
    if event.kind == "skill unlocked" and "sequence" in values:
        values["sequence"] = "【" + " ".join(str(values["sequence"])) + "】"
    if event.kind == "turn order" and "order" in values:
        values["order"] = " → ".join(seat_name(p, lang) for p in values["order"])
    values = {**values, "a": event.actor if event.actor is not None else "?",
              "t": event.targets[0] if event.targets else "?", "targets": list(event.targets)}
    return _fill(template[lang == "zh"], values, lang)


def _game_over(event, values: dict, lang: str) -> dict:
    """Who won and which rule ended it: the agreed score (MB-choice-4-score) or a simulation's round cap (MB-A15)."""
    who = (", " if lang == "en" else "、").join(seat_name(p, lang) for p in event.targets) or seat_name(None, lang)
    many = len(event.targets) > 1
    if values.get("round_cap"):
        why = (f"{'win' if many else 'wins'} on points ({values.get('score')}) after the simulation's round cap of "
               f"{values['round_cap']} rounds" if lang == "en"
               else f"在模拟的{values['round_cap']}轮上限后以{values.get('score')}分获胜")
    else:
        why = (f"{'win' if many else 'wins'}, reaching the winning score of {values.get('score')}" if lang == "en"
               else f"达到获胜得分{values.get('score')}分，获胜")
    return {"winners": who, "why": why}
