"""§2.5 效果卡 and the effect vocabulary: the interpreter of card and skill effects, instant effect cards,
persistent effect cards (placing, refusing, forcing, triggering) and the standing modifiers."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from explorer import Weighted

from . import characters, skills  # (both import this module: module form)
from .content import card
from .flow import A, auto, chance, decision
from .records import (
    HAND_LIMIT,
    Ctx,
    Placed,
    Table,
    Task,
    evolve,
    front,
    gain_coins,
    is_face_up,
    order_from,
    pay,
    pop,
    push,
    put_seat,
    seat_set,
    to_discard,
    with_hand,
    without,
)

EFFECT_COST = 1   # EB-3.2-effect-cost
REFUSE_COST = 1   # EB-3.2-effect-refuse
FORCE_COST = 3    # EB-3.2-effect-force


# --- who is affected ---------------------------------------------------------------------------------
def _chars(t: Table, ctx: Ctx, to: str) -> list[tuple[int, str]]:
    if to == "chosen":
        return [(ctx.player, ctx.target)] if ctx.target else []
    if to == "host":
        return [(ctx.zone, ctx.target)] if ctx.target else []
    if to == "attacker":  # EB-A13 / EB-A29: a face-down attacker (no HP card yet) is out of an effect's reach
        return [(ctx.aplayer, ctx.achar)] if ctx.achar and is_face_up(t, ctx.aplayer, ctx.achar) else []
    if to == "self" and ctx.char:
        return [(ctx.user, ctx.char)]
    seats = _players(t, ctx, to)
    out = []
    for q in seats:
        c = front(t, q)
        if c is not None:
            out.append((q, c.card))
    return out


def _players(t: Table, ctx: Ctx, to: str) -> list[int]:
    """The players an effect aimed at ``to`` reaches; "all": the living, the player to move first
    (EB-3.2-conflict-turn-order), worked out only when asked."""
    if to == "all":
        return order_from(t, t.turn)
    return [{"chosen": ctx.player, "self": ctx.user, "zone_owner": ctx.zone, "host": ctx.zone,
             "attacker": ctx.aplayer, "turn_player": t.turn}[to]]


def damage_kind(user: int, owner: int) -> tuple[str, str]:
    """EB-3.2-damage-kinds: a card's or skill's direct damage to an enemy is effect damage (效果伤害), damage
    taken; EB-3.2-life-loss: to the user's own character it is life loss (生命流失), which is not damage taken."""
    return ("life loss", "EB-3.2-life-loss") if owner == user else ("effect damage", "EB-3.2-damage-taken")


