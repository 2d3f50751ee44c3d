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
from explorer import CHANCE, TERMINAL, DataError, Event, IllegalAction, State, act
from explorer.data import Field, load_table, non_empty, read_toml, validate_entry

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
    # "what happens next?" questions asked before a step is played: [[lesson.predict]] tables (see PREDICT_SCHEMA)
    "predict": Field(list, required=False, default=[]),
}
# A prediction: asked before step `step` (1 = the lesson's first step) is played, answered by playing it.
PREDICT_SCHEMA = {
    "step": Field(int, check=lambda v: None if v >= 1 else "a step number, 1 or more"),
    "question_en": Field(str, check=non_empty),
    "question_zh": Field(str, check=non_empty),
    "clause": Field(str, check=non_empty),  # the clause that decides it (a register id)
    "answer": Field(int, check=lambda v: None if v >= 1 else "a choice number, 1 or more"),  # the author's mark
    "choices": Field(list, check=lambda v: None if 2 <= len(v) <= 4 else f"2 to 4 choices, got {len(v)}"),
}
CHOICE_SCHEMA = {
    "en": Field(str, check=non_empty),
    "zh": Field(str, check=non_empty),
    "when": Field(dict, check=non_empty),  # the predicate on the played step that makes this choice true
}
# `when` is a small predicate, every key of it must hold (AND); it reads only the engine's output of the step:
#   event    = kind      some event of the step has this kind and (if given) the `numbers`, `outcome`, `actor`,
#   numbers  = {...}     `target` (its first target) below: all on that same event
#   outcome  = "took effect" | "cancelled";  actor = seat;  target = seat
#   absent   = [kinds]   no event of the step has any of these kinds
#   next     = seat | "chance" | "end"   who must act once the step is played
WHEN_SCHEMA = {
    "event": Field(str, required=False, default=""),
    "numbers": Field(dict, required=False, default={}),
    "outcome": Field(str, required=False, default="", choices=("", "took effect", "cancelled")),
    "actor": Field(int, required=False, default=None),
    "target": Field(int, required=False, default=None),
    "absent": Field(list, required=False, default=[]),
    "next": Field((int, str), required=False, default=None),
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


def _frozen(value: Any) -> Any:
    """TOML arrays as tuples, so [1, 2] in a lesson file equals the engine's (1, 2)."""
    return tuple(_frozen(x) for x in value) if isinstance(value, list | tuple) else value


@dataclass(frozen=True)
class When:
    """A predicate on one played step: every given part must hold (see WHEN_SCHEMA)."""

    event: str = ""
    numbers: tuple[tuple[str, Any], ...] = ()
    outcome: str = ""
    actor: int | None = None
    target: int | None = None
    absent: tuple[str, ...] = ()
    next: int | str | None = None

    def matches(self, e: Event) -> bool:
        """``e`` is an event this predicate asks for (its kind, numbers, outcome, actor, first target)."""
        return (e.kind == self.event
                and all(_frozen(e.number(k, _NO_NUMBER)) == v for k, v in self.numbers)
                and (not self.outcome or e.outcome == self.outcome)
                and (self.actor is None or e.actor == self.actor)
                and (self.target is None or (bool(e.targets) and e.targets[0] == self.target)))

    def holds(self, after: State) -> bool:
        """True when the step that led to ``after`` did what this predicate says (``after.events``)."""
        events = after.events
        if self.event and not any(self.matches(e) for e in events):
            return False
        if any(e.kind in self.absent for e in events):
            return False
        if self.next is not None:
            now = after.current_player
            want = {"chance": CHANCE, "end": TERMINAL}.get(self.next, self.next)
            if now != want:
                return False
        return True

    def evidence(self, after: State) -> tuple[Event, ...]:
        """The events of the step this predicate names (none for an ``absent`` / ``next`` predicate)."""
        return tuple(e for e in after.events if self.event and self.matches(e))


_NO_NUMBER = object()


@dataclass(frozen=True)
class Choice:
    """One possible answer, in both languages, with the predicate that makes it the right one."""

    en: str
    zh: str
    when: When

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class Predict:
    """"What happens next?": asked before step ``step`` (1-based) is played; 2–4 choices. The right choice is
    the one whose predicate the engine makes true when the step is played (:meth:`right`); ``answer`` is the
    author's mark (1-based), checked against the engine when the file is loaded."""

    step: int
    question_en: str
    question_zh: str
    clause: str
    answer: int
    choices: tuple[Choice, ...]

    def question(self, lang: str) -> str:
        return self.question_zh if lang == "zh" else self.question_en

    def truths(self, after: State) -> tuple[bool, ...]:
        """For each choice, whether the played step (the state ``after`` it) makes it true."""
        return tuple(c.when.holds(after) for c in self.choices)

    def right(self, after: State) -> int:
        """The index (0-based) of the one choice the engine makes true; ValueError unless exactly one is."""
        true = [i for i, t in enumerate(self.truths(after)) if t]
        if len(true) != 1:
            raise ValueError(f"step {self.step}: choices {[i + 1 for i in true]} are true; exactly one must be")
        return true[0]


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
    predicts: tuple[Predict, ...] = ()

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

    def predict_at(self, step_number: int) -> Predict | None:
        """The question asked before step ``step_number`` (1 = the first step) is played, if any."""
        return next((p for p in self.predicts if p.step == step_number), None)


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


def _checked(file: str, entry: str, where: str, raw: Any, schema: dict) -> dict:
    """``validate_entry`` for a table inside a lesson: the error names the lesson and the field's whole path."""
    try:
        return validate_entry(file, entry, raw, schema)
    except DataError as err:
        raise DataError(file, entry, f"{where}.{err.field}" if err.field else where, err.reason) from None


def _predicts(file: str, entry: str, raw: list, n_steps: int, known: set[str]) -> tuple[Predict, ...]:
    """The lesson's ``[[lesson.predict]]`` tables, checked field by field (the engine check comes later)."""
    out: list[Predict] = []
    for i, item in enumerate(raw):
        where = f"predict[{i + 1}]"
        e = _checked(file, entry, where, item, PREDICT_SCHEMA)
        if e["step"] > n_steps:
            raise DataError(file, entry, f"{where}.step", f"the lesson has {n_steps} steps, not {e['step']}")
        if any(p.step == e["step"] for p in out):
            raise DataError(file, entry, f"{where}.step", f"a second question before step {e['step']}")
        if e["clause"] not in known:
            raise DataError(file, entry, f"{where}.clause", f"not in the clause register: {e['clause']!r}")
        if e["answer"] > len(e["choices"]):
            raise DataError(file, entry, f"{where}.answer", f"choice {e['answer']} of {len(e['choices'])}")
        choices = []
        for j, c in enumerate(e["choices"]):
            cw = f"{where}.choices[{j + 1}]"
            c = _checked(file, entry, cw, c, CHOICE_SCHEMA)
            w = _checked(file, entry, f"{cw}.when", c["when"], WHEN_SCHEMA)
            if (w["numbers"] or w["outcome"] or w["actor"] is not None or w["target"] is not None) and not w["event"]:
                raise DataError(file, entry, f"{cw}.when.event",
                                "numbers, outcome, actor and target describe an event: name its kind")
            if not all(isinstance(k, str) and k for k in w["absent"]):
                raise DataError(file, entry, f"{cw}.when.absent", "a list of event kinds")
            if isinstance(w["next"], str) and w["next"] not in ("chance", "end"):
                raise DataError(file, entry, f"{cw}.when.next", "a seat, \"chance\" or \"end\"")
            choices.append(Choice(c["en"], c["zh"], When(
                w["event"], tuple(sorted((k, _frozen(v)) for k, v in w["numbers"].items())), w["outcome"], w["actor"],
                w["target"], tuple(w["absent"]), w["next"])))
        out.append(Predict(e["step"], e["question_en"], e["question_zh"], e["clause"], e["answer"], tuple(choices)))
    return tuple(out)


def _check_predicts(file: str, lesson: Lesson, replayed: list[State]) -> None:
    """Every prediction is decided by the engine: playing its step makes exactly one choice true, the marked one,
    and that choice never rests on an event the lesson's viewer may not see (the answer must not leak)."""
    for i, p in enumerate(lesson.predicts):
        where = f"predict[{i + 1}]"
        after = replayed[p.step]
        truths = p.truths(after)
        true = [j + 1 for j, t in enumerate(truths) if t]
        if true != [p.answer]:
            raise DataError(file, lesson.id, f"{where}.answer",
                            f"playing step {p.step} makes choice(s) {true or 'none'} true, not only choice {p.answer}")
        who = None if lesson.viewer < 0 else lesson.viewer
        if any(not e.visible_to(who) for e in p.choices[p.answer - 1].when.evidence(after)):
            raise DataError(file, lesson.id, f"{where}.choices[{p.answer}].when",
                            f"rests on an event hidden from the lesson's viewer (seat {lesson.viewer})")


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
        steps = _expand(file, game_id, e["id"], _steps(file, e["id"], e["steps"]))
        lesson = Lesson(e["id"], e["title_en"], e["title_zh"], e["text_en"], e["text_zh"], tuple(e["clauses"]),
                        scripts[e["prelude"]], steps, e["notebook"], e["viewer"],
                        _predicts(file, e["id"], e["predict"], len(steps), known))
        first = lesson.start(game_id)
        _replay_or_fail(file, e["id"], "steps", first, lesson.steps)
        if lesson.predicts:
            _check_predicts(file, lesson, [first, *states(first, lesson.steps)])
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


__all__ = ["CHANCE", "Choice", "Lesson", "Predict", "Script", "When", "assumption_markdown", "clause_markdown",
           "clauses_seen", "lessons_of", "load_lessons", "run", "states", "step", "what_if"]
