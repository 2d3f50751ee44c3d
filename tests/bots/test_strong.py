"""The strong bot (ISMCTS from its own view, explorer.search): legal in whole seeded games of every game,
reproducible with a seed, and blind to what its seat cannot see. Tiny budgets: these test behaviour, not
strength (``make bench`` measures that)."""

from __future__ import annotations

import random

import pytest
from support import PerGame, games

import explorer
from explorer.search import ISMCTS, Node, PairedRollouts, clearly_better, terminal_values

from .positions import positions

TABLE = PerGame(eternal_breath=2, card_moba=2, castle_heart=5)  # 城堡之心 at a table with both camps and a neutral
GAMES = [(game_id, TABLE[game_id]) for game_id in games()]


def tiny(game_id: str):
    """The game's strong bot at a tiny, time-free strength (depends only on the view and the rng)."""
    return explorer.get_game(game_id).bots()["strong"](iterations=4, seconds=None, rollout_steps=4)


def whole_game(game_id: str, players: int, seed: int):
    """A whole seeded game with the strong bot in every seat (it must return a legal action: apply checks)."""
    game = explorer.get_game(game_id)
    start = explorer.new_game(game_id, players, game.bounded_variant(players))
    return explorer.play_out(start, tiny(game_id), seed=seed)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_strong_plays_whole_games_with_legal_actions(game_id, players):
    end = whole_game(game_id, players, seed=3)
    assert end.is_terminal
    assert set(end.winners) <= set(range(players))


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_strong_is_reproducible_with_a_seed(game_id, players):
    game = explorer.get_game(game_id)
    start = explorer.new_game(game_id, players, game.bounded_variant(players))
    a = list(explorer.play(start, tiny(game_id), seed=5, max_steps=120))
    b = list(explorer.play(start, tiny(game_id), seed=5, max_steps=120))
    assert [s.history[-1] for s in a] == [s.history[-1] for s in b]


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_same_view_gives_the_same_choices_whatever_the_hidden_cards(game_id, players):
    """Two states with the same view from the seat but different hidden cards (the second drawn by
    determinise): the same choice for each rng seed, hence the same distribution of choices over seeds."""
    game = explorer.get_game(game_id)
    compared = 0
    for n, state in enumerate(positions(game_id, players, {}, games=1, every=7)):
        seat = state.current_player
        if seat < 0 or len(state.legal_actions()) < 2:
            continue
        other = game.determinise(state, seat, random.Random(n))
        if other.data == state.data:
            continue
        assert other.view(seat) == state.view(seat)
        bot = tiny(game_id)
        here = [bot.choose(state, random.Random(r)) for r in range(3)]
        there = [bot.choose(other, random.Random(r)) for r in range(3)]
        assert here == there, (state, seat)
        assert all(state.is_legal(a) for a in here)
        compared += 1
        if compared == 6:
            break
    assert compared >= 3


def test_the_search_counts_every_iteration_at_the_root():
    """Each iteration passes through the root and adds to exactly one root child's visits."""
    state = next(s for s in positions("card_moba", 2, {}, games=1, every=1)
                 if s.current_player >= 0 and len(s.legal_actions()) > 3)
    search = ISMCTS(lambda d, n: [0.5] * n, None, iterations=25, rollout_steps=3)
    action = search.choose(state, random.Random(0))
    assert state.is_legal(action)
    assert search.last["iterations"] == 25
    assert sum(search.last["visits"].values()) == 25
    assert search.last["visits"][action] == max(search.last["visits"].values())


def test_the_search_prefers_what_the_evaluation_prefers():
    """With an evaluation that rewards seat 0 only when it moved (its hero's position changed), a one-step
    search picks a move over ending the phase (MB-turn-action): the tree backs up the evaluation to the root."""
    state = next(s for s in positions("card_moba", 2, {}, games=1, every=1)
                 if s.current_player == 0 and s.data.phase == "action"
                 and {"move", "end"} <= {a.kind for a in s.legal_actions()})
    start = state.data.heroes[0].pos

    def moved(d, players):
        return [1.0 if d.heroes[0].pos != start else 0.0, 0.0]

    search = ISMCTS(moved, None, iterations=60, rollout_steps=0)
    assert search.choose(state, random.Random(1)).kind != "end"


