"""§3.2 陷阱卡 / 触发事件 / 声明事件: deploying, flipping and removing traps; triggers, declarations, 检定."""

from __future__ import annotations

from explorer import SELF

from . import effects, skills
from .content import card
from .flow import A, auto, decision
from .records import (
    TRAP_LIMIT,
    Ctx,
    Table,
    Task,
    Trap,
    add_trap,
    evolve,
    pay,
    pop,
    push,
    seat_set,
    to_discard,
    with_cause,
    with_flipped,
    with_now,
    with_trapped,
)

DEPLOY_COST = 1   # EB-3.2-trap-cost: into another player's zone
FLIP_COST = 1     # EB-3.2-trap-flip
REMOVE_COST = 2   # EB-3.2-trap-remove


def deploy(t: Table, p: int, c: str, zone: int, emit, face_down: bool = False) -> Table:
    """EB-1.2.4-trap-once: deploy a trap into any player's trap zone (at most 3 there, EB-3.2-trap-limit);
    another player's zone costs 1 coin (EB-3.2-trap-cost). EB-A12: it is deployed face up, its basic state
    (EB-3.1-face-up), unless the placer pays 1 coin at deployment to turn it face down (EB-3.2-trap-flip, the
    turn's one flip); with the switch ``trap_deployed = "face_down"`` every trap goes in face down for free."""
    t = effects.lose_card(t, p, c, emit)
    if zone != p:
        t = pay(t, p, DEPLOY_COST)
        emit.emit_pairs("pay", "EB-3.2-trap-cost", p, (("coins", DEPLOY_COST),), (zone,))
    hidden = face_down or t.rules.trap_deployed == "face_down"
    if hidden:
        emit.emit_pairs("trap", "EB-2.4-trap-card", p, (("card", c), ("face_up", False)), (zone,), private_to=(p,))
    else:
        emit.emit_pairs("trap", "EB-3.1-face-up", p, (("card", c), ("face_up", True)), (zone,))
    if face_down and t.rules.trap_deployed == "face_up":
        t = evolve(pay(t, p, FLIP_COST), now=evolve(t.now, flipped=True))
        emit.emit_pairs("pay", "EB-3.2-trap-flip", p, (("coins", FLIP_COST),), (zone,))
        emit.emit_pairs("flip", "EB-3.2-trap-flip", p, (("coins", FLIP_COST), ("face_up", False)), (zone,))
    t = add_trap(t, zone, Trap(c, p, not hidden))
    return with_now(t, with_trapped(t.now, True))


def deploy_choices(t: Table, p: int, zone: int) -> tuple[tuple, ...]:
    """EB-A12: how ``p`` may deploy into ``zone`` now, as the action's extra parameters: face up (none), or face
    down for 1 more coin (once a turn, EB-3.2-trap-flip); with ``trap_deployed = "face_down"`` only face down, for
    free (none: every trap goes in face down)."""
    if t.rules.trap_deployed == "face_down":
        return ((),)
    cost = FLIP_COST + (DEPLOY_COST if zone != p else 0)
    return ((), (("face", "down"),)) if not t.now.flipped and t.seats[p].coins >= cost else ((),)


def flip(t: Table, p: int, zone: int, slot: int, emit) -> Table:
    """EB-3.2-trap-flip / EB-3.2-flip: pay 1 coin to turn at most one trap over."""
    tr = t.seats[zone].traps[slot]
    t = pay(t, p, FLIP_COST)
    emit.emit("pay", "EB-3.2-trap-flip", actor=p, targets=(zone,), coins=FLIP_COST)
    emit.emit("flip", "EB-3.2-trap-flip", actor=p, targets=(zone,), coins=FLIP_COST, card=tr.card,
              face_up=not tr.face_up)
    traps = t.seats[zone].traps
    t = seat_set(t, zone, traps=(*traps[:slot], evolve(tr, face_up=not tr.face_up), *traps[slot + 1:]))
    return with_now(t, with_flipped(t.now, True))


