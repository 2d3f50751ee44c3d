"""The safe effect vocabulary of cards, skills, bloodlines and special cells, interpreted here (never eval).

Each effect is a dict with ``op`` and its fields (see content.EFFECT). ``to = "self"`` applies to the actor,
``"target"`` to the chosen target (or what a projectile hit).
"""

from __future__ import annotations

from explorer import CANCELLED, SELF, replace_at

from . import combat, grid, statuses
from .content import sample
from .records import (
    Hero,
    Moba,
    evolve,
    with_heroes,
    with_move,
    with_stamina,
    with_stamina_steps,
    with_steps,
    with_steps_attacks,
)
from .ruler import capped

DISPLACEMENT_CLAUSE = {"charge": "MB-term-8-charge", "blink": "MB-term-9-blink", "knockback": "MB-term-13-knockback",
                       "pull": "MB-term-14-pull", "move": "MB-term-5-move", "retreat": "MB-term-13-knockback"}


def _stops(cause) -> tuple:
    """The link of a refusal: it prevents that part of its cause's effect (the displacement, the steps)."""
    return ((SELF, "prevents", cause),) if cause is not None else ()


def rooted(d: Moba, seat: int, kind: str, emit, cause) -> bool:
    """MB-status-4-root: until the end of its next turn the hero cannot be displaced in any way."""
    if statuses.has(d.heroes[seat], "root"):
        emit.emit("displacement refused", "MB-status-4-root", targets=(seat,), cause=cause, outcome=CANCELLED,
                  how=kind, links=_stops(cause))
        return True
    return False


def gain_steps(d: Moba, seat: int, amount: int, emit, cause) -> Moba:
    h = d.heroes[seat]
    after = steps_gained(h, amount, emit, cause)
    return d if after is h else combat.put(d, after)


def steps_gained(h: Hero, amount: int, emit, cause, attacks: int | None = None) -> Hero:
    """MB-term-4-steps gained; MB-status-3-fatigue: in its next turn the hero gains no steps by any means.
    (The hero after it, with ``attacks`` its attack chances if given, in the same copy: the start phase's gains are
    one.)"""
    if statuses.has(h, "fatigue"):
        emit.emit("steps refused", "MB-status-3-fatigue", targets=(h.seat,), cause=cause, outcome=CANCELLED,
                  amount=amount, links=_stops(cause))
        return h if attacks is None else evolve(h, attacks=attacks)
    steps = h.steps + amount
    emit.emit_pairs("steps", "MB-term-4-steps", None, (("amount", amount), ("steps", steps)), (h.seat,), cause)
    return with_steps(h, steps) if attacks is None else with_steps_attacks(h, steps, attacks)


def gain_stamina(d: Moba, seat: int, amount: int, emit, cause, clause: str = "MB-term-1-stamina") -> Moba:
    return combat.put(d, stamina_gained(d.heroes[seat], amount, d.rules.stamina_cap, emit, cause, clause))


def stamina_gained(h: Hero, amount: int, cap: int | None, emit, cause, clause: str = "MB-term-1-stamina",
                   steps: int | None = None) -> Hero:
    """MB-term-1-stamina: gained stamina stops at the cap (12, or the Ruler setting); the excess is lost
    (the undefined 体力溢出事件, MB-A04). (The hero after it, with ``steps`` its steps if given, in the same copy:
    the end phase clears the leftover steps at once.)"""
    new = capped(h.stamina + amount, cap)
    emit.emit_pairs("stamina", clause, None,
                    (("amount", amount), ("overflow", h.stamina + amount - new), ("stamina", new)), (h.seat,), cause)
    return with_stamina(h, new) if steps is None else with_stamina_steps(h, new, steps)


def enter_cell(d: Moba, seat: int, emit, cause, ended: int | None = None) -> Moba:
    """MB-map-cells: a hero that ends a displacement on a special cell gets its effect (MB-A11), unless
    the Ruler setting MB-ruler-special-cells turned special cells off. ``ended``: the event of the displacement
    (or of the push-back) that ended there, which triggers the cell (or whose cell effect the setting prevents)."""
    h = d.heroes[seat]
    kind = grid.board_of(d).special.get(h.pos)
    if kind is None:
        return d
    if not d.rules.special_cells:
        emit.emit("special cell off", "MB-ruler-special-cells", targets=(seat,), cause=cause, outcome=CANCELLED,
                  cell=kind, links=[(SELF, "prevents", ended)] if ended is not None else ())
        return d
    eid = emit.emit("special cell", "MB-map-cells", targets=(seat,), cause=cause, cell=kind,
                    links=[(ended, "triggers", SELF)] if ended is not None else ())
    return run(d, seat, sample().cells[kind]["effects"], emit, eid, depth=1)


def displace(d: Moba, seat: int, path: list, kind: str, emit, cause) -> Moba:
    """Move a hero along ``path`` (its last cell is the destination), then check the special cell. A move
    (MB-term-5-move) pays its step (MB-term-4-steps) and counts as an action (MB-A17) in the same copy."""
    if not path:
        return d
    eid = emit.emit_pairs(kind, DISPLACEMENT_CLAUSE[kind], None, (("cells", len(path)), ("to", path[-1])), (seat,),
                          cause)
    if kind == "move":
        h = d.heroes[seat]
        d = with_heroes(d, replace_at(d.heroes, seat, with_move(h, path[-1], h.steps - 1, h.acted + 1)))
    else:
        d = grid.place(d, seat, path[-1])
    return enter_cell(d, seat, emit, cause, eid)


