"""Actions: what a player (or chance) does at a decision. Immutable, hashable, JSON-able."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CHANCE = -1
TERMINAL = -4


def _freeze(value: Any) -> Any:
    """Lists (from JSON or callers) become tuples, so equal actions compare and hash equal."""
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One choice: its kind ("attack", "roll", "pass", …), who takes it, and named parameters.

    ``params`` is a tuple of (name, value) pairs sorted by name; build actions with :func:`act`.
    """

    game: str
    kind: str
    player: int
    params: tuple[tuple[str, Any], ...] = ()
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        try:
            key = hash((self.game, self.kind, self.player, self.params))
        except TypeError:  # unhashable parameters (a dict from JSON): State.apply refuses the action
            key = hash((self.game, self.kind, self.player))
        object.__setattr__(self, "_hash", key)

    def __hash__(self) -> int:  # computed once: legal-action sets hash every action
        return self._hash

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def args(self) -> dict[str, Any]:
        return dict(self.params)

    def describe(self, lang: str = "en") -> str:
        """A sentence for a person, in "en" or "zh", written by the game."""
        from .registry import get_game

        return get_game(self.game).describe_action(self, lang)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "params": {k: v for k, v in self.params}}

    @classmethod
    def from_dict(cls, game: str, d: dict[str, Any]) -> Action:
        return act(game, d["kind"], d["player"], **d.get("params", {}))

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.params)
        who = "chance" if self.player == CHANCE else f"p{self.player}"
        return f"{self.kind}({who}{', ' if inner else ''}{inner})"


def act(game: str, kind: str, player: int, /, **params: Any) -> Action:
    """Build an action with its parameters in canonical order."""
    return Action(game, kind, player, tuple(sorted((k, _freeze(v)) for k, v in params.items())))