# --- the interpreter -------------------------------------------------------------------------------
def resolve(t: Table, todo: tuple, ctx: Ctx, emit, cause: int | None = None) -> Table:
    """Apply effects in order; rescues and judgments they cause are pushed after them (EB-3.2-conflict-cause)."""
    later: list[Task] = []
    for e in todo:
        if e.to == "all" and e.do in ("damage", "heal", "gain_coins", "lose_coins", "draw"):
            emit.emit("order", "EB-3.2-conflict-turn-order", cause=cause, seats=tuple(order_from(t, t.turn)))
        if e.do in ("heal", "damage", "lose_life"):
            done = -1  # the last character's damage event, for the order of an "all" effect
            for q, c in _chars(t, ctx, "self" if e.do == "lose_life" else e.to):
                if not t.seats[q].alive:
                    continue
                if e.do == "heal":
                    t = characters.heal(t, q, c, e.amount, emit, by=ctx.user, cause=cause)
                    continue
                kind, clause = damage_kind(ctx.user, q) if e.do == "damage" else ("life loss", "EB-3.2-life-loss")
                by = ctx.user if e.do == "damage" else -1
                first = emit.next_id
                t, tasks = characters.hurt(t, q, c, e.amount, emit, kind=kind, clause=clause, by=by, cause=cause)
                if e.to == "all" and done >= 0:  # EB-3.2-conflict-turn-order: the seat before resolved first
                    emit.relate(done, "resolves_before", first, "EB-3.2-conflict-turn-order")
                done = first if emit.next_id > first else done
                later.extend(tasks)
        elif e.do == "gain_coins":
            for q in _players(t, ctx, e.to):
                t, got = gain_coins(t, q, e.amount)
                emit.emit_pairs("coins", "EB-2.6-coin-cap", q, (("coins", t.seats[q].coins), ("gained", got)), (),
                                cause)
        elif e.do in ("lose_coins", "steal_coins"):
            for q in _players(t, ctx, e.to):
                paid = min(e.amount, t.seats[q].coins)
                t = pay(t, q, paid)
                emit.emit("pay", "EB-3.2-pay", actor=q, cause=cause, coins=paid)
                if e.do == "steal_coins" and q != ctx.user:
                    t, got = gain_coins(t, ctx.user, paid)
                    emit.emit("coins", "EB-2.6-coin-cap", actor=ctx.user, cause=cause, gained=got,
                              coins=t.seats[ctx.user].coins)
        elif e.do == "draw":
            for q in _players(t, ctx, e.to):
                later.extend(Task("draw", q) for _ in range(e.amount))
        elif e.do == "judge":
            later.append(Task("judge", ctx.user, n=e.dice, ctx=ctx, cause=cause if cause is not None else -1))
        elif e.do == "win":
            emit.emit("victory", "EB-3.1-active", targets=(ctx.user,), cause=cause, card=ctx.source)
            return evolve(t, over=True, winners=(ctx.user,), tasks=())
    if any(k.kind == "passive" for k in later) and card(ctx.source).skill is not None \
            and card(ctx.source).skill.type == "active":
        emit.emit("order", "EB-3.2-conflict-active-first", cause=cause,
                  order=(ctx.source, *(k.char for k in later if k.kind == "passive")))
    return push(t, *later) if later else t


# --- 判定 (1d / 2d) -----------------------------------------------------------------------------------
_TWO_DICE = {s: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == s) for s in range(2, 13)}


def _judge_outcomes(t, task):
    """EB-3.1-judge: a 1d judgment is one die; a 2d judgment is the sum of two dice (EB-A08): each result with
    its chance, 1/6 each or k/36 for a sum two dice make in k ways (whole-number weights, made once)."""
    return _ONE_DIE if task.n == 1 else _TWO_DICE_SUMS


_ONE_DIE = Weighted(tuple(A("judge", -1, result=r) for r in range(1, 7)), (1,) * 6)
_TWO_DICE_SUMS = Weighted(tuple(A("judge", -1, result=s) for s in _TWO_DICE), tuple(_TWO_DICE.values()))


def _passes(spec, r: int) -> bool:
    return {"odd": r % 2 == 1, "even": r % 2 == 0, "equals": r == spec.value, "at_least": r >= spec.value}[spec.test]


def judge_spec(source: str):
    c = card(source)
    todo = c.skill.effects if c.skill is not None else c.effects
    return todo[-1]


def _judge(t, task, a, emit):
    spec, r = judge_spec(task.ctx.source), a["result"]
    ok = _passes(spec, r)
    eid = emit.emit("judgment", "EB-3.1-judge", actor=task.player, cause=task.cause if task.cause >= 0 else None,
                    dice=task.n, result=r, passed=ok, card=task.ctx.source)
    t = pop(t)
    return resolve(t, spec.then, task.ctx, emit, eid) if ok else t


# --- cards in hand ------------------------------------------------------------------------------------
def lose_card(t: Table, p: int, c: str, emit) -> Table:
    """A card leaves the hand; outside its owner's turn that fires 'lose a card' passives (EB-3.1-passive)."""
    seat = t.seats[p]
    t = put_seat(t, p, with_hand(seat, without(seat.hand, c)))
    if p != t.turn:
        t = skills.passives(t, p, "lose_card_off_turn", emit)
    return t


def is_instant(c) -> bool:
    return c.kind == "effect" and not c.persistent


