"""Exact odds of 永恒之息 against icepool and sympy.stats, on identical questions, results asserted equal.

Questions: ``damage(3, 2, 1)`` (block, and dodge) and ``turns_to_kill(20, damage(3, 2, 1), 40)``.
Ours are timed warm (after one call) and uncached: every call recomputes from the engine's rule.
Targets: damage ≤ 1 ms, turns_to_kill ≤ 5 ms, each ≥ 5× faster than icepool's equivalent. For
icepool's turns to kill, two idioms are timed and the faster is the peer (fair to the peer).
"""

from __future__ import annotations

import statistics
import timeit
from fractions import Fraction

import icepool
import sympy as sp
from sympy import stats

from probability.eternal_breath import STANDING, damage, turns_to_kill

HP, MAX_TURNS, POINTS = 20, 40, (3, 2, 1)
TARGET_MS = {"damage": 1.0, "turns_to_kill": 5.0}
MIN_RATIO = 5.0


def _ms(fn, budget_s: float = 0.3, repeat: int = 5) -> float:
    """Median milliseconds per call, warm (one untimed call first)."""
    fn()
    once = timeit.timeit(fn, number=1)
    number = max(1, int(budget_s / repeat / max(once, 1e-7)))
    return statistics.median(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1000


def _from_icepool(die) -> dict:
    return {o: Fraction(q, die.denominator()) for o, q in die.items() if q}


def _from_sympy(density) -> dict:
    return {int(o): Fraction(int(p.p), int(p.q)) for o, p in dict(density).items() if p != 0}


# --- the same questions, asked the icepool way and the sympy.stats way -----------------------------
def icepool_block():
    a, b, c = POINTS
    return (icepool.d6 + a - (icepool.d6 + b + c)).map(lambda x: max(1, x))


def icepool_dodge():
    return icepool.map(lambda atk, dod: 0 if dod > atk else max(1, atk + POINTS[0]), icepool.d6, icepool.d6)


def sympy_block():
    a, b, c = POINTS
    atk, dfn = stats.Die("A", 6), stats.Die("R", 6)
    return stats.density(sp.Max(1, atk + a - (dfn + b + c)))


def sympy_dodge():
    atk, dod = stats.Die("A", 6), stats.Die("R", 6)
    return stats.density(sp.Piecewise((0, dod > atk), (sp.Max(1, atk + POINTS[0]), True)))


def _per_turn(fallen_by: list[Fraction]) -> dict:
    """P(falls on exactly turn n) from P(fallen by turn n), n = 1..MAX_TURNS, standing mass kept."""
    out, before = {}, Fraction(0)
    for n, p in enumerate(fallen_by, start=1):
        if p - before:
            out[n] = p - before
        before = p
    if 1 - before:
        out[STANDING] = 1 - before
    return out


def icepool_turns_markov(per_attack: dict) -> dict:
    """icepool.map with repeat: the state (HP left, attacks so far) absorbs once HP ≤ 0."""
    hit = icepool.Die({h: int(p * 36) for h, p in per_attack.items()})

    def step(state, hurt):
        hp, turns = state
        return state if hp <= 0 else (hp - hurt, turns + 1)

    final = icepool.map(step, icepool.Die([(HP, 0)]), hit, repeat=MAX_TURNS, star=False)
    out: dict = {}
    for (hp, turns), q in final.items():
        key = turns if hp <= 0 else STANDING
        out[key] = out.get(key, Fraction(0)) + Fraction(q, final.denominator())
    return {k: out[k] for k in sorted(out, key=lambda k: (k is None, k or 0)) if out[k]}


def icepool_turns_sums(per_attack: dict) -> dict:
    """n @ die: P(the sum of n attacks ≥ HP) for each n."""
    hit = icepool.Die({h: int(p * 36) for h, p in per_attack.items()})
    fallen = []
    for n in range(1, MAX_TURNS + 1):
        total = n @ hit
        fallen.append(Fraction(total.quantity(">=", HP), total.denominator()))
    return _per_turn(fallen)


def sympy_turns(per_attack: dict) -> dict:
    """sympy.stats DiscreteMarkovChain on HP 0..20 (0 absorbing): P(X[n] = 0 | X[0] = 20)."""
    size = HP + 1
    rows = [[sp.Integer(0)] * size for _ in range(size)]
    rows[0][0] = sp.Integer(1)
    for hp in range(1, size):
        for hurt, p in per_attack.items():
            rows[hp][max(0, hp - hurt)] += sp.Rational(p.numerator, p.denominator)
    chain = stats.DiscreteMarkovChain("X", list(range(size)), sp.Matrix(rows))
    fallen = []
    for n in range(1, MAX_TURNS + 1):
        p = stats.P(sp.Eq(chain[n], 0), sp.Eq(chain[0], HP))
        fallen.append(Fraction(int(p.p), int(p.q)))
    return _per_turn(fallen)


def _row(case: str, ours_ms: float, target: float, peer: str, peer_ms: float) -> dict:
    ratio = peer_ms / ours_ms
    return {"bench": "odds", "case": case, "value": round(ours_ms, 4), "unit": "ms",
            "target": f"≤ {target:g} ms, ≥ {MIN_RATIO:g}× {peer}", "ok": ours_ms <= target and ratio >= MIN_RATIO,
            "peer": peer, "peer_value": round(peer_ms, 4), "ratio": round(ratio, 1)}


def run() -> list[dict]:
    rows = []
    block = damage(*POINTS)
    dodge = damage(*POINTS, response="dodge")
    assert block == _from_icepool(icepool_block()) == _from_sympy(sympy_block())
    assert dodge == _from_icepool(icepool_dodge()) == _from_sympy(sympy_dodge())
    for label, ours, peers in (
        ("block", lambda: damage(*POINTS), {"icepool": icepool_block, "sympy.stats": sympy_block}),
        ("dodge", lambda: damage(*POINTS, response="dodge"), {"icepool": icepool_dodge, "sympy.stats": sympy_dodge}),
    ):
        ours_ms = _ms(ours)
        for peer, fn in peers.items():
            rows.append(_row(f"damage(3, 2, 1, {label}) warm", ours_ms, TARGET_MS["damage"], peer, _ms(fn)))

    kill = turns_to_kill(HP, block, MAX_TURNS)
    assert kill == icepool_turns_markov(block) == icepool_turns_sums(block) == sympy_turns(block)
    ours_ms = _ms(lambda: turns_to_kill(HP, block, MAX_TURNS))
    icepool_ms = min(_ms(lambda: icepool_turns_markov(block), 1.0, 3), _ms(lambda: icepool_turns_sums(block), 1.0, 3))
    sympy_ms = _ms(lambda: sympy_turns(block), 1.0, 1)
    case = f"turns_to_kill({HP}, damage(3, 2, 1), {MAX_TURNS})"
    rows.append(_row(case, ours_ms, TARGET_MS["turns_to_kill"], "icepool", icepool_ms))
    rows.append(_row(case, ours_ms, TARGET_MS["turns_to_kill"], "sympy.stats", sympy_ms))
    return rows
