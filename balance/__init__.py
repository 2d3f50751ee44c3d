"""Balance lab: many seeded bot games, one table row per game, win rates with honest intervals.

    python -m balance eternal_breath --players 4 --games 1000 --bots greedy --out study.parquet

>>> from balance import Study, replay, run, summarise
>>> df = run(Study("castle_heart", players=4, games=20, bots=("greedy",)), workers=0, progress=False)
>>> end = replay(df.iloc[3])  # game 3's final State: the same seed, bots and switches

Games run on Dask (a ``LocalCluster`` by default, or an existing scheduler), each seeded from the study's seed
and its own index, so the table never depends on how the games were spread over workers.
"""

from __future__ import annotations

import threading
from pathlib import Path

from .compare import compare, inert
from .report import report
from .runner import run_rows
from .study import Study, StudyError, game_seed, replay
from .summary import Rate, summarise, wilson


def run(study: Study, workers: int | None = None, scheduler: str | None = None, progress=True,
        cancel: threading.Event | None = None):
    """The study's table as a pandas DataFrame, one row per game in game order.

    ``progress``: True for a bar (tqdm: a text bar in a terminal, a widget in a notebook), False for none,
    or a function ``(done, total)``.
    """
    import pandas as pd

    bar = None
    if progress is True:
        from tqdm.auto import tqdm

        bar = tqdm(total=study.games, unit="game", desc=f"{study.game_id} ×{study.players}")

        def progress(done, total):
            bar.update(done - bar.n)

    try:
        rows = run_rows(study, workers=workers, scheduler=scheduler, progress=progress or None, cancel=cancel)
    finally:
        if bar is not None:
            bar.close()
    return pd.DataFrame(rows)


def write(df, out: str | Path) -> Path:
    """Write the table as Parquet, all at once (a temporary file renamed: never a half-written table)."""
    out = Path(out)
    tmp = out.with_name(out.name + ".part")
    df.to_parquet(tmp, index=False)
    tmp.replace(out)
    return out


__all__ = ["Rate", "Study", "StudyError", "compare", "game_seed", "inert", "replay", "report", "run", "summarise",
           "wilson", "write"]
