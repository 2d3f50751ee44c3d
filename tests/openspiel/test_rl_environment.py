"""OpenSpiel's ``rl_environment.Environment`` takes each of our games (its observations are our tensors), and
random agents play whole episodes to the end; the last rewards are the game's returns."""

from __future__ import annotations

import pytest

from .spiel import load, pyspiel
from .walks import SMALLEST

if pyspiel is not None:
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

pytestmark = pytest.mark.usefixtures("registered")


def episode(env, agents) -> tuple:
    """One episode of ``agents``; (the last time step, steps, observation size met, legal lists checked)."""
    time_step = env.reset()
    steps, sizes = 0, set()
    while not time_step.last():
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"]
        assert legal[player] and all(not legal[p] for p in range(len(agents)) if p != player)
        sizes |= {len(time_step.observations["info_state"][p]) for p in range(len(agents))}
        action = agents[player].step(time_step).action
        assert action in legal[player]
        time_step = env.step([action])
        steps += 1
    for agent in agents:
        agent.step(time_step)  # the agents see the end, as an rl loop does
    return time_step, steps, sizes


@pytest.mark.parametrize("observation", ["INFORMATION_STATE", "OBSERVATION"])
@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_random_agents_play_whole_episodes_in_rl_environment(game_id, players, observation):
    game = load(game_id, players)
    kind = getattr(rl_environment.ObservationType, observation)
    env = rl_environment.Environment(game, observation_type=kind)
    env.seed(1)
    size = (game.information_state_tensor_size() if observation == "INFORMATION_STATE"
            else game.observation_tensor_size())
    assert env.observation_spec()["info_state"] == (size,)
    actions = env.action_spec()["num_actions"]
    assert actions == game.num_distinct_actions()
    agents = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in range(players)]
    time_step, steps, sizes = episode(env, agents)
    assert 0 < steps <= game.max_game_length() and sizes == {size}
    assert time_step.rewards == env.get_state.returns()
    assert env.get_state.is_terminal() and env.get_state.explorer_state.is_terminal
