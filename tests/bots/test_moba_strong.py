"""The MOBA's strong bot (explorer/games/card_moba/bots.py): where its rollouts stop, a position is valued as the
tactical bot judges it (``tactics.Judge``), a lead between seats; strength is measured in bench/strength.py."""

from __future__ import annotations

import random

import pytest
from card_moba.helpers import hero, table

import explorer
from explorer.games.card_moba import bots

MOBA = explorer.get_game("card_moba")


def value(state) -> list[float]:
    return bots.StrongBot.evaluate(state.data, state.players)


def test_the_value_is_a_lead_between_the_seats():
    """Two seats: the values add up to 1, equal heroes are even, and a point of score (MB-choice-4-score) leads."""
    even = table(heroes=("gale", "gale"), positions=((0, 0), (4, 4)))
    assert value(even) == pytest.approx([0.5, 0.5])
    ahead = hero(even, 1, score=1)
    v = value(ahead)
    assert sum(v) == pytest.approx(1.0)
    assert 0.5 < v[1] < 1.0


def test_the_value_counts_the_poison_still_to_come():
    """Poison takes HP at each of its holder's start phases (MB-status-13-poison): the same HP and score are worth
    more to the seat whose enemy carries it (the score-and-HP value it replaced saw no difference)."""
    s = table(heroes=("gale", "bulwark"), positions=((0, 0), (4, 4)))
    poisoned = hero(s, 1, statuses=(("poison", 3, 3, False, 0),))
    assert value(poisoned)[0] > value(s)[0]
    assert value(poisoned)[1] < value(s)[1]


def test_setup_is_valued_evenly():
    """Before every hero has spawned (MB-choice-6-spawn) there is nothing to judge: ½ each, whatever the step."""
    state = explorer.new_game("card_moba", 2, MOBA.bounded_variant(2))
    rng = random.Random(0)
    seen = set()
    while state.data.phase != "action":
        if state.is_chance:
            state = state.apply(explorer.sample_chance(state.chance_outcomes(), rng))
            continue
        seen.add(state.data.phase)
        assert value(state) == [0.5, 0.5]
        state = state.apply(rng.choice(state.legal_actions()))
    assert {"hero", "bloodline", "spawn"} <= seen


def test_the_strong_choice_depends_only_on_the_seed_and_the_budget():
    """The same action-phase position, seed and budget: the same choice and the same rollouts counted."""
    state = table(heroes=("phantom", "reaver"), positions=((2, 2), (4, 2)), hands=(("O1", "M1", "S1"), ("O2",)))

    def run(seed):
        bot = bots.StrongBot(iterations=12, seconds=None, rollout_steps=8)
        return bot.choose(state, random.Random(seed)), bot.search.last

    first = run(3)
    run(4)
    assert run(3) == first
    assert state.is_legal(first[0]) and 0 < first[1]["iterations"] <= 12
