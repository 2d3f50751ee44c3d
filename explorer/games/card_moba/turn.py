"""回合详解: a turn is the start, draw, action and end phases in order (MB-turn-phases)."""

from __future__ import annotations

from explorer import replace_at

from . import combat, effects, grid, statuses
from .passives import trigger
from .records import (
    Moba,
    evolve,
    with_draws,
    with_heroes_discard,
    with_heroes_phase,
    with_heroes_seat,
    with_heroes_turn,
    with_shield,
    with_turn_over,
)
from .ruler import over_limit


def current(d: Moba) -> int:
    return d.order[d.turn_index]


def begin_turn(d: Moba, emit) -> Moba:
    """MB-turn-phases: the next player in turn order begins; statuses held now reach "its next turn"."""
    seat = current(d)
    hero = d.heroes[seat]
    h = statuses.activate(hero) if hero.statuses else hero
    if h is not hero or d.seat != seat:  # the caller (finish_turn, the setup) names the seat with the turn index
        d = with_heroes_seat(d, replace_at(d.heroes, seat, h), seat)
    emit.emit_pairs("turn", "MB-turn-phases", seat, (("round", d.round),))
    went = h.alive and shield_goes(h, d.rules)  # its shield goes now, and no respawn comes after it
    d = shield_expires(d, seat, emit)
    if not h.alive:
        d = respawn(d, seat, emit)
    if statuses.has(d.heroes[seat], "destruct"):
        emit.emit("start phase skipped", "MB-status-5-destruct", targets=(seat,))
    else:
        gone = emit.next_id - 1  # the shield that went (MB-term-2-shield, MB-A28) went before any poison, if ``went``
        d = start_phase(d, seat, emit)
        hit = next((e.id for e in emit.events if e.id > gone and e.kind == "damage"), None) if went else None
        if hit is not None:
            emit.relate(gone, "resolves_before", hit, "MB-term-2-shield")
        if d.phase == "over":
            return d
        if not d.heroes[seat].alive:
            emit.emit("turn lost", "MB-hero-death", targets=(seat,))
            return finish_turn(d, emit)
    return draw_phase(d, seat, emit)


def shield_goes(h, rules) -> bool:
    """MB-term-2-shield: 护盾值 is 「英雄的一种临时属性」; what is left of it goes when its holder's next turn
    begins (MB-A28), unless the table keeps shields for good (switch shield_lasts = "game")."""
    return bool(h.shield) and rules.shield_lasts == "next_turn"


def shield_expires(d: Moba, seat: int, emit) -> Moba:
    """The shield of ``seat``'s hero goes as its turn begins, if it does (shield_goes)."""
    h = d.heroes[seat]
    if not shield_goes(h, d.rules):
        return d
    emit.emit_pairs("shield expires", "MB-term-2-shield", None, (("shield", h.shield),), (seat,))
    return combat.put(d, with_shield(h, 0))


def respawn(d: Moba, seat: int, emit) -> Moba:
    """MB-A09: a dead hero returns at its own spawn point (or the nearest empty cell) at its next turn,
    with its starting HP."""
    h = d.heroes[seat]
    cell = h.spawn
    if grid.occupant(d, cell) >= 0:
        cells = grid.empty_cells_within(d, h.spawn, max(grid.board_of(d).width, grid.board_of(d).height) * 2)
        cell = min(cells, key=lambda c: (grid.distance(c, h.spawn), c[1], c[0]))
    hp = combat.starting_hp(h, d.rules.hp_cap)
    emit.emit("respawn", "MB-hero-death", targets=(seat,), cell=cell, hp=hp)
    return combat.put(d, evolve(h, alive=True, pos=cell, hp=hp, last_hit=-1))


def start_phase(d: Moba, seat: int, emit) -> Moba:
    """MB-turn-start: poison and bleed act, then +stamina (1, or the Ruler setting), steps = speed,
    and the attack chances are cleared to 0 before one is given (MB-term-3-attack). Poison is damage
    (「受到…伤害」, MB-status-13-poison) and fires "on taking damage" passives like any damage (MB-A14)."""
    eid = emit.emit_pairs("start phase", "MB-turn-start", seat)
    h = d.heroes[seat]
    poison = statuses.find(h, "poison") if h.statuses else None  # most heroes hold no status
    if poison is not None:
        d = combat.put(d, statuses.tick(h, "poison"))
        src = poison.source if poison.source != seat else -1
        d = combat.damage(d, src, seat, poison.layers, "normal", emit, eid, poison=True)
    h = d.heroes[seat]
    bleed = statuses.find(h, "bleed") if h.statuses and h.alive and d.phase != "over" else None
    if bleed is not None:
        d = combat.put(d, statuses.tick(h, "bleed"))
        d = combat.lose_life(d, seat, bleed.layers, emit, eid, "MB-status-14-bleed", depth=1)
    if d.phase == "over" or not d.heroes[seat].alive:
        return d
    processed, gained = emit.next_id - 1, emit.next_id  # MB-turn-start: 「进行某些处理」 before the gains
    h = effects.stamina_gained(d.heroes[seat], d.rules.start_gain, d.rules.stamina_cap, emit, eid, "MB-turn-start")
    if processed > eid:
        emit.relate(processed, "resolves_before", gained, "MB-turn-start")
    h = effects.steps_gained(h, combat.speed(h), emit, eid, 1)  # with the attack chance, said next
    emit.emit_pairs("attack chance", "MB-term-3-attack", None, (("attacks", 1),), (seat,), eid)
    d = combat.put(d, h)  # the three gains in one copy of the game
    return trigger(d, seat, "turn_start", emit, eid)


