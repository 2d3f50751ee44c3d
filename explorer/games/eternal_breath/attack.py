"""§3.2 攻击事件 in play: declare the attacker and card, the attacker's die (chance), the defender's choice
(block with a card, block without one, or dodge), the defender's die (chance), then the damage (combat.py)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import permutations

from explorer import CANCELLED, SELF, Weighted, setter
from explorer.actions import action_of

from . import combat, effects, traps
from .characters import heal, hurt
from .content import card
from .flow import AP, GAME_ID, A, auto, chance, decision
from .records import (
    Combat,
    Ctx,
    Table,
    Task,
    evolve,
    find_char,
    is_face_up,
    plain_task,
    push,
    to_discard,
    with_attacked,
    with_combat_now,
    with_combat_tasks,
)


def targets(t: Table, p: int) -> list[tuple[int, str]]:
    """EB-3.2-target: another player's character; not the self character while that player has a summon
    (EB-3.2-target), and never a face-down character (EB-3.1-face-down). Plain loops: asked at every play decision
    with an attack left, and a comprehension is a call of its own."""
    out = []
    for q, seat in enumerate(t.seats):
        if q == p or not seat.alive:
            continue
        summoned, me = False, None
        for c in seat.chars:
            if c.is_self:
                me = me or c
            else:
                summoned = True
                if c.face_up:
                    out.append((q, c.card))
        if not summoned and me is not None and me.face_up:
            out.append((q, me.card))
    return out


def card_sets(hand: tuple) -> tuple[tuple[str, ...], ...]:
    """EB-3.2-attack: one attack card, or two when one of them allows it (EB-3.2-multi-attack)."""
    return _card_sets(tuple(filter(is_attack_card, hand)))


@lru_cache(maxsize=4096)
def is_attack_card(c: str) -> bool:
    return card(c).kind == "attack"


@lru_cache(maxsize=65536)
def _card_sets(atk_hand: tuple) -> tuple[tuple[str, ...], ...]:
    """``card_sets`` of the hand's attack cards, worked out once per such cards (a card's facts never change; the
    hands themselves rarely repeat)."""
    atk = sorted(set(atk_hand))
    sets = [(c,) for c in atk]
    for i, a in enumerate(atk):
        for b in atk[i:]:
            if (a != b or atk_hand.count(a) > 1) and (card(a).has("combo") or card(b).has("combo")):
                sets.append((a, b))
    return tuple(sets)


@lru_cache(maxsize=4096)
def attack_points(cards: tuple[str, ...]) -> Fraction:
    """EB-3.2-multi-attack: points summed, then the cards' boosts applied in the order giving the highest sum."""
    base = Fraction(sum(card(c).points for c in cards))
    mods = [(e.do, e.amount) for c in cards for e in card(c).effects if e.do in ("boost_flat", "boost_percent")]
    best = base
    for order in set(permutations(mods)):
        total = base
        for do, amount in order:
            total = total + amount if do == "boost_flat" else total * (100 + amount) / 100
        best = max(best, total)
    return best


def attack_actions(t: Table, p: int) -> list:
    """EB-1.2.4-attack-once: at most one attack a turn, by any of the player's characters (EB-A29: a face-down
    one too: 倒置 bars its skills and being attacked, EB-3.1-face-down, not attacking)."""
    if t.now.attacked:
        return []
    seat = t.seats[p]
    sets = card_sets(seat.hand)
    if not sets:
        return []
    return _attacks(p, tuple([c.card for c in seat.chars]), sets, tuple(targets(t, p)))


@lru_cache(maxsize=65536)
def _attacks(p: int, chars: tuple, sets: tuple, aims: tuple) -> tuple:
    """Every attack of ``p``: by each of its characters, with each card set, at each target (made once per
    choice of those, so the same choices are the same action objects in the same order)."""
    made, out = _ATTACK, []
    for c in chars:
        for s in sets:
            row = made.get((p, c, s))
            if row is None:
                if len(made) > ATTACKS_KEPT:  # a bound, for a long session of many games
                    made.clear()
                row = made[p, c, s] = {}
            for aim in aims:  # (seat, target): the aims' own tuples are the keys, none made to look one up
                a = row.get(aim)
                if a is None:
                    q, x = aim
                    a = row[aim] = action_of(GAME_ID, "attack", p, (("by", c), ("cards", s), ("seat", q),
                                                                    ("target", x)))
                out.append(a)
    return tuple(out)


# Each attack action, by (player, character, card set) and then (seat, target): one object per choice. The lists
# above miss their cache whenever a hand or a target changes (most play decisions in a fresh game), and then ask for
# each attack again: a row per attacker and cards, looked up by the aims' own tuples, is a fraction of the cost of
# ``flow.AP`` (no parameter tuples made to look one up, no LRU).
_ATTACK: dict[tuple, dict] = {}
ATTACKS_KEPT = 65536


