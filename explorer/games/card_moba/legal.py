"""Which actions are legal now, and why an action is not (IllegalAction naming the precise clause)."""

from __future__ import annotations

from functools import lru_cache

from explorer import W, act
from explorer.records import distinct

from . import board, combat, setup, statuses
from .action_phase import blink_cells, enemies_within, skill_alt, targets_of, taunt_blocks, uses_left
from .content import sample
from .records import Moba

GAME_ID = "card_moba"


SETUP_ZH = {"mode": "模式", "map": "地图", "hero": "英雄", "bloodline": "血统", "score": "获胜得分", "spawn": "出生点"}
SETUP_CLAUSE = {"mode": "MB-choice-1-mode-map", "map": "MB-choice-1-mode-map", "hero": "MB-choice-2-hero",
                "bloodline": "MB-choice-3-bloodline", "score": "MB-choice-4-score", "spawn": "MB-choice-6-spawn"}


@lru_cache(maxsize=1 << 18, typed=True)  # a bound, for long sessions; typed: True is not the whole number 1
def A(kind: str, player: int, **params):
    """A cached Action (the same choice is the same object; cheap to build again)."""
    return act(GAME_ID, kind, player, **params)


def setup_actions(d: Moba) -> list:
    p = d.seat
    if d.phase == "mode":
        return [A("mode", p, mode=m) for m in setup.modes(d)]
    if d.phase == "map":
        return [A("map", p, map=m) for m in sample().maps]
    if d.phase == "hero":
        return [A("hero", p, hero=h) for h in setup.free_heroes(d)]
    if d.phase == "bloodline":
        return [A("bloodline", p, piece=x) for x in setup.bloodline_options(d)]
    if d.phase == "score":
        return [A("win_score", p, score=s) for s in setup.LISTED_WIN_SCORES]
    if d.phase == "spawn":
        return [A("spawn", p, cell=c) for c in setup.free_spawns(d)]
    return []


def action_cap_reached(d: Moba, h) -> bool:
    """MB-turn-action: 「行动阶段由当前回合玩家提出结束」; only the opt-in simulation cap (MB-A17, 0 = none)
    leaves nothing but ending."""
    return bool(d.rules.action_cap) and h.acted >= d.rules.action_cap


@lru_cache(maxsize=64)
def end_of(seat: int):
    """The end of ``seat``'s action phase (MB-turn-phases), made once per seat."""
    return A("end", seat)


@lru_cache(maxsize=64)
def play_plans(seat: int, blank: bool) -> dict:
    """Each card → (stamina cost, the play action when no target is to be chosen else None, the card) in ``seat``'s
    hand (MB-card-cost): asked for every card at every choice, made once per seat (card facts never change)."""
    return {card: (c["cost"], A("play", seat, card=card) if blank or c["target"] == "self" else None, c)
            for card, c in sample().cards.items()}


@lru_cache(maxsize=1 << 15)
def move_choices(seat: int, map_id: str, cell: tuple, adjacency: int) -> tuple:
    """(cell, its move action) for each neighbour a step may reach but for the heroes there (board.open_neighbours):
    made once per seat, map, cell and adjacency (the map never changes; a bound)."""
    return tuple((c, A("move", seat, to=c)) for c in board.open_neighbours(map_id, cell, adjacency))


@lru_cache(maxsize=1 << 15)
def cell_play(seat: int, card: str, cell: tuple):
    """The play of a "cell" card (a blink) to ``cell``: made once per seat, card and cell (a bound)."""
    return A("play", seat, card=card, cell=cell)


@lru_cache(maxsize=1 << 12)
def enemy_play(seat: int, card: str, target: int):
    """The play of an "enemy" card at the hero of seat ``target``: made once per seat, card and target (a bound)."""
    return A("play", seat, card=card, target=target)


@lru_cache(maxsize=1 << 10)
def attack_on(seat: int, target: int):
    """The attack of ``seat`` on ``target`` (MB-term-3-attack): made once per pair of seats."""
    return A("attack", seat, target=target)


