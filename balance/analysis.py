"""Cards, matchups and game length: which cards go with winning, how each hero / character fares against each
other one, and whether the first player's edge changes with the length of the game.

Every rate is per game, as in ``summary`` (a value is counted once in each game where some seat had it, and won
that game when one of those seats won), with its Wilson 95 % interval and its number of games.

**Cards.** For each card, the games where some seat played it ("played": won when one of the seats that played it
won) against the games where some seat did not ("not played"). The test asks whether the seats that played it won
more (or less) than their chance if the card did not matter — the same "fair" chance as ``summary``: with ``w``
winners of ``n`` seats, ``k`` seats that played it win with chance ``1 − C(n−k, w) / C(n, w)``. It is the **exact
conditional test** of the played side's wins against those chances (a Poisson-binomial; for two players it is
the sign test of the games where exactly one seat played it), two-sided like ``scipy.stats.binomtest`` (the
counts no likelier than the one seen), Holm-corrected over the cards. Only games where the card could make a
difference weigh in: a game both seats played it in, or a draw, has chance 0 or 1. Read a flag as an
association, not a cause: a seat that lives longer plays more cards.

**Matchups** (hero × hero in the MOBA, character × character in 永恒之息; not for tables with sides, where one
hero does not face another): cell (a, b) is a's win rate in the games where a seat had a and another seat had b,
with the same exact test against a's fair chance; Holm over the cells (over the pairs when two players make cell
(b, a) the mirror of (a, b)).

**Game length.** The games in length bins (rounds, else steps), each place's win rate and the draws per bin; the
test: the linear-by-linear association (Mantel–Haenszel trend) test of the first player's win against the
length, over the finished games, ``M² = (N − 1) r²`` on one degree of freedom (Agresti, *Categorical Data
Analysis*, §3.4.6), ``r`` the Pearson correlation of the game's length and the first player's win.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from .summary import ALPHA, Rate, by_seat, by_turn, facets, finished, has_turns, holm, rate_of, seats, tally, wilson

CARD_TEST = "exact conditional (Poisson-binomial) test against the fair chance, Holm over the cards"
MATCHUP_TEST = "exact conditional (Poisson-binomial) test against the fair chance, Holm over the cells"
TREND_TEST = "linear-by-linear association (Mantel–Haenszel trend) test, finished games"


def exact_test(wins: int, chances) -> float:
    """Two-sided exact p of ``wins`` successes in independent trials of the given chances (Poisson-binomial):
    the total probability of every count no likelier than ``wins`` (``scipy.stats.binomtest``'s rule, with its
    relative tolerance 1e-7; the same p when the chances are equal)."""
    import numpy as np
    from scipy.stats import binom

    pmf = np.array([1.0])
    for chance, k in Counter(chances).items():
        if chance >= 1:
            pmf = np.concatenate([np.zeros(k), pmf])
        elif chance > 0:
            pmf = np.convolve(pmf, binom.pmf(np.arange(k + 1), k, chance))
    if not 0 <= wins < len(pmf):
        return 0.0
    return float(min(1.0, pmf[pmf <= pmf[wins] * (1 + 1e-7)].sum()))


@dataclass(frozen=True)
class Tested:
    """A rate with its exact test against fair: ``p`` raw, ``p_holm`` corrected over its family."""

    name: str
    rate: Rate
    p: float
    p_holm: float

    @property
    def differs(self) -> bool:
        return self.rate.games > 0 and self.p_holm < ALPHA


@dataclass(frozen=True)
class CardRate:
    """A card: the games where some seat played it and those where some seat did not, and the test."""

    card: str
    played: Rate
    not_played: Rate
    p: float
    p_holm: float

    @property
    def differs(self) -> bool:
        return self.p_holm < ALPHA

    def line(self, name: str = "") -> str:
        def part(r: Rate) -> str:
            low, high = r.interval
            return f"{r.rate:6.1%} [{low:6.1%}, {high:6.1%}] n={r.games:<5}"

        flag = "  ← differs" if self.differs else ""
        return (f"{name or self.card:<20} played {part(self.played)} not played {part(self.not_played)} "
                f"fair {self.played.fair:5.1%}  p={self.p:.3g}, Holm {self.p_holm:.3g}{flag}")


def seat_cards(df) -> list[list[set[str]]]:
    """``out[p][g]``: the cards seat p played in game g (the ``cards_<seat>`` columns)."""
    if "cards_0" not in df.columns:
        return []
    return [[set(json.loads(x)) if isinstance(x, str) and x else set() for x in df[f"cards_{p}"]]
            for p in range(seats(df))]


def card_rates(df) -> list[CardRate]:
    """Each card played in the table, most telling first (smallest p)."""
    held = seat_cards(df)
    every = sorted(set().union(*(s for column in held for s in column))) if held else []
    found = []
    for card in every:
        counts = tally(df, [["played" if card in s else "not" for s in column] for column in held])
        played = counts["played"]
        found.append((card, rate_of(card, played), rate_of(card, counts.get("not", (0, 0, 0, []))),
                      exact_test(played[1], played[3])))
    adjusted = holm([f[3] for f in found])
    out = [CardRate(c, a, b, p, q) for (c, a, b, p), q in zip(found, adjusted, strict=True)]
    return sorted(out, key=lambda x: (x.p, x.card))


def matchup_facet(df) -> str | None:
    """The facet whose values face each other: ``character`` or ``hero``, when the table has no sides."""
    present = facets(df)
    if "identity" in present:  # sides: a hero plays with some seats and against others
        return None
    return next((f for f in ("character", "hero") if f in present), None)


def matchups(df, facet: str) -> tuple[list[str], dict[tuple[str, str], Tested]]:
    """(values, cells): cell (a, b) is a's per-game win rate in the games where a seat had a and another seat
    had b, tested against a's fair chance (see the module's docstring)."""
    n = seats(df)
    held = [[str(v) for v in df[f"{facet}_{p}"]] for p in range(n)]
    values = sorted({v for column in held for v in column})
    cells = {}
    for a in values:
        for b in values:
            if a == b:
                continue
            keep = [g for g in range(len(df)) if any(held[p][g] == a for p in range(n))
                    and any(held[q][g] == b for q in range(n))]
            if not keep:
                continue
            sub = df.iloc[keep]
            counts = tally(sub, [["a" if held[p][g] == a else "-" for g in keep] for p in range(n)])["a"]
            cells[(a, b)] = (rate_of(a, counts), exact_test(counts[1], counts[3]))
    if n == 2:  # (b, a) is (a, b) seen from the other side: one test per pair
        pairs = sorted({tuple(sorted(k)) for k in cells})
        adjusted = dict(zip(pairs, holm([cells[k][1] for k in pairs]), strict=True))
        corrected = {k: adjusted[tuple(sorted(k))] for k in cells}
    else:
        corrected = dict(zip(cells, holm([v[1] for v in cells.values()]), strict=True))
    return values, {k: Tested(f"{k[0]} vs {k[1]}", r, p, corrected[k]) for k, (r, p) in cells.items()}


@dataclass(frozen=True)
class LengthBin:
    """Games of ``low``…``high`` rounds (or steps): each place's (or seat's) rate and the draws."""

    low: int
    high: int
    games: int
    draws: int
    rates: list[Rate]

    @property
    def label(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"

    @property
    def draw_interval(self) -> tuple[float, float]:
        return wilson(self.draws, self.games)


@dataclass(frozen=True)
class Trend:
    measure: str  # "rounds" or "steps"
    games: int
    r: float
    statistic: float
    p: float

    def line(self) -> str:
        return (f"first player's win against {self.measure}: {TREND_TEST}, r = {self.r:+.3f}, "
                f"M² = {self.statistic:.2f}, df 1, p = {self.p:.3g}, n={self.games}")


def length_measure(df) -> str | None:
    """How the table measures a game's length: ``rounds`` when every row has them, else ``steps``, else None."""
    if "rounds" in df.columns and df["rounds"].notna().all():
        return "rounds"
    return "steps" if "steps" in df.columns else None


