"""§3.2 陷阱卡, 触发事件, 声明事件, 检定: deploying, flipping, removing; triggers and declarations."""

from __future__ import annotations

import pytest

import explorer
from explorer import IllegalAction
from explorer.games.eternal_breath.scenarios import ATTACKER

from .helpers import do, end_turn, events, head, hp, judge, last, roll, seat, state

DUMMY = "scn-normal-1-10"


def test_deploy_face_up_by_default_and_pay_one_coin_to_deploy_face_down():
    """'EB-3.1-face-up' (正置状态是卡牌的基础状态) and 'EB-3.2-trap-flip' (部署时…可支付1枚金币以反置), EB-A12: a
    trap is deployed face up, public; 1 more coin at deployment turns it face down, secret, and uses the turn's
    one flip. 'EB-2.4-trap-card', 'EB-1.2.4-trap-once', 'EB-3.2-trap-cost' (1 coin in another's zone)."""
    s = state(seat(hand=("trap_spikes", "trap_snare"), coins=2), seat())
    kinds = {(a["card"], a["zone"], a.get("face")) for a in s.legal_actions() if a.kind == "trap"}
    assert ("trap_spikes", 1, None) in kinds and ("trap_spikes", 1, "down") in kinds
    up = do(s, "trap", 0, card="trap_spikes", zone=1)
    tr = up.data.seats[1].traps[0]
    assert (tr.card, tr.placer, tr.face_up) == ("trap_spikes", 0, True) and up.data.seats[0].coins == 1
    assert last(up, "trap").clause == "EB-3.1-face-up" and last(up, "trap").private_to is None
    assert up.view(1)["players"][1]["traps"][0]["card"] == "trap_spikes"
    down = do(s, "trap", 0, card="trap_spikes", zone=1, face="down")
    tr = down.data.seats[1].traps[0]
    assert (tr.card, tr.placer, tr.face_up) == ("trap_spikes", 0, False) and down.data.seats[0].coins == 0
    assert [e.clause for e in events(down, "pay")] == ["EB-3.2-trap-cost", "EB-3.2-trap-flip"]
    assert last(down, "trap").clause == "EB-2.4-trap-card"
    assert last(down, "trap").private_to == (0,) and last(down, "flip").clause == "EB-3.2-trap-flip"
    assert "card" not in last(down, "flip").values and down.data.now.flipped
    assert explorer.is_hidden(down.view(1)["players"][1]["traps"][0]) and down.view(0)["players"][1]["traps"][0]["card"]
    with pytest.raises(IllegalAction) as err:
        do(down, "trap", 0, card="trap_snare", zone=0)
    assert err.value.clause == "EB-1.2.4-trap-once"


def test_deploying_face_down_needs_the_coin_and_the_turns_flip():
    """'EB-3.2-trap-flip': the face-down deployment costs 1 coin (plus 'EB-3.2-trap-cost' in another's zone)
    and is the turn's one flip (至多1张)."""
    poor = state(seat(hand=("trap_spikes",), coins=1), seat())
    with pytest.raises(IllegalAction) as err:
        do(poor, "trap", 0, card="trap_spikes", zone=1, face="down")
    assert err.value.clause == "EB-3.2-trap-flip" and "coin" in err.value.reason
    assert do(poor, "trap", 0, card="trap_spikes", zone=0, face="down").data.seats[0].traps[0].face_up is False
    flipped = state(seat(hand=("trap_spikes",), coins=5), seat(traps=(("trap_snare", 1, True),)))
    flipped = do(flipped, "flip_trap", 0, zone=1, slot=0)
    with pytest.raises(IllegalAction) as err:
        do(flipped, "trap", 0, card="trap_spikes", zone=0, face="down")
    assert err.value.clause == "EB-3.2-trap-flip" and "already" in err.value.reason


def test_the_former_reading_deploys_face_down_for_free_with_the_switch():
    """EB-A12 switch trap_deployed = face_down: every trap is deployed face down, at no extra cost
    ('EB-2.4-trap-card'), and the turn's flip is left."""
    s = state(seat(hand=("trap_spikes",), coins=1), seat(), variant={"trap_deployed": "face_down"})
    assert {a.get("face") for a in s.legal_actions() if a.kind == "trap"} == {None}
    s = do(s, "trap", 0, card="trap_spikes", zone=1)
    assert s.data.seats[1].traps[0].face_up is False and s.data.seats[0].coins == 0 and not s.data.now.flipped
    assert last(s, "trap").private_to == (0,) and not events(s, "flip")


