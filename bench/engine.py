"""Engine speed: actions/s per registered game with seeded random bots, peak memory, and the work of one step
at step 10 and at step 3,000 of a long game (issue 19).

One core: each measurement runs in one process and counts its CPU time (time.process_time), so other
load on the machine skews it less (on a loaded machine every figure drops; the ratio to "before", measured
alongside, is the figure to read).

- actions/s, two paths: "State.apply" (a person's path: every step checked and kept as a State) and
  "play_out" (the bots' playout path: the same rules, exact chance and every event, no State in between).
- per step: State.apply, hash, view for the board (``with_log=False``, what a refresh does), and view with the
  whole log (O(log) by nature: no target). No registered game runs 3,000 steps with random bots (the longest
  are under 2,000), so the long game is the core's toy duel (``tests/plugins/toy_game``) with no turn limit and a
  million HP: the core's own cost per step, which is what grows with the length of a game.
- "before" for actions/s and games/s per core: measured in the same run, by the same script (bench/_playouts.py),
  on a ``git archive`` of ``BASELINE_COMMIT`` (issue 16's baseline); recorded values (``BASELINE``) when there is
  no git history (a Binder image). Target (issue 16): play_out ≥ 2× the baseline per core.
- "before" for the per-step rows: the same bench run on commit ``BEFORE_COMMIT`` on this machine, recorded.
"""

from __future__ import annotations

import atexit
import gc
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import explorer
from explorer import State, evolve, sample_chance
from explorer.chain import EMPTY

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support import games

SECONDS = 3.0
WALK = 40  # steps timed one after the other from each point of the long game
STEPS_AT = (10, 3_000)

ROOT = Path(__file__).resolve().parent.parent
BASELINE_COMMIT = "06e0aec"  # issue 16's "today": the engine before the speed work
SPEED_UP_TARGET = 2.0        # issue 16: bot playouts ≥ 2× faster per core than the baseline
BASELINE = {  # bench/_playouts.py on BASELINE_COMMIT, this machine (loaded), 2026-12-01 00:20 UTC: (actions/s, games/s)
    ("card_moba", "State.apply"): (9121.0, 24.1), ("card_moba", "play_out"): (9309.0, 24.55),
    ("castle_heart", "State.apply"): (12508.0, 61.17), ("castle_heart", "play_out"): (12611.0, 61.87),
    ("eternal_breath", "State.apply"): (9524.0, 10.06), ("eternal_breath", "play_out"): (9715.0, 10.26),
}

PREVIOUS_COMMIT = "0916789"  # the release before issue 33's engine work
APPLY_TARGET = 1.5           # issue 33: the person's State.apply path ≥ 1.5× the previous release per core
PREVIOUS_SEEDS = 12          # the seeded games timed on both trees
PREVIOUS_RUNS = 8            # processes per tree, taken in turn (of 5, the 永恒之息 ratio ran 1.50-1.62 in one morning)

