"""Each game's own widgets, found through the game (never a table elsewhere): a shipped game's live in
``widgets/games/<id>/``, a plug-in game's in the ``widgets`` module of its own package (docs/adding-a-game.md).

That package (or module) says what it has, as ``"module:Name"`` references imported when first used, so importing
the app imports no game's widgets (and a game whose content files are broken cannot take the app down):

- ``BOARD``: the Play table's and the Learn tab's board (else the generic ``StateBoard``, the view as a tree);
- ``ODDS``: the Odds tab's view, made as ``View(lang=…)`` (else the tab says "not available yet" in both languages);
- ``WALK_KIND``: the kind of step the Play table chains into a walk (one click for several of the person's own
  steps, each still checked by the engine; else none).

Lessons need nothing here: a game with a ``lessons.toml`` in its folder has a Learn tab.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from types import ModuleType
from typing import Any

import explorer


@cache
def own(game_id: str) -> ModuleType | None:
    """The game's widgets package or module, or None when it has none (looked up once per process)."""
    for name in (f"{__name__}.{game_id}", f"{explorer.get_game(game_id).package}.widgets"):
        try:
            if importlib.util.find_spec(name) is not None:
                return importlib.import_module(name)
        except ModuleNotFoundError:  # a parent that is not a package
            continue
    return None


def reference(game_id: str, what: str) -> str | None:
    """The ``"module:Name"`` the game's widgets give for ``what`` (``BOARD``, ``ODDS``), or None."""
    return getattr(own(game_id), what, None)


def resolve(ref: str) -> Any:
    """The object a ``"module:Name"`` reference names (the module imported now)."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


def board_class(game_id: str) -> type:
    """The game's board class, or the generic ``StateBoard``."""
    ref = reference(game_id, "BOARD")
    if ref is None:
        from widgets.components.state_board import StateBoard

        return StateBoard
    return resolve(ref)


def walk_kind(game_id: str) -> str | None:
    """The kind of step the game's Play table chains into a walk, or None."""
    return getattr(own(game_id), "WALK_KIND", None)
