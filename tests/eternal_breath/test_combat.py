"""§3.2 攻击事件 in the engine: dice as chance, the defender's decision, damage exactly as combat.py."""

from __future__ import annotations

import pytest

import explorer
from explorer import CHANCE, IllegalAction
from explorer.games.eternal_breath import combat
from explorer.games.eternal_breath.attack import attack_points
from explorer.games.eternal_breath.scenarios import ATTACKER, combat_ready, drive_attack

from .helpers import card, do, events, head, hp, last, roll, seat, state

DUMMY = "scn-normal-2-20"


def duel(hand0=("atk_slash",), hand1=(), target=DUMMY, attacker=ATTACKER, variant=None, **kw):
    return state(seat(summons=(attacker,), hand=hand0), seat(summons=(target,), hand=hand1, **kw), variant=variant)


def attack(s, cards, target=DUMMY, by=ATTACKER, seat_=1):
    return do(s, "attack", 0, by=by, cards=tuple(cards), seat=seat_, target=target)


@pytest.mark.parametrize("response", ["block_card", "block", "dodge"])
def test_engine_damage_equals_combat_py_for_every_die(response):
    """'EB-3.2-attack-power', 'EB-3.2-block', 'EB-3.2-dodge', 'EB-3.2-damage' through real engine attacks."""
    start = combat_ready(attack_points=3, base_defence=2, defence_points=1, defender_hp=20)
    for a in combat.DIE_FACES:
        for d in combat.DIE_FACES:
            s = drive_attack(start, a, response, d)
            dmg = last(s, "damage")
            want = combat.resolve_attack(a, d, 3, combat.DODGE if response == "dodge" else combat.BLOCK, 2,
                                         1 if response == "block_card" else 0)
            assert (dmg.number("attack_die"), dmg.number("defence_die")) == (a, d)
            if want is None:
                assert dmg.outcome == explorer.CANCELLED and dmg.clause == "EB-3.2-dodge"
                assert hp(s, 1, DUMMY) == 20
            else:
                assert dmg.clause == "EB-3.2-damage" and dmg.number("damage") == want
                assert hp(s, 1, DUMMY) == 20 - want


def test_attack_flow_is_chance_then_defender_then_chance():
    """'EB-3.2-attack': the attacker names its character; its die is rolled first; then the defender decides."""
    s = attack(duel(hand1=("def_guard",)), ["atk_slash"])
    ev = last(s, "attack")
    assert ev.clause == "EB-3.2-attack" and ev.number("by") == ATTACKER and ev.targets == (1, DUMMY)
    assert s.current_player == CHANCE and head(s) == "roll_attack"
    s = roll(s, 5)
    assert s.current_player == 1
    assert {(a.kind, a.get("card")) for a in s.legal_actions()} == {("dodge", None), ("block", ""),
                                                                   ("block", "def_guard")}
    with pytest.raises(IllegalAction) as err:
        do(s, "block", 1, card="atk_slash")
    assert err.value.clause == "EB-2.3-defence-card"
    s = roll(do(s, "block", 1, card="def_guard"), 1)
    d = last(s, "damage")
    assert (d.number("total_attack"), d.number("total_defence"), d.number("damage")) == (7, 5, 2)
    assert "def_guard" in s.data.discard and "atk_slash" in s.data.discard


def test_failed_dodge_counts_no_defence_at_all():
    """'EB-3.2-dodge': a dodge die not above the attack die leaves total defence 0, even with base defence."""
    s = roll(do(roll(attack(duel(), ["atk_slash"]), 4), "dodge", 1), 4)
    d = last(s, "damage")
    assert d.number("total_defence") == 0 and d.number("damage") == 6


def test_damage_is_at_least_one():
    """'EB-3.2-damage': below 1 it is 1."""
    big = "scn-normal-9-20"
    s = roll(do(roll(attack(duel(target=big, hand1=("def_tower_shield",)), ["atk_slash"], target=big), 1),
                "block", 1, card="def_tower_shield"), 6)
    assert last(s, "damage").number("damage") == 1


