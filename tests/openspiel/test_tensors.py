"""OpenSpiel's tensors (explorer.openspiel_tensors and each game's tensor.py): fixed shapes declared in the game
type, numbers written from the seat's own view (a determinisation that redraws what the seat cannot see leaves
them unchanged), every value of seeded games inside its domain, the observer's row first."""

from __future__ import annotations

import random

import numpy as np
import pytest

import explorer
from explorer.openspiel_tensors import observation, tensors

from .spiel import load
from .walks import SMALLEST, TABLES, states

pytestmark = pytest.mark.usefixtures("registered")


def every_tenth(game_id: str, players: int, seeds: range):
    """Every tenth state of seeded random games (the start included); one game at the larger tables (their games
    are long)."""
    for i, state in enumerate(states(game_id, players, seeds if players < 4 else seeds[:1])):
        if i % 10 == 0:
            yield state


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_tensors_are_declared_and_keep_their_shape(game_id, players):
    game = load(game_id, players)
    kind = game.get_type()
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    t = tensors(game_id, players)
    assert game.observation_tensor_shape() == [t.observation_size]
    assert game.information_state_tensor_shape() == [t.information_size]
    assert t.observation_size < t.information_size < 20_000
    rows = set()
    for ours in every_tenth(game_id, players, range(2)):
        theirs = game.new_initial_state(ours)
        for p in range(players):
            obs, info = np.array(theirs.observation_tensor(p)), np.array(theirs.information_state_tensor(p))
            assert obs.shape == (t.observation_size,) and info.shape == (t.information_size,)
            assert np.isfinite(info).all() and (info[:t.observation_size] == obs).all()
            rows.add(obs.tobytes())
    assert len(rows) > 10, "the tensors hardly change along a game: they say little"


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_every_value_of_seeded_games_has_its_place(game_id, players):
    """No value of a view falls outside its domain (the 'other' slot): the encoder knows the whole game."""
    for ours in every_tenth(game_id, players, range(3)):
        for p in range(players):
            _, unknown = observation(ours, p)
            assert unknown == [], f"{game_id}: values outside the encoder's domains: {unknown[:5]}"


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_seats_tensors_do_not_change_when_what_it_cannot_see_is_redrawn(game_id, players):
    """``game.determinise(state, seat, rng)`` redraws everything hidden from ``seat`` (others' hands, the deck, a
    face-down card): the seat's observation and information-state tensors stay exactly the same, although the
    redrawn state differs (and other seats' tensors may change)."""
    game = load(game_id, players)
    ours_game = explorer.get_game(game_id)
    rng = random.Random(5)
    redrawn = others_changed = 0
    for ours in every_tenth(game_id, players, range(2)):
        theirs = game.new_initial_state(ours)
        for seat in range(players):
            sample = ours_game.determinise(ours, seat, rng)
            twin = game.new_initial_state(sample)  # a wrapper of its own: its memory is folded from its own log
            assert twin.observation_tensor(seat) == theirs.observation_tensor(seat)
            assert twin.information_state_tensor(seat) == theirs.information_state_tensor(seat)
            if sample.view(None, with_log=False) != ours.view(None, with_log=False):
                redrawn += 1
                others_changed += any(twin.observation_tensor(q) != theirs.observation_tensor(q)
                                      for q in range(players) if q != seat)
    assert redrawn > 5 and others_changed > 0, "nothing hidden was redrawn: the test saw no secret"


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_the_observers_own_row_comes_first(game_id, players):
    """The ``seats`` rows start at the observer: row 0's hand holds as many cards as the observer's view shows,
    and another seat's hand (hidden from the observer) is written as nothing but its size."""
    game = load(game_id, players)
    t = tensors(game_id, players)
    start, size = t.seat.fields["hand"]
    checked = 0
    for ours in every_tenth(game_id, players, range(2)):
        theirs = game.new_initial_state(ours)
        for p in range(players):
            rows = np.array(theirs.observation_tensor(p))[t.table.size:].reshape(players, t.seat.size)
            hand = ours.view(p, with_log=False)["players"][p]["hand"]
            assert rows[0, start:start + size].sum() == len(hand)
            assert all(rows[k, start:start + size].sum() == 0 for k in range(1, players))
            checked += bool(hand)
    assert checked > 10


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_the_memory_block_counts_what_the_seat_saw(game_id, players):
    """The information state's memory: how many events the seat saw, and its kind counts sum to that."""
    game = load(game_id, players)
    t = tensors(game_id, players)
    ours = explorer.play_out(explorer.new_game(game_id, players, game.variant), seed=3, max_steps=80)
    theirs = game.new_initial_state(ours)
    for p in range(players):
        memory = np.array(theirs.information_state_tensor(p))[t.observation_size:]
        seen, (start, size) = t.memory.fields["seen"], t.memory.fields["kinds"]
        assert memory[seen[0]] == len(ours.log) == memory[start:start + size].sum()
