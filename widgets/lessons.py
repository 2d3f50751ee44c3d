"""Lessons as data: scripted engine actions the GuidedTour replays and the tutorials reuse.

A script is a list of steps ``[kind, {params}]``. The player of a step is never written down: it is
whoever must act at that moment (``state.current_player``, or CHANCE for a die, a draw or a reveal),
so a script can only say *what* happens and the engine decides whether it is legal. Loaded dice are
just chance steps: ``["roll", {die = 6}]``, ``["draw", {card = "atk_slash"}]``.

``lessons.toml`` (in the game's folder) holds ``[[script]]`` preludes and ``[[lesson]]`` entries. It is
validated on load with :mod:`explorer.data` and every lesson is replayed through the engine, so a bad
file raises ``DataError(file, entry, field)`` and nothing is half-loaded.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import explorer
from explorer import CHANCE, DataError, IllegalAction, State, act
from explorer.data import Field, load_table, non_empty, read_toml

STARTS = ("new", "scenario")

SCRIPT_SCHEMA = {
    "id": Field(str, check=non_empty),
    "players": Field(int, check=lambda v: None if 2 <= v <= 6 else "must be 2 to 6"),
    "variant": Field(dict, required=False, default={}),
    "start": Field(str, required=False, default="new", choices=STARTS),
    "scenario": Field(str, required=False, default=""),  # a name from the game's scenarios(), checked on load
    "args": Field(dict, required=False, default={}),
    "steps": Field(list, required=False, default=[]),
}
LESSON_SCHEMA = {
    "id": Field(str, check=non_empty),
    "title_en": Field(str, check=non_empty),
    "title_zh": Field(str, check=non_empty),
    "text_en": Field(str, check=non_empty),
    "text_zh": Field(str, check=non_empty),
    "clauses": Field(list, check=non_empty),
    "prelude": Field(str, check=non_empty),
    "steps": Field(list, check=non_empty),
    "notebook": Field(str, required=False, default=""),
    # whose view the tour's board shows: a seat (default 0), or -1 for a teacher's view of everything (labelled)
    "viewer": Field(int, required=False, default=0),
}


# --- stepping ------------------------------------------------------------------------------------
def step(state: State, kind: str, **params: Any) -> State:
    """Take the action ``kind(params)`` of whoever must act now (a player, or chance); illegal → IllegalAction."""
    return state.apply(act(state.game_id, kind, state.current_player, **params))


def run(state: State, steps: Iterable[Sequence]) -> State:
    """Take every step ``(kind, {params})`` in order and return the last state."""
    for kind, params in steps:
        state = step(state, kind, **params)
    return state


def states(state: State, steps: Iterable[Sequence]) -> list[State]:
    """The state after each step (the start not included)."""
    out = []
    for kind, params in steps:
        state = step(state, kind, **params)
        out.append(state)
    return out


# --- lessons as data -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Script:
    """A prelude: how to reach the lesson's first state (a new game or a scenario, then steps)."""

    id: str
    players: int
    variant: dict
    start: str
    scenario: str
    args: dict
    steps: tuple

    def initial(self, game_id: str) -> State:
        if self.start == "scenario":
            return scenario_builder(game_id, self.scenario)(players=self.players, variant=self.variant, **self.args)
        return explorer.new_game(game_id, self.players, self.variant)


def scenarios_module(game_id: str):
    """The game's ``scenarios.py`` module, or None when the game has none."""
    package = type(explorer.get_game(game_id)).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(f"{package}.scenarios")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.scenarios":
            raise
        return None


def scenario_builder(game_id: str, name: str):
    """The builder of the game's scenario ``name``: the function of that name in the game's ``scenarios.py``,
    called with ``players``, ``variant`` and the lesson's ``args``. Only names the game lists in
    ``scenarios()`` are reachable (a lesson file never names an arbitrary function)."""
    game = explorer.get_game(game_id)
    if name not in game.scenarios():
        raise ValueError(f"{game_id} has no scenario {name!r}; it has: {', '.join(game.scenarios()) or 'none'}")
    return getattr(scenarios_module(game_id), name)


@dataclass(frozen=True)
class Lesson:
    """One lesson: title and text in both languages, the clauses it teaches, its prelude and its steps."""

    id: str
    title_en: str
    title_zh: str
    text_en: str
    text_zh: str
    clauses: tuple[str, ...]
    prelude: Script
    steps: tuple
    notebook: str = ""
    viewer: int = 0

    def title(self, lang: str) -> str:
        return self.title_zh if lang == "zh" else self.title_en

    def text(self, lang: str) -> str:
        return self.text_zh if lang == "zh" else self.text_en

    def start(self, game_id: str) -> State:
        """The state the learner sees first: the prelude replayed silently."""
        return run(self.prelude.initial(game_id), self.prelude.steps)

    def replay(self, game_id: str) -> list[State]:
        """The start, then the state after each scripted step."""
        first = self.start(game_id)
        return [first, *states(first, self.steps)]


