"""A person sees their own view, and so does a search through OpenSpiel: information-state and observation
strings come from ``state.view(p)`` and the log as ``p`` sees it, and ``resample_from_infostate`` keeps that view.
The information-state string stays bounded (the view and a digest of the events ``p`` saw) and is still exact:
two states with the same string show ``p`` the same view and the same log."""

from __future__ import annotations

import json
import random

import pytest

import explorer
from explorer.openspiel_recall import Seen

from .spiel import bridge, load, pyspiel
from .walks import SMALLEST, TABLES, start, states

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
def test_strings_name_the_seat_and_the_information_state_carries_a_digest_not_the_log(game_id, players):
    game = load(game_id, players)
    ours = explorer.play_out(start(game_id, players), seed=1, max_steps=30)
    theirs = game.new_initial_state(ours)
    for p in range(players):
        info, obs = (json.loads(text) for text in strings(theirs, p))
        assert info["seat"] == obs["seat"] == p
        assert info["view"] == obs["view"] == json.loads(json.dumps(ours.view(p, with_log=False), default=str))
        assert "log" not in info["view"] and "seen" not in obs
        assert info["seen"] == {"events": len(ours.log), "digest": Seen.empty().then(ours.log, p).hexdigest()}


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_information_state_strings_stay_bounded(game_id, players):
    """Issue 33: the string was the whole visible log (70–140 KB mid-game). Now it is the view and a digest: a
    few KB at any length of game, the view without the log plus well under 200 characters."""
    game = load(game_id, players)
    theirs = game.new_initial_state()
    rng = random.Random(0)
    longest, steps = 0, 0
    while not theirs.is_terminal():
        if steps % 10 == 0:
            for p in range(players):
                info = theirs.information_state_string(p)
                assert len(info) < len(theirs.observation_string(p)) + 200
                longest = max(longest, len(info.encode()))
        ids = [i for i, _ in theirs.chance_outcomes()] or theirs.legal_actions()
        theirs.apply_action(rng.choice(ids))
        steps += 1
    assert longest < 6000 * (1 + players // 3), f"{game_id}: an information state of {longest} bytes"
    full = bridge.view_string(theirs.explorer_state, 0)  # the log as seat 0 saw it, the old string
    assert len(theirs.information_state_string(0)) * 5 < len(full)


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_one_information_state_string_is_one_information_state(game_id, players):
    """Perfect recall kept honest: states (along seeded games, and twins one chance outcome apart) with the same
    string for p show p the same view and the same log; a state whose log p sees longer reads differently."""
    game = load(game_id, players)
    met: dict[str, str] = {}
    pairs = [s for pair in twins(game_id, players, range(2)) for s in pair]
    for ours in [*states(game_id, players, range(2)), *pairs]:
        theirs = game.new_initial_state(ours)
        for p in range(players):
            exact = json.dumps(ours.view(p), sort_keys=True, default=str)
            assert met.setdefault(theirs.information_state_string(p), exact) == exact, "one string, two views"
    assert len(set(met.values())) == len(met) > 100


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_what_a_seat_saw_is_folded_step_by_step_as_from_the_start(game_id, players):
    """Along a game played through OpenSpiel each step folds only its own events into each seat's memory; the
    result is the memory worked out from the whole log (the digest, the counts, the last events)."""
    game = load(game_id, players)
    theirs = game.new_initial_state()
    rng = random.Random(2)
    for step in range(400):
        if theirs.is_terminal():
            break
        if step % 3 == 0:  # some states are never asked: the next one folds on from an older one
            seat = step % players
            folded, whole = theirs._held.seen(seat), Seen.empty().then(theirs.explorer_state.log, seat)
            assert (folded.hexdigest(), folded.length, folded.counts, folded.recent) == (
                whole.hexdigest(), whole.length, whole.counts, whole.recent)
        ids = [i for i, _ in theirs.chance_outcomes()] or theirs.legal_actions()
        theirs.apply_action(rng.choice(ids))


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
            # the seat's memory carries over to the sample: it is the sample's own log as the seat sees it
            assert sample.explorer_state.view(who) == ours.view(who)
            assert sample._held.seen(who).hexdigest() == Seen.empty().then(sample.explorer_state.log, who).hexdigest()
            redrawn += sample.explorer_state.view(None, with_log=False) != ours.view(None, with_log=False)
    assert redrawn > 0


def test_resampling_a_game_without_determinise_says_so(monkeypatch):
    ours = explorer.get_game("card_moba")
    monkeypatch.delattr(type(ours), "determinise", raising=False)
    theirs = load("card_moba", 2).new_initial_state()
    with pytest.raises(NotImplementedError, match="determinise"):
        theirs.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
