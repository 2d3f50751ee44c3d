"""The ladder's statistics and match games (bench/_matches.py): Holm's correction, the sign test over seed pairs and
paired seeds, and seeded games that are the same game every time."""

from __future__ import annotations

import pytest
from support import games

from bench._matches import Match, holm, play
from bench.ladder import rungs


def test_holm_steps_down_and_stays_monotone():
    # sorted 0.01, 0.03, 0.04 → 3 × 0.01, 2 × 0.03, max(0.06, 1 × 0.04)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def test_the_sign_test_counts_seed_pairs_and_drops_ties():
    # pairs: (1, 1) up, (1, 0) tie, (0, 0) down, (1, ½) up; 2 up and 1 down: two-sided binomial p = 1
    m = Match("x", [1, 1, 1, 0, 0, 0, 1, 0.5])
    assert m.sign_test() == pytest.approx(1.0)
    ten_up = Match("x", [1.0] * 20)  # ten pairs all won: p = 2 / 2**10
    assert ten_up.sign_test() == pytest.approx(2 / 1024)
    paired = Match("x", [1, 0, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0])  # five seeds better, one tie
    assert paired.sign_test() == pytest.approx(2 / 32)
    assert Match("x", [1, 0], [1, 0]).sign_test() == 1.0


def test_a_match_game_is_the_same_game_for_the_same_seed_and_scores_the_seats_it_names():
    one = play("eternal_breath", 2, 4, "greedy", "random", (0,))
    again = play("eternal_breath", 2, 4, "greedy", "random", (0,))
    swapped = play("eternal_breath", 2, 4, "random", "greedy", (1,))
    assert one.score == again.score  # seeded: the same game
    assert swapped.score == 1 - one.score  # the same bots in the same seats, scored for the other side
    assert set(one.cpu) == {"greedy", "random"} and all(t >= 0 for ts in one.cpu.values() for t in ts)


def test_the_ladder_climbs_in_the_games_own_order():
    for game_id in games():
        steps = rungs(game_id)
        assert steps[0] == ("greedy", "random")
        assert all(upper == steps[k + 1][1] for k, (upper, _) in enumerate(steps[:-1]))


def test_the_strength_rows_hold_strong_to_its_targets_against_each_lower_bot():
    """bench/strength.py (issue 33): ≥ 65 % against greedy, ≥ 60 % against tactical (p < 0.05, Holm), and in 城堡之心
    a camp no worse with the strong bot than with the tactical bot."""
    from bench.strength import judged

    won = [1.0, 1.0] * 14 + [0.0, 0.0] * 2            # 14 seed pairs won, 2 lost: 28/32 games, p well below 0.05
    level = [1.0, 0.0] * 16                          # every pair split: 50 %
    rows = judged([Match("eb 2p strong vs greedy, seats swapped", won),
                   Match("eb 2p strong vs tactical, seats swapped", level),
                   Match("ch 5p castle camp strong vs tactical", [1, 0, 1, 1], [1, 0, 0, 1]),
                   Match("ch 5p enemy camp strong vs tactical", [0, 0, 1, 0], [1, 0, 1, 0])])
    assert [r["ok"] for r in rows] == [True, False, True, False]
    assert "60%" in rows[1]["target"] and "65%" in rows[0]["target"]
    assert {r["bench"] for r in rows} == {"strength"}