def heal_cards(t: Table, q: int) -> tuple[str, ...]:
    """EB-3.2-rescue: the instant heal cards (立即恢复类效果卡) in ``q``'s hand."""
    return tuple(c for c in sorted(set(t.seats[q].hand))
                 if is_instant(card(c)) and any(e.do == "heal" and e.to == "chosen" for e in card(c).effects))


_ACTING = ("heal", "damage", "gain_coins", "lose_coins", "steal_coins", "draw")


def needs_target(c) -> bool:
    """Whether a card or skill asks for a chosen character (its effects, or a judgment's 'then' effects)."""
    known = _NEEDS.get(id(c))
    if known is not None and known[0] is c:  # cards and skills never change: worked out once for each
        return known[1]
    needs = any((e.to == "chosen" and e.do in _ACTING) or any(x.to == "chosen" and x.do in _ACTING for x in e.then)
                for e in c.effects)
    _NEEDS[id(c)] = (c, needs)
    return needs


_NEEDS: dict[int, tuple] = {}  # id → (the card or skill, kept alive so its id is not reused, the answer)


def use_instant(t: Table, p: int, a, emit) -> Table:
    """EB-1.2.4-effects-any: an instant effect card takes effect (EB-2.5-effect-card) and is discarded."""
    c = a["card"]
    eid = emit.emit_pairs("effect", "EB-1.2.4-effects-any", p, (("card", c),),
                          (a["seat"], a["target"]) if a["target"] else ())
    t = to_discard(lose_card(t, p, c, emit), c, emit=emit, cause=eid)
    ctx = Ctx(p, player=a["seat"], target=a["target"], source=c)
    return resolve(t, card(c).effects, ctx, emit, eid)


def place(t: Table, p: int, a, emit) -> Table:
    """EB-2.5-effect-card: a persistent effect card is placed in an effect zone (a character's when it acts on
    that character, EB-3.1-zones); another player's zone costs 1 coin (EB-3.2-effect-cost)."""
    c, q, host = a["card"], a["seat"], a["target"]
    t = lose_card(t, p, c, emit)
    if q != p:
        t = pay(t, p, EFFECT_COST)
        emit.emit_pairs("pay", "EB-3.2-effect-cost", p, (("card", c), ("coins", EFFECT_COST)), (q,))
        if t.seats[q].coins >= REFUSE_COST:
            return push(t, Task("refuse", q, card=c, target=q, tchar=host, by=p))
    return _put(t, p, c, q, host, emit)


def _put(t, p, c, q, host, emit, clause="EB-2.5-effect-card"):
    if host:  # EB-3.1-zones: an effect on a character sits in that character's own effect zone
        clause = "EB-3.1-zones" if clause == "EB-2.5-effect-card" else clause
    emit.emit_pairs("effect placed", clause, p, (("card", c),), (q, host) if host else (q,))
    return seat_set(t, q, effects=(*t.seats[q].effects, Placed(c, p, t.round, host)))


def _refuse_legal(t, task):
    return (A("accept", task.player), A("refuse", task.player))


def _refuse(t, task, a, emit):
    """EB-3.2-effect-refuse: the target may pay 1 coin to stop the placement."""
    t = pop(t)
    if a.kind == "accept":
        return _put(t, task.by, task.card, task.target, task.tchar, emit)
    t = pay(t, task.player, REFUSE_COST)
    emit.emit("refuse", "EB-3.2-effect-refuse", actor=task.player, targets=(task.by,), coins=REFUSE_COST,
              card=task.card)
    if t.seats[task.by].coins >= FORCE_COST:
        return push(t, Task("force", task.by, card=task.card, target=task.target, tchar=task.tchar, by=task.by))
    return _refused(t, task, emit)


def _refused(t, task, emit):
    """EB-A11: a refused card goes to the discard pile (or back to the placer's hand, with the switch)."""
    emit.emit("effect refused", "EB-3.2-effect-refuse", actor=task.by, outcome="cancelled", card=task.card)
    if t.rules.refused_effect_card == "hand":
        return seat_set(t, task.by, hand=tuple(sorted((*t.seats[task.by].hand, task.card))))
    return to_discard(t, task.card)


