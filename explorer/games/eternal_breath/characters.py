"""§3.2 角色机制: prepare, summon, declaration, damage and heals, dying and rescue, death, replacement,
the forced declaration, defeating a player, loss (§1.3) and victory (§1.4)."""

from __future__ import annotations

from explorer import SELF

from . import effects, skills  # (skills imports this module: module form)
from .content import card
from .flow import AP, A, auto, decision
from .records import (
    Character,
    Table,
    Task,
    evolve,
    find_char,
    order_from,
    pop,
    push,
    put_char,
    seat_set,
    self_char,
    set_char,
    summons,
    to_discard,
    with_cause,
    with_hp,
    without,
)


# --- 预备 / 召唤 / 声明 ----------------------------------------------------------------------------
def prepare(t: Table, p: int, c: str, emit) -> Table:
    """EB-3.2-prepare: a normal character card goes from the hand into the character pool."""
    seat = t.seats[p]
    emit.emit("prepare", "EB-3.2-prepare", actor=p, card=c)
    return seat_set(t, p, hand=without(seat.hand, c), pool=(*seat.pool, c))


def can_summon(t: Table, p: int) -> bool:
    """EB-3.2-summon: the pool is not empty and the summons in the zone are below the summon limit."""
    seat = t.seats[p]
    return bool(seat.pool) and len(summons(seat)) < seat.summon_limit


def summon(t: Table, p: int, c: str, emit, clause: str = "EB-3.2-summon") -> Table:
    """EB-3.2-summon: pool → character zone, face up, with its HP card (EB-2.7-hp-card)."""
    seat = t.seats[p]
    emit.emit("summon", clause, actor=p, card=c, hp=card(c).hp)
    return seat_set(t, p, pool=without(seat.pool, c), chars=(*seat.chars, Character(c, card(c).hp, True)))


def declare(t: Table, p: int, emit, clause: str) -> Table:
    """EB-3.2-declaration: the self character turns face up, once and for ever; it takes its HP card."""
    me = self_char(t.seats[p])
    eid = emit.emit("declaration", clause, actor=p, card=me.card, hp=me.hp)
    emit.emit("hp card", "EB-2.7-hp-card", actor=p, cause=eid, card=me.card, hp=me.hp)
    return set_char(t, p, me.card, face_up=True, ever_up=True)


# --- 伤害 / 回复 / 濒死 ----------------------------------------------------------------------------
def hurt(t: Table, p: int, c: str, amount: int, emit, *, kind: str, clause: str, by: int = -1,
         cause: int | None = None, **numbers) -> tuple[Table, tuple[Task, ...]]:
    """EB-3.2-damage-taken: the character covers ``amount`` points of its HP card. At 0 or less it is
    dying (EB-3.2-dying) and a rescue is offered; damage taken (not life loss) fires 'when you take damage'
    passives. The returned tasks are pushed by the caller, after its own effects."""
    i = find_char(t, p, c)
    if i < 0 or amount <= 0:
        return t, ()
    hp = t.seats[p].chars[i].hp - amount
    actor = by if by >= 0 else None
    if numbers:  # an attack's dice, totals and links: the keyword form
        eid = emit.emit(kind, clause, actor=actor, targets=(p, c), cause=cause, damage=amount, hp=hp, **numbers)
    else:  # an effect's damage or a life loss: the same event, positionally (emit's keywords cost 5 times as much)
        eid = emit.emit_pairs(kind, clause, actor, (("damage", amount), ("hp", hp)), (p, c), cause)
    t = put_char(t, p, i, with_hp(t.seats[p].chars[i], hp))
    later = ()
    if hp <= 0:
        dying = emit.emit_pairs("dying", "EB-3.2-dying", None, (("hp", hp),), (p, c), eid)
        later = (Task("rescue", target=p, tchar=c, by=by, cause=dying),)
    if kind != "life loss":
        later += tuple(with_cause(k, eid) for k in skills.passive_tasks(t, p, "damaged") if k.char == c)
    return t, later


