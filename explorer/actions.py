"""Actions: what a player (or chance) does at a decision. Immutable, hashable, JSON-able."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .records import maker


def _not_ready(thing: Any, lang: str) -> str:
    raise RuntimeError("import explorer first: its registry writes the games' sentences")


# Filled in by explorer.registry when it is imported: (action, lang) -> the game's sentence. A hook, so this module
# never imports the registry (the core's modules import each other without a cycle).
DESCRIBE = _not_ready

CHANCE = -1
TERMINAL = -4
PLAIN = (str, int, bool, type(None), Fraction)  # the values an action's parameter may hold (and tuples of them)


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

    def __eq__(self, other: object) -> bool:
        """Equal kind, player and parameters, each of the same type: 1, 1.0 and True are three values."""
        if other.__class__ is not Action:
            return NotImplemented
        return (self._hash == other._hash and self.kind == other.kind and self.game == other.game
                and same_value(self.player, other.player) and same_value(self.params, other.params))

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
        """A sentence for a person, in "en" or "zh", written by the game (the registry fills in ``DESCRIBE``)."""
        return DESCRIBE(self, lang)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "params": {k: v for k, v in self.params}}

    @classmethod
    def from_dict(cls, game: str, d: dict[str, Any]) -> Action:
        return act(game, d["kind"], d["player"], **d.get("params", {}))

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.params)
        who = "chance" if self.player == CHANCE else f"p{self.player}"
        return f"{self.kind}({who}{', ' if inner else ''}{inner})"


@dataclass(frozen=True)
class OpenNumber:
    """A decision with one parameter that takes any whole number from ``smallest`` up, because the document sets
    no upper end (the MOBA's winning score, 「协商决定获胜所需的得分」). ``legal_actions`` lists a menu of such
    choices, from which bots, search and OpenSpiel pick; a person and ``State.apply`` may give any number."""

    kind: str
    player: int
    param: str
    smallest: int = 1

    def fits(self, action: Action) -> bool:
        """``action`` is this choice with a whole number (not a bool) of at least ``smallest``."""
        if action.kind != self.kind or action.player.__class__ is not int or action.player != self.player:
            return False
        if len(action.params) != 1 or action.params[0][0] != self.param:
            return False
        value = action.params[0][1]
        return value.__class__ is int and value >= self.smallest


def same_value(a: Any, b: Any) -> bool:
    """``a == b`` with the same type at every level (an int is not a bool or a float)."""
    if a.__class__ is not b.__class__:
        return False
    if a.__class__ is tuple:
        return len(a) == len(b) and all(same_value(a[i], b[i]) for i in range(len(a)))
    return a == b


def wrong_types(action: Action, legal: tuple[Action, ...]) -> str | None:
    """Why ``action`` looks like a legal action but has a value of the wrong type (None if it does not):
    the player or the parameter named, the type it has and the type the rules expect."""
    if action.player.__class__ is not int:
        return f"player must be a whole number (int), not {type(action.player).__name__} {action.player!r}"
    for name, value in action.params:
        bad = _not_plain(value)
        if bad:
            return f"parameter {name!r}: {bad}"
    for other in legal:  # the legal action it equals under plain ==, if any: name the value of the wrong type
        if (other.kind, other.player, other.params) != (action.kind, action.player, action.params):
            continue
        for (name, mine), (_, theirs) in zip(action.params, other.params, strict=True):
            if not same_value(mine, theirs):
                return f"parameter {name!r} must be {_type_name(theirs)}, not {_type_name(mine)} {mine!r}"
    return None


def _not_plain(value: Any) -> str | None:
    if isinstance(value, tuple):
        return next((bad for bad in map(_not_plain, value) if bad), None)
    if value.__class__ not in PLAIN:
        return f"{type(value).__name__} {value!r} is not a value an action takes (text, whole number, true/false)"
    return None


def _type_name(value: Any) -> str:
    if isinstance(value, tuple):
        return "a list of " + ", ".join(_type_name(v) for v in value) if value else "an empty list"
    return {bool: "true/false (bool)", int: "a whole number (int)", str: "text (str)"}.get(
        value.__class__, type(value).__name__)


_made = maker(Action)  # every field, ``_hash`` last, without ``__init__`` and ``__post_init__``


def action_of(game: str, kind: str, player: int, params: tuple) -> Action:
    """``Action(game, kind, player, params)`` for ``params`` already (name, value) pairs sorted by name and hashable (a
    game's own actions, made whenever its caches of them miss, at nearly every step of a bot's game): the same action,
    with the hash ``__post_init__`` gives it, made without the dataclass's ``__init__`` (a call per field)."""
    return _made(game, kind, player, params, hash((game, kind, player, params)))


def act(game: str, kind: str, player: int, /, **params: Any) -> Action:
    """Build an action with its parameters in canonical order."""
    return Action(game, kind, player, tuple(sorted((k, _freeze(v)) for k, v in params.items())))
