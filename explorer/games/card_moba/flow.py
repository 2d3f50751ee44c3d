"""Which actions are legal now (the setup choices, 抉择, and a turn's actions) and which rule module applies each;
why an action is not legal is ``illegal.py``."""

from __future__ import annotations

from functools import lru_cache

from explorer import act
from explorer.records import distinct

from . import action_phase, combat, deck, grid, setup, statuses
from .action_phase import blink_cells, enemies_within, skill_alt, targets_of, taunt_blocks
from .content import sample
from .records import Moba

GAME_ID = "card_moba"


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
    """(cell, its move action) for each neighbour a step may reach but for the heroes there (grid.open_neighbours):
    made once per seat, map, cell and adjacency (the map never changes; a bound)."""
    return tuple((c, A("move", seat, to=c)) for c in grid.open_neighbours(map_id, cell, adjacency))


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
        taken = {o.pos for o in d.heroes}  # MB-term-6-obstacle (grid.is_obstacle): a hero (a solid object) there
        out += [a for cell, a in move_choices(p, d.map, h.pos, d.rules.adjacency) if cell not in taken]
    blocked = held and taunt_blocks(d, h)
    if h.attacks >= 1 and not blocked and not (held and statuses.has(h, "disarm")):
        out += [attack_on(p, t) for t in enemies_within(d, h, combat.reach(h))]
    if h.uses and not blocked and not (held and statuses.has(h, "silence")):
        for key, _ in h.uses:
            for t in targets_of(d, h, skill_alt(h, key)):
                out.append(A("skill", p, skill=key, **t))
    return out


SETUP_STEPS = {"mode": (setup.choose_mode, "mode"), "map": (setup.choose_map, "map"),
               "hero": (setup.choose_hero, "hero"), "bloodline": (setup.choose_bloodline, "piece"),
               "win_score": (setup.choose_win_score, "score"), "spawn": (setup.choose_spawn, "cell")}


def apply(d: Moba, a, emit) -> Moba:
    """Apply a legal action: the rule module of its kind does it (setup steps, the deal, a turn's actions)."""
    k = a.kind  # the kinds of nearly every step first: a draw, a card played, a move, the end of a turn
    if k == "draw":
        return deck.draw(d, a["card"], emit)
    if k == "play":
        params = a.args
        d = action_phase.play_card(d, params.pop("card"), params, emit)
    elif k == "move":
        d = action_phase.move(d, a["to"], emit)
    elif k == "end":
        return action_phase.end_action(d, emit)
    elif k == "attack":
        d = action_phase.attack(d, a["target"], emit)
    elif k == "skill":
        params = a.args
        d = action_phase.use_skill(d, params.pop("skill"), params, emit)
    elif k == "order":
        return setup.set_order(d, a["order"], emit)
    elif k == "discard":
        return _discard(d, a["card"], emit)
    else:
        choose, param = SETUP_STEPS[k]
        return choose(d, a[param], emit)
    return _after_action(d, emit)


def _discard(d, card, emit):
    from .turn import discard
    return discard(d, card, emit)


def _after_action(d, emit):
    """A hero that died during its own action phase loses the rest of its turn (MB-A09)."""
    if d.phase == "over" or d.heroes[d.seat].alive:
        return d
    from .turn import finish_turn
    emit.emit("turn lost", "MB-hero-death", targets=(d.seat,))
    return finish_turn(d, emit)