def declare_attack(t: Table, p: int, a, emit) -> Table:
    """EB-3.2-attack: the attacker names its character and plays the attack card(s); then the dice."""
    args = a.args
    by, cards, q, x = args["by"], args["cards"], args["seat"], args["target"]
    for c in cards:
        t = effects.lose_card(t, p, c, emit)
    if is_face_up(t, p, by):
        eid = emit.emit_pairs("attack", "EB-3.2-attack", p, (("by", by), ("cards", cards)), (q, x))
    else:  # EB-A29: others see that a face-down character attacks, not which one it is
        eid = emit.emit_pairs("attack", "EB-3.2-attack", p, (("by", ""), ("cards", cards), ("face_down", True)), (q, x))
        emit.emit("attacker", "EB-3.1-face-down", actor=p, cause=eid, private_to=(p,), card=by)
    t = with_combat_now(t, Combat(p, by, cards, q, x, eid), with_attacked(t.now, True))
    return push(t, *_attack_steps(p, q, t.rules.response_timing == "before_attack_die"))


@lru_cache(maxsize=1024)
def _attack_steps(p: int, q: int, respond_first: bool) -> tuple[Task, ...]:
    """EB-3.2-attack: the attacker's die, the defender's response (first with EB-A05's ``before_attack_die``), the
    defender's die, the damage (the same records every attack: a Task never changes)."""
    steps = (plain_task("roll_attack", p), plain_task("defend", q))
    return (*(steps[::-1] if respond_first else steps), plain_task("roll_defence", q), plain_task("hit", p))


# the dice of every attack change the fight through setters (``evolve`` without its keyword arguments)
_with_attack_die = setter(Combat, "attack_die")
_with_defence_die = setter(Combat, "defence_die")
_responded = setter(Combat, "response", "defence_card")


def _die(t, task):
    """One fair die: each face 1/6 (one made once: every roll asks)."""
    return _DIE


_DIE = Weighted(tuple(A("roll", -1, die=d) for d in combat.DIE_FACES), (1,) * len(combat.DIE_FACES))


def _roll_attack(t, task, a, emit):
    """EB-3.2-attack-power: the attacker rolls one die first (its attack power)."""
    emit.emit_pairs("roll", "EB-3.2-attack-power", task.player, (("die", a["die"]),), cause=t.combat.event)
    return with_combat_tasks(t, _with_attack_die(t.combat, a["die"]), t.tasks[1:])


def _defend_legal(t, task):
    q = task.player
    blocks = sorted({c for c in t.seats[q].hand if card(c).kind == "defence"})
    return (AP("dodge", q, ()), AP("block", q, (("card", ""),)), *(AP("block", q, (("card", c),)) for c in blocks))


def _defend(t, task, a, emit):
    """EB-3.2-block: block with at most one defence card (or none); EB-3.2-dodge: or dodge."""
    q, fight = task.player, t.combat
    if a.kind == "dodge":
        emit.emit_pairs("dodge", "EB-3.2-dodge", q, cause=fight.event)
        return with_combat_tasks(t, _responded(fight, combat.DODGE, fight.defence_card), t.tasks[1:])
    c = a["card"]
    emit.emit_pairs("block", "EB-3.2-block", q, (("card", c),), cause=fight.event)
    if c:
        t = effects.lose_card(t, q, c, emit)
    t = with_combat_tasks(t, _responded(t.combat, combat.BLOCK, c), t.tasks[1:])
    if not c and t.rules.block_without_card == "zero":
        return evolve(t, tasks=tuple(k for k in t.tasks if k.kind != "roll_defence"))
    return t


def _roll_defence(t, task, a, emit):
    """EB-3.2-block / EB-3.2-dodge: the defender rolls one die (defence power, or dodge power)."""
    clause = "EB-3.2-dodge" if t.combat.response == combat.DODGE else "EB-3.2-block"
    emit.emit_pairs("roll", clause, task.player, (("die", a["die"]),), cause=t.combat.event)
    return with_combat_tasks(t, _with_defence_die(t.combat, a["die"]), t.tasks[1:])


@lru_cache(maxsize=4096)
def _bonus(own: tuple[str, ...], against: tuple[str, ...]) -> int:
    """EB-3.2-attribute: attributes act only through card text ('+N against a 火 card', EB-A03). Worked out once
    per pair of card sets (a card's facts never change)."""
    attrs = {card(c).attribute for c in against}
    return sum(e.amount for c in own for e in card(c).effects if e.do == "bonus_vs" and e.attribute in attrs)


def _num(x):
    if x.__class__ is int:  # most totals are whole numbers: no Fraction to make
        return x
    x = Fraction(x)
    return x.numerator if x.denominator == 1 else str(x)


@lru_cache(maxsize=4096)
def attack_cards(cards: tuple[str, ...]) -> tuple:
    """What the attack cards bring, worked out once per card set (a card's facts never change): their points
    (EB-3.2-multi-attack; a whole number as an int, exact either way), whether one pierces, their lifesteal ratio."""
    points = attack_points(cards)
    return ((points.numerator if points.denominator == 1 else points), any(card(c).has("pierce") for c in cards),
            sum((e.ratio for c in cards for e in card(c).effects if e.do == "lifesteal"), Fraction(0)))


