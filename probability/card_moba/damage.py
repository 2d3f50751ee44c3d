"""卡驱MOBA damage through a shield (护盾值): what HP, the shield and the source each get.

Every number comes from the engine's own rule functions (``combat.damage_split``, ``combat.lifesteal_heal``,
``combat.attack_power``, ``combat.halved_heal``): the same functions resolve damage in play.

>>> hit(7, shield=4).hp_loss, hit(7, shield=4, kind="true").hp_loss, hit(7, 4, kind="lifesteal").source_heal
(3, 7, 3)
"""

from __future__ import annotations

from typing import NamedTuple

from explorer.games.card_moba import combat, statuses
from explorer.games.card_moba.records import Hero, Status

KINDS = ("normal", "true", "lifesteal")
KIND_NAMES = {"normal": ("普通伤害", "normal damage"), "true": ("真实伤害", "true damage"),
              "lifesteal": ("偷取生命值", "lifesteal")}


class Hit(NamedTuple):
    """One damage resolved: the damage taken (MB-event-DS: before shields), the shield absorbed and left,
    the HP lost and left, and the HP the source heals (lifesteal only)."""

    damage: int
    absorbed: int
    shield_left: int
    hp_loss: int
    hp_left: int
    source_heal: int


def hit(amount: int, shield: int = 0, kind: str = "normal", hp: int = 60, source_grievous: bool = False) -> Hit:
    """MB-term-2-shield, MB-term-15-true-damage, MB-term-16-lifesteal, MB-event-DS: ``amount`` damage of
    ``kind`` on a target with ``hp`` and ``shield``. ``source_grievous`` (MB-status-6-grievous) halves the
    lifesteal heal, 0.5 counting as 1. A negative amount heals the target instead (MB-event-LA): not a hit."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    if amount < 0 or shield < 0:
        raise ValueError("amount and shield are whole numbers ≥ 0 (a negative damage is a heal, MB-event-LA)")
    left, absorbed, loss = combat.damage_split(hp, shield, amount, kind)
    heal = combat.halved_heal(combat.lifesteal_heal(kind, loss), source_grievous)
    return Hit(amount, absorbed, shield - absorbed, loss, left, heal)


def attacker(hero: str, weak: bool = False, rage: int = 0) -> Hero:
    """A sample hero as an attacker: MB-status-10-weak active (its next turn has come), ``rage`` marks."""
    sts = (Status("weak", active=True),) if weak else ()
    return Hero(seat=0, hero=hero, statuses=sts, marks=(("rage", rage),) if rage else ())


def attack_damage(hero: Hero, crit: bool = False) -> int:
    """MB-term-3-attack: an attack deals the attack power (MB-event-LA: even below 1); MB-status-10-weak caps
    it at 1 and forbids the critical hit that doubles it (MB-A06)."""
    power = combat.attack_power(hero)
    return power * 2 if crit and not statuses.has(hero, "weak") else power


def can_gain_shield(armour_break: bool) -> bool:
    """MB-status-11-armour-break: until the end of its next turn the holder gains no shield at all."""
    return not armour_break


def shield_table(amount: int, shields: range, kind: str = "normal", hp: int = 60) -> list[Hit]:
    """One :class:`Hit` per shield value: the chart of how a shield soaks ``amount`` damage of ``kind``."""
    return [hit(amount, s, kind, hp) for s in shields]
