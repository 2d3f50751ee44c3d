"""explorer.play_out at a document game's own terms: a game with no stated bound says so before it starts."""

from __future__ import annotations

import pytest
from support import games

import explorer


def test_a_playout_that_may_never_end_warns_before_it_starts_and_a_bounded_one_does_not():
    """Issue 38 point 7: play_out of a document game (no simulation limits) with random bots may never end (8.7 GB
    in 14 minutes): it says so at once. The warning raised as an error stops it before the first step."""
    import warnings

    for game_id in games():
        game = explorer.get_game(game_id)
        start = explorer.new_game(game_id, game.min_players)
        with warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)
            with pytest.raises(RuntimeWarning, match="may never end"):
                explorer.play_out(start, seed=1)
            explorer.play_out(explorer.new_game(game_id, game.min_players, game.bounded_variant(game.min_players)),
                              seed=1)  # the bots' limits: a stated bound, no warning
            explorer.play_out(start, seed=1, max_steps=50)  # a bound given: no warning