def _hit(t, task, emit):
    """EB-3.2-damage: damage = total attack − total defence, rounded down, at least 1 (combat.py)."""
    f = t.combat
    t = with_combat_tasks(t, None, t.tasks[1:])
    points, pierce, card_ratio = attack_cards(f.cards)
    p, q = f.player, f.target
    dcards = (f.defence_card,) if f.defence_card else ()
    bonus_a, bonus_d = _bonus(f.cards, dcards), _bonus(dcards, f.cards)
    if bonus_a or bonus_d:
        emit.emit("attribute", "EB-3.2-attribute", cause=f.event, attack_bonus=bonus_a, defence_bonus=bonus_d)
    attack = points + effects.attack_plus(t, p, f.char) + bonus_a
    total_attack = combat.total_attack(f.attack_die, attack)
    nums = {"attack_die": f.attack_die, "defence_die": f.defence_die, "total_attack": _num(total_attack)}
    later: list[Task] = []
    if f.response == combat.DODGE and combat.dodge_succeeds(f.defence_die, f.attack_die):
        emit.emit("damage", "EB-3.2-dodge", actor=p, targets=(q, f.tchar), cause=f.event, outcome=CANCELLED,
                  links=[(SELF, "cancels", f.event)], damage=0, total_defence=0, **nums)
    else:
        base = 0 if pierce else card(f.tchar).defence + effects.defence_plus(t, q, f.tchar)
        if f.response == combat.DODGE:
            total_defence = 0
        elif not dcards:
            total_defence = combat.total_defence_without_card(base, f.defence_die, t.rules.block_without_card)
        else:
            points = sum(card(c).points for c in dcards) + bonus_d
            total_defence = combat.total_defence_block(base, f.defence_die, points)
        dmg = combat.final_damage(total_attack, total_defence)
        # EB-3.2-block: a block whose total defence is above 0 took that much off the damage: it prevents (that
        # part of) the damage, as a shield does in the MOBA (the block was a decision of an earlier step)
        block = emit.latest(lambda e: e.kind == "block", since=f.event) if f.response == combat.BLOCK else None
        blocked = ((block, "prevents", SELF, "EB-3.2-block"),) if block is not None and total_defence > 0 else ()
        t, dying = hurt(t, q, f.tchar, dmg, emit, kind="damage", clause="EB-3.2-damage", by=p, cause=f.event,
                        total_defence=_num(total_defence), links=blocked, **nums)
        later += dying
        steal = effects.lifesteal(t, p, f.char)
        ratio = card_ratio + steal if steal else card_ratio
        back = int(dmg * ratio) if ratio else 0
        healed = emit.next_id if back else -1
        if back and is_face_up(t, p, f.char):  # EB-3.2-conflict-attack-first: attack-card effects first (EB-A29)
            t = heal(t, p, f.char, back, emit, clause="EB-3.2-lifesteal", by=p, cause=f.event)
        for c in dcards:
            for e in card(c).effects:
                if e.do == "thorns" and is_face_up(t, p, f.char):   # EB-A13 / EB-A29: not a face-down attacker
                    thorns = emit.next_id
                    t, d2 = hurt(t, p, f.char, e.amount, emit, kind="effect damage", clause="EB-3.2-damage-kinds",
                                 by=q, cause=f.event, card=c, order="EB-3.2-conflict-attack-first")
                    emit.relate(healed, "resolves_before", thorns, "EB-3.2-conflict-attack-first")
                    later += d2
    t = to_discard(t, *f.cards, *dcards, emit=emit, cause=f.event)
    # EB-3.2-conflict-cause: rescues (caused by the damage) first; then, the player to move first
    # (EB-3.2-conflict-turn-order), the attacker's 'attacks' traps, then the target's passive and traps.
    t = traps.trigger_all(t, "attacked", q, emit, aplayer=p, achar=f.char)
    t = push(t, *_after_attack(t, f))
    t = traps.trigger_all(t, "attacks", p, emit)
    return push(t, *later)


def _after_attack(t, f) -> list[Task]:
    """EB-3.1-passive: the attacked character's 'when you are attacked' skill (if face up and alive)."""
    i = find_char(t, f.target, f.tchar)
    if i < 0 or not t.seats[f.target].chars[i].face_up:
        return []
    sk = card(f.tchar).skill
    if sk is None or sk.type != "passive" or sk.when != "attacked":
        return []
    ctx = Ctx(f.target, char=f.tchar, aplayer=f.player, achar=f.char, source=f.tchar)
    return [Task("passive", f.target, char=f.tchar, ctx=ctx, cause=f.event)]


def register() -> None:
    chance("roll_attack", _die, _roll_attack)
    decision("defend", _defend_legal, _defend, "EB-3.2-block")
    chance("roll_defence", _die, _roll_defence)
    auto("hit", _hit)
