"""Hidden information does not leak through the flow (issue 20): who is asked to rescue, to dispel or to declare
a trap, what they may do and which events they see never depend on another player's hand or face-down trap.

Each test builds two tables that differ in one player's secret only, plays the same public steps on both and
checks that every other player observes the same: their view (with its visible log), who is to move, the clause
of the decision, their own legal actions, the events they see — now and one step later.
"""

from __future__ import annotations

from explorer import CHANCE
from explorer.games.eternal_breath.scenarios import ATTACKER

from .helpers import do, draw, end_turn, head, roll, seat, state

DUMMY = "scn-normal-0-1"   # a 1-HP summon: any hit leaves it dying


def observed(s, p: int):
    """Everything player ``p`` can observe of state ``s``."""
    legal = tuple(s.legal_actions()) if s.current_player == p else ()
    return (s.view(p), s.current_player, s.game.decision_clause(s.data), legal,
            tuple(e.to_dict() for e in s.events if e.visible_to(p)),
            tuple(e.redacted().to_dict() for e in s.events if not e.visible_to(p)))


def assert_same_for_others(a, b, holder: int):
    assert a.players == b.players
    for p in range(a.players):
        if p != holder:
            assert observed(a, p) == observed(b, p), f"P{p} can tell P{holder}'s secret apart"


def test_a_heal_card_in_hand_does_not_show_when_a_character_is_dying():
    """'EB-3.2-rescue' / EB-A20: every living player is asked in turn, holding 治疗药水 or not; P2 passes either way."""
    def table(p2_card):
        s = state(seat(summons=(ATTACKER,), hand=("atk_thunder",)), seat(summons=(DUMMY,)),
                  seat(summons=("n_guard",), hand=(p2_card,)))
        s = do(s, "attack", 0, by=ATTACKER, cards=("atk_thunder",), seat=1, target=DUMMY)
        return roll(do(roll(s, 6), "block", 1, card=""), 1)
    a, b = table("eff_potion"), table("atk_slash")
    assert head(a) == head(b) == "rescue"
    for _ in range(4):            # P0, P1, P2 pass in turn; then the death: compared at every step
        assert_same_for_others(a, b, holder=2)
        if head(a) != "rescue":
            break
        who = a.current_player
        a, b = do(a, "pass", who), do(b, "pass", who)
    assert head(a) == head(b) != "rescue" and DUMMY in a.data.destroyed


def test_a_face_down_traps_card_does_not_show_when_it_could_trigger():
    """'EB-3.2-trap-hidden' / EB-A30: at P1's turn start P0 is asked about its face-down trap whether it is
    Spikes (triggers now) or Snare (does not); P0 keeps it hidden either way; then P1 draws."""
    def table(trap):
        s = state(seat(summons=(ATTACKER,)), seat(summons=("n_guard",), traps=((trap, 0, False),)),
                  seat(summons=("n_monk",)))
        return end_turn(s)
    a, b = table("trap_spikes"), table("trap_snare")
    assert a.current_player == b.current_player == 0 and head(a) == head(b) == "trap_declare"
    assert_same_for_others(a, b, holder=0)
    a, b = do(a, "keep_hidden", 0), do(b, "keep_hidden", 0)
    assert_same_for_others(a, b, holder=0)
    assert a.current_player == CHANCE
    a, b = draw(a, "atk_slash"), draw(b, "atk_slash")
    assert_same_for_others(a, b, holder=0)


def test_a_dispel_card_in_hand_does_not_show_while_a_trap_waits_in_check():
    """'EB-3.2-check' / EB-A20: the trap's target is asked whether it holds 破咒 or not; it allows either way."""
    def table(p1_card):
        s = state(seat(summons=(ATTACKER,)), seat(summons=("n_guard",), traps=(("trap_spikes", 0, False),),
                                                  hand=(p1_card,)), seat(summons=("n_monk",)))
        return do(end_turn(s), "declare_trap", 0, zone=1, card="trap_spikes")
    a, b = table("eff_dispel"), table("eff_bomb")
    assert a.current_player == b.current_player == 1 and head(a) == head(b) == "dispel"
    assert_same_for_others(a, b, holder=1)
    a, b = do(a, "allow", 1), do(b, "allow", 1)
    assert_same_for_others(a, b, holder=1)
