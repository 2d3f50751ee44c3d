"""Exact odds for the card-driven MOBA (卡驱MOBA, seed 001), built on the engine's own rule functions.

One import for everything a player asks:

>>> from probability.card_moba import hit, poison_timeline, draw_odds, duel, kill_odds
>>> hit(7, shield=4, kind="lifesteal").source_heal      # 偷取生命值: only the HP damage heals the source
3
>>> poison_timeline(10, layers=3, turns=4)              # 中毒 never takes HP below 1 (Ruler 中毒死亡 off)
[7, 4, 1, 1]
>>> draw_odds({"O": 3}, draws=4)                        # ≥ 3 攻势 cards in 4 from the 62-card deck
Fraction(45543, 557845)

- :func:`hit` / :func:`attack_damage` / :func:`attacker` / :func:`shield_table` — damage through a shield,
  normal, true and lifesteal, with weak and armour break (``damage``)
- :func:`poison_timeline` / :func:`bleed_timeline` / :func:`status_timeline` / :func:`held`, and the sympy
  closed forms :func:`poison_hp_loss`, :func:`poison_death_hp`, :func:`bleed_hp` (``status``)
- :func:`draw_odds` / :func:`draw_odds_in` — draws from the standard deck or a game's deck (``draws``)
- :func:`duel` / :func:`kill_odds` / :func:`skill_odds` — the best chance within n turns, searched on the
  engine's game tree (``kill``, ``search``)
"""

from __future__ import annotations

from probability.card_moba.damage import (
                        KIND_NAMES,
                        KINDS,
                        Hit,
                        attack_damage,
                        attacker,
                        can_gain_shield,
                        hit,
                        shield_table,
)
from probability.card_moba.draws import TYPES, card_type, draw_odds, draw_odds_in, standard
from probability.card_moba.kill import duel, kill_odds, kill_search, skill_odds
from probability.card_moba.search import MAX_TURNS, Search, dead, used_skill
from probability.card_moba.status import (
                        bleed_hp,
                        bleed_timeline,
                        closed_form,
                        held,
                        poison_death_hp,
                        poison_hp_loss,
                        poison_timeline,
                        status_timeline,
                        turns_to_kill_by_bleed,
)

__all__ = [
    "KINDS", "KIND_NAMES", "MAX_TURNS", "TYPES", "Hit", "Search", "attack_damage", "attacker", "bleed_hp",
    "bleed_timeline", "can_gain_shield", "card_type", "closed_form", "dead", "draw_odds", "draw_odds_in", "duel",
    "held", "hit", "kill_odds", "kill_search", "poison_death_hp", "poison_hp_loss", "poison_timeline",
    "shield_table", "skill_odds", "standard", "status_timeline", "turns_to_kill_by_bleed", "used_skill",
]
