"""The balance lab: rows, reproducibility whatever the workers, honest intervals, clear refusals.

Dask clusters here are small (1–2 worker processes, a few games) so the suite stays quick; the long studies
are `make bench` and the notebook.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
import sympy
from support import PerGame, games

import explorer
from balance import Study, StudyError, game_seed, run, summarise, wilson, write
from balance.__main__ import main
from balance.runner import run_rows
from balance.summary import Z95, by_seat, fair_share

ROOT = Path(__file__).resolve().parents[2]
SMALL = PerGame(castle_heart=4, card_moba=2, eternal_breath=2)


def study(game="castle_heart", games=8, **kw):
    return Study(game, kw.pop("players", SMALL[game]), games, **kw)


@pytest.mark.parametrize("game", games())
def test_a_row_describes_its_game(game):
    """Each row is the game its seed plays: replaying it with the same bots and seed gives the same end."""
    s = study(game, games=2, bots=("greedy",), seed=5)
    row = s.row(1)
    assert row["seed"] == game_seed(5, 1) and row["game"] == 1 and row["players"] == s.players
    again = explorer.play_out(explorer.new_game(game, s.players, s.variant),
                              {p: explorer.get_game(game).bots()["greedy"]() for p in range(s.players)},
                              seed=row["seed"], max_steps=explorer.get_game(game).max_steps(s.players, s.variant))
    assert row["steps"] == len(again.history)
    winners = sorted(again.winners) if again.current_player == explorer.TERMINAL else []
    assert json.loads(row["winners"]) == winners
    draw = not winners or row["capped"] or again.current_player != explorer.TERMINAL
    assert row["draw"] == draw
    assert [row[f"win_{p}"] for p in range(s.players)] == [int(p in winners and not draw) for p in range(s.players)]
    facts = explorer.get_game(game).seat_facts(again)
    assert facts and all(row[f"{k}_{p}"] == v and v for p, f in enumerate(facts) for k, v in f.items())
    assert json.loads(row["variant"]) == s.variant


def test_seeds_depend_on_the_study_seed_and_the_index_only():
    seeds = {game_seed(s, i) for s in range(3) for i in range(200)}
    assert len(seeds) == 600 and all(0 <= x < 2**63 for x in seeds)
    assert game_seed(7, 3) == game_seed(7, 3) != game_seed(3, 7)


def test_the_table_is_the_same_whatever_the_worker_count():
    """Reproducibility: in this process, on 1 and on 2 Dask worker processes, the same table."""
    s = study(games=10, bots=("greedy", "random", "greedy", "random"), seed=11)
    here = run(s, workers=0, progress=False)
    one = run(s, workers=1, progress=False)
    two = pd.DataFrame(run_rows(s, workers=2, batch=1))
    pd.testing.assert_frame_equal(here, one)
    pd.testing.assert_frame_equal(here, two)
    assert list(here["game"]) == list(range(10))


def test_a_dead_worker_loses_no_game(tmp_path):
    """A worker killed mid-study: its batch runs again elsewhere; the table has every game exactly once."""
    from distributed import Client, LocalCluster

    s = study(games=24, bots=("greedy",), seed=3)
    expected = pd.DataFrame(run_rows(s, workers=0))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=40) as cluster, Client(cluster) as client:
        pids = client.run(os.getpid)
        killed = []

        def kill_one(done, total):
            if not killed and done >= 2:
                victim = sorted(pids.values())[0]
                os.kill(victim, 9)
                killed.append(victim)

        rows = run_rows(s, scheduler=cluster.scheduler_address, progress=kill_one, batch=2)
    assert killed
    got = pd.DataFrame(rows)
    assert sorted(got["game"]) == list(range(24))
    pd.testing.assert_frame_equal(got, expected)


def test_cancel_keeps_the_finished_games():
    import threading

    cancel = threading.Event()

    def stop_after_three(done, total):
        if done == 3:
            cancel.set()

    rows = run_rows(study(games=20), workers=0, progress=stop_after_three, cancel=cancel)
    assert [r["game"] for r in rows] == [0, 1, 2]


# --- the intervals -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("wins", "n"), [(0, 10), (3, 10), (50, 100), (99, 100), (517, 1000)])
def test_wilson_is_the_root_pair_of_its_defining_equation(wins, n):
    """Independently: the Wilson bounds are the roots in p of (p̂ − p)² = z² p (1 − p) / n (sympy)."""
    p = sympy.symbols("p")
    z = sympy.Float(Z95, 30)
    roots = sorted(float(r) for r in sympy.solve((sympy.Rational(wins, n) - p) ** 2 - z**2 * p * (1 - p) / n, p))
    low, high = wilson(wins, n)
    assert low == pytest.approx(roots[0], abs=1e-12) and high == pytest.approx(roots[1], abs=1e-12)


def test_a_fair_coin_is_judged_fair_and_a_loaded_one_is_flagged():
    """The known fair-coin case: 50 heads of 100 → [0.4038, 0.5962]; seeded flips of a fair coin stay
    inside their interval, a 60 % coin over 2,000 flips is flagged."""
    assert wilson(50, 100) == pytest.approx((0.40383, 0.59617), abs=1e-5)
    rng = random.Random(1)
    flips = [rng.random() < 0.5 for _ in range(4000)]
    df = pd.DataFrame({"players": 2, "win_0": [int(f) for f in flips], "win_1": [int(not f) for f in flips]})
    assert fair_share(df) == 0.5
    assert not any(r.unfair for r in by_seat(df))
    loaded = [rng.random() < 0.6 for _ in range(2000)]
    df = pd.DataFrame({"players": 2, "win_0": [int(f) for f in loaded], "win_1": [int(not f) for f in loaded]})
    assert all(r.unfair for r in by_seat(df))


def test_summaries_count_every_seat_of_every_game():
    df = run(study(games=12, bots=("greedy",), seed=2), workers=0, progress=False)
    summary = summarise(df)
    assert {"seat", "hero", "identity", "bot"} <= set(summary)
    assert sum(r.games for r in summary["hero"]) == 12 * 4  # a hero is dealt once a game
    # identities are counted per game: a side wins a game or not (the enemies together are one trial)
    assert all(r.games == 12 for r in summary["identity"])
    for r in summary["identity"]:
        held = [(df[[f"identity_{p}" for p in range(4)]] == r.name).to_numpy(), df[[f"win_{p}" for p in range(4)]]]
        assert r.wins == int(((held[0] & held[1].to_numpy().astype(bool)).any(axis=1)).sum())


# --- refusals -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "option"), [
    (["chess", "--players", "2", "--games", "3"], "game"),
    (["castle_heart", "--players", "2", "--games", "3"], "--players"),
    (["castle_heart", "--players", "4", "--games", "0"], "--games"),
    (["castle_heart", "--players", "4", "--games", "3", "--bots", "genius"], "--bots"),
    (["castle_heart", "--players", "4", "--games", "3", "--bots", "greedy,random"], "--bots"),
    (["castle_heart", "--players", "4", "--games", "3", "--variant", "nope=1"], "--variant"),
    (["castle_heart", "--players", "4", "--games", "3", "--variant", "distance=far"], "--variant"),
    (["castle_heart", "--players", "4", "--games", "3", "--variant", "round_cap"], "--variant"),
    (["castle_heart", "--players", "4", "--games", "3", "--scheduler", "tcp://127.0.0.1:9"], "--scheduler"),
])
def test_bad_options_exit_2_naming_the_option_and_write_nothing(tmp_path, capsys, argv, option):
    out = tmp_path / "study.parquet"
    assert main([*argv, "--out", str(out), "--quiet"]) == 2
    assert f"error: {option}" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_good_study_writes_its_table_and_prints_the_summary(tmp_path, capsys):
    out = tmp_path / "study.parquet"
    argv = ["card_moba", "--players", "2", "--games", "6", "--bots", "greedy", "--seed", "4",
            "--variant", "shield_lasts=next_turn", "--workers", "0", "--quiet", "--out", str(out)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "win rate by seat" in printed and "win rate by hero" in printed
    table = pd.read_parquet(out)
    expected = run(Study("card_moba", 2, 6, ("greedy",), {"shield_lasts": "next_turn"}, 4), workers=0, progress=False)
    pd.testing.assert_frame_equal(table, expected)


def test_write_never_leaves_half_a_table(tmp_path):
    df = run(study(games=2), workers=0, progress=False)
    out = write(df, tmp_path / "t.parquet")
    assert [p.name for p in tmp_path.iterdir()] == ["t.parquet"] and len(pd.read_parquet(out)) == 2


def test_study_errors_name_the_option():
    with pytest.raises(StudyError) as err:
        Study("eternal_breath", 7, 3)
    assert err.value.option == "--players" and "EB-players" in str(err.value)


@pytest.mark.parametrize("workers", [100_000, 2 * (os.cpu_count() or 1) + 1, -1, True])
def test_more_local_workers_than_two_per_core_are_refused_before_any_starts(workers):
    """Issue 38 point 7: `--workers 100000` was accepted. Two per core at most; beyond, the refusal names the
    option and says to use a cluster."""
    with pytest.raises(StudyError) as err:
        run_rows(study(games=2), workers=workers)
    assert err.value.option == "--workers"
    if workers is not True and workers > 0:
        assert "--scheduler" in str(err.value)


# --- a scheduler and a worker started as separate processes ---------------------------------------------------
@pytest.mark.timeout(300)
def test_an_existing_cluster_started_by_hand(tmp_path):
    """`dask scheduler` and `dask worker` as separate processes (as the README shows), then the command line
    with --scheduler: the same table as in this process."""
    dask = shutil.which("dask", path=str(Path(sys.executable).parent))
    assert dask, "the dask command comes with distributed"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    info = tmp_path / "scheduler.json"
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                               "--scheduler-file", str(info)], env=env, cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 120
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        procs.append(subprocess.Popen([dask, "worker", address, "--nworkers", "1", "--nthreads", "1",
                                       "--no-dashboard"], env=env, cwd=tmp_path,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        out = tmp_path / "remote.parquet"
        done = subprocess.run([sys.executable, "-m", "balance", "castle_heart", "--players", "4",
                               "--games", "6", "--bots", "greedy", "--seed", "9", "--scheduler", address, "--quiet",
                               "--out", str(out)], env=env, cwd=tmp_path, capture_output=True, text=True,
                              timeout=240)
        assert done.returncode == 0, done.stderr
        expected = run(Study("castle_heart", 4, 6, ("greedy",), seed=9), workers=0, progress=False)
        pd.testing.assert_frame_equal(pd.read_parquet(out), expected)
    finally:
        for p in reversed(procs):
            p.terminate()
            p.wait(timeout=30)


# --- reproducing one game (issue 32 item 5) ---------------------------------------------------------------------
REPLAYED = PerGame(eternal_breath=(3, ("greedy", "random", "greedy")), card_moba=(2, ("greedy",)),
                   castle_heart=(5, ("random",)))  # a table and its bots (one name: every seat)


@pytest.mark.parametrize(("game", "players", "bots"), [(g, *REPLAYED[g]) for g in games()])
def test_replay_returns_the_final_state_of_a_rows_game(tmp_path, game, players, bots):
    """A row read back from Parquet (numpy types) replays to the very game it describes: the row made again from
    the replayed State is the row (winners, steps, cards, ending…), with or without the game named."""
    from balance import replay
    from balance.study import row_of

    s = Study(game, players, 4, bots, {}, seed=12)
    table = pd.read_parquet(write(run(s, workers=0, progress=False), tmp_path / "t.parquet"))
    for i in (1, 3):
        row = table.iloc[i]
        end = replay(row)
        assert end.game.id == game and end is not replay(row, game)
        again = row_of(end, i, int(row["seed"]), s.seat_bots())
        assert again == s.row(i) and again["winners"] == row["winners"] and len(end.history) == row["steps"]


def test_replay_refuses_a_row_of_no_known_game():
    from balance import replay

    row = Study("castle_heart", 4, 1, ("greedy",)).row(0)
    with pytest.raises(StudyError) as err:
        replay({**row, "variant": json.dumps({"nope": 1})})
    assert err.value.option == "row"


def test_the_command_line_summary_has_cards_matchups_and_length(tmp_path, capsys):
    out = tmp_path / "study.parquet"
    assert main(["eternal_breath", "--players", "2", "--games", "16", "--bots", "greedy", "--seed", "2",
                 "--workers", "0", "--quiet", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "win rate when a card was played vs not" in printed and "Holm over the cards" in printed
    assert "character × character" in printed and "win rate against game length (rounds" in printed
    assert "Mantel–Haenszel trend" in printed
    assert "Fireball" in printed and "atk_fireball" not in printed  # a card by its name, not its id
