"""Judgments (判定, §3.1) and draw odds (摸取事件) of 永恒之息, exact.

A judgment rolls one die (1d判定) or two (2d判定); a condition is *data*, never code:

    {"op": "odd"}  {"op": "even"}  {"op": ">=", "value": 9}  (also ">", "<=", "<", "==", "!=")
    {"op": "in", "values": [1, 6]}  {"op": "between", "low": 3, "high": 5}   (inclusive)
    {"op": "not", "condition": {...}}  {"op": "all", "conditions": [...]}  {"op": "any", "conditions": [...]}

The engine's card vocabulary (``content.py``: ``test`` odd / even / equals / at_least with ``value``)
is accepted too, as the ops "equals" and "at_least"; :func:`condition_of_effect` turns a card's
``judge`` effect into a condition.

Draw odds: the number of cards of a kind in the next n draws from a deck given as counts
(hypergeometric), with the discard pile reshuffled in when the deck runs out (§3.1 牌堆).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from explorer.chance import hypergeometric
from probability.dist import Dist, at_least, combine, point

FACES = range(1, 7)
READINGS = ("sum",)  # how a 2d判定 reads its two dice: the sum (assumption EB-A08; no switch in the engine)
_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt, "==": operator.eq, "!=": operator.ne,
}
_ALIASES = {"equals": "==", "at_least": ">="}  # the engine's judge tests (content.TESTS)
_KEYS = {"odd": set(), "even": set(), "in": {"values"}, "between": {"low", "high"}, "not": {"condition"},
         "all": {"conditions"}, "any": {"conditions"}, **{op: {"value"} for op in (*_COMPARE, *_ALIASES)}}


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where} must be an int, not {value!r}")
    return value


def condition_test(condition: Mapping[str, Any]) -> Callable[[int], bool]:
    """A predicate on a judgment's result from a condition given as data (validated; never eval)."""
    if not isinstance(condition, Mapping) or "op" not in condition:
        raise ValueError(f"a condition is a mapping with an 'op', not {condition!r}")
    op = condition["op"]
    if op not in _KEYS:
        raise ValueError(f"unknown condition op {op!r} (known: {', '.join(sorted(_KEYS))})")
    extra = set(condition) - {"op"} - _KEYS[op]
    missing = _KEYS[op] - set(condition)
    if extra or missing:
        raise ValueError(f"condition {op!r} takes {sorted(_KEYS[op])}; extra {sorted(extra)}, missing "
                         f"{sorted(missing)}")
    if op == "odd":
        return lambda x: x % 2 == 1
    if op == "even":
        return lambda x: x % 2 == 0
    if op in _COMPARE or op in _ALIASES:
        value, compare = _int(condition["value"], f"{op} value"), _COMPARE[_ALIASES.get(op, op)]
        return lambda x: compare(x, value)
    if op == "in":
        if isinstance(condition["values"], str | bytes) or not isinstance(condition["values"], Iterable):
            raise ValueError("'in' needs a list of ints")
        values = frozenset(_int(v, "'in' value") for v in condition["values"])
        return lambda x: x in values
    if op == "between":
        low, high = _int(condition["low"], "low"), _int(condition["high"], "high")
        return lambda x: low <= x <= high
    if op == "not":
        inner = condition_test(condition["condition"])
        return lambda x: not inner(x)
    parts = condition["conditions"]
    if isinstance(parts, Mapping) or not isinstance(parts, list | tuple) or not parts:
        raise ValueError(f"{op!r} needs a non-empty list of conditions")
    tests = [condition_test(c) for c in parts]
    if op == "all":
        return lambda x: all(t(x) for t in tests)
    return lambda x: any(t(x) for t in tests)


def condition_of_effect(effect: Any) -> dict[str, Any]:
    """The condition of an engine ``judge`` effect (``content.Do``: ``test`` and ``value``)."""
    test = getattr(effect, "test", None)
    if getattr(effect, "do", None) != "judge" or test not in ("odd", "even", *_ALIASES):
        raise ValueError(f"not a judgment effect: {effect!r}")
    return {"op": test} if test in ("odd", "even") else {"op": test, "value": effect.value}


