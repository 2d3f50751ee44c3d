"""What a study's table says: win / draw / loss by seat, by turn order (who moved first) and by character / hero /
bloodline / identity, each with a Wilson 95 % score interval and its number of games; the first player against
each later place as a paired difference; one homogeneity test per facet, and per-value flags corrected for
multiple comparisons (Holm).

Counting. A draw (nobody won, a simulation limit ended the game, or ``max_steps`` stopped it) is never a win:
the row's ``draw`` column (older tables: a row without a winner). Every rate is **per game**: a value of a facet
(a seat, a place in the turn order, a hero, an identity…) is counted once in each game where some seat had it,
and it *won* that game when one of those seats won. So a side of several seats (城堡之心's enemies) is one trial
per game, never one per seat: n is a number of games and the Wilson interval is honest.

"Fair". If the value did not matter, the game's ``w`` winners would be any ``w`` of its ``n`` seats, so a value
held by ``k`` seats of that game would win it with chance ``1 − C(n−k, w) / C(n, w)`` (``w / n`` for one seat).
A value's fair rate is the mean of that chance over its games; its flag is a score test of its wins against that
sum of chances (normal approximation to the Poisson-binomial: for a single seat and a fixed chance it rejects
exactly where fair lies outside the Wilson interval), with Holm's correction over the facet's values.

Homogeneity, one test per facet: Cochran's Q over seats and over turn places (every game has each exactly once:
the test for related proportions, so it is valid although seats of one game are not independent); for other
facets the chi-square test of homogeneity (``scipy.stats.chi2_contingency``) of values × won / not won, per game
— values that share a game are not independent, so read that one as a screen.

Paired differences (the first player against each later place; a what-if against its base on the same seeds):
the Agresti–Min interval (Wald on the 2×2 table of pairs with ½ added to each cell, Agresti & Min 2005) and
McNemar's exact test (a two-sided binomial test of the discordant pairs, ``scipy.stats.binomtest``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95 % quantile of the standard normal
ALPHA = 0.05
NOT_FACETS = frozenset({"win", "damage", "outcome", "cards", "turn"})  # per-seat columns that are not facts
AGRESTI_MIN = "Agresti–Min paired 95 % interval"
MCNEMAR = "McNemar's exact test"


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials: the p with |p̂ − p| ≤ z·√(p(1−p)/n)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjustment: the i-th smallest p times (m − i), kept non-decreasing, at most 1."""
    m = len(pvalues)
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda j: pvalues[j])):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def score_test(wins: int, chances: list[float]) -> float:
    """Two-sided p of ``wins`` successes in independent trials of the given chances (normal approximation)."""
    from scipy.stats import norm

    mean = sum(chances)
    var = sum(c * (1 - c) for c in chances)
    if var <= 0:
        return 1.0 if abs(wins - mean) < 1e-9 else 0.0
    return float(2 * norm.sf(abs(wins - mean) / math.sqrt(var)))


def cochran_q(rows) -> tuple[float, int, float]:
    """Cochran's Q for a games × k table of 0/1 (each game a block): (Q, k − 1, p from chi-square)."""
    from scipy.stats import chi2

    rows = [list(map(int, r)) for r in rows]
    k = len(rows[0]) if rows else 0
    if k < 2:
        return (0.0, max(k - 1, 0), 1.0)
    cols = [sum(r[j] for r in rows) for j in range(k)]
    total = sum(cols)
    denom = k * total - sum(sum(r) ** 2 for r in rows)
    if denom == 0:
        return (0.0, k - 1, 1.0)
    q = (k - 1) * (k * sum(c * c for c in cols) - total * total) / denom
    return (q, k - 1, float(chi2.sf(q, k - 1)))


@dataclass(frozen=True)
class Paired:
    """Rate A − rate B over the same ``n`` games: ``b`` games where only A happened, ``c`` where only B did."""

    name: str
    n: int
    a: int  # games where A happened (its rate is a / n)
    b_only: int
    c_only: int
    p_holm: float | None = None

    @property
    def diff(self) -> float:
        return (self.b_only - self.c_only) / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return agresti_min(self.b_only, self.c_only, self.n)

    @property
    def p(self) -> float:
        return mcnemar_exact(self.b_only, self.c_only)

    def line(self) -> str:
        low, high = self.interval
        holm_p = "" if self.p_holm is None else f", Holm {self.p_holm:.3g}"
        flag = "  ← differs" if (self.p_holm if self.p_holm is not None else self.p) < ALPHA else ""
        return (f"{self.name:<28} {100 * self.diff:+6.1f} pp  [{100 * low:+6.1f}, {100 * high:+6.1f}]  n={self.n:<6} "
                f"discordant {self.b_only}/{self.c_only}  McNemar p={self.p:.3g}{holm_p}{flag}")


