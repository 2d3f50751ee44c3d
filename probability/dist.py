"""A small exact distribution core: a distribution is a plain ``dict`` of outcome → ``Fraction``.

Every function here keeps probabilities exact (``Fraction``); floats appear only in :func:`show`,
next to the exact value. Distributions are returned with their outcomes sorted (``None``, used by
some callers as "no outcome yet", sorts last) and with zero-probability outcomes left out.

>>> d6 = uniform(range(1, 7))
>>> at_least(d6, 5)
Fraction(1, 3)
>>> mean(combine(d6, d6))
Fraction(7, 1)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any

Dist = dict[Any, Fraction]


def _order(outcome: Any) -> tuple:
    """Sort key: numbers in order, ``None`` last, anything else by its text."""
    if outcome is None:
        return (2, 0, "")
    if isinstance(outcome, int | Fraction):
        return (0, outcome, "")
    return (1, 0, repr(outcome))


def _tidy(weights: Mapping[Any, Fraction]) -> Dist:
    """Sorted by outcome, zero probabilities dropped."""
    return {k: weights[k] for k in sorted(weights, key=_order) if weights[k]}


def check(dist: Mapping[Any, Any]) -> Dist:
    """``dist`` itself when it is an exact distribution (Fractions in [0, 1] summing to exactly 1)."""
    if not isinstance(dist, Mapping) or not dist:
        raise ValueError("a distribution is a non-empty mapping of outcome → Fraction")
    for outcome, p in dist.items():
        if isinstance(p, bool) or not isinstance(p, int | Fraction):
            raise ValueError(f"probability of {outcome!r} is {p!r}: use Fraction, not {type(p).__name__}")
        if not 0 <= p <= 1:
            raise ValueError(f"probability of {outcome!r} is {p}, outside [0, 1]")
    total = sum(dist.values(), Fraction(0))
    if total != 1:
        raise ValueError(f"probabilities sum to {total}, not exactly 1")
    return dict(dist)


def from_counts(counts: Mapping[Hashable, int]) -> Dist:
    """Outcomes weighted by non-negative integer counts (e.g. how many of 36 dice pairs give each)."""
    for outcome, n in counts.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"count of {outcome!r} must be a non-negative int, not {n!r}")
    total = sum(counts.values())
    if total == 0:
        raise ValueError("counts sum to 0")
    return _tidy({k: Fraction(n, total) for k, n in counts.items()})


def point(outcome: Hashable) -> Dist:
    """A certain outcome."""
    return {outcome: Fraction(1)}


def uniform(outcomes: Iterable[Hashable]) -> Dist:
    """Each listed outcome equally likely (repeats count more than once)."""
    counts: dict[Hashable, int] = {}
    for x in outcomes:
        counts[x] = counts.get(x, 0) + 1
    return from_counts(counts)


def prob(dist: Mapping[Any, Fraction], predicate: Callable[[Any], bool]) -> Fraction:
    """P(predicate(outcome))."""
    return sum((p for x, p in dist.items() if predicate(x)), Fraction(0))


def at_least(dist: Mapping[Any, Fraction], k: Any) -> Fraction:
    """P(X ≥ k); ``None`` outcomes never count."""
    return prob(dist, lambda x: x is not None and x >= k)


def at_most(dist: Mapping[Any, Fraction], k: Any) -> Fraction:
    """P(X ≤ k); ``None`` outcomes never count."""
    return prob(dist, lambda x: x is not None and x <= k)


def tail(dist: Mapping[Any, Fraction]) -> Dist:
    """The "at least" view: for each numeric outcome k, P(X ≥ k) (not a distribution)."""
    out: Dist = {}
    running = Fraction(0)
    for x in sorted((x for x in dist if x is not None), key=_order, reverse=True):
        running += dist[x]
        out[x] = running
    return dict(sorted(out.items(), key=lambda kv: _order(kv[0])))


def mean(dist: Mapping[Any, Fraction]) -> Fraction:
    """E[X] of a numeric distribution."""
    if None in dist:
        raise ValueError("mean of a distribution with a None outcome (censored) is undefined")
    return sum((Fraction(x) * p for x, p in dist.items()), Fraction(0))


def variance(dist: Mapping[Any, Fraction]) -> Fraction:
    """Var[X] = E[X²] − E[X]²."""
    m = mean(dist)
    return sum((Fraction(x) ** 2 * p for x, p in dist.items()), Fraction(0)) - m * m


def map_outcomes(dist: Mapping[Any, Fraction], f: Callable[[Any], Hashable]) -> Dist:
    """The distribution of f(X); outcomes that map together add up."""
    out: dict[Any, Fraction] = {}
    for x, p in dist.items():
        y = f(x)
        out[y] = out.get(y, Fraction(0)) + p
    return _tidy(out)


def combine(a: Mapping[Any, Fraction], b: Mapping[Any, Fraction],
            op: Callable[[Any, Any], Hashable] = operator.add) -> Dist:
    """The distribution of op(X, Y) for independent X ~ a, Y ~ b (default: the sum, a convolution)."""
    da, wa = _weights(a)
    db, wb = _weights(b)
    out: dict[Any, int] = {}
    for x, p in wa:
        for y, q in wb:
            z = op(x, y)
            out[z] = out.get(z, 0) + p * q
    scale = da * db
    return _tidy({z: Fraction(w, scale) for z, w in out.items()})


def _weights(dist: Mapping[Any, Fraction]) -> tuple[int, list[tuple[Any, int]]]:
    """(D, [(outcome, integer weight over D)]): exact, and integers multiply far faster than Fractions."""
    denominator = math.lcm(*{p.denominator for p in dist.values()})  # ints have a denominator too: 1
    return denominator, [(x, p.numerator * (denominator // p.denominator)) for x, p in dist.items()]


def total(parts: Iterable[Mapping[Any, Fraction]]) -> Dist:
    """The distribution of the sum of independent parts (the sum of nothing is 0)."""
    out: Dist = point(0)
    for part in parts:
        out = combine(out, part)
    return out


def mixture(weighted: Iterable[tuple[Fraction, Mapping[Any, Fraction]]]) -> Dist:
    """Σ wᵢ·distᵢ: pick part i with probability wᵢ (the weights must sum to exactly 1)."""
    out: dict[Any, Fraction] = {}
    weight_sum = Fraction(0)
    for w, dist in weighted:
        weight_sum += w
        for x, p in dist.items():
            out[x] = out.get(x, Fraction(0)) + w * p
    if weight_sum != 1:
        raise ValueError(f"mixture weights sum to {weight_sum}, not exactly 1")
    return _tidy(out)


EXACT_DIGITS = 12  # an exact value longer than this is not read but counted: the page gives it on demand


def exact_text(x: Fraction) -> str:
    """The exact value as written: ``13/18``, ``3``."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def short_exact(x: Fraction) -> str | None:
    """The exact value when a person can read it (at most ``EXACT_DIGITS`` digits), else None."""
    text = exact_text(x)
    return text if sum(c.isdigit() for c in text) <= EXACT_DIGITS else None


def show(p: Fraction, digits: int = 2) -> str:
    """For people: ``72.22 % (13/18)`` — the float only beside the exact value; ``≈ 41.07 %`` when the exact
    fraction has more than ``EXACT_DIGITS`` digits (``exact_text`` gives it, e.g. on hover)."""
    exact = short_exact(p)
    pct = f"{float(Fraction(p)) * 100:.{digits}f} %"
    return f"{pct} ({exact})" if exact else f"≈ {pct}"


def show_html(p: Fraction, digits: int = 2) -> str:
    """:func:`show` for a page: when the exact fraction is too long to read beside the percent, it is there on
    demand, as the text's tooltip (hover, or a long press on a phone), whole."""
    text = show(p, digits)
    if short_exact(p) is not None:
        return text
    return f'<span class="re-exact" title="= {exact_text(p)}">{text}</span>'


def show_number(x: Fraction, digits: int = 3) -> str:
    """A mean or an expected value for people: ``1.333 (4/3)``, or ``≈ 1.333`` when the exact value is long."""
    exact = short_exact(x)
    value = f"{float(Fraction(x)):.{digits}f}"
    return f"{value} ({exact})" if exact else f"≈ {value}"