def draw_phase(d: Moba, seat: int, emit) -> Moba:
    """MB-turn-draw: the player draws two cards from the top of the deck (chance nodes);
    MB-status-2-masked skips it."""
    h = d.heroes[seat]
    if statuses.has(h, "masked"):
        emit.emit("draw phase skipped", "MB-status-2-masked", targets=(seat,))
        return begin_action(combat.put(d, statuses.without(h, "masked")), emit)
    emit.emit_pairs("draw phase", "MB-turn-draw", seat)
    return with_draws(d, "draw", (*d.draws, seat, seat))


def begin_action(d: Moba, emit) -> Moba:
    """MB-turn-action begins; MB-status-1-stun skips it; MB-status-9-slow takes its layers of steps."""
    seat = d.seat
    h = d.heroes[seat]
    if statuses.has(h, "stun"):
        emit.emit("action phase skipped", "MB-status-1-stun", targets=(seat,))
        return end_phase(combat.put(d, statuses.without(h, "stun")), emit)
    slow = statuses.find(h, "slow")
    if slow is not None and slow.active:
        lost = min(slow.layers, h.steps)
        emit.emit("slowed", "MB-status-9-slow", targets=(seat,), layers=slow.layers, steps_lost=lost)
        h = statuses.without(evolve(h, steps=h.steps - lost), "slow")
    emit.emit_pairs("action phase", "MB-turn-action", seat)
    if h.acted or h.played or h.spent or h.uses:  # else as the turn's end left them (finish_turn): no copy
        h = with_turn_over(h, "", (), (), 0)
    return with_heroes_phase(d, replace_at(d.heroes, seat, h), "action")


def end_phase(d: Moba, emit) -> Moba:
    """MB-turn-end: +1 stamina and leftover steps cleared (MB-status-5-destruct skips it); then the
    Ruler hand limit (MB-ruler-hand-limit) makes the player discard down to it."""
    seat = d.seat
    h = d.heroes[seat]
    if statuses.has(h, "destruct"):
        emit.emit("end phase skipped", "MB-status-5-destruct", targets=(seat,))
        return finish_turn(d, emit)
    eid = emit.emit_pairs("end phase", "MB-turn-end", seat)
    d = combat.put(d, effects.stamina_gained(h, 1, d.rules.stamina_cap, emit, eid, "MB-turn-end", 0))
    if over_limit(len(d.heroes[seat].hand), d.rules.hand_limit):
        emit.emit("hand limit", "MB-ruler-hand-limit", targets=(seat,), hand=len(d.heroes[seat].hand),
                  limit=d.rules.hand_limit)
        return evolve(d, phase="discard")
    return finish_turn(d, emit)


def discard(d: Moba, card: str, emit) -> Moba:
    """MB-ruler-hand-limit: discard one card to the discard pile (置牌堆)."""
    h = d.heroes[d.seat]
    hand = list(h.hand)
    hand.remove(card)
    emit.emit("discard", "MB-ruler-hand-limit", actor=d.seat, card=card)
    d = with_heroes_discard(d, replace_at(d.heroes, d.seat, evolve(h, hand=tuple(hand))), d.discard.add(card))
    return d if over_limit(len(hand), d.rules.hand_limit) else finish_turn(d, emit)


def finish_turn(d: Moba, emit) -> Moba:
    """The turn is over: one-turn statuses end, then the next player's turn begins (MB-turn-end).
    Only with the opt-in round cap of a simulation (MB-A15, 0 = none) does the game stop after that round,
    the highest score winning; the document's game ends at the winning score (MB-choice-4-score)."""
    seat = d.seat
    h = d.heroes[seat]
    h = with_turn_over(statuses.expire(h, emit) if h.statuses else h, "", (), (), 0)
    index, rnd = d.turn_index + 1, d.round
    if index >= len(d.order):
        index, rnd = 0, rnd + 1
    if d.rules.round_cap and rnd > d.rules.round_cap:
        best = max(x.score for x in d.heroes)
        winners = tuple(x.seat for x in d.heroes if x.score == best)
        emit.emit("game over", "MB-choice-4-score", targets=winners,
                  round_cap=d.rules.round_cap, score=best)
        return evolve(combat.put(d, h), phase="over", winners=winners)
    return begin_turn(with_heroes_turn(d, replace_at(d.heroes, seat, h), index, rnd, d.order[index]), emit)