def by_length(df, bins: int = 4) -> list[LengthBin]:
    """The games cut into at most ``bins`` length bins of about equal size (quantiles of the length)."""
    import pandas as pd

    if df.empty or length_measure(df) is None:
        return []
    length = df[length_measure(df)].astype(int)
    cut = pd.qcut(length.rank(method="dense"), q=min(bins, length.nunique()), labels=False, duplicates="drop")
    out = []
    for k in sorted(cut.unique()):
        sub = df[cut == k]
        lengths = sub[length_measure(df)].astype(int)
        rates = by_turn(sub) if has_turns(sub) else by_seat(sub)
        out.append(LengthBin(int(lengths.min()), int(lengths.max()), len(sub), int(sub["draw"].astype(bool).sum())
                             if "draw" in sub.columns else 0, rates))
    return out


def first_wins(df):
    """Per game: 1 when the seat that moved first (seat 0 without a turn order) won."""
    n = seats(df)
    first = [0] * len(df) if not has_turns(df) else \
        [next(p for p in range(n) if int(df[f"turn_{p}"].iloc[g]) == 0) for g in range(len(df))]
    return [int(df[f"win_{p}"].iloc[g]) for g, p in enumerate(first)]


def length_trend(df) -> Trend | None:
    """The trend test of the first player's win against the game's length over the finished games; None when it
    cannot be computed (fewer than three finished games, or one of the two never varies)."""
    import numpy as np
    from scipy.stats import chi2

    done = finished(df)
    if len(done) < 3 or length_measure(df) is None:
        return None
    x = done[length_measure(df)].astype(float).to_numpy()
    y = np.array(first_wins(done), dtype=float)
    if x.std() == 0 or y.std() == 0:
        return None
    r = float(np.corrcoef(x, y)[0, 1])
    m2 = (len(done) - 1) * r * r
    return Trend(length_measure(df), len(done), r, m2, float(chi2.sf(m2, 1)))


