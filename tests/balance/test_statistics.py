"""Issue 32: who moved first, draws apart from wins, per-game (clustered) rates, homogeneity tests with Holm, and
paired what-if differences — each statistic against scipy or a hand computation."""

from __future__ import annotations

import itertools
import json
import math
import random

import pandas as pd
import pytest
from scipy import stats
from support import PerGame, games

import explorer
from balance import Study, compare, inert, report, run
from balance.__main__ import main
from balance.summary import (
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
    score_test,
    summarise,
    wilson,
)

# --- the rows ------------------------------------------------------------------------------------------------
ROW_TABLES = PerGame(eternal_breath=2, card_moba=2, castle_heart=6)


@pytest.mark.parametrize(("game", "players"), [(g, ROW_TABLES[g]) for g in games()])
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
    says = PerGame(eternal_breath=(2, "EB-1.1.1-dealer", lambda e: e.number("dealer")),
                   card_moba=(3, "MB-choice-5-order", lambda e: (e.number("order") or (None,))[0]),
                   castle_heart=(4, "CH-turn-order", lambda e: e.actor))  # a table, the event, who it says is first
    for game in games():
        players, clause, first = says[game]
        s = Study(game, players, 1, ("random",), seed=3)
        g = explorer.get_game(game)
        end = explorer.play_out(explorer.new_game(game, players, s.variant),
                                {p: g.bots()["random"]() for p in range(players)}, seed=s.row(0)["seed"],
                                max_steps=g.max_steps(players, s.variant))
        event = next(e for e in end.log if e.clause == clause)
        assert s.row(0)["first"] == first(event)


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


# --- cards, matchups, length (issue 32 item 4) -------------------------------------------------------------------
@pytest.mark.parametrize(("wins", "n", "chance"), [(0, 10, 0.5), (3, 10, 0.5), (7, 20, 0.3), (15, 20, 0.5),
                                                  (50, 100, 0.5), (40, 90, 2 / 3)])
def test_the_exact_test_is_scipys_binomial_test_when_every_chance_is_equal(wins, n, chance):
    from balance.analysis import exact_test

    assert exact_test(wins, [chance] * n) == pytest.approx(stats.binomtest(wins, n, chance).pvalue, rel=1e-9)


def test_the_exact_test_sums_every_count_no_likelier_than_the_one_seen():
    """Against brute force: every outcome of 9 trials of mixed chances (0 and 1 included) enumerated."""
    import itertools

    from balance.analysis import exact_test

    chances = [0.5, 0.5, 0.75, 0.75, 0.75, 1 / 3, 0.0, 1.0, 1.0]
    pmf = [0.0] * (len(chances) + 1)
    for outcome in itertools.product((0, 1), repeat=len(chances)):
        pmf[sum(outcome)] += math.prod(c if o else 1 - c for o, c in zip(outcome, chances, strict=True))
    for wins in range(len(chances) + 1):
        expected = sum(q for q in pmf if q <= pmf[wins] * (1 + 1e-7)) if pmf[wins] > 0 else 0.0
        assert exact_test(wins, chances) == pytest.approx(min(expected, 1.0), abs=1e-12)


def _cards_table(rows):
    """rows: (winner or None, cards of seat 0, cards of seat 1)."""
    df = _table([(int(w == 0), int(w == 1)) for w, _, _ in rows])
    df["cards_0"] = [json.dumps(dict.fromkeys(a, 1)) for _, a, _ in rows]
    df["cards_1"] = [json.dumps(dict.fromkeys(b, 1)) for _, _, b in rows]
    return df


def test_a_card_is_tested_by_the_games_where_one_seat_played_it():
    """Two players: the games where exactly one seat played "x" decide (the sign test, scipy's binomtest at ½);
    games where both played it, or draws, weigh nothing; Holm over the cards."""
    from balance.analysis import card_rates

    rows = ([(0, "x", "")] * 14 + [(1, "x", "")] * 3 + [(0, "xy", "xy")] * 5 + [(None, "x", "")] * 4
            + [(1, "y", "")] * 6 + [(0, "", "y")] * 2)
    rates = {c.card: c for c in card_rates(_cards_table(rows))}
    x, y = rates["x"], rates["y"]
    assert (x.played.games, x.played.wins, x.played.draws) == (26, 19, 4)
    assert (x.not_played.games, x.not_played.wins) == (14 + 3 + 4 + 6 + 2, 3 + 6 + 2)
    assert x.played.interval == wilson(19, 26)
    assert x.p == pytest.approx(stats.binomtest(14, 17, 0.5).pvalue)
    assert y.p == pytest.approx(stats.binomtest(0, 8, 0.5).pvalue)  # played by the loser in all 8 such games
    assert [x.p_holm, y.p_holm] == pytest.approx(holm([x.p, y.p]))
    assert x.differs and y.differs


def test_a_matchup_cell_is_the_rows_win_rate_against_the_column():
    from balance.analysis import matchups

    rows = [("a", "b", 0)] * 9 + [("b", "a", 0)] * 3 + [("a", "b", 1)] * 2 + [("c", "a", 1)] * 4 + [("b", "c", None)]
    df = _table([(int(w == 0), int(w == 1)) for _, _, w in rows])
    df["hero_0"], df["hero_1"] = [r[0] for r in rows], [r[1] for r in rows]
    values, cells = matchups(df, "hero")
    assert values == ["a", "b", "c"] and ("a", "a") not in cells
    ab, ba = cells[("a", "b")], cells[("b", "a")]
    assert (ab.rate.games, ab.rate.wins) == (14, 9) and (ba.rate.games, ba.rate.wins) == (14, 3 + 2)
    assert ab.p == pytest.approx(stats.binomtest(9, 14, 0.5).pvalue) == pytest.approx(ba.p)
    assert (cells[("b", "c")].rate.games, cells[("b", "c")].rate.draws) == (1, 1)
    # two players: (b, a) mirrors (a, b): Holm over the 3 pairs, not the 6 cells
    pairs = [cells[("a", "b")].p, cells[("a", "c")].p, cells[("b", "c")].p]
    assert ab.p_holm == ba.p_holm == pytest.approx(holm(pairs)[0])


def test_the_length_trend_is_n_minus_one_r_squared_with_scipys_pearson_r():
    from balance.analysis import by_length, length_trend

    rng = random.Random(3)
    wins, turns, rounds = [], [], []
    for _ in range(300):
        length = rng.randrange(1, 30)
        first = rng.randrange(2)
        first_wins = rng.random() < 0.3 + length / 50
        winner = first if first_wins else 1 - first
        wins.append(tuple(int(p == winner) for p in range(2)))
        turns.append((0, 1) if first == 0 else (1, 0))
        rounds.append(length)
    df = _table(wins, turns)
    df["rounds"] = rounds
    trend = length_trend(df)
    x = [float(v) for v in rounds]
    y = [int(w[t.index(0)]) for w, t in zip(wins, turns, strict=True)]
    r = stats.pearsonr(x, y).statistic
    assert trend.r == pytest.approx(r) and trend.statistic == pytest.approx(299 * r * r)
    assert trend.p == pytest.approx(stats.chi2.sf(299 * r * r, 1)) and trend.p < 0.001
    bins = by_length(df)
    assert sum(b.games for b in bins) == 300 and len(bins) == 4
    assert all(a.high < b.low for a, b in itertools.pairwise(bins))
    assert sum(b.rates[0].wins for b in bins) == sum(y)
