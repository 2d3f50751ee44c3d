"""Speed of the card_moba engine with random bots on one core (not a test: run it by hand).

    .venv/bin/python tests/card_moba/bench_speed.py

Prints engine actions per CPU second (process time, so other jobs on the machine do not count; chance
draws included), complete games per CPU second and the peak memory of one game.
"""

from __future__ import annotations

import time
import tracemalloc

import explorer


def measure(players: int, games: int = 30) -> dict:
    actions = 0
    start = time.process_time()
    for seed in range(games):
        state = explorer.new_game("card_moba", players)
        for _ in explorer.play(state, seed=seed):
            actions += 1
    elapsed = time.process_time() - start
    return {"players": players, "actions": actions, "actions_per_s": actions / elapsed,
            "games_per_s": games / elapsed}


def peak_memory(players: int) -> int:
    tracemalloc.start()
    explorer.play_out(explorer.new_game("card_moba", players), seed=1)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def run() -> list[dict]:
    """Rows in the shape bench/__main__.py prints (for a bench/card_moba.py that imports this)."""
    measure(2, games=3)
    rows = []
    for n in (2, 6):
        r = measure(n)
        rows.append({"bench": "card_moba", "case": f"{n} players, random bots", "value": r["actions_per_s"],
                     "unit": "actions/s", "target": ">= 20000", "ok": r["actions_per_s"] >= 20_000})
        rows.append({"bench": "card_moba", "case": f"{n} players, random bots", "value": r["games_per_s"],
                     "unit": "games/s"})
        rows.append({"bench": "card_moba", "case": f"{n} players, one game", "value": peak_memory(n) / 1e6,
                     "unit": "MB peak"})
    return rows


if __name__ == "__main__":
    measure(2, games=3)  # warm up: load the sample content and fill the caches
    for n in (2, 4, 6):
        r = measure(n)
        print(f"{n} players: {r['actions_per_s']:,.0f} actions/s, {r['games_per_s']:.1f} games/s "
              f"({r['actions']} actions), peak memory of one game {peak_memory(n) / 1e6:.1f} MB")
