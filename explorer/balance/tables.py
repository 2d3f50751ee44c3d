"""Study tables: the readings a study may be compared with, and a table read back from Parquet, validated."""

from __future__ import annotations

import io
import json

import explorer

MAX_UPLOAD = 50 * 2**20  # bytes: a study file a person loads in the app


def readings(game_id: str) -> list[str]:
    """The "key=value" readings a study can be compared with: every other value of each listed switch."""
    game = explorer.get_game(game_id)
    limits = set(game.simulation_limits(game.min_players))
    return [f"{name}={value}" for name, o in sorted(game.options.items()) if o.values and name not in limits
            for value in o.values if value != o.default]


def read_study(data: bytes, name: str):
    """A study table from Parquet bytes, or ValueError saying what is wrong (the columns a study has)."""
    import pandas as pd  # only when a table is read

    if len(data) > MAX_UPLOAD:
        raise ValueError(f"{name} is larger than {MAX_UPLOAD // 2**20} MB")
    try:
        df = pd.read_parquet(io.BytesIO(data))
    except Exception as exc:  # pyarrow raises several kinds for a file that is not Parquet
        raise ValueError(f"{name} is not a Parquet file ({type(exc).__name__})") from None
    needed = {"game", "seed", "players", "winners", "ended", "win_0"}
    if missing := sorted(needed - set(df.columns)):
        raise ValueError(f"{name} has no column {', '.join(missing)}")
    if df.empty or df["players"].nunique() != 1:
        raise ValueError(f"{name} must hold games of one player count")
    n = int(df["players"].iloc[0])
    if any(f"win_{p}" not in df.columns for p in range(n)):
        raise ValueError(f"{name} lacks a win column for one of its {n} seats")
    return df


def check_game(df, game_id: str, name: str) -> None:
    """ValueError unless the table's games are of ``game_id`` (its variant column names exactly that game's
    switches) with a player count the game allows."""
    game = explorer.get_game(game_id)
    try:
        keys = set(json.loads(df["variant"].iloc[0]))
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"{name} has no readable variant column") from None
    if keys != set(game.options):
        raise ValueError(f"{name} is not a study of {game.name_en} / {game.name_zh}")
    if not game.min_players <= int(df["players"].iloc[0]) <= game.max_players:
        raise ValueError(f"{name} has a player count {game.name_en} does not allow")
