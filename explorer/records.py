"""Immutable game data: ``@record`` classes, and their exact JSON form.

A game keeps its whole state in ``@record`` classes (frozen dataclasses), tuples, :class:`Bag`,
Fractions, str, int, bool and None. Anything that looks like a change returns a new value
(``evolve``), so an old state is never touched and branching is free.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from types import MemberDescriptorType
from typing import Any

from .bag import Bag

_RECORDS: dict[str, type] = {}


def record(cls: type) -> type:
    """Make ``cls`` a frozen, slotted dataclass whose values round-trip through JSON."""
    made = dataclasses.dataclass(frozen=True, slots=True)(cls)
    _RECORDS[f"{made.__module__}:{made.__qualname__}"] = made
    return made


_COPIERS: dict[type, Any] = {}


def _copier(cls: type):
    """Straight-line code that copies one record class field by field, written once per class from the
    class's own field names (identifiers of our code, never user text). The engines' hottest path: each field
    is written through its slot's own setter (as ``object.__setattr__`` does, without looking the slot up)."""
    names = [f.name for f in dataclasses.fields(cls)]
    lines = ["def copy(obj, ch):", "    if not known.issuperset(ch):", "        unknown_(ch)", "    new = new_(cls)"]
    lines += [f"    set{i}(new, ch[{n!r}] if {n!r} in ch else obj.{n})" for i, n in enumerate(names)]
    lines.append("    return new")

    def unknown(ch):
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(ch.keys() - set(names))}")

    setters = {f"set{i}": _setter(cls, n) for i, n in enumerate(names)}
    scope = {"new_": object.__new__, "cls": cls, "known": frozenset(names), "unknown_": unknown, **setters}
    exec("\n".join(lines), scope)
    return scope["copy"]


def _setter(cls: type, name: str):
    """The fastest way to write field ``name`` of a new ``cls``: its slot's setter, else object.__setattr__."""
    slot = getattr(cls, name, None)
    if isinstance(slot, MemberDescriptorType):
        return slot.__set__
    return lambda obj, value: object.__setattr__(obj, name, value)


def maker(cls: type):
    """A function that builds a ``cls`` from every field, positionally, in field order, without ``__init__``
    (so no defaults and no ``__post_init__``): for the few classes built at every step (events, actions)."""
    names = [f.name for f in dataclasses.fields(cls)]
    lines = [f"def make({', '.join(names)}):", "    new = new_(cls)"]
    lines += [f"    set{i}(new, {n})" for i, n in enumerate(names)]
    lines.append("    return new")
    scope = {"new_": object.__new__, "cls": cls, **{f"set{i}": _setter(cls, n) for i, n in enumerate(names)}}
    exec("\n".join(lines), scope)
    return scope["make"]


def evolve(obj: Any, **changes: Any) -> Any:
    """A copy of the record ``obj`` with some fields changed (faster than ``dataclasses.replace``;
    records have no ``__post_init__``)."""
    fn = _COPIERS.get(obj.__class__)
    if fn is None:
        fn = _COPIERS[obj.__class__] = _copier(obj.__class__)
    return fn(obj, changes)


def replace_at(items: tuple, index: int, value: Any) -> tuple:
    """A copy of the tuple ``items`` with position ``index`` set to ``value``."""
    return (*items[:index], value, *items[index + 1:])


def encode(value: Any) -> Any:
    """Game data → JSON-able value, tagged so that :func:`decode` gives back an equal value."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, Fraction):
        return {"$frac": str(value)}
    if isinstance(value, Bag):
        return {"$bag": [[encode(k), n] for k, n in value.counts().items()]}
    if isinstance(value, frozenset):
        return {"$set": sorted((encode(v) for v in value), key=repr)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        key = f"{type(value).__module__}:{type(value).__qualname__}"
        if key not in _RECORDS:
            raise TypeError(f"{key} is not a @record and cannot be saved")
        out = {"$": key}
        for f in dataclasses.fields(value):
            out[f.name] = encode(getattr(value, f.name))
        return out
    if isinstance(value, dict):
        return {"$map": [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"cannot save a {type(value).__name__} in game data; use tuples, Bag or @record")


def decode(value: Any) -> Any:
    """The inverse of :func:`encode`: JSON lists become tuples."""
    if isinstance(value, list):
        return tuple(decode(v) for v in value)
    if isinstance(value, dict):
        if "$frac" in value:
            return Fraction(value["$frac"])
        if "$bag" in value:
            return Bag({decode(k): n for k, n in value["$bag"]})
        if "$set" in value:
            return frozenset(decode(v) for v in value["$set"])
        if "$map" in value:
            return {decode(k): decode(v) for k, v in value["$map"]}
        if "$" in value:
            cls = _RECORDS.get(value["$"])
            if cls is None:
                raise ValueError(f"unknown record type {value['$']!r}")
            return cls(**{k: decode(v) for k, v in value.items() if k != "$"})
        raise ValueError(f"untagged object in saved game data: {sorted(value)}")
    return value