def judgment(dice: int = 1, reading: str = "sum") -> Dist:
    """The distribution of a 1d or 2d judgment's result (2d: the two dice read as ``reading``)."""
    if dice not in (1, 2) or isinstance(dice, bool):
        raise ValueError(f"a judgment uses 1 or 2 dice, not {dice!r}")
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {READINGS}, not {reading!r}")
    if dice == 1:
        return {face: Fraction(1, 6) for face in FACES}
    # 2d判定 read as the sum: of the 36 equally likely pairs, 6 − |s − 7| give the sum s (2 … 12)
    return {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def judgment_chance(condition: Mapping[str, Any], dice: int = 1, reading: str = "sum") -> Fraction:
    """P(the judgment's result meets ``condition``)."""
    test = condition_test(condition)
    return sum((p for x, p in judgment(dice, reading).items() if test(x)), Fraction(0))


# --- draw odds -------------------------------------------------------------------------------------
def _deck_counts(deck: Any, what: str) -> dict[Any, int]:
    counts = deck.counts() if hasattr(deck, "counts") and callable(deck.counts) else deck
    if not isinstance(counts, Mapping):
        raise ValueError(f"{what} is a mapping of card → count (or an explorer.Bag), not {deck!r}")
    for card, n in counts.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"{what}: count of {card!r} must be an int ≥ 0, not {n!r}")
    return dict(counts)


def _kinds(kind: Any, sample: bool) -> frozenset:
    """The card ids that count: one id, a collection of ids, or (sample deck) a card kind like "attack"."""
    kinds = frozenset([kind]) if isinstance(kind, str) or not isinstance(kind, Iterable) else frozenset(kind)
    if sample:
        from explorer.games.eternal_breath import content

        cards = content.sample().cards
        kinds = frozenset(cid for k in kinds for cid in ([k] if k in cards else
                                                         [c.id for c in cards.values() if c.kind == k]))
    return kinds


def draws_of_kind(kind: Any, n: int, deck: Any = None, discard: Any = None) -> Dist:
    """The distribution of how many cards of ``kind`` (a card, or a collection of cards) the next ``n``
    draws bring, from ``deck`` (counts; the engine's sample deck by default, where ``kind`` may also be a
    card kind: "attack", "defence", "trap", "effect"). When ``n`` exceeds the deck, the ``discard`` pile
    is shuffled in as the new deck (§3.1 牌堆)."""
    n = _int(n, "n")
    if n < 0:
        raise ValueError(f"n must be ≥ 0, not {n}")
    counts = _deck_counts(sample_deck() if deck is None else deck, "deck")
    kinds = _kinds(kind, sample=deck is None)
    size, good = sum(counts.values()), sum(c for card, c in counts.items() if card in kinds)
    if n <= size:
        return hypergeometric(size, good, n)
    rest = _deck_counts(discard if discard is not None else {}, "discard")
    rest_size = sum(rest.values())
    if n - size > rest_size:
        raise ValueError(f"{n} draws but only {size} cards in the deck and {rest_size} in the discard pile")
    rest_good = sum(c for card, c in rest.items() if card in kinds)
    return combine(point(good), hypergeometric(rest_size, rest_good, n - size))


def draw_odds(kind: Any, k: int, n: int, deck: Any = None, discard: Any = None) -> Fraction:
    """P(at least ``k`` cards of ``kind`` within the next ``n`` draws), exact."""
    return at_least(draws_of_kind(kind, n, deck, discard), _int(k, "k"))


def sample_deck() -> dict[Any, int]:
    """The engine's sample deck (``cards.sample.toml``) as counts card id → copies.

    §3.1 牌堆 also holds the character cards left after the draft; they depend on the table, so they
    are not in here (pass ``deck=`` with them added for a particular game).
    """
    from explorer.games.eternal_breath import content

    return content.sample().deck_cards()
