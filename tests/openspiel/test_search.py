"""OpenSpiel's own MCTS bot plays each of our games to the end through the bridge.

OpenSpiel's ``MCTSBot`` searches the full state (it is a perfect-information search: fine for checking that the
bridge carries a search, not a fair opponent); a search that respects hidden information resamples with
``resample_from_infostate`` (see test_views.py)."""

from __future__ import annotations

import numpy as np
import pytest

from .spiel import load, pyspiel

if pyspiel is not None:
    from open_spiel.python.algorithms import mcts

# 城堡之心 has no table of 2 (CH-A02: the count rules allow none): its smallest table, 3, stands in.
TABLES = (("eternal_breath", 2), ("card_moba", 2), ("castle_heart", 3))


@pytest.mark.parametrize(("game_id", "players"), TABLES)
@pytest.mark.usefixtures("registered")
def test_an_openspiel_mcts_bot_plays_a_game_to_the_end(game_id, players):
    game = load(game_id, players)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, random_state=rng, solve=False,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng))
    state, searched = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, odds = zip(*state.chance_outcomes(), strict=True)
            action = int(rng.choice(ids, p=odds))
        elif state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    assert state.explorer_state.is_terminal
    assert len(state.returns()) == players
    assert len(state.history()) <= game.max_game_length()
