"""OpenSpiel for the bridge's tests: the module (None when the extra is missing) and a loader."""

from __future__ import annotations

try:
    import pyspiel

    from explorer import openspiel as bridge
except ImportError:  # pragma: no cover - the extra is missing
    pyspiel = bridge = None


def load(game_id: str, players: int, **params):
    """``rules_explorer_<game_id>`` at a table of ``players`` (the bridge registered first)."""
    bridge.register()
    return pyspiel.load_game(bridge.PREFIX + game_id, {"players": players, **params})
