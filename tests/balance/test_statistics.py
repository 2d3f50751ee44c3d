"""Issue 32: who moved first, draws apart from wins, per-game (clustered) rates, homogeneity tests with Holm, and
paired what-if differences — each statistic against scipy or a hand computation."""

from __future__ import annotations

import json
import math
import random

import pandas as pd
import pytest
from scipy import stats

import explorer
from explorer.balance import Study, compare, inert, run
from explorer.balance.__main__ import main
from explorer.balance.summary import (
    agresti_min,
    by_facet,
    by_seat,
    by_turn,
    cochran_q,
    first_player,
    holm,
    homogeneity,
    mcnemar_exact,
    paired,
    report,
    score_test,
    summarise,
    wilson,
)


# --- the rows ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), [("eternal_breath", 2), ("card_moba", 2), ("castle_heart", 6)])
def test_a_row_says_who_moved_first_and_each_seats_outcome(game, players):
    s = Study(game, players, 3, ("random",), seed=1)
    for i in range(3):
        row = s.row(i)
        order = json.loads(row["order"])
        assert sorted(order) == list(range(players)) and row["first"] == order[0]
        assert [row[f"turn_{p}"] for p in range(players)] == [order.index(p) for p in range(players)]
        outcomes = [row[f"outcome_{p}"] for p in range(players)]
        if row["draw"]:
            assert set(outcomes) == {"draw"} and not any(row[f"win_{p}"] for p in range(players))
        else:
            assert [o == "win" for o in outcomes] == [bool(row[f"win_{p}"]) for p in range(players)]
            assert {p for p in range(players) if row[f"win_{p}"]} == set(json.loads(row["winners"]))
        assert all(isinstance(json.loads(row[f"cards_{p}"]), dict) for p in range(players))


def test_the_first_player_is_the_one_the_log_says():
    """永恒之息: the dealer moves first (EB-1.1.1-dealer); 城堡之心: the lord (CH-turn-order); MOBA: the drawn order."""
    for game, players, clause in (("eternal_breath", 2, "EB-1.1.1-dealer"), ("card_moba", 3, "MB-choice-5-order"),
                                  ("castle_heart", 4, "CH-turn-order")):
        s = Study(game, players, 1, ("random",), seed=3)
        g = explorer.get_game(game)
        end = explorer.play_out(explorer.new_game(game, players, s.variant),
                                {p: g.bots()["random"]() for p in range(players)}, seed=s.row(0)["seed"],
                                max_steps=g.max_steps(players, s.variant))
        event = next(e for e in end.log if e.clause == clause)
        first = {"eternal_breath": event.number("dealer"), "card_moba": (event.number("order") or (None,))[0],
                 "castle_heart": event.actor}[game]
        assert s.row(0)["first"] == first


def test_a_capped_game_is_a_draw_for_everyone_not_a_win():
    """The issue's 2-player MOBA: at the round cap the tied seats were all 'winners'. Now a draw, apart."""
    s = Study("card_moba", 2, 6, ("random",), seed=0)
    df = run(s, workers=0, progress=False)
    capped = df[df["capped"]]
    assert len(capped) and capped["draw"].all() and (capped[["win_0", "win_1"]] == 0).all().all()
    assert (capped["cap"] == "round_cap").all()
    seat0 = summarise(df)["seat"][0]
    assert seat0.draws == int(df["draw"].sum()) and seat0.wins == int(df["win_0"].sum())
    assert "draws" in report(df, "card_moba")


def test_castle_heart_records_the_dealt_identity_beside_the_final_one():
    s = Study("castle_heart", 6, 4, ("random",), seed=2)
    for i in range(4):
        row = s.row(i)
        dealt = sorted(row[f"identity_dealt_{p}"] for p in range(6))
        assert dealt == sorted(["lord", "reinforcement", "neutral", "enemy", "enemy", "enemy"])
        for p in range(6):  # only a neutral can change side (CH-end-enemies-dead-neutral-choice)
            assert row[f"identity_{p}"] == row[f"identity_dealt_{p}"] or row[f"identity_dealt_{p}"] == "neutral"


