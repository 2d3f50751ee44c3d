"""装备卡: putting equipment on (slots, CH-A11), the lightning wand and the missile ring."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import factorial

from explorer import CHANCE
from explorer.records import distinct

from .actions import A
from .content import CONTENT
from .life import hurt, pay
from .reach import group_members, has
from .records import HERO, Castle, put, take_from, with_

MISSILES = 5
EQUIPMENT = frozenset(c.id for c in CONTENT.cards.values() if c.kind == "equipment")


def equip(d: Castle, card: str, emit) -> Castle:
    """CH-turn-play-unlimited: equipment goes on; with one item per slot the old one is discarded (CH-A11)."""
    me = d.active
    s = d.seats[me]
    slot = CONTENT.cards[card].slot
    old = tuple(c for c in s.equipment if CONTENT.cards[c].slot == slot) if d.opts.slots == "one_per_slot" else ()
    emit.emit("equip", "CH-turn-play-unlimited", actor=me, card=card, replaced=old[0] if old else None)
    kept = tuple(c for c in s.equipment if c not in old)
    d = put(d, me, hand=take_from(s.hand, card), equipment=(*kept, card))
    return with_(d, discard=d.discard.union(old), acted=True)


def equipment_actions(d: Castle, me: int) -> list:
    """Equip cards in hand; fire the wand (3 魔) and the ring at other groups."""
    s = d.seats[me]
    out = [A("equip", me, card=c) for c in distinct(s.hand) if c in EQUIPMENT]
    if not s.equipment:
        return out  # nothing to fire
    others = [i for i, o in enumerate(d.seats) if o.alive and i != me]
    if has(s, "lightning") and s.hand.count("mana") >= 3:
        out += [A("lightning", me, target=t, member=m) for t in others for m in group_members(d, t)]
    if has(s, "missile_ring"):
        out += [A("missiles", me, target=t) for t in others]
    return out


def lightning(d: Castle, target: int, member: int, emit) -> Castle:
    """CH-equip-lightning-wand: spend 3 魔 for a lightning bolt of 3 damage (CH-A22: not an attack)."""
    me = d.active
    eid = emit.emit("lightning", "CH-equip-lightning-wand", actor=me, targets=(target,), member=member)
    return hurt(with_(pay(d, me, "mana", 3), acted=True), target, member, 3, me, eid, "CH-equip-lightning-wand",
                emit)


def fire_missiles(d: Castle, target: int, emit) -> Castle:
    """CH-equip-missile-ring: five points of damage fall at random on the target group (a CHANCE node)."""
    eid = emit.emit("missiles", "CH-equip-missile-ring", actor=d.active, targets=(target,), damage=MISSILES)
    return with_(d, phase="missiles", command=target, acted=True, fired=eid)


def split_outcomes(members: int) -> tuple:
    """Every way 5 missiles fall on ``members`` targets, each missile uniform: multinomial odds (CH-A10)."""
    total = members**MISSILES
    out = []
    for split in product(range(MISSILES + 1), repeat=members):
        if sum(split) == MISSILES:
            ways = factorial(MISSILES)
            for k in split:
                ways //= factorial(k)
            out.append((split, Fraction(ways, total)))
    return tuple(out)


def falls(hps: tuple[int, ...]) -> dict[tuple[bool, ...], Fraction]:
    """Who falls to one ring shot: for the group's HPs (the hero first, then soldiers), the exact distribution of
    which members are brought to 0, each split applied as ``missile_split`` applies it (a member's damage is its
    missiles): a soldier at 0 HP (CH-soldier-falls), the hero at 0 or below (CH-death-dying). The odds package
    (``probability.castle_heart.missiles``) and the tactical bot read it."""
    if not hps or any(h < 1 for h in hps):
        raise ValueError("every member of a group has at least 1 HP")
    out: dict[tuple[bool, ...], Fraction] = {}
    for split, p in split_outcomes(len(hps)):
        who = tuple(d >= h for d, h in zip(split, hps, strict=True))
        out[who] = out.get(who, 0) + p
    return out


def member_falls(hps: tuple[int, ...]) -> list[Fraction]:
    """The chance each member (the hero first) falls to one ring shot."""
    dist = falls(hps)
    return [sum((p for who, p in dist.items() if who[i]), Fraction(0)) for i in range(len(hps))]


_SPLITS: dict[int, tuple] = {}


def missile_outcomes(d: Castle):
    n = len(group_members(d, d.command))
    if n not in _SPLITS:
        _SPLITS[n] = tuple((A("missile_split", CHANCE, split=s), p) for s, p in split_outcomes(n))
    return _SPLITS[n]


def missile_split(d: Castle, split: tuple, emit) -> Castle:
    """Apply the split: soldiers from the last one down (so places do not shift), the hero last."""
    me, t = d.active, d.command
    members = group_members(d, t)
    eid = emit.emit("missile split", "CH-equip-missile-ring", actor=me, targets=(t,), cause=d.fired, split=split)
    for m, dmg in sorted(zip(members, split, strict=True), key=lambda x: -x[0] if x[0] != HERO else 10**6):
        if dmg:
            d = hurt(d, t, m, dmg, me, eid, "CH-equip-missile-ring", emit)
    return with_(d, phase="ring_keep", command=-1)


def ring_actions(d: Castle) -> tuple:
    me = d.active
    keep = (A("keep_ring", me, keep=True),) if d.seats[me].hand.count("mana") >= 3 else ()
    return (*keep, A("keep_ring", me, keep=False))


def keep_ring(d: Castle, keep: bool, emit) -> Castle:
    """CH-equip-missile-ring: spend 3 魔 to keep the ring, else it is gone."""
    me = d.active
    if keep:
        emit.emit("ring kept", "CH-equip-missile-ring", actor=me, cause=d.fired, cards=3)
        return with_(pay(d, me, "mana", 3), phase="play", fired=-1)
    ring = next(c for c in d.seats[me].equipment if CONTENT.cards[c].effect == "missile_ring")
    emit.emit("ring lost", "CH-equip-missile-ring", actor=me, cause=d.fired, card=ring)
    d = put(d, me, equipment=take_from(d.seats[me].equipment, ring))
    return with_(d, discard=d.discard.add(ring), phase="play", fired=-1)
