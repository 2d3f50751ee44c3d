"""Engine speed: actions/s per registered game with seeded random bots, peak memory, and the work of one step
at step 10 and at step 3,000 of a long game (issue 19).

One core: the bench runs in this single process and counts its CPU time (time.process_time), so other
load on the machine does not skew it much. Target: ≥ 20,000 actions per second.

- actions/s, two paths: "State.apply" (a person's path: every step checked and kept as a State) and
  "play_out" (the bots' playout path: the same rules, exact chance and every event, no State in between).
- per step: State.apply, hash, view for the board (``with_log=False``, what a refresh does), and view with the
  whole log (O(log) by nature: no target). No registered game runs 3,000 steps with random bots (the longest
  are under 2,000), so the long game is the core's toy duel (``tests/toy``) with no turn limit and a million HP:
  the core's own cost per step, which is what grows with the length of a game.
- "before" rows: the same bench run on the merge base (commit ``BEFORE_COMMIT``) on this machine, recorded.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

import explorer
from explorer import State, evolve, sample_chance
from explorer.chain import EMPTY

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import toy

TARGET_ACTIONS_PER_S = 20_000
SECONDS = 3.0
WALK = 40  # steps timed one after the other from each point of the long game
STEPS_AT = (10, 3_000)

BEFORE_COMMIT = "e26211e"
BEFORE = {  # this module run on BEFORE_COMMIT (a git worktree of it), this machine, 2026-11-30 17:20 UTC
    "card_moba, 4 players, random bots, State.apply: actions/s": 9992.0,
    "card_moba, 4 players, random bots, play_out: actions/s": 8766.0,
    "castle_heart, 4 players, random bots, State.apply: actions/s": 9915.0,
    "castle_heart, 4 players, random bots, play_out: actions/s": 9297.0,
    "eternal_breath, 4 players, random bots, State.apply: actions/s": 6357.0,
    "eternal_breath, 4 players, random bots, play_out: actions/s": 7312.0,
    "long game (toy duel), step 10: State.apply": 49.6,
    "long game (toy duel), step 10: hash(State)": 217.3,
    "long game (toy duel), step 10: view(p, with_log=False)": 22.3,
    "long game (toy duel), step 10: view(p) with the log": 50.9,
    "long game (toy duel), step 3,000: State.apply": 108.5,
    "long game (toy duel), step 3,000: hash(State)": 19550.0,
    "long game (toy duel), step 3,000: view(p, with_log=False)": 74.7,
    "long game (toy duel), step 3,000: view(p) with the log": 3954.0,
}


# Compiling the hot core with mypyc (measured 2026-11-30, this machine, 2 s per case, two runs each, averaged):
# events.py and actions.py compile as they are (build: 19 s); chain.py and bag.py stop mypyc (``cls.__new__``),
# state.py, play.py and records.py need typed slots instead of ``object.__setattr__`` and no ``exec``. The
# game rules, where most of a step's time goes, are not the core's. Recipe: ``mypyc explorer/events.py
# explorer/actions.py`` in a copy of the tree, then time _apply_game / _playout_game there and in a plain copy.
MYPYC = {  # game: (plain play_out actions/s, compiled play_out actions/s)
    "card_moba": (10218, 8230), "castle_heart": (12793, 10680), "eternal_breath": (8276, 7678),
}


def mypyc_rows() -> list[dict]:
    """Recorded: is compiling worth its build? (ratio = compiled ÷ plain; below 1 it is slower)."""
    rows = []
    for game_id, (plain, compiled) in MYPYC.items():
        case = f"{game_id}, play_out with events.py + actions.py compiled by mypyc (build 19 s; recorded): actions/s"
        rows.append({"bench": "engine", "case": case, "value": compiled, "unit": "1/s", "peer": "plain Python",
                     "peer_value": plain, "ratio": round(compiled / plain, 2),
                     "target": "a build step if ≥ 1.2×: not worth it"})
    return rows


def _players(game_id: str) -> int:
    game = explorer.get_game(game_id)
    return min(max(4, game.min_players), game.max_players)


def _start(game_id: str) -> State:
    players = _players(game_id)
    return explorer.new_game(game_id, players, explorer.get_game(game_id).bounded_variant(players))  # bots alone


def _apply_game(start: State, seed: int) -> int:
    """A person's path: one seeded random game, every step through State.apply; returns the actions."""
    rng = random.Random(seed)
    bot, state, steps = explorer.RandomBot(), start, 0
    while not state.is_terminal:
        action = sample_chance(state.chance_outcomes(), rng) if state.is_chance else bot.choose(state, rng)
        state = state.apply(action)
        steps += 1
    return steps


def _playout_game(start: State, seed: int) -> int:
    """The bots' path: play_out of the same game."""
    return len(explorer.play_out(start, seed=seed).history) - len(start.history)


def measure(game_id: str, one_game=_apply_game, seconds: float = SECONDS) -> dict:
    start_state = _start(game_id)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += one_game(start_state, seed=games)
        games += 1
    elapsed = time.process_time() - start
    tracemalloc.start()
    one_game(start_state, seed=10_000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"actions_per_s": actions / elapsed, "games_per_s": games / elapsed,
            "mean_actions": actions / games, "peak_mb": peak / 2**20}


