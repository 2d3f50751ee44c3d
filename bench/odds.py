"""Exact odds of 永恒之息 against icepool and sympy.stats, on identical questions, results asserted equal.

Questions: one attack ``damage(3, 2, 1)`` (block, and dodge), the same with half points
``damage(7/2, 3/2, 1/2)``, the "dodge or block?" table ``best_response_table(3, 2, 1)`` (per attacker's die: both
expected damages, the dodge's chance, the better one and by how much), a 2-dice judgment (2d判定), and
``turns_to_kill(20, damage(3, 2, 1), 40)``.
Ours are timed warm (after one call) and uncached: every call recomputes from the engine's rule.
Fair to the peer: each question is asked in every idiom icepool documents for it (``icepool.map`` over two
dice, the difference of dice then ``Die.map``, ``n @ die``, a running sum clipped at the HP with
``Die.clip``, ``Die.time_to_sum``, ``map`` with ``repeat``); every idiom's answer is asserted equal to ours,
and the fastest one is the peer. Targets: damage ≤ 1 ms, turns_to_kill ≤ 5 ms, each ≥ 5× the peer.
"""

from __future__ import annotations

import math
import timeit
from collections.abc import Iterator
from fractions import Fraction

import icepool
import sympy as sp
from sympy import stats

from probability.eternal_breath import (
    BLOCK,
    DODGE,
    EITHER,
    STANDING,
    best_response_table,
    damage,
    judgment,
    turns_to_kill,
)

HP, MAX_TURNS, POINTS = 20, 40, (3, 2, 1)
HALF_POINTS = (Fraction(7, 2), Fraction(3, 2), Fraction(1, 2))
TARGET_MS = {"damage": 1.0, "table": 1.0, "judgment": 1.0, "turns_to_kill": 5.0}
MIN_RATIO = 5.0


def _ms(fn, budget_s: float = 0.5, repeat: int = 11) -> float:
    """Milliseconds per call, warm (one untimed call first): the best of ``repeat`` runs, as ``timeit``
    advises (other load on a shared machine only ever adds time), for ours and the peers alike."""
    fn()
    once = timeit.timeit(fn, number=1)
    number = max(1, int(budget_s / repeat / max(once, 1e-7)))
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1000


def _from_icepool(die) -> dict:
    return {o: Fraction(q, die.denominator()) for o, q in die.items() if q}


def _from_sympy(density) -> dict:
    return {int(o): Fraction(int(p.p), int(p.q)) for o, p in dict(density).items() if p != 0}


# --- one attack, the icepool ways -------------------------------------------------------------------------
def icepool_block_idioms(points) -> dict:
    """Block: the damage is max(1, ⌊attack die + a − (defence die + b + c)⌋)."""
    a, b, c = points
    return {
        "map over two dice": lambda: icepool.map(lambda x, y: max(1, math.floor(x + a - (y + b + c))),
                                                 icepool.d6, icepool.d6),
        "(d6 - d6).map": lambda: (icepool.d6 - icepool.d6).map(lambda x: max(1, math.floor(x + a - b - c))),
    }


def icepool_dodge_idioms(points) -> dict:
    """Dodge: cancelled (0) when the dodge die beats the attack die, else max(1, ⌊attack die + a⌋)."""
    a = points[0]
    return {
        "map over two dice": lambda: icepool.map(lambda x, y: 0 if y > x else max(1, math.floor(x + a)),
                                                 icepool.d6, icepool.d6),
        "nested Die.map": lambda: icepool.d6.map(lambda x: icepool.d6.map(
            lambda y: 0 if y > x else max(1, math.floor(x + a)))),
    }


# --- "dodge or block?", the icepool ways -------------------------------------------------------------------
def _table(per_die) -> tuple:
    """The table's rows as ``best_response_table`` gives them, from ``per_die(x)`` = (block die, dodge die) once the
    attacker's die shows x."""
    rows = []
    for x in range(1, 7):
        block, dodge = per_die(x)
        e_block, e_dodge = block.mean(), dodge.mean()
        better = BLOCK if e_block < e_dodge else DODGE if e_dodge < e_block else EITHER
        rows.append({"attack_die": x, "block": e_block, "dodge": e_dodge, "dodge_succeeds": dodge.probability(0),
                     "better": better, "by": abs(e_block - e_dodge)})
    return rows


