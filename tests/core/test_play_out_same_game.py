"""play_out (the bots' fast path: no State between the steps, history and log joined at the end, chance drawn from
whole-number weights) reaches the very state ``play`` reaches step by step through State: the same actions, the
same events with the same ids, the same data, for every registered game, random bots and a mixed table."""

from __future__ import annotations

import pytest
from support import games

import explorer


def _start(game_id: str) -> explorer.State:
    game = explorer.get_game(game_id)
    players = min(max(4, game.min_players), game.max_players)
    return explorer.new_game(game_id, players, game.bounded_variant(players))


def _stepped(start: explorer.State, bots, seed: int, max_steps: int | None = None) -> explorer.State:
    """The last state of ``play``, each step a State; the start itself when no step is taken."""
    last = start
    for last in explorer.play(start, bots, seed=seed, max_steps=max_steps):  # noqa: B007 (the last one is wanted)
        pass
    return last


@pytest.mark.parametrize("game_id", games())
@pytest.mark.parametrize("seed", [0, 7])
def test_play_out_with_random_bots_is_the_game_play_steps_through(game_id, seed):
    start = _start(game_id)
    fast, slow = explorer.play_out(start, seed=seed), _stepped(start, None, seed)
    assert fast.is_terminal and fast == slow
    assert fast.history == slow.history.as_tuple() and fast.log == slow.log.as_tuple()
    assert fast.events == slow.events and [e.id for e in fast.log] == list(range(len(fast.log)))
    assert fast.to_json() == slow.to_json()


@pytest.mark.parametrize("game_id", games())
def test_play_out_with_a_greedy_seat_among_random_ones_is_the_same_game(game_id):
    """A bot that looks at a State makes play_out hand over what it has gathered so far, then go on."""
    start = _start(game_id)
    greedy = explorer.get_game(game_id).bots()["greedy"]()
    bots = {p: (greedy if p == 1 else explorer.RandomBot()) for p in range(start.players)}
    fast, slow = explorer.play_out(start, bots, seed=3, max_steps=400), _stepped(start, bots, 3, 400)
    assert fast == slow and fast.events == slow.events and fast.to_json() == slow.to_json()


@pytest.mark.parametrize("game_id", games())
def test_play_out_in_pieces_is_the_same_as_in_one_go_and_leaves_its_start_alone(game_id):
    start = _start(game_id)
    before = start.to_json()
    middle = explorer.play_out(start, seed=5, max_steps=100)
    assert len(middle.history) == 100 and not middle.is_terminal
    assert explorer.play_out(middle, seed=5, max_steps=0) is middle
    whole = explorer.play_out(start, seed=5, max_steps=300)
    assert start.to_json() == before and (len(whole.history) == 300 or whole.is_terminal)
    assert whole.history[:100] == middle.history.as_tuple() and whole.log[:len(middle.log)] == middle.log.as_tuple()
