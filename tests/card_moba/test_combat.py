"""Combat and life: attack, shields, true damage, lifesteal, life loss, heals, the HP cap, low attack power,
damage before shields, death, the killer, scoring and the Ruler kill settings."""

from __future__ import annotations

import pytest

from card_moba.helpers import cited, data, do, draw, h, hero, logged, table
from explorer import IllegalAction
from explorer.games.card_moba import combat, content


def test_attack_spends_the_chance_and_deals_attack_power():
    """'MB-term-3-attack': range 1, damage = attack power (Gale 3), one attack chance."""
    s = do(table(), "attack", target=1)
    assert h(s, 1).hp == 44 - 3 and h(s, 0).attacks == 0 and cited(s, "MB-term-3-attack")
    with pytest.raises(IllegalAction) as err:
        do(s, "attack", target=1)
    assert err.value.clause == "MB-term-3-attack"


def test_attack_needs_the_target_in_range():
    """'MB-term-3-attack': range 1 means adjacent enemies only."""
    s = table(positions=((0, 0), (0, 2)))
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        do(s, "attack", target=1)
    assert err.value.clause == "MB-term-3-attack" and s.to_json() == before


@pytest.mark.parametrize(("shield", "hp", "left"), [(2, 43, 0), (5, 44, 2), (3, 44, 0)])
def test_shield_absorbs_whole_or_in_part(shield, hp, left):
    """'MB-term-2-shield': a big enough shield absorbs all; otherwise HP takes the rest."""
    s = do(hero(table(), 1, shield=shield), "attack", target=1)
    assert (h(s, 1).hp, h(s, 1).shield) == (hp, left)


def test_damage_taken_counts_before_shields():
    """'MB-event-DS': Bulwark's Recoil (4+ damage taken) fires although the shield absorbed all 4."""
    s = table(heroes=("phantom", "bulwark"))
    s = do(hero(s, 1, shield=10), "attack", target=1)
    dmg = cited(s, "MB-event-DS")[0]
    assert dmg.number("damage") == 4 and dmg.number("hp_loss") == 0
    assert any(e.number("source") == "recoil" for e in cited(s, "MB-hero-passive"))
    assert h(s, 0).hp == 26 - 1


def test_true_damage_ignores_shields():
    """'MB-term-15-true-damage': Phantom's Assassinate deals 4 true damage through a 5 shield."""
    s = table(heroes=("phantom", "bulwark"), uses=(("assassinate#0", 1),))
    s = do(hero(s, 1, shield=5), "skill", skill="assassinate#0", target=1)
    assert (h(s, 1).hp, h(s, 1).shield) == (40, 5) and cited(s, "MB-term-15-true-damage")


def test_lifesteal_heals_only_by_the_damage_to_hp():
    """'MB-term-16-lifesteal': 4 damage, 1 absorbed by the shield: the Reaver heals 3."""
    s = table(heroes=("reaver", "bulwark"), uses=(("bloodthirst#0", 1),), hp=20)
    s = do(hero(s, 1, shield=1), "skill", skill="bloodthirst#0", target=1)
    heal = [e for e in cited(s, "MB-term-11-heal") if e.targets == (0,)]
    assert h(s, 1).hp == 44 - 3 and heal[0].number("healed") == 3
    assert h(s, 0).hp == 20 + 3 - 1  # then Bulwark's Recoil (4 damage taken) hits back for 1
    assert cited(s, "MB-term-16-lifesteal")


