"""装备卡: every equipment card's exact effect; the 50% and the random split are exact CHANCE nodes."""

from __future__ import annotations

from fractions import Fraction

from explorer import CANCELLED, CHANCE
from explorer.games.castle_heart.equipment import split_outcomes

from .helpers import HERO, a, draw_all, events, hero_seat, soldier, step, table


def duel(eq0=(), hand0=("sword",), eq1=(), hand1=(), sold1=(), hp1=None, variant=None):
    """Lord at seat 0 against an enemy at seat 1 (distance 1), another enemy at seat 2."""
    return table(hero_seat("lord", "black_knight", hand=hand0, equipment=eq0),
                 hero_seat("enemy", "berserker", hand=hand1, equipment=eq1, soldiers=sold1, hp=hp1),
                 hero_seat("enemy", "saint"), variant=variant)


def test_knight_armour_cancels_a_melee_attack_half_the_time():
    """'CH-equip-knight-armour': a CHANCE node, saved with probability exactly 1/2."""
    s = step(duel(eq1=("knight_armour",)), "attack", 0, target=1, member=HERO, pay="sword")
    assert s.current_player == CHANCE
    assert dict((x.get("saved"), p) for x, p in s.chance_outcomes()) == {True: Fraction(1, 2), False: Fraction(1, 2)}
    saved = step(s, "armour", CHANCE, saved=True)
    assert events(saved, "CH-equip-knight-armour", "attack cancelled")[0].outcome == CANCELLED
    assert saved.data.seats[1].hp == 4
    hit = step(step(s, "armour", CHANCE, saved=False), "take_hit", 1)
    assert hit.data.seats[1].hp == 3


def test_steel_shield_cancels_the_first_ranged_attack_each_turn():
    """'CH-equip-steel-shield': first ranged attack of the turn cancelled, the next one lands."""
    s = table(hero_seat("lord", hand=("sword",), equipment=("great_sword",), soldiers=(soldier("knight"),)),
              hero_seat("reinforcement"), hero_seat("enemy", equipment=("steel_shield",)), hero_seat("enemy"),
              hero_seat("enemy"))
    s = step(s, "attack", 0, target=2, member=HERO, pay="sword")
    assert events(s, "CH-equip-steel-shield", "attack cancelled")
    s = step(step(s, "end_play", 0), "command", 0, target=2)
    s = step(s, "soldier_attack", 0, member=HERO)
    assert not events(s, "CH-equip-steel-shield") and s.current_player == 2


def test_lightning_wand_spends_three_mana_for_three_damage():
    """'CH-equip-lightning-wand': 3 魔 → 3 damage; not an attack, so no block (CH-A22)."""
    s = duel(eq0=("lightning_wand",), hand0=("mana", "mana", "mana", "mana"), hand1=("sword",))
    s = step(s, "lightning", 0, target=1, member=HERO)
    assert events(s, "CH-equip-lightning-wand", "damage")[0].number("damage") == 3
    assert s.data.seats[1].hp == 1 and s.data.seats[0].hand == ("mana",) and s.current_player == 0


def test_great_sword_follows_up_on_the_same_group():
    """'CH-equip-great-sword': range 2; after a kill, spend a 剑 to attack the same group at once."""
    s = duel(eq0=("great_sword",), hand0=("sword", "sword"), sold1=(soldier("lynx", 1),))
    s = step(s, "attack", 0, target=1, member=0, pay="sword")
    assert s.data.phase == "great_sword"
    assert set(s.legal_actions()) == {a("follow_up", 0, member=HERO), a("follow_up", 0, member=None)}
    s = step(s, "follow_up", 0, member=HERO)
    assert events(s, "CH-equip-great-sword", "attack") and s.data.seats[0].hand == ()
    s = step(s, "take_hit", 1)
    assert s.data.seats[1].hp == 3


def test_abyss_sword_makes_the_target_discard_or_bleed():
    """'CH-equip-abyss-sword': the target discards a hand card, or takes 1 more damage."""
    s = step(step(duel(eq0=("abyss_sword",), hand1=("heal",)), "attack", 0, target=1, member=HERO, pay="sword"),
             "take_hit", 1)
    assert set(s.legal_actions()) == {a("abyss_discard", 1, card="heal"), a("abyss_take", 1)}
    assert step(s, "abyss_discard", 1, card="heal").data.seats[1].hand == ()
    bled = step(s, "abyss_take", 1)
    assert bled.data.seats[1].hp == 2 and events(bled, "CH-equip-abyss-sword", "damage")