def test_terminal_values_score_winners():
    assert terminal_values((1,), 3) == [0.0, 1.0, 0.0]
    assert terminal_values((), 2) == [0.5, 0.5]
    assert Node(0).avail == 0


@pytest.mark.parametrize("game_id", games())
def test_every_game_offers_a_strong_bot(game_id):
    bots = explorer.get_game(game_id).bots()
    assert {"random", "greedy", "strong"} <= set(bots)
    assert bots["strong"]().name == "strong"


class _Ends(explorer.Bot):
    """A prior that always ends the action phase."""

    def choose(self, state, rng):
        return next(a for a in state.legal_actions() if a.kind == "end")


def _moba_choice():
    state = next(s for s in positions("card_moba", 2, {}, games=1, every=1)
                 if s.current_player == 0 and s.data.phase == "action"
                 and {"move", "end"} <= {a.kind for a in s.legal_actions()})
    start = state.data.heroes[0].pos

    def worth(gain):
        return lambda d, players: [0.5 + (gain if d.heroes[0].pos != start else 0.0), 0.5]

    return state, worth


def test_a_search_leaves_its_prior_only_for_a_clearly_better_move():
    """keep_prior (ISMCTS._better): after 60 iterations over six moves, a move worth 0.3 more than the prior's "end"
    is not enough evidence at 2 standard errors (each mean's variance bounded by ¼ over its visits), but is at 0;
    a move worth 0.5 more is taken at 2 too."""
    state, worth = _moba_choice()

    def pick(gain, keep):
        search = ISMCTS(worth(gain), None, iterations=60, rollout_steps=0, prior_bot=_Ends(), keep_prior=keep)
        return search.choose(state, random.Random(2)).kind

    assert pick(0.3, 2.0) == "end"
    assert pick(0.3, 0.0) != "end"
    assert pick(0.5, 2.0) != "end"


def test_a_flat_search_keeps_no_tree_below_the_seats_own_moves():
    state, worth = _moba_choice()
    search = ISMCTS(worth(0.1), None, iterations=40, rollout_steps=3, depth=1)
    search.choose(state, random.Random(0))
    deep = ISMCTS(worth(0.1), None, iterations=40, rollout_steps=3)
    deep.choose(state, random.Random(0))
    assert search.last["iterations"] == deep.last["iterations"] == 40
    assert search.last["tree"] == 1 + len(search.last["visits"]) < deep.last["tree"]


@pytest.mark.parametrize("game_id", games())
def test_the_strong_bot_starts_from_the_tactical_bot(game_id):
    """Issue 33's ladder: the strong bot keeps the tactical bot's move unless its search clearly beats it, and its
    strength is an iteration budget with no clock."""
    bots = explorer.get_game(game_id).bots()
    strong = bots["strong"]()
    assert isinstance(strong.search.prior_bot, bots["tactical"])
    assert strong.search.seconds is None and strong.search.keep_prior > 0


# --- the paired flat search (explorer.search.PairedRollouts: common random numbers) ---------------------------------

