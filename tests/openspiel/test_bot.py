"""OpenSpiel bots and policies as our Bots (explorer.openspiel_bot): they choose legal actions of our States, play
whole games in our play loop, follow its seed, and refuse a table their OpenSpiel game is not."""

from __future__ import annotations

import random

import pytest

import explorer

from .spiel import load, pyspiel
from .walks import start, states

if pyspiel is not None:
    from open_spiel.python import policy
    from open_spiel.python.algorithms import mcts

    from explorer.openspiel_bot import ISMCTS, OpenSpielBot

pytestmark = pytest.mark.usefixtures("registered")


def test_a_policy_plays_a_whole_game_as_our_bot():
    game = load("card_moba", 2)
    bot = OpenSpielBot(policy.UniformRandomPolicy(game), name="uniform")
    ours = game.new_initial_state().explorer_state
    played = []

    class Watch(explorer.Bot):
        def choose(self, state, rng):
            action = bot.choose(state, rng)
            assert action in state.legal_actions()
            played.append(action)
            return action

    end = explorer.play_out(ours, bots=[Watch(), explorer.RandomBot()], seed=2)
    assert end.is_terminal and len(played) > 10
    assert bot.name == "uniform"


def test_a_greedy_policy_takes_its_most_probable_action():
    game = load("castle_heart", 3)
    ours = next(s for s in states("castle_heart", 3, range(1)) if s.current_player >= 0 and len(s.legal_actions()) > 2)
    theirs = game.new_initial_state(ours)
    favourite = theirs.legal_actions()[1]

    class Fond:
        """A policy liking one action best."""

        def action_probabilities(self, state, player_id=None):
            return {i: 0.8 if i == favourite else 0.2 / len(state.legal_actions()) for i in state.legal_actions()}

    action = OpenSpielBot(Fond(), game=game, greedy=True).choose(ours, random.Random(0))
    assert action is theirs.explorer_action(favourite) and action in ours.legal_actions()
    drawn = {OpenSpielBot(Fond(), game=game).choose(ours, random.Random(seed)) for seed in range(40)}
    assert len(drawn) > 1 and drawn <= set(ours.legal_actions())  # not greedy: drawn with the rng


def test_an_openspiel_bot_for_one_table_refuses_another():
    game = load("card_moba", 2)
    rs = __import__("numpy").random.RandomState(0)
    searcher = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, random_state=rs, solve=False,
                            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs))
    bot = OpenSpielBot(searcher)
    ours = explorer.play_out(start("card_moba", 2), seed=0, max_steps=3)
    assert bot.choose(ours, random.Random(0)) in ours.legal_actions()
    other = explorer.new_game("card_moba", 3, explorer.get_game("card_moba").bounded_variant(3))
    with pytest.raises(ValueError, match="table of 3"):
        bot.choose(other, random.Random(0))
    with pytest.raises(TypeError, match="not an OpenSpiel bot"):
        OpenSpielBot(42)


def test_ismcts_follows_the_play_loops_seed_and_needs_the_simulation_limits():
    """Two games with one seed are one game; the search is made for each table it meets; a person's game
    without the simulation limits has no OpenSpiel game to search."""
    bot = ISMCTS(simulations=3)
    seats = {0: bot, 1: explorer.RandomBot(), 2: explorer.RandomBot()}
    first, second = (explorer.play_out(start("castle_heart", 3), bots=seats, seed=9, max_steps=80) for _ in range(2))
    assert len(first.history) == 80 and first == second
    assert first.history != explorer.play_out(start("castle_heart", 3), seed=9, max_steps=80).history
    with pytest.raises(ValueError, match="unbounded"):
        explorer.play_out(explorer.new_game("castle_heart", 3), bots=seats, seed=9, max_steps=80)
