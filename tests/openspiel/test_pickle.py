"""Issue 33: the registered games pickle (their classes live in explorer.openspiel, and unpickling registers them),
and so do their states (OpenSpiel's own state text: the history, then our save)."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from support import PerGame

import explorer

from .spiel import bridge, load
from .walks import SMALLEST, start

pytestmark = pytest.mark.usefixtures("registered")


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_a_game_pickles_with_its_parameters(game_id, players):
    other = PerGame(eternal_breath={"round_limit": 60}, card_moba={"round_cap": 30}, castle_heart={"round_cap": 40})
    game = load(game_id, players, **other[game_id])  # parameters other than the defaults
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) is bridge.game_class(game_id)
    assert str(again) == str(game) and again.get_parameters() == game.get_parameters()
    assert (again.players, again.variant) == (game.players, game.variant)
    assert again.new_initial_state().explorer_state == game.new_initial_state().explorer_state


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_a_state_pickles_with_its_history(game_id, players):
    game = load(game_id, players)
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(state.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(state))
    assert again.explorer_state == state.explorer_state
    assert again.history() == state.history() and again.move_number() == state.move_number()
    assert again.legal_actions() == state.legal_actions()
    again.apply_action(again.legal_actions()[0])
    assert again.history()[:-1] == state.history()
    wrapped = game.new_initial_state(explorer.play_out(start(game_id, players), seed=4, max_steps=30))
    assert pickle.loads(pickle.dumps(wrapped)).explorer_state == wrapped.explorer_state  # a state we wrapped


def test_a_pickled_game_and_state_load_in_a_fresh_process():
    """Unpickling needs no setup: the pickle names explorer.openspiel, whose import registers the games."""
    game = load("card_moba", 2, round_cap=6)
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    code = ("import pickle, sys; game, state = pickle.loads(sys.stdin.buffer.read()); "
            "print(game); print(state.history()); print(len(state.explorer_state.log))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps((game, state)), capture_output=True,
                         cwd=root, timeout=120, check=True)
    lines = out.stdout.decode().splitlines()
    assert lines == [str(game), str(state.history()), str(len(state.explorer_state.log))]