def test_targets_exclude_face_down_and_shielded_self_characters():
    """'EB-3.2-target' and 'EB-3.1-face-down': no attack on a face-down character, nor on a self character
    while its player has a summon."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_slash",)), seat("sp_tiebi", self_up=True, summons=(DUMMY,)),
              seat("sp_mingyue", self_up=False))
    aims = {(a["seat"], a["target"]) for a in s.legal_actions() if a.kind == "attack"}
    assert aims == {(1, DUMMY)}
    with pytest.raises(IllegalAction) as err:
        attack(s, ["atk_slash"], target="sp_tiebi")
    assert err.value.clause == "EB-3.2-target"
    with pytest.raises(IllegalAction) as err:
        attack(s, ["atk_slash"], target="sp_mingyue", seat_=2)
    assert err.value.clause == "EB-3.1-face-down"


def test_one_attack_a_turn():
    """'EB-1.2.4-attack-once': a second attack is refused."""
    s = roll(do(roll(attack(duel(hand0=("atk_slash", "atk_slash")), ["atk_slash"]), 3), "dodge", 1), 1)
    assert head(s) == "play"
    with pytest.raises(IllegalAction) as err:
        attack(s, ["atk_slash"])
    assert err.value.clause == "EB-1.2.4-attack-once" and "second attack" in err.value.reason


def test_attack_needs_attack_cards_and_one_card_unless_allowed():
    """'EB-2.2-attack-card' and 'EB-3.2-multi-attack'."""
    s = duel(hand0=("atk_slash", "atk_thunder", "def_guard"))
    with pytest.raises(IllegalAction) as err:
        attack(s, ["def_guard"])
    assert err.value.clause == "EB-2.2-attack-card"
    with pytest.raises(IllegalAction) as err:
        attack(s, ["atk_slash", "atk_thunder"])
    assert err.value.clause == "EB-3.2-multi-attack"


def test_several_attack_cards_take_the_order_with_the_highest_total():
    """'EB-3.2-multi-attack': (1+2+1)×150% = 6 beats (1+2)×150%+1 = 5.5."""
    assert attack_points(("atk_twin_blade", "atk_rage")) == 6
    assert attack_points(("atk_rage",)) == 3 and attack_points(("atk_twin_blade",)) == 2
    s = roll(do(roll(attack(duel(hand0=("atk_twin_blade", "atk_rage")), ["atk_rage", "atk_twin_blade"]), 2),
                "block", 1, card=""), 1)
    assert last(s, "damage").number("total_attack") == 8


def test_attributes_act_through_card_text():
    """'EB-3.2-attribute': 水幕 (Water Wall) gets +2 against a 火 attack card (EB-A03)."""
    s = roll(do(roll(attack(duel(hand0=("atk_fireball",), hand1=("def_water_wall",)), ["atk_fireball"]), 6),
                "block", 1, card="def_water_wall"), 1)
    assert last(s, "attribute").clause == "EB-3.2-attribute" and last(s, "attribute").number("defence_bonus") == 2
    assert last(s, "damage").number("total_defence") == 2 + 1 + 2 + 2


def test_pierce_ignores_base_defence():
    """'EB-2.2-attack-card': a card effect (穿刺 Pierce) changes the defence sum."""
    s = roll(do(roll(attack(duel(hand0=("atk_pierce",)), ["atk_pierce"]), 3), "block", 1, card=""), 3)
    assert last(s, "damage").number("total_defence") == 3


def test_lifesteal_heals_and_attack_card_effects_come_before_defence_card_effects():
    """'EB-3.2-lifesteal' and 'EB-3.2-conflict-attack-first': 吸魂's lifesteal, then 荆棘甲's thorns."""
    s = state(seat(summons=((ATTACKER, 4),), hand=("atk_soul_drain",)),
              seat(summons=(DUMMY,), hand=("def_thorn_mail",)))
    s = roll(do(roll(attack(s, ["atk_soul_drain"]), 6), "block", 1, card="def_thorn_mail"), 1)
    kinds = [(e.kind, e.clause) for e in s.log][-6:]
    heal = kinds.index(("heal", "EB-3.2-lifesteal"))
    thorns = kinds.index(("effect damage", "EB-3.2-damage-kinds"))
    assert heal < thorns
    assert last(s, "effect damage").number("order") == "EB-3.2-conflict-attack-first"
    dmg = last(s, "damage").number("damage")
    assert dmg == 8 - 4 and hp(s, 0, ATTACKER) == 4 + dmg // 2 - 1


def test_defender_may_choose_before_the_attack_die_with_the_switch():
    """EB-A14 switch response_timing: 'EB-3.2-attack-power' then comes after the defender's choice."""
    s = attack(duel(variant={"response_timing": "before_attack_die"}), ["atk_slash"])
    assert s.current_player == 1
    s = roll(roll(do(s, "dodge", 1), 2), 6)
    assert last(s, "damage").outcome == explorer.CANCELLED


