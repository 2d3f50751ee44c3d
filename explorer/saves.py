"""Save files: ``explorer.from_json`` checks a save field by field, then replays its history from the start.

A save is trusted by construction, never by its word: the format, the game, the players and the variant
must be what ``new_game`` accepts; every action of the history must be legal in turn; and the game the
history replays to must equal the saved data, log and last step exactly (so forged coins, winners or a
finished flag, a history shorter than the data, another game's data or unknown cards cannot load).
Every failure is one :class:`SaveError` naming the field. 存档按字段检查，并从头重放历史来验证。
Loading costs one replay of the history: O(history).
"""

from __future__ import annotations

import json
import reprlib
from typing import Any

from .actions import Action, act, wrong_types
from .errors import DataError, IllegalAction, SaveError, VariantError
from .records import encode
from .registry import Game, get_game

FORMAT = 1
KEYS = ("data", "format", "game", "history", "last_step_events", "log", "players", "variant")
ACTION_KEYS = ("kind", "params", "player")
_short = reprlib.Repr()
_short.maxstring, _short.maxother, _short.maxlist, _short.maxdict = 60, 60, 4, 4


def load(text: str | bytes) -> Any:
    """The state a save file holds, replayed from the start and checked against every saved field."""
    from .state import new_game

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
    state = new_game(game.id, players, variant)
    for i, action in enumerate(history):
        try:
            state = state.apply(action)
        except IllegalAction as exc:
            raise SaveError(f"history[{i}]", f"not legal at step {i + 1} of the replay: {exc}") from None
    same_as_replayed("data", doc["data"], encode(state.data))
    same_as_replayed("log", doc["log"], [e.to_dict() for e in state.log])
    if last != len(state.events):
        raise SaveError("last_step_events", f"the last step made {len(state.events)} events, not {last}")
    return state


def parse(text: str | bytes) -> dict[str, Any]:
    """The save's JSON object with exactly the known keys; NaN, Infinity and deep nesting are refused."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveError("text", f"expected JSON text, got {_kind(text)}")
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveError("text", f"not valid JSON: {exc}") from None
    except RecursionError:
        raise SaveError("text", "nested too deeply to be a save file") from None
    if not isinstance(doc, dict):
        raise SaveError("text", f"expected a JSON object {{...}}, got {_kind(doc)}")
    missing = [k for k in KEYS if k not in doc]
    if missing:
        raise SaveError(missing[0], "missing")
    unknown = sorted(set(doc) - set(KEYS))
    if unknown:
        raise SaveError(unknown[0], f"unknown field (known: {', '.join(KEYS)})")
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


def saved_history(doc: dict[str, Any], game: Game) -> list[Action]:
    history = doc["history"]
    if not isinstance(history, list):
        raise SaveError("history", f"expected a list of actions, got {_kind(history)}")
    return [saved_action(f"history[{i}]", raw, game) for i, raw in enumerate(history)]


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
    action = act(game.id, raw["kind"], raw["player"], **params)
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
        elif a != b:
            break
    else:
        return
    raise SaveError(field, f"does not match the game its history replays to: at {where} the save has "
                           f"{_short.repr(a)}, the replay {_short.repr(b)}")


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a whole number",
            float: "a decimal number", type(None): "null"}.get(value.__class__, type(value).__name__)
