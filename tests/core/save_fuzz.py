"""Fuzzed save documents (issue 38, round two, item d): mutations of real saves of all three games, for the load
path (``explorer.from_json``). Seeded: ``fuzzed(n, seed)`` yields the same ``n`` documents every run.

The bases are real saves: seeded random-bot games of each game saved after a few steps and at their end-phase
(history replayed from ``new_game``), and each game's scenarios saved one or two steps in (history replayed from
a hand-made ``start``). Each document is one or two mutations of a base: a value of another type, sizes (long
lists, long text, many keys), deep nesting, huge whole numbers, wrong ids (cards, kinds, records, games),
truncated or reordered histories, illegal actions (other params, another player), bad starts (a number out of
the game's bounds, a missing field, another game's record), and text-level damage (cut short, a byte changed,
not UTF-8, NaN). Used by tests/core/test_save_fuzz.py.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from functools import cache

from support import games

import explorer
from explorer import new_game

# in the order of their rule documents (the seeded sample of fuzzed saves draws from the bases in this order)
GAMES = tuple(sorted(games(), key=lambda g: explorer.get_game(g).info.seed_file))
OTHER_VALUES = (None, True, False, 0, -1, 1.5, "", "x", "nope", [], {}, [1, 2], {"$": "nope"}, 10**30, -(10**30))


@cache
def bases() -> tuple[str, ...]:
    """Real saves as JSON text: per game, seeded bot games at 0, 5, 30 and 90 steps, and every scenario one and
    two steps in (those saves carry a ``start``)."""
    texts = []
    for game_id in GAMES:
        game = explorer.get_game(game_id)
        for seed, players in enumerate((game.min_players, game.max_players)):
            start = new_game(game_id, players, game.bounded_variant(players))
            for steps in (0, 5, 30, 90):
                texts.append(explorer.play_out(start, seed=seed, max_steps=steps).to_json())
        for scenario in game.scenarios().values():
            state = scenario.make()
            for steps in (1, 2):
                texts.append(explorer.play_out(state, seed=1, max_steps=steps).to_json())
    return tuple(texts)


def nodes(doc) -> list[tuple[object, object]]:
    """(container, key) of every value inside ``doc`` (depth first)."""
    found, stack = [], [doc]
    while stack:
        here = stack.pop()
        items = here.items() if isinstance(here, dict) else enumerate(here) if isinstance(here, list) else ()
        for key, value in items:
            found.append((here, key))
            if isinstance(value, dict | list):
                stack.append(value)
    return found


def pick(rng: random.Random, doc, where: str | None = None, kind: type | None = None):
    """A random (container, key) in ``doc`` (in ``doc[where]`` when given), whose value is of ``kind`` when given;
    None when there is none."""
    root = doc.get(where) if where else doc
    if root is None or not isinstance(root, dict | list):
        return None
    found = [(c, k) for c, k in nodes(root) if kind is None or c[k].__class__ is kind]
    return rng.choice(found) if found else None


def set_at(spot, value) -> None:
    if spot is not None:
        container, key = spot
        container[key] = value


def m_type(rng, doc):
    set_at(pick(rng, doc, rng.choice((None, "data", "history", "variant", "start", "log"))), rng.choice(OTHER_VALUES))


def m_top_type(rng, doc):
    doc[rng.choice(sorted(doc))] = copy.deepcopy(rng.choice(OTHER_VALUES))


def m_huge_int(rng, doc):
    big = rng.choice((10**18, -(10**18), 2**63, 10**4000, -(10**300), 10**6 + 1))
    set_at(pick(rng, doc, rng.choice((None, "data", "start", "history", "log")), int), big)


def m_size(rng, doc):
    what = rng.choice(("history", "long text", "many keys", "long list"))
    if what == "history" and doc["history"]:
        doc["history"] = doc["history"] * rng.choice((2, 50, 30_000 // len(doc["history"]) + 1))
    elif what == "long text":
        set_at(pick(rng, doc, None, str), "字" * rng.choice((1000, 200_000)))
    elif what == "many keys":
        spot = pick(rng, doc, rng.choice(("variant", "data", None)), dict)
        set_at(spot, {f"k{i}": i for i in range(rng.choice((50, 20_000)))})
    else:
        spot = pick(rng, doc, rng.choice(("data", "start", None)), list)
        set_at(spot, list(range(rng.choice((100, 50_000)))))


DEEP = "@@deep@@"  # put where a deeply nested value goes; written into the text (json.dumps itself would recurse)


def m_deep(rng, doc):
    where = rng.choice(("start", "data", "history", "variant", "log", "params"))
    if where == "params" and doc.get("history") and isinstance(doc["history"][0], dict):
        spot = (doc["history"][0].setdefault("params", {}), "x")
    elif where == "start" and "start" not in doc:
        spot = (doc, "start")
    else:
        spot = pick(rng, doc, where) if where in doc else (doc, where)
    set_at(spot, DEEP)


def deep_text(rng: random.Random) -> str:
    """A value nested from 50 to 20,000 levels (lists, records, tagged values): Python's json reads a little under
    1,000 levels (its own recursion limit) and the rest is refused as text."""
    depth = rng.choice((50, 400, 700, 900, 980, 995, 2000, 20_000))
    opener, closer = rng.choice((("[", "]"), ('{"$": ', "}"), ('{"$set": [', "]}"), ('{"$map": [[1, ', "]]}"),
                                 ('{"$bag": [[', ', 1]]}')))
    return opener * depth + "1" + closer * depth


def m_wrong_id(rng, doc):
    texts = [(c, k) for c, k in nodes(doc) if isinstance(c[k], str)]
    if not texts:
        return
    container, key = rng.choice(texts)
    container[key] = rng.choice(("nope", "card_moba", "castle_heart:Seat", "eternal_breath.table:Table",
                                 "explorer.games.card_moba.records:Hero", container[key] + "x", container[key][:-1]))


def m_record_of_another_game(rng, doc):
    tagged = [(c, k) for c, k in nodes(doc) if isinstance(c[k], dict) and "$" in c[k]]
    if tagged:
        container, key = rng.choice(tagged)
        container[key] = {**container[key], "$": rng.choice(
            ("explorer.games.card_moba.records:Hero", "explorer.games.castle_heart.records:Seat",
             "explorer.games.eternal_breath.records:Seat", "builtins:object", "os:system"))}


def m_truncate_history(rng, doc):
    history = doc["history"]
    if history:
        cut = rng.randrange(len(history))
        doc["history"] = rng.choice((history[:cut], history[cut + 1:], history[:cut] + history[cut + 1:]))


def m_reorder_history(rng, doc):
    history = doc["history"]
    if len(history) >= 2:
        i, j = rng.sample(range(len(history)), 2)
        history[i], history[j] = history[j], history[i]


def m_illegal_action(rng, doc):
    history = doc["history"]
    if not history:
        doc["history"] = [{"kind": "pass", "player": 0, "params": {}}]
        return
    action = rng.choice(history)
    what = rng.choice(("player", "kind", "param", "extra param", "no params"))
    if what == "player":
        action["player"] = rng.choice((-2, -1, 1, 7, 10**9))
    elif what == "kind":
        action["kind"] = rng.choice(("pass", "attack", "win", "end_turn", ""))
    elif what == "param" and action.get("params"):
        key = rng.choice(sorted(action["params"]))
        action["params"][key] = copy.deepcopy(rng.choice(OTHER_VALUES))
    elif what == "extra param":
        action.setdefault("params", {})["nope"] = 1
    else:
        action.pop("params", None)
        action["extra"] = True


def m_bad_start(rng, doc):
    if "start" not in doc:
        doc["start"] = copy.deepcopy(doc["data"])
    what = rng.choice(("number", "missing field", "extra field", "not a record", "negative"))
    if what in ("number", "negative"):
        value = rng.choice((-1, -2, -5, 21, 61, 99, 1000, 10**6)) if what == "number" else -rng.randrange(1, 50)
        set_at(pick(rng, doc, "start", int), value)
    elif what in ("missing field", "extra field"):
        spot = pick(rng, doc, "start", dict)
        if spot is not None:
            container, key = spot
            record = container[key]
            if what == "missing field" and len(record) > 1:
                record.pop(rng.choice(sorted(k for k in record if k != "$") or ["$"]))
            else:
                record["nope"] = 1
    else:
        doc["start"] = rng.choice((None, 1, "x", [], {"$frac": "1/0"}, {"$bag": [["a", 0]]}, {"$set": 1}))


def m_drop_key(rng, doc):
    doc.pop(rng.choice(sorted(doc)))


MUTATIONS: tuple[Callable, ...] = (m_type, m_top_type, m_huge_int, m_size, m_deep, m_wrong_id,
                                   m_record_of_another_game, m_truncate_history, m_reorder_history,
                                   m_illegal_action, m_bad_start, m_drop_key)


def text_damage(rng: random.Random, text: str) -> str | bytes:
    """The save's text damaged: cut short, a character changed, not UTF-8, NaN or Infinity, a duplicated key."""
    what = rng.choice(("cut", "char", "bytes", "nan", "dup"))
    if what == "cut":
        return text[: rng.randrange(len(text))]
    if what == "char":
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('{}[]",:0-e\\ ') + text[i + 1:]
    if what == "bytes":
        raw = bytearray(text.encode("utf-8"))
        raw[rng.randrange(len(raw))] = rng.choice((0xFF, 0xC3, 0x80, 0x00))
        return bytes(raw)
    if what == "nan":
        return text.replace('"players": ', '"players": NaN, "x": ', 1) if rng.random() < 0.5 else \
            text.replace('"last_step_events": ', '"last_step_events": Infinity, "y": ', 1)
    return text[:-1] + ', "format": 1}'


def fuzzed(count: int, seed: int = 0) -> Iterator[tuple[str, str | bytes]]:
    """``count`` (what was done, damaged save text) pairs, the same for the same ``seed``."""
    rng, texts = random.Random(seed), bases()
    for _ in range(count):
        base = rng.choice(texts)
        if rng.random() < 0.1:
            yield "text", text_damage(rng, base)
            continue
        doc = json.loads(base)
        done = []
        for mutation in rng.sample(MUTATIONS, rng.choice((1, 1, 1, 2))):
            try:
                mutation(rng, doc)
            except (TypeError, AttributeError, KeyError, IndexError, ValueError, RecursionError):
                continue  # an earlier mutation took away what this one changes
            done.append(mutation.__name__)
        text = json.dumps(doc, ensure_ascii=False)
        yield "+".join(done), text.replace(f'"{DEEP}"', deep_text(rng)) if DEEP in text else text
