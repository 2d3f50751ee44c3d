"""Our games inside OpenSpiel (explorer.openspiel): OpenSpiel's own random simulation tests, and the bridge
checked against our engine — legal ids, exact chance, returns, saves, clones, the game's length."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from support import games

import explorer

from .spiel import bridge, load, pyspiel
from .walks import SMALLEST, start, states

pytestmark = pytest.mark.usefixtures("registered")


def test_every_game_is_registered_with_its_type():
    names = bridge.register()
    assert names == sorted(names) == [bridge.PREFIX + g for g in games(shipped=False)]  # the test plug-in too
    for game_id, players in SMALLEST:
        game = load(game_id, players)
        kind = game.get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        ours = explorer.get_game(game_id)
        assert (kind.min_num_players, kind.max_num_players) == (ours.min_players, ours.max_players)
        assert game.num_players() == players


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_openspiel_random_simulation_test(game_id, players):
    """OpenSpiel's own C++ checks (legal ids sorted and in range, chance sums, clone, serialisation, strings)."""
    pyspiel.random_sim_test(load(game_id, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_legal_ids_and_chance_odds_are_ours(game_id, players):
    """Along seeded games of our engine, OpenSpiel's legal ids are our legal actions' ids, and its chance
    outcomes are our exact Fractions (as the nearest float; the Fractions sum to exactly 1)."""
    game = load(game_id, players)
    space = game.space
    for ours in states(game_id, players, range(2)):
        theirs = game.new_initial_state(ours)
        ids = sorted(space.encode(a) for a in ours.legal_actions())
        assert theirs.legal_actions() == ids
        if ours.is_chance:
            exact = {space.encode(a): p for a, p in ours.chance_outcomes()}
            assert sum(exact.values(), Fraction(0)) == 1
            got = dict(theirs.chance_outcomes())
            assert got.keys() == exact.keys()
            assert all(got[i] == p.numerator / p.denominator for i, p in exact.items())
            assert abs(sum(got.values()) - 1) < 1e-9
        else:
            assert theirs.current_player() == ours.current_player


def _reference_returns(state: explorer.State) -> list[float]:
    """A seat's return from the winners, written out per game."""
    won, n = set(state.winners), state.players
    if state.game_id == "castle_heart":
        return [1.0 if p in won else -1.0 for p in range(n)]
    if not won or len(won) == n:
        return [0.0] * n
    share = n / len(won)  # the losers' −1/(n−1) each is shared out among the winners
    return [(share - 1) / (n - 1) if p in won else -1 / (n - 1) for p in range(n)]


@pytest.mark.parametrize(("game_id", "players"), [*SMALLEST, ("eternal_breath", 3)])
def test_returns_follow_the_winners_rule(game_id, players):
    game = load(game_id, players)
    for seed in range(3):
        final = explorer.play_out(start(game_id, players), seed=seed)
        theirs = game.new_initial_state(final)
        assert theirs.is_terminal()
        assert theirs.returns() == pytest.approx(_reference_returns(final))
        if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            assert sum(theirs.returns()) == pytest.approx(0)
        assert all(game.min_utility() <= r <= game.max_utility() for r in theirs.returns())
    assert game.new_initial_state().returns() == [0.0] * players


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_saves_and_clones(game_id, players):
    """OpenSpiel's serialisation round-trips the state exactly; a clone moves on alone."""
    game = load(game_id, players)
    state = game.new_initial_state(explorer.play_out(start(game_id, players), seed=5, max_steps=20))
    assert not state.is_terminal()
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.explorer_state == state.explorer_state
    assert str(game2) == str(game)
    clone = state.clone()
    before = state.explorer_state
    clone.apply_action(clone.legal_actions()[0])
    assert state.explorer_state is before and clone.explorer_state != before
    assert clone.history() == [*state.history(), state.legal_actions()[0]]


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_text_that_travels_is_json_never_unpickled(game_id, players, monkeypatch):
    """Issue 38 point 4: OpenSpiel's deserialize_game_and_state unpickles the text it is given (its own C++ code, for
    every Python game). save_text / load_text carry our JSON save instead: the state round-trips, and neither
    OpenSpiel's serialised text (a pickle inside) nor a forged game, parameters or save is unpickled or loaded."""
    import pickle

    game = load(game_id, players)
    state = game.new_initial_state(explorer.play_out(start(game_id, players), seed=5, max_steps=20))
    text = bridge.save_text(state)
    monkeypatch.setattr(pickle, "loads", lambda *a, **k: pytest.fail("unpickled"))
    again = bridge.load_text(text)
    assert again.explorer_state == state.explorer_state and str(again.get_game()) == str(game)
    assert again.legal_actions() == state.legal_actions()
    doc = json.loads(text)
    forged = [pyspiel.serialize_game_and_state(game, state), "[]", json.dumps({**doc, "openspiel": "chess"}),
              json.dumps({**doc, "parameters": {"players": [2]}}), json.dumps({**doc, "extra": 1}),
              json.dumps({**doc, "save": {**doc["save"], "history": doc["save"]["history"][:-1]}})]
    for bad in forged:
        with pytest.raises(explorer.SaveError):
            bridge.load_text(bad)


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_max_game_length_is_the_games_stated_bound(game_id, players):
    """The OpenSpiel game runs with the bots' simulation limits (a person's game has none), and its
    max_game_length is the game's own bound for them; without the limits it refuses to load."""
    ours = explorer.get_game(game_id)
    game = load(game_id, players)
    variant = ours.resolve_variant(ours.bounded_variant(players))
    assert game.max_game_length() == ours.max_steps(players, variant)
    for switch in ours.simulation_limits(players):
        assert game.get_parameters()[switch] == variant[switch] != 0
    with pytest.raises(ValueError, match="unbounded"):
        load(game_id, players, **{switch: 0 for switch in ours.simulation_limits(players)})


def test_a_variant_switch_is_a_game_parameter():
    game = load("eternal_breath", 2, block_without_card="zero")
    assert game.new_initial_state().explorer_state.variant["block_without_card"] == "zero"
    with pytest.raises(explorer.VariantError):
        load("eternal_breath", 2, block_without_card="sometimes")


@pytest.mark.parametrize("score", [1, 7, 10**6])
def test_mb_choice_4_score_the_winning_score_is_any_positive_whole_number_as_a_parameter(score):
    """'MB-choice-4-score' 「协商决定获胜所需的得分」: OpenSpiel's ``win_score`` parameter takes any positive whole
    number; the table has agreed it before the game, so OpenSpiel's moves never include it (the listed 1 to 5
    stay in the action space for a game that leaves it at 0, the default: agreed at the score step)."""
    game = load("card_moba", 2, win_score=score)
    state = game.new_initial_state()
    rng = __import__("random").Random(score)
    while state.explorer_state.data.phase in ("mode", "map", "hero", "bloodline"):
        state.apply_action(rng.choice(state.legal_actions()))
    ours = state.explorer_state
    assert ours.data.phase == "order" and ours.data.win_score == score
    assert [e.number("score") for e in ours.log if e.clause == "MB-choice-4-score"] == [score]
    for bad in (-1, -10**6):  # 0 is the default: agreed at the score step
        with pytest.raises(explorer.VariantError):
            load("card_moba", 2, win_score=bad)


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_action_strings_are_our_sentences(game_id, players):
    game = load(game_id, players)
    ours = explorer.play_out(start(game_id, players), seed=2, max_steps=40)
    theirs = game.new_initial_state(ours)
    for action in ours.legal_actions()[:5]:
        assert theirs.action_to_string(action.player, game.space.encode(action)) == action.describe("en")


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_each_state_encodes_its_legal_actions_once(game_id, players, monkeypatch):
    """Issue 33: a step through the bridge encoded each action about ten times. Now a state works out its legal
    ids (and chance odds) at most once, however often OpenSpiel asks: its legal actions, chance outcomes, the
    action applied; a chance state whose tuple of outcomes the game kept from an earlier state (a deck's draws,
    made once per set of cards) encodes none."""
    game = load(game_id, players)
    space, calls = game.space, []
    encode = space.encode_legal
    monkeypatch.setattr(space, "encode_legal", lambda actions: calls.append(len(actions)) or encode(actions))
    state, rng = game.new_initial_state(), __import__("random").Random(4)
    per_state, chance_states = [], 0
    while not state.is_terminal() and len(per_state) < 300:
        before = len(calls)
        chance_states += state.is_chance_node()
        for _ in range(3):
            ids = state.legal_actions()
            odds = state.chance_outcomes()
            assert state.is_chance_node() == bool(odds) and pyspiel.State.legal_actions(state) == ids
        state.apply_action(rng.choice(ids))
        per_state.append(len(calls) - before)
    assert len(per_state) > 50 and set(per_state) <= {0, 1}  # once per state, a chance state's outcomes and odds
    # together; none for a kept tuple of outcomes
    assert len(per_state) - chance_states <= sum(per_state) < len(per_state)


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_legal_actions_answered_in_python_are_openspiels(game_id, players):
    """``legal_actions`` is answered without OpenSpiel's C++ for Python callers: for every seat and state it is
    what OpenSpiel's own ``State.legal_actions`` (through ``_legal_actions``) gives."""
    game = load(game_id, players)
    for ours in [*states(game_id, players, range(1)), explorer.play_out(start(game_id, players), seed=0)]:
        theirs = game.new_initial_state(ours)
        assert theirs.legal_actions() == pyspiel.State.legal_actions(theirs)
        for p in range(players):
            assert theirs.legal_actions(p) == pyspiel.State.legal_actions(theirs, p)
        assert theirs.current_player() == pyspiel.State.current_player(theirs) == ours.current_player
        assert theirs.is_chance_node() == pyspiel.State.is_chance_node(theirs)
        assert theirs.is_player_node() == pyspiel.State.is_player_node(theirs)


@pytest.mark.parametrize(("game_id", "players"), SMALLEST)
def test_an_id_not_legal_here_is_refused_by_our_rules(game_id, players):
    game = load(game_id, players)
    state = game.new_initial_state(explorer.play_out(start(game_id, players), seed=1, max_steps=25))
    legal = set(state.legal_actions())
    wrong = next(i for i in range(game.num_distinct_actions()) if i not in legal)
    before = state.explorer_state
    with pytest.raises(explorer.IllegalAction):
        state.apply_action(wrong)
    assert state.explorer_state is before and len(state.history()) == 0
    with pytest.raises(ValueError, match="not a state of"):
        load("card_moba", 3).new_initial_state(explorer.new_game("card_moba", 2))
