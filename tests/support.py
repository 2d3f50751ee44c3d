"""What tests share: the repository's root, whether this is CI, ``need`` (a skip that fails under CI) and the
games to test. Import it as ``from support import …`` (tests/conftest.py puts this folder on ``sys.path``);
never ``from conftest import …``, which names whichever conftest Python imported first."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import pytest

import explorer

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Every widget or app test's secret session seeds come from this base (RE_TEST_SEED=N tries another): in the test's
# process from the base and the test's id (tests/conftest.py), in a test server's kernels from KERNEL_SEED
# (tests/kernel_seed/sitecustomize.py). The product draws them from the OS (widgets.play.session_node.session_seed).
SEED_BASE = int(os.environ.get("RE_TEST_SEED", "0"))
KERNEL_SEED = f"{SEED_BASE}:kernel"
KERNEL_SEED_PATH = Path(__file__).parent / "kernel_seed"


def need(condition: bool, why: str) -> None:
    """Skip a test whose tool is missing, except under CI=true, where that is a failure."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI=true and {why}")
    pytest.skip(why)


def games(*, shipped: bool = True, players: int | None = None, bots: Iterable[str] = ()) -> tuple[str, ...]:
    """The ids, sorted, of the registered games a test (or a bench module) covers: ask here instead of writing a list
    of ids, so a new game in ``explorer/games`` is tested everywhere by default (tests/test_support.py fails on a
    list of two or more written by hand).

    ``shipped``: only the product's games (their folder is ``explorer/games/<id>``); False adds the games registered
    at run time (tests/conftest.py's ``toy_duel``, the core's own test game). ``players``: only the games whose rules
    allow a table of that many. ``bots``: only the games that offer every bot named (``Game.bots()``)."""
    out = []
    for game_id in explorer.game_ids():
        game = explorer.get_game(game_id)
        if shipped and not (game.folder is not None and game.folder.parent.name == "games"):
            continue
        if players is not None and not game.min_players <= players <= game.max_players:
            continue
        if not bots or set(bots) <= set(game.bots()):
            out.append(game_id)
    return tuple(out)


def smallest_tables(**filters) -> tuple[tuple[str, int], ...]:
    """(game id, the smallest table its rules allow) for each of ``games(**filters)``."""
    return tuple((game_id, explorer.get_game(game_id).min_players) for game_id in games(**filters))


class PerGame(dict):
    """Data a test (or a bench module) holds game by game (a board's mark, a clause of its own, the table size a case
    needs), by game id: reading the entry of a game it lacks raises a KeyError naming that game, so a new game is never
    left out in silence (``.get`` still answers a default where a test means one)."""

    def __missing__(self, game_id: str):
        raise KeyError(f"{game_id!r} is a registered game with no entry in this table (it has "
                       f"{', '.join(sorted(self))}): write the game's own")
