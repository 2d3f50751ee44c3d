"""攻击规则: distance around the table, ranges, mounts, stealth, and who may attack whom."""

from __future__ import annotations

from functools import lru_cache

from explorer import W

from .content import CONTENT
from .records import HERO, Castle, Seat

FAR = 10**6  # "攻击距离无限"
MOUNT_CLAUSES = {"nightmare": "CH-equip-nightmare", "warhorse": "CH-equip-warhorse", "pegasus": "CH-equip-pegasus",
                 "griffin": "CH-equip-griffin"}  # the sample deck's mounts; a new mount cites the shared rule
MOUNTS = ("attack_distance_minus", "defence_distance_plus")
NO_SUCH_SOLDIER = W("no such soldier", "没有这个士兵")


@lru_cache(maxsize=4096)
def effects(equipment: tuple) -> dict[str, int]:
    """The effects of the cards in ``equipment``, counted (do not change it): read at every step (ranges, mounts,
    the play phase's choices), so worked out once per equipment tuple (card facts never change; the tuples are
    few: a bound)."""
    counted: dict[str, int] = {}
    for c in equipment:
        effect = CONTENT.cards[c].effect
        counted[effect] = counted.get(effect, 0) + 1
    return counted


def has(seat: Seat, effect: str) -> bool:
    """Does the hero have equipment with this effect?"""
    return bool(seat.equipment) and effect in effects(seat.equipment)


def count_effect(seat: Seat, effect: str) -> int:
    return effects(seat.equipment).get(effect, 0) if seat.equipment else 0


def skill(seat: Seat, name: str) -> int:
    """The amount of a passive sample skill the hero has (0 when it has another skill)."""
    hero = CONTENT.heroes[seat.hero]
    return hero.amount if hero.skill == name else 0


def seat_distance(d: Castle, a: int, b: int) -> int:
    """CH-A03: seats apart around the table, counting only living heroes, the shorter way round."""
    if d.opts.distance == "adjacent_all":
        return 1
    seats = d.seats
    lo, hi = (a, b) if a < b else (b, a)
    k = 1 + sum(1 for i in range(lo + 1, hi) if seats[i].alive)
    ring = sum(1 for i, s in enumerate(seats) if s.alive or i == a or i == b)
    return min(k, ring - k)


_TABLES: dict[tuple, dict[int, int]] = {}  # (distance switch, seat, who is alive) → seat_distances


def seat_distances(d: Castle, a: int) -> dict[int, int]:
    """CH-A03: seat_distance from ``a`` to every living hero at once (the legal-action lists need them all), in seat
    order. The table depends only on who is alive, so each is worked out once (few: a bound); do not change it."""
    alive = tuple([s.alive for s in d.seats])
    key = (d.opts.distance, a, alive)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 4096:
            _TABLES.clear()
        n = len(alive)
        if d.opts.distance == "adjacent_all":
            table = {i: 1 for i in range(n) if i != a and alive[i]}
        else:
            ring = [i for i in range(n) if alive[i] or i == a]
            k, m = ring.index(a), len(ring)
            table = dict(sorted((ring[(k + j) % m], min(j, m - j)) for j in range(1, m)))
        _TABLES[key] = table
    return table


def attack_distance(d: Castle, attacker: int, target: int, seats_apart: int = 0) -> int:
    """CH-equip-mounts-shared: the attacker's group counts its attack mounts (地狱梦魇 CH-equip-nightmare,
    重装战马 CH-equip-warhorse, −1 each), the target's group its defence mounts (银色飞马 CH-equip-pegasus,
    狮鹫之王 CH-equip-griffin, +1 each); never less than 1."""
    a, t = d.seats[attacker], d.seats[target]
    dist = seats_apart or seat_distance(d, attacker, target)
    if t.equipment:
        dist += count_effect(t, "defence_distance_plus")
    if a.equipment:
        dist -= count_effect(a, "attack_distance_minus")
    return max(1, dist)


def mounts_used(d: Castle, attacker: int, target: int) -> list[tuple[str, int, str]]:
    """The mounts that changed this distance: (card, owner, clause) — shared by the group (CH-equip-mounts-shared)."""
    out = [(c, attacker, MOUNT_CLAUSES.get(c, "CH-equip-mounts-shared")) for c in d.seats[attacker].equipment
           if CONTENT.cards[c].effect == "attack_distance_minus"]
    return out + [(c, target, MOUNT_CLAUSES.get(c, "CH-equip-mounts-shared")) for c in d.seats[target].equipment
                  if CONTENT.cards[c].effect == "defence_distance_plus"]