def run(d: Moba, actor: int, effects: tuple, emit, cause, target: int = -1, cell=None, direction=None,
        dist: int = 0, depth: int = 0) -> Moba:
    """Apply ``effects`` in order (MB-play-exceptions: effects may break the usual rules)."""
    for e in effects:
        if d.phase == "over":
            return d
        op = e["op"]
        if op == "projectile":
            target, flown = grid.projectile_hit(d, actor, direction, dist)
            pid = emit.emit("projectile", "MB-term-10-projectile", actor=actor,
                            targets=(target,) if target >= 0 else (), cause=cause, cells=len(flown), hit=target >= 0)
            if target < 0:
                return d
            emit.emit("projectile hits", "MB-term-7-object", actor=actor, targets=(target,), cause=pid)
            continue
        seat = actor if e["to"] == "self" else target
        if seat < 0 or not d.heroes[seat].alive:
            continue
        d = apply_one(d, actor, seat, e, emit, cause, cell, direction, dist, depth, target)
    return d


def apply_one(d: Moba, actor: int, seat: int, e: dict, emit, cause, cell, direction, dist, depth,
              target: int = -1) -> Moba:
    op, amount = e["op"], e["amount"]
    hero = d.heroes[seat]
    if op == "damage":
        if e["plus_atk"]:
            amount += combat.attack_power(d.heroes[actor])
        return combat.damage(d, actor, seat, amount, e["kind"], emit, cause, depth)
    if op == "lose_life":
        return combat.lose_life(d, seat, amount, emit, cause, depth=depth)
    if op == "heal":
        return combat.heal(d, seat, amount, emit, cause, actor)
    if op == "shield":
        return combat.gain_shield(d, seat, amount + (combat.defence(hero) if e["plus_def"] else 0), emit, cause)
    if op == "status":
        h = statuses.apply_status(hero, e["status"], e["layers"], e["duration"], actor, d.rules.status_stack,
                                  emit, cause)
        return combat.put(d, h)
    if op == "steps":
        return gain_steps(d, seat, amount, emit, cause)
    if op == "stamina":
        return gain_stamina(d, seat, amount, emit, cause)
    if op == "draw":
        emit.emit_pairs("draw ordered", "MB-card-main", None, (("amount", amount),), (seat,), cause)
        return evolve(d, draws=d.draws + (seat,) * amount)
    if op == "attack_chance":
        emit.emit_pairs("attack chance", "MB-play-exceptions", None, (("attacks", hero.attacks + amount),), (seat,),
                        cause)
        return combat.put(d, evolve(hero, attacks=hero.attacks + amount))
    if op == "mark":
        return add_mark(d, seat, e["mark"], amount, emit, cause)
    if op == "crit":
        emit.emit("crit ready", "MB-term-3-attack", targets=(seat,), cause=cause)
        return combat.put(d, evolve(hero, crit=True))
    if op in ("knockback", "pull"):
        if seat == actor or rooted(d, seat, op, emit, cause):
            return d
        path = grid.forced_path(d, seat, d.heroes[actor].pos, amount, away=op == "knockback")
        if len(path) < amount:
            stop = grid.next_cell(d.heroes[seat].pos if not path else path[-1], d.heroes[seat].pos,
                                   d.heroes[actor].pos, op == "knockback")
            wall = stop in grid.board_of(d).walls
            emit.emit("stopped", "MB-map-walls-fixed" if wall else "MB-term-6-obstacle", targets=(seat,),
                      cause=cause, cell=stop, cells=len(path), how=op, links=_stops(cause))  # the cells not moved
        return displace(d, seat, path, op, emit, cause)
    if op == "retreat":
        return retreat(d, actor, target, amount, emit, cause)
    if op == "charge":
        if rooted(d, seat, op, emit, cause):
            return d
        path = grid.charge_path(d, seat, direction, dist)
        ended = emit.emit("charge", "MB-term-8-charge", targets=(seat,), cause=cause, cells=len(path),
                          direction=direction)
        d, pushes = grid.settle_blocking(d, seat, path, emit, cause)
        return enter_cell(d, seat, emit, cause, emit.next_id - 1 if pushes else ended)  # the last push-back
    if op == "blink":
        if rooted(d, seat, op, emit, cause):
            return d
        return displace(d, seat, [tuple(cell)], "blink", emit, cause)
    return d  # "stat" is static: read by combat.static_bonus


def retreat(d: Moba, actor: int, target: int, amount: int, emit, cause) -> Moba:
    """MB-term-13-knockback: "后撤" is the active twin of a knockback — the actor steps away from the target."""
    if target < 0 or not d.heroes[target].alive or rooted(d, actor, "retreat", emit, cause):
        return d
    path = grid.forced_path(d, actor, d.heroes[target].pos, amount, away=True)
    return displace(d, actor, path, "retreat", emit, cause)


def add_mark(d: Moba, seat: int, mark: str, amount: int, emit, cause) -> Moba:
    """MB-hero-marks: a mark stacks up to its maximum; (-1) means no limit."""
    h = d.heroes[seat]
    cap = sample().marks[mark]["max"]
    have = dict(h.marks).get(mark, 0)
    new = have + amount if cap == -1 else min(have + amount, cap)
    emit.emit("mark", "MB-hero-marks", targets=(seat,), cause=cause, mark=mark, max=cap, stacks=new)
    marks = tuple(sorted({**dict(h.marks), mark: new}.items()))
    return combat.put(d, evolve(h, marks=marks))