def test_a_fourth_trap_and_too_few_coins_are_refused():
    """'EB-3.2-trap-limit' and 'EB-3.2-trap-cost'."""
    full = tuple(("trap_spikes", 1, False) for _ in range(3))
    s = state(seat(hand=("trap_snare",), coins=0), seat(traps=full))
    with pytest.raises(IllegalAction) as err:
        do(s, "trap", 0, card="trap_snare", zone=1)
    assert err.value.clause == "EB-3.2-trap-limit" and "fourth" in err.value.reason
    s2 = state(seat(hand=("trap_snare",), coins=0), seat())
    with pytest.raises(IllegalAction) as err:
        do(s2, "trap", 0, card="trap_snare", zone=1)
    assert err.value.clause == "EB-3.2-trap-cost"
    assert do(s2, "trap", 0, card="trap_snare", zone=0).data.seats[0].traps[0].card == "trap_snare"


def test_flip_and_remove_cost_coins_at_most_once():
    """'EB-3.2-trap-flip' (1 coin) and 'EB-3.2-trap-remove' (2 coins); EB-A12: once a turn each."""
    s = state(seat(coins=3), seat(traps=(("trap_spikes", 1, False), ("trap_snare", 1, False))))
    s = do(s, "flip_trap", 0, zone=1, slot=0)
    assert s.data.seats[1].traps[0].face_up and last(s, "flip").clause == "EB-3.2-trap-flip"
    with pytest.raises(IllegalAction) as err:
        do(s, "flip_trap", 0, zone=1, slot=1)
    assert err.value.clause == "EB-3.2-trap-flip"
    s = do(s, "remove_trap", 0, zone=1, slot=1)
    assert [t.card for t in s.data.seats[1].traps] == ["trap_spikes"] and s.data.seats[0].coins == 0
    assert last(s, "remove").clause == "EB-3.2-trap-remove" and "trap_snare" in s.data.discard
    assert [(e.clause, e.number("coins")) for e in events(s, "pay")] == [("EB-3.2-trap-flip", 1),
                                                                         ("EB-3.2-trap-remove", 2)]
    with pytest.raises(IllegalAction) as err:
        do(s, "remove_trap", 0, zone=1, slot=0)
    assert err.value.clause == "EB-3.2-trap-remove"


def p1_starts(*traps_in_p1, p1=None):
    """P0 ends its turn; P1's turn starts with these traps in its zone."""
    s = state(seat(summons=(ATTACKER,)), p1 or seat(summons=(DUMMY,), traps=traps_in_p1))
    return end_turn(s)


def test_a_face_up_trap_takes_effect_at_once():
    """'EB-3.2-trigger', 'EB-3.2-trap-face-up', 'EB-3.1-discard-pile' (the trap then goes to the discard pile)."""
    s = p1_starts(("trap_spikes", 0, True))
    assert last(s, "trigger").clause == "EB-3.2-trigger"
    assert last(s, "trap effect").clause == "EB-3.2-trap-face-up"
    assert hp(s, 1, DUMMY) == 8 and s.data.seats[1].traps == () and "trap_spikes" in s.data.discard
    assert last(s, "to discard pile").clause == "EB-3.1-discard-pile"


def test_a_face_down_trap_may_stay_hidden():
    """'EB-3.2-trap-hidden': its placer may decline to declare it; it stays, face down."""
    s = p1_starts(("trap_spikes", 0, False))
    assert s.current_player == 0 and head(s) == "trap_declare"
    s = do(s, "keep_hidden", 0)
    assert last(s, "trap kept hidden").clause == "EB-3.2-trap-hidden" and hp(s, 1, DUMMY) == 10
    assert s.data.seats[1].traps[0].card == "trap_spikes"


def test_declared_trap_turns_up_enters_check_and_takes_effect():
    """'EB-3.2-trap-declare', 'EB-3.2-flip', 'EB-3.2-check', then 'EB-3.2-event' (it took effect)."""
    s = do(p1_starts(("trap_spikes", 0, False)), "declare_trap", 0, zone=1, card="trap_spikes")
    clauses = [e.clause for e in s.events]
    assert clauses[:3] == ["EB-3.2-trap-declare", "EB-3.2-flip", "EB-3.2-check"]
    assert s.current_player == 1 and head(s) == "dispel"          # EB-A20: asked though it holds no dispel card
    assert [a.kind for a in s.legal_actions()] == ["allow"]
    s = do(s, "allow", 1)
    assert last(s, "trap effect").clause == "EB-3.2-event" and hp(s, 1, DUMMY) == 8


