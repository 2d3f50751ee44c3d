"""Closed forms for one 永恒之息 attack (§3.2 攻击事件), with the points as sympy symbols.

Derived from the rule text, independently of the enumeration in ``attack`` (the tests check the
two agree at every integer point of a range). Integer points only (fractional points from "+50 %"
cards need the floor of §3.2; use the enumeration for those).

Vocabulary: the attacker's die A and the defender's die R are independent d6. T = A − R has the
triangular law P(T = t) = (6 − |t|)/36 on −5..5.

- Block (格挡): total defence = base defence + R + defence points, so damage = max(1, T + x) with the
  point difference x = attack points − base defence − defence points.
- Dodge (闪避): it succeeds when R > A (P = 5/12, whatever the points); otherwise total defence is 0
  and damage = max(1, A + p) with p = attack points.
"""

from __future__ import annotations

from functools import cache

import sympy as sp

x = sp.Symbol("x", integer=True)  # point difference: attack points − base defence − defence points
p = sp.Symbol("p", integer=True)  # attack points (dodge)
k = sp.Symbol("k", integer=True)  # a damage threshold
m = sp.Symbol("m", integer=True)  # a lower bound on T = A − R
_t = sp.Symbol("t", integer=True)
_a = sp.Symbol("a", integer=True)
_c = sp.Symbol("c", integer=True)
SIXTH_SQ = sp.Rational(1, 36)


@cache
def tail_of_difference() -> sp.Piecewise:
    """P(T ≥ m) for T = A − R, as a Piecewise in m (summed from the triangular law)."""
    upper = sp.summation((6 - _t) * SIXTH_SQ, (_t, m, 5))  # m in 1..5: only t ≥ 1 terms
    lower = sp.summation((6 + _t) * SIXTH_SQ, (_t, m, 0)) + sp.summation((6 - _t) * SIXTH_SQ, (_t, 1, 5))
    return sp.Piecewise((1, m <= -5), (sp.factor(lower), m <= 0), (sp.factor(upper), m <= 5), (0, True))


@cache
def dodge_succeeds() -> sp.Rational:
    """P(dodge succeeds) = P(R > A) = P(T' ≥ 1) for T' = R − A (same law as T): 5/12, free of the points."""
    return tail_of_difference().subs(m, 1)


@cache
def block_at_least() -> sp.Piecewise:
    """P(damage ≥ k) when blocking, as a Piecewise in the point difference x (and k)."""
    return sp.Piecewise((1, k <= 1), (tail_of_difference().subs(m, k - x), True))


@cache
def dodge_at_least() -> sp.Piecewise:
    """P(damage ≥ k) when dodging (0 = cancelled counts as damage 0), as a Piecewise in p (and k).

    Damage ≥ k ≥ 2 needs a failed dodge (R ≤ A: a ways out of 6 for A = a) and a + p ≥ k.
    """
    from_die = sp.summation(_a * SIXTH_SQ, (_a, _c, 6))  # Σ_{a=c}^{6} a/36
    failed = sp.summation(_a * SIXTH_SQ, (_a, 1, 6))     # P(R ≤ A) = 21/36
    return sp.Piecewise((1, k <= 0), (failed, k <= 1), (failed, k - p <= 1),
                        (sp.factor(from_die.subs(_c, k - p)), k - p <= 6), (0, True))


@cache
def block_expected() -> sp.Piecewise:
    """E[damage] when blocking = E[max(1, T + x)] = x + E[max(0, c − T)] with c = 1 − x, Piecewise in x."""
    neg = (_c - _t) * (6 + _t) * SIXTH_SQ  # terms with t ≤ 0
    pos = (_c - _t) * (6 - _t) * SIXTH_SQ  # terms with t ≥ 1
    short = sp.summation(neg, (_t, -5, _c - 1))                                  # −5 ≤ c ≤ 1
    long = sp.summation(neg, (_t, -5, 0)) + sp.summation(pos, (_t, 1, _c - 1))  # 1 ≤ c ≤ 6
    shortfall = sp.Piecewise((0, _c <= -5), (sp.expand(short), _c <= 1), (sp.expand(long), _c <= 6), (_c, True))
    return sp.piecewise_fold(x + shortfall.subs(_c, 1 - x))


@cache
def dodge_expected() -> sp.Piecewise:
    """E[damage] when dodging = Σ_a (a/36)·max(1, a + p), Piecewise in p (a cancelled attack is 0)."""
    u = -p  # for −5 ≤ p ≤ 0, faces a ≤ u deal the minimum 1
    middle = sp.summation(_a * SIXTH_SQ, (_a, 1, _c)) + sp.summation(_a * (_a - _c) * SIXTH_SQ, (_a, _c + 1, 6))
    high = sp.summation(_a * (_a + p) * SIXTH_SQ, (_a, 1, 6))
    low = sp.summation(_a * SIXTH_SQ, (_a, 1, 6))
    return sp.Piecewise((low, p <= -5), (sp.expand(middle.subs(_c, u)), p <= 0), (sp.expand(high), True))


@cache
def no_card_zero_at_least() -> sp.Piecewise:
    """Switch ``block_without_card = "zero"`` (EB-A05), blocking without a card: damage = max(1, A + p),
    so P(damage ≥ k) = P(A ≥ k − p) for k ≥ 2, a Piecewise in p (and k)."""
    from_die = sp.summation(sp.Rational(1, 6), (_a, _c, 6))  # Σ_{a=c}^{6} 1/6
    return sp.Piecewise((1, k <= 1), (1, k - p <= 1), (sp.factor(from_die.subs(_c, k - p)), k - p <= 6), (0, True))


@cache
def no_card_zero_expected() -> sp.Piecewise:
    """Switch ``block_without_card = "zero"``, blocking without a card: E[max(1, A + p)], Piecewise in p."""
    middle = sp.summation(sp.Rational(1, 6), (_a, 1, _c)) + sp.summation((_a - _c) / 6, (_a, _c + 1, 6))
    return sp.Piecewise((1, p <= -5), (sp.expand(middle.subs(_c, -p)), p <= 0),
                        (sp.expand(sp.summation((_a + p) / 6, (_a, 1, 6))), True))


def latex_forms() -> dict[str, str]:
    """Each closed form as LaTeX, for notebooks."""
    return {
        "P(T \\ge m)": sp.latex(tail_of_difference()),
        "P(\\text{dodge succeeds})": sp.latex(dodge_succeeds()),
        "P(\\text{damage} \\ge k \\mid \\text{block})": sp.latex(block_at_least()),
        "P(\\text{damage} \\ge k \\mid \\text{dodge})": sp.latex(dodge_at_least()),
        "E[\\text{damage} \\mid \\text{block}]": sp.latex(block_expected()),
        "E[\\text{damage} \\mid \\text{dodge}]": sp.latex(dodge_expected()),
        "P(\\text{damage} \\ge k \\mid \\text{no card, zero})": sp.latex(no_card_zero_at_least()),
        "E[\\text{damage} \\mid \\text{no card, zero}]": sp.latex(no_card_zero_expected()),
    }