# --- the work of one step, early and late in a long game ------------------------------------------------------
def long_game() -> State:
    """The toy duel with no turn limit and a million HP each: it runs as long as we like."""
    game = type("LongToy", (toy.ToyGame,), {"turn_limit": 10**9})()
    variant = game.resolve_variant({})
    return State(game, 2, variant, evolve(game.initial(2, variant), hp=(10**6, 10**6)))


def _line(state: State, steps: int, seed: int) -> list:
    """The actions of ``steps`` seeded random steps from ``state``."""
    rng, actions = random.Random(seed), []
    for _ in range(steps):
        action = sample_chance(state.chance_outcomes(), rng) if state.is_chance else rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    return actions


def _own_copy(state: State) -> State:
    """The same state as the newest of its own line of play (as a person's game is when they step on)."""
    return State(state.game, state.players, state.variant, state.data, EMPTY.extend(state.history),
                 EMPTY.extend(state.log), state.events)


def per_step(state: State, repeats: int = 5) -> dict[str, float]:
    """Median µs per step of each operation over a walk of WALK steps from ``state`` (its own line of play).

    As ``timeit`` does, the garbage collector is off while timing: its passes cost in proportion to
    everything alive, whichever operation happens to trigger them."""
    gc.collect()
    was_on = gc.isenabled()
    gc.disable()
    try:
        return _per_step(state, repeats)
    finally:
        if was_on:
            gc.enable()


def _per_step(state: State, repeats: int) -> dict[str, float]:
    actions = _line(state, WALK, seed=len(state.history))
    ops = {"State.apply": [], "hash(State)": [], "view(p, with_log=False)": [], "view(p) with the log": []}
    clock = time.process_time_ns
    for _ in range(repeats):
        totals = dict.fromkeys(ops, 0)
        s = _own_copy(state)
        for action in actions:  # what a person's step does: apply, then the board's refresh
            t0 = clock()
            s = s.apply(action)
            t1 = clock()
            hash(s)
            t2 = clock()
            s.view(0, with_log=False)
            totals["State.apply"] += t1 - t0
            totals["hash(State)"] += t2 - t1
            totals["view(p, with_log=False)"] += clock() - t2
        s = _own_copy(state)
        for action in actions:  # apart: walking the whole log would slow the others down (the CPU's caches)
            s = s.apply(action)
            t0 = clock()
            s.view(0)
            totals["view(p) with the log"] += clock() - t0
        for name in ops:
            ops[name].append(totals[name] / WALK / 1000)
    return {name: statistics.median(values) for name, values in ops.items()}


def step_rows() -> list[dict]:
    """Per-step µs at each of STEPS_AT; the last point's rows pass when within 2× (+5 µs) of the first's."""
    rows, state, done, first = [], long_game(), 0, {}
    for at in STEPS_AT:
        state = explorer.play_out(state, seed=at, max_steps=at - done)
        done = at
        for name, us in per_step(state).items():
            case = f"long game (toy duel), step {at:,}: {name}"
            row = {"bench": "engine", "case": case, "value": round(us, 1), "unit": "µs/step"}
            if name != "view(p) with the log":  # O(log) by nature
                row["target"] = f"same at step {STEPS_AT[-1]:,} as at step {STEPS_AT[0]:,}"
                first.setdefault(name, us)
                if at == STEPS_AT[-1]:
                    row["ok"] = us <= 2 * first[name] + 5  # generous: a shared machine's noise
            rows.append(_with_before(row))
    return rows


def _with_before(row: dict) -> dict:
    """The row, with the merge base's value of the same case as its peer ("before")."""
    before = BEFORE.get(row["case"])
    if before is not None:
        row.update(peer=f"before ({BEFORE_COMMIT})", peer_value=before)
        if row["value"]:
            faster = before / row["value"] if row["unit"] != "1/s" else row["value"] / before
            row["ratio"] = round(faster, 1)
    return row


def run() -> list[dict]:
    rows = []
    for game_id in explorer.game_ids():
        if game_id.startswith("toy"):
            continue
        case = f"{game_id}, {_players(game_id)} players, random bots"
        for path, one_game in (("State.apply", _apply_game), ("play_out", _playout_game)):
            m = measure(game_id, one_game)
            rows += [
                _with_before({"bench": "engine", "case": f"{case}, {path}: actions/s",
                              "value": round(m["actions_per_s"]), "unit": "1/s", "target": f"≥ {TARGET_ACTIONS_PER_S}",
                              "ok": m["actions_per_s"] >= TARGET_ACTIONS_PER_S}),
                {"bench": "engine", "case": f"{case}, {path}: complete games/s (mean {m['mean_actions']:.0f} actions)",
                 "value": round(m["games_per_s"], 2), "unit": "1/s"},
                {"bench": "engine", "case": f"{case}, {path}: peak memory of one game (tracemalloc)",
                 "value": round(m["peak_mb"], 2), "unit": "MiB"},
            ]
    rows += mypyc_rows()
    rows += step_rows()
    return rows