def is_melee(distance: int) -> bool:
    """CH-A13: an attack at distance 1 is a melee (近战) attack; from 2 on it is ranged (远程)."""
    return distance <= 1


def hero_range(d: Castle, seat: int) -> int:
    """CH-A07: a hero reaches 1; 银合金大剑 2 (CH-equip-great-sword); 银杉木长弓 no limit (CH-equip-longbow)."""
    s = d.seats[seat]
    if has(s, "range_unlimited_any_two"):
        return FAR
    base = 2 if has(s, "range_two_follow_up") else 1
    return base + skill(s, "range_bonus")


def is_lynx(d: Castle, target: int, member: int) -> bool:
    return member != HERO and d.seats[target].soldiers[member].kind == "lynx"


def hero_may_attack(d: Castle, attacker: int, target: int, member: int, dist: int = 0,
                    reach: int = 0) -> tuple[str, str] | None:
    """CH-attack-hero-targets: a hero attacks heroes or soldiers, within range; None when allowed.
    (``dist``, ``reach``: the attack distance and the attacker's range when the caller knows them already.)"""
    if target == attacker or not d.seats[target].alive:
        return "CH-attack-hero-targets", W("attack another living hero's group", "须攻击另一名存活英雄的一组")
    if member != HERO and not 0 <= member < len(d.seats[target].soldiers):
        return "CH-attack-hero-targets", NO_SUCH_SOLDIER
    dist = dist or attack_distance(d, attacker, target)
    if is_lynx(d, target, member) and not is_melee(dist):
        return "CH-soldier-lynx-stealth", W("the great lynx cannot be the target of a ranged attack",
                                            "大山猫无法被作为远程攻击的目标")
    reach = reach or hero_range(d, attacker)
    if dist > reach and not d.swift:
        return "CH-attack-hero-targets", W(f"distance {dist} is beyond range {reach}", f"距离{dist}超出攻击距离{reach}")
    return None


def soldier_strike(d: Castle, attacker: int, soldier: int, target: int, member: int, dist: int = 0):
    """How a soldier attacks ``member`` of ``target``'s group: (charge?, damage) or (clause, reason) if it cannot.

    CH-attack-soldiers-first: soldiers attack soldiers until the target hero has none left.
    CH-soldier-knight-charge: a knight charges up to distance 3 for 【distance + 1】 damage;
    CH-soldier-lynx-stealth: never a charge or a ranged attack at a great lynx. Others reach 1 for 1 (CH-A07).
    """
    t = d.seats[target]
    if target == attacker or not t.alive:
        return False, ("CH-turn-command", W("soldiers attack another living hero's group",
                                            "士兵须攻击另一名存活英雄的一组"))
    if member == HERO and t.soldiers:
        return False, ("CH-attack-soldiers-first", W("soldiers attack soldiers while the hero still has any",
                                                     "士兵只可以攻击士兵，直到该英雄部署的士兵全部阵亡"))
    if member != HERO and not 0 <= member < len(t.soldiers):
        return False, ("CH-turn-command", NO_SUCH_SOLDIER)
    dist = dist or attack_distance(d, attacker, target)
    bonus = skill(d.seats[attacker], "soldier_attack_bonus")
    kind = d.seats[attacker].soldiers[soldier].kind
    if kind == "knight" and not is_lynx(d, target, member) and dist <= 3:
        return True, (True, dist + 1 + bonus)
    if is_melee(dist):
        return True, (False, 1 + bonus)
    if is_lynx(d, target, member):
        return False, ("CH-soldier-lynx-stealth", W("the great lynx cannot be charged or attacked from range",
                                                    "大山猫无法被作为远程攻击和冲锋的目标"))
    return False, ("CH-turn-command", W(f"distance {dist} is beyond the soldier's reach",
                                        f"距离{dist}超出士兵的攻击距离"))


def group_members(d: Castle, target: int) -> list[int]:
    """CH-A08: a group is a hero and the soldiers it commands."""
    return [HERO, *range(len(d.seats[target].soldiers))]
