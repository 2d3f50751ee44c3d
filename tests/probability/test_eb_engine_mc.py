"""The exact odds against a seeded Monte-Carlo of REAL engine attacks (within 4 standard errors).

Each sample starts from ``scenarios.combat_ready`` (player 0 can attack player 1's character), declares the
attack, samples every chance node with ``explorer.sample_chance`` and lets the defender answer as the
response says, until the engine emits the attack's "damage" event (outcome CANCELLED for a dodge).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

import explorer
from probability.dist import mean
from probability.eternal_breath import (
    BEST,
    BLOCK,
    DODGE,
    Fighter,
    best_response_table,
    damage,
    duel,
    turns_to_kill,
)

scenarios = pytest.importorskip("explorer.games.eternal_breath.scenarios")

SAMPLES = 3000
SIGMAS = 4


def _choice(response, table, attack_die, variant) -> str:
    """What the defender does: "best" picks per attacker's die (ties block), or once for every die when
    the switch ``response_timing = "before_attack_die"`` hides the die (the lower mean overall)."""
    if response != BEST:
        return response
    if attack_die is None:  # deciding before the attacker's die
        mean_block = sum(r["block"] for r in table) / 6
        mean_dodge = sum(r["dodge"] for r in table) / 6
        return DODGE if mean_dodge < mean_block else BLOCK
    row = table[attack_die - 1]
    return DODGE if row["dodge"] < row["block"] else BLOCK


def _defend(state, choice, defence_points):
    """The engine action: dodge, or block with the card (without one when the odds say 0 points)."""
    actions = state.legal_actions()
    if choice == DODGE:
        return next(a for a in actions if a.kind == "dodge")
    blocks = [a for a in actions if a.kind == "block"]
    return next(a for a in blocks if bool(a.get("card")) == (defence_points > 0))


def engine_attack(rng, response, table, variant=None, **ready) -> int:
    """One real attack in the engine; its damage (0 when the dodge cancels it)."""
    state = scenarios.combat_ready(variant=variant, **ready)
    state = state.apply(scenarios.attack_action(state))
    attack_die = None
    for _ in range(50):
        if state.is_chance:
            action = explorer.sample_chance(state.chance_outcomes(), rng)
            if state.data.tasks[0].kind == "roll_attack":
                attack_die = action["die"]
        elif state.current_player == 1:
            action = _defend(state, _choice(response, table, attack_die, variant), ready["defence_points"])
        else:
            raise AssertionError(f"unexpected decision of player {state.current_player}: {state.legal_actions()}")
        state = state.apply(action)
        hits = [e for e in state.events if e.kind == "damage"]
        if hits:
            return 0 if hits[0].outcome == explorer.CANCELLED else hits[0].number("damage")
    raise AssertionError("the attack never resolved")


def _within(samples: list[int], exact: dict[int, Fraction]) -> None:
    n = len(samples)
    for outcome in set(exact) | set(samples):
        p = float(exact.get(outcome, 0))
        seen = samples.count(outcome) / n
        se = math.sqrt(max(p * (1 - p), 1e-12) / n)
        assert abs(seen - p) <= SIGMAS * se + 1e-12, (outcome, seen, p)
    m = float(mean(exact))
    sd = math.sqrt(float(sum((Fraction(h) - mean(exact)) ** 2 * q for h, q in exact.items())))
    assert abs(sum(samples) / n - m) <= SIGMAS * sd / math.sqrt(n)


STANDARD = dict(attack_points=3, base_defence=2, defence_points=1)


@pytest.mark.parametrize(("ready", "response", "variant"), [
    (STANDARD, BLOCK, None),
    (STANDARD, DODGE, None),
    (STANDARD, BEST, None),
    (dict(attack_points=5, base_defence=1, defence_points=3), BEST, None),
    (dict(attack_points=2, base_defence=3, defence_points=0), BLOCK, None),  # a block without a card
    (dict(attack_points=2, base_defence=3, defence_points=0), BLOCK, {"block_without_card": "zero"}),
    (dict(attack_points=8, base_defence=0, defence_points=0), BEST,
     {"block_without_card": "zero", "response_timing": "before_attack_die"}),
])
def test_damage_matches_engine_attacks(ready, response, variant):
    rng = random.Random(20261129)
    switches = variant or {}
    table = best_response_table(ready["attack_points"], ready["base_defence"], ready["defence_points"], **switches)
    samples = [engine_attack(rng, response, table, variant, **ready) for _ in range(SAMPLES)]
    exact = damage(ready["attack_points"], ready["base_defence"], ready["defence_points"], response, **switches)
    _within(samples, exact)


def test_turns_to_kill_matches_engine_attacks():
    # attacks drawn one after another from the real engine until 8 HP are gone (or 6 attacks are made)
    rng, hp, limit = random.Random(7), 8, 6
    ready = STANDARD
    table = best_response_table(3, 2, 1)
    exact = turns_to_kill(hp, damage(3, 2, 1, BEST), limit)
    counts: dict = {}
    trials = 400
    for _ in range(trials):
        left, when = hp, None
        for turn in range(1, limit + 1):
            left -= engine_attack(rng, BEST, table, **ready)
            if left <= 0:
                when = turn
                break
        counts[when] = counts.get(when, 0) + 1
    for outcome in set(exact) | set(counts):
        p, seen = float(exact.get(outcome, 0)), counts.get(outcome, 0) / trials
        assert abs(seen - p) <= SIGMAS * math.sqrt(max(p * (1 - p), 1e-12) / trials) + 1e-12, (outcome, seen, p)


def test_the_check_has_teeth():
    # engine attacks under the default reading must NOT pass for the "zero" reading's odds
    rng = random.Random(3)
    ready = dict(attack_points=2, base_defence=3, defence_points=0)
    table = best_response_table(2, 3, 0)
    samples = [engine_attack(rng, BLOCK, table, None, **ready) for _ in range(SAMPLES)]
    with pytest.raises(AssertionError):
        _within(samples, damage(2, 3, 0, BLOCK, block_without_card="zero"))


def _bounded(p: float, seen: float, n: int) -> bool:
    return abs(seen - p) <= SIGMAS * math.sqrt(max(p * (1 - p), 1e-12) / n) + 1e-12


def test_duel_matches_engine_attacks():
    # A (5 HP, 3 points, blocks with base 2 + card 1) attacks first; B (5 HP, 2 points, dodges, base 1)
    a, b, rounds = Fighter(5, 3, 2, 1, BLOCK), Fighter(5, 2, 1, 2, DODGE), 3
    exact = duel(a, b, rounds)
    a_hits_b = dict(attack_points=a.attack_points, base_defence=b.base_defence, defence_points=b.defence_points)
    b_hits_a = dict(attack_points=b.attack_points, base_defence=a.base_defence, defence_points=a.defence_points)
    rng, trials, falls = random.Random(11), 500, {"a": 0, "b": 0, None: 0}
    for _ in range(trials):
        hp = {"a": a.hp, "b": b.hp}
        fallen = None
        for _ in range(rounds):
            for target, ready, response in (("b", a_hits_b, b.response), ("a", b_hits_a, a.response)):
                hp[target] -= engine_attack(rng, response, None, None, **ready)
                if hp[target] <= 0:
                    fallen = target
                    break
            if fallen:
                break
        falls[fallen] += 1
    for key, p in (("a", exact.a_falls), ("b", exact.b_falls), (None, exact.standing)):
        assert _bounded(float(p), falls[key] / trials, trials), (key, falls[key] / trials, float(p))
