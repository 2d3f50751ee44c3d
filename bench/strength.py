"""The strong bot against the greedy one (issue 17): win rates with Wilson 95 % intervals, games counted, and the
time a person waits for a strong decision.

- 2-player 永恒之息 and the 2-player MOBA: strong against greedy, seats swapped every other game (a draw — both
  listed as winners, or nobody — counts half). Target: strong wins at least 60 %.
- 城堡之心, 5 players (lord, reinforcement, 3 enemies): the lord's side (lord and reinforcement) played by the
  strong bot against greedy enemies, beside the same tables with greedy everywhere (the peer: the side's win
  rate without search). The identities are dealt by chance, so each decision goes to the bot of the deciding
  seat's own side.
- Time per strong decision at the default strength (``StrongBot()``: 200 iterations, at most 1 s), median and
  p90 over the decisions of a few games (decisions with one legal action cost nothing and are left out).

The matches run at ``MATCH_ITERATIONS`` (a lighter strength than the default, stated in the table) so the whole
bench stays under ~10 minutes on 2 cores; every game uses the game's simulation limits
(``Game.bounded_variant``) and is seeded, so the table is reproducible apart from the timings. Games are spread
over 2 worker processes. ``STRENGTH_GAMES`` (environment) changes the games per match.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import explorer
from explorer.balance.summary import wilson

GAMES = int(os.environ.get("STRENGTH_GAMES", "10"))
MATCH_ITERATIONS = int(os.environ.get("STRENGTH_ITERATIONS", "30"))
TIMED_DECISIONS = 12
MATCHES = (("eternal_breath", 2), ("card_moba", 2))
CASTLE = ("castle_heart", 5)


def _strong(game_id: str, iterations: int | None):
    cls = explorer.get_game(game_id).bots()["strong"]
    return cls() if iterations is None else cls(iterations=iterations, seconds=None)


def _castle_side(state) -> bool:
    """Whether the deciding seat is on the lord's side (its own identity: a seat knows it)."""
    from explorer.games.castle_heart.board import camp

    seat = state.current_player
    return camp(state.data.seats[seat]) == "castle"


def play_match_game(game_id: str, players: int, seed: int, strong_seat: int | None, iterations: int | None,
                    castle_side: bool = False, timed: int = 0) -> tuple[float, list[float]]:
    """One seeded game: the strong bot at ``strong_seat`` (or, with ``castle_side``, for the lord's side), greedy
    elsewhere. Returns the strong side's score (1 win, ½ draw, 0 loss) and the strong decisions' times."""
    game = explorer.get_game(game_id)
    strong, greedy = _strong(game_id, iterations), game.bots()["greedy"]()
    state = explorer.new_game(game_id, players, game.bounded_variant(players))
    rng, times = random.Random(seed), []
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply(explorer.sample_chance(state.chance_outcomes(), rng))
            continue
        seat = state.current_player
        mine = _castle_side(state) if castle_side else seat == strong_seat
        if mine and strong_seat is not None:
            start = time.perf_counter()
            action = strong.choose(state, rng)
            if len(state.legal_actions()) > 1:
                times.append(time.perf_counter() - start)
                if timed and len(times) >= timed:
                    return 0.0, times
        else:
            action = greedy.choose(state, rng)
        state = state.apply(action)
    winners = set(state.winners)
    if castle_side:
        from explorer.games.castle_heart.board import camp

        ours = {i for i, s in enumerate(state.data.seats) if camp(s) == "castle"}
        return (0.5 if not winners else 1.0 if winners & ours else 0.0), times
    if not winners or len(winners) == players:
        return 0.5, times
    return (1.0 if strong_seat in winners else 0.0), times


def _one(args):
    return play_match_game(*args)


def _row(case: str, score: float, n: int, target: str = "", ok=None, peer=None, peer_value=None) -> dict:
    low, high = wilson(round(score), n) if n else (0.0, 0.0)
    row = {"bench": "strength", "case": f"{case}: {score:g}/{n} games, 95 % CI {low:.0%}–{high:.0%}",
           "value": score / n if n else 0.0, "unit": "win rate"}
    if target:
        row.update(target=target, ok=ok)
    if peer is not None:
        row.update(peer=peer, peer_value=peer_value, ratio=(score / n) / peer_value if peer_value else None)
    return row


LONG = True  # about 10 minutes: `python -m bench strength` or `python -m bench --long`


def run() -> list[dict]:
    jobs = []
    for game_id, players in MATCHES:
        jobs += [(game_id, players, seed, seed % 2, MATCH_ITERATIONS) for seed in range(GAMES)]
    castle_id, castle_players = CASTLE
    jobs += [(castle_id, castle_players, seed, 0, MATCH_ITERATIONS, True) for seed in range(GAMES)]
    jobs += [(castle_id, castle_players, seed, None, None, True) for seed in range(GAMES)]
    timing = [(g, p, 100 + k, k % 2, None, False, TIMED_DECISIONS) for g, p in (*MATCHES, CASTLE) for k in range(2)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(_one, jobs + timing))
    rows, i = [], 0
    for game_id, players in MATCHES:
        scores = [s for s, _ in results[i:i + GAMES]]
        i += GAMES
        rate = sum(scores) / GAMES
        rows.append(_row(f"{game_id} {players}p strong ({MATCH_ITERATIONS} it.) vs greedy, seats swapped",
                         sum(scores), GAMES, "≥ 60 %", rate >= 0.6))
    strong_side = sum(s for s, _ in results[i:i + GAMES])
    greedy_side = sum(s for s, _ in results[i + GAMES:i + 2 * GAMES])
    i += 2 * GAMES
    rows.append(_row(f"castle_heart 5p lord's side strong ({MATCH_ITERATIONS} it.) vs greedy enemies", strong_side,
                     GAMES, peer="lord's side greedy", peer_value=greedy_side / GAMES))
    for k, (game_id, _) in enumerate((*MATCHES, CASTLE)):
        times = [t for _, ts in results[i + 2 * k:i + 2 * k + 2] for t in ts]
        if times:
            p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
            rows.append({"bench": "strength", "case": f"{game_id} strong decision, default strength (median)",
                         "value": statistics.median(times), "unit": "s", "target": "≤ 1 s",
                         "ok": statistics.median(times) <= 1.0})
            rows.append({"bench": "strength", "case": f"{game_id} strong decision, default strength (p90, "
                         f"{len(times)} decisions)", "value": p90, "unit": "s"})
    return rows
