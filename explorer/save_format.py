"""What a save file holds, and how a State writes one (``State.to_json``); ``explorer.saves`` reads and checks it.

The writer's side sits below ``State`` and the reader's above it, so neither module imports the other in a circle
(issue 35, item 6: ``saves`` ↔ ``state`` was one).
"""

from __future__ import annotations

import json
from typing import Any

from .records import encode

FORMAT = 1
KEYS = ("data", "format", "game", "history", "last_step_events", "log", "players", "variant")
OPTIONAL = ("start",)  # a position set up by hand (a scenario), from which the history replays
ACTION_KEYS = ("kind", "params", "player")


def document(state: Any) -> dict[str, Any]:
    """The save of ``state`` as a JSON-able dict: exact (fractions as text); ``start`` only for a position set up by
    hand."""
    doc = {
        "format": FORMAT, "game": state.game.id, "players": state.players, "variant": state.variant,
        "data": encode(state.data), "history": [a.to_dict() for a in state.history],
        "log": [e.to_dict() for e in state.log], "last_step_events": len(state.events),
    }
    start = saved_start(state)
    if start is not None:  # a position set up by hand (a scenario): the history replays from it
        doc["start"] = start
    return doc


def saved_start(state: Any) -> Any:
    """The encoded start of ``state`` when it is not ``new_game``'s (a scenario's position), else None."""
    start = getattr(state, "_start", None)
    if start is None:
        return None
    key = (state.game.id, state.players, tuple(sorted(state.variant.items())))
    initial = _INITIAL.get(key)
    if initial is None:
        initial = _INITIAL[key] = json.dumps(encode(state.game.initial(state.players, state.variant)), sort_keys=True)
        if len(_INITIAL) > 256:
            _INITIAL.pop(next(iter(_INITIAL)))
    encoded = encode(start)
    return None if json.dumps(encoded, sort_keys=True) == initial else encoded


_INITIAL: dict[tuple, str] = {}  # new_game's start per (game, players, variant), as JSON text