# --- the statistics against references -----------------------------------------------------------------------
def test_holm_by_hand():
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0]) and holm([]) == []


def test_cochrans_q_is_mcnemar_for_two_and_matches_a_hand_computation():
    rng = random.Random(4)
    rows = [(rng.random() < 0.6, rng.random() < 0.4) for _ in range(300)]
    b = sum(1 for x, y in rows if x and not y)
    c = sum(1 for x, y in rows if y and not x)
    q, dof, p = cochran_q(rows)
    assert q == pytest.approx((b - c) ** 2 / (b + c)) and dof == 1
    assert p == pytest.approx(stats.chi2.sf((b - c) ** 2 / (b + c), 1))
    # three treatments, four blocks: column sums 3, 1, 0 (N = 4), row sums 1, 1, 1, 1 →
    # Q = 2·(3·(9 + 1 + 0) − 16) / (3·4 − 4) = 2·14 / 8 = 3.5
    q, dof, p = cochran_q([(1, 0, 0), (1, 0, 0), (1, 0, 0), (0, 1, 0)])
    assert q == pytest.approx(3.5) and dof == 2 and p == pytest.approx(math.exp(-3.5 / 2))


def test_agresti_min_and_mcnemar_by_hand_and_scipy():
    # b = 20, c = 8, n = 100: with ½ per cell, d = 12/102, var = (29 − 144/102) / 102²
    low, high = agresti_min(20, 8, 100)
    d, half = 12 / 102, 1.959963984540054 * math.sqrt(29 - 144 / 102) / 102
    assert (low, high) == pytest.approx((d - half, d + half))
    assert mcnemar_exact(20, 8) == pytest.approx(stats.binomtest(20, 28, 0.5).pvalue)
    assert mcnemar_exact(0, 0) == 1.0
    x = paired("x", [1, 1, 0, 0, 1], [0, 1, 1, 0, 0])
    assert (x.n, x.a, x.b_only, x.c_only, x.diff) == (5, 3, 2, 1, pytest.approx(0.2))


@pytest.mark.parametrize(("wins", "n", "fair"), [(55, 100, 0.5), (60, 100, 0.5), (70, 100, 0.6), (3, 40, 0.2)])
def test_the_score_test_rejects_exactly_where_wilson_excludes_fair(wins, n, fair):
    low, high = wilson(wins, n)
    assert (score_test(wins, [fair] * n) < 0.05) == (not low <= fair <= high)
    z = (wins - n * fair) / math.sqrt(n * fair * (1 - fair))
    assert score_test(wins, [fair] * n) == pytest.approx(2 * stats.norm.sf(abs(z)))


def _table(win_rows, turns=None, facet=None, draws=None):
    n = len(win_rows[0])
    df = pd.DataFrame({"players": n, "game": range(len(win_rows))})
    for p in range(n):
        df[f"win_{p}"] = [r[p] for r in win_rows]
        if turns is not None:
            df[f"turn_{p}"] = [t[p] for t in turns]
        if facet is not None:
            df[f"side_{p}"] = [f[p] for f in facet]
    df["draw"] = draws if draws is not None else [not any(r) for r in win_rows]
    df["ended"] = "x"
    return df


def test_a_first_player_advantage_is_found_whatever_the_seat():
    """2 players, turn order at random; the first mover wins 60 %: seats look fair, the first place does not."""
    rng = random.Random(7)
    wins, turns = [], []
    for _ in range(1000):
        first = rng.randrange(2)
        first_wins = rng.random() < 0.6
        winner = first if first_wins else 1 - first
        wins.append(tuple(int(p == winner) for p in range(2)))
        turns.append((0, 1) if first == 0 else (1, 0))
    df = _table(wins, turns)
    (adv,) = first_player(df)
    assert adv.interval[0] > 0 and adv.p < 0.001
    firsts = sum(1 for w, t in zip(wins, turns, strict=True) if w[t.index(0)])
    assert by_turn(df)[0].wins == firsts and adv.diff == pytest.approx((2 * firsts - 1000) / 1000)
    assert by_turn(df)[0].unfair and not any(r.unfair for r in by_seat(df))
    h = homogeneity(df, "turn")
    assert h.test == "Cochran's Q" and h.p == pytest.approx(mcnemar_chi2(firsts, 1000 - firsts))