def agresti_min(b: int, c: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Agresti & Min (2005): the paired-difference Wald interval with ½ added to each of the four cells."""
    if n == 0:
        return (-1.0, 1.0)
    b2, c2, n2 = b + 0.5, c + 0.5, n + 2
    d = (b2 - c2) / n2
    half = z * math.sqrt(max((b2 + c2) - (b2 - c2) ** 2 / n2, 0.0)) / n2
    return (max(-1.0, d - half), min(1.0, d + half))


def mcnemar_exact(b: int, c: int) -> float:
    """McNemar's exact test: two-sided binomial test of ``b`` of ``b + c`` discordant pairs at ½."""
    if b + c == 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(b, b + c, 0.5).pvalue)


def paired(name: str, x, y) -> Paired:
    """Pairs of 0/1 outcomes (game by game): A = ``x``, B = ``y``."""
    x, y = [int(v) for v in x], [int(v) for v in y]
    return Paired(name, len(x), sum(x), sum(1 for i, j in zip(x, y, strict=True) if i and not j),
                  sum(1 for i, j in zip(x, y, strict=True) if j and not i))


@dataclass(frozen=True)
class Rate:
    """One line of a summary: ``wins`` of ``games`` (``draws`` of them drawn), the rate, its interval, the fair
    rate and, when tested, the Holm-adjusted p of its score test against fair."""

    name: str
    games: int
    wins: int
    fair: float
    draws: int = 0
    p_holm: float | None = None

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def draw_rate(self) -> float:
        return self.draws / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def unfair(self) -> bool:
        if self.p_holm is not None:
            return self.games > 0 and self.p_holm < ALPHA
        low, high = self.interval
        return self.games > 0 and not low <= self.fair <= high

    def line(self, name: str = "") -> str:
        low, high = self.interval
        flag = "  ← differs from fair" if self.unfair else ""
        p = "" if self.p_holm is None else f"  p(Holm) {self.p_holm:.3g}"
        loss = max(0.0, 1 - self.rate - self.draw_rate)
        return (f"{name or self.name:<24} win {self.rate:6.1%}  [{low:6.1%}, {high:6.1%}]  draw {self.draw_rate:5.1%}  "
                f"loss {loss:6.1%}  n={self.games:<6} fair {self.fair:5.1%}{p}{flag}")


@dataclass(frozen=True)
class Homogeneity:
    facet: str
    test: str
    statistic: float
    dof: int
    p: float
    p_holm: float | None = None  # corrected over the table's facets (homogeneity_tests)

    @property
    def differs(self) -> bool:
        return (self.p if self.p_holm is None else self.p_holm) < ALPHA

    def line(self) -> str:
        holm_p = "" if self.p_holm is None else f", Holm over facets {self.p_holm:.3g}"
        return (f"homogeneity over {self.facet}: {self.test} = {self.statistic:.2f}, df {self.dof}, p = {self.p:.3g}"
                f"{holm_p}" + ("  ← differs" if self.differs else ""))


# --- the table -------------------------------------------------------------------------------------------------
def seats(df) -> int:
    return int(df["players"].iloc[0])


def wins_matrix(df):
    return df[[f"win_{p}" for p in range(seats(df))]].to_numpy().astype(int)


def draws(df):
    """Per game: a draw (the ``draw`` column; in older tables, a game without a winner)."""
    if "draw" in df.columns:
        return df["draw"].astype(bool).to_numpy()
    return wins_matrix(df).sum(axis=1) == 0


def finished(df):
    """The games somebody won: draws and capped games left out."""
    return df[~draws(df)]


def fair_share(df) -> float:
    """The average share of wins per seat in ``df``: mean winners per game / players."""
    n = seats(df)
    return float(wins_matrix(df).sum()) / (len(df) * n)


def facets(df) -> list[str]:
    """The per-seat facts the game recorded (``character``, ``hero``, ``identity``, ``identity_dealt``…) and
    ``bot``, from the column names (``<fact>_0``)."""
    names = {m.group(1) for c in df.columns if (m := re.fullmatch(r"([a-z][a-z_]*)_0", c))}
    return sorted(names - NOT_FACETS)