def card_label(game_id: str | None, card: str, lang: str = "en") -> str:
    """A card's name in ``lang`` ("Fireball", "火球"): the game's ``fact_label("card", …)``; the card's id when the
    game does not know it."""
    import explorer

    if game_id is None or game_id not in explorer.game_ids():
        return card
    try:
        return explorer.get_game(game_id).fact_label("card", card, lang)
    except (KeyError, ValueError, LookupError):
        return card


def report_lines(df, game_id: str | None = None, top: int = 12) -> list[str]:
    """The cards, matchups and length sections of the study's report (``report.report``)."""
    import explorer

    game = explorer.get_game(game_id) if game_id else None
    lines = []
    cards = card_rates(df)
    if cards:
        lines.append(f"\nwin rate when a card was played vs not, per game (Wilson 95 %; {CARD_TEST}; "
                     f"{len(cards)} cards, the {min(top, len(cards))} smallest p shown)")
        lines += ["  " + c.line(card_label(game_id, c.card)) for c in cards[:top]]
    facet = matchup_facet(df)
    if facet:
        values, cells = matchups(df, facet)
        shown = sorted(cells.values(), key=lambda t: (t.p, t.name))[:top]
        name = (lambda v: game.fact_label(facet, v)) if game else str
        lines.append(f"\n{facet} × {facet}: the row's win rate against the column, per game ({MATCHUP_TEST}; "
                     f"{len(cells)} cells of {len(values)} values, the {len(shown)} smallest p shown)")
        for t in shown:
            a, b = t.name.split(" vs ")
            low, high = t.rate.interval
            lines.append(f"  {name(a) + ' vs ' + name(b):<30} {t.rate.rate:6.1%} [{low:6.1%}, {high:6.1%}] "
                         f"n={t.rate.games:<5} fair {t.rate.fair:5.1%}  p={t.p:.3g}, Holm {t.p_holm:.3g}"
                         + ("  ← differs" if t.differs else ""))
    bins = by_length(df)
    if len(bins) > 1:
        lines.append(f"\nwin rate against game length ({length_measure(df)}; Wilson 95 %)")
        for b in bins:
            rates = ", ".join(f"{r.name.split()[0]} {r.rate:.1%}" for r in b.rates)
            lines.append(f"  {b.label:>9} {length_measure(df)}: n={b.games:<5} draws {b.draws / b.games:5.1%}  {rates}")
        trend = length_trend(df)
        if trend:
            lines.append("  " + trend.line())
    return lines