def turn_actions(d: Moba) -> list:
    """MB-turn-action: play cards, move, attack, use unlocked skills, or end the action phase."""
    p = d.seat
    if d.phase == "discard":
        return [A("discard", p, card=c) for c in distinct(d.heroes[p].hand)]
    h = d.heroes[p]
    out = [end_of(p)]
    if action_cap_reached(d, h):
        return out
    plans, stamina = play_plans(p, d.rules.card_set == "blank"), h.stamina
    held = h.statuses  # most heroes hold none: then no status is asked about (statuses.has)
    for card in distinct(h.hand):
        cost, now, c = plans[card]
        if cost > stamina:
            continue
        if now is not None:
            out.append(now)
        elif c["target"] == "cell":
            out += [cell_play(p, card, cell) for cell in blink_cells(d, h, c["range"])]
        elif c["target"] == "enemy":
            out += [enemy_play(p, card, t) for t in enemies_within(d, h, c["range"])]
        else:
            out += [A("play", p, card=card, **t) for t in targets_of(d, h, c)]
    if h.steps >= 1 and not (held and statuses.has(h, "root")):
        taken = {o.pos for o in d.heroes}  # MB-term-6-obstacle (board.is_obstacle): a hero (a solid object) there
        out += [a for cell, a in move_choices(p, d.map, h.pos, d.rules.adjacency) if cell not in taken]
    blocked = held and taunt_blocks(d, h)
    if h.attacks >= 1 and not blocked and not (held and statuses.has(h, "disarm")):
        out += [attack_on(p, t) for t in enemies_within(d, h, combat.reach(h))]
    if h.uses and not blocked and not (held and statuses.has(h, "silence")):
        for key, _ in h.uses:
            for t in targets_of(d, h, skill_alt(h, key)):
                out.append(A("skill", p, skill=key, **t))
    return out