def heal(t: Table, p: int, c: str, amount: int, emit, *, clause: str = "EB-3.2-heal", by: int = -1,
         cause: int | None = None) -> Table:
    """EB-3.2-heal: uncover up to ``amount`` points, never above the HP card's maximum."""
    i = find_char(t, p, c)
    if i < 0:
        return t
    now = t.seats[p].chars[i].hp
    new = max(now, min(card(c).hp, now + amount))
    emit.emit_pairs("heal", clause, by if by >= 0 else None, (("healed", new - now), ("hp", new)), (p, c), cause)
    return put_char(t, p, i, with_hp(t.seats[p].chars[i], new))


def _next_living(t: Table, q: int) -> int:
    """EB-3.2-conflict-turn-order: the next living player after ``q`` in seat order."""
    n = len(t.seats)
    return next((q + k) % n for k in range(1, n + 1) if t.seats[(q + k) % n].alive)


def _rescue_skip(t, task, emit):
    """EB-3.2-rescue: any player may use instant heal cards (EB-A09: every living player is asked in turn from
    the player to move, as often as they like, until all have passed in a row; EB-A20: holders or not)."""
    i = find_char(t, task.target, task.tchar)
    if i < 0:
        return pop(t)
    if t.seats[task.target].chars[i].hp > 0:
        emit.emit("saved", "EB-3.2-rescue", targets=(task.target, task.tchar), cause=task.cause,
                  links=[(SELF, "replaces", task.cause)])  # back above 0 HP: no death follows the dying
        return pop(t)
    living = len(order_from(t, t.turn))
    if task.n >= living:
        return evolve(t, tasks=(Task("death", target=task.target, tchar=task.tchar, by=task.by, cause=task.cause),
                                *t.tasks[1:]))
    if task.player < 0 or not t.seats[task.player].alive:
        first = order_from(t, t.turn)[0] if task.player < 0 else _next_living(t, task.player)
        return evolve(t, tasks=(evolve(task, player=first), *t.tasks[1:]))
    return None


def _rescue_legal(t, task):
    q = task.player
    return (AP("pass", q, ()), *(AP("rescue", q, (("card", c),)) for c in effects.heal_cards(t, q)))


def _rescue(t, task, a, emit):
    """EB-3.2-rescue: a pass hands the question to the next player; a heal card (any number, EB-A09) resets
    the passes, and the same player is asked again while the character is still dying."""
    if a.kind == "pass":
        nxt = evolve(task, player=_next_living(t, task.player), n=task.n + 1)
        return evolve(t, tasks=(nxt, *t.tasks[1:]))
    t = evolve(t, tasks=(evolve(task, n=0), *t.tasks[1:]))
    q, c = task.player, a["card"]
    amount = sum(e.amount for e in card(c).effects if e.do == "heal")
    eid = emit.emit("rescue", "EB-3.2-rescue", actor=q, targets=(task.target, task.tchar), cause=task.cause, card=c)
    t = effects.lose_card(t, q, c, emit)
    t = heal(t, task.target, task.tchar, amount, emit, by=q, cause=eid)
    return to_discard(t, c)


# --- 死亡 / 代替 / 强制声明 / 击败 / 失败 / 胜利 ------------------------------------------------------
def _death(t, task, emit):
    """EB-3.2-death: still at 0 or less after the rescues, the character dies and leaves the game for the
    destroyed pile (EB-3.2-leave); its effect cards go to the discard pile."""
    p, c = task.target, task.tchar
    t = pop(t)
    seat = t.seats[p]
    i = find_char(t, p, c)
    if i < 0:
        return t
    dead = seat.chars[i]
    eid = emit.emit("death", "EB-3.2-death", actor=task.by if task.by >= 0 else None, targets=(p, c),
                    cause=task.cause)
    emit.emit_pairs("leave", "EB-3.2-leave", None, (("card", c),), (p, c), eid)
    hosted = tuple(e.card for e in seat.effects if e.host == c)
    t = seat_set(t, p, chars=seat.chars[:i] + seat.chars[i + 1:], effects=tuple(e for e in seat.effects if e.host != c))
    t = to_discard(evolve(t, destroyed=(*t.destroyed, c)), *hosted)
    if dead.is_self:
        return defeat(t, p, task.by, eid, emit)
    if t.seats[p].pool:
        return push(t, Task("replace", p, cause=eid))
    return _forced_declaration(t, p, eid, emit)


