"""Kernel CPU of a click that only moves the person's own game at the Play table (issue 31, point 4: "≤ 40 ms of
kernel CPU median"), this tree against the previous release in the same run.

``bench/_own_clicks.py`` plays a scripted game at a ``PlayArea`` in a fresh process (a person at seat 0 clicking the
greedy bot's choices, the best bot in the other seats, seeded dice, the graph's tab closed as in the app) and times
the process CPU around each click handler whose steps were the person's own (no other seat decided), every widget
message serialised as the kernel would; the median over the game's first ``MOST`` such clicks is the row's value.
The previous release (``PREVIOUS_COMMIT``, the one ``bench/engine.py`` measures the engine against) is a ``git
archive`` of its ``explorer``, ``widgets`` and ``probability``, run by the same script, before and after in
alternating rounds; without git history the target is stated alone.
"""

from __future__ import annotations

import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path

from support import smallest_tables

from bench.engine import PREVIOUS_COMMIT, ROOT, baseline_tree

GAMES = smallest_tables()
SEED = 7
MOST = 40  # own clicks measured per game (a MOBA game has about 40; 城堡之心's person mostly answers bots)
TARGET_MS = 40.0
ROUNDS = 1  # before, then after, this many times (more when the machine is loaded: its load drifts)


def release_tree(commit: str = PREVIOUS_COMMIT) -> Path | None:
    """``commit``'s engine (``baseline_tree``) with its widgets and odds beside it, or None without git history."""
    folder = baseline_tree(commit)
    if folder is None:
        return None
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "widgets", "probability"],
                             capture_output=True, check=True, timeout=120).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def clicks(tree: Path, game_id: str, players: int) -> dict:
    """bench/_own_clicks.py on ``tree``'s code (a fresh process: its own CPU time)."""
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "_own_clicks.py"), game_id, str(players), str(SEED),
                          str(MOST)], capture_output=True, check=True, text=True, cwd=str(tree), timeout=900,
                         env={**os.environ, "PYTHONPATH": str(tree)}).stdout
    return json.loads(out.strip().splitlines()[-1])


def run() -> Iterator[dict]:
    base = release_tree()
    for game_id, players in GAMES:
        rounds = [((clicks(base, game_id, players) if base else None), clicks(ROOT, game_id, players))
                  for _ in range(ROUNDS)]
        now = statistics.median(r[1]["median_ms"] for r in rounds)
        before = statistics.median(r[0]["median_ms"] for r in rounds) if base else None
        last = rounds[-1][1]
        yield {"bench": "own_click",
               "case": f"{game_id} {players}p: kernel CPU of a click moving only the person's game (median of "
                       f"{last['own_clicks']} clicks, {last['median_messages']:g} widget messages; "
                       f"p90 {last['p90_ms']:.1f} ms)", "value": round(now, 2), "unit": "ms",
               "target": f"≤ {TARGET_MS:g} ms", "ok": now <= TARGET_MS,
               "peer": f"previous release {PREVIOUS_COMMIT} ({ROUNDS} round(s), before then after)" if base else None,
               "peer_value": round(before, 2) if before is not None else None,
               "ratio": round(now / before, 2) if before else None}


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(list(run())))
