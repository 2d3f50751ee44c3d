"""Save files: ``explorer.from_json`` checks a save field by field, then replays its history from the start.

A save is trusted by construction, never by its word: the format, the game, the players and the variant
must be what ``new_game`` accepts; every action of the history must be legal in turn; and the game the
history replays to must equal the saved data, log and last step exactly (so forged coins, winners or a
finished flag, a history shorter than the data, another game's data or unknown cards cannot load).
Every failure is one :class:`SaveError` naming the field. 存档按字段检查，并从头重放历史来验证。
Loading costs one replay of the history: O(history).
"""

from __future__ import annotations

import dataclasses
import json
import reprlib
import typing
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Any

from .actions import Action, act, wrong_types
from .bag import Bag
from .errors import DataError, IllegalAction, SaveError, VariantError, W
from .records import _RECORDS, encode
from .registry import Bound, Game, get_game
from .save_format import ACTION_KEYS, FORMAT, KEYS, OPTIONAL
from .state import State, new_game

MAX_HISTORY = 20_000  # actions in a save or a link: far beyond a person's game, refused at once beyond
# A position set up by hand holds numbers a game reaches (at most a few hundred in every game's scenarios and
# play-outs; bags of at most 30): a whole number, a fraction's terms or a bag's count beyond this is refused
# (issue 38, item 7: hp or coins of 10^18, a bag of 10^12 cards). The generic bound; each game's own rules bound
# its fields more closely (``Game.start_bounds``: coins 0 to 20, HP at most the hero's maximum, seats, …).
START_LIMIT = 10**6
TOO_DEEP = W("nested too deeply to be part of a save file", "嵌套过深，不是存档文件的内容")
_short = reprlib.Repr()
_short.maxstring, _short.maxother, _short.maxlist, _short.maxdict = 60, 60, 4, 4


def from_json(text: str | bytes) -> State:
    """The state saved by ``State.to_json``, replayed from the start and checked against every saved field; a bad
    save raises ``SaveError`` naming the field."""
    doc = parse(text)
    game = saved_game(doc)
    players = saved_players(doc, game)
    variant = saved_variant(doc, game)
    history = saved_history(doc, game)
    if not isinstance(doc["log"], list):
        raise SaveError("log", f"expected a list of events, got {_kind(doc['log'])}")
    last = doc["last_step_events"]
    if last.__class__ is not int or last < 0:
        raise SaveError("last_step_events", f"expected a whole number ≥ 0, got {_short.repr(last)}")
    if "start" not in doc:
        state = replayed(new_game(game.id, players, variant), history)
    else:  # a hand-made position: the game's own code must be able to play from it and along the history
        state = State(game, players, variant, saved_position(doc["start"], game, players))
        try:
            state = playable(replayed(playable(state), history))
        except SaveError:
            raise
        except Exception as exc:  # the records are well typed but name what the game does not know
            raise SaveError("start", f"the game cannot play from this position: {type(exc).__name__}: "
                                     f"{_short.repr(str(exc))}") from None
    same_as_replayed("data", doc["data"], encode(state.data))
    same_as_replayed("log", doc["log"], [e.to_dict() for e in state.log])
    if last != len(state.events):
        raise SaveError("last_step_events", f"the last step made {len(state.events)} events, not {last}")
    return state


def replayed(state: Any, history: Iterable[Action]) -> Any:
    """``state`` after every action of ``history``, each legal in turn (read one at a time: the first bad one stops
    it)."""
    for i, action in enumerate(history):
        try:
            state = state.apply(action)
        except IllegalAction as exc:
            raise SaveError(f"history[{i}]", f"not legal at step {i + 1} of the replay: {exc}") from None
        except SaveError:
            raise
        except Exception as exc:  # the game's own check failed on values no real action has (issue 38, fuzzing)
            raise SaveError(f"history[{i}]", W(
                f"the game cannot play this action at step {i + 1}: {type(exc).__name__}: {_short.repr(str(exc))}",
                f"游戏无法在第 {i + 1} 步执行此动作：{type(exc).__name__}: {_short.repr(str(exc))}")) from None
    return state


def playable(state: Any) -> Any:
    """``state`` after asking the game what it would ask anyway: who moves, the choices, the table."""
    state.legal_actions()
    state.view(None, with_log=False)
    return state


