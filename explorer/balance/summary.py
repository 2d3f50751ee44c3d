"""What a study's table says: win rates by seat and by character / hero / bloodline / identity, each with a
Wilson 95 % score interval and its number of games, flagged where "fair" lies outside the interval.

"Fair" for a seat is the average share of wins per seat in this very table (the mean number of winners per
game divided by the players), so a game where a side of several players wins together is judged fairly too.
A facet (a character, a hero, an identity…) is compared with the same average seat.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95 % quantile of the standard normal


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials: the p with |p̂ − p| ≤ z·√(p(1−p)/n)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Rate:
    """One line of a summary: ``wins`` of ``games``, the rate, its interval and whether fair is outside it."""

    name: str
    games: int
    wins: int
    fair: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def unfair(self) -> bool:
        low, high = self.interval
        return self.games > 0 and not low <= self.fair <= high

    def line(self, name: str = "") -> str:
        low, high = self.interval
        flag = "  ← differs from fair" if self.unfair else ""
        return (f"{name or self.name:<24} {self.rate:6.1%}  [{low:6.1%}, {high:6.1%}]  n={self.games:<6} "
                f"fair {self.fair:5.1%}{flag}")


def seats(df) -> int:
    return int(df["players"].iloc[0])


def fair_share(df) -> float:
    """The average share of wins per seat in ``df``: mean winners per game / players."""
    n = seats(df)
    return float(df[[f"win_{p}" for p in range(n)]].to_numpy().sum()) / (len(df) * n)


def by_seat(df) -> list[Rate]:
    fair = fair_share(df)
    return [Rate(f"seat {p}", len(df), int(df[f"win_{p}"].sum()), fair) for p in range(seats(df))]


def facets(df) -> list[str]:
    """The per-seat facts the game recorded (``character``, ``hero``, ``identity``…), from the column names."""
    names = {m.group(1) for c in df.columns if (m := re.fullmatch(r"([a-z]+)_0", c))}
    return sorted(names - {"win", "damage"})


def by_facet(df, facet: str) -> list[Rate]:
    """Win rate of the seats that had each value of ``facet`` (every seat of every game counts once)."""
    fair = fair_share(df)
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    for p in range(seats(df)):
        for value, won in zip(df[f"{facet}_{p}"], df[f"win_{p}"], strict=True):
            games[value] = games.get(value, 0) + 1
            wins[value] = wins.get(value, 0) + int(won)
    return [Rate(str(v), games[v], wins[v], fair) for v in sorted(games)]


def summarise(df) -> dict[str, list[Rate]]:
    """Every summary of the table: ``"seat"`` and one entry per facet, each a list of :class:`Rate`."""
    out = {"seat": by_seat(df)}
    for facet in facets(df):
        out[facet] = by_facet(df, facet)
    return out


def report(df, game_id: str | None = None) -> str:
    """The summary as text (the command line prints it), with the game's names for its facts when known."""
    import explorer

    game = explorer.get_game(game_id) if game_id else None
    lines = [f"{len(df)} games, {seats(df)} players; how they ended: "
             + ", ".join(f"{k} ×{v}" for k, v in df["ended"].value_counts().items())]
    if "capped" in df.columns and df["capped"].any():
        lines.append(f"{int(df['capped'].sum())} of them ended at a simulation limit (a cap for bots alone, "
                     "not a rule of the document)")
    for name, rates in summarise(df).items():
        lines.append(f"\nwin rate by {name} (Wilson 95 % interval)")
        lines += ["  " + r.line(game.fact_label(name, r.name) if game and name != "seat" else "") for r in rates]
    return "\n".join(lines)