def test_lifesteal_heals_past_the_starting_hp_but_stops_at_the_hp_cap():
    """'MB-term-16-lifesteal' heals through 'MB-term-11-heal', so 'MB-hero-hp-cap' holds: the seed names the
    starting HP (「初始生命值」) and a cap for every hero (「所有英雄的生命上限均为60」) apart, so no assumption is
    needed: the Reaver (36 at the start) may heal above 36, never above 60; the overflow is lost, shown."""
    start = content.sample().heroes["reaver"]["hp"]
    s = table(heroes=("reaver", "bulwark"), uses=(("bloodthirst#0", 1),), hp=58)
    s = do(hero(s, 1, shield=0), "skill", skill="bloodthirst#0", target=1)
    hp_loss = next(e for e in cited(s, "MB-term-16-lifesteal") if e.targets == (1,)).number("hp_loss")
    heal = next(e for e in cited(s, "MB-term-11-heal") if e.targets == (0,))
    cap = next(e for e in cited(s, "MB-hero-hp-cap") if e.targets == (0,))
    assert start < 58 < 60 < 58 + hp_loss  # the steal would carry the Reaver past the cap
    assert heal.number("amount") == hp_loss and heal.number("healed") == 60 - 58 and heal.number("hp") == 60
    assert cap.number("lost") == 58 + hp_loss - 60 and cap.cause == heal.id
    assert h(s, 0).hp <= 60  # (Bulwark's Recoil may then take some back)


def test_life_loss_has_no_source_and_ignores_shields():
    """'MB-term-12-life-loss': Lacerate: the target loses 2 through its shield, the Reaver loses 1."""
    s = table(heroes=("reaver", "bulwark"), uses=(("lacerate#0", 1),))
    s = do(hero(s, 1, shield=5), "skill", skill="lacerate#0", target=1)
    assert (h(s, 1).hp, h(s, 1).shield, h(s, 0).hp) == (42, 5, 35)
    assert all(e.actor is None for e in cited(s, "MB-term-12-life-loss"))
    assert h(s, 1).last_hit == -1


def test_heal_raises_hp():
    """'MB-term-11-heal': Sage's Radiance heals 6."""
    s = table(heroes=("sage", "bulwark"), uses=(("radiance#0", 1),), hp=10)
    s = do(s, "skill", skill="radiance#0")
    assert h(s, 0).hp == 16 and cited(s, "MB-term-11-heal")[0].number("healed") == 6


def test_hp_never_exceeds_the_cap():
    """'MB-hero-hp-cap': 57 + 6 stops at 60."""
    s = table(heroes=("sage", "bulwark"), uses=(("radiance#0", 1),), hp=57)
    s = do(s, "skill", skill="radiance#0")
    assert h(s, 0).hp == 60 and cited(s, "MB-hero-hp-cap")[0].number("lost") == 3


def test_ruler_hp_cap():
    """'MB-ruler-hp-cap': with a cap of 70 the heal goes to 63."""
    s = table(heroes=("sage", "bulwark"), uses=(("radiance#0", 1),), hp=57, variant={"ruler_hp_cap": 70},
              mode="ruler")
    assert h(do(s, "skill", skill="radiance#0"), 0).hp == 63


def test_attack_power_below_one_still_attacks_and_negative_damage_heals():
    """'MB-event-LA': the Sage (attack 0) attacks for 0; with a Sunder mark (-1) its attack heals 1."""
    s = table(heroes=("sage", "bulwark"))
    s0 = do(hero(s, 1, hp=40), "attack", target=1)
    assert cited(s0, "MB-event-LA") and h(s0, 1).hp == 40
    s1 = do(hero(hero(s, 1, hp=40), 0, marks=(("sunder", 1),)), "attack", target=1)
    assert combat.attack_power(h(s1, 0)) == -1 and h(s1, 1).hp == 41
    assert [e.kind for e in cited(s1, "MB-event-LA")] == ["low attack power", "negative damage"]


def test_critical_hit_doubles_the_attack():
    """'MB-term-3-attack' with MB-A06: a ready crit doubles the damage and is spent."""
    s = do(table(crit=True), "attack", target=1)
    assert h(s, 1).hp == 44 - 6 and not h(s, 0).crit