def test_missile_ring_splits_five_damage_at_random():
    """'CH-equip-missile-ring': each missile uniform over the group (multinomial odds, CH-A10); keep for 3 魔."""
    odds = dict(split_outcomes(2))
    assert odds[(5, 0)] == Fraction(1, 32) and odds[(3, 2)] == Fraction(10, 32) and sum(odds.values()) == 1
    assert sum(dict(split_outcomes(3)).values()) == 1 and len(split_outcomes(3)) == 21
    s = duel(eq0=("missile_ring",), hand0=("mana", "mana", "mana"), sold1=(soldier("knight"),), hp1=4)
    s = step(s, "missiles", 0, target=1)
    assert s.current_player == CHANCE and dict((x.get("split"), p) for x, p in s.chance_outcomes()) == odds
    s = step(s, "missile_split", CHANCE, split=(2, 3))
    assert s.data.seats[1].hp == 2 and s.data.seats[1].soldiers == ()
    kept = step(s, "keep_ring", 0, keep=True)
    assert kept.data.seats[0].equipment == ("missile_ring",) and kept.data.seats[0].hand == ()
    lost = step(s, "keep_ring", 0, keep=False)
    assert lost.data.seats[0].equipment == () and events(lost, "CH-equip-missile-ring", "ring lost")
    # the chain reads back to the firing: split, keeping or losing the ring and the damage all follow from it
    def logged(kind):
        return [e for e in lost.log if e.clause == "CH-equip-missile-ring" and e.kind == kind]

    (fired,), (split,) = logged("missiles"), logged("missile split")
    assert split.cause == fired.id and {e.cause for e in logged("damage")} == {split.id}
    for end, kind in ((kept, "ring kept"), (lost, "ring lost")):
        assert events(end, "CH-equip-missile-ring", kind)[0].cause == fired.id and end.data.fired == -1


def test_bear_axe_discards_two_cards_to_force_the_hit():
    """'CH-equip-bear-axe': when the attack is cancelled, discard 2 cards and it hits anyway."""
    s = duel(eq0=("bear_axe",), hand0=("sword", "heal", "mana"), hand1=("sword",))
    s = step(step(s, "attack", 0, target=1, member=HERO, pay="sword"), "block", 1)
    assert s.data.phase == "bear_axe"
    s = step(s, "bear_axe", 0, use=True)
    s = step(step(s, "pay_card", 0, card="heal"), "pay_card", 0, card="mana")
    assert s.data.seats[1].hp == 3 and events(s, "CH-attack-hero-targets", "damage")


def test_doom_axe_attacks_again_until_it_hits():
    """'CH-equip-doom-axe': spend another 剑 after each cancel, until the attack lands."""
    s = duel(eq0=("doom_axe",), hand0=("sword", "sword", "sword"), hand1=("sword",))
    s = step(step(s, "attack", 0, target=1, member=HERO, pay="sword"), "block", 1)
    assert set(s.legal_actions()) == {a("doom_axe", 0, again=True), a("doom_axe", 0, again=False)}
    s = step(s, "doom_axe", 0, again=True)
    assert events(s, "CH-equip-doom-axe", "attack") and s.current_player == 1
    s = step(s, "take_hit", 1)
    assert s.data.seats[1].hp == 3 and s.data.seats[0].hand == ("sword",)


def test_longbow_has_no_range_limit_and_takes_any_two_cards():
    """'CH-equip-longbow': attack any distance; any 2 hand cards may stand in for the 剑."""
    s = table(hero_seat("lord", hand=("heal", "mana"), equipment=("longbow",)), hero_seat("reinforcement"),
              hero_seat("enemy"), hero_seat("enemy"), hero_seat("enemy"))
    s = step(s, "attack", 0, target=2, member=HERO, pay="any_two")
    s = step(step(s, "pay_card", 0, card="heal"), "pay_card", 0, card="mana")
    assert events(s, "CH-equip-longbow", "attack") and s.current_player == 2


def test_poisoned_dagger_bites_at_the_start_of_the_next_turn():
    """'CH-equip-poison-dagger': normal damage now, 1 poison damage when the target's next turn starts."""
    s = step(step(duel(eq0=("poison_dagger",)), "attack", 0, target=1, member=HERO, pay="sword"), "take_hit", 1)
    assert events(s, "CH-equip-poison-dagger", "poisoned") and s.data.seats[1].poisoned == 0
    s = step(s, "end_play", 0)
    poison = events(s, "CH-equip-poison-dagger", "damage")
    assert poison and poison[0].actor == 0 and s.data.seats[1].hp == 2 and s.data.seats[1].poisoned == -1