def setup_steps(*args, **kwargs) -> list[tuple]:
    """永恒之息's whole §1.1 setup as steps: ``setup_steps`` of ``explorer/games/eternal_breath/scenarios.py`` (the
    tutorials import it from here). Imported when called, so a 永恒之息 content file that does not load never
    stops the other games' lessons."""
    from explorer.games.eternal_breath.scenarios import setup_steps as eternal_breath_setup

    return eternal_breath_setup(*args, **kwargs)


def tutorial_setup() -> list[tuple]:
    """The two-player table the 永恒之息 tutorials share (notebooks 1, 2, 4 and 5): Lingxi 灵犀 and Tiebi 铁壁 as
    self characters, Yanlong 炎龙 the special card nobody takes, and these summons and starting hands."""
    return setup_steps(
        self_chars=["sp_lingxi", "sp_tiebi"],
        summons=[["n_swordsman", "n_healer"], ["n_guard", "n_monk"]],
        hands=[["atk_fireball", "trap_spikes", "eff_potion", "def_guard"],
               ["def_guard", "eff_dispel", "atk_slash", "eff_bomb"]],
        extra_special="sp_yanlong")


def _steps(file: str, entry: str, raw: list) -> tuple:
    """Each step is [kind, {params}] with a non-empty kind; params hold plain values only. TOML has no null:
    an empty table ``{}`` stands for None ("no target": ``["rescue", { target = {} }]``)."""
    out = []
    for i, item in enumerate(raw):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and item[0]
                and isinstance(item[1], dict)):
            raise DataError(file, entry, "steps", f"step {i + 1}: expected [kind, {{params}}], got {item!r}")
        params = {key: None if value == {} else value for key, value in item[1].items()}
        for key, value in params.items():
            if not (value is None or isinstance(value, str | int | list)) or isinstance(value, bool):
                raise DataError(file, entry, "steps", f"step {i + 1}: parameter {key!r} = {value!r} is not plain data")
        out.append((item[0], params))
    return tuple(out)


def _expand(file: str, game_id: str, entry: str, steps: tuple) -> tuple:
    """A step ``["setup", {...}]`` stands for the game's whole setup: the steps of ``setup_steps(**params)`` in the
    game's ``scenarios.py`` (永恒之息 §1.1, the MOBA's 抉择, 城堡之心's 备战)."""
    out = []
    for kind, params in steps:
        if kind == "setup":
            module = scenarios_module(game_id)
            if module is None or not hasattr(module, "setup_steps"):
                raise DataError(file, entry, "steps", f"setup: {game_id} has no setup_steps in its scenarios.py")
            try:
                out.extend(module.setup_steps(**params))
            except TypeError as exc:
                raise DataError(file, entry, "steps", f"setup: {exc}") from None
        else:
            out.append((kind, params))
    return tuple(out)


def _replay_or_fail(file: str, entry: str, field: str, state: State, steps: tuple) -> State:
    for i, (kind, params) in enumerate(steps):
        try:
            state = step(state, kind, **params)
        except IllegalAction as exc:
            raise DataError(file, entry, field, f"step {i + 1} ({kind}) is refused: {exc}") from None
        except (TypeError, KeyError, ValueError) as exc:
            raise DataError(file, entry, field, f"step {i + 1} ({kind}) cannot be taken: {exc}") from None
    return state


