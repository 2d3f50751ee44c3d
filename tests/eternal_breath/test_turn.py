"""§1.2 游戏过程: the six phases of a turn, rounds, drawing and the deck, coins."""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from explorer import CHANCE, Bag, IllegalAction, act
from explorer.games.eternal_breath.records import Task

from .helpers import GID, do, draw, end_turn, events, head, last, seat, state


def p0_turn(*seats, **kw):
    """P1 is playing; ending its turn starts P0's turn (and a new round: P0 deals)."""
    return end_turn(state(*seats, turn=1, **kw))


def test_a_new_round_starts_at_the_dealer():
    """'EB-1.2-round': the dealer's turn starts a new round."""
    s = p0_turn(seat(), seat())
    assert s.data.round == 2 and s.data.turn == 0
    assert events(s, "round")[-1].clause == "EB-1.2-round"


def test_settle_then_reface_then_draw_two_cards_and_two_coins():
    """'EB-1.2.1-settle', 'EB-1.2.1-reface', 'EB-1.2.2-draw', 'EB-3.2-draw'."""
    s = p0_turn(seat(self_up=False, ever_up=True, summons=("n_guard",)), seat())
    clauses = [e.clause for e in s.events]
    assert clauses.index("EB-1.2.1-settle") < clauses.index("EB-1.2.1-reface")
    assert s.data.seats[0].chars[0].face_up
    assert s.current_player == CHANCE and head(s) == "draw"
    s = draw(draw(s, "atk_slash"), "def_guard")
    assert [e.clause for e in events(s, "draw")] == ["EB-3.2-draw"] * 2
    assert s.data.seats[0].hand == ("atk_slash", "def_guard") and s.data.seats[0].coins == 7
    assert events(s, "coins")[-1].clause == "EB-1.2.2-draw"


def test_extra_draw_costs_two_coins_once():
    """'EB-1.2.2-buy': once a turn, pay 2 coins for 1 more card; too few coins is refused."""
    s = draw(draw(p0_turn(seat(coins=0), seat()), "atk_slash"), "atk_slash")
    assert s.data.seats[0].coins == 2 and head(s) == "draw_phase"
    s = do(s, "buy_draw", 0)
    assert events(s, "pay")[-1].clause == "EB-1.2.2-buy" and s.data.seats[0].coins == 0
    s = draw(s, "def_guard")
    with pytest.raises(IllegalAction) as err:
        do(s, "buy_draw", 0)
    assert err.value.clause == "EB-1.2.2-buy"


def test_declaration_phase_turns_the_self_character_up_for_good():
    """'EB-1.2.3-declare', 'EB-3.2-declaration' (irreversible, once), 'EB-2.7-hp-card'."""
    s = draw(draw(p0_turn(seat("sp_tiebi"), seat()), "atk_slash"), "atk_slash")
    s = do(s, "done", 0)
    assert head(s) == "declare" and {a.kind for a in s.legal_actions()} == {"declare", "pass"}
    s = do(s, "declare", 0)
    me = s.data.seats[0].chars[0]
    assert me.face_up and me.ever_up
    assert [e.clause for e in s.events[:2]] == ["EB-1.2.3-declare", "EB-2.7-hp-card"]
    assert s.events[1].number("hp") == 20 and head(s) == "play"
    bad = act(GID, "declare", 0)
    err = s.game.why_illegal(s.data, bad)
    assert err.clause == "EB-3.2-declaration"


def test_play_phase_ends_on_request():
    """'EB-1.2.4-play'."""
    s = do(state(seat(), seat()), "end_play", 0)
    assert events(s, "end play")[0].clause == "EB-1.2.4-play"


def test_discard_down_to_the_hand_limit_by_choice():
    """'EB-1.2.5-discard': above 6 cards the player discards cards of their choice."""
    hand = ("atk_slash",) * 5 + ("def_guard", "eff_potion", "trap_spikes")
    s = do(state(seat(hand=hand), seat()), "end_play", 0)
    assert head(s) == "discard" and {a["card"] for a in s.legal_actions()} == set(hand)
    s = do(do(s, "discard", 0, card="trap_spikes"), "discard", 0, card="atk_slash")
    assert len(s.data.seats[0].hand) == 6 and s.data.discard == ("trap_spikes", "atk_slash")
    assert [e.clause for e in events(s, "discard")] == ["EB-1.2.5-discard"] * 2
    assert head(s) != "discard"


def test_a_passive_raises_the_hand_limit():
    """'EB-3.1-passive': 灵汐's 'your hand limit rises to 8' overrides the limit of 6."""
    hand = ("atk_slash",) * 5 + ("def_guard", "eff_potion", "trap_spikes")
    s = do(state(seat("sp_lingxi", self_up=True, hand=hand), seat()), "end_play", 0)
    assert head(s) != "discard" and len(s.data.seats[0].hand) == 8