def parse(text: str | bytes) -> dict[str, Any]:
    """The save's JSON object with exactly the known keys; NaN, Infinity and deep nesting are refused."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveError("text", f"expected JSON text, got {_kind(text)}")
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except SaveError:
        raise
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveError("text", f"not valid JSON: {exc}") from None
    except ValueError as exc:  # e.g. a whole number of more than 4,300 digits (Python's own limit)
        raise SaveError("text", f"holds a value no save holds: {_short.repr(str(exc))}") from None
    except RecursionError:
        raise SaveError("text", "nested too deeply to be a save file") from None
    if not isinstance(doc, dict):
        raise SaveError("text", f"expected a JSON object {{...}}, got {_kind(doc)}")
    missing = [k for k in KEYS if k not in doc]
    if missing:
        raise SaveError(missing[0], f"missing: a save file holds {', '.join(KEYS)} (this one lacks "
                                    f"{', '.join(missing)})")
    unknown = sorted(set(doc) - set(KEYS) - set(OPTIONAL))
    if unknown:
        raise SaveError(unknown[0], f"unknown field (known: {', '.join(KEYS + OPTIONAL)})")
    if doc["format"].__class__ is not int or doc["format"] != FORMAT:
        raise SaveError("format", f"unknown save format {_short.repr(doc['format'])} (this engine reads {FORMAT})")
    return doc


def _no_constant(name: str) -> Any:
    raise SaveError("text", f"{name} is not a number a save file holds")


def saved_game(doc: dict[str, Any]) -> Game:
    game_id = doc["game"]
    if not isinstance(game_id, str):
        raise SaveError("game", f"expected a game id (text), got {_kind(game_id)}")
    try:
        return get_game(game_id)
    except KeyError as exc:
        raise SaveError("game", str(exc.args[0])) from None
    except DataError as exc:
        raise SaveError("game", f"the game's content does not load: {exc}") from None


def saved_players(doc: dict[str, Any], game: Game) -> int:
    players = doc["players"]
    if players.__class__ is not int or not game.min_players <= players <= game.max_players:
        raise SaveError("players", f"{game.id} is for {game.min_players}–{game.max_players} players, "
                                   f"not {_short.repr(players)}")
    return players


def saved_variant(doc: dict[str, Any], game: Game) -> dict[str, Any]:
    """The saved switches through the same resolution as ``new_game`` (unknown switch, wrong type or range)."""
    variant = doc["variant"]
    if not isinstance(variant, dict):
        raise SaveError("variant", f"expected an object of switches, got {_kind(variant)}")
    try:
        return game.resolve_variant(variant)
    except VariantError as exc:
        raise SaveError(f"variant.{exc.key}", exc.reason) from None


def saved_history(doc: dict[str, Any], game: Game) -> Iterator[Action]:
    """The history's actions, each checked when the replay reaches it: a replay stops at the first bad or illegal
    action before the rest is built. More than ``MAX_HISTORY`` is refused before any is read."""
    history = doc["history"]
    if not isinstance(history, list):
        raise SaveError("history", f"expected a list of actions, got {_kind(history)}")
    check_length(len(history))
    return (saved_action(f"history[{i}]", raw, game) for i, raw in enumerate(history))


def check_length(actions: int) -> None:
    """A save's or a link's history holds at most ``MAX_HISTORY`` actions (issue 38: 400,000 took a minute)."""
    if actions > MAX_HISTORY:
        raise SaveError("history", f"{actions:,} actions: a save or a link holds at most {MAX_HISTORY:,} (a person's "
                                   f"game has a few hundred to a few thousand)")


def saved_action(field: str, raw: Any, game: Game) -> Action:
    """One action of the history: ``{"kind": text, "player": int, "params": {name: value}}``."""
    if not isinstance(raw, dict):
        raise SaveError(field, f"expected an action object, got {_kind(raw)}")
    unknown = sorted(set(raw) - set(ACTION_KEYS))
    if unknown or "kind" not in raw or "player" not in raw:
        raise SaveError(field, f"an action has kind, player and params, not {sorted(raw)}")
    params = raw.get("params", {})
    if raw["player"].__class__ is not int:
        raise SaveError(f"{field}.player", f"expected a whole number (int), got {_kind(raw['player'])}")
    if not isinstance(raw["kind"], str):
        raise SaveError(f"{field}.kind", f"expected text, got {_kind(raw['kind'])}")
    if not isinstance(params, dict):
        raise SaveError(f"{field}.params", f"expected an object, got {_kind(params)}")
    try:
        action = act(game.id, raw["kind"], raw["player"], **params)
    except RecursionError:
        raise SaveError(f"{field}.params", TOO_DEEP) from None
    problem = wrong_types(action, ())
    if problem:
        raise SaveError(field, problem)
    return action


def same_as_replayed(field: str, saved: Any, replayed: Any) -> None:
    """The saved value equals what the replay made, type for type (1, 1.0 and true differ)."""
    stack = [(field, saved, replayed)]
    while stack:
        where, a, b = stack.pop()
        if a.__class__ is not b.__class__ and not (isinstance(a, list) and isinstance(b, list | tuple)):
            break
        if isinstance(a, list):
            if len(a) != len(b):
                break
            stack.extend((f"{where}[{i}]", a[i], b[i]) for i in reversed(range(len(a))))
        elif isinstance(a, dict):
            if a.keys() != b.keys():
                break
            stack.extend((f"{where}.{k}", a[k], b[k]) for k in sorted(a, reverse=True))
        elif a != b and not (where.endswith(".$") and _RECORDS.get(a, a) is _RECORDS.get(b)):
            break  # a record's tag may name the module it had when saved (``records.moved_from``)
    else:
        return
    raise SaveError(field, f"does not match the game its history replays to: at {where} the save has "
                           f"{_short.repr(a)}, the replay {_short.repr(b)}")


def saved_position(value: Any, game: Game, players: int) -> Any:
    """A save's or a link's ``start`` decoded into the game's records, each number within the generic bound and
    the ranges the game's rules give it (``Game.start_bounds``)."""
    try:
        data = saved_records(value, game, "start")
    except RecursionError:
        raise SaveError("start", TOO_DEEP) from None
    try:
        within_bounds(data, game.start_bounds(data, players), game)
    except SaveError:
        raise
    except Exception as exc:  # records of the game, but not where its position holds them (a Hero as the start)
        problem = f"{type(exc).__name__}: {_short.repr(str(exc))}"
        raise SaveError("start", W(f"the game cannot read this position: {problem}",
                                   f"游戏无法读取这个局面：{problem}")) from None
    return data


