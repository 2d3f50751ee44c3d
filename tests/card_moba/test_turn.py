"""回合详解: the four phases, draws as chance over the deck, the discard pile, stamina, the hand limit."""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from card_moba.helpers import cited, data, do, draw, h, hero, logged, table
from explorer import CHANCE, Bag, IllegalAction


def test_a_turn_runs_start_draw_action_end_in_order():
    """'MB-turn-phases': ending the action phase runs the end phase, then the next player's start and draw."""
    s = do(table(), "end")
    order = [e.clause for e in s.events if e.clause in ("MB-turn-phases", "MB-turn-end", "MB-turn-start",
                                                         "MB-turn-draw")]
    assert order[:2] == ["MB-turn-phases", "MB-turn-end"]
    assert order.index("MB-turn-start") < order.index("MB-turn-draw")
    assert s.current_player == CHANCE
    with pytest.raises(IllegalAction) as err:
        do(s, "end", player=1)
    assert err.value.clause == "MB-turn-draw"


def test_start_phase_gives_stamina_steps_and_one_attack_chance():
    """'MB-turn-start' and 'MB-term-3-attack': attack chances are reset to exactly one."""
    s = do(hero(table(), 1, stamina=2, steps=0, attacks=3), "end")
    assert (h(s, 1).stamina, h(s, 1).steps, h(s, 1).attacks) == (3, 2, 1)
    assert cited(s, "MB-turn-start")


def test_draw_phase_draws_two_cards_as_exact_chance():
    """'MB-turn-draw': each card with probability count/62; two draws."""
    s = do(table(), "end")
    odds = dict((a["card"], p) for a, p in s.chance_outcomes())
    assert odds["O1"] == Fraction(7, 62) and odds["O2"] == Fraction(5, 62) and sum(odds.values()) == 1
    s = draw(draw(s, "O1"), "S3")
    assert h(s, 1).hand == ("O1", "S3") and s.current_player == 1 and len(s.data.deck) == 60
    assert len(logged(s, "MB-turn-draw")) >= 2


def test_an_empty_deck_is_replaced_by_the_shuffled_discard_pile():
    """'MB-card-discard-pile'."""
    s = do(data(table(), deck=Bag(), discard=Bag({"O1": 2, "D1": 1})), "end")
    assert dict((a["card"], p) for a, p in s.chance_outcomes()) == {"D1": Fraction(1, 3), "O1": Fraction(2, 3)}
    s = draw(s, "O1")
    assert cited(s, "MB-card-discard-pile") and s.data.deck == Bag({"O1": 1, "D1": 1}) and not len(s.data.discard)


def test_no_card_anywhere_draws_nothing():
    """'MB-card-discard-pile' with both piles empty (MB-A03)."""
    s = do(data(table(), deck=Bag(), discard=Bag()), "end")
    assert [p for _, p in s.chance_outcomes()] == [Fraction(1)]
    s = draw(s, None)
    assert cited(s, "MB-card-discard-pile")[0].cancelled


def test_action_phase_offers_cards_moves_attacks_and_ending():
    """'MB-turn-action'."""
    kinds = {a.kind for a in table(hands=(("O1",), ())).legal_actions()}
    assert kinds == {"play", "move", "attack", "end"}


def test_mb_turn_phases_the_player_ends_the_action_phase_no_cap_by_default():
    """'MB-turn-phases' 「行动阶段由当前回合玩家提出结束」: a person's game has no action cap (MB-A17, action_cap 0);
    after 1000 actions the player may still move, attack or end."""
    s = table(acted=1000)
    assert s.variant["action_cap"] == 0 and {a.kind for a in s.legal_actions()} == {"end", "move", "attack"}
    assert h(do(s, "move", to=(1, 0)), 0).pos == (1, 0)


def test_action_cap_is_opt_in_for_simulations_and_leaves_only_ending():
    """'MB-turn-action' with the simulation limit MB-A17 asked for explicitly: after 30 actions only 'end'
    is legal, and the refusal names the clause and the assumption."""
    game = explorer.get_game("card_moba")
    assert game.simulation_limits(2) == {"action_cap": 30, "round_cap": 12}
    s = table(acted=30, variant=game.bounded_variant(2))
    assert [a.kind for a in s.legal_actions()] == ["end"]
    with pytest.raises(IllegalAction) as err:
        do(s, "move", to=(1, 0))
    assert err.value.clause == "MB-turn-action" and "MB-A17" in err.value.reason and "MB-A15" not in err.value.reason


