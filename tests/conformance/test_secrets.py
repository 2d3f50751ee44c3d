"""Hidden information does not leak through the flow (issue 20), for every game: at seeded positions of random
playouts, a twin differing in one player's secret (a hand card, a hidden identity) looks the same to every
other player — view, current player, decision clause, their legal actions, events — now and one step later."""

from __future__ import annotations

import random

import pytest
from support import games

import explorer
from conformance.secrets import leaks, next_step, twins
from widgets.games import board_class
from widgets.play.game_session import GameSession

GAMES = games(shipped=False)
SAMPLES = 12         # positions checked per playout
STEPS = 400          # playout length cap (bounded variant)


def positions(game_id: str, players: int, seed: int):
    g = explorer.get_game(game_id)
    s = explorer.new_game(game_id, players, g.bounded_variant(players))
    rng = random.Random(seed)
    seen = []
    for _ in range(STEPS):
        if s.is_terminal:
            break
        seen.append(s)
        if s.is_chance:
            moves, weights = zip(*s.chance_outcomes(), strict=True)
            s = s.apply(rng.choices(moves, weights=[float(w) for w in weights])[0])
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    step = max(1, len(seen) // SAMPLES)
    return seen[step // 2::step][:SAMPLES]


CASES = [(gid, n, seed) for gid in GAMES
         for n in sorted({explorer.get_game(gid).min_players, explorer.get_game(gid).max_players})
         for seed in (1, 2)]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_a_secret_does_not_show_to_the_others(game_id, players, seed):
    board = board_class(game_id)(GameSession(game_id, players))
    checked = 0
    for s in positions(game_id, players, seed):
        for owners, a, b in twins(s):
            assert a.data != b.data
            found = leaks(a, b, owners)
            assert not found, f"{game_id} {s}: P{owners}'s secret shows: {found}"
            for q in set(range(players)) - set(owners):
                for lang in ("en", "zh"):
                    board.lang = lang
                    assert board.render(a.view(q, with_log=False)) == board.render(b.view(q, with_log=False)), \
                        f"{game_id} {s}: the board shows P{owners}'s secret to P{q} ({lang})"
            nxt = next_step(a, b, owners)
            if nxt is not None:
                a2, b2 = nxt
                found = leaks(a2, b2, owners, a2.events, b2.events)
                assert not found, f"{game_id} {s} then {a2.history[-1]}: P{owners}'s secret shows: {found}"
            checked += 1
    assert checked, "no twin was built: the test would check nothing"


def test_the_check_can_fail_the_owner_tells_its_own_twins_apart():
    """The comparison is not blind: seen by its owner, a swapped hand card or identity does differ."""
    for game_id in GAMES:
        n = explorer.get_game(game_id).max_players
        for s in positions(game_id, n, seed=1)[1:]:
            pairs = list(twins(s))
            if pairs:
                owners, a, b = pairs[0]
                assert leaks(a, b, owners=()), f"{game_id}: P{owners} sees no difference in its own secret"
                break
        else:
            raise AssertionError(f"{game_id}: no position with a secret to swap")
