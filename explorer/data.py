"""Loading data files (TOML) with validation: a bad file names the file, entry and field; nothing half-loads.

A schema is a dict of field name → :class:`Field`. ``load_table`` returns every entry validated, or
raises :class:`DataError` before anything is returned.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DataError

_MISSING = object()

CONTENT_ENV = "RULES_EXPLORER_CONTENT"


def content_path(game_id: str, folder: Path, filename: str) -> Path:
    """The content file a game loads: your own copy at ``$RULES_EXPLORER_CONTENT/<game_id>/<filename>``
    when it exists, else the sample shipped in the game's folder. Read when the game is first imported."""
    own = os.environ.get(CONTENT_ENV)
    if own:
        candidate = Path(own) / game_id / filename
        if candidate.exists():
            return candidate
    return Path(folder) / filename


@dataclass(frozen=True)
class Field:
    """One field of an entry: its type(s), whether it must be there, its default, an extra check.

    ``check`` returns None when the value is fine, else a sentence saying what is wrong.
    """

    types: type | tuple[type, ...]
    required: bool = True
    default: Any = None
    check: Callable[[Any], str | None] | None = None
    choices: tuple | None = None


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file, naming the file on a syntax error."""
    path = Path(path)
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(str(path), None, None, "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(str(path), None, None, f"not valid TOML: {exc}") from None


def validate_entry(file: str, entry_name: str, raw: Any, schema: Mapping[str, Field]) -> dict[str, Any]:
    """One entry checked against its schema; unknown fields are errors too (typos must not pass)."""
    if not isinstance(raw, dict):
        raise DataError(file, entry_name, None, f"expected a table, got {type(raw).__name__}")
    unknown = sorted(set(raw) - set(schema))
    if unknown:
        raise DataError(file, entry_name, unknown[0], f"unknown field (known: {', '.join(schema)})")
    out: dict[str, Any] = {}
    for name, spec in schema.items():
        value = raw.get(name, _MISSING)
        if value is _MISSING:
            if spec.required:
                raise DataError(file, entry_name, name, "missing")
            out[name] = spec.default
            continue
        types = spec.types if isinstance(spec.types, tuple) else (spec.types,)
        if isinstance(value, bool) and bool not in types:
            raise DataError(file, entry_name, name, f"expected {_names(types)}, got a boolean")
        if not isinstance(value, types):
            raise DataError(file, entry_name, name, f"expected {_names(types)}, got {type(value).__name__}")
        if spec.choices is not None and value not in spec.choices:
            raise DataError(file, entry_name, name, f"{value!r} is not one of {list(spec.choices)}")
        if spec.check is not None:
            problem = spec.check(value)
            if problem:
                raise DataError(file, entry_name, name, problem)
        out[name] = value
    return out


def load_table(path: str | Path, table: str, schema: Mapping[str, Field], key: str = "id",
               doc: dict[str, Any] | None = None) -> tuple[dict[str, Any], ...]:
    """Every entry of the array of tables ``[[table]]`` in ``path``, validated; ids must be unique."""
    path = Path(path)
    doc = read_toml(path) if doc is None else doc
    raw_entries = doc.get(table)
    if raw_entries is None:
        raise DataError(str(path), None, table, "missing table")
    if not isinstance(raw_entries, list):
        raise DataError(str(path), None, table, "expected an array of tables [[...]]")
    seen: set[Any] = set()
    out = []
    for i, raw in enumerate(raw_entries):
        name = raw.get(key, f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
        entry = validate_entry(str(path), str(name), raw, schema)
        if key in schema:
            if entry[key] in seen:
                raise DataError(str(path), str(name), key, "duplicate id")
            seen.add(entry[key])
        out.append(entry)
    return tuple(out)


def non_negative(value: Any) -> str | None:
    return None if value >= 0 else "must be 0 or more"


def positive(value: Any) -> str | None:
    return None if value > 0 else "must be more than 0"


def non_empty(value: Any) -> str | None:
    return None if len(value) > 0 else "must not be empty"


def _names(types: tuple[type, ...]) -> str:
    return " or ".join(t.__name__ for t in types)
