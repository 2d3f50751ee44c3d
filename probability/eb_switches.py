"""The assumption switches of 永恒之息 that change combat, as parameters of the odds.

The engine's assumptions register (``explorer/games/eternal_breath/assumptions.toml``) owns the
switches: their names, values and defaults. Here they are only validated by the engine (an unknown
name or value raises the engine's ``VariantError``) and the ones that change how an attack resolves
are handed to the engine's own combat functions, so the odds of both readings can be compared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GAME_ID = "eternal_breath"

# switch name in the register → keyword of combat.resolve_attack that carries it
COMBAT_SWITCHES: dict[str, str] = {}


def _game():
    """The registered engine, or None while it is not there yet."""
    from explorer import get_game

    try:
        return get_game(GAME_ID)
    except KeyError:
        return None


def combat_rules(switches: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments for ``combat.resolve_attack`` from variant ``switches`` (validated by the engine).

    Switches that do not change one attack (e.g. about trading or cards) are accepted and ignored.
    """
    if not switches:
        return {}
    game = _game()
    if game is None:
        raise ValueError(f"no variant switches are known yet (the {GAME_ID} engine is not registered)")
    resolved = game.resolve_variant(switches)
    return {kw: resolved[name] for name, kw in COMBAT_SWITCHES.items() if name in resolved}


def combat_switch_options() -> dict[str, Any]:
    """The engine's options (name → Option) that change combat, for menus and parameter grids."""
    game = _game()
    if game is None:
        return {}
    return {name: game.options[name] for name in COMBAT_SWITCHES if name in game.options}
