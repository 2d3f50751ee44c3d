"""Action objects for 城堡之心, built once and reused (actions are immutable, so sharing is safe)."""

from __future__ import annotations

from functools import lru_cache

from explorer import act

GAME_ID = "castle_heart"


@lru_cache(maxsize=1 << 16)  # a bound far above the game's actions; a hit is found without a Python call
def A(kind: str, player: int, **params):
    """The action ``kind`` of ``player`` with ``params`` (cached: building actions is the hot path)."""
    return act(GAME_ID, kind, player, **params)