def test_end_phase_resolves_end_effects_and_expires_old_effect_cards():
    """'EB-1.2.6-end', 'EB-1.2.6-expire', 'EB-3.2-effect-trigger'."""
    s = state(seat(summons=("n_guard",), effects=(("eff_tithe", 1, 0), ("eff_fury", 1, 1))), seat(), rnd=1)
    s = do(s, "end_play", 0)
    assert events(s, "phase")[-2].clause == "EB-1.2.6-end" or any(e.clause == "EB-1.2.6-end" for e in s.log)
    trig = events(s, "effect triggered")
    assert trig and trig[0].clause == "EB-3.2-effect-trigger" and s.data.seats[0].coins == 4
    exp = events(s, "expire")[0]
    assert exp.clause == "EB-1.2.6-expire" and exp.number("cards") == ("eff_tithe",)
    assert [e.card for e in s.data.seats[0].effects] == ["eff_fury"] and "eff_tithe" in s.data.discard


def test_the_default_game_has_no_round_limit_and_no_draw():
    """'EB-1.2-round' / 'EB-1.4-victory' (the only end the document has), EB-A07: by default (round_limit = 0)
    round 30 is followed by round 31, not a draw; only the opt-in switch ends the game without winners."""
    s = end_turn(state(seat(), seat(), turn=1, rnd=30))
    assert not s.is_terminal and s.data.round == 31 and last(s, "round").clause == "EB-1.2-round"
    assert not events(s, "game over")
    limited = end_turn(state(seat(), seat(), turn=1, rnd=30, variant={"round_limit": 30}))
    assert limited.is_terminal and limited.winners == ()
    assert events(limited, "game over")[0].number("round_limit") == 30


def test_limits_are_opt_in_for_simulations_and_max_steps_is_none_without_them():
    """EB-A07 / EB-A15: a person's default game is unbounded (max_steps None); simulation_limits names the
    switches bots pass explicitly, and with them max_steps is a stated bound ('EB-1.2-round')."""
    game = explorer.get_game("eternal_breath")
    default = explorer.new_game("eternal_breath", 3).variant
    assert default["round_limit"] == 0 and default["play_action_cap"] == 0
    assert game.max_steps(3, default) is None
    limits = game.simulation_limits(3)
    assert limits == {"round_limit": 30, "play_action_cap": 40}
    bounded = explorer.new_game("eternal_breath", 3, game.bounded_variant(3)).variant
    assert isinstance(game.max_steps(3, bounded), int)
    assert game.max_steps(3, {**bounded, "round_limit": 60}) > game.max_steps(3, bounded)
    assert game.max_steps(3, {**bounded, "play_action_cap": 0}) is None


def test_an_empty_deck_is_refilled_from_the_discard_pile():
    """'EB-3.1-reshuffle': the discard pile becomes the new deck; nothing at all: no card (EB-A22)."""
    s = p0_turn(seat(), seat(), deck=Bag(), discard=("atk_slash", "def_guard", "def_guard"))
    assert events(s, "reshuffle")[0].clause == "EB-3.1-reshuffle"
    odds = dict((a["card"], p) for a, p in s.chance_outcomes())
    assert odds == {"atk_slash": Fraction(1, 3), "def_guard": Fraction(2, 3)}
    assert s.data.discard == ()
    t = p0_turn(seat(), seat(), deck=Bag(), discard=())
    assert head(t) == "draw_phase" and events(t, "no card")[0].outcome == explorer.CANCELLED


def test_coins_are_capped_at_twenty():
    """'EB-2.6-coin-cap': gains are cut at 20; at the cap nothing is gained."""
    s = draw(draw(p0_turn(seat(coins=19), seat()), "atk_slash"), "atk_slash")
    assert s.data.seats[0].coins == 20 and events(s, "coins")[-1].number("gained") == 1
    t = draw(draw(p0_turn(seat(coins=20), seat()), "atk_slash"), "atk_slash")
    assert t.data.seats[0].coins == 20 and events(t, "coins")[-1].number("gained") == 0


def test_the_hand_is_private():
    """'EB-3.1-hand': draws are private events; others see only the hand's size."""
    s = draw(p0_turn(seat(), seat()), "atk_thunder")
    assert events(s, "draw")[-1].private_to == (0,)
    assert s.view(0)["players"][0]["hand"] == ["atk_thunder"]
    assert explorer.is_hidden(s.view(1)["players"][0]["hand"]) and s.view(1)["players"][0]["hand_size"] == 1
    assert "targets" not in [e for e in s.view(1)["log"] if e["kind"] == "draw"][-1]


def test_play_phase_actions_are_uncapped_by_default_and_capped_with_the_switch():
    """'EB-1.2.4-effects-any' (任意数量), EB-A15: by default 40 actions later the effect card is still playable;
    with the opt-in play_action_cap = 40 only ending the play phase is left."""
    from explorer.games.eternal_breath.records import Turn
    free = state(seat(hand=("eff_gold_pouch",)), seat(), now=Turn(plays=40))
    assert {a.kind for a in free.legal_actions()} == {"end_play", "effect"}
    s = state(seat(hand=("eff_gold_pouch",)), seat(), now=Turn(plays=40), variant={"play_action_cap": 40})
    assert [a.kind for a in s.legal_actions()] == ["end_play"]
    assert Task("play", 0) == s.data.tasks[0]
