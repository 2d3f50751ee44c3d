"""The action phase (行动阶段): play cards, move, attack, use unlocked skills, end (MB-turn-action)."""

from __future__ import annotations

from functools import lru_cache

from explorer import SELF, replace_at

from . import combat, effects, grid, statuses
from .content import sample
from .passives import trigger
from .records import Hero, Moba, evolve, with_attack, with_heroes_discard, with_play
from .turn import end_phase


def skill_alt(hero: Hero, key: str) -> dict | None:
    """The alternative named "skill#alt" of the hero (MB-hero-skill-alternatives)."""
    return alternative(hero.hero, key)


@lru_cache(maxsize=1024)
def alternative(hero_id: str, key: str) -> dict | None:
    """skill_alt of the hero ``hero_id``, looked up once per hero and key (hero facts never change; a bound)."""
    sid, _, alt = key.partition("#")
    for s in sample().heroes[hero_id]["skills"]:
        if s["id"] == sid and alt.isdigit() and int(alt) < len(s["alts"]):
            return s["alts"][int(alt)]
    return None


def uses_left(hero: Hero, key: str) -> int:
    for k, n in hero.uses:
        if k == key:
            return n
    return 0


def taunt_blocks(d: Moba, hero: Hero) -> bool:
    """MB-status-12-taunt: in its next turn the hero must be next to the taunter to attack or use skills."""
    s = statuses.find(hero, "taunt") if hero.statuses else None  # asked at every choice; most hold no status
    if s is None or not s.active:
        return False
    taunter = d.heroes[s.source] if 0 <= s.source < len(d.heroes) else None
    if taunter is None or not taunter.alive or taunter.pos is None:
        return False
    return grid.distance(hero.pos, taunter.pos, d.rules.adjacency) != 1


def enemies_within(d: Moba, hero: Hero, reach: int) -> list[int]:
    """The seats of the other living heroes within ``reach`` of ``hero`` (a dead hero is off the map: no cell)."""
    near = grid.cells_within(hero.pos, reach, d.rules.adjacency)
    return [o.seat for o in d.heroes if o.pos in near and o.seat != hero.seat and o.alive]


def blink_cells(d: Moba, hero: Hero, reach: int) -> list[tuple]:
    """MB-term-9-blink: the cells a blink of ``reach`` may land on, the empty ones (grid.empty_cells_within); none
    for a rooted hero (MB-status-4-root). Blink cards (legal.turn_actions) and blink skills (targets_of) ask here."""
    return [] if statuses.has(hero, "root") else grid.empty_cells_within(d, hero.pos, reach)


def targets_of(d: Moba, hero: Hero, spec: dict) -> list[dict]:
    """Every legal target of a card or skill alternative, as action parameters."""
    kind = spec["target"]
    if kind == "self":
        return [{}]
    if kind == "enemy":
        return [{"target": s} for s in enemies_within(d, hero, spec["range"])]
    if kind == "cell":
        return [{"cell": c} for c in blink_cells(d, hero, spec["range"])]
    if kind == "line":
        if statuses.has(hero, "root"):
            return []
        return [{"direction": k, "distance": n} for k in grid.DIRECTIONS for n in range(1, spec["range"] + 1)
                if grid.charge_path(d, hero.seat, k, n)]
    return [{"direction": k} for k in grid.DIRECTIONS]


def play_card(d: Moba, card: str, params: dict, emit) -> Moba:
    """MB-card-cost: pay the card's stamina, put it on the discard pile, apply its effect (MB-card-main);
    the card's type joins the played sequence and may grant a skill use (MB-hero-skill-sequence)."""
    seat = d.seat
    h = d.heroes[seat]
    c = sample().cards[card]
    hand = list(h.hand)
    hand.remove(card)
    eid = emit.emit_pairs("play", "MB-card-cost", seat,
                          (("card", card), ("cost", c["cost"]), ("stamina", h.stamina - c["cost"])),
                          (params["target"],) if "target" in params else ())
    h = with_play(h, tuple(hand), h.stamina - c["cost"], h.played + c["type"], h.acted + 1)
    d = with_heroes_discard(d, replace_at(d.heroes, seat, h), d.discard.add(card))
    if d.rules.card_set == "sample":
        d = effects.run(d, seat, c["effects"], emit, eid, target=params.get("target", -1), cell=params.get("cell"))
    d = trigger(d, seat, "on_card", emit, eid, card=c["type"])
    return grant_skills(d, seat, emit, eid)


