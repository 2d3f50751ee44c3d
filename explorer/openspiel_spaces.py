"""Each game's OpenSpiel action space: every action numbered, from the kinds its own ``spiel.py`` lists.

A game has an action space when its package has a module ``spiel`` with ``signatures(players)`` (found through the
game, ``Game.own_module``; a plug-in game brings its own): the kinds of its actions and every value each parameter
may take, read from the game's data (card, character, hero, map and bloodline ids; map sizes; ranges; leadership)
or the rules' own constants (die faces, the listed win scores, declarations), never from play — so every legal
action of every state has its place, and ids stay put while games are played. A number the rules leave open
(``Game.open_number``: the MOBA's winning score) has its listed menu there; OpenSpiel's ``win_score`` parameter
gives any other. The blocks follow the order the game writes; ``docs/openspiel.md`` shows the layout.
"""

from __future__ import annotations

from functools import cache

from .openspiel_encoding import ActionSpace
from .registry import get_game

BOOLS = (False, True)


def table_seats(players: int) -> tuple[int, ...]:
    """Every seat of the table."""
    return tuple(range(players))


def has_space(game_id: str) -> bool:
    """Does the game list its actions for OpenSpiel (a ``spiel`` module with ``signatures``)?"""
    return hasattr(get_game(game_id).own_module("spiel"), "signatures")


@cache
def action_space(game_id: str, players: int) -> ActionSpace:
    """The action space of the game at a table of ``players`` (built once per process from its content)."""
    if not has_space(game_id):
        raise KeyError(f"{game_id!r} has no OpenSpiel action space yet: give its package a spiel.py with "
                       "signatures(players) (docs/adding-a-game.md)")
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game_id} is played by {game.min_players} to {game.max_players}, not {players}")
    return ActionSpace(game_id, game.own_module("spiel").signatures(players))
