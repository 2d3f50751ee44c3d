"""One 剑 attack (CH-turn-play-one-sword): 骑士铠甲 (CH-equip-knight-armour), 镜影憧憧 (CH-magic-mirror),
钢铁大盾 (CH-equip-steel-shield), the block (CH-turn-block), the axes (CH-equip-bear-axe, CH-equip-doom-axe)
and 深渊之剑 (CH-equip-abyss-sword): the engine walk against closed forms and a seeded Monte-Carlo."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from explorer import act
from explorer.games.castle_heart.records import HERO
from probability.castle_heart import AttackSetup, damage_dist, defence_table, expected_damage
from probability.castle_heart.attack import attack_state
from probability.castle_heart.walk import pick, sample, tolerance

HALF = Fraction(1, 2)


def closed_hit(s: AttackSetup) -> Fraction:
    """P(the attack lands), from the clauses' words: armour 1/2 against melee, mirror 1/2, the shield stops the
    first ranged attack, a block stops it."""
    p = Fraction(1)
    if s.shield and not s.melee:
        return Fraction(0)
    if s.armour and s.melee:
        p *= HALF
    if s.mirror:
        p *= HALF
    return Fraction(0) if s.block and s.target_swords else p


@pytest.mark.parametrize("melee,armour,mirror,shield,block", list(product((True, False), repeat=5)))
def test_plain_attack_matches_the_clauses(melee, armour, mirror, shield, block):
    s = AttackSetup(melee=melee, armour=armour, mirror=mirror, shield=shield, block=block)
    dist = damage_dist(s)
    assert sum(dist.values()) == 1
    assert dist.get(1, Fraction(0)) == closed_hit(s) and expected_damage(s) == closed_hit(s)


@pytest.mark.parametrize("swords", [1, 2, 3, 5])
def test_doom_axe_repeats_until_it_hits(swords):
    """CH-equip-doom-axe: each 剑 buys one more try against the armour: it misses only if every try is saved."""
    dist = damage_dist(AttackSetup(armour=True, weapon="doom_axe", swords=swords))
    assert dist[0] == HALF**swords


def test_bear_axe_forces_the_hit():
    """CH-equip-bear-axe: a cancelled attack hits after all for 2 hand cards."""
    assert damage_dist(AttackSetup(armour=True, mirror=True, weapon="bear_axe")) == {1: 1}


def test_abyss_sword_adds_one_when_nothing_is_discarded():
    """CH-equip-abyss-sword: the target (stated policy: discards nothing) takes 1 more."""
    assert damage_dist(AttackSetup(armour=True, weapon="abyss_sword")) == {0: HALF, 2: HALF}


def test_table_covers_every_combination():
    rows = defence_table(melee=True)
    assert len(rows) == 8 and {r["expected"] for r in rows} == {1, HALF, Fraction(1, 4)}


def test_engine_monte_carlo_agrees():
    """A seeded Monte-Carlo of the engine's attack (armour + mirror + doom axe, 3 剑) against the walk."""
    s = AttackSetup(armour=True, mirror=True, weapon="doom_axe", swords=3)
    exact = damage_dist(s)[0]
    state, target = attack_state(s)
    state = state.apply(act("castle_heart", "attack", 0, target=target, member=HERO, pay="sword"))
    rng, n, misses = random.Random(13), 1200, 0
    policy = pick({"doom_axe": True})
    for _ in range(n):
        end = sample(state, lambda st: st.data.attack is None, policy, rng)
        misses += end.data.seats[target].hp == s.target_hp
    assert exact == Fraction(3, 4) ** 3
    assert abs(misses / n - float(exact)) <= tolerance(exact, n)


def test_unknown_weapon_refused():
    with pytest.raises(ValueError):
        damage_dist(AttackSetup(weapon="banana"))