def grant_skills(d: Moba, seat: int, emit, cause) -> Moba:
    """MB-hero-skill-sequence (MB-A20): each skill alternative reads the cards played in this action phase
    since its own last grant; once they end with its action sequence the hero gains one use of it, and those
    cards are spent for that alternative alone. One card may so complete several skills: Sage's S S grants
    Radiance 【S S】, and an O after them Unravel 【S S A】 and Arcane missile 【S O】."""
    h = d.heroes[seat]
    if not h.alive or not h.played:
        return d
    played, spent = h.played, dict(h.spent)
    # the alternatives whose cards since their last grant end with their sequence
    granted = [(key, seq) for key, seq in sequences(h.hero) if played.endswith(seq, spent.get(key, 0))]
    if not granted:
        return d
    uses = dict(h.uses)
    done = emit.next_id - 1  # the card's last effect: 「执行完毕…效果后」 the skill use comes after it
    for key, seq in granted:
        uses[key], spent[key] = uses.get(key, 0) + 1, len(played)
        emit.emit("skill unlocked", "MB-hero-skill-sequence", actor=seat, cause=cause, sequence=seq,
                  skill=key, links=[(done, "resolves_before", SELF)] if done > cause else ())
    return combat.put(d, evolve(h, uses=tuple(sorted(uses.items())), spent=tuple(sorted(spent.items()))))


@lru_cache(maxsize=256)
def sequences(hero_id: str) -> tuple:
    """("skill#alt", its action sequence) of every skill alternative of the hero, in the hero's order (read after
    every card played; hero facts never change)."""
    return tuple((f"{s['id']}#{i}", alt["seq"]) for s in sample().heroes[hero_id]["skills"]
                 for i, alt in enumerate(s["alts"]))


def move(d: Moba, to: tuple, emit) -> Moba:
    """MB-term-5-move: to an adjacent empty cell for one step (MB-term-4-steps)."""
    return effects.displace(d, d.seat, [to], "move", emit, None)


def attack(d: Moba, target: int, emit) -> Moba:
    """MB-term-3-attack: spend an attack chance; damage = attack power (MB-event-LA: even below 1);
    a critical hit doubles it (MB-A06), never when weak (MB-status-10-weak)."""
    seat = d.seat
    h = d.heroes[seat]
    power = combat.attack_power(h)
    crit = h.crit and not statuses.has(h, "weak")
    amount = power * 2 if crit else power
    eid = emit.emit("attack", "MB-term-3-attack", actor=seat, targets=(target,), crit=crit, damage=amount, power=power)
    if power < 1:
        emit.emit("low attack power", "MB-event-LA", actor=seat, cause=eid, power=power)
    d = combat.put(d, with_attack(h, h.attacks - 1, False, h.acted + 1))
    d = combat.damage(d, seat, target, amount, "normal", emit, eid)
    if d.phase != "over" and d.heroes[seat].alive:
        d = trigger(d, seat, "on_attack", emit, eid, other=target)
    return d


def use_skill(d: Moba, key: str, params: dict, emit) -> Moba:
    """Spend one use of an unlocked skill alternative and apply its effects (MB-hero-skill-alternatives)."""
    seat = d.seat
    h = d.heroes[seat]
    alt = skill_alt(h, key)
    uses = tuple((k, n - 1) if k == key else (k, n) for k, n in h.uses)
    eid = emit.emit("skill", "MB-hero-skill-alternatives", actor=seat,
                    targets=(params["target"],) if "target" in params else (), skill=key)
    d = combat.put(d, evolve(h, uses=tuple((k, n) for k, n in uses if n), acted=h.acted + 1))
    return effects.run(d, seat, alt["effects"], emit, eid, target=params.get("target", -1), cell=params.get("cell"),
                       direction=params.get("direction"), dist=params.get("distance", alt["range"]))


def end_action(d: Moba, emit) -> Moba:
    """MB-turn-phases: the action phase ends when the player says so."""
    emit.emit_pairs("end action phase", "MB-turn-phases", d.seat)
    return end_phase(d, emit)
