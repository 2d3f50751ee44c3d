"""Exercise: a question in English and 中文, an answer box, a Check button, feedback and ``solved``.

The expected answer stays in Python (it is never synced to the page) and is never written in the notebook:
``answer`` is a function that asks the engine or the odds, called when the exercise is made (a broken one
fails the notebook under nbval) and again at every Check. What the person types is validated before it is
compared: a whole number, an exact fraction like ``5/12``, one of the offered choices, or a short text.

``clause`` names the rule the question is about (a clause or an assumption id of ``game``'s registers, checked
when the exercise is made); every verdict names it with the register's words, so a wrong answer says which rule to
read again and a right one says why it is right (``why_en`` / ``why_zh``, shown only once solved).
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any

import ipywidgets as ipw
import traitlets

import explorer
from widgets.i18n import check_lang

KINDS = ("int", "fraction", "choice", "text")
MAX_INPUT = 40
_INT = re.compile(r"^[+-]?\d{1,9}$")
_FRACTION = re.compile(r"^[+-]?\d{1,9}(\s*/\s*\d{1,9})?$")

TEXT = {
    "check": {"en": "Check", "zh": "检查"},
    "answer": {"en": "Your answer", "zh": "你的答案"},
    "right": {"en": "✔ Correct.", "zh": "✔ 正确。"},
    "wrong": {"en": "✘ Not yet: try again.", "zh": "✘ 还不对，再试一次。"},
    "empty": {"en": "Type an answer first.", "zh": "请先输入答案。"},
    "too_long": {"en": "That answer is too long.", "zh": "答案过长。"},
    "not_int": {"en": "Please type a whole number, like 7.", "zh": "请输入整数，例如 7。"},
    "not_fraction": {"en": "Please type an exact fraction, like 5/12 (or a whole number).",
                     "zh": "请输入精确分数，例如 5/12（或整数）。"},
    "zero_den": {"en": "A fraction cannot have 0 below the line.", "zh": "分母不能为 0。"},
    "not_choice": {"en": "Please pick one of the choices.", "zh": "请从选项中选择一个。"},
    "hint": {"en": "Hint: {hint}", "zh": "提示：{hint}"},
    "why": {"en": "Why: {why}", "zh": "原因：{why}"},
    "rule": {"en": "The rule, {clause}: {text}", "zh": "规则 {clause}：{text}"},
}


def rule_words(game: str, clause: str) -> dict[str, str]:
    """The register's words for ``clause`` (a clause or an assumption id of ``game``), in "en" and "zh".

    Raises ValueError when ``game`` has no such clause or assumption (a typo or a removed rule)."""
    for c in explorer.rules(game):
        if c.id == clause:
            return {"en": c.en, "zh": c.zh}
    for a in explorer.assumptions(game):
        if a.id == clause:
            return {"en": a.default, "zh": a.default_zh or a.default}
    raise ValueError(f"{clause!r} is neither a clause nor an assumption of {game!r}")


def parse_answer(text: Any, kind: str, choices: tuple = ()) -> tuple[Any, str]:
    """(value, "") when ``text`` is a valid answer of ``kind``, else (None, the TEXT key saying why)."""
    if not isinstance(text, str):
        return None, "empty"
    text = text.strip()
    if not text:
        return None, "empty"
    if len(text) > MAX_INPUT:
        return None, "too_long"
    if kind == "int":
        return (int(text), "") if _INT.match(text) else (None, "not_int")
    if kind == "fraction":
        if not _FRACTION.match(text):
            return None, "not_fraction"
        top, _, bottom = text.partition("/")
        if bottom and int(bottom) == 0:
            return None, "zero_den"
        return Fraction(int(top), int(bottom) if bottom else 1), ""
    if kind == "choice":
        return (text, "") if text in choices else (None, "not_choice")
    return text.casefold(), ""


class Exercise(ipw.VBox):
    """One question; ``solved`` turns True once the person's checked answer equals the expected one."""

    lang = traitlets.Unicode("en")
    value = traitlets.Unicode("")      # what the person typed (or picked)
    solved = traitlets.Bool(False)
    attempts = traitlets.Int(0)

    def __init__(self, question_en: str, question_zh: str, answer: Any, kind: str = "int", choices=(),
                 hint_en: str = "", hint_zh: str = "", lang: str = "en", game: str = "", clause: str = "",
                 why_en: str = "", why_zh: str = "", **kwargs):
        """``answer``: a function of no arguments returning the expected answer (asked again at every Check),
        or the answer itself; ``clause`` with ``game``: the rule the verdict names."""
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        self.kind = kind
        self.choices = tuple(str(c) for c in choices)
        self._answer = answer
        self._expected_answer()                     # a broken or invalid answer fails here, not at the first Check
        if clause and not game:
            raise ValueError("a clause needs its game")
        self.clause = clause
        self._rule = rule_words(game, clause) if clause else {"en": "", "zh": ""}
        self.question = {"en": question_en, "zh": question_zh}
        self.hint = {"en": hint_en, "zh": hint_zh or hint_en}
        self.why = {"en": why_en, "zh": why_zh or why_en}
        self._question = ipw.HTML()
        if kind == "choice":
            self._input = ipw.Dropdown(options=[("—", ""), *[(c, c) for c in self.choices]], value="")
        else:
            self._input = ipw.Text(continuous_update=True)
        self._input.add_class("re-exercise-input")
        self._check = ipw.Button(button_style="primary")
        self._check.add_class("re-exercise-check")
        self._feedback = ipw.HTML()
        self._feedback.add_class("re-exercise-feedback")
        self._feedback_key = ""
        super().__init__(children=[self._question, ipw.HBox([self._input, self._check]), self._feedback], **kwargs)
        self.add_class("re-exercise")
        self.lang = lang
        self._input.observe(self._on_input, "value")
        self._check.on_click(self._on_check)
        self._relabel()

    # --- validation ---------------------------------------------------------------------------
    @traitlets.validate("lang")
    def _valid_lang(self, proposal):
        """Only "en" and "zh"."""
        return check_lang(proposal["value"])

    @traitlets.validate("value")
    def _valid_value(self, proposal):
        """At most MAX_INPUT characters (longer input is cut, never evaluated)."""
        return str(proposal["value"])[: MAX_INPUT + 1]

    # --- handlers -----------------------------------------------------------------------------
    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when the language changes: relabel everything."""
        self._relabel()

    @traitlets.observe("value")
    def _on_value(self, change):
        """Fires when ``value`` is set from Python: show it in the input."""
        if self._input.value != change["new"] and (self.kind != "choice" or change["new"] in ("", *self.choices)):
            self._input.value = change["new"]

    def _on_input(self, change):
        """Fires when the person types or picks."""
        self.value = change["new"] if isinstance(change["new"], str) else ""

    def _on_check(self, _button=None):
        """Fires on a click of Check."""
        self.check()

    def _expected_answer(self) -> Any:
        """The expected answer, parsed: asked of ``answer`` now when it is a function (the engine decides)."""
        answer = self._answer() if callable(self._answer) else self._answer
        if self.kind == "choice" and str(answer) not in self.choices:
            raise ValueError(f"the answer {answer!r} is not one of the choices {self.choices}")
        expected, problem = parse_answer(str(answer), self.kind, self.choices)
        if problem:
            raise ValueError(f"the expected answer {answer!r} is not a valid {self.kind} answer ({problem})")
        return expected

    # --- public -------------------------------------------------------------------------------
    def check(self, text: str | None = None) -> bool:
        """Check ``text`` (default: what is typed); returns whether it is right and says so."""
        if text is not None:
            self.value = text
        got, problem = parse_answer(self.value, self.kind, self.choices)
        if problem:
            self._say(problem)
            return False
        self.attempts += 1
        right = got == self._expected_answer()
        if right:
            self.solved = True
        self._say("right" if right else "wrong")
        return right

    def reset(self) -> None:
        """Clear the answer, the feedback, the attempts and ``solved``."""
        self.value = ""
        self._input.value = ""
        self.attempts = 0
        self.solved = False
        self._say("")

    @property
    def feedback(self) -> str:
        """The feedback shown now, as plain text."""
        return self._feedback_text()

    # --- drawing ------------------------------------------------------------------------------
    def _say(self, key: str) -> None:
        self._feedback_key = key
        self._feedback.value = html.escape(self._feedback_text())

    def _feedback_text(self) -> str:
        key = self._feedback_key
        if not key:
            return ""
        lang = self.lang
        text = TEXT[key][lang]
        if key == "wrong" and self.hint[lang]:
            text += " " + TEXT["hint"][lang].format(hint=self.hint[lang])
        if key == "right" and self.why[lang]:
            text += " " + TEXT["why"][lang].format(why=self.why[lang])
        if key in ("right", "wrong") and self.clause:
            text += " " + TEXT["rule"][lang].format(clause=self.clause, text=self._rule[lang])
        return text

    def _relabel(self) -> None:
        if not hasattr(self, "_check"):
            return
        q = self.question[self.lang] or self.question["en"]
        self._question.value = f"<b>{html.escape(q)}</b>"
        self._check.description = TEXT["check"][self.lang]
        if self.kind != "choice":
            self._input.placeholder = TEXT["answer"][self.lang]
        self._feedback.value = html.escape(self._feedback_text())
