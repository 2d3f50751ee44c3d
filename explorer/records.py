"""Immutable game data: ``@record`` classes, and their exact JSON form.

A game keeps its whole state in ``@record`` classes (frozen dataclasses), tuples, :class:`Bag`,
Fractions, str, int, bool and None. Anything that looks like a change returns a new value
(``evolve``), so an old state is never touched and branching is free.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .bag import Bag

_RECORDS: dict[str, type] = {}


def record(cls: type) -> type:
    """Make ``cls`` a frozen, slotted dataclass whose values round-trip through JSON."""
    made = dataclasses.dataclass(frozen=True, slots=True)(cls)
    _RECORDS[f"{made.__module__}:{made.__qualname__}"] = made
    made.__init__ = _fast_init(made)
    return made


def _fast_init(cls: type):
    """``cls``'s dataclass ``__init__`` (same parameters, same defaults, same fields set), its fields written by plain
    stores while the new record is briefly its builder (``_builder``), where the frozen class's own writes each
    call ``object.__setattr__``: a Task of 11 fields is built in about a third of the time. The dataclass's own
    ``__init__`` stays for what it alone does right (a field made by a factory or not set by ``__init__``, a
    ``__post_init__``, a ``__new__`` of the class's own) and for an instance of a subclass."""
    slow = cls.__init__
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or cls.__new__ is not object.__new__ or any(
            not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING for f in fields):
        return slow
    names = [f.name for f in fields]
    params = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}" for f in fields)
    lines = [f"def __init__(self, {params}):",
             "    if self.__class__ is not _record_:",
             f"        return _slow_(self, {', '.join(names)})",
             "    _set_(self, '__class__', _builder_)"]
    lines += [f"    self.{n} = {n}" for n in names]
    lines += ["    self.__class__ = _record_"]
    scope = {"_record_": cls, "_slow_": slow, "_set_": object.__setattr__, "_builder_": _builder(cls),
             **{f"_default_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}}
    exec("\n".join(lines), scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = slow.__doc__
    return init


def moved_from(old_module: str, module: str) -> None:
    """The records of ``module`` also answer to the names they were saved under when they lived in ``old_module``
    (a save names each record ``module:Class``): saves written before a module was renamed keep loading. New
    saves are written under the new name."""
    for cls in list(_RECORDS.values()):
        if cls.__module__ == module:
            _RECORDS[f"{old_module}:{cls.__qualname__}"] = cls


_COPIERS: dict[tuple, Any] = {}  # (record class, *names of the changed fields) → its copier
_BUILDERS: dict[type, type] = {}


def _builder(cls: type) -> type:
    """The class a new ``cls`` is built as: a subclass with the very same memory layout (no slot of its own) whose
    fields are written by plain attribute stores (the interpreter's fastest, where a frozen class's every write is
    a call); the finished record becomes a ``cls`` (``__class__`` assignment) before any other code sees it, so
    every record in play is a frozen ``cls`` and no record is ever changed once made. A new one is made by calling
    the builder with no arguments (``object``'s own ``__new__`` and ``__init__``: no fields set, no
    ``__post_init__``), about 270 instructions less than ``object.__new__(builder)``, which checks its caller."""
    builder = _BUILDERS.get(cls)
    if builder is None:
        if cls.__new__ is not object.__new__:
            raise TypeError(f"{cls.__name__} has a __new__ of its own: a record is made without it")
        builder = _BUILDERS[cls] = type(f"_Building{cls.__name__}", (cls,), {
            "__slots__": (), "__module__": cls.__module__, "__init__": object.__init__,
            # both, so the class's attribute store is the plain one the interpreter specialises for slots
            "__setattr__": object.__setattr__, "__delattr__": object.__delattr__})
    return builder


def _compiled(cls: type, header: str, values: dict[str, str]):
    """``header``'s function: a new ``cls`` with each field set to its expression in ``values`` (straight-line
    code written from the class's own field names, identifiers of our code, never user text)."""
    lines = [header, "    new = builder()"]
    lines += [f"    new.{name} = {value}" for name, value in values.items()]
    lines += ["    new.__class__ = cls", "    return new"]
    scope = {"builder": _builder(cls), "cls": cls}
    exec("\n".join(lines), scope)
    return next(v for k, v in scope.items() if header.startswith(f"def {k}("))


def _copier(cls: type, changed: tuple[str, ...]):
    """A copy of a ``cls`` with the fields ``changed`` (in that order) taken from the dict ``ch``: the engines'
    hottest path, written once per class and set of changed fields."""
    names = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(changed) - set(names))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    return _compiled(cls, "def copy(obj, ch):", {n: f"ch[{n!r}]" if n in changed else f"obj.{n}" for n in names})


def setter(cls: type, *names: str):
    """A function ``(obj, *values)`` giving a copy of the record ``obj`` with the fields ``names`` set to ``values``
    (in that order): ``evolve`` without its keyword arguments (about half its cost), for a game's hottest moves."""
    fields = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(names) - set(fields))
    if unknown or len(set(names)) != len(names):
        raise TypeError(f"{cls.__name__}: fields {names} are not distinct fields of the record")
    params = ", ".join(f"v{i}" for i in range(len(names)))
    return _compiled(cls, f"def copy(obj, {params}):",
                     {n: f"v{names.index(n)}" if n in names else f"obj.{n}" for n in fields})


def maker(cls: type):
    """A function that builds a ``cls`` from every field, positionally, in field order, without ``__init__``
    (so no defaults and no ``__post_init__``): for the few classes built at every step (events, actions)."""
    names = [f.name for f in dataclasses.fields(cls)]
    return _compiled(cls, f"def make({', '.join(names)}):", {n: n for n in names})


def evolve(obj: Any, **changes: Any) -> Any:
    """A copy of the record ``obj`` with some fields changed (faster than ``dataclasses.replace``;
    records have no ``__post_init__``)."""
    key = (obj.__class__, *changes)  # one tuple per call: evolve runs at nearly every move of every game
    fn = _COPIERS.get(key)
    if fn is None:
        if len(_COPIERS) > 50_000:  # a bound, for callers that change ever new combinations of fields
            _COPIERS.clear()
        fn = _COPIERS[key] = _copier(key[0], key[1:])
    return fn(obj, changes)


@lru_cache(maxsize=8192)
def distinct(items: tuple) -> tuple:
    """The distinct items of the tuple ``items``, sorted (a hand's kinds of card): rules ask it at nearly every
    choice, so each tuple's answer is kept (tuples are immutable; hands repeat; a bound)."""
    return tuple(sorted(set(items)))


def replace_at(items: tuple, index: int, value: Any) -> tuple:
    """A copy of the tuple ``items`` with its position ``index`` (one it has) set to ``value``: through one list,
    two new objects where ``(*items[:index], value, *items[index + 1:])`` makes five (the games change a seat or a
    hero at nearly every step)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


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