def test_one_item_per_slot_unless_the_variant_says_otherwise():
    """CH-A11: a new weapon replaces the old one; with unlimited slots both stay."""
    s = step(duel(eq0=("great_sword",), hand0=("longbow",)), "equip", 0, card="longbow")
    assert s.data.seats[0].equipment == ("longbow",) and s.data.discard.count("great_sword") == 1
    s = step(duel(eq0=("great_sword",), hand0=("longbow",), variant={"equipment_slots": "unlimited"}), "equip", 0,
             card="longbow")
    assert s.data.seats[0].equipment == ("great_sword", "longbow")


def test_abyss_sword_on_a_soldier_deals_the_extra_damage():
    """'CH-equip-abyss-sword' on a soldier (no hand to discard from, CH-A37): 1 more damage."""
    s = step(duel(eq0=("abyss_sword",), sold1=(soldier("knight"),)), "attack", 0, target=1, member=0, pay="sword")
    assert s.data.seats[1].soldiers[0].hp == 1 and len(events(s, "CH-equip-abyss-sword", "damage")) == 1


def test_missile_odds_match_a_closed_form_and_a_seeded_monte_carlo():
    """'CH-equip-missile-ring': P(the hero of a 3-member group takes ≥ 3) from the engine's outcomes equals
    the binomial closed form Σ C(5,k)·2^(5−k) / 3^5, and a seeded Monte-Carlo of the engine agrees."""
    import random
    from math import comb

    import explorer

    s = duel(eq0=("missile_ring",), sold1=(soldier("knight"), soldier("knight")))
    s = step(s, "missiles", 0, target=1)
    exact = sum(p for x, p in s.chance_outcomes() if x.get("split")[0] >= 3)
    assert exact == Fraction(sum(comb(5, k) * 2 ** (5 - k) for k in range(3, 6)), 3**5)
    rng = random.Random(2024)
    runs = 3000
    hits = sum(explorer.sample_chance(s.chance_outcomes(), rng).get("split")[0] >= 3 for _ in range(runs))
    assert abs(hits / runs - float(exact)) < 0.03


def test_poison_bites_at_the_start_of_the_targets_own_next_turn():
    """'CH-equip-poison-dagger' (CH-A39): 「该目标在下一回合开始时」 — the target's turn, not the next seat's."""
    s = table(hero_seat("lord", "black_knight", hand=("sword",), equipment=("poison_dagger",)),
              hero_seat("enemy", "berserker"), hero_seat("enemy", "saint"), deck={"sword": 20})
    s = step(step(s, "attack", 0, target=2, member=HERO, pay="sword"), "take_hit", 2)
    s = step(s, "end_play", 0)
    assert s.data.active == 1 and not events(s, "CH-equip-poison-dagger") and s.data.seats[2].hp == 2
    s = draw_all(s)
    s = step(s, "end_play", 1)
    assert s.data.active == 2 and events(s, "CH-equip-poison-dagger", "damage")[0].targets == (2,)
    assert s.data.seats[2].hp == 1


def test_lightning_and_missiles_are_not_attacks():
    """'CH-equip-lightning-wand', 'CH-equip-missile-ring' (CH-A22): 「造成伤害」, not 攻击 — no 潜行, no 镜影, no
    钢铁大盾, no 骑士铠甲: no CHANCE roll, no cancel, and a great lynx two seats away is hit."""
    far = hero_seat("enemy", "berserker", soldiers=(soldier("lynx"),), equipment=("steel_shield", "knight_armour"),
                    mirror=True)
    s = table(hero_seat("lord", "black_knight", hand=("mana",) * 6, equipment=("lightning_wand", "missile_ring")),
              hero_seat("reinforcement"), far, hero_seat("enemy"), hero_seat("enemy"),
              variant={"equipment_slots": "unlimited"})
    assert a("attack", 0, target=2, member=0, pay="sword") not in s.legal_actions()
    s = step(s, "lightning", 0, target=2, member=0)
    assert s.data.seats[2].soldiers == () and s.current_player == 0 and s.data.phase == "play"
    s = step(s, "lightning", 0, target=2, member=HERO)
    assert s.data.seats[2].hp == 1 and s.data.seats[2].shield_turn == -1 and s.current_player == 0
    s = step(s, "missiles", 0, target=2)
    assert s.current_player == CHANCE and [o.get("split") for o, _ in s.chance_outcomes()] == [(5,)]
    s = s.apply(s.chance_outcomes()[0][0])
    assert s.data.seats[2].hp == -4 and not events(s, "CH-magic-mirror")