def within_bounds(data: Any, bounds: dict[str, Bound], game: Game, where: str = "start") -> None:
    """Every whole number of ``data``'s records (or of a tuple in a record's field) within its field's Bound;
    else a SaveError naming the field and the clause, in English and 中文."""
    if not bounds:
        return
    stack = [(where, data, None, None)]
    while stack:
        where, value, bound, record = stack.pop()
        if dataclasses.is_dataclass(value):
            for field in reversed(dataclasses.fields(value)):
                stack.append((f"{where}.{field.name}", getattr(value, field.name),
                              bounds.get(f"{type(value).__name__}.{field.name}"), value))
        elif isinstance(value, tuple):
            stack.extend((f"{where}[{i}]", v, bound, record) for i, v in reversed(list(enumerate(value))))
        elif bound is not None and value.__class__ is int:
            out_of_bounds(where, value, bound, record, game)


def out_of_bounds(where: str, value: int, bound: Bound, record: Any, game: Game) -> None:
    """Raises the SaveError when ``value`` lies outside ``bound`` (its ends read from ``record`` when named)."""
    lo, hi = (getattr(record, end) if isinstance(end, str) else end for end in (bound.lo, bound.hi))
    if (lo is None or value >= lo) and (hi is None or value <= hi):
        return
    low, high = (f"{end} ({getattr(record, end)})" if isinstance(end, str) else end for end in bound[:2])
    if lo is not None and hi is not None:
        span = W(f"from {low} to {high}", f"{low} 至 {high}")
    elif lo is not None:
        span = W(f"at least {low}", f"至少 {low}")
    else:
        span = W(f"at most {high}", f"至多 {high}")
    clause = game.clause_index[bound.clause]
    raise SaveError(where, W(f"{value} is beyond what the rules allow here, {span} [{clause.id}: {clause.en}]",
                             f"{value} 超出规则在此允许的范围：{span.zh}［{clause.id}：{clause.zh}］"))