def _force_legal(t, task):
    return (A("give_up", task.player), A("force", task.player))


def _force(t, task, a, emit):
    """EB-3.2-effect-force: the placer may pay 3 more coins to place it anyway."""
    t = pop(t)
    if a.kind == "give_up":
        return _refused(t, task, emit)
    t = pay(t, task.player, FORCE_COST)
    emit.emit("force", "EB-3.2-effect-force", actor=task.player, targets=(task.target,), coins=FORCE_COST)
    return _put(t, task.player, task.card, task.target, task.tchar, emit, "EB-3.2-effect-force")


def triggered(t: Table, p: int, when: str) -> list[Task]:
    """EB-3.2-effect-trigger: persistent effect cards in ``p``'s zones whose trigger is ``when``."""
    return [Task("effect_fire", p, card=e.card, tchar=e.host, by=e.placer)
            for e in t.seats[p].effects if card(e.card).trigger == when]


def _effect_fire(t, task, emit):
    """EB-3.2-effect-trigger: a triggered persistent effect takes effect at once."""
    eid = emit.emit_pairs("effect triggered", "EB-3.2-effect-trigger", task.by, (("card", task.card),),
                          (task.player,))
    ctx = Ctx(task.by, zone=task.player, target=task.tchar, source=task.card)
    return resolve(pop(t), card(task.card).effects, ctx, emit, eid)


# --- standing modifiers ------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _always_skill(c: str) -> tuple:
    """The effects of character card ``c``'s 'always' passive skill, () for none (a card's facts never change)."""
    sk = card(c).skill
    return tuple(sk.effects) if sk is not None and sk.type == "passive" and sk.when == "always" else ()


@lru_cache(maxsize=4096)
def _always_card(c: str) -> tuple:
    """The effects of effect card ``c`` when it is in force for as long as it stays ('always'), else ()."""
    k = card(c)
    return tuple(k.effects) if k.trigger == "always" else ()


def _standing(t: Table, p: int, char: str | None = None) -> list:
    """Effects in force for ``p``: passives of face-up characters (EB-3.1-face-down) and persistent cards, each
    with the character whose skill it is ("" for a card). Asked three times an attack: most seats have none."""
    seat = t.seats[p]
    out = []
    for c in seat.chars:
        if c.face_up:
            effects = _always_skill(c.card)
            if effects:
                out += [(e, c.card) for e in effects]
    for e in seat.effects:
        if not e.host or e.host == char:
            effects = _always_card(e.card)
            if effects:
                out += [(d, "") for d in effects]
    return out


def hand_limit(t: Table, p: int) -> int:
    """EB-1.1.4-limits: 6 cards, unless an effect raises it (EB-3.1-passive: 'your hand limit rises to 8')."""
    return max([HAND_LIMIT, *(e.amount for e, _ in _standing(t, p) if e.do == "hand_limit")])


def attack_plus(t: Table, p: int, char: str) -> int:
    mods = _standing(t, p, char)
    return sum(e.amount for e, src in mods if e.do == "attack_plus" and src in ("", char)) if mods else 0


def defence_plus(t: Table, p: int, char: str) -> int:
    mods = _standing(t, p, char)
    return sum(e.amount for e, _ in mods if e.do == "defence_plus") if mods else 0


def lifesteal(t: Table, p: int, char: str) -> Fraction:
    mods = _standing(t, p, char)
    return sum((e.ratio for e, src in mods if e.do == "lifesteal" and src == char), NO_RATIO) if mods else NO_RATIO


NO_RATIO = Fraction(0)  # lifesteal's start: one Fraction for every attack without lifesteal (a Fraction never changes)


def register() -> None:
    chance("judge", _judge_outcomes, _judge)
    decision("refuse", _refuse_legal, _refuse, "EB-3.2-effect-refuse")
    decision("force", _force_legal, _force, "EB-3.2-effect-force")
    auto("effect_fire", _effect_fire)
