"""模式详解 Ruler模式: the global settings a table may change, their ranges, and what "inf" means
(MB-mode-ruler, MB-A18).

A setting whose range the document writes as 「60~inf」 takes any whole number from its minimum up, or the
value ``"inf"``: no cap at all (stored as ``None`` in the game's ``Rules``).
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer import Option

INF = "inf"  # the document's own word for "no upper end" (60~inf, 8~inf, 6~inf)

RULER = {  # variant key: (Rules field, default, minimum, maximum or values, clause); None = up to inf
    "ruler_hp_cap": ("hp_cap", 60, 60, None, "MB-ruler-hp-cap"),
    "ruler_stamina_cap": ("stamina_cap", 12, 8, None, "MB-ruler-stamina-cap"),
    "ruler_start_stamina": ("start_gain", 1, 1, 4, "MB-ruler-start-stamina"),
    "ruler_hand_limit": ("hand_limit", INF, 6, None, "MB-ruler-hand-limit"),
    "ruler_status_stack": ("status_stack", True, None, (True, False), "MB-ruler-status-stack"),
    "ruler_poison_death": ("poison_death", False, None, (False, True), "MB-ruler-poison-death"),
    "ruler_special_cells": ("special_cells", True, None, (True, False), "MB-ruler-special-cells"),
    "ruler_steal_stamina": ("steal_stamina", False, None, (False, True), "MB-ruler-steal-stamina"),
    "ruler_steal_hand": ("steal_hand", False, None, (False, True), "MB-ruler-steal-hand"),
}


@dataclass(frozen=True)
class RulerSetting(Option):
    """A numeric Ruler setting: a whole number in its range, or "inf" when the range is open (MB-A18)."""

    def check(self, value):
        if self.maximum is None and value == INF:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            return f"a whole number{' or ' + repr(INF) if self.maximum is None else ''} is needed, not {value!r}"
        return super().check(value)


def ruler_options():
    """MB-mode-ruler: each setting with the document's range and default."""
    for key, (_, default, low, high, clause) in RULER.items():
        if low is None:
            yield Option(key, default, values=high, source=clause)
        else:
            yield RulerSetting(key, default, minimum=low, maximum=high, source=clause)


def rule_values(variant) -> dict:
    """The Rules fields the table's Ruler settings give; "inf" becomes None, no cap (MB-A18)."""
    return {field: None if variant[key] == INF else variant[key] for key, (field, *_) in RULER.items()}


def capped(value: int, cap: int | None) -> int:
    """``value`` held at ``cap``; a cap of None ("inf") holds nothing (MB-A18)."""
    return value if cap is None else min(value, cap)


def over_limit(count: int, limit: int | None) -> bool:
    """MB-ruler-hand-limit: more cards than the limit; with "inf" (MB-card-no-hand-limit) never."""
    return limit is not None and count > limit


def shown(cap: int | None):
    """A cap as a board shows it: the number, or "inf"."""
    return INF if cap is None else cap
