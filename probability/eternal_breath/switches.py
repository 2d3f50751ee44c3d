"""The assumption switches of 永恒之息 that change combat, as parameters of the odds.

The engine's assumptions register (``explorer/games/eternal_breath/assumptions.toml``) owns the
switches: their names, values and defaults. Here they are only validated by the engine (an unknown
name or value raises the engine's ``VariantError``) and the ones that change how an attack resolves
are handed to the engine's own combat functions, so the odds of both readings can be compared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer import DataError

GAME_ID = "eternal_breath"

# The switches (names and values as in the engine's register and ``table.Rules``) that change one attack,
# assumptions EB-A05 and EB-A14 of ``explorer/games/eternal_breath/assumptions.toml``:
BLOCK_WITHOUT_CARD = "block_without_card"  # "base_and_die" (default) or "zero": a block without a defence
#                                            card counts total defence as 0 (and no defence die is rolled)
NO_CARD_ZERO = "zero"
RESPONSE_TIMING = "response_timing"        # "after_attack_die" (default) or "before_attack_die": whether the
#                                            defender sees the attacker's die before choosing block or dodge
BEFORE_DIE = "before_attack_die"
COMBAT_SWITCHES = (BLOCK_WITHOUT_CARD, RESPONSE_TIMING)


def _game():
    """The registered engine, or None while it is not there yet."""
    from explorer import get_game

    try:
        return get_game(GAME_ID)
    except KeyError:
        return None


def combat_rules(switches: Mapping[str, Any]) -> dict[str, Any]:
    """The combat switches of ``switches`` that differ from the default reading (validated by the engine).

    An empty result means the seed's default reading. Switches that do not change one attack (e.g. the
    round limit) are validated and ignored.
    """
    if not switches:
        return {}
    game = _game()
    if game is None:
        raise ValueError(f"no variant switches are known yet (the {GAME_ID} engine is not registered)")
    resolved, defaults = game.resolve_variant(switches), game.resolve_variant({})
    return {n: resolved[n] for n in COMBAT_SWITCHES if n in resolved and resolved[n] != defaults[n]}


def combat_switch_options() -> dict[str, Any]:
    """The engine's options (name → Option, with values and default) that change combat."""
    game = _game()
    try:
        options = game.options if game is not None else {}
    except DataError:  # the register is not readable (yet): no switch to offer; the register tests say why
        return {}
    return {name: options[name] for name in COMBAT_SWITCHES if name in options}