def remove(t: Table, p: int, zone: int, slot: int, emit, clause="EB-3.2-trap-remove") -> Table:
    """EB-3.2-trap-remove: pay 2 coins to remove at most one trap; EB-3.2-remove: it goes to the discard pile."""
    tr = t.seats[zone].traps[slot]
    if clause == "EB-3.2-trap-remove":
        t = evolve(pay(t, p, REMOVE_COST), now=evolve(t.now, removed=True))
        emit.emit_pairs("pay", "EB-3.2-trap-remove", p, (("coins", REMOVE_COST),), (zone,))
    emit.emit_pairs("remove", clause, p, (("card", tr.card),), (zone,))
    traps = t.seats[zone].traps
    return to_discard(seat_set(t, zone, traps=traps[:slot] + traps[slot + 1:]), tr.card)


def false_declaration(t: Table, p: int, zone: int, slot: int, emit) -> Table:
    """EB-3.2-trap-declare: declaring a trap whose condition was not met voids it; it is removed at once."""
    tr = t.seats[zone].traps[slot]
    eid = emit.emit("trap declared", "EB-3.2-trap-declare", actor=p, targets=(zone,), outcome="cancelled",
                    card=tr.card, true=False)
    emit.emit("remove", "EB-3.2-remove", actor=p, targets=(zone,), cause=eid, card=tr.card)
    traps = t.seats[zone].traps
    return to_discard(seat_set(t, zone, traps=traps[:slot] + traps[slot + 1:]), tr.card)


def _slot(t: Table, zone: int, c: str, placer: int, face_up: bool | None = None) -> int:
    for i, tr in enumerate(t.seats[zone].traps):
        if tr.card == c and tr.placer == placer and (face_up is None or tr.face_up == face_up):
            return i
    return -1


def trigger_all(t: Table, when: str, p: int, emit, passives: bool = False, aplayer: int = -1,
                achar: str = "") -> Table:
    """EB-3.2-trigger: everything whose condition ``when`` the player ``p`` just met, in order
    (EB-3.2-conflict-active-first: passive skills, then persistent effects, then traps)."""
    seat = t.seats[p]
    if not (passives or seat.effects or seat.traps):  # nothing of ``p``'s can trigger (most calls: no lists made)
        return t
    tasks: list[Task] = []
    if passives:
        tasks.extend(skills.passive_tasks(t, p, when))
    tasks.extend(effects.triggered(t, p, when))
    for tr in seat.traps:  # (a context only for a trap that fires or is asked: most face-up ones do not)
        if tr.face_up:
            if card(tr.card).trigger == when:
                ctx = Ctx(tr.placer, zone=p, aplayer=aplayer, achar=achar, source=tr.card)
                tasks.append(Task("trap_fire", tr.placer, card=tr.card, target=p, n=1, ctx=ctx))
        elif t.seats[tr.placer].alive:   # EB-A30: asked whatever the hidden card is
            ctx = Ctx(tr.placer, zone=p, aplayer=aplayer, achar=achar, source=tr.card)
            tasks.append(Task("trap_declare", tr.placer, card=tr.card, target=p, ctx=ctx, when=when))
    if tasks:
        eid = emit.emit_pairs("trigger", "EB-3.2-trigger", p, (("condition", when), ("count", len(tasks))))
        if len(tasks) > 1:  # the order of what one influence triggered is shown (passives, effects, traps)
            emit.emit("order", "EB-3.2-conflict-cause", cause=eid, order=tuple(_public_name(k) for k in tasks))
        tasks = [k if k.cause >= 0 else with_cause(k, eid) for k in tasks]  # each fires on this trigger
    return push(t, *tasks) if tasks else t


def _public_name(task: Task) -> str:
    """A task as the order event names it: a face-down trap stays unnamed (EB-A30), "face-down trap"."""
    return "face-down trap" if task.kind == "trap_declare" else task.card or task.char


def _declare_legal(t, task):
    return (A("keep_hidden", task.player), A("declare_trap", task.player, zone=task.target, card=task.card))


def _declare_skip(t, task, emit):
    return pop(t) if _slot(t, task.target, task.card, task.player, False) < 0 else None


