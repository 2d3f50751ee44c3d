"""The engine's assumption switches that change combat, as parameters of the odds (both readings)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from probability.dist import mean
from probability.eternal_breath import (
    BEST,
    BLOCK,
    COMBAT_SWITCHES,
    DODGE,
    best_response_table,
    combat_switch_options,
    damage,
)


@pytest.fixture(autouse=True)
def engine():
    try:
        return explorer.get_game("eternal_breath")
    except KeyError:
        pytest.skip("the eternal_breath engine is not registered yet")


def test_every_combat_switch_is_in_the_register(engine):
    options = combat_switch_options()
    assert set(options) == set(COMBAT_SWITCHES)
    by_switch = {a.switch: a for a in engine.assumptions if a.switch}
    for name, option in options.items():
        assert name in by_switch and option.default == by_switch[name].default_value


def test_defaults_given_explicitly_change_nothing():
    defaults = {name: o.default for name, o in combat_switch_options().items()}
    for response in (BLOCK, DODGE, BEST):
        assert damage(3, 2, 1, response, **defaults) == damage(3, 2, 1, response)


def test_block_without_a_card_counts_zero():
    # "zero": no card → total defence 0, so damage = A + 3 (≥ 1 anyway), each face 1/6
    assert damage(3, 2, 0, BLOCK, block_without_card="zero") == {a + 3: Fraction(1, 6) for a in range(1, 7)}
    # the default reading keeps base defence and the die: max(1, A + 3 − 2 − R)
    assert damage(3, 2, 0, BLOCK) != damage(3, 2, 0, BLOCK, block_without_card="zero")
    # with a card the switch changes nothing
    assert damage(3, 2, 1, BLOCK, block_without_card="zero") == damage(3, 2, 1, BLOCK)


def test_choosing_before_the_die_takes_one_response_for_every_die():
    # before the die the defender compares overall means: block 14/9 < dodge 77/18 (test_eb_attack), so block
    before = damage(3, 2, 1, BEST, response_timing="before_attack_die")
    assert before == damage(3, 2, 1, BLOCK)
    # seeing the die first is never worse for the defender
    assert mean(damage(3, 2, 1, BEST)) <= mean(before)
    # a large hit with a weak block: dodging overall is better, 5/12 of attacks vanish
    assert mean(damage(8, 0, 0, DODGE)) < mean(damage(8, 0, 0, BLOCK, block_without_card="zero"))
    both = dict(block_without_card="zero", response_timing="before_attack_die")
    assert damage(8, 0, 0, BEST, **both) == damage(8, 0, 0, DODGE)


def test_table_under_switches():
    rows = best_response_table(3, 2, 0, block_without_card="zero")
    assert all(r["block"] == r["attack_die"] + 3 for r in rows)  # no defence at all


def test_bad_switches_are_refused_by_the_engine():
    with pytest.raises(explorer.VariantError):
        damage(3, no_such_switch=1)
    with pytest.raises(explorer.VariantError):
        damage(3, block_without_card="maybe")
