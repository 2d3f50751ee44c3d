"""Engine speed per registered game: actions/s and complete games/s with seeded random bots, peak memory.

One core: the bench runs in this single process and counts its CPU time (time.process_time), so other
load on the machine does not skew it. Target: ≥ 20,000 actions per second.
"""

from __future__ import annotations

import random
import time
import tracemalloc

import explorer

TARGET_ACTIONS_PER_S = 20_000
SECONDS = 3.0


def _one_game(game_id: str, players: int, seed: int) -> int:
    """Play one seeded random game to the end; returns the number of actions."""
    rng = random.Random(seed)
    game = explorer.get_game(game_id)
    state = explorer.new_game(game_id, players, game.bounded_variant(players))  # bots alone: stated limits
    bot = explorer.RandomBot()
    steps = 0
    while not state.is_terminal:
        if state.is_chance:
            action = explorer.sample_chance(state.chance_outcomes(), rng)
        else:
            action = bot.choose(state, rng)
        state = state.apply(action)
        steps += 1
    return steps


def measure(game_id: str, players: int, seconds: float = SECONDS) -> dict:
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += _one_game(game_id, players, seed=games)
        games += 1
    elapsed = time.process_time() - start
    tracemalloc.start()
    _one_game(game_id, players, seed=10_000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"actions_per_s": actions / elapsed, "games_per_s": games / elapsed,
            "mean_actions": actions / games, "peak_mb": peak / 2**20}


def run() -> list[dict]:
    rows = []
    for game_id in explorer.game_ids():
        game = explorer.get_game(game_id)
        players = min(max(4, game.min_players), game.max_players)
        m = measure(game_id, players)
        case = f"{game_id}, {players} players, random bots"
        rows += [
            {"bench": "engine", "case": f"{case}: actions/s", "value": round(m["actions_per_s"]), "unit": "1/s",
             "target": f"≥ {TARGET_ACTIONS_PER_S}", "ok": m["actions_per_s"] >= TARGET_ACTIONS_PER_S},
            {"bench": "engine", "case": f"{case}: complete games/s (mean {m['mean_actions']:.0f} actions)",
             "value": round(m["games_per_s"], 2), "unit": "1/s"},
            {"bench": "engine", "case": f"{case}: peak memory of one game (tracemalloc)",
             "value": round(m["peak_mb"], 2), "unit": "MiB"},
        ]
    return rows
