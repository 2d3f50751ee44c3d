"""Seeded random games of our engine (no OpenSpiel involved), for the bridge's tests to compare against."""

from __future__ import annotations

from collections.abc import Iterator

import explorer
from explorer.play import play

# (game id, table size): every game at its smallest table and one larger table
TABLES = (("eternal_breath", 2), ("eternal_breath", 4), ("card_moba", 2), ("card_moba", 4),
          ("castle_heart", 3), ("castle_heart", 5))
SMALLEST = (("eternal_breath", 2), ("card_moba", 2), ("castle_heart", 3))


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
