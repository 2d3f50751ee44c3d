"""Seeded bot matches for the ladder (bench/ladder.py) and the strong bot's study (bench/strength.py).

A match game is one seeded game under the game's simulation limits (``Game.bounded_variant``), each decision made
by the bot of the deciding seat's side. Two-seat matches are played in seed pairs with the seats swapped (the same
seed, so the same chance stream, with A at seat 0 and then at seat 1): paired data, judged by a sign test over the
pairs. 城堡之心's identities are dealt by chance, so there a side (the lord's camp, or the enemies) is played by one bot
and everyone else by the other, and the same seeds are played with the other bot on that side too (paired again).

Every bot is made with an iteration budget and no clock (``StrongBot(iterations=…, seconds=None)``), so a game
depends only on its seed and budgets: the CPU time per decision is measured (``time.process_time``), never used.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field

import explorer
from balance.study import hit_limit
from balance.summary import holm, mcnemar_exact, wilson

__all__ = ["Game", "Match", "holm", "play", "run_matches"]


def make_bot(game_id: str, name: str, iterations: int | None = None):
    """The game's bot ``name``; a searching bot gets ``iterations`` and no wall-clock cap."""
    cls = explorer.get_game(game_id).bots()[name]
    if name == "strong":
        return cls(iterations=iterations, seconds=None)
    return cls()


def castle_camp(state, seat: int) -> str:
    """The camp of a 城堡之心 seat (its own identity, which the seat knows)."""
    from explorer.games.castle_heart.records import camp

    return camp(state.data.seats[seat])


@dataclass
class Game:
    """What a match game gives back: the score of side A (1 win, ½ draw, 0 loss), whether the game reached the
    bots' limit unfinished, and each bot's CPU seconds per decision that had more than one legal action."""

    score: float
    unfinished: bool
    cpu: dict[str, list[float]] = field(default_factory=dict)


def play(game_id: str, players: int, seed: int, a: str, b: str, a_seats=None, castle_side: str | None = None,
         iterations: int | None = None) -> Game:
    """One seeded game: bot ``a`` at ``a_seats`` (or, with ``castle_side``, for every seat of that camp), ``b``
    elsewhere."""
    game = explorer.get_game(game_id)
    bots = {a: make_bot(game_id, a, iterations), b: make_bot(game_id, b, iterations)}
    state = explorer.new_game(game_id, players, game.bounded_variant(players))
    rng, cpu = random.Random(seed), defaultdict(list)
    a_seats = set(a_seats or ())
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply(explorer.sample_chance(state.chance_outcomes(), rng))
            continue
        seat = state.current_player
        mine = castle_camp(state, seat) == castle_side if castle_side else seat in a_seats
        name = a if mine else b
        start = time.process_time()
        action = bots[name].choose(state, rng)
        spent = time.process_time() - start
        if len(state.legal_actions()) > 1:
            cpu[name].append(spent)
        state = state.apply(action)
    winners = set(state.winners)
    if castle_side:
        ours = {i for i in range(players) if castle_camp(state, i) == castle_side}
    else:
        ours = a_seats
    unfinished = hit_limit(state)
    if not winners or winners >= set(range(players)):
        score = 0.5
    else:
        score = 1.0 if winners & ours else 0.0
    return Game(score, unfinished, dict(cpu))


def _job(args) -> Game:
    return play(*args)


@dataclass
class Match:
    """A two-seat match in seed pairs, or a camp's paired comparison in 城堡之心."""

    label: str
    a: list[float]                 # side A's scores, game by game (pairs consecutive for two seats)
    b: list[float] | None = None   # 城堡之心: the same seeds with bot B on A's side (the peer)
    cpu: dict[str, list[float]] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return len(self.a)

    @property
    def rate(self) -> float:
        return sum(self.a) / len(self.a)

    def interval(self) -> tuple[float, float]:
        """Wilson 95 % score interval of A's rate (draws as half a win, rounded to whole wins)."""
        return wilson(round(sum(self.a)), len(self.a))

    def sign_test(self) -> float:
        """Two-sided exact sign test (binomial, p = ½) over the paired units: two-seat seed pairs (A's pair total
        above or below one game) or, in 城堡之心, each seed's A-side score against the same seed's peer score.
        Ties are dropped (the usual sign test)."""
        if self.b is None:
            units = [self.a[i] + self.a[i + 1] - 1 for i in range(0, len(self.a) - 1, 2)]
        else:
            units = [x - y for x, y in zip(self.a, self.b, strict=True)]
        up, down = sum(u > 0 for u in units), sum(u < 0 for u in units)
        return mcnemar_exact(up, down)


def run_matches(specs: list[tuple], workers: int = 2) -> list[list[Game]]:
    """Each spec is a list of ``play`` argument tuples; returns the games per spec, played on ``workers``
    processes (the order of results never depends on the pool)."""
    from concurrent.futures import ProcessPoolExecutor

    flat = [args for spec in specs for args in spec]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(_job, flat, chunksize=1))
    out, i = [], 0
    for spec in specs:
        out.append(results[i:i + len(spec)])
        i += len(spec)
    return out


def two_seat_jobs(game_id: str, a: str, b: str, pairs: int, first_seed: int = 0,
                  iterations: int | None = None) -> list[tuple]:
    """Seed pairs, seats swapped: (seed, A at 0), (seed, A at 1)."""
    return [(game_id, 2, seed, a, b, (seat,), None, iterations)
            for seed in range(first_seed, first_seed + pairs) for seat in (0, 1)]


def camp_jobs(game_id: str, players: int, camp: str, a: str, b: str, games: int,
              iterations: int | None = None) -> tuple[list[tuple], list[tuple]]:
    """城堡之心: ``camp`` played by A against B elsewhere, and the same seeds with B everywhere (the peer)."""
    return ([(game_id, players, seed, a, b, (), camp, iterations) for seed in range(games)],
            [(game_id, players, seed, b, b, (), camp, iterations) for seed in range(games)])


def cpu_of(games: list[Game]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = defaultdict(list)
    for g in games:
        for name, times in g.cpu.items():
            out[name] += times
    return out


def quantiles(times: list[float]) -> tuple[float, float]:
    """(median, p90) of the decision times."""
    if not times:
        return (math.nan, math.nan)
    p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
    return statistics.median(times), p90
