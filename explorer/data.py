"""Loading data files (TOML) with validation: a bad file names the file, entry and field; nothing half-loads.

A schema is a dict of field name → :class:`Field`. ``load_table`` returns every entry validated, or
raises :class:`DataError` before anything is returned.
"""

from __future__ import annotations

import os
import stat
import tomllib
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ContentWarning, DataError

_MISSING = object()

CONTENT_ENV = "RULES_EXPLORER_CONTENT"
MAX_COPIES = 1000  # copies of one card in a deck: more is no printed deck (and a huge count overflows a draw)
MAX_AMOUNT = 1_000_000  # amounts, costs, HP: far above any rule's number (永恒之息's 114514 life fits)
MAX_FILE_BYTES = 4 * 1024 * 1024  # a card or hero file is a few KiB; anything bigger is not one
GAMES = Path(__file__).parent / "games"
_REPORTED: set[str] = set()


def content_path(game_id: str, folder: Path, filename: str) -> Path:
    """The content file a game loads: your own copy at ``$RULES_EXPLORER_CONTENT/<game_id>/<filename>``
    when it exists, else the sample shipped in the game's folder. Read when the game is first imported.
    A name in your folder that no game reads (a typo) is reported with a ContentWarning."""
    own = os.environ.get(CONTENT_ENV)
    if own:
        unmatched_names(Path(own), game_id, Path(folder))
        candidate = Path(own) / game_id / filename
        if candidate.exists() or candidate.is_symlink():
            return candidate
    return Path(folder) / filename


def unmatched_names(own: Path, game_id: str, folder: Path) -> None:
    """Warn (once each) about a content folder that is missing, a sub-folder that is no game's id, and a
    file in ``<own>/<game_id>/`` that is none of the game's content files: they would silently not be read."""
    games = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())
    known = sorted(p.name for p in folder.glob("*.sample.toml"))
    if not own.is_dir():
        _report(str(own), f"{CONTENT_ENV}={own} is not a folder: the sample content is used "
                          f"(内容文件夹不存在，使用示例内容)")
        return
    for entry in sorted(own.iterdir()):
        if entry.name not in games and not entry.name.startswith("."):
            _report(str(entry), f"{entry} is not a game's folder (games: {', '.join(games)}); it is not read "
                                f"(不是任何游戏的文件夹，未读取)")
    mine = own / game_id
    if mine.is_dir():
        for entry in sorted(mine.iterdir()):
            if entry.name not in known and not entry.name.startswith("."):
                _report(str(entry), f"{entry} is none of {game_id}'s content files ({', '.join(known)}); it is "
                                    f"not read (不是该游戏的内容文件，未读取)")


def _report(key: str, message: str) -> None:
    if key not in _REPORTED:
        _REPORTED.add(key)
        warnings.warn(message, ContentWarning, stacklevel=3)


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
    """Parse a TOML file, naming the file on any error: only a regular file of at most MAX_FILE_BYTES
    is read (never a FIFO, a device, a folder), as UTF-8; OS and encoding errors become DataError."""
    path = Path(path)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise DataError(str(path), None, None, "not a regular file (a folder, device or pipe is never read; "
                                                   "不是普通文件)")
        if info.st_size > MAX_FILE_BYTES:
            raise DataError(str(path), None, None, f"{info.st_size} bytes: larger than the {MAX_FILE_BYTES} a "
                                                   "content file may have (文件过大)")
        with path.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise DataError(str(path), None, None, f"larger than the {MAX_FILE_BYTES} bytes a content file may have")
        return tomllib.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise DataError(str(path), None, None, "file not found (文件不存在)") from None
    except UnicodeDecodeError as exc:
        raise DataError(str(path), None, None, f"not UTF-8 text (不是 UTF-8 文本): {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(str(path), None, None, f"not valid TOML: {exc}") from None
    except RecursionError:
        raise DataError(str(path), None, None, "nested too deeply (嵌套过深)") from None
    except OSError as exc:
        raise DataError(str(path), None, None, f"cannot be read: {exc.strerror or exc}") from None


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
    return None if len(value) > 0 and (not isinstance(value, str) or value.strip()) else "must not be empty"


def between(low: int, high: int, why: str = "") -> Callable[[Any], str | None]:
    """A check that a number lies in ``low..high`` (what the rules allow; ``why`` says which rule)."""
    def check(value: Any) -> str | None:
        if low <= value <= high:
            return None
        return f"must be between {low} and {high}" + (f" ({why})" if why else "")
    return check


def _names(types: tuple[type, ...]) -> str:
    return " or ".join(t.__name__ for t in types)