def icepool_table_idioms(points) -> dict:
    """Per attacker's face, the defender's die mapped to the damage (``Die.map``), or both dice mapped with the
    attacker's fixed (``icepool.map`` over ``Die([x])`` and d6); then ``mean`` and ``probability``."""
    a, b, c = points

    def hurt(x, y, response):
        if response == BLOCK:
            return max(1, math.floor(x + a - (y + b + c)))
        return 0 if y > x else max(1, math.floor(x + a))

    return {
        "Die.map per face": lambda: _table(lambda x: tuple(icepool.d6.map(lambda y, r=r: hurt(x, y, r))
                                                           for r in (BLOCK, DODGE))),
        "icepool.map per face": lambda: _table(lambda x: tuple(icepool.map(lambda xx, y, r=r: hurt(xx, y, r),
                                                                           icepool.Die([x]), icepool.d6)
                                                               for r in (BLOCK, DODGE))),
    }


def sympy_block():
    a, b, c = POINTS
    atk, dfn = stats.Die("A", 6), stats.Die("R", 6)
    return stats.density(sp.Max(1, atk + a - (dfn + b + c)))


def sympy_dodge():
    atk, dod = stats.Die("A", 6), stats.Die("R", 6)
    return stats.density(sp.Piecewise((0, dod > atk), (sp.Max(1, atk + POINTS[0]), True)))


# --- turns to kill, the icepool ways ----------------------------------------------------------------------
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


def _hit(per_attack: dict):
    return icepool.Die({h: int(p * 36) for h, p in per_attack.items()})


def icepool_turns_clip(per_attack: dict) -> dict:
    """A running sum of the attacks, clipped at the HP (Die.clip): P(sum ≥ HP) after each attack."""
    hit, total, fallen = _hit(per_attack), icepool.Die([0]), []
    for _ in range(MAX_TURNS):
        total = (total + hit).clip(max_outcome=HP)
        fallen.append(Fraction(total.quantity(">=", HP), total.denominator()))
    return _per_turn(fallen)


def icepool_turns_time_to_sum(per_attack: dict) -> dict:
    """Die.time_to_sum: the number of attacks until the sum reaches the HP (dnf: still standing)."""
    final = _hit(per_attack).time_to_sum(HP, max_time=MAX_TURNS, dnf=MAX_TURNS + 1)
    out = {(STANDING if n > MAX_TURNS else n): Fraction(q, final.denominator()) for n, q in final.items() if q}
    return {k: out[k] for k in sorted(out, key=lambda k: (k is None, k or 0))}


def icepool_turns_markov(per_attack: dict) -> dict:
    """icepool.map with repeat: the state (HP left, attacks so far) absorbs once HP ≤ 0."""
    def step(state, hurt):
        hp, turns = state
        return state if hp <= 0 else (hp - hurt, turns + 1)

    final = icepool.map(step, icepool.Die([(HP, 0)]), _hit(per_attack), repeat=MAX_TURNS, star=False)
    out: dict = {}
    for (hp, turns), q in final.items():
        key = turns if hp <= 0 else STANDING
        out[key] = out.get(key, Fraction(0)) + Fraction(q, final.denominator())
    return {k: out[k] for k in sorted(out, key=lambda k: (k is None, k or 0)) if out[k]}


def icepool_turns_sums(per_attack: dict) -> dict:
    """n @ die: P(the sum of n attacks ≥ HP) for each n."""
    hit, fallen = _hit(per_attack), []
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


# --- rows -------------------------------------------------------------------------------------------------
def _row(case: str, ours_ms: float, target: float, peer: str, peer_ms: float) -> dict:
    ratio = peer_ms / ours_ms
    return {"bench": "odds", "case": case, "value": round(ours_ms, 4), "unit": "ms",
            "target": f"≤ {target:g} ms, ≥ {MIN_RATIO:g}× {peer.split(' (')[0]}",
            "ok": ours_ms <= target and ratio >= MIN_RATIO, "peer": peer, "peer_value": round(peer_ms, 4),
            "ratio": round(ratio, 1)}


