"""Seeded positions of whole games of every game, for the determinisation and strong-bot tests."""

from __future__ import annotations

from support import PerGame, games

import explorer

SETUPS = PerGame(  # two tables of each game, the larger with a switch that hides more where it has one
    eternal_breath=((2, {}), (4, {"trap_deployed": "face_down"})),
    card_moba=((2, {}), (3, {})),
    castle_heart=((5, {}), (6, {"identity_mix": "any_legal"})),
)
TABLES = tuple((g, n, v) for g in games() for n, v in SETUPS[g])
IDS = [f"{g}-{n}p{'-' + '-'.join(v.values()) if v else ''}" for g, n, v in TABLES]


def positions(game_id: str, players: int, variant: dict, games: int = 2, every: int = 9):
    """Every ``every``-th state (chance nodes included) of ``games`` seeded random games, played to the end
    under the game's simulation limits."""
    game = explorer.get_game(game_id)
    bounded = game.bounded_variant(players, variant)
    for seed in range(games):
        start = explorer.new_game(game_id, players, bounded)
        for i, state in enumerate(explorer.play(start, game.bots()["random"](), seed=seed)):
            if i % every == 0 and not state.is_terminal:
                yield state