def _forced_declaration(t, p, cause, emit):
    """EB-3.2-forced-declare: a summon died, the pool is empty and the self character was never face up."""
    me = self_char(t.seats[p])
    if me is None or me.ever_up:
        return t
    return declare(t, p, emit, "EB-3.2-forced-declare")


def _replace_legal(t, task):
    p = task.player
    return (A("pass", p), *(A("replace", p, card=c) for c in sorted(set(t.seats[p].pool))))


def _replace(t, task, a, emit):
    """EB-3.2-replace: the player may at once bring a pool character into play in place of the dead one."""
    t = pop(t)
    if a.kind == "pass":
        return t
    return summon(t, task.player, a["card"], emit, "EB-3.2-replace")


def _replace_skip(t, task, emit):
    seat = t.seats[task.player]
    return pop(t) if not seat.alive or not seat.pool or len(summons(seat)) >= seat.summon_limit else None


def defeat(t: Table, p: int, by: int, cause: int, emit) -> Table:
    """EB-1.3-loss: the self character died, the player loses; EB-1.3-loser-cards: every card of the area
    and hand goes to the discard pile. EB-3.2-defeat: the killer defeated a player (EB-3.2-summon-limit)."""
    seat = t.seats[p]
    lost = emit.emit("loss", "EB-1.3-loss", targets=(p,), cause=cause)
    chars = tuple(ch.card for ch in seat.chars) + seat.pool
    others = seat.hand + tuple(e.card for e in seat.effects) + tuple(tr.card for tr in seat.traps)
    emit.emit("loser cards", "EB-1.3-loser-cards", actor=p, cause=lost, count=len(chars) + len(others))
    if seat.coins:
        emit.emit("coins to bank", "EB-3.1-bank", actor=p, cause=lost, coins=seat.coins)
    if t.rules.loser_characters == "destroyed":
        t = evolve(t, destroyed=t.destroyed + chars)
    else:
        t = evolve(t, discard=t.discard + chars)
    t = to_discard(seat_set(t, p, alive=False, chars=(), pool=(), hand=(), effects=(), traps=(), coins=0), *others)
    keep = tuple(k for k in t.tasks if k.kind == "next" or (k.kind == "rescue" and k.target != p)
                 or (k.player != p and k.target != p))
    combat = t.combat
    if combat is not None and p in (combat.player, combat.target):
        keep = tuple(k for k in keep if k.kind not in ("roll_attack", "defend", "roll_defence", "hit"))
        t = to_discard(evolve(t, combat=None), *combat.cards)
    t = evolve(t, tasks=keep)
    if 0 <= by != p:
        emit.emit("defeat", "EB-3.2-defeat", actor=by, targets=(p,), cause=lost)
        t = _raise_summon_limit(t, by, emit, lost)
    return check_victory(t, emit, lost)


def _raise_summon_limit(t, by, emit, cause):
    """EB-3.2-summon-limit: after a first defeat the summon limit becomes 2 (EB-A06: whose)."""
    who = [by] if t.rules.summon_limit_after_defeat == "killer" else [q for q in range(len(t.seats))]
    for q in who:
        if t.seats[q].alive and t.seats[q].summon_limit < 2:
            emit.emit("summon limit", "EB-3.2-summon-limit", targets=(q,), cause=cause, limit=2)
            t = seat_set(t, q, summon_limit=2)
    return t


def check_victory(t: Table, emit, cause=None) -> Table:
    """EB-1.4-victory: with 1 player left (2–4 players) or 2 left (5–6 players) they win and the game ends."""
    alive = tuple(q for q, s in enumerate(t.seats) if s.alive)
    need = 1 if len(t.seats) <= 4 else 2
    if len(alive) > need:
        return t
    emit.emit("victory", "EB-1.4-victory", targets=alive, cause=cause, left=len(alive))
    return evolve(t, over=True, winners=alive, tasks=())


def register() -> None:
    decision("rescue", _rescue_legal, _rescue, "EB-3.2-rescue", skip=_rescue_skip)
    auto("death", _death)
    decision("replace", _replace_legal, _replace, "EB-3.2-replace", skip=_replace_skip)
