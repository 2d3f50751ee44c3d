"""§3.2 攻击事件: how one attack resolves. Pure functions shared by the engine and probability/.

The same functions compute damage in play and in the odds, so the two can never disagree.
"""

from __future__ import annotations

import math
from fractions import Fraction

DIE_FACES = (1, 2, 3, 4, 5, 6)
BLOCK = "block"
DODGE = "dodge"
RESPONSES = (BLOCK, DODGE)

Number = int | Fraction


def total_attack(attack_die: int, attack_points: Number) -> Number:
    """EB-3.2-attack-power: total attack is the attacker's die plus the attack card's points."""
    return attack_die + attack_points


def total_defence_block(base_defence: Number, defence_die: int, defence_points: Number = 0) -> Number:
    """EB-3.2-block: blocking, total defence is base defence + the defender's die + the card's points."""
    return base_defence + defence_die + defence_points


def dodge_succeeds(dodge_die: int, attack_die: int) -> bool:
    """EB-3.2-dodge: a dodge succeeds only when the dodge die is greater than the attacker's die."""
    return dodge_die > attack_die


def final_damage(attack_total: Number, defence_total: Number) -> int:
    """EB-3.2-damage: damage is total attack − total defence, rounded down, and at least 1."""
    return max(1, math.floor(attack_total - defence_total))


def resolve_attack(attack_die: int, defence_die: int, attack_points: Number, response: str,
                   base_defence: Number = 0, defence_points: Number = 0) -> int | None:
    """The damage of one attack, or None when a dodge cancels it.

    A failed dodge counts total defence as 0, even with base defence (EB-3.2-dodge).
    """
    attack = total_attack(attack_die, attack_points)
    if response == DODGE:
        if dodge_succeeds(defence_die, attack_die):
            return None
        return final_damage(attack, 0)
    if response == BLOCK:
        return final_damage(attack, total_defence_block(base_defence, defence_die, defence_points))
    raise ValueError(f"response must be one of {RESPONSES}, not {response!r}")


BLOCK_WITHOUT_CARD = ("base_and_die", "zero")


def total_defence_without_card(base_defence: Number, defence_die: int, rule: str = "base_and_die") -> Number:
    """EB-3.2-block with no defence card (assumption EB-A05, switch ``block_without_card``): base defence + die
    by default, or 0 under the ``"zero"`` reading."""
    if rule not in BLOCK_WITHOUT_CARD:
        raise ValueError(f"rule must be one of {BLOCK_WITHOUT_CARD}, not {rule!r}")
    return total_defence_block(base_defence, defence_die, 0) if rule == "base_and_die" else 0
