"""A person sees their own view, and so does a search through OpenSpiel: information-state and observation
strings come from ``state.view(p)`` alone, and ``resample_from_infostate`` keeps that view."""

from __future__ import annotations

import pytest

import explorer

from .spiel import load, pyspiel
from .walks import SMALLEST, start, states

pytestmark = pytest.mark.usefixtures("registered")


def twins(game_id: str, players: int, seeds: range, most: int = 40):
    """Pairs of states one chance node apart: the same history, two different outcomes (another card drawn,
    another hero dealt), at most ``most`` pairs. Some differ only in what one seat may see."""
    met = 0
    for state in states(game_id, players, seeds):
        if state.is_chance and len(state.chance_outcomes()) > 1:
            first, second = (state.apply(a) for a, _ in state.chance_outcomes()[:2])
            yield first, second
            met += 1
            if met == most:
                return


def strings(theirs, player: int) -> tuple[str, str]:
    return theirs.information_state_string(player), theirs.observation_string(player)


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_states_differing_only_in_what_p_cannot_see_read_the_same_for_p(game_id, players):
    """Twins whose full states differ but whose view for p is the same (another player's card, a card still in
    the deck) give p identical strings; the player who can see the difference gets different ones."""
    game = load(game_id, players)
    hidden_from_someone = 0
    for a, b in twins(game_id, players, range(2)):
        assert a.view(None) != b.view(None)
        ta, tb = game.new_initial_state(a), game.new_initial_state(b)
        same = [p for p in range(players) if a.view(p) == b.view(p)]
        for p in range(players):
            if p in same:
                assert strings(ta, p) == strings(tb, p), f"{game_id}: P{p} can tell apart what it cannot see"
            else:
                assert strings(ta, p) != strings(tb, p)
        if same and len(same) < players:
            hidden_from_someone += 1
    assert hidden_from_someone > 0, "no twins differing in a private card: the test saw nothing hidden"


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_strings_name_the_seat_and_only_the_information_state_keeps_the_log(game_id, players):
    game = load(game_id, players)
    theirs = game.new_initial_state(explorer.play_out(start(game_id, players), seed=1, max_steps=30))
    for p in range(players):
        info, obs = strings(theirs, p)
        assert f'"seat": {p}' in info and f'"seat": {p}' in obs
        assert '"log"' in info and '"log"' not in obs


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_resample_from_infostate_keeps_the_seats_view(game_id, players):
    """OpenSpiel's resampling goes through the game's ``determinise``: the seat's strings are unchanged and the
    hidden cards are redrawn (some sample differs from the real state). Needs ``Game.determinise``."""
    game = load(game_id, players)
    redrawn, checked = 0, 0
    for ours in states(game_id, players, range(1)):
        who = ours.current_player
        if who < 0 or len(ours.history) % 7:
            continue
        checked += 1
        if checked > 10:
            break
        theirs = game.new_initial_state(ours)
        for _ in range(3):
            sample = theirs.resample_from_infostate(who, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert strings(sample, who) == strings(theirs, who)
            redrawn += sample.explorer_state.view(None, with_log=False) != ours.view(None, with_log=False)
    assert redrawn > 0


def test_resampling_a_game_without_determinise_says_so(monkeypatch):
    ours = explorer.get_game("card_moba")
    monkeypatch.delattr(type(ours), "determinise", raising=False)
    theirs = load("card_moba", 2).new_initial_state()
    with pytest.raises(NotImplementedError, match="determinise"):
        theirs.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
