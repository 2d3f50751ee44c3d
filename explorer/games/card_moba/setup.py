"""抉择 (choices before the game) as decisions: mode and map, heroes, bloodlines, the winning score,
turn order (a fair chance node), spawn points in turn order; then 进行: shuffle, deal, first turn."""

from __future__ import annotations

from itertools import permutations

from . import combat, grid
from .content import sample
from .records import Moba, evolve
from .turn import begin_turn

# MB-choice-4-score 「协商决定获胜所需的得分」: any positive whole number the table agrees on. These are the menu
# the engine lists (a person's table, the API and OpenSpiel's ``win_score`` parameter may give any other).
LISTED_WIN_SCORES = (1, 2, 3, 4, 5)
BLOODLINE_SLOTS = ("system", "keystone", "fragment_a", "fragment_b", "dust")


def modes(d: Moba) -> tuple[str, ...]:
    """MB-choice-1-mode-map: classic or Ruler; a table that changed a Ruler setting plays Ruler (MB-A16)."""
    return ("ruler",) if d.ruler_rules != d.rules else ("classic", "ruler")


def choose_mode(d: Moba, mode: str, emit) -> Moba:
    """MB-mode-classic uses every standard rule; MB-mode-ruler uses the table's Ruler settings."""
    emit.emit("mode", "MB-mode-ruler" if mode == "ruler" else "MB-mode-classic", actor=d.seat, mode=mode)
    return evolve(d, mode=mode, rules=d.ruler_rules if mode == "ruler" else d.rules, phase="map")


def choose_map(d: Moba, map_id: str, emit) -> Moba:
    """MB-choice-1-mode-map: the map is agreed from the map pool (seat 0 speaks for the table, MB-A07)."""
    emit.emit("map", "MB-choice-1-mode-map", actor=d.seat, map=map_id)
    return evolve(d, map=map_id, phase="hero", seat=0)


def free_heroes(d: Moba) -> list[str]:
    """MB-choice-2-hero: each player picks a hero from the pool; no two players share one (MB-A07)."""
    taken = {h.hero for h in d.heroes}
    return [hid for hid in sample().heroes if hid not in taken]


def choose_hero(d: Moba, hero_id: str, emit) -> Moba:
    """MB-choice-2-hero, MB-hero-fixed: the hero is kept for the whole game."""
    eid = emit.emit("hero", "MB-choice-2-hero", actor=d.seat, hero=hero_id)
    h = sample().heroes[hero_id]
    emit.emit("hero stats", "MB-hero-stats", actor=d.seat, cause=eid, atk=h["atk"], defence=h["def"], hp=h["hp"],
              speed=h["speed"])
    d = combat.put(d, evolve(d.heroes[d.seat], hero=hero_id))
    nxt = d.seat + 1
    if nxt < len(d.heroes):
        return evolve(d, seat=nxt)
    return evolve(d, seat=0, phase="bloodline")


def bloodline_options(d: Moba) -> list[str]:
    """MB-choice-3-bloodline: a system (系), then one of its 3 keystones (基石), one fragment (碎片)
    from each of its two columns of 3, then one dust (尘) from the dust column."""
    c = sample()
    picked = d.heroes[d.seat].pieces
    slot = BLOODLINE_SLOTS[len(picked)]
    if slot == "system":
        return list(c.systems)
    if slot == "dust":
        return list(c.dusts)
    return [pid for pid, p in c.pieces.items() if p["system"] == picked[0] and p["slot"] == slot]


def choose_bloodline(d: Moba, piece: str, emit) -> Moba:
    """MB-bloodline-system → MB-bloodline-keystone → MB-bloodline-fragments ×2 → MB-bloodline-dust;
    MB-bloodline-total: 1 keystone, 2 fragments, 1 dust."""
    h = d.heroes[d.seat]
    slot = BLOODLINE_SLOTS[len(h.pieces)]
    clause = {"system": "MB-bloodline-system", "keystone": "MB-bloodline-keystone", "dust": "MB-bloodline-dust"}.get(
        slot, "MB-bloodline-fragments")
    emit.emit("bloodline", clause, actor=d.seat, piece=piece, slot=slot)
    h = evolve(h, pieces=(*h.pieces, piece))
    d = combat.put(d, h)
    if len(h.pieces) < len(BLOODLINE_SLOTS):
        return d
    emit.emit("bloodline complete", "MB-bloodline-total", actor=d.seat, pieces=h.pieces[1:])
    if d.seat + 1 < len(d.heroes):
        return evolve(d, seat=d.seat + 1)
    if d.rules.agreed_score:  # the table agreed on it before sitting down (the variant's ``win_score``)
        emit.emit("winning score", "MB-choice-4-score", score=d.rules.agreed_score)
        return evolve(d, win_score=d.rules.agreed_score, phase="order", seat=-1)
    return evolve(d, seat=0, phase="score")


def choose_win_score(d: Moba, score: int, emit) -> Moba:
    """MB-choice-4-score: the score needed to win, any positive whole number (seat 0 speaks for the table)."""
    emit.emit("winning score", "MB-choice-4-score", actor=d.seat, score=score)
    return evolve(d, win_score=score, phase="order", seat=-1)


def orders(players: int) -> list[tuple]:
    """MB-choice-5-order: any fair way; here every turn order is equally likely (a chance node)."""
    return list(permutations(range(players)))


def set_order(d: Moba, order: tuple, emit) -> Moba:
    emit.emit("turn order", "MB-choice-5-order", order=order)
    return evolve(d, order=tuple(order), phase="spawn", turn_index=0, seat=order[0])


def free_spawns(d: Moba) -> list[tuple]:
    """MB-choice-6-spawn: the marked spawn points nobody has taken yet."""
    taken = {h.pos for h in d.heroes}
    return [c for c in grid.board_of(d).spawns if c not in taken]


def choose_spawn(d: Moba, cell: tuple, emit) -> Moba:
    """MB-choice-6-spawn: players pick spawn points in turn order; the hero starts there with its HP."""
    h = d.heroes[d.seat]
    hp = combat.starting_hp(h, d.rules.hp_cap)
    emit.emit("spawn", "MB-choice-6-spawn", actor=d.seat, cell=cell, hp=hp)
    d = combat.put(d, evolve(h, pos=cell, spawn=cell, hp=hp, stamina=d.rules.start_stamina))
    index = d.turn_index + 1
    if index < len(d.order):
        return evolve(d, turn_index=index, seat=d.order[index])
    return deal(evolve(d, turn_index=0, seat=d.order[0]), emit)


def deal(d: Moba, emit) -> Moba:
    """MB-play-shuffle: the cards are shuffled and set out; each player is dealt the starting hand (MB-A02)
    in turn order (chance draws), then the first player's turn begins (MB-choice-7-first-turn)."""
    if d.phase == "spawn":
        eid = emit.emit("shuffle", "MB-play-shuffle", cards=len(d.deck))
        emit.emit("deck", "MB-card-deck", cause=eid, cards=len(d.deck),
                  composition=tuple(sorted(d.deck.counts().items())))
    if d.rules.start_hand and d.turn_index < len(d.order):
        seat = d.order[d.turn_index]
        return evolve(d, phase="deal", draws=(seat,) * d.rules.start_hand, turn_index=d.turn_index + 1)
    emit.emit("first turn", "MB-choice-7-first-turn", actor=d.order[0])
    return begin_turn(evolve(d, turn_index=0, seat=d.order[0], phase="start"), emit)