BEFORE_COMMIT = "e26211e"
BEFORE = {  # this module run on BEFORE_COMMIT (a git worktree of it), this machine, 2026-11-30 17:20 UTC
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


def baseline_tree(commit: str = BASELINE_COMMIT) -> Path | None:
    """The files of ``commit`` in a temporary folder (``git archive``; removed when the bench's process ends), or None
    without git history."""
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "explorer"],
                                 capture_output=True, check=True, timeout=120).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    folder = Path(tempfile.mkdtemp(prefix=f"bench-{commit}-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def playouts(tree: Path, game_id: str, seconds: float = SECONDS) -> dict:
    """bench/_playouts.py run on ``tree``'s explorer (a fresh process: one core, its own CPU time)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "_playouts.py"), game_id, str(seconds)],
                         capture_output=True, check=True, text=True, env=env, cwd=str(tree), timeout=600).stdout
    return json.loads(out)


ROUNDS = 3  # before and after measured in turn, this many times: the machine's load drifts within a minute


def _recorded(game_id: str, path: str) -> dict:
    """The baseline's recorded figures (BASELINE), for a tree without git history."""
    return dict(zip(("actions_per_s", "games_per_s"), BASELINE[(game_id, path)], strict=True))


def _alternating(base: Path | None, game_id: str) -> tuple[dict | None, dict, dict]:
    """(before, after, ratio of actions/s) per path: medians over ROUNDS rounds, each measuring before then after,
    so a change of load hits both sides of a round alike; the ratio is the median of the rounds' ratios."""
    paths = ("State.apply", "play_out")
    rounds = [((playouts(base, game_id, SECONDS / 2) if base else None), playouts(ROOT, game_id, SECONDS / 2))
              for _ in range(ROUNDS)]

    def median_of(side: int) -> dict | None:
        if rounds[0][side] is None:
            return None
        return {path: {k: statistics.median(r[side][path][k] for r in rounds) for k in rounds[0][side][path]}
                for path in paths}

    def before_of(r, path: str) -> dict:
        return r[0][path] if base else _recorded(game_id, path)

    ratio = {path: statistics.median(r[1][path]["actions_per_s"] / before_of(r, path)["actions_per_s"] for r in rounds)
             for path in paths}
    return median_of(0), median_of(1), ratio


def playout_rows() -> list[dict]:
    """actions/s and games/s per core of each game, both paths, this tree against the baseline (same run,
    ROUNDS alternating rounds)."""
    base = baseline_tree()
    label = f"before ({BASELINE_COMMIT}{'' if base else ', recorded'}; median of {ROUNDS} alternating rounds)"
    rows = []
    for game_id in games():
        before, after, ratios = _alternating(base, game_id)
        case = f"{game_id}, {_players(game_id)} players, random bots"
        for path in ("State.apply", "play_out"):
            m = after[path]
            b = before[path] if before else _recorded(game_id, path)
            ratio = ratios[path]
            target = f"≥ {SPEED_UP_TARGET:g}× before" if path == "play_out" else None
            rows += [
                {"bench": "engine", "case": f"{case}, {path}: actions/s", "value": round(m["actions_per_s"]),
                 "unit": "1/s", "peer": label, "peer_value": round(b["actions_per_s"]), "ratio": round(ratio, 2),
                 "target": target, "ok": ratio >= SPEED_UP_TARGET if target else None},
                {"bench": "engine", "case": f"{case}, {path}: games/s per core (mean {m['mean_actions']:.0f} actions)",
                 "value": round(m["games_per_s"], 2), "unit": "1/s", "peer": label,
                 "peer_value": round(b["games_per_s"], 2), "ratio": round(m["games_per_s"] / b["games_per_s"], 2)},
                {"bench": "engine", "case": f"{case}, {path}: peak memory of one game (tracemalloc)",
                 "value": round(m["peak_mb"], 2), "unit": "MiB",
                 "peer": label if before else None,
                 "peer_value": round(before[path]["peak_mb"], 2) if before else None},
            ]
    return rows + previous_release_rows()


def _seeded(tree: Path, game_id: str) -> dict:
    """bench/_playouts.py's seeds 0 … PREVIOUS_SEEDS - 1 through State.apply on ``tree`` (a fresh process)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "_playouts.py"), game_id, "apply", str(PREVIOUS_SEEDS)],
                         capture_output=True, check=True, text=True, env=env, cwd=str(tree), timeout=600).stdout
    return json.loads(out)


def least_times(tree: Path, game_id: str, runs: list[dict]) -> tuple[float, int]:
    """(Σ over the seeds of each seed's least CPU time over ``runs``, Σ actions): the same games every run."""
    if any(r["actions"] != runs[0]["actions"] for r in runs):
        raise AssertionError(f"{tree}: {game_id}'s seeded games differ from run to run")
    return sum(map(min, zip(*(r["seconds"] for r in runs), strict=True))), sum(runs[0]["actions"])


def previous_release_rows() -> list[dict]:
    """Issue 33's target: the person's path (every step through State.apply) against the release before the work
    (``PREVIOUS_COMMIT``), same run: the same seeded games on both trees, in PREVIOUS_RUNS processes each taken in
    turn, each seed's game counted at its least CPU time over the runs (a load spike slows one run of one game, not
    the figure); no row without git history."""
    base = baseline_tree(PREVIOUS_COMMIT)
    if base is None:
        return []
    rows = []
    for game_id in games():
        runs = [(_seeded(base, game_id), _seeded(ROOT, game_id)) for _ in range(PREVIOUS_RUNS)]
        (t_before, n_before), (t_after, n_after) = (least_times(tree, game_id, [r[side] for r in runs])
                                                    for side, tree in enumerate((base, ROOT)))
        before, after = n_before / t_before, n_after / t_after
        ratio = after / before
        rows.append({"bench": "engine", "case": f"{game_id}, {_players(game_id)} players, random bots, State.apply: "
                     f"actions/s against the previous release (seeds 0–{PREVIOUS_SEEDS - 1}, each game's least CPU "
                     f"time over {PREVIOUS_RUNS} runs)", "value": round(after), "unit": "1/s",
                     "peer": PREVIOUS_COMMIT, "peer_value": round(before), "ratio": round(ratio, 2),
                     "target": f"≥ {APPLY_TARGET:g}×", "ok": ratio >= APPLY_TARGET})
    return rows


# --- the work of one step, early and late in a long game ------------------------------------------------------
def long_game() -> State:
    """The toy duel with no turn limit and a million HP each: it runs as long as we like."""
    explorer.use_plugins(Path(__file__).resolve().parent.parent / "tests" / "plugins")  # the core's test game
    game = type("LongToy", (type(explorer.get_game("toy_duel")),), {"turn_limit": 10**9})()
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


def run() -> Iterator[dict]:
    yield from playout_rows()
    yield from mypyc_rows()
    yield from step_rows()
