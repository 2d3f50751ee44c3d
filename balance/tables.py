"""Study tables: the readings a study may be compared with, and a table read back from Parquet, validated."""

from __future__ import annotations

import io
import json

import explorer
from explorer.errors import W

MAX_UPLOAD = 50 * 2**20  # bytes: a study file a person loads in the app
MAX_ROWS = 1_000_000     # games in a study file: a long study; more is refused from the file's metadata, unread
MAX_DECODED = 512 * 2**20  # bytes the table may take once read (8 per cell at least: a bound, checked unread)


def readings(game_id: str) -> list[str]:
    """The "key=value" readings a study can be compared with: every other value of each listed switch."""
    game = explorer.get_game(game_id)
    limits = set(game.simulation_limits(game.min_players))
    return [f"{name}={value}" for name, o in sorted(game.options.items()) if o.values and name not in limits
            for value in o.values if value != o.default]


def read_study(data: bytes, name: str):
    """A study table from Parquet bytes, or ValueError saying what is wrong (its reason a bilingual
    ``explorer.W``). The rows and the decoded size are checked from the file's metadata before anything is read
    (a 4.9 MB file can hold 100 M rows); then the columns a study has, with the types the summaries need."""
    import pandas as pd  # only when a table is read

    if len(data) > MAX_UPLOAD:
        raise ValueError(W(f"{name} is larger than {MAX_UPLOAD // 2**20} MB",
                           f"{name} 大于 {MAX_UPLOAD // 2**20} MB"))
    try:
        import pyarrow.parquet as pq

        meta = pq.ParquetFile(io.BytesIO(data)).metadata
    except Exception as exc:  # pyarrow raises several kinds for a file that is not Parquet
        raise ValueError(W(f"{name} is not a Parquet file ({type(exc).__name__})",
                           f"{name} 不是 Parquet 文件（{type(exc).__name__}）")) from None
    if meta.num_rows > MAX_ROWS:
        raise ValueError(W(f"{name} holds {meta.num_rows:,} rows; a study file holds at most {MAX_ROWS:,} games",
                           f"{name} 有 {meta.num_rows:,} 行；研究文件最多 {MAX_ROWS:,} 局"))
    if meta.num_rows * max(meta.num_columns, 1) * 8 > MAX_DECODED:
        raise ValueError(W(f"{name} would take more than {MAX_DECODED // 2**20} MB once read",
                           f"{name} 读取后将超过 {MAX_DECODED // 2**20} MB"))
    try:
        df = pd.read_parquet(io.BytesIO(data))
    except Exception as exc:
        raise ValueError(W(f"{name} is not a Parquet file ({type(exc).__name__})",
                           f"{name} 不是 Parquet 文件（{type(exc).__name__}）")) from None
    needed = {"game", "seed", "players", "winners", "ended", "win_0"}
    if missing := sorted(needed - set(df.columns)):
        raise ValueError(W(f"{name} has no column {', '.join(missing)}", f"{name} 缺少列 {', '.join(missing)}"))
    if df.empty or not pd.api.types.is_integer_dtype(df["players"]) or df["players"].nunique() != 1:
        raise ValueError(W(f"{name} must hold games of one player count (a whole number)",
                           f"{name} 必须只含同一人数（整数）的对局"))
    n = int(df["players"].iloc[0])
    for p in range(n):
        column = df.get(f"win_{p}")
        if column is None or not (pd.api.types.is_bool_dtype(column) or pd.api.types.is_integer_dtype(column)) \
                or not column.isin((0, 1)).all():
            raise ValueError(W(f"{name}: win_{p} must be a column of true/false (0/1) for each of its {n} seats",
                               f"{name}：{n} 个座位各需一列 win_{p}，值为真/假（0/1）"))
    facts = {c.rsplit("_", 1)[0] for c in df.columns if c.endswith("_0") and c not in ("win_0", "damage_0")}
    for fact in sorted(facts):
        if lacking := [f"{fact}_{p}" for p in range(n) if f"{fact}_{p}" not in df.columns]:
            raise ValueError(W(f"{name} has {fact}_0 but no {', '.join(lacking)}",
                               f"{name} 有 {fact}_0 却缺少 {', '.join(lacking)}"))
    return df


def check_game(df, game_id: str, name: str) -> None:
    """ValueError unless the table's games are of ``game_id`` (its variant column names exactly that game's
    switches) with a player count the game allows."""
    game = explorer.get_game(game_id)
    try:
        keys = set(json.loads(df["variant"].iloc[0]))
    except (KeyError, TypeError, ValueError):
        raise ValueError(W(f"{name} has no readable variant column", f"{name} 没有可读的变体列")) from None
    if keys != set(game.options):
        raise ValueError(W(f"{name} is not a study of {game.name_en}", f"{name} 不是{game.name_zh}的研究"))
    if not game.min_players <= int(df["players"].iloc[0]) <= game.max_players:
        raise ValueError(W(f"{name} has a player count {game.name_en} does not allow",
                           f"{name} 的人数不是{game.name_zh}允许的"))
