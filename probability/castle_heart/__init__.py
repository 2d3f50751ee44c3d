"""Exact odds for 城堡之心 (Castle Heart), on the engine's own rules (seed 003).

>>> from probability.castle_heart import member_falls, AttackSetup, expected_damage
>>> member_falls((4, 3, 2))          # 飞弹戒指 on a hero of 4 HP with soldiers of 3 and 2 HP
[Fraction(11, 243), Fraction(17, 81), Fraction(131, 243)]
>>> expected_damage(AttackSetup(armour=True, mirror=True))   # 骑士铠甲 and 镜影憧憧, melee
Fraction(1, 4)

- 飞弹戒指 (``missiles``): :func:`split_dist`, :func:`falls`, :func:`member_falls`, :func:`fallen_count`
- one 剑 attack (``attack``): :class:`AttackSetup`, :func:`damage_dist`, :func:`expected_damage`,
  :func:`defence_table` — armour, mirror, shield, block, axes, abyss sword, all through the engine
- rescue (``rescue``): :func:`rescue_chance`, :func:`heals_in_reach` from a ``State.view``
- soldiers (``soldiers``): :func:`charge`, :func:`charge_table`, :class:`Command`, :func:`command_odds`,
  :func:`command_odds_from_view`
- who is who (``identities``): :func:`who_is_who` (a view), :func:`identities_of` (a state and a seat)
- ``walk`` walks the engine's tree exactly (stated policies, expectimax for the chooser)
"""

from __future__ import annotations

from probability.castle_heart.attack import DEFENCES, WEAPONS, AttackSetup, damage_dist, defence_table, expected_damage
from probability.castle_heart.identities import identities_of, who_is_who
from probability.castle_heart.missiles import (
    MISSILES,
    fallen_count,
    falls,
    group_hps,
    member_falls,
    split_dist,
    wiped_out,
)
from probability.castle_heart.rescue import heals_in_reach, heals_needed, hypergeometric, rescue_chance, unseen
from probability.castle_heart.soldiers import Command, charge, charge_table, command_odds, command_odds_from_view

__all__ = [
    "DEFENCES", "MISSILES", "WEAPONS", "AttackSetup", "Command", "charge", "charge_table", "command_odds",
    "command_odds_from_view", "damage_dist", "defence_table", "expected_damage", "fallen_count", "falls",
    "group_hps", "heals_in_reach", "heals_needed", "hypergeometric", "identities_of", "member_falls",
    "rescue_chance", "split_dist", "unseen", "who_is_who", "wiped_out",
]
