"""The exact distribution core: each function against an independent derivation, and properties."""

from __future__ import annotations

import doctest
import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import probability.dist as dist_module
from probability.dist import (
    at_least,
    at_most,
    check,
    combine,
    exact_text,
    from_counts,
    map_outcomes,
    mean,
    mixture,
    point,
    prob,
    short_exact,
    show,
    show_html,
    show_number,
    tail,
    total,
    uniform,
    variance,
)

D6 = uniform(range(1, 7))


def test_doctests():
    assert doctest.testmod(dist_module).failed == 0


def test_two_dice_sum_matches_counting_pairs():
    # independent: count the 36 ordered pairs by hand-free brute force
    pairs = list(itertools.product(range(1, 7), repeat=2))
    expected = {s: Fraction(sum(1 for a, b in pairs if a + b == s), 36) for s in range(2, 13)}
    assert combine(D6, D6) == expected
    assert combine(D6, D6)[7] == Fraction(6, 36)  # 1+6, 2+5, …, 6+1


def test_mean_variance_of_a_die_closed_form():
    # E = 7/2, Var = (6² − 1)/12 = 35/12 for a fair d6
    assert mean(D6) == Fraction(7, 2)
    assert variance(D6) == Fraction(35, 12)


def test_at_least_at_most_tail():
    assert at_least(D6, 5) == Fraction(2, 6)
    assert at_most(D6, 2) == Fraction(2, 6)
    assert tail(D6) == {k: Fraction(7 - k, 6) for k in range(1, 7)}
    assert at_least({1: Fraction(1, 2), None: Fraction(1, 2)}, 0) == Fraction(1, 2)  # None never counts


def test_total_of_three_dice_against_brute_force():
    triples = itertools.product(range(1, 7), repeat=3)
    counts: dict[int, int] = {}
    for t in triples:
        counts[sum(t)] = counts.get(sum(t), 0) + 1
    assert total([D6, D6, D6]) == {s: Fraction(n, 216) for s, n in sorted(counts.items())}
    assert total([]) == point(0)


def test_mixture_and_map():
    coin = mixture([(Fraction(1, 2), point(0)), (Fraction(1, 2), point(1))])
    assert coin == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert map_outcomes(D6, lambda x: x % 2) == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    with pytest.raises(ValueError, match="weights sum"):
        mixture([(Fraction(1, 3), D6)])


@pytest.mark.parametrize("bad", [{}, {1: 0.5, 2: 0.5}, {1: Fraction(1, 2)}, {1: Fraction(3, 2), 2: Fraction(-1, 2)},
                                 {1: True}, [1, 2]])
def test_check_refuses_what_is_not_an_exact_distribution(bad):
    with pytest.raises(ValueError):
        check(bad)


def test_from_counts_refuses_bad_counts():
    for bad in ({1: -1}, {1: 0}, {1: 1.0}):
        with pytest.raises(ValueError):
            from_counts(bad)


def test_show_puts_the_float_beside_the_exact_value():
    assert show(Fraction(13, 18)) == "72.22 % (13/18)"
    assert show(Fraction(1)) == "100.00 % (1)"


def test_mean_of_a_censored_distribution_is_refused():
    with pytest.raises(ValueError, match="censored"):
        mean({1: Fraction(1, 2), None: Fraction(1, 2)})


small_dists = st.dictionaries(st.integers(-5, 10), st.integers(1, 6), min_size=1, max_size=5).map(from_counts)


@settings(max_examples=60, deadline=None)
@given(small_dists, small_dists)
def test_combine_is_exact_and_additive_in_mean(a, b):
    c = combine(a, b)
    assert sum(c.values()) == 1 and all(isinstance(v, Fraction) for v in c.values())
    assert mean(c) == mean(a) + mean(b)
    assert variance(c) == variance(a) + variance(b)  # independence


@settings(max_examples=60, deadline=None)
@given(small_dists, st.integers(-6, 12))
def test_at_least_and_at_most_partition(d, k):
    assert at_least(d, k) + at_most(d, k - 1) == 1
    assert prob(d, lambda v: v >= k) == at_least(d, k)
    assert check(d) == d
    assert math.isclose(float(mean(d)), sum(float(v) * float(q) for v, q in d.items()), abs_tol=1e-12)


def test_a_fraction_too_long_to_read_shows_as_a_percentage_with_the_exact_value_on_demand():
    """Issue 31 point 5: more than 12 digits → "≈ 41.07 %" (``exact_text`` keeps the exact value)."""
    long = Fraction(7**20, 3**31)
    assert short_exact(long) is None and exact_text(long) == f"{7**20}/{3**31}"
    assert show(long) == f"≈ {float(long) * 100:.2f} %" and show_number(long) == f"≈ {float(long):.3f}"
    assert show(Fraction(123456, 999999)) == f"{123456 / 999999 * 100:.2f} % (41152/333333)"  # 11 digits: shown
    assert show_number(Fraction(4, 3)) == "1.333 (4/3)"
    # on a page the exact value is there on demand: the text's tooltip (the Odds views' answers use show_html)
    assert show_html(long) == f'<span class="re-exact" title="= {7**20}/{3**31}">{show(long)}</span>'
    assert show_html(Fraction(13, 18)) == show(Fraction(13, 18))  # short: already beside the percent