def place_name(k: int) -> str:
    return {0: "1st (moved first)", 1: "2nd", 2: "3rd"}.get(k, f"{k + 1}th")


def tally(df, labels: list[list[str]]) -> dict[str, tuple[int, int, int, list[float]]]:
    """Per label, per game (see the module's docstring): (games where some seat had it, games one of those seats
    won, of them drawn, each of its games' fair chance ``1 − C(n−k, w) / C(n, w)``). ``labels[p][g]`` is seat p's
    label in game g."""
    n = seats(df)
    won = wins_matrix(df)
    drawn = draws(df)
    out: dict[str, tuple[int, int, int, list[float]]] = {}
    for g in range(len(df)):
        w = int(won[g].sum())
        held: dict[str, list[int]] = {}
        for p in range(n):
            held.setdefault(str(labels[p][g]), []).append(p)
        for value, who in held.items():
            games, wins, ties, chances = out.get(value, (0, 0, 0, []))
            chances.append(1 - math.comb(n - len(who), w) / math.comb(n, w))
            out[value] = (games + 1, wins + int(any(won[g][p] for p in who)), ties + int(drawn[g]), chances)
    return out


def rate_of(name: str, counts: tuple[int, int, int, list[float]], p_holm: float | None = None) -> Rate:
    games, wins, ties, chances = counts
    return Rate(name, games, wins, sum(chances) / games if games else 0.0, ties, p_holm)


def _clustered(df, labels: list[list[str]], order: list[str] | None = None) -> list[Rate]:
    """Per-game rates of each label: ``labels[p][g]`` is seat p's label in game g (see the module's docstring)."""
    counts = tally(df, labels)
    values = [v for v in (order or sorted(counts)) if v in counts]
    adjusted = holm([score_test(counts[v][1], counts[v][3]) for v in values])
    return [rate_of(v, counts[v], q) for v, q in zip(values, adjusted, strict=True)]


def by_seat(df) -> list[Rate]:
    n = seats(df)
    return _clustered(df, [[f"seat {p}"] * len(df) for p in range(n)], [f"seat {p}" for p in range(n)])


def has_turns(df) -> bool:
    return all(f"turn_{p}" in df.columns for p in range(seats(df)))


def by_turn(df) -> list[Rate]:
    """Per place in the turn order (1st = the seat that moved first)."""
    n = seats(df)
    return _clustered(df, [[place_name(int(k)) for k in df[f"turn_{p}"]] for p in range(n)],
                      [place_name(k) for k in range(n)])


def by_facet(df, facet: str) -> list[Rate]:
    """Per-game win rate of each value of ``facet``: n = games where some seat had it (a side wins a game or not)."""
    return _clustered(df, [list(df[f"{facet}_{p}"]) for p in range(seats(df))])


def place_wins(df):
    """games × places: 1 where the seat at that place in the turn order won."""
    n = seats(df)
    won = wins_matrix(df)
    turns = df[[f"turn_{p}" for p in range(n)]].to_numpy().astype(int)
    out = [[0] * n for _ in range(len(df))]
    for g in range(len(df)):
        for p in range(n):
            out[g][turns[g][p]] = int(won[g][p])
    return out


def first_player(df) -> list[Paired]:
    """The first player's win rate minus each later place's, on the same games (Agresti–Min; McNemar exact,
    Holm over the later places)."""
    if not has_turns(df) or df.empty:
        return []
    rows = place_wins(df)
    pairs = [paired(f"1st − {place_name(k).split()[0]}", [r[0] for r in rows], [r[k] for r in rows])
             for k in range(1, seats(df))]
    adjusted = holm([x.p for x in pairs])
    return [Paired(x.name, x.n, x.a, x.b_only, x.c_only, q) for x, q in zip(pairs, adjusted, strict=True)]


def homogeneity(df, facet: str) -> Homogeneity:
    """One test per facet: Cochran's Q for seats and turn places, chi-square of homogeneity (per game) otherwise."""
    if facet == "seat":
        q, k, p = cochran_q(wins_matrix(df))
        return Homogeneity(facet, "Cochran's Q", q, k, p)
    if facet == "turn":
        q, k, p = cochran_q(place_wins(df))
        return Homogeneity(facet, "Cochran's Q", q, k, p)
    from scipy.stats import chi2_contingency

    rates = [r for r in by_facet(df, facet) if r.games]
    table = [[r.wins, r.games - r.wins] for r in rates]
    if len(table) < 2 or any(sum(col) == 0 for col in zip(*table, strict=True)):
        return Homogeneity(facet, "chi-square of homogeneity", 0.0, max(len(table) - 1, 0), 1.0)
    stat, p, dof, _ = chi2_contingency(table, correction=False)
    return Homogeneity(facet, "chi-square of homogeneity", float(stat), int(dof), float(p))


