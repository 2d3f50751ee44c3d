"""Exact odds for 永恒之息 (Eternal Breath), built on the engine's own combat rules (§3.2 攻击事件).

One import for everything a player asks:

>>> from probability.eternal_breath import damage, best_response_table, turns_to_kill
>>> d = damage(3, base_defence=2, defence_points=1)          # block (格挡) with a 1-point defence card
>>> d[1]                                                      # P(exactly 1 damage)
Fraction(13, 18)
>>> sum(turns_to_kill(20, d, 40).values())                   # falls by turn n, or STANDING (None)
Fraction(1, 1)

- :func:`damage` / :func:`damage_given_die` / :func:`best_response_table` — one attack (``attack``)
- :func:`turns_to_kill` / :func:`duel` with :class:`Fighter` — attacks over turns (``turns``)
- :func:`judgment` / :func:`judgment_chance` / :func:`draw_odds` / :func:`draws_of_kind` (``chance``)
- variant switches of the engine's assumptions register that change combat are ``**switches``
  (``switches``); closed forms with sympy live in ``probability.eternal_breath.symbolic``.
"""

from __future__ import annotations

from probability.eternal_breath.attack import (
    BEST,
    BLOCK,
    CANCELLED,
    DODGE,
    EITHER,
    RESPONSES,
    best_response_table,
    damage,
    damage_given_die,
)
from probability.eternal_breath.chance import (
    condition_test,
    draw_odds,
    draws_of_kind,
    judgment,
    judgment_chance,
    sample_deck,
)
from probability.eternal_breath.switches import COMBAT_SWITCHES, combat_switch_options
from probability.eternal_breath.turns import STANDING, DuelResult, Fighter, attack_on, duel, turns_to_kill

__all__ = [
    "BEST", "BLOCK", "CANCELLED", "COMBAT_SWITCHES", "DODGE", "EITHER", "RESPONSES", "STANDING", "DuelResult",
    "Fighter", "attack_on", "best_response_table", "combat_switch_options", "condition_test", "damage",
    "damage_given_die", "draw_odds", "draws_of_kind", "duel", "judgment", "judgment_chance", "sample_deck",
    "turns_to_kill",
]
