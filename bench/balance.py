"""The balance lab's speed (issue 16): bot games per second per core, with and without the greedy bot's memo,
and the wall-clock speed-up of a study from 1 to 2 Dask worker processes.

- games/s per core: one process, CPU time (time.process_time), seeded greedy bots with the game's simulation
  limits, as `python -m balance` plays them. The peer "greedy, no memo" is the same bot with its
  expected-damage memo switched off (the bot as it was before), measured in this run.
- 1 → 2 workers: the same study (wall clock, cluster start included and excluded) on a LocalCluster of 1 and of
  2 worker processes; the machine has 2 cores, so 2× is the ceiling.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from support import PerGame, games

import explorer
from balance import Study
from balance.runner import _client, play_batch
from explorer.games.eternal_breath import bots as eb_bots

SECONDS = 3.0
TABLES = PerGame(eternal_breath=4, card_moba=2, castle_heart=5)  # players of each game's case


def games_per_cpu_second(study: Study, seconds: float = SECONDS) -> float:
    start = time.process_time()
    i = 0
    while time.process_time() - start < seconds or i < 2:
        study.row(i)
        i += 1
    return i / (time.process_time() - start)


def greedy_without_memo(study: Study) -> float:
    """The same study with the greedy bot's memo off (expected_over called through to the function itself)."""
    memo = eb_bots.expected_over
    eb_bots.expected_over = memo.__wrapped__
    try:
        return games_per_cpu_second(study)
    finally:
        eb_bots.expected_over = memo


def study_seconds(study: Study, workers: int) -> tuple[float, float]:
    """(wall seconds with the cluster's start, wall seconds of the games alone) on ``workers`` processes."""
    t0 = time.perf_counter()
    with _client(workers, None) as client:
        client.submit(play_batch, study, [0], pure=False).result()  # warm every import on one worker
        client.run(lambda: __import__("explorer.games"))
        t1 = time.perf_counter()
        parts = [[i] for i in range(study.games)]
        for f in client.map(play_batch, [study] * len(parts), parts, pure=False):
            f.result()
        t2 = time.perf_counter()
    return t2 - t0, t2 - t1


def run() -> Iterator[dict]:
    for game_id in games():
        players = TABLES[game_id]
        study = Study(game_id, players, 10**6, ("greedy",), seed=1)
        rate = games_per_cpu_second(study)
        row = {"bench": "balance", "case": f"{game_id}, {players} players, greedy bots: games/s per core",
               "value": round(rate, 1), "unit": "games/s"}
        if game_id == "eternal_breath":
            before = greedy_without_memo(study)
            row.update(peer="greedy, no memo (the bot before)", peer_value=round(before, 1),
                       ratio=round(rate / before, 2), target="≥ 2× the bot before", ok=rate >= 2 * before)
        yield row
    study = Study("castle_heart", 5, 200, ("greedy",), seed=2)
    one_all, one = study_seconds(study, 1)
    two_all, two = study_seconds(study, 2)
    yield ({"bench": "balance", "case": "castle_heart ×5, 200 greedy games on 2 Dask workers vs 1 (games only)",
                 "value": round(two, 2), "unit": "s", "peer": "1 worker", "peer_value": round(one, 2),
                 "ratio": round(one / two, 2), "target": "speed-up > 1.5 (2 cores)", "ok": one / two > 1.5})
    yield ({"bench": "balance", "case": "the same, cluster start included",
                 "value": round(two_all, 2), "unit": "s", "peer": "1 worker", "peer_value": round(one_all, 2),
                 "ratio": round(one_all / two_all, 2)})
    explorer.get_game("castle_heart")