def homogeneity_tests(df) -> list[Homogeneity]:
    """The homogeneity test of every facet of the table with two values or more (seat, turn, then the facts),
    Holm-corrected over them."""
    found = [homogeneity(df, facet) for facet, rates in summarise(df).items() if len(rates) > 1]
    adjusted = holm([h.p for h in found])
    return [Homogeneity(h.facet, h.test, h.statistic, h.dof, h.p, q) for h, q in zip(found, adjusted, strict=True)]


def summarise(df, finished_only: bool = False) -> dict[str, list[Rate]]:
    """Every summary of the table: ``"seat"``, ``"turn"`` (turn places, when the table has them) and one entry
    per facet, each a list of :class:`Rate`. ``finished_only``: draws (and capped games) left out."""
    if finished_only:
        df = finished(df)
    if df.empty:
        return {}
    out = {"seat": by_seat(df)}
    if has_turns(df):
        out["turn"] = by_turn(df)
    for facet in facets(df):
        out[facet] = by_facet(df, facet)
    return out


def ending(df) -> dict[str, int]:
    """How the games ended: decisive, draws, and of the draws the capped, the unfinished and the winnerless."""
    drawn = draws(df)
    capped = df["capped"].astype(bool).to_numpy() if "capped" in df.columns else drawn & False
    unfinished = (df["ended"] == "unfinished").to_numpy() if "ended" in df.columns else drawn & False
    return {"games": len(df), "decisive": int((~drawn).sum()), "draws": int(drawn.sum()),
            "capped": int(capped.sum()), "unfinished": int(unfinished.sum()),
            "nobody won": int((drawn & ~capped & ~unfinished).sum())}


def summary_lines(df, game_id: str | None = None) -> list[str]:
    """The summary's part of the study's report (``balance.report``): endings, rates by facet with their
    tests, the first player's advantage; the game's names for its facts when known."""
    import explorer

    game = explorer.get_game(game_id) if game_id else None
    ends = df["ended"] + (" (cap: " + df["cap"] + ")").where(df["cap"].astype(bool), "") \
        if "cap" in df.columns else df["ended"]
    lines = [f"{len(df)} games, {seats(df)} players; how they ended: "
             + ", ".join(f"{k} ×{v}" for k, v in ends.value_counts().items())]
    e = ending(df)
    share = e["draws"] / e["games"] if e["games"] else 0.0
    lo, hi = wilson(e["draws"], e["games"])
    lines.append(f"decisive {e['decisive']}, draws {e['draws']} ({share:.1%} [{lo:.1%}, {hi:.1%}]): capped "
                 f"{e['capped']} (a simulation limit for bots alone, not a rule of the document), unfinished "
                 f"{e['unfinished']}, nobody won {e['nobody won']} — a draw is never counted as a win")
    lines.append("\nEvery rate is per game (n = games; a side of several seats wins a game or not), with a Wilson 95 % "
                 "interval; 'fair' = the rate if the value did not matter; flags: score test against fair, Holm-"
                 "corrected over the facet's values (α = 0.05).")
    views = [("all games", df)]
    fin = finished(df)
    if e["draws"] and len(fin):
        views.append(("finished games only (draws left out)", fin))
    for view, table in views:
        tests = {h.facet: h for h in homogeneity_tests(table)}
        for name, rates in summarise(table).items():
            if len(rates) < 2 or (view != "all games" and name not in ("seat", "turn")):
                continue  # one value says nothing; the finished-only view is for seats and places
            label = "turn order" if name == "turn" else name
            lines.append(f"\nwin rate by {label} · {view}")
            lines += ["  " + r.line(game.fact_label(name, r.name) if game and name not in ("seat", "turn") else "")
                      for r in rates]
            lines.append("  " + tests[name].line())
        pairs = first_player(table)
        if pairs:
            lines.append(f"\nfirst player's advantage · {view} ({AGRESTI_MIN}; {MCNEMAR}, Holm over places)")
            lines += ["  " + x.line() for x in pairs]
    return lines