def test_death_killer_and_score():
    """'MB-hero-death' at HP 0 or less; 'MB-hero-killer' is whoever damaged last; it scores (MB-A08)."""
    s = do(hero(table(), 1, hp=3), "attack", target=1)
    assert not h(s, 1).alive and h(s, 1).pos is None
    assert cited(s, "MB-hero-death") and cited(s, "MB-hero-killer")[0].actor == 0
    assert h(s, 0).score == 1 and not s.is_terminal


def test_reaching_the_winning_score_ends_the_game():
    """'MB-choice-4-score': the kill that reaches the agreed score wins at once."""
    s = do(data(hero(table(), 1, hp=3), win_score=1), "attack", target=1)
    assert s.is_terminal and s.winners == (0,)


def test_kill_score_switch():
    """MB-A08 switch kill_score = 2 ('MB-hero-killer')."""
    s = do(hero(table(variant={"kill_score": 2}), 1, hp=3), "attack", target=1)
    assert h(s, 0).score == 2


def test_a_dead_hero_respawns_at_its_next_turn():
    """'MB-hero-death' (MB-A09): back at its spawn with its starting HP."""
    s = do(hero(table(), 1, hp=3), "attack", target=1)
    s = do(s, "end")
    respawn = [e for e in logged(s, "MB-hero-death") if e.kind == "respawn"]
    assert respawn and h(s, 1).alive and h(s, 1).pos == (0, 1) and h(s, 1).hp == 44


def test_ruler_kills_steal_stamina_and_hand():
    """'MB-ruler-steal-stamina' and 'MB-ruler-steal-hand'."""
    s = table(variant={"ruler_steal_stamina": True, "ruler_steal_hand": True}, mode="ruler", stamina=3,
              hands=((), ("D1", "S2")))
    s = do(hero(s, 1, hp=3, stamina=4), "attack", target=1)
    assert h(s, 0).stamina == 7 and h(s, 1).stamina == 0
    assert h(s, 0).hand == ("D1", "S2") and h(s, 1).hand == ()
    assert cited(s, "MB-ruler-steal-stamina") and cited(s, "MB-ruler-steal-hand")


def test_classic_kills_steal_nothing():
    s = do(hero(table(hands=((), ("D1",))), 1, hp=3, stamina=4), "attack", target=1)
    assert h(s, 1).hand == ("D1",) and h(s, 0).stamina == 6


def test_mb_term_2_shield_is_temporary_and_goes_when_the_holders_turn_begins():
    """'MB-term-2-shield' 「护盾值：英雄的一种临时属性」 (MB-A28): Bulwark's shield from D1 guards it through Gale's
    turn, and what is left of it is gone when Bulwark's next turn begins."""
    s = do(table(heroes=("bulwark", "gale"), hands=(("D1",), ())), "play", card="D1")
    s = draw(draw(do(s, "end"), "O1"), "O1")
    s = do(s, "attack", target=0)
    assert h(s, 0).shield == 0 and h(s, 0).hp == 44 - 1  # Gale's 3: 2 absorbed
    s = do(table(heroes=("bulwark", "gale"), hands=(("D1",), ())), "play", card="D1")
    s = do(draw(draw(do(s, "end"), "O1"), "O1"), "end")
    assert h(s, 0).shield == 0
    gone = [e for e in logged(s, "MB-term-2-shield") if e.kind == "shield expires"]
    assert len(gone) == 1 and gone[0].number("shield") == 2 and gone[0].targets == (0,)


def test_shield_lasts_switch_keeps_shields_for_the_game():
    """'MB-term-2-shield' with MB-A28's other reading (shield_lasts = "game", like Hearthstone armour): the shield
    is still there at the holder's next turn."""
    s = table(heroes=("bulwark", "gale"), hands=(("D1",), ()), variant={"shield_lasts": "game"})
    s = do(draw(draw(do(do(s, "play", card="D1"), "end"), "O1"), "O1"), "end")
    assert h(s, 0).shield == 2 and not any(e.kind == "shield expires" for e in s.log)