def test_blocking_without_a_card_can_count_zero_with_the_switch():
    """EB-A05 switch block_without_card = zero: no defence die is rolled, total defence 0 ('EB-3.2-block')."""
    s = do(roll(attack(duel(variant={"block_without_card": "zero"}), ["atk_slash"]), 3), "block", 1, card="")
    d = last(s, "damage")
    assert d.number("total_defence") == 0 and d.number("damage") == 5 and head(s) == "play"


def test_defence_without_a_card_is_shared_with_the_odds():
    """'EB-3.2-block': combat.total_defence_without_card is what the engine uses for both readings (EB-A05)."""
    assert combat.total_defence_without_card(2, 5) == combat.total_defence_block(2, 5, 0) == 7
    assert combat.total_defence_without_card(2, 5, "zero") == 0
    with pytest.raises(ValueError):
        combat.total_defence_without_card(2, 5, "half")


def test_a_dodge_cancels_the_attack_event():
    """'EB-3.2-event': a cancelled event has no effect (the attack's damage is cancelled)."""
    s = roll(do(roll(attack(duel(hand0=("atk_soul_drain",)), ["atk_soul_drain"]), 1), "dodge", 1), 2)
    assert events(s, "damage")[-1].cancelled and not events(s, "heal")


def test_a_face_down_character_may_attack_without_being_revealed():
    """'EB-3.1-face-down' bars a face-down character's skills and its being attacked, not attacking
    ('EB-3.2-attack', EB-A29): P0's undeclared 铁壁 attacks. Others see a face-down character attack, not which;
    the defence card's thorns do not reach it (EB-A13: no HP card yet), and it stays face down."""
    s = state(seat("sp_tiebi", hand=("atk_thunder",)), seat(summons=(DUMMY,), hand=("def_thorn_mail",)))
    assert any(a.kind == "attack" and a["by"] == "sp_tiebi" for a in s.legal_actions())
    s = do(s, "attack", 0, by="sp_tiebi", cards=("atk_thunder",), seat=1, target=DUMMY)
    ev = last(s, "attack")
    assert ev.clause == "EB-3.2-attack" and ev.number("by") == "" and ev.number("face_down") is True
    mine = last(s, "attacker")
    assert mine.clause == "EB-3.1-face-down" and mine.private_to == (0,) and mine.number("card") == "sp_tiebi"
    assert explorer.is_hidden(s.view(1)["combat"]["by"]) and s.view(0)["combat"]["by"] == "sp_tiebi"
    assert "sp_tiebi" not in str([e for e in s.view(1)["log"]])
    s = roll(do(roll(s, 6), "block", 1, card="def_thorn_mail"), 1)
    assert last(s, "damage").number("damage") == 10 - (2 + 1 + 1) and hp(s, 1, DUMMY) == 20 - 6
    assert not events(s, "effect damage") and hp(s, 0, "sp_tiebi") == card("sp_tiebi").hp
    assert not s.data.seats[0].chars[0].face_up


def test_a_face_up_attacker_still_takes_the_thorns():
    """'EB-3.2-damage-kinds': the same thorns hit a face-up attacker as effect damage (the test above fails
    for the face-down one only)."""
    s = duel(hand0=("atk_thunder",), hand1=("def_thorn_mail",))
    s = roll(do(roll(do(s, "attack", 0, by=ATTACKER, cards=("atk_thunder",), seat=1, target=DUMMY), 6), "block", 1,
                card="def_thorn_mail"), 1)
    assert last(s, "effect damage").targets == (0, ATTACKER) and hp(s, 0, ATTACKER) == card(ATTACKER).hp - 1