def why(d: Moba, a) -> tuple[str, str]:
    """(clause, reason) for an action that is not legal now."""
    if a.kind == "hero" and d.phase != "hero":
        return "MB-hero-fixed", W("a hero cannot be changed once chosen", "英雄一经选定不可更换")
    if a.kind == "bloodline" and d.phase != "bloodline":
        return "MB-bloodline-permanent", W("a bloodline cannot be changed once built", "血统一经构建不可更改")
    if a.kind == "discard" and d.phase != "discard":
        if d.rules.hand_limit is None:
            return "MB-card-no-hand-limit", W("there is no hand limit: nothing must be discarded",
                                              "没有手牌上限：无须弃牌")
        return "MB-ruler-hand-limit", W("cards are discarded only when the end phase finds the hand over the limit",
                                        "只有结束阶段检查到手牌超过上限时才弃牌")
    if d.phase == "score" and a.kind == "win_score" and a.player == d.seat:
        return "MB-choice-4-score", W(f"the winning score is a whole number of at least 1, not {a.get('score')!r}",
                                      f"获胜得分须为不小于1的整数，而不是{a.get('score')!r}")
    if d.phase in SETUP_CLAUSE:
        return SETUP_CLAUSE[d.phase], W(f"not a choice offered now during {d.phase}",
                                        f"这不是选择{SETUP_ZH[d.phase]}时可做的选择")
    if d.phase not in ("action", "discard") or a.player != d.seat or d.draws:
        return "MB-turn-phases", W("players act only in their own action phase", "玩家只能在自己的行动阶段行动")
    h = d.heroes[d.seat]
    if a.kind == "end" or d.phase == "discard":
        if d.phase == "discard":
            return "MB-ruler-hand-limit", W("discard a card you hold", "请弃置你手中的一张牌")
        return "MB-turn-phases", W("not a legal way to end the action phase", "这不是结束行动阶段的合法方式")
    if action_cap_reached(d, h):
        return "MB-turn-action", W(f"the simulation's action cap of {d.rules.action_cap} actions is reached: only "
                                   "ending the action phase is left (MB-A17)",
                                   f"已达到模拟的行动上限 {d.rules.action_cap} 次：只能结束行动阶段（MB-A17）")
    if a.kind == "move":
        return why_move(d, h, a.get("to"))
    if a.kind == "play":
        card = a.get("card")
        if card not in h.hand:
            return "MB-card-main", W(f"{card!r} is not in the hand", f"{card!r} 不在手牌中")
        if sample().cards[card]["cost"] > h.stamina:
            return "MB-card-cost", W(f"{card} costs {sample().cards[card]['cost']} stamina; only {h.stamina} left",
                                     f"{card} 需要 {sample().cards[card]['cost']} 点体力值，只剩 {h.stamina} 点")
        if sample().cards[card]["target"] in ("cell", "line") and statuses.has(h, "root"):
            return "MB-status-4-root", W("a rooted hero cannot blink or charge", "被禁足的英雄不能闪现或冲锋")
        return "MB-card-main", W("not a legal target for this card", "不是这张牌的合法目标")
    if a.kind == "attack":
        if statuses.has(h, "disarm"):
            return "MB-status-8-disarm", W("a disarmed hero cannot attack this turn", "被缴械的英雄本回合不能攻击")
        if h.attacks < 1:
            return "MB-term-3-attack", W("no attack chance left", "没有剩余的攻击机会")
        if taunt_blocks(d, h):
            return "MB-status-12-taunt", W("a taunted hero must be next to the taunter to attack",
                                           "被嘲讽的英雄必须毗邻嘲讽者才能攻击")
        return "MB-term-3-attack", W("the target is not an enemy within attack range", "目标不是攻击范围内的敌人")
    if a.kind == "skill":
        key = a.get("skill")
        if not isinstance(key, str) or uses_left(h, key) < 1:
            return "MB-hero-skill-sequence", W(f"no use of {key!r}: its action sequence was not played",
                                               f"没有 {key!r} 的使用次数：未打出其行动序列")
        if statuses.has(h, "silence"):
            return "MB-status-7-silence", W("a silenced hero cannot use non-passive skills this turn",
                                            "被沉默的英雄本回合不能使用非被动技能")
        if taunt_blocks(d, h):
            return "MB-status-12-taunt", W("a taunted hero must be next to the taunter to use skills",
                                           "被嘲讽的英雄必须毗邻嘲讽者才能使用技能")
        if skill_alt(h, key)["target"] in ("cell", "line") and statuses.has(h, "root"):
            return "MB-status-4-root", W("a rooted hero cannot blink or charge", "被禁足的英雄不能闪现或冲锋")
        return "MB-hero-skill-alternatives", W("not a legal target for this skill", "不是这个技能的合法目标")
    return "MB-turn-action", W(f"{a.kind!r} is not an action of the action phase",
                               f"{a.kind!r} 不是行动阶段的动作")


def why_move(d: Moba, h, to) -> tuple[str, str]:
    if statuses.has(h, "root"):
        return "MB-status-4-root", W("a rooted hero cannot be displaced", "被禁足的英雄无法进行任何方式的位移")
    if h.steps < 1:
        return "MB-term-4-steps", W("no steps left", "没有剩余步数")
    if not isinstance(to, tuple) or len(to) != 2 or any(v.__class__ is not int for v in to) or \
            board.distance(h.pos, to, d.rules.adjacency) != 1:
        return "MB-term-5-move", W("a move goes to an adjacent cell", "移动只能到毗邻的格子")
    b = board.board_of(d)
    if not board.on_map(b, to) or to in b.walls or board.occupant(d, to) >= 0:
        return "MB-term-6-obstacle", W(f"{to} is an obstacle (wall, map edge or hero)",
                                       f"{to} 是障碍物（墙、地图边缘或英雄）")
    return "MB-term-5-move", W("not a legal move", "不是合法的移动")
