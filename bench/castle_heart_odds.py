"""Exact odds of 城堡之心 against peers on identical questions, answers asserted equal before timing.

- 飞弹戒指 on a group of three (4, 3, 2 HP): ``member_falls`` (the engine's multinomial split) against
  icepool mapping a function over the five missile dice (``icepool.map``), and against brute force over the
  3⁵ missile paths.
- who-is-who from one seat of a 7-seat table just dealt: ``who_is_who`` (counting arrangements) against brute
  force over every permutation of the identities.
- one 剑 attack through the engine walk (``defence_table``: 8 staged attacks) — no peer; a stated budget.
Timed warm (``who_is_who`` keeps its arrangement counts memoised, as it does in the app), best of several
runs (load on a shared machine only adds time).
"""

from __future__ import annotations

import random
import timeit
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import permutations, product

import icepool

import explorer
from explorer import sample_chance
from explorer.games.castle_heart.setup import LETTER, MIXES
from probability.castle_heart import defence_table, member_falls, who_is_who
from probability.castle_heart.identities import allowed

HPS = (4, 3, 2)
TARGET_MS = {"ring": 5.0, "who": 20.0, "attack": 500.0}


def _best_ms(fn, repeat: int = 5) -> float:
    fn()
    number = max(1, int(0.1 / max(timeit.timeit(fn, number=1), 1e-7)))
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1000


def icepool_ring(hps=HPS):
    """Each missile a die over the members; a member falls when its count reaches its HP."""
    n = len(hps)
    fell = icepool.map(lambda *hits: tuple(hits.count(m) >= h for m, h in enumerate(hps)), *[icepool.Die(range(n))] * 5)
    return [Fraction(sum(q for o, q in fell.items() if o[m]), fell.denominator()) for m in range(n)]


def brute_ring(hps=HPS):
    n = len(hps)
    paths = list(product(range(n), repeat=5))
    return [Fraction(sum(p.count(m) >= h for p in paths), len(paths)) for m, h in enumerate(hps)]


def dealt_view(players: int = 7, seat: int = 2):
    s = explorer.new_game("castle_heart", players=players)
    rng = random.Random(players)
    while s.data.phase == "deal_identity":
        s = s.apply(sample_chance(s.chance_outcomes(), rng))
    return s.view(seat), s.variant


def brute_who(view, variant):
    ids = [LETTER[c] for c in MIXES[variant["identity_mix"]][len(view["players"])]]
    ok = allowed(view)
    keep = [p for p in set(permutations(ids)) if all(x in ok[i] for i, x in enumerate(p))]
    return [{k: Fraction(v, len(keep)) for k, v in Counter(p[i] for p in keep).items()} for i in range(len(ok))]


def _row(case: str, key: str, ours_ms: float, peer: str | None = None, peer_ms: float | None = None) -> dict:
    row = {"bench": "castle_heart_odds", "case": case, "value": round(ours_ms, 4), "unit": "ms",
           "target": f"≤ {TARGET_MS[key]:g} ms", "ok": ours_ms <= TARGET_MS[key]}
    if peer:
        row.update(peer=peer, peer_value=round(peer_ms, 4), ratio=round(peer_ms / ours_ms, 1))
    return row


def run() -> Iterator[dict]:
    ours = member_falls(HPS)
    assert ours == icepool_ring() == brute_ring()
    ring_ms = _best_ms(lambda: member_falls(HPS))
    yield (_row("member_falls(4, 3, 2)", "ring", ring_ms, "icepool.map over 5 dice", _best_ms(icepool_ring)))
    yield (_row("member_falls(4, 3, 2)", "ring", ring_ms, "brute force 3⁵ paths", _best_ms(brute_ring)))
    view, variant = dealt_view()
    assert who_is_who(view, variant) == brute_who(view, variant)
    yield (_row("who_is_who, 7 seats after the deal", "who", _best_ms(lambda: who_is_who(view, variant)),
                     "brute force over 7! orders", _best_ms(lambda: brute_who(view, variant), 2)))
    yield _row("defence_table(melee): 8 attacks walked in the engine", "attack",
               _best_ms(lambda: defence_table(True), 2))
