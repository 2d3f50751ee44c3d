"""Sentences for people, in English and Chinese: every action and event with the names of its cards; how the texts
name things (a card by its name, never its catalogue id; a seat; a count; what an active skill costs, EB-3.1-active,
said before the click)."""

from __future__ import annotations

from explorer.names import seat_name

from .content import card
from .event_kinds import EVENT_KINDS


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


def _go(v) -> str:
    """ "Slash goes", "Slash + Parry go": the verb agrees with the cards named."""
    return "goes" if len(v.get("cards", ())) == 1 else "go"

__all__ = ["describe_action", "describe_event", "skill_cost"]


_ACTIONS = {
    # kind: (en, zh) templates; {c} card name, {z} zone/player, {t} target char, {by} attacker, {cs} cards
    "dealer": ("{seat} is the dealer", "{seat} 成为庄家"),
    "reveal": ("reveal {c} for the draft", "翻开 {c} 供选取"),
    "pick": ("pick {c} (face down) and pass the rest on", "选取 {c}（暂时倒置），将其余卡牌递给下一名玩家"),
    "ritual": ("put {summon} face up in the character zone, the other summon into the pool",
               "将 {summon} 正置于角色区，另一张召唤角色置入角色池"),
    "draw": ("draw {c}", "摸到 {c}"),
    "done": ("end the draw phase", "结束摸牌阶段"),
    "buy_draw": ("pay 2 coins to draw 1 more card", "支付2枚金币额外摸1张牌"),
    "declare": ("declare: turn the self character face up", "发出角色声明：正置自身角色"),
    "pass": ("pass", "放弃"),
    "end_play": ("end the play phase", "结束出牌阶段"),
    "attack": ("{by} attacks {z}'s {t} with {cs}", "{by} 使用 {cs} 攻击 {z} 的 {t}"),
    "trap": ("deploy the trap {c} in {z}'s trap zone{down}", "向 {z} 的陷阱区部署陷阱卡 {c}{down}"),
    "flip_trap": ("pay 1 coin to flip trap #{slot} in {z}'s trap zone", "支付1枚金币反置 {z} 陷阱区第{slot}张陷阱卡"),
    "remove_trap": ("pay 2 coins to remove trap #{slot} from {z}'s trap zone",
                    "支付2枚金币解除 {z} 陷阱区第{slot}张陷阱卡"),
    "declare_trap": ("declare that {z} triggered{what}", "声明 {z} 触发了{what}"),
    "keep_hidden": ("keep the face-down trap hidden (no declaration)", "不声明，保持陷阱卡倒置"),
    "effect": ("use {c}{on}", "使用 {c}{on}"),
    "place": ("place {c} in {zone}", "将 {c} 放置于{zone}"),
    "prepare": ("prepare {c}: put it into the character pool", "预备 {c}：置入角色池"),
    "summon": ("summon {c} from the pool", "从角色池召唤 {c}"),
    "skill": ("use the skill of {ch}{cost}{on}", "使用 {ch} 的技能{cost}{on}"),
    "discard": ("discard {c}", "弃置 {c}"),
    "dodge": ("dodge", "闪避"),
    "block": ("block {with_}", "格挡{with_}"),
    "roll": ("the die shows {die}", "骰子掷出 {die} 点"),
    "judge": ("the judgment shows {result}", "判定结果为 {result}"),
    "allow": ("let the trap take effect", "让陷阱生效"),
    "dispel": ("cancel the trap with {c}", "使用 {c} 抵消陷阱"),
    "accept": ("accept the effect card", "接受该效果卡"),
    "refuse": ("pay 1 coin to refuse the effect card", "支付1枚金币阻止该效果卡的放置"),
    "force": ("pay 3 more coins to force the effect card in", "额外支付3枚金币强行放置"),
    "give_up": ("give the effect card up", "放弃放置该效果卡"),
    "rescue": ("rescue the dying character with {c}", "使用 {c} 救援濒死角色"),
    "replace": ("bring {c} from the pool in place of the dead summon", "从角色池选择 {c} 代替上场"),
}


