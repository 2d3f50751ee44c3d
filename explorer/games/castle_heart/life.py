"""Damage, healing, dying and paying cards: the small steps every rule is built from."""

from __future__ import annotations

from explorer import SELF

from .records import HERO, Castle, put, put_and, take_from, with_


def hurt(d: Castle, target: int, member: int, amount: int, source: int, cause, clause: str, emit,
         links: tuple = ()) -> Castle:
    """``amount`` damage to a hero or one of its soldiers; CH-death-dying at 0 or below; CH-soldier-falls.
    ``links``: the damage event's own (what triggered it)."""
    seat = d.seats[target]
    if member == HERO:
        hp = seat.hp - amount
        eid = emit.emit("damage", clause, actor=source, targets=(target,), cause=cause, damage=amount, hp=hp,
                        links=links)
        if seat.hp > 0 >= hp:
            emit.emit("dying", "CH-death-dying", targets=(target,), cause=eid, hp=hp)
            return put(d, target, hp=hp, killer=source)
        return put(d, target, hp=hp)
    soldier = seat.soldiers[member]
    hp = soldier.hp - amount
    eid = emit.emit("damage", clause, actor=source, targets=(target,), cause=cause, damage=amount,
                    soldier=soldier.kind, member=member, hp=hp, links=links)
    if hp > 0:
        soldiers = (*seat.soldiers[:member], with_(soldier, hp=hp), *seat.soldiers[member + 1:])
        return put(d, target, soldiers=soldiers)
    emit.emit("soldier falls", "CH-soldier-falls", targets=(target,), cause=eid, soldier=soldier.kind)
    return put(d, target, soldiers=seat.soldiers[:member] + seat.soldiers[member + 1:])


def heal(d: Castle, target: int, amount: int, source: int, cause, clause: str, emit) -> Castle:
    """Heal up to the hero's starting HP (CH-max-hp); back to 1 or more, a dying hero revives (CH-death-revive)."""
    seat = d.seats[target]
    hp = min(seat.max_hp, seat.hp + amount)
    eid = emit.emit("heal", clause, actor=source, targets=(target,), cause=cause, healed=hp - seat.hp, hp=hp)
    if hp < seat.hp + amount:  # the starting HP stops what is above it
        emit.emit("heal capped", "CH-max-hp", targets=(target,), cause=eid, max_hp=seat.max_hp,
                  links=[(SELF, "prevents", eid)])
    if seat.hp <= 0 < hp:  # back to 1 HP: no death follows the dying (CH-death-end-of-turn), the revive stands in
        dying = emit.latest(lambda e: e.kind == "dying" and e.targets == (target,))
        emit.emit("revive", "CH-death-revive", targets=(target,), cause=eid, hp=hp,
                  links=[(SELF, "replaces", dying)] if dying is not None else ())
        return put(d, target, hp=hp, killer=-1)
    return put(d, target, hp=hp)


def pay(d: Castle, seat: int, card: str, n: int = 1) -> Castle:
    """消耗: ``n`` copies of ``card`` spent as a cost go to the discard pile; spent 魔 are counted for 魔力回朔
    (CH-magic-recall, CH-A40)."""
    s = d.seats[seat]
    mana = n if card == "mana" else 0
    return put_and(d, seat, {"hand": take_from(s.hand, card, n), "spent": s.spent + mana},
                   discard=d.discard.add(card, n), mana_spent=d.mana_spent + mana)


def throw_away(d: Castle, seat: int, card: str, n: int = 1) -> Castle:
    """弃 / 抛弃: ``n`` copies of ``card`` discarded (弃牌阶段, a discard cost): not 消耗, so 魔力回朔 does not
    count them (CH-magic-recall, CH-A40)."""
    s = d.seats[seat]
    return put_and(d, seat, {"hand": take_from(s.hand, card, n)}, discard=d.discard.add(card, n))


def is_dying(d: Castle, seat: int) -> bool:
    """CH-death-dying: alive at 0 HP or below."""
    s = d.seats[seat]
    return s.alive and s.hp <= 0
