"""Run a study's games: in this process, on a local Dask cluster, or on an existing one; one row per game.

The games are cut into batches, each a Dask task (``pure``, retried on failure: a task whose worker died is
recomputed elsewhere). Rows are keyed by their game index, so the table has every game exactly once and in
order, however the batches were spread.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from .study import Study, StudyError

Progress = Callable[[int, int], None]  # (games done, games in the study)
SMALL_STUDY = 200  # games: below this a study runs in this process unless ``workers`` asks for Dask
SCHEDULER_TIMEOUT = "1.5s"  # an unreachable --scheduler is reported within this


def play_batch(study: Study, indices: list[int]) -> list[dict[str, Any]]:
    """Dask task: the rows of games ``indices`` (each game seeded by its own index)."""
    return [study.row(i) for i in indices]


def batches(games: int, size: int) -> list[list[int]]:
    return [list(range(start, min(start + size, games))) for start in range(0, games, size)]


def run_rows(study: Study, workers: int | None = None, scheduler: str | None = None,
             progress: Progress | None = None, cancel: threading.Event | None = None,
             batch: int | None = None) -> list[dict[str, Any]]:
    """Every game's row, in game order.

    ``workers=0``, or no ``workers`` for a study under ``SMALL_STUDY`` games: in this process, no Dask (starting
    worker processes costs more than such a study). Otherwise a ``LocalCluster`` of
    ``workers`` processes (default: the machine's cores), or the cluster at ``scheduler`` ("tcp://host:8786").
    ``cancel`` (set from another thread) stops after the games already finished: they are returned.
    """
    if scheduler is None and (workers == 0 or (workers is None and study.games < SMALL_STUDY)):
        rows = []
        for i in range(study.games):
            if cancel is not None and cancel.is_set():
                break
            rows.append(study.row(i))
            if progress:
                progress(len(rows), study.games)
        return rows
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 0):
        raise StudyError("--workers", f"expected a whole number of worker processes ≥ 0, not {workers!r}")
    most = max_workers()
    if workers is not None and workers > most:  # issue 38: 100,000 local processes were accepted
        raise StudyError("--workers", f"{workers} local worker processes is more than this machine's {most} (two per "
                                      f"core); for more, start a Dask cluster and pass --scheduler")
    with _client(workers, scheduler) as client:
        cores = sum(client.nthreads().values()) or 1
        size = batch or max(1, min(50, study.games // (cores * 4) or 1))
        from distributed import as_completed

        futures = client.map(play_batch, [study] * len(parts := batches(study.games, size)), parts,
                             pure=True, retries=3, key=[f"balance-{study.seed}-{p[0]}" for p in parts])
        by_game: dict[int, dict] = {}
        for future in as_completed(futures):
            for row in future.result():
                by_game[row["game"]] = row
            if progress:
                progress(len(by_game), study.games)
            if cancel is not None and cancel.is_set():
                client.cancel(futures)
                break
    return [by_game[i] for i in sorted(by_game)]


def max_workers() -> int:
    """The most local worker processes a study may start: two per core (each game is pure CPU work)."""
    return 2 * (os.cpu_count() or 1)


def _client(workers: int | None, scheduler: str | None):
    """A Dask client: connected to ``scheduler``, or owning a fresh local cluster of worker processes."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            return Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise StudyError("--scheduler", f"cannot reach a Dask scheduler at {scheduler!r}: {exc}") from None
    n = workers or os.cpu_count() or 1
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=40)
    client = Client(cluster)
    return _Owned(client, cluster)


class _Owned:
    """A client and the local cluster it owns, closed together."""

    def __init__(self, client, cluster):
        self.client, self.cluster = client, cluster

    def __enter__(self):
        return self.client

    def __exit__(self, *exc):
        self.client.close()
        self.cluster.close()
