"""Seeded random games of our engine (no OpenSpiel involved), for the bridge's tests to compare against."""

from __future__ import annotations

from collections.abc import Iterator

from support import smallest_tables

import explorer
from explorer.play import play

# (game id, table size): every game at its smallest table, and at that plus two (or its largest, if smaller)
SMALLEST = smallest_tables()
TABLES = tuple((g, n) for g, least in SMALLEST
               for n in sorted({least, min(least + 2, explorer.get_game(g).max_players)}))


def start(game_id: str, players: int) -> explorer.State:
    """A new game with the bots' simulation limits (the OpenSpiel game's default parameters)."""
    game = explorer.get_game(game_id)
    return explorer.new_game(game_id, players, game.bounded_variant(players))


def states(game_id: str, players: int, seeds: range) -> Iterator[explorer.State]:
    """Every state of one seeded random game per seed, the start included, TERMINAL left out."""
    for seed in seeds:
        first = start(game_id, players)
        yield first
        yield from (s for s in play(first, seed=seed) if not s.is_terminal)
