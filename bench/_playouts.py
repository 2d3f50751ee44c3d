"""Seeded random-bot games of one game, timed on one core: ``python bench/_playouts.py GAME SECONDS`` prints JSON;
``python bench/_playouts.py GAME apply SEEDS`` prints the CPU time and actions of each of seeds 0 … SEEDS - 1
through State.apply (each once, after a warm-up game of another seed).

Run by bench/engine.py twice per game, with ``PYTHONPATH`` pointing at this tree and at the baseline commit's tree
(a ``git archive`` of it), so "before" and "after" are measured by the same code, in the same run, on the same
machine. Uses only the public API that both trees have (new_game, play_out, sample_chance, RandomBot).
"""

from __future__ import annotations

import json
import random
import sys
import time
import tracemalloc

import explorer


def start(game_id: str) -> explorer.State:
    game = explorer.get_game(game_id)
    players = min(max(4, game.min_players), game.max_players)
    return explorer.new_game(game_id, players, game.bounded_variant(players))  # bots alone


def apply_game(state: explorer.State, seed: int) -> int:
    """A person's path: one seeded random game, every step through State.apply; returns the actions."""
    rng, bot, steps = random.Random(seed), explorer.RandomBot(), 0
    while not state.is_terminal:
        action = explorer.sample_chance(state.chance_outcomes(), rng) if state.is_chance else bot.choose(state, rng)
        state = state.apply(action)
        steps += 1
    return steps


def playout_game(state: explorer.State, seed: int) -> int:
    """The bots' path: play_out of the same game."""
    return len(explorer.play_out(state, seed=seed).history) - len(state.history)


def measure(game_id: str, one_game, seconds: float) -> dict:
    """Whole games (seeds 0, 1, …) for ``seconds`` of this process's CPU time; one more for peak memory."""
    first = start(game_id)
    games = actions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        actions += one_game(first, games)
        games += 1
    elapsed = time.process_time() - t0
    tracemalloc.start()
    one_game(first, 10_000)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"actions_per_s": actions / elapsed, "games_per_s": games / elapsed, "mean_actions": actions / games,
            "peak_mb": peak / 2**20}


def each_seed(game_id: str, one_game, seeds: int) -> dict:
    """Seeds 0 … seeds - 1, each game once: its CPU time and actions (the caller keeps each seed's least time over
    several processes, the run least disturbed by other work)."""
    first = start(game_id)
    one_game(first, 10_000)  # warm-up: imports and the games' own caches, as a person's session has them
    seconds, actions = [], []
    for seed in range(seeds):
        t0 = time.process_time()
        actions.append(one_game(first, seed))
        seconds.append(time.process_time() - t0)
    return {"seconds": seconds, "actions": actions}


if __name__ == "__main__":
    if sys.argv[2] == "apply":
        print(json.dumps(each_seed(sys.argv[1], apply_game, int(sys.argv[3]))))
        sys.exit()
    game_id, seconds = sys.argv[1], float(sys.argv[2])
    print(json.dumps({"State.apply": measure(game_id, apply_game, seconds),
                      "play_out": measure(game_id, playout_game, seconds)}))