def load_lessons(path: str | Path, game_id: str) -> tuple[Lesson, ...]:
    """Every lesson of ``path``, validated and replayed through the engine (DataError on any fault)."""
    path = Path(path)
    file = str(path)
    doc = read_toml(path)
    scripts = {}
    for e in load_table(path, "script", SCRIPT_SCHEMA, doc=doc):
        if (e["start"] == "scenario") != bool(e["scenario"]):
            raise DataError(file, e["id"], "scenario", "name a scenario exactly when start = 'scenario'")
        if e["scenario"] and e["scenario"] not in explorer.get_game(game_id).scenarios():
            raise DataError(file, e["id"], "scenario", f"{game_id} has no scenario {e['scenario']!r}")
        sc = Script(e["id"], e["players"], dict(e["variant"]), e["start"], e["scenario"], dict(e["args"]),
                    _expand(file, game_id, e["id"], _steps(file, e["id"], e["steps"])))
        try:
            first = sc.initial(game_id)
        except (ValueError, TypeError) as exc:
            raise DataError(file, e["id"], "variant", str(exc)) from None
        _replay_or_fail(file, e["id"], "steps", first, sc.steps)
        scripts[sc.id] = sc
    known = {c.id for c in explorer.rules(game_id)}
    lessons = []
    for e in load_table(path, "lesson", LESSON_SCHEMA, doc=doc):
        if not -1 <= e["viewer"] < (scripts[e["prelude"]].players if e["prelude"] in scripts else 2):
            raise DataError(file, e["id"], "viewer", "a seat of the table, or -1 for the teacher's view")
        bad = [c for c in e["clauses"] if c not in known]
        if bad:
            raise DataError(file, e["id"], "clauses", f"not in the clause register: {bad}")
        if e["prelude"] not in scripts:
            raise DataError(file, e["id"], "prelude", f"no [[script]] with id {e['prelude']!r}")
        lesson = Lesson(e["id"], e["title_en"], e["title_zh"], e["text_en"], e["text_zh"], tuple(e["clauses"]),
                        scripts[e["prelude"]], _expand(file, game_id, e["id"], _steps(file, e["id"], e["steps"])),
                        e["notebook"], e["viewer"])
        _replay_or_fail(file, e["id"], "steps", lesson.start(game_id), lesson.steps)
        lessons.append(lesson)
    return tuple(lessons)


def lessons_file(game_id: str) -> Path | None:
    """The game's ``lessons.toml``, if it has one."""
    game = explorer.get_game(game_id)
    if game.folder is None:
        return None
    path = Path(game.folder) / "lessons.toml"
    return path if path.exists() else None


@lru_cache(maxsize=8)
def lessons_of(game_id: str) -> tuple[Lesson, ...]:
    """The lessons of a registered game (none when it has no ``lessons.toml``), loaded once."""
    path = lessons_file(game_id)
    return load_lessons(path, game_id) if path is not None else ()


# --- for the tutorials: the registers as tables, and which clauses a story touched ------------------
def clause_markdown(game_id: str, ids: Iterable[str]) -> str:
    """A Markdown table of clauses (id, seed section, 中文, English, status) from the register itself."""
    index = explorer.get_game(game_id).clause_index
    rows = ["| clause | seed section | 中文 | English |", "|---|---|---|---|"]
    for cid in ids:
        c = index[cid]
        note = "" if c.modelled else f" *(not modelled: {c.reason})*"
        cells = [f"`{c.id}`", c.section, c.zh, c.en + note]
        rows.append("| " + " | ".join(x.replace("|", "\\|").replace("~", "\\~") for x in cells) + " |")
    return "\n".join(rows)


def _plain(text: str) -> str:
    """A register's text as Markdown shows it as written: "60~inf" is no strikethrough and "10**12" no bold
    (outside `code`, which Markdown already shows as written)."""
    parts = text.split("`")
    return "`".join(p if i % 2 else re.sub(r"([~*_])", r"\\\1", p) for i, p in enumerate(parts))


def assumption_markdown(game_id: str, ids: Iterable[str]) -> str:
    """A Markdown list of assumptions: the question, our default, the alternatives and the switch."""
    index = {a.id: a for a in explorer.assumptions(game_id)}
    out = []
    for aid in ids:
        a = index[aid]
        switch = f" Switch: `{a.switch}` ∈ {list(a.values)} (default `{a.default_value!r}`)." if a.switch else ""
        out.append(f"- **{a.id}** ({_plain(a.seed_ref)}) {_plain(a.question_en)} / {_plain(a.question_zh)}  \n"
                   f"  Default: {_plain(a.default)} Alternatives: {_plain('; '.join(a.alternatives))}.{switch}")
    return "\n".join(out)


def clauses_seen(*states_: State) -> set[str]:
    """Every clause id cited by an event in the logs of ``states_``."""
    return {e.clause for s in states_ for e in s.log}


def what_if(state: State, data: Any) -> State:
    """A hand-built position: ``state``'s game, players and variant with other game data (no history kept).

    For situations a story does not reach (a character turned face down again, a full trap zone); the
    engine checks every action taken from it as usual.
    """
    return State(state.game, state.players, state.variant, data)


__all__ = ["CHANCE", "Lesson", "Script", "assumption_markdown", "clause_markdown", "clauses_seen", "lessons_of",
           "load_lessons", "run", "setup_steps", "states", "step", "what_if"]