def test_max_steps_is_a_bound_only_with_both_simulation_limits():
    """MB-A15 / MB-A17: the document's game is unbounded (max_steps None); the simulation limits bound it."""
    game = explorer.get_game("card_moba")
    assert game.max_steps(2, explorer.new_game("card_moba", 2).variant) is None
    for limits in ({"action_cap": 30}, {"round_cap": 12}):
        assert game.max_steps(2, explorer.new_game("card_moba", 2, limits).variant) is None
    assert game.max_steps(2, explorer.new_game("card_moba", 2, game.bounded_variant(2)).variant) > 0


def test_end_phase_gives_stamina_and_clears_steps():
    """'MB-turn-end'."""
    s = do(table(stamina=4, steps=2), "end")
    assert (h(s, 0).stamina, h(s, 0).steps) == (5, 0) and cited(s, "MB-turn-end")


def test_stamina_stops_at_the_cap():
    """'MB-term-1-stamina': at 12, a rune's +1 is lost (the overflow, MB-A04)."""
    s = do(table(positions=((2, 0), (6, 6)), stamina=12), "move", to=(3, 0))
    assert h(s, 0).stamina == 12 and cited(s, "MB-term-1-stamina")[0].number("overflow") == 1


def test_ruler_stamina_cap():
    """'MB-ruler-stamina-cap': 8."""
    s = do(table(stamina=8, variant={"ruler_stamina_cap": 8}, mode="ruler"), "end")
    assert h(s, 0).stamina == 8


def test_ruler_start_phase_stamina():
    """'MB-ruler-start-stamina': 3 per start phase."""
    s = do(hero(table(variant={"ruler_start_stamina": 3}, mode="ruler"), 1, stamina=0), "end")
    assert h(s, 1).stamina == 3


def test_ruler_hand_limit_discards_down_to_the_limit():
    """'MB-ruler-hand-limit': 8 cards with a limit of 6: two discards at the end phase."""
    hand = ("O1", "O1", "D1", "D1", "M1", "M1", "S1", "S1")
    s = do(table(variant={"ruler_hand_limit": 6}, mode="ruler", hands=(hand, ())), "end")
    assert s.data.phase == "discard" and {a.kind for a in s.legal_actions()} == {"discard"}
    s = do(s, "discard", card="O1")
    assert s.current_player == 0
    s = do(s, "discard", card="S1")
    assert len(h(s, 0).hand) == 6 and s.current_player == CHANCE and s.data.discard.count("O1") == 1


def test_no_hand_limit_by_default():
    """'MB-card-no-hand-limit': 20 cards stay at the end phase; discarding is refused."""
    s = table(hands=(("O1",) * 20, ()))
    with pytest.raises(IllegalAction) as err:
        do(s, "discard", card="O1")
    assert err.value.clause == "MB-card-no-hand-limit"
    assert len(h(do(s, "end"), 0).hand) == 20


def one_round(s):
    """Seat 0 ends; seat 1 draws two cards and ends: the first round is over."""
    return do(draw(draw(do(s, "end"), "O1"), "O1"), "end")


def test_mb_choice_4_score_no_round_limit_by_default():
    """'MB-choice-4-score' 「协商决定获胜所需的得分」: the document ends the game only at the agreed score, so a
    person's game has no round cap (MB-A15, round_cap 0) and round 2 begins."""
    s = one_round(table())
    assert s.variant["round_cap"] == 0 and not s.is_terminal and s.data.round == 2


def test_round_cap_is_opt_in_and_then_the_best_score_wins():
    """'MB-choice-4-score' with the simulation limit MB-A15 asked for (round_cap 6): after round 6 the highest
    score wins."""
    s = one_round(hero(data(table(variant={"round_cap": 6}), round=6), 1, score=1))
    assert s.is_terminal and s.winners == (1,)
    assert s.log[-1].kind == "game over" and s.log[-1].number("round_cap") == 6


def test_the_discard_pile_is_reshuffled_the_moment_the_deck_is_drawn_empty():
    """'MB-card-discard-pile': the last card drawn makes the discard pile the new deck at once."""
    s = do(data(table(), deck=Bag({"O1": 1, "D1": 1}), discard=Bag({"S2": 3})), "end")
    s = draw(s, "O1")
    assert not cited(s, "MB-card-discard-pile")
    s = draw(s, "D1")
    assert cited(s, "MB-card-discard-pile") and s.data.deck == Bag({"S2": 3}) and not len(s.data.discard)
