"""The two registers of each game: the clauses the seed states, and the assumptions where it is silent.

``rules.toml`` holds ``[[clause]]`` entries, ``assumptions.toml`` holds ``[[assumption]]`` entries,
both in the game's folder. An assumption with a ``switch`` becomes a ``variant`` option.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .data import Field, between, load_table, non_empty, read_toml
from .errors import DataError

CLAUSE_SCHEMA = {
    "id": Field(str, check=non_empty),
    "section": Field(str, check=non_empty),
    "zh": Field(str, check=non_empty),
    "en": Field(str, check=non_empty),
    "status": Field(str, required=False, default="modelled", choices=("modelled", "not modelled")),
    "reason": Field(str, required=False, default=""),
    "reason_zh": Field(str, required=False, default=""),
    "seed": Field(str, required=False, default=""),
}

ASSUMPTION_SCHEMA = {
    "id": Field(str, check=non_empty),
    "seed_ref": Field(str, check=non_empty),
    "question_en": Field(str, check=non_empty),
    "question_zh": Field(str, check=non_empty),
    "default": Field(str, check=non_empty),
    "default_zh": Field(str, required=False, default=""),
    "alternatives": Field(list),
    "alternatives_zh": Field(list, required=False, default=[]),
    "why": Field(str, check=non_empty),
    "why_zh": Field(str, required=False, default=""),
    "switch": Field(str, required=False, default=None),
    "values": Field(list, required=False, default=None),
    "default_value": Field((str, int, bool, float), required=False, default=None),
    "clauses": Field(list, required=False, default=[]),
    # a switch's short names for a menu: of the question, and of each value (parallel to ``values``)
    "label_en": Field(str, required=False, default="", check=non_empty),
    "label_zh": Field(str, required=False, default="", check=non_empty),
    "value_labels_en": Field(list, required=False, default=[]),
    "value_labels_zh": Field(list, required=False, default=[]),
    # the smallest table at which the switch can change play (0: any table the game allows)
    "players_from": Field(int, required=False, default=0, check=between(0, 99)),
}
LABELS = ("label_en", "label_zh", "value_labels_en", "value_labels_zh")


@dataclass(frozen=True)
class Clause:
    """A rule the seed states: id, seed section, our statement in Chinese and English."""

    id: str
    section: str
    zh: str
    en: str
    status: str = "modelled"
    reason: str = ""
    seed: str = ""
    reason_zh: str = ""  # the reason in 中文 (the Rules tab in 中文 shows it)

    @property
    def modelled(self) -> bool:
        return self.status == "modelled"

    def text(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en

    def why_not(self, lang: str = "en") -> str:
        """Why a clause is not modelled, in ``lang`` (the English reason when no 中文 one is written)."""
        return self.reason_zh or self.reason if lang == "zh" else self.reason


@dataclass(frozen=True)
class Assumption:
    """A place the seed is silent or ambiguous: the question, our default, the alternatives and why."""

    id: str
    seed_ref: str
    question_en: str
    question_zh: str
    default: str
    alternatives: tuple[str, ...]
    why: str
    switch: str | None = None
    values: tuple[Any, ...] | None = None
    default_value: Any = None
    clauses: tuple[str, ...] = ()
    default_zh: str = ""  # the 中文 of default, alternatives and why (the Rules tab in 中文 shows them)
    alternatives_zh: tuple[str, ...] = ()
    why_zh: str = ""
    label_en: str = ""  # a switch's short name in a menu, and one per value (the comparison of readings shows them)
    label_zh: str = ""
    value_labels_en: tuple[str, ...] = ()
    value_labels_zh: tuple[str, ...] = ()
    players_from: int = 0  # a switch that can change play only at tables of at least this many players (0: any)

    def question(self, lang: str = "en") -> str:
        return self.question_zh if lang == "zh" else self.question_en

    def our_default(self, lang: str = "en") -> str:
        """Our default in ``lang`` (the English one when no 中文 is written, e.g. in a user's own register)."""
        return self.default_zh or self.default if lang == "zh" else self.default

    def other_readings(self, lang: str = "en") -> tuple[str, ...]:
        return self.alternatives_zh or self.alternatives if lang == "zh" else self.alternatives

    def reason(self, lang: str = "en") -> str:
        return self.why_zh or self.why if lang == "zh" else self.why

    def label(self, lang: str = "en") -> str:
        """The switch's short name in ``lang`` (the English one when no 中文 is written, else the switch's name)."""
        text = self.label_zh or self.label_en if lang == "zh" else self.label_en
        return text or self.switch or self.id

    def value_label(self, value: Any, lang: str = "en") -> str:
        """What reading ``value`` (one of ``values``, of its own type) is, in ``lang``; else ``str(value)``."""
        i = next((i for i, v in enumerate(self.values or ()) if v.__class__ is value.__class__ and v == value), None)
        if i is None:
            return str(value)
        labels = self.value_labels_zh or self.value_labels_en if lang == "zh" else self.value_labels_en
        return labels[i] if labels else str(value)


@dataclass(frozen=True)
class Option:
    """A ``variant`` switch: its default, and either allowed values or an inclusive range."""

    name: str
    default: Any
    values: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    source: str = ""  # the clause or assumption id that defines it

    def check(self, value: Any) -> str | None:
        """None when ``value`` is allowed, else why not. The type must be the switch's own: 30.0 is not
        the whole number 30 and true is not 1 (they pass ``==`` but break a game later)."""
        if self.values is not None:
            if not any(value.__class__ is v.__class__ and value == v for v in self.values):
                return f"{value!r} ({type(value).__name__}) is not one of {list(self.values)}"
            return None
        if self.default.__class__ is int and value.__class__ is not int:
            return f"expected a whole number (int), got {type(value).__name__} {value!r}"
        if value.__class__ not in (int, float) or (value.__class__ is float and not math.isfinite(value)):
            return f"expected a number, got {type(value).__name__} {value!r}"
        if self.minimum is not None and value < self.minimum:
            return f"{value!r} is below the minimum {self.minimum}"
        if self.maximum is not None and value > self.maximum:
            return f"{value!r} is above the maximum {self.maximum}"
        return None


def load_clauses(path: Path) -> tuple[Clause, ...]:
    entries = load_table(path, "clause", CLAUSE_SCHEMA)
    for e in entries:
        if e["status"] == "not modelled" and not e["reason"].strip():
            raise DataError(str(path), e["id"], "reason", "a clause not modelled needs a reason")
    return tuple(Clause(**e) for e in entries)


def load_assumptions(path: Path) -> tuple[Assumption, ...]:
    doc = read_toml(path)
    entries = load_table(path, "assumption", ASSUMPTION_SCHEMA, doc=doc)
    out = []
    for e in entries:
        if e["switch"] is not None:
            if not e["values"] or len(e["values"]) < 2:
                raise DataError(str(path), e["id"], "values", "a switch needs at least two values")
            if e["default_value"] not in e["values"]:
                raise DataError(str(path), e["id"], "default_value", "must be one of values")
        _check_labels(path, e)
        if e["players_from"] and e["switch"] is None:
            raise DataError(str(path), e["id"], "players_from", "names the tables where a switch acts: this entry has "
                            "no switch")
        if len(e["alternatives"]) < 1:
            raise DataError(str(path), e["id"], "alternatives", "name at least one alternative")
        if e["alternatives_zh"] and len(e["alternatives_zh"]) != len(e["alternatives"]):
            raise DataError(str(path), e["id"], "alternatives_zh", "one 中文 text per alternative, in the same order")
        if not all(isinstance(x, str) and x.strip() for x in e["alternatives_zh"]):
            raise DataError(str(path), e["id"], "alternatives_zh", "each must be a non-empty string")
        out.append(Assumption(**{**e, "alternatives": tuple(e["alternatives"]),
                                 "alternatives_zh": tuple(e["alternatives_zh"]),
                                 "values": tuple(e["values"]) if e["values"] else None,
                                 "clauses": tuple(e["clauses"]),
                                 "value_labels_en": tuple(e["value_labels_en"]),
                                 "value_labels_zh": tuple(e["value_labels_zh"])}))
    return tuple(out)


def _check_labels(path: Path, e: dict[str, Any]) -> None:
    """A switch's labels: only on a switch; one non-empty text per value, in the same order."""
    given = [name for name in LABELS if e[name]]
    if given and e["switch"] is None:
        raise DataError(str(path), e["id"], given[0], "labels name a switch and its values: this entry has no switch")
    for name in ("value_labels_en", "value_labels_zh"):
        if e[name] and len(e[name]) != len(e["values"]):
            raise DataError(str(path), e["id"], name,
                            f"one text per value ({len(e['values'])}: {list(e['values'])}), in the same order")
        if not all(isinstance(x, str) and x.strip() for x in e[name]):
            raise DataError(str(path), e["id"], name, "each must be a non-empty string")


def switch_options(assumptions: tuple[Assumption, ...]) -> dict[str, Option]:
    return {a.switch: Option(a.switch, a.default_value, values=a.values, source=a.id)
            for a in assumptions if a.switch}
