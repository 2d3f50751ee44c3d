"""Soldiers: the knight's charge by distance and mounts (CH-soldier-knight-charge, CH-equip-mounts-shared,
CH-soldier-lynx-stealth) and the chance a command (CH-turn-command) fells the group, against closed forms."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from explorer import act
from probability.castle_heart import Command, charge, charge_table, command_odds, command_odds_from_view
from probability.castle_heart.soldiers import command_state


@pytest.mark.parametrize("apart", [1, 2, 3, 4])
@pytest.mark.parametrize("mine", [0, 1, 2])
@pytest.mark.parametrize("theirs", [0, 1, 2])
def test_charge_by_distance_and_mounts(apart, mine, theirs):
    """Distance = seats apart + defence mounts − attack mounts (at least 1); a charge reaches 3 for distance + 1;
    a great lynx is never charged: only a melee blow of 1."""
    dist = max(1, apart + theirs - mine)
    assert charge(apart, mine, theirs) == (dist, dist + 1 if dist <= 3 else None)
    assert charge(apart, mine, theirs, target="lynx") == (dist, 1 if dist == 1 else None)


def test_table_lists_every_case():
    assert len(charge_table()) == 4 * 3 * 3


def binomial_fall(n, q, need_hits, blocks):
    """P(at least ``need_hits`` of ``n`` attacks land after ``blocks`` of those that get past the rolls are blocked)."""
    return sum(Fraction(comb(n, k)) * q**k * (1 - q) ** (n - k) for k in range(n + 1) if k - blocks >= need_hits)


@pytest.mark.parametrize("armour,mirror,swords,hp", [(True, False, 0, 4), (True, True, 0, 2), (False, True, 1, 4),
                                                      (True, True, 1, 2), (False, False, 2, 6)])
def test_knights_on_a_lone_hero(armour, mirror, swords, hp):
    """Three knights charge a hero with no soldiers at distance 1 (2 damage each): each lands with
    (1/2 armour)·(1/2 mirror); the hero blocks the first ``swords`` that get through."""
    c = Command(attackers=("knight",) * 3, hero_hp=hp, armour=armour, mirror=mirror, swords=swords)
    q = (Fraction(1, 2) if armour else 1) * (Fraction(1, 2) if mirror else 1)
    need = -(-hp // 2)
    assert command_odds(c)["hero"] == binomial_fall(3, Fraction(q), need, swords)


def test_soldiers_first_and_stealth():
    """CH-attack-soldiers-first: a soldier left standing shields the hero; a lynx is hit for 1 at melee only."""
    assert command_odds(Command(soldiers=(("knight", 3),), hero_hp=1)) == {"soldiers": 1, "hero": 0}
    assert command_odds(Command(attackers=("knight",) * 3, soldiers=(("lynx", 2),), hero_hp=2)) == {
        "soldiers": 1, "hero": 1}
    far = Command(apart=2, soldiers=(("lynx", 2),))
    assert command_odds(far) == {"soldiers": 0, "hero": 0}  # nothing may target a lynx from 2


def test_from_view_weights_the_hidden_swords():
    """With the defender's 2 cards hidden, the odds mix the 剑 it may hold; its own view knows them.
    Two knights (2 damage each) on a 2-HP hero: it survives only holding 2 剑 (blocks both)."""
    c = Command(attackers=("knight",) * 2, hero_hp=2, swords=2)
    st = command_state(c)
    assert command_odds_from_view(st.view(1), c, 1)["hero"] == 0  # the defender sees its 2 剑
    unseen_cards, swords = 30 + 2, 30  # the staged deck (30 cards) and the hidden hand; all 30 剑 unseen
    expected = 1 - Fraction(comb(swords, 2), comb(unseen_cards, 2))
    assert command_odds_from_view(st.view(0), c, 1)["hero"] == expected
    assert act("castle_heart", "command", 0, target=1) in st.legal_actions()
