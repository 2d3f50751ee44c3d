"""Share links and reopened saves: a game as a short code a URL can carry, and back (issue 14, point 8).

A link code holds the game, the players, the switches, the scenario it started from (by name) and the
history of actions: nothing else. Not the dice seed (the game goes on with new dice), not the game's data:
whoever opens it sees what replaying the recorded actions shows, which includes the cards drawn so far
(chance outcomes are actions), so every seat's hand up to that step can be read in the teacher's view.
The table says so beside the link. Opening a code checks it like a save file (``explorer.saves``): known
fields of the right types, the switches resolved, every action legal in turn from the start; anything else
is one :class:`SaveError` naming the field, and nothing is opened.
链接只含游戏、人数、开关、开局场景与动作历史；打开时逐项校验并从头重放。
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .errors import SaveError
from .saves import (
    check_length,
    from_json,
    parse,
    replayed,
    saved_game,
    saved_history,
    saved_players,
    saved_records,
    saved_variant,
)

MAX_CODE = 400_000      # characters of a code from a URL
MAX_JSON = 8_000_000    # bytes it may inflate to
LINK_KEYS = ("g", "n", "v", "s", "h")


def link_code(state: Any, scenario: str = "") -> str:
    """The code of ``state``'s game for a share link: ``scenario`` names the start if it was not a new game."""
    doc = {"g": state.game.id, "n": state.players, "v": dict(state.variant), "s": scenario,
           "h": [[a.kind, a.player, dict(a.params)] for a in state.history]}
    raw = json.dumps(doc, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def from_link(code: Any) -> tuple[Any, list, str]:
    """(start, history, scenario) of a link code, checked: the start is a new game or the named scenario's
    position, and every action of the history is legal in turn from it."""
    from .state import new_game

    doc = _link_doc(code)
    game = saved_game({"game": doc["g"]})
    players = saved_players({"players": doc["n"]}, game)
    variant = saved_variant({"variant": doc["v"]}, game)
    scenario = doc["s"]
    if not isinstance(scenario, str) or (scenario and scenario not in game.scenarios()):
        raise SaveError("scenario", f"{game.id} has no scenario {str(scenario)[:60]!r}")
    if not isinstance(doc["h"], list):
        raise SaveError("history", "expected a list of [kind, player, params]")
    check_length(len(doc["h"]))
    if not all(isinstance(x, list) and len(x) == 3 for x in doc["h"]):
        raise SaveError("history", "expected a list of [kind, player, params]")
    history = saved_history({"history": [{"kind": k, "player": p, "params": q} for k, p, q in doc["h"]]}, game)
    start = game.scenarios()[scenario].make() if scenario else new_game(game.id, players, variant)
    if scenario and (start.players, dict(start.variant)) != (players, variant):
        raise SaveError("players", f"the scenario {scenario!r} is for {start.players} players with its own switches")
    end = replayed(start, history)  # read one action at a time: the first illegal one stops it
    return start, list(end.history[len(start.history):]), scenario


def opened(text: str | bytes) -> tuple[Any, list]:
    """(start, history) of a save file, checked exactly as ``explorer.from_json`` checks it, so a table can
    replay it step by step and a person can step back through it."""
    from .state import State, new_game

    state = from_json(text)
    doc = parse(text)
    if "start" in doc:
        start = State(state.game, state.players, state.variant, saved_records(doc["start"], state.game, "start"))
    else:
        start = new_game(state.game.id, state.players, state.variant)
    return start, list(state.history)


def _link_doc(code: Any) -> dict:
    if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE:
        raise SaveError("link", f"expected a code of 1–{MAX_CODE} characters")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise SaveError("link", "the code unpacks to more than a game holds")
        if not inflater.eof:
            raise SaveError("link", "the code is cut short (copy the whole link)")
        doc = json.loads(raw, parse_constant=_no_constant)
    except SaveError:
        raise
    except (binascii.Error, ValueError, zlib.error, RecursionError) as exc:
        raise SaveError("link", f"not a link code of this app ({type(exc).__name__})") from None
    if not isinstance(doc, dict) or sorted(doc) != sorted(LINK_KEYS):
        raise SaveError("link", f"a link code holds exactly {', '.join(LINK_KEYS)}")
    return doc


def _no_constant(name: str) -> Any:
    raise SaveError("link", f"{name} is not a number a link holds")
