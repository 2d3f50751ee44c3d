"""The strong bot's rungs of the ladder (issue 33), a long study: strong against greedy and against tactical, and
the CPU time of a strong decision at its default budget.

- 永恒之息 and the MOBA, 2 players: ``PAIRS`` seed pairs with the seats swapped; the strong bot's score (a draw is
  ½) with its Wilson 95 % interval over games and the exact sign test over the seed pairs, Holm-corrected over the
  rows (bench/_matches.py, bench/ladder.py). Target against greedy: ≥ 65 % and p < 0.05.
- 城堡之心, 5 players: the strong bot plays one camp (the lord's, or the enemies') against greedy elsewhere, beside the
  same seeds with greedy on that camp (the peer); McNemar's exact test on the seeds whose outcome differs.
- CPU per strong decision at the default budget (``StrongBot()``: ``default_iterations``, no clock), median and p90
  over every decision with more than one legal action. Target ≤ 0.2 s.

Every game is seeded and the bots are budgeted in iterations, so the scores are the same on any machine; only the
CPU times vary. About 15 minutes on 2 cores: ``python -m bench strength`` or ``python -m bench --long``.
"""

from __future__ import annotations

import os

import explorer

from ._matches import Match, camp_jobs, cpu_of, quantiles, run_matches, two_seat_jobs
from .ladder import match_rows

LONG = True
PAIRS = int(os.environ.get("STRENGTH_PAIRS", "30"))
CASTLE_GAMES = int(os.environ.get("STRENGTH_CASTLE_GAMES", "40"))
TWO_SEAT = ("eternal_breath", "card_moba")
CASTLE = ("castle_heart", 5)
CPU_TARGET = 0.2
WIN_TARGET = 0.65


def _below(game_id: str) -> list[str]:
    """The bots the strong one is measured against: greedy, and tactical where the game has it."""
    return [b for b in ("greedy", "tactical") if b in explorer.get_game(game_id).bots()]


def run() -> list[dict]:
    specs, labels = [], []
    for game_id in TWO_SEAT:
        for lower in _below(game_id):
            specs.append(two_seat_jobs(game_id, "strong", lower, PAIRS))
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
    targets = {m.label: WIN_TARGET for m in matches if m.label.endswith("strong vs greedy, seats swapped")}
    rows = match_rows(matches, targets)
    for row in rows:
        row["bench"] = "strength"
    for game_id, games in per_game.items():
        times = cpu_of(games).get("strong", [])
        if times:
            median, p90 = quantiles(times)
            iterations = explorer.get_game(game_id).bots()["strong"].default_iterations
            rows.append({"bench": "strength", "case": f"{game_id} strong ({iterations} iterations): CPU per decision, "
                         f"median (p90 {p90:.3f} s, {len(times)} decisions)", "value": median, "unit": "s",
                         "target": f"≤ {CPU_TARGET:g} s", "ok": median <= CPU_TARGET})
    return rows
