"""Issue 33: a step's new State is built without ``__init__`` (``state._stepped``) and a chain without its
``__init__`` (``chain._on``). The states and chains they make must be the very ones the public constructors make:
the same class, immutable, equal, with the same player to move, choices and chance."""

from __future__ import annotations

import random

import pytest
from support import games

import explorer
from explorer import State, sample_chance
from explorer.chain import Chain

GAMES = games()


def line(game_id: str, steps: int, seed: int = 3) -> list[State]:
    game = explorer.get_game(game_id)
    players = min(max(4, game.min_players), game.max_players)
    state = explorer.new_game(game_id, players, game.bounded_variant(players))
    rng, out = random.Random(seed), [state]
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(sample_chance(state.chance_outcomes(), rng) if state.is_chance
                            else rng.choice(state.legal_actions()))
        out.append(state)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stepped_state_is_the_state_its_constructor_makes(game_id):
    for state in line(game_id, 120)[1:]:
        assert type(state) is State and type(state.history) is Chain and type(state.log) is Chain
        with pytest.raises(AttributeError):
            state.data = None  # still immutable
        built = State(state.game, state.players, state.variant, state.data, state.history, state.log,
                      state.events, state._start)
        assert built == state and hash(built) == hash(state)
        assert state.current_player == built.current_player == state.game.current_player(state.data)
        assert (state.is_terminal, state.is_chance) == (built.is_terminal, built.is_chance)
        assert state.legal_actions() == built.legal_actions()
        assert tuple(state.chance_outcomes()) == tuple(built.chance_outcomes())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_chance_outcome_steps_alike_taken_from_the_list_or_rebuilt(game_id):
    """At CHANCE an outcome taken from ``chance_outcomes()`` is stepped at once; an equal action built anew goes
    through every check: the same new state either way."""
    chance = next(s for s in line(game_id, 200) if s.is_chance)
    for outcome, _ in chance.chance_outcomes():
        rebuilt = explorer.Action.from_dict(game_id, outcome.to_dict())
        assert rebuilt is not outcome
        fresh = State(chance.game, chance.players, chance.variant, chance.data, chance.history, chance.log,
                      chance.events, chance._start)  # nothing worked out yet: every check runs
        assert chance.apply(outcome) == fresh.apply(rebuilt)
