"""OpenSpiel's own MCTS bot plays each of our games to the end through the bridge.

OpenSpiel's ``MCTSBot`` searches the full state (it is a perfect-information search: fine for checking that the
bridge carries a search, not a fair opponent). OpenSpiel's ``ISMCTSBot`` respects hidden information: it
resamples the hidden cards with ``resample_from_infostate``, so it needs the games' ``determinise``."""

from __future__ import annotations

import numpy as np
import pytest
from support import PerGame

from .spiel import load, pyspiel
from .walks import SMALLEST

if pyspiel is not None:
    from open_spiel.python.algorithms import ismcts, mcts

# A whole game searched at every decision is long in Python: the shortest simulation round limits the games offer
# (their own opt-in switches MB-A15 / CH-A14) keep it short. 永恒之息 offers none shorter than its default 30
# rounds (EB-A07), so its game is the long one: a game with no shorter limit here is marked slow.
SHORT = PerGame(eternal_breath={}, card_moba={"round_cap": 6}, castle_heart={"round_cap": 10})
WHOLE_GAMES = [pytest.param(g, n, marks=[] if SHORT[g] else [pytest.mark.slow]) for g, n in SMALLEST]


def _next_decision(state, rng):
    """Chance sampled with its odds, and seat 1 and up at random, until seat 0 decides or the game ends."""
    while not state.is_terminal() and state.current_player() != 0:
        if state.is_chance_node():
            ids, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=odds)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def _play(state, bot, rng, most: int | None = None) -> int:
    """Seat 0 asks ``bot`` at each of its decisions (at most ``most`` of them) until the game ends; how many."""
    searched = 0
    while most is None or searched < most:
        _next_decision(state, rng)
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        searched += 1
    return searched


@pytest.mark.parametrize(("game_id", "players"), WHOLE_GAMES)
@pytest.mark.usefixtures("registered")
def test_an_openspiel_mcts_bot_plays_a_game_to_the_end(game_id, players):
    """Seat 0 searches with MCTS at every decision until the game ends; the others play at random."""
    game = load(game_id, players, **SHORT[game_id])
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, random_state=rng, solve=False,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng))
    state = game.new_initial_state()
    assert _play(state, bot, rng) > 0
    assert state.explorer_state.is_terminal
    assert len(state.returns()) == players
    assert len(state.history()) <= game.max_game_length()


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
@pytest.mark.usefixtures("registered")
def test_an_openspiel_ismcts_bot_decides_from_its_information_state(game_id, players):
    """Ten decisions of seat 0 by information-set MCTS (needs ``Game.determinise``)."""
    game = load(game_id, players)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), uct_c=2.0,
                           max_simulations=2, random_state=rng)
    assert _play(game.new_initial_state(), bot, rng, most=10) == 10
