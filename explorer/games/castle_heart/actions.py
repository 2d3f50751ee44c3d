"""Action objects for 城堡之心, built once and reused (actions are immutable, so sharing is safe)."""

from __future__ import annotations

from explorer import act

GAME_ID = "castle_heart"
_MADE: dict = {}


def A(kind: str, player: int, **params):
    """The action ``kind`` of ``player`` with ``params`` (cached: building actions is the hot path)."""
    key = (kind, player, *params.items())
    made = _MADE.get(key)
    if made is None:
        made = _MADE[key] = act(GAME_ID, kind, player, **params)
    return made