def describe_action(a, lang: str) -> str:
    lang = "zh" if lang == "zh" else "en"
    en, zh = _ACTIONS.get(a.kind, (a.kind, a.kind))
    g = a.get
    on = ""
    if g("target"):
        on = f" on {_who(g('seat'))}'s {_n(g('target'), lang)}" if lang == "en" else \
            f"，目标为 {_who(g('seat'), lang)} 的 {_n(g('target'), lang)}"
    zone = ""
    if a.kind == "place":
        seat, target = _who(g("seat"), lang), _n(g("target"), lang)
        if lang == "en":
            zone = f"the effect zone of {seat}'s {target}" if g("target") else f"{seat}'s effect zone"
        else:
            zone = f" {seat} 的 {target} 的效果区" if g("target") else f" {seat} 的效果区"
        on = ""
    with_ = (f"with {_n(g('card'), lang)}" if g("card") else "without a card") if lang == "en" else \
        (f"（使用 {_n(g('card'), lang)}）" if g("card") else "（不使用防御卡）")
    what = (f" {_n(g('card'), lang)}" if g("card") else f" trap #{(g('slot') or 0) + 1}") if lang == "en" else \
        (f"陷阱卡 {_n(g('card'), lang)}" if g("card") else f"第{(g('slot') or 0) + 1}张陷阱卡")
    text = (en if lang == "en" else zh).format(
        seat=_who(g("seat"), lang), c=_n(g("card"), lang), summon=_n(g("summon"), lang), by=_n(g("by"), lang),
        cs=_cards(g("cards") or (), lang), z=_who(g("zone") if g("zone") is not None else g("seat"), lang),
        t=_n(g("target"), lang), slot=(g("slot") or 0) + 1, on=on, zone=zone, ch=_n(g("char"), lang),
        cost=skill_cost(g("char"), lang) if a.kind == "skill" else "", with_=with_, die=g("die"),
        result=g("result"), what=what,
        down=("" if g("face") != "down" else " and pay 1 coin to turn it face down" if lang == "en"
              else "，并支付1枚金币将其倒置"))
    return text[0].upper() + text[1:] if lang == "en" else text


def _target(e, lang: str) -> str:
    if len(e.targets) == 2 and isinstance(e.targets[1], str):
        p, c = e.targets
        return f"{_who(p)}'s {_n(c, lang)}" if lang == "en" else f"{_who(p, lang)} 的 {_n(c, lang)}"
    return (", " if lang == "en" else "、").join(_who(p, lang) for p in e.targets)


def describe_event(game, e, lang: str) -> str:
    """One sentence for an event, with the clause's own statement as a fallback."""
    lang = "zh" if lang == "zh" else "en"
    v = e.values
    who = _who(e.actor, lang) if e.actor is not None else ("the game" if lang == "en" else "游戏")
    tgt = _target(e, lang)
    c = _n(v.get("card"), lang) if "card" in v else ""
    make = _EVENTS.get(e.kind)
    if make is not None and (e.kind != "damage" or not e.cancelled):
        en, zh = make(v, who, tgt, c, lang)
        text = en if lang == "en" else zh
    elif e.kind == "damage":
        text = (f"{tgt} dodges: the attack is cancelled (dodge die {v.get('defence_die')} > attack die "
                f"{v.get('attack_die')})" if lang == "en" else
                f"{tgt} 闪避成功，攻击被抵消（闪避力 {v.get('defence_die')} > 攻击力 {v.get('attack_die')}）")
    else:
        clause = game.clause_index.get(e.clause)
        rule = clause.text(lang) if clause else e.clause
        extra = f" ({c})" if c else ""
        text = (f"{who}: {e.kind}{extra} — {rule}" if lang == "en"
                else f"{who}：{EVENT_KINDS.get(e.kind, (e.kind, e.kind))[1]}{extra} —— {rule}")
    return text[0].upper() + text[1:] if lang == "en" else text


def _damage(v, who, tgt, c, lang):
    return (f"{tgt} takes {v.get('damage')} damage (total attack {v.get('total_attack')} vs total defence "
            f"{v.get('total_defence')}; dice {v.get('attack_die')}/{v.get('defence_die')}), HP now {v.get('hp')}",
            f"{tgt} 受到 {v.get('damage')} 点伤害（总攻击力 {v.get('total_attack')} 对总防御力 "
            f"{v.get('total_defence')}，骰子 {v.get('attack_die')}/{v.get('defence_die')}），剩余生命 {v.get('hp')}")


def _order_item(x, lang: str) -> str:
    """One entry of an order event: a seat, a face-down trap (EB-A30: unnamed) or a card by its name."""
    if isinstance(x, int) and not isinstance(x, bool):
        return _who(x, lang)
    if x == "face-down trap":
        return x if lang == "en" else "倒置陷阱卡"
    return _n(x, lang)


def _trap(v, who, tgt, c):
    if not v.get("card"):
        return f"{who}'s trap against {tgt} is cancelled", f"{who} 对 {tgt} 的陷阱被抵消"
    up = v.get("face_up")
    return (f"{who} deploys {c} face {'up' if up else 'down'} in {tgt}'s trap zone",
            f"{who} 向 {tgt} 的陷阱区{'正置' if up else '倒置'}部署 {c}")