def _declare(t, task, a, emit):
    """EB-3.2-trap-hidden: the placer of a face-down trap may decline to declare it; EB-3.2-trap-declare:
    declared, it turns face up (EB-3.2-flip) and enters 检定 (EB-3.2-check) — unless its condition is not the
    one just met (EB-A30: every face-down trap's placer is asked), and then it is void and removed at once."""
    t = pop(t)
    if a.kind == "keep_hidden":
        emit.emit("trap kept hidden", "EB-3.2-trap-hidden", actor=task.player, targets=(task.target,))
        return t
    i = _slot(t, task.target, task.card, task.player, False)
    if card(task.card).trigger != task.when:
        return false_declaration(t, task.player, task.target, i, emit)
    fired_by = task.cause if task.cause >= 0 else None
    eid = emit.emit("trap declared", "EB-3.2-trap-declare", actor=task.player, targets=(task.target,),
                    cause=fired_by, links=[(fired_by, "triggers", SELF)] if fired_by is not None else (),
                    card=task.card, true=True)
    traps = t.seats[task.target].traps
    t = seat_set(t, task.target, traps=(*traps[:i], evolve(traps[i], face_up=True), *traps[i + 1:]))
    emit.emit("flip", "EB-3.2-flip", actor=task.player, targets=(task.target,), cause=eid, card=task.card, face_up=True)
    emit.emit("check", "EB-3.2-check", actor=task.player, targets=(task.target,), cause=eid, card=task.card)
    return push(t, Task("dispel", task.target, card=task.card, by=task.player, cause=eid, ctx=task.ctx))


def _dispel_skip(t, task, emit):
    """EB-3.2-check (EB-A20): the target is asked whether it holds a dispel card or not (nothing leaks)."""
    q = task.player
    if q != task.by and t.seats[q].alive:
        return None
    return _to_fire(t, task)


def _to_fire(t, task):
    return evolve(t, tasks=(Task("trap_fire", task.by, card=task.card, target=task.player, cause=task.cause,
                                 ctx=task.ctx), *t.tasks[1:]))


def _dispels(t, q):
    return tuple(c for c in sorted(set(t.seats[q].hand)) if card(c).has("cancel_trap"))


def _dispel_legal(t, task):
    return (A("allow", task.player), *(A("dispel", task.player, card=c) for c in _dispels(t, task.player)))


def _dispel(t, task, a, emit):
    """EB-3.2-check: while a declared trap waits in 检定, its target may cancel it (抵消) with a dispel card."""
    if a.kind == "allow":
        return _to_fire(t, task)
    t = pop(t)
    c = a["card"]
    eid = emit.emit("effect", "EB-2.5-effect-card", actor=task.player, cause=task.cause, card=c)
    emit.emit("trap", "EB-3.2-event", actor=task.by, targets=(task.player,), cause=eid, outcome="cancelled",
              links=[(eid, "cancels", SELF, "EB-3.2-check")], card=task.card)
    t = to_discard(effects.lose_card(t, task.player, c, emit), c)
    i = _slot(t, task.player, task.card, task.by, True)
    if i >= 0:
        t = remove(t, task.by, task.player, i, emit, "EB-3.2-remove")
    return t


def _fire(t, task, emit):
    """EB-3.2-trap-face-up: a face-up trap takes effect at once when triggered; a declared one after 检定.
    Then it leaves the zone for the discard pile (EB-3.1-discard-pile)."""
    zone = task.target
    i = _slot(t, zone, task.card, task.ctx.user, True)
    t = pop(t)
    if i < 0:
        return t
    clause = "EB-3.2-trap-face-up" if task.n == 1 else "EB-3.2-event"
    fired_by = task.cause if task.cause >= 0 else None
    # a face-up trap fires on the trigger itself; a declared one fires after 检定, caused by its declaration
    triggered = task.n == 1 and fired_by is not None
    eid = emit.emit("trap effect", clause, actor=task.ctx.user, targets=(zone,), cause=fired_by,
                    links=[(fired_by, "triggers", SELF)] if triggered else (), card=task.card)
    traps = t.seats[zone].traps
    t = to_discard(seat_set(t, zone, traps=traps[:i] + traps[i + 1:]), task.card, emit=emit, cause=eid)
    return effects.resolve(t, card(task.card).effects, task.ctx, emit, eid)


def deploy_zones(t: Table, p: int) -> list[int]:
    """Zones ``p`` may deploy into now: not full (EB-3.2-trap-limit), affordable (EB-3.2-trap-cost)."""
    return [q for q, s in enumerate(t.seats) if s.alive and len(s.traps) < TRAP_LIMIT
            and (q == p or t.seats[p].coins >= DEPLOY_COST)]


def register() -> None:
    decision("trap_declare", _declare_legal, _declare, "EB-3.2-trap-declare", skip=_declare_skip)
    decision("dispel", _dispel_legal, _dispel, "EB-3.2-check", skip=_dispel_skip)
    auto("trap_fire", _fire)