def mcnemar_chi2(b, c):
    return stats.chi2.sf((b - c) ** 2 / (b + c), 1)


def test_a_side_is_one_trial_per_game_and_homogeneity_is_scipys_chi_square():
    """Three enemies who win together are one game won, not three seats; a draw is counted apart."""
    wins = [(1, 0, 1, 1), (0, 1, 0, 0), (1, 1, 0, 1), (0, 0, 0, 0)]
    sides = [("enemy", "lord", "enemy", "enemy"), ("enemy", "lord", "enemy", "enemy"),
             ("enemy", "enemy", "lord", "enemy"), ("lord", "enemy", "enemy", "enemy")]
    df = _table(wins, facet=sides)
    rates = {r.name: r for r in by_facet(df, "side")}
    assert (rates["enemy"].games, rates["enemy"].wins, rates["enemy"].draws) == (4, 2, 1)
    assert (rates["lord"].games, rates["lord"].wins) == (4, 1)
    # fair: with w winners of 4 seats, a side of k seats wins with 1 − C(4−k, w)/C(4, w)
    enemy_fair = [1 - math.comb(1, 3) / math.comb(4, 3), 1 - math.comb(1, 1) / math.comb(4, 1),
                  1 - math.comb(1, 3) / math.comb(4, 3), 0.0]
    assert rates["enemy"].fair == pytest.approx(sum(enemy_fair) / 4)
    h = homogeneity(df, "side")
    stat, p, dof, _ = stats.chi2_contingency([[2, 2], [1, 3]], correction=False)
    assert (h.statistic, h.p, h.dof) == (pytest.approx(stat), pytest.approx(p), dof)
    finished = summarise(df, finished_only=True)["side"]
    assert [r.games for r in finished] == [3, 3]


def test_a_what_if_on_the_same_seeds_gives_paired_differences():
    base = _table([(1, 0)] * 30 + [(0, 1)] * 30)
    other = _table([(1, 0)] * 45 + [(0, 1)] * 15)
    seat0 = next(x for x in compare(base, other) if x.name == "seat 0 win")
    assert (seat0.b_only, seat0.c_only, seat0.diff) == (15, 0, pytest.approx(0.25))
    assert seat0.p == pytest.approx(stats.binomtest(15, 15, 0.5).pvalue) and seat0.interval[0] > 0
    with pytest.raises(ValueError):
        compare(base, other.iloc[:10])


def test_a_switch_that_cannot_act_is_warned_before_running(tmp_path, capsys):
    assert inert("castle_heart", 5, {"identity_mix": "no_neutral"})
    assert not inert("castle_heart", 6, {"identity_mix": "no_neutral"})
    assert not inert("castle_heart", 5, {"identity_mix": "any_legal"})  # 5 players: L R E E E or L E E E E
    assert inert("castle_heart", 3, {"distance": "adjacent_all"})  # the register: players_from = 4
    assert not inert("castle_heart", 4, {"distance": "adjacent_all"})
    out = tmp_path / "s.parquet"
    argv = ["castle_heart", "--players", "4", "--games", "3", "--bots", "greedy", "--workers", "0", "--quiet",
            "--compare", "identity_mix=no_neutral", "--out", str(out)]
    assert main(argv) == 0
    printed = capsys.readouterr()
    assert "warning: --compare identity_mix=no_neutral cannot change play at 4 players" in printed.err
    assert "what-if identity_mix=no_neutral − base" in printed.out and "McNemar" in printed.out
    assert (tmp_path / "s.whatif.parquet").exists()