def _fastest(expected: dict, idioms: dict, convert=_from_icepool, budget_s: float = 0.5, repeat: int = 11):
    """(name, function) of the fastest idiom; every idiom's answer must equal ``expected``."""
    timed = []
    for name, fn in idioms.items():
        answer = convert(fn())
        assert answer == expected, f"icepool idiom {name!r} disagrees: {answer} != {expected}"
        timed.append((_ms(fn, budget_s, repeat), name))
    return min(timed)[1]


def _side_by_side(ours, peer, budget_s: float, repeat: int) -> tuple[float, float]:
    """(ours ms, peer ms), each the best of ``repeat`` runs taken in turn, so both meet the same machine load."""
    runs = {ours: [], peer: []}
    numbers = {}
    for fn in runs:
        fn()
        numbers[fn] = max(1, int(budget_s / repeat / max(timeit.timeit(fn, number=1), 1e-7)))
    for _ in range(repeat):
        for fn in runs:
            runs[fn].append(timeit.timeit(fn, number=numbers[fn]) / numbers[fn] * 1000)
    return min(runs[ours]), min(runs[peer])


def _question(case: str, target: str, ours, expected: dict, idioms: dict, convert=_from_icepool,
              budget_s: float = 0.5, repeat: int = 11) -> dict:
    assert ours() == expected
    name = _fastest(expected, idioms, convert, budget_s, repeat)
    ours_ms, peer_ms = _side_by_side(ours, idioms[name], budget_s, repeat)
    return _row(case, ours_ms, TARGET_MS[target], f"icepool ({name})", peer_ms)


def run() -> Iterator[dict]:
    for label, points in (("3, 2, 1", POINTS), ("7/2, 3/2, 1/2: half points", HALF_POINTS)):
        for response, idioms in (("block", icepool_block_idioms(points)), ("dodge", icepool_dodge_idioms(points))):
            expected = damage(*points, response=response)
            yield (_question(f"damage({label}, {response}) warm", "damage",
                                  lambda p=points, r=response: damage(*p, response=r), expected, idioms))
    block, dodge = damage(*POINTS), damage(*POINTS, response="dodge")
    assert block == _from_sympy(sympy_block()) and dodge == _from_sympy(sympy_dodge())
    for response, fn in (("block", sympy_block), ("dodge", sympy_dodge)):
        ours_ms = _ms(lambda r=response: damage(*POINTS, response=r))
        yield (_row(f"damage(3, 2, 1, {response}) warm", ours_ms, TARGET_MS["damage"], "sympy.stats", _ms(fn)))

    yield _question("best_response_table(3, 2, 1): dodge or block per attacker's die", "table",
                    lambda: best_response_table(*POINTS), best_response_table(*POINTS), icepool_table_idioms(POINTS),
                    convert=lambda answer: answer)

    yield (_question("judgment(2): a 2d判定, the sum of two dice", "judgment", lambda: judgment(2), judgment(2),
                          {"2 @ d6": lambda: 2 @ icepool.d6, "d6 + d6": lambda: icepool.d6 + icepool.d6}))

    kill = turns_to_kill(HP, block, MAX_TURNS)
    idioms = {"running sum, Die.clip at HP": lambda: icepool_turns_clip(block),
              "Die.time_to_sum": lambda: icepool_turns_time_to_sum(block),
              "map with repeat": lambda: icepool_turns_markov(block), "n @ die": lambda: icepool_turns_sums(block)}
    case = f"turns_to_kill({HP}, damage(3, 2, 1), {MAX_TURNS})"
    yield (_question(case, "turns_to_kill", lambda: turns_to_kill(HP, block, MAX_TURNS), kill, idioms,
                          convert=lambda answer: answer, budget_s=1.0, repeat=3))
    assert kill == sympy_turns(block)
    ours_ms = _ms(lambda: turns_to_kill(HP, block, MAX_TURNS))
    yield _row(case, ours_ms, TARGET_MS["turns_to_kill"], "sympy.stats", _ms(lambda: sympy_turns(block), 1.0, 1))
