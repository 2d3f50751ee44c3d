"""The strong bot's rungs of the ladder (issue 33), a long study: strong against greedy and against tactical, and
the CPU time of a strong decision at its default budget.

- 永恒之息 and the MOBA, 2 players: seed pairs with the seats swapped (``PAIRS`` against greedy, ``TACTICAL_PAIRS``
  against tactical); the strong bot's score (a draw is ½) with its Wilson 95 % interval over games and the exact
  sign test over the seed pairs, Holm-corrected over the rows (bench/_matches.py, bench/ladder.py). Targets: ≥ 65 %
  against greedy, ≥ 60 % against tactical, p < 0.05. Against tactical the seat often decides a game (in about half
  the pairs each bot wins once, and the sign test drops those pairs), so a bot winning ~63 % needs ~100 pairs for a
  test that tells it from 50 % after Holm (30 pairs gave p = 0.19 for 38/60); against greedy 30 pairs are plenty.
- 城堡之心, 5 players: the strong bot plays one camp (the lord's, or the enemies') against the lower bot (greedy,
  tactical) elsewhere, beside the same seeds with that lower bot on that camp too (the peer); McNemar's exact test
  on the seeds whose outcome differs. Target against tactical: not below the peer.
- CPU per strong decision at the default budget (``StrongBot()``: ``default_iterations``, no clock), median and p90
  over every decision with more than one legal action; the row also gives the mean, the largest, and how many
  decisions took longer (永恒之息's few draft decisions get a larger search of their own). Target: median and p90
  ≤ 0.2 s.

Every game is seeded and the bots are budgeted in iterations, so the scores are the same on any machine; only the
CPU times vary. About 45 minutes on 2 cores: ``python -m bench strength`` or
``python -m bench --long``.
"""

from __future__ import annotations

import os

from support import games

import explorer

from ._matches import Match, camp_jobs, cpu_of, quantiles, run_matches, two_seat_jobs
from .ladder import match_rows

LONG = True
PAIRS = int(os.environ.get("STRENGTH_PAIRS", "30"))
TACTICAL_PAIRS = int(os.environ.get("STRENGTH_TACTICAL_PAIRS", "100"))
CASTLE_GAMES = int(os.environ.get("STRENGTH_CASTLE_GAMES", "40"))
TWO_SEAT = games(players=2)  # the games two can play: seats swapped
CASTLE = ("castle_heart", 5)
CPU_TARGET = 0.2
WIN_TARGET = 0.65
TACTICAL_TARGET = 0.60


def _below(game_id: str) -> list[str]:
    """The bots the strong one is measured against: greedy, and tactical where the game has it."""
    return [b for b in ("greedy", "tactical") if b in explorer.get_game(game_id).bots()]


def judged(matches: list[Match]) -> list[dict]:
    """The matches' rows against their targets: two seats, ≥ 65 % against greedy and ≥ 60 % against tactical with
    p < 0.05 (Holm over the rows); 城堡之心's camps against tactical, not below the peer (the tactical bot there)."""
    targets = {m.label: TACTICAL_TARGET if m.label.endswith("vs tactical, seats swapped") else WIN_TARGET
               for m in matches if m.b is None}
    rows = match_rows(matches, targets)
    for row, m in zip(rows, matches, strict=True):
        row["bench"] = "strength"
        if m.b is not None and m.label.endswith("strong vs tactical"):
            row.update(target="not below the peer", ok=bool(sum(m.a) >= sum(m.b)))
    return rows


def run() -> list[dict]:
    specs, labels = [], []
    for game_id in TWO_SEAT:
        for lower in _below(game_id):
            specs.append(two_seat_jobs(game_id, "strong", lower, TACTICAL_PAIRS if lower == "tactical" else PAIRS))
            labels.append((game_id, f"{game_id} 2p strong vs {lower}, seats swapped", False))
    castle_id, players = CASTLE
    for lower in _below(castle_id):
        for camp in ("castle", "enemy"):
            specs += list(camp_jobs(castle_id, players, camp, "strong", lower, CASTLE_GAMES))
            labels.append((castle_id, f"{castle_id} {players}p {camp} camp strong vs {lower}", True))
    results = run_matches(specs)
    matches, per_game, i = [], {}, 0
    for game_id, label, paired_camp in labels:
        games = results[i]
        peer = results[i + 1] if paired_camp else None
        i += 2 if paired_camp else 1
        matches.append(Match(label, [g.score for g in games], [g.score for g in peer] if peer else None))
        per_game.setdefault(game_id, []).extend(games)
    rows = judged(matches)
    for game_id, games in per_game.items():
        times = cpu_of(games).get("strong", [])
        if times:
            median, p90 = quantiles(times)
            iterations = explorer.get_game(game_id).bots()["strong"].default_iterations
            over = sum(t > CPU_TARGET for t in times)
            rows.append({"bench": "strength", "case": f"{game_id} strong ({iterations} iterations): CPU per decision, "
                         f"median (p90 {p90:.3f} s, mean {sum(times) / len(times):.3f} s, largest {max(times):.2f} s, "
                         f"{over} of {len(times)} decisions over {CPU_TARGET:g} s)", "value": median, "unit": "s",
                         "target": f"median and p90 ≤ {CPU_TARGET:g} s",
                         "ok": median <= CPU_TARGET and p90 <= CPU_TARGET})
    return rows