_EVENTS = {
    "dealer": lambda v, w, t, c, lang: (f"{t} is the dealer", f"{t} 成为庄家"),
    "order": lambda v, w, t, c, lang: (
        (f"play goes in the order {t}", f"行动顺序为 {t}") if t else
        (f"resolution order: {', '.join(_order_item(x, 'en') for x in v.get('order', v.get('seats', ())))}",
         f"结算顺序：{'、'.join(_order_item(x, 'zh') for x in v.get('order', v.get('seats', ())))}")),
    "reveal": lambda v, w, t, c, lang: (f"{c} is shown for the draft", f"展示 {c} 供选取"),
    "pick": lambda v, w, t, c, lang: (f"{w} picks {c} and keeps it face down", f"{w} 选取了 {c}（暂时倒置）"),
    "pass on": lambda v, w, t, c, lang: (f"{w} passes the {_plural(v.get('left'), 'other card')} on",
                                         f"{w} 将其余 {v.get('left')} 张卡牌递给下一名玩家"),
    "ritual": lambda v, w, t, c, lang: (
        f"{w} sets the self character face down, {_n(v.get('summon'), lang)} face up and "
        f"{_n(v.get('pool'), lang)} into the pool",
        f"{w} 将自身角色倒置，{_n(v.get('summon'), lang)} 正置于角色区，{_n(v.get('pool'), lang)} 置入角色池"),
    "draw": lambda v, w, t, c, lang: (f"{w} draws {c}", f"{w} 摸到 {c}"),
    "damage": _damage,
    "effect damage": lambda v, w, t, c, lang: (f"{t} takes {v.get('damage')} effect damage, HP now {v.get('hp')}",
                                               f"{t} 受到 {v.get('damage')} 点效果伤害，剩余生命 {v.get('hp')}"),
    "life loss": lambda v, w, t, c, lang: (f"{t} loses {v.get('damage')} life, HP now {v.get('hp')}",
                                           f"{t} 流失 {v.get('damage')} 点生命，剩余生命 {v.get('hp')}"),
    "heal": lambda v, w, t, c, lang: (f"{t} heals {v.get('healed')}, HP now {v.get('hp')}",
                                      f"{t} 回复 {v.get('healed')} 点生命，当前生命 {v.get('hp')}"),
    "attack": lambda v, w, t, c, lang: (
        f"{w}'s {_n(v.get('by'), lang) if v.get('by') else 'face-down character'} attacks {t} with "
        f"{_cards(v.get('cards', ()), lang)}",
        f"{w} 的 {_n(v.get('by'), lang) if v.get('by') else '倒置角色'} 使用 {_cards(v.get('cards', ()), lang)} "
        f"攻击 {t}"),
    "attacker": lambda v, w, t, c, lang: (f"{w} attacks with the face-down {c}", f"{w} 以倒置的 {c} 发动攻击"),
    "roll": lambda v, w, t, c, lang: (f"{w} rolls {v.get('die')}", f"{w} 掷出 {v.get('die')} 点"),
    "block": lambda v, w, t, c, lang: ((f"{w} blocks with {c}", f"{w} 使用 {c} 格挡") if v.get("card")
                                       else (f"{w} blocks without a card", f"{w} 不使用防御卡格挡")),
    "dodge": lambda v, w, t, c, lang: (f"{w} dodges", f"{w} 选择闪避"),
    "coins": lambda v, w, t, c, lang: (f"{w} gains {v.get('gained')} coins (now {v.get('coins')})",
                                       f"{w} 获得 {v.get('gained')} 枚金币（现有 {v.get('coins')} 枚）"),
    "pay": lambda v, w, t, c, lang: (f"{w} pays {v.get('coins')} coins to the bank",
                                     f"{w} 向金币堆支付 {v.get('coins')} 枚金币"),
    "phase": lambda v, w, t, c, lang: (f"{w}'s {_PHASES_EN.get(v.get('phase'), v.get('phase'))} phase "
                                       f"(round {v.get('round')})",
                                       f"{w} 的{_PHASES.get(v.get('phase'), v.get('phase'))}阶段"
                                       f"（第{v.get('round')}轮）"),
    "dying": lambda v, w, t, c, lang: (f"{t} is dying (HP {v.get('hp')})", f"{t} 进入濒死状态（生命 {v.get('hp')}）"),
    "death": lambda v, w, t, c, lang: (f"{t} dies", f"{t} 死亡"),
    "summon": lambda v, w, t, c, lang: (f"{w} summons {c} (HP {v.get('hp')})", f"{w} 召唤 {c}（生命 {v.get('hp')}）"),
    "prepare": lambda v, w, t, c, lang: (f"{w} prepares {c} into the pool", f"{w} 将 {c} 预备至角色池"),
    "declaration": lambda v, w, t, c, lang: (f"{w} declares {c}: it turns face up for good",
                                             f"{w} 发出角色声明：{c} 正置"),
    "discard": lambda v, w, t, c, lang: (f"{w} discards {c}", f"{w} 弃置 {c}"),
    "trap effect": lambda v, w, t, c, lang: (f"{w}'s trap {c} takes effect on {t}", f"{w} 的陷阱 {c} 对 {t} 生效"),
    "trap declared": lambda v, w, t, c, lang: (
        (f"{w} declares the trap {c} triggered by {t}", f"{w} 声明 {t} 触发了陷阱 {c}") if v.get("true")
        else (f"{w} declares {c}, but it was not triggered: it is void", f"{w} 声明 {c}，但其并未触发：该牌无效")),
    "effect": lambda v, w, t, c, lang: (f"{w} uses {c}" + (f" on {t}" if t else ""),
                                        f"{w} 使用 {c}" + (f"，目标为 {t}" if t else "")),
    "skill": lambda v, w, t, c, lang: (f"{w} uses the skill of {_n(v.get('char'), lang)}" + (f" on {t}" if t else ""),
                                       f"{w} 使用 {_n(v.get('char'), lang)} 的技能" + (f"，目标为 {t}" if t else "")),
    "judgment": lambda v, w, t, c, lang: (
        f"{v.get('dice')}d judgment for {c}: {v.get('result')} ({'passed' if v.get('passed') else 'failed'})",
        f"{c} 的{v.get('dice')}d判定：{v.get('result')}（{'成立' if v.get('passed') else '不成立'}）"),
    "to discard pile": lambda v, w, t, c, lang: (
        f"{_cards(v.get('cards', ()), 'en')} {_go(v)} to the discard pile",
        f"{_cards(v.get('cards', ()), 'zh')} 进入弃牌堆"),
    "destroyed": lambda v, w, t, c, lang: (
        f"{_cards(v.get('cards', ()), 'en')} {_go(v)} to the destroyed pile",
        f"{_cards(v.get('cards', ()), 'zh')} 进入销毁堆"),
    "trap": lambda v, w, t, c, lang: _trap(v, w, t, c),
    "remove": lambda v, w, t, c, lang: (f"{c} is removed from {t}'s trap zone", f"{c} 从 {t} 的陷阱区移除"),
    "flip": lambda v, w, t, c, lang: (
        f"{c or ('the new trap' if 'coins' in v else 'the card')} turns face {'up' if v.get('face_up') else 'down'}",
        f"{c or ('新部署的陷阱卡' if 'coins' in v else '卡牌')} {'正置' if v.get('face_up') else '倒置'}"),
    "end play": lambda v, w, t, c, lang: (f"{w} ends the play phase", f"{w} 结束出牌阶段"),
    "hp card": lambda v, w, t, c, lang: (f"{c} takes its HP card ({v.get('hp')})",
                                         f"{c} 取血条卡（生命 {v.get('hp')}）"),
    "face up": lambda v, w, t, c, lang: (f"{c} is face up", f"{c} 正置"),
    "leftovers": lambda v, w, t, c, lang: (f"{_plural(v.get('count'), 'leftover character card')} join"
                                           f"{'s' * (v.get('count') == 1)} the deck",
                                           f"剩余 {v.get('count')} 张角色卡加入牌堆"),
    "off table": lambda v, w, t, c, lang: ("characters never drawn stay out of the game", "未被抽取的角色卡不在盘面内"),
    "limits": lambda v, w, t, c, lang: ("limits: hand 6, coins 20, summons 1", "初始上限：手牌6，金币20，召唤角色1"),
    "game start": lambda v, w, t, c, lang: (f"round 1 begins with the dealer {w}", f"第1轮开始，由庄家 {w} 先行"),
    "round": lambda v, w, t, c, lang: (f"round {v.get('round')} begins", f"第{v.get('round')}轮开始"),
    "reshuffle": lambda v, w, t, c, lang: (f"the deck is empty: the discard pile ({v.get('count')} cards) is shuffled "
                                           "into a new deck", f"牌堆已空：弃牌堆（{v.get('count')}张）洗乱作为新牌堆"),
    "no card": lambda v, w, t, c, lang: (f"{w} has nothing to draw", f"{w} 无牌可摸"),
    "trigger": lambda v, w, t, c, lang: (f"{w} meets the condition '{_cond(v, 0)}'", f"{w} 满足条件「{_cond(v, 1)}」"),
    "passive": lambda v, w, t, c, lang: (f"the passive skill of {_n(v.get('char'), 'en')} takes effect",
                                         f"{_n(v.get('char'), 'zh')} 的被动技能生效"),
    "check": lambda v, w, t, c, lang: (f"{c} waits in check (检定) for a cancellation", f"{c} 进入检定"),
    "trap kept hidden": lambda v, w, t, c, lang: (f"{w} keeps a triggered trap hidden", f"{w} 不声明被触发的倒置陷阱"),
    "effect placed": lambda v, w, t, c, lang: (f"{w} places {c} in the effect zone of {t}",
                                               f"{w} 将 {c} 放置于 {t} 的效果区"),
    "refuse": lambda v, w, t, c, lang: (f"{w} pays 1 coin to refuse {c}", f"{w} 支付1枚金币阻止 {c} 的放置"),
    "effect refused": lambda v, w, t, c, lang: (f"{c} is not placed", f"{c} 未能放置"),
    "force": lambda v, w, t, c, lang: (f"{w} pays 3 more coins to force it in", f"{w} 额外支付3枚金币强行放置"),
    "effect triggered": lambda v, w, t, c, lang: (f"{c} in {t}'s effect zone takes effect", f"{t} 效果区的 {c} 生效"),
    "expire": lambda v, w, t, c, lang: (f"{_cards(v.get('cards', ()), 'en')} leave {w}'s effect zones",
                                        f"{_cards(v.get('cards', ()), 'zh')} 离开 {w} 的效果区"),
    "rescue": lambda v, w, t, c, lang: (f"{w} uses {c} to rescue {t}", f"{w} 使用 {c} 救援 {t}"),
    "saved": lambda v, w, t, c, lang: (f"{t} is out of danger", f"{t} 退出濒死状态"),
    "leave": lambda v, w, t, c, lang: (f"{c} leaves the game for the destroyed pile", f"{c} 离场，进入销毁堆"),
    "loss": lambda v, w, t, c, lang: (f"{t} loses the game", f"{t} 游戏失败"),
    "loser cards": lambda v, w, t, c, lang: (f"{w}'s {v.get('count')} cards go to the discard pile",
                                             f"{w} 的 {v.get('count')} 张卡牌置入弃牌堆"),
    "coins to bank": lambda v, w, t, c, lang: (f"{w}'s {v.get('coins')} coins return to the bank",
                                               f"{w} 的 {v.get('coins')} 枚金币回到金币堆"),
    "defeat": lambda v, w, t, c, lang: (f"{w} defeats {t}", f"{w} 击败了 {t}"),
    "summon limit": lambda v, w, t, c, lang: (f"{t}'s summon limit becomes {v.get('limit')}",
                                              f"{t} 的召唤角色上限变为 {v.get('limit')}"),
    "attribute": lambda v, w, t, c, lang: (
        f"attributes: +{v.get('attack_bonus')} attack, +{v.get('defence_bonus')} defence",
        f"属性：攻击点+{v.get('attack_bonus')}，防御点+{v.get('defence_bonus')}"),
    "victory": lambda v, w, t, c, lang: (f"the game ends; winners: {t or 'none'}", f"游戏结束，胜利者：{t or '无'}"),
    "game over": lambda v, w, t, c, lang: ("the round limit is reached: the game ends in a draw",
                                           "达到轮数上限，游戏以平局结束"),
}


def _cond(v, i: int) -> str:
    return _CONDITIONS.get(v.get("condition"), (v.get("condition"),) * 2)[i]


_CONDITIONS = {
    "turn_start": ("at the start of the turn", "回合开始时"), "turn_end": ("at the end of the turn", "回合结束时"),
    "attacks": ("attacks", "发动攻击时"), "attacked": ("is attacked", "受到攻击时"),
    "summons": ("summons", "召唤角色时"),
    "extra_draw": ("pays for an extra draw", "额外摸牌时"),
    "lose_card_off_turn": ("loses a card outside the turn", "在自己回合外失去卡牌时"),
}
_PHASES_EN = {"settle": "settlement", "declare": "declaration"}
_PHASES = {"settle": "清算", "draw": "摸牌", "declare": "声明", "play": "出牌", "discard": "弃牌", "end": "结算"}