def test_a_trap_in_check_can_be_cancelled():
    """'EB-3.2-check': the target cancels (抵消) the declared trap with 破咒; 'EB-3.2-remove'."""
    p1 = seat(summons=(DUMMY,), traps=(("trap_spikes", 0, False),), hand=("eff_dispel",))
    s = do(p1_starts(p1=p1), "declare_trap", 0, zone=1, card="trap_spikes")
    assert s.current_player == 1 and head(s) == "dispel"
    s = do(s, "dispel", 1, card="eff_dispel")
    assert last(s, "trap").outcome == explorer.CANCELLED and last(s, "remove").clause == "EB-3.2-remove"
    assert hp(s, 1, DUMMY) == 10 and {"eff_dispel", "trap_spikes"} <= set(s.data.discard)


def test_a_false_declaration_voids_the_trap():
    """'EB-3.2-trap-declare': declared although not triggered, the trap is void and removed at once."""
    s = state(seat(), seat(traps=(("trap_snare", 0, False),)))
    s = do(s, "declare_trap", 0, zone=1, slot=0)
    ev = last(s, "trap declared")
    assert ev.outcome == explorer.CANCELLED and ev.number("true") is False
    assert s.data.seats[1].traps == () and "trap_snare" in s.data.discard


def test_attack_triggers_and_their_order():
    """'EB-3.2-conflict-cause': what one influence triggers is resolved in a shown order; 伏击 (attacked)
    hits the attacker, 绊索 (attacks) the attacking player."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_slash",), traps=(("trap_snare", 1, True),)),
              seat(summons=(DUMMY,), traps=(("trap_ambush", 0, True),)))
    s = do(s, "attack", 0, by=ATTACKER, cards=("atk_slash",), seat=1, target=DUMMY)
    s = roll(do(roll(s, 1), "dodge", 1), 6)
    effects = [e.number("card") for e in events(s, "trap effect")]
    assert effects == ["trap_snare", "trap_ambush"]
    assert hp(s, 0, ATTACKER) == 8 and {e.number("condition") for e in events(s, "trigger")} == {"attacks", "attacked"}


def test_one_influence_triggering_several_events_shows_their_order():
    """'EB-3.2-conflict-cause': P1's turn start triggers a passive, an effect card and a trap, in that order."""
    p1 = seat(summons=(("n_monk", 5),), traps=(("trap_spikes", 0, True),),
              effects=(("eff_regeneration", 1, 1, "n_monk"),))
    s = p1_starts(p1=p1)
    order = last(s, "order")
    assert order.clause == "EB-3.2-conflict-cause"
    assert order.number("order") == ("n_monk", "eff_regeneration", "trap_spikes")
    assert hp(s, 1, "n_monk") == 5 + 1 + 1 - 2


def test_a_curse_judges_at_the_end_of_turn():
    """'EB-3.1-judge': 诅咒 makes a 1d judgment (a chance node) at the zone owner's end phase."""
    s = state(seat(summons=(DUMMY,), traps=(("trap_curse", 1, True),)), seat())
    s = do(s, "end_play", 0)
    assert head(s) == "judge" and len(s.chance_outcomes()) == 6
    s = judge(s, 3)
    assert last(s, "judgment").clause == "EB-3.1-judge" and last(s, "judgment").number("passed") is True
    assert hp(s, 0, DUMMY) == 8


def test_every_face_down_trap_is_asked_and_declaring_an_untriggered_one_voids_it():
    """'EB-3.2-trap-declare' (如效果实际上并没有触发，该牌视为无效，并立即移除), EB-A30: at P1's turn start the
    placer of a face-down Snare (it triggers on attacks, not now) is asked too, like the Spikes' placer would be;
    declaring it voids it and removes it at once; keeping it hidden leaves it."""
    s = p1_starts(("trap_snare", 0, False))
    assert s.current_player == 0 and head(s) == "trap_declare"
    kept = do(s, "keep_hidden", 0)
    assert kept.data.seats[1].traps[0].card == "trap_snare" and last(kept, "trap kept hidden").actor == 0
    void = do(s, "declare_trap", 0, zone=1, card="trap_snare")
    ev = last(void, "trap declared")
    assert ev.clause == "EB-3.2-trap-declare" and ev.cancelled and ev.number("true") is False
    assert void.data.seats[1].traps == () and "trap_snare" in void.data.discard and hp(void, 1, DUMMY) == 10
    assert not events(void, "check") and not events(void, "trap effect")