class _Recording(PairedRollouts):
    """Notes the world and rollout seed each candidate is played in."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.played = {}

    def _play(self, game, state, data, next_id, action, seat, seed):
        self.played.setdefault(action, []).append((id(data), next_id, seed))
        return super()._play(game, state, data, next_id, action, seat, seed)


def _eb_choice():
    """A 永恒之息 decision of several moves, with a tactical prior and tactical rollouts."""
    bots = explorer.get_game("eternal_breath").bots()
    state = next(s for s in positions("eternal_breath", 2, {}, games=2, every=3)
                 if s.current_player >= 0 and len(s.legal_actions()) >= 4)
    return state, bots


def test_every_candidate_is_played_in_the_same_worlds_with_the_same_rollout_seeds():
    """Common random numbers: the k-th world (its determinisation and rollout seed) is the same for every
    candidate, and the prior's move is played in every world any rival was."""
    state, worth = _moba_choice()
    search = _Recording(worth(0.1), None, iterations=40, rollout_steps=3, prior_bot=_Ends(), keep_prior=2.0)
    search.choose(state, random.Random(0))
    prior = search.last["prior"]
    assert prior.kind == "end" and len(search.played) > 2
    assert all(len(v) <= len(search.played[prior]) for v in search.played.values())
    for action, worlds in search.played.items():
        assert worlds == search.played[prior][:len(worlds)], action
    assert len({seed for _, _, seed in search.played[prior]}) == len(search.played[prior])  # a new seed per world


def test_the_paired_search_leaves_its_prior_for_a_small_gain_the_unpaired_rule_keeps():
    """A move worth 0.1 more than the prior's in every world: its paired differences have no spread, so the paired
    search takes it, where 60 independent iterations at 2 standard errors (variance bounded by ¼) cannot."""
    state, worth = _moba_choice()
    paired = PairedRollouts(worth(0.1), None, iterations=60, rollout_steps=0, prior_bot=_Ends(), keep_prior=2.0)
    unpaired = ISMCTS(worth(0.1), None, iterations=60, rollout_steps=0, prior_bot=_Ends(), keep_prior=2.0, depth=1)
    assert paired.choose(state, random.Random(2)).kind != "end"
    assert unpaired.choose(state, random.Random(2)).kind == "end"
    assert PairedRollouts(worth(0.0), None, iterations=60, rollout_steps=0, prior_bot=_Ends(),
                          keep_prior=2.0).choose(state, random.Random(2)).kind == "end"  # no gain: kept


def test_a_decision_no_rival_improves_is_settled_early():
    """The budget goes where the decision is close: when no rival beats the prior in the first worlds, the search
    stops there; it never spends more than its budget."""
    state, worth = _moba_choice()
    flat = PairedRollouts(worth(0.0), None, iterations=60, rollout_steps=0, prior_bot=_Ends(), keep_prior=2.0)
    flat.choose(state, random.Random(0))
    close = PairedRollouts(worth(0.1), None, iterations=60, rollout_steps=0, prior_bot=_Ends(), keep_prior=2.0)
    close.choose(state, random.Random(0))
    assert flat.last["iterations"] < close.last["iterations"] <= 60


def test_clearly_better_needs_a_mean_above_its_standard_errors():
    assert clearly_better([0.2] * 10, 2.0)
    assert not clearly_better([1.0, -1.0] * 5 + [0.2], 2.0)
    assert not clearly_better([1.0], 2.0)          # one world is not proof (the pseudo-observation)
    assert not clearly_better([], 0.0)


@pytest.mark.parametrize("game_id", games())
def test_the_strong_bots_search_is_paired(game_id):
    assert isinstance(explorer.get_game(game_id).bots()["strong"]().search, PairedRollouts)


def test_the_paired_search_depends_only_on_the_view_the_seed_and_the_budget():
    """Tactical rollouts in 永恒之息: the same seed and budget give the same choice and the same counts (no clock),
    whatever else ran in between."""
    state, bots = _eb_choice()

    def run(seed, iterations=12):
        search = PairedRollouts(lambda d, n: [0.5] * n, bots["tactical"](), iterations=iterations, rollout_steps=30,
                                prior_bot=bots["tactical"](), keep_prior=2.0)
        return search.choose(state, random.Random(seed)), search.last

    first = run(7)
    run(8)
    assert run(7) == first
    assert state.is_legal(first[0]) and first[1]["iterations"] <= 12