def saved_records(value: Any, game: Game, where: str) -> Any:
    """Saved game data decoded into the game's own records, each field of the type its class declares;
    anything else (floats, unknown or another game's records, bad fractions or bags) is a SaveError."""
    if value.__class__ is int and not -START_LIMIT <= value <= START_LIMIT:
        raise SaveError(where, f"{_short.repr(value)} is beyond what a position holds (at most ±{START_LIMIT:,})")
    if value is None or value.__class__ in (bool, int, str):
        return value
    if isinstance(value, list):
        return tuple(saved_records(v, game, f"{where}[{i}]") for i, v in enumerate(value))
    if not isinstance(value, dict):
        raise SaveError(where, f"{_kind(value)} is not a value game data holds")
    tags = [k for k in ("$frac", "$bag", "$set", "$map", "$") if k in value]
    if len(tags) != 1 or (tags[0] != "$" and len(value) != 1):
        raise SaveError(where, f"an object in game data has exactly one tag ($, $frac, $bag, $set, $map): "
                               f"{_short.repr(sorted(value))}")
    tag, body = tags[0], value[tags[0]]
    try:
        if tag == "$frac":
            if not isinstance(body, str) or len(body) > 100:
                raise ValueError("a fraction is short text like '1/2'")
            fraction = Fraction(body)
            if abs(fraction.numerator) > START_LIMIT or fraction.denominator > START_LIMIT:
                raise ValueError(f"{body!r} is beyond what a position holds (terms at most {START_LIMIT:,})")
            return fraction
        if tag == "$bag":
            pairs = [_pair(p) for p in body]
            if any(n.__class__ is not int or n < 1 for _, n in pairs):
                raise ValueError("a bag counts each item 1 or more times")
            if any(n > START_LIMIT for _, n in pairs):
                raise ValueError(f"a bag counts each item at most {START_LIMIT:,} times")
            return Bag({saved_records(k, game, f"{where}.$bag"): n for k, n in pairs})
        if tag == "$set":
            return frozenset(saved_records(v, game, f"{where}.$set") for v in _list(body))
        if tag == "$map":
            return {saved_records(k, game, f"{where}.$map"): saved_records(v, game, f"{where}.$map")
                    for k, v in map(_pair, body)}
    except (ValueError, TypeError, ZeroDivisionError) as exc:
        raise SaveError(where, f"{tag}: {exc}") from None
    return _saved_record(value, game, where)


def _saved_record(value: dict, game: Game, where: str) -> Any:
    key = value["$"]
    cls = _RECORDS.get(key) if isinstance(key, str) else None
    home = game.package
    if cls is None or not (cls.__module__ == home or cls.__module__.startswith(home + ".")):
        raise SaveError(where, f"{_short.repr(key)} is not a record of {game.id}")
    names = [f.name for f in dataclasses.fields(cls)]
    if set(value) - {"$"} != set(names):
        raise SaveError(where, f"a {cls.__name__} has the fields {names}")
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # an annotation we cannot resolve: the replay still checks the whole value
        hints = {}
    fields = {}
    for name in names:
        field_value = saved_records(value[name], game, f"{where}.{name}")
        expected = hints.get(name)
        if isinstance(expected, type) and not _is_a(field_value, expected):
            raise SaveError(f"{where}.{name}", f"expected {expected.__name__}, got {_kind(field_value)}")
        fields[name] = field_value
    return cls(**fields)


def _is_a(value: Any, expected: type) -> bool:
    if expected is int:
        return value.__class__ is int
    if expected is float:
        return value.__class__ in (int, Fraction)
    return isinstance(value, expected)


def _pair(item: Any) -> tuple[Any, Any]:
    if not isinstance(item, list) or len(item) != 2:
        raise ValueError("expected [key, value] pairs")
    return item[0], item[1]


def _list(body: Any) -> list:
    if not isinstance(body, list):
        raise ValueError("expected a list")
    return body


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a whole number",
            float: "a decimal number", type(None): "null"}.get(value.__class__, type(value).__name__)
