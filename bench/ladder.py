"""The bot ladder (issue 33): each game's bots in ``Game.bots()`` order, each against the one below it, with
95 % intervals, a paired test and the CPU time per decision; and how often tactical games reach the bots' limits.

- 永恒之息 and the MOBA, 2 players: ``PAIRS`` seed pairs with the seats swapped (bench/_matches.py). The row gives
  the upper bot's score (a draw is ½) with its Wilson 95 % interval over games, and the exact two-sided sign test
  over the seed pairs (paired data: both games of a pair share their seed), Holm-corrected over every rung of the
  table (many comparisons).
- 城堡之心, 5 players (lord, reinforcement, 3 enemies; identities are chance): the upper bot plays one camp against the
  lower bot everywhere else, beside the same seeds with the lower bot on that camp too; the sign test compares
  each seed's two outcomes (McNemar's exact test on the discordant seeds). Both camps are shown.
- CPU per decision: ``time.process_time`` around each ``choose`` with more than one legal action, median and p90.
  Target (issue 33): the tactical bot ≤ 2 ms.
- Games that end: the tactical bot in every seat, ``ENDINGS`` bounded games per table size; the share that reached
  the bots' limits (a simulation limit ended it, ``balance.study.hit_limit``). Target ≤ 5 %.

The strong bot's rungs (a search: seconds per decision) are the long study ``bench/strength.py``. Everything is
seeded and budgeted in iterations, never in time, so the table is the same on any machine apart from the timings.
"""

from __future__ import annotations

import os

from support import games as product_games

import explorer
from balance.summary import wilson

from ._matches import Match, camp_jobs, cpu_of, holm, quantiles, run_matches, two_seat_jobs

PAIRS = int(os.environ.get("LADDER_PAIRS", "100"))
CASTLE_GAMES = int(os.environ.get("LADDER_CASTLE_GAMES", "200"))
ENDINGS = int(os.environ.get("LADDER_ENDINGS", "100"))
TWO_SEAT = product_games(players=2)  # the games two can play: seats swapped
CASTLE = ("castle_heart", 5)
FAST = ("random", "greedy", "tactical")  # the rungs without search
TACTICAL_CPU_TARGET = 0.002


def rungs(game_id: str, names=FAST) -> list[tuple[str, str]]:
    """(upper, lower) for each bot of the ladder against the one below it."""
    ladder = [b for b in explorer.get_game(game_id).bots() if b in names]
    return [(ladder[i + 1], ladder[i]) for i in range(len(ladder) - 1)]


def match_rows(matches: list[Match], target: dict[str, float] | None = None) -> list[dict]:
    """One row per match, its sign test Holm-corrected over all of them; ``target`` maps a label to the rate the
    upper bot must reach."""
    adjusted = holm([m.sign_test() for m in matches])
    rows = []
    for m, p in zip(matches, adjusted, strict=True):
        low, high = m.interval()
        case = (f"{m.label}: {sum(m.a):g}/{m.games} games, Wilson 95 % {low:.0%}–{high:.0%}, "
                f"sign test over {'seed pairs' if m.b is None else 'paired seeds'} p = {p:.2g} (Holm)")
        row = {"bench": "ladder", "case": case, "value": m.rate, "unit": "score"}
        if m.b is not None:
            row.update(peer="the lower bot on that camp", peer_value=sum(m.b) / len(m.b),
                       ratio=m.rate / (sum(m.b) / len(m.b)) if sum(m.b) else None)
        goal = (target or {}).get(m.label)
        if goal is not None and m.b is None:
            row.update(target=f"> {goal:.0%}, p < 0.05", ok=bool(m.rate > goal and p < 0.05))
        elif goal is not None:
            row.update(target="above the peer, p < 0.05", ok=bool(m.rate > row["peer_value"] and p < 0.05))
        rows.append(row)
    return rows


def cpu_rows(game_id: str, games, names) -> list[dict]:
    rows = []
    times = cpu_of(games)
    for name in names:
        if not times.get(name):
            continue
        median, p90 = quantiles(times[name])
        row = {"bench": "ladder", "case": f"{game_id} {name}: CPU per decision, median (p90 {p90 * 1000:.2f} ms, "
               f"{len(times[name])} decisions)", "value": median * 1000, "unit": "ms"}
        if name == "tactical":
            row.update(target=f"≤ {TACTICAL_CPU_TARGET * 1000:g} ms", ok=median <= TACTICAL_CPU_TARGET)
        rows.append(row)
    return rows


def ending_jobs(game_id: str, players: int, games: int) -> list[tuple]:
    return [(game_id, players, seed, "tactical", "tactical", (), None) for seed in range(games)]


def run() -> list[dict]:
    specs, labels = [], []
    for game_id in TWO_SEAT:
        for upper, lower in rungs(game_id):
            specs.append(two_seat_jobs(game_id, upper, lower, PAIRS))
            labels.append((game_id, f"{game_id} 2p {upper} vs {lower}, seats swapped", None))
    castle_id, castle_players = CASTLE
    for upper, lower in rungs(castle_id):
        for camp in ("castle", "enemy"):
            with_upper, peer = camp_jobs(castle_id, castle_players, camp, upper, lower, CASTLE_GAMES)
            specs += [with_upper, peer]
            labels.append((castle_id, f"{castle_id} {castle_players}p {camp} camp {upper} vs {lower}", "peer"))
    endings = []
    for game_id in product_games():
        game = explorer.get_game(game_id)
        if "tactical" not in game.bots():
            continue
        for players in range(game.min_players, game.max_players + 1):
            endings.append((game_id, players))
            specs.append(ending_jobs(game_id, players, ENDINGS))
    results = run_matches(specs)
    matches, per_game, i = [], {}, 0
    for game_id, label, kind in labels:
        if kind == "peer":
            games, peer = results[i], results[i + 1]
            matches.append(Match(label, [g.score for g in games], [g.score for g in peer]))
            i += 2
        else:
            games = results[i]
            matches.append(Match(label, [g.score for g in games]))
            i += 1
        per_game.setdefault(game_id, []).extend(games)
    rows = match_rows(matches, {m.label: 0.5 for m in matches if " tactical vs " in m.label})
    for game_id, games in per_game.items():
        rows += cpu_rows(game_id, games, FAST)
    for (game_id, players), games in zip(endings, results[i:], strict=True):
        hit = sum(g.unfinished for g in games)
        low, high = wilson(hit, len(games))
        rows.append({"bench": "ladder", "case": f"{game_id} {players}p tactical everywhere: {hit}/{len(games)} games "
                     f"reached the bots' limits, Wilson 95 % {low:.0%}–{high:.0%}", "value": hit / len(games),
                     "unit": "share", "target": "≤ 5 %", "ok": hit / len(games) <= 0.05})
    return rows

