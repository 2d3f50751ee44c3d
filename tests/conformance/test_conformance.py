"""Every registered game keeps the engine's promises (DESIGN.md), checked at every step of seeded
random playouts across its player counts and its variant switches."""

from __future__ import annotations

import pytest
from support import games

import explorer
from conformance.checks import checked_playout

GAMES = games(shipped=False)


def player_counts(game_id: str) -> list[int]:
    g = explorer.get_game(game_id)
    return list(range(g.min_players, g.max_players + 1))


# `make test` plays every table size once; the second seed is in the slow matrix (`make test-all`).
CASES = [pytest.param(gid, n, seed, marks=[pytest.mark.slow] if seed > 1 else [])
         for gid in GAMES for n in player_counts(gid) for seed in (1, 2)]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_random_playout_keeps_every_promise(game_id, players, seed):
    final = checked_playout(game_id, players, seed)
    assert final.is_terminal


def smallest_table(game: explorer.Game, switch: str) -> int:
    """The smallest table at which ``switch`` can change play: the game's smallest, or the one its assumption
    names (``players_from``: e.g. 城堡之心's identity mixes differ only from 5 and 6 players)."""
    entry = next((a for a in game.assumptions if a.switch == switch), None)  # a clause's switch acts anywhere
    return max(game.min_players, entry.players_from if entry else 0)


# `make test` plays each switch at its smallest interesting table; the largest table is in the slow matrix.
SWITCHES = [pytest.param(gid, name, value, players, marks=[pytest.mark.slow] if largest else [])
            for gid in GAMES
            for name, option in explorer.get_game(gid).options.items()
            for value in (option.values or ())
            if value != option.default
            for players, largest in ((smallest_table(explorer.get_game(gid), name), False),
                                     (explorer.get_game(gid).max_players, True))]


@pytest.mark.parametrize(("game_id", "switch", "value", "players"), SWITCHES)
def test_every_variant_switch_plays_to_the_end(game_id, switch, value, players):
    final = checked_playout(game_id, players, seed=3, variant={switch: value}, check_every_step=False)
    assert final.is_terminal and final.variant[switch] == value


@pytest.mark.parametrize("game_id", GAMES)
def test_a_switchs_smallest_table_is_one_the_game_allows(game_id):
    g = explorer.get_game(game_id)
    for a in g.assumptions:
        if a.players_from:
            assert a.switch and g.min_players < a.players_from <= g.max_players, a.id


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_variant_switch_is_refused(game_id):
    with pytest.raises(explorer.VariantError, match="no_such_switch"):
        explorer.new_game(game_id, explorer.get_game(game_id).min_players, {"no_such_switch": 1})


@pytest.mark.parametrize("game_id", GAMES)
def test_player_counts_outside_the_range_are_refused(game_id):
    g = explorer.get_game(game_id)
    for n in (g.min_players - 1, g.max_players + 1):
        with pytest.raises(ValueError) as refused:
            explorer.new_game(game_id, n)
        if g.players_clause:  # the refusal names the rule that states the count
            assert g.players_clause in str(refused.value)
            assert g.players_clause in g.clause_index or any(a.id == g.players_clause for a in g.assumptions)


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_and_events_describe_themselves_in_both_languages(game_id):
    g = explorer.get_game(game_id)
    state = explorer.new_game(game_id, g.min_players)
    steps = 0
    for nxt in explorer.play(state, seed=5, max_steps=60):
        steps += 1
        for a in state.legal_actions():
            for lang in ("en", "zh"):
                text = a.describe(lang)
                assert isinstance(text, str) and text.strip(), f"{a} has no {lang} description"
        for e in nxt.events:
            assert e.describe("en").strip() and e.describe("zh").strip()
        state = nxt
    assert steps > 0
