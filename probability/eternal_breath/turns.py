"""Attacks over several turns in 永恒之息: how many attacks until a character falls, and a duel.

§3.2 死亡事件: a character whose 生命值 (HP) drops to 0 or below is dying (濒死); here nobody plays a
rescue card, so it falls. Each attack's damage is drawn independently from a distribution (usually
:func:`probability.eternal_breath.damage`); 0 is an attack cancelled by a dodge.

Both chains run on integer weights over a common denominator (exact, and fast), and become
``Fraction`` only in the result.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from probability.dist import check
from probability.eternal_breath.attack import BLOCK, RESPONSES, _number, damage

STANDING = None  # turns_to_kill's key for "still standing after max_turns"


def _count(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{name} must be an int ≥ {minimum}, not {value!r}")
    return value


def _weights(per_attack: Mapping[Any, Fraction]) -> tuple[int, list[tuple[int, int]]]:
    """(denominator D, [(damage, integer weight over D)]) of a damage distribution."""
    check(per_attack)
    for hurt in per_attack:
        if isinstance(hurt, bool) or not isinstance(hurt, int) or hurt < 0:
            raise ValueError(f"damage outcomes must be ints ≥ 0, not {hurt!r}")
    denominator = math.lcm(*(Fraction(p).denominator for p in per_attack.values()))
    return denominator, [(h, int(p * denominator)) for h, p in per_attack.items() if p]


def _hit(alive: list[int], weights: list[tuple[int, int]]) -> tuple[list[int], int]:
    """One attack on every remaining HP: (the new weights by HP, the weight that fell)."""
    after = [0] * len(alive)
    fell = 0
    for hp, c in enumerate(alive):
        if not c:
            continue
        for hurt, w in weights:
            left = hp - hurt
            if left <= 0:
                fell += c * w
            else:
                after[left] += c * w
    return after, fell


def turns_to_kill(hp: int, per_attack: Mapping[int, Fraction], max_turns: int) -> dict[int | None, Fraction]:
    """P(the character falls on exactly the n-th attack) for n = 1..max_turns, exact.

    The mass still standing after ``max_turns`` attacks is reported under the key ``STANDING``
    (``None``), never dropped, so the values always sum to exactly 1. Zero entries are left out.
    """
    hp = _count("hp", hp, 1)
    max_turns = _count("max_turns", max_turns, 0)
    denominator, weights = _weights(per_attack)
    alive = [0] * (hp + 1)
    alive[hp] = 1
    scale = 1
    out: dict[int | None, Fraction] = {}
    for turn in range(1, max_turns + 1):
        alive, fell = _hit(alive, weights)
        scale *= denominator
        if fell:
            out[turn] = Fraction(fell, scale)
        if not any(alive):
            return out
    standing = sum(alive)
    if standing:
        out[STANDING] = Fraction(standing, scale)
    return out


@dataclass(frozen=True)
class Fighter:
    """A character in a duel: HP, the attack card's points it attacks with, and how it defends."""

    hp: int
    attack_points: int | Fraction
    base_defence: int | Fraction = 0
    defence_points: int | Fraction = 0
    response: str = BLOCK

    def __post_init__(self) -> None:
        _count("hp", self.hp, 1)
        for name in ("attack_points", "base_defence", "defence_points"):
            _number(name, getattr(self, name))
        if self.response not in RESPONSES:
            raise ValueError(f"response must be one of {RESPONSES}, not {self.response!r}")


@dataclass(frozen=True)
class DuelResult:
    """P(a falls first), P(b falls first) and P(both still stand) within the rounds (sum exactly 1);
    ``by_round`` lists (round, P(a falls in it), P(b falls in it))."""

    a_falls: Fraction
    b_falls: Fraction
    standing: Fraction
    by_round: tuple[tuple[int, Fraction, Fraction], ...]


def attack_on(attacker: Fighter, defender: Fighter, **switches: Any) -> dict[int, Fraction]:
    """The damage distribution of ``attacker`` hitting ``defender`` (who answers with their response)."""
    return damage(attacker.attack_points, defender.base_defence, defender.defence_points, defender.response,
                  **switches)


def duel(a: Fighter, b: Fighter, rounds: int, first: str = "a", **switches: Any) -> DuelResult:
    """Two characters attack each other in turn (``first`` attacks first each round), exact.

    A Markov chain on both HPs; once one falls the duel stops, so "falls first" is "falls".
    """
    rounds = _count("rounds", rounds, 0)
    if first not in ("a", "b"):
        raise ValueError(f"first must be 'a' or 'b', not {first!r}")
    d_ab, w_ab = _weights(attack_on(a, b, **switches))
    d_ba, w_ba = _weights(attack_on(b, a, **switches))
    # chain[hp_a][hp_b] = weight; scale = the common denominator of every weight so far
    chain: dict[tuple[int, int], int] = {(a.hp, b.hp): 1}
    scale = 1
    order = [("b", d_ab, w_ab), ("a", d_ba, w_ba)] if first == "a" else [("a", d_ba, w_ba), ("b", d_ab, w_ab)]
    falls = {"a": Fraction(0), "b": Fraction(0)}
    by_round = []
    for rnd in range(1, rounds + 1):
        fell_now = {"a": Fraction(0), "b": Fraction(0)}
        for target, denominator, weights in order:
            nxt: dict[tuple[int, int], int] = {}
            fell = 0
            for (hp_a, hp_b), c in chain.items():
                for hurt, w in weights:
                    left = (hp_a if target == "a" else hp_b) - hurt
                    if left <= 0:
                        fell += c * w
                        continue
                    key = (left, hp_b) if target == "a" else (hp_a, left)
                    nxt[key] = nxt.get(key, 0) + c * w
            scale *= denominator
            chain = nxt
            fell_now[target] = Fraction(fell, scale)
        falls["a"] += fell_now["a"]
        falls["b"] += fell_now["b"]
        by_round.append((rnd, fell_now["a"], fell_now["b"]))
        if not chain:
            break
    standing = Fraction(sum(chain.values()), scale)
    return DuelResult(falls["a"], falls["b"], standing, tuple(by_round))
