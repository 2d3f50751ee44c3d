"""The state of a game of 城堡之心: immutable records, and small helpers that return new records."""

from __future__ import annotations

from explorer import Bag, evolve, record, replace_at, setter
from explorer.records import moved_from

LORD, ENEMY, REINFORCEMENT, NEUTRAL = "lord", "enemy", "reinforcement", "neutral"
IDENTITIES = (LORD, ENEMY, REINFORCEMENT, NEUTRAL)
HERO = -1  # "member" index of a group's hero; soldiers are 0, 1, …


@record
class Soldier:
    kind: str
    hp: int
    poisoned: int = -1  # who poisoned it (CH-equip-poison-dagger), -1 none


@record
class Seat:
    hero: str = ""
    identity: str = ""
    declared: str = ""  # a neutral's public declaration: "", "enemy" or "reinforcement"
    revealed: bool = False
    hp: int = 0
    max_hp: int = 0
    hand: tuple = ()  # sorted card ids
    equipment: tuple = ()
    soldiers: tuple = ()
    alive: bool = True
    leadership: int = 0
    mana: int = 0
    poisoned: int = -1  # who poisoned it (CH-equip-poison-dagger), -1 none
    held: bool = False
    mirror: bool = False
    shield_turn: int = -1
    spent: int = 0  # 魔 this hero spent since the start of its current turn cycle
    mark: int = 0  # Castle.mana_spent when this hero's current turn cycle began
    recall: int = 0  # 魔 spent in the previous cycle (by anyone, or by this hero: CH-A26): what 魔力回朔 gives back
    killer: int = -1  # who brought this hero to 0 HP


@record
class Options:
    """The variant switches the rules read (apply() gets only the data, so they live here)."""

    distance: str
    slots: str
    magic_cost: int
    round_cap: int
    starting_hand: int
    mix: str
    ice_soldiers: str = "other_groups"  # CH-A27: which soldiers 冰风暴雨 hits
    recall: str = "everyone"  # CH-A26: whose 魔 spent in the last round 魔力回朔 brings back
    side_change: str = "reinforcement"  # CH-A41: which declaration with no enemy alive checks the end


@record
class Attack:
    """One attack being resolved (CH-turn-block, CH-attack-*): who, whom, how far, how hard."""

    attacker: int
    by: int  # HERO or the attacker's soldier index
    target: int
    member: int  # HERO or the target's soldier index
    melee: bool
    charge: bool
    damage: int
    sword: bool  # a hero's 剑 attack: weapons and the axes apply
    resume: str  # the phase to go back to
    cause: int
    killed: bool = False  # the attack brought its target down (for 银合金大剑)


@record
class Spell:
    """A magic card on the table, waiting for counter-magic (CH-magic-counter)."""

    card: str
    caster: int
    target: int
    what: str
    counters: int
    ask: tuple
    cause: int
    last: int = -1  # the event the next 魔法抵消 cancels: the last counter, or (-1) the magic card itself


@record
class Castle:
    seats: tuple
    deck: Bag
    discard: Bag
    phase: str
    opts: Options
    active: int = 0
    turn: int = 0
    round: int = 0
    cursor: int = 0
    pool: Bag = Bag()
    draws: tuple = ()
    attacked: bool = False
    acted: bool = False
    swift: bool = False
    skill_used: bool = False
    attack: Attack | None = None
    spell: Spell | None = None
    command: int = -1
    queue: tuple = ()
    dying: tuple = ()
    fallen: tuple = ()  # heroes not brought back at the turn's end, who die together once every rescue is over (CH-A43)
    orphans: tuple = ()
    lord: int = -1
    winners: tuple = ()
    owe: int = 0  # cards still to pay (长弓, 熊首战斧, a skill)
    after: str = ""  # the phase once they are paid, or once the neutral has chosen (CH-A41)
    fired: int = -1  # the missile ring's firing event, the cause of its split and of keeping or losing the ring
    mana_spent: int = 0  # every 魔 spent (消耗, CH-A40) by anyone since the game began (CH-magic-recall)


def put(d: Castle, seat: int, **changes) -> Castle:
    """The castle with seat ``seat`` changed."""
    seats = d.seats
    return with_seats(d, replace_at(seats, seat, with_(seats[seat], **changes)))


def put_and(d: Castle, seat: int, seat_changes: dict, **changes) -> Castle:
    """The castle with seat ``seat`` and some of its own fields changed in one copy."""
    seats = d.seats
    return with_(d, seats=replace_at(seats, seat, with_(seats[seat], **seat_changes)), **changes)


with_ = evolve  # a copy of any record with some fields changed: the hot path, called directly (no second call)
# Copies for the moves made at nearly every step (explorer.setter: evolve without its keywords, about half its cost)
with_seats = setter(Castle, "seats")
with_hand = setter(Seat, "hand")
with_drawn = setter(Castle, "seats", "deck", "draws")  # a card drawn: the hand, the deck and the draws left


def at(d: Castle, phase: str) -> Castle:
    """The castle at ``phase``: ``d`` itself when it is there already (the same decision asked of the next hero, or
    again of this one), without a copy of its 25 fields."""
    return d if d.phase == phase else with_(d, phase=phase)


def sorted_hand(cards) -> tuple:
    return tuple(sorted(cards))


def take_from(hand: tuple, card: str, n: int = 1) -> tuple:
    """``hand`` without ``n`` copies of ``card`` (the caller checked they are there)."""
    out = list(hand)
    for _ in range(n):
        out.remove(card)
    return tuple(out)


def living(d: Castle) -> list[int]:
    return [i for i, s in enumerate(d.seats) if s.alive]


def clockwise_from(d: Castle, start: int, include_start: bool = True) -> list[int]:
    """Living seats in turn order starting at ``start`` (CH-turn-order: clockwise = rising seat number)."""
    n = len(d.seats)
    order = [(start + k) % n for k in range(n)]
    if not include_start:
        order = order[1:]
    return [i for i in order if d.seats[i].alive]


def camp(seat: Seat) -> str:
    """The side a hero fights for: the lord's side, the enemies, or none (an undeclared neutral)."""
    if seat.identity in (LORD, REINFORCEMENT) or (seat.identity == NEUTRAL and seat.declared == REINFORCEMENT):
        return "castle"
    if seat.identity == ENEMY or (seat.identity == NEUTRAL and seat.declared == ENEMY):
        return "enemy"
    return ""


moved_from("explorer.games.castle_heart.board", __name__)  # saves written before this module was named records.py
