"""LazyQuestion: one question of an Odds view, its body made the first time it is opened (issue 31).

An Odds view asks several questions (one attack, a duel, …) and shows one at a time. Making every body at once
sent the browser every slider and drew every chart before the tab was usable; the view now makes only its first
question's body, and each other body the first time the person opens it. Until then a body holds no widget and no
figure; while it is made it shows a line saying so in the view's language (the kernel sends that line before it
starts the work, so the browser shows it at once).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable

import ipywidgets as ipw
import traitlets

from widgets.components.component import take_from_control
from widgets.i18n import label


class LazyQuestion(ipw.VBox):
    """A question's body: empty until :meth:`show`, then what ``make()`` returns."""

    def __init__(self, make: Callable[[], Iterable[ipw.Widget]], **kwargs):
        super().__init__(**kwargs)
        self._make = make
        self.made = False
        self.add_class("re-question")

    def show(self, lang: str) -> bool:
        """Show this body, made now if it never was (then True)."""
        self.layout.display = None
        if self.made:
            return False
        line = ipw.HTML(f"<i>{html.escape(label('preparing_question', lang))}</i>")
        line.add_class("re-preparing")
        self.children = (line,)
        self.children = tuple(self._make())
        self.made = True
        line.close()
        return True


def show_only(questions: dict[str, LazyQuestion], chosen: str, lang: str) -> bool:
    """Show the ``chosen`` question (made if it is opened for the first time: then True) and hide the others."""
    for name, question in questions.items():
        if name != chosen:
            question.layout.display = "none"
    return questions[chosen].show(lang)


def question_picker(options: Iterable[str], value: str, css_class: str) -> ipw.ToggleButtons:
    """The buttons that choose the question shown: whole words, wrapping on a phone."""
    picker = ipw.ToggleButtons(options=tuple(options), value=value, style={"button_width": "auto"},
                               layout=ipw.Layout(flex_flow="row wrap", max_width="100%"))
    picker.add_class(css_class)
    return picker


class AsksQuestions(traitlets.HasTraits):
    """What an Odds view that shows one question at a time shares (mixed into a Component with a validated
    ``question`` trait, a ``_picker`` from :func:`question_picker`, ``_questions`` (name → LazyQuestion),
    ``_relabel()`` and ``recompute()``): the picker and the trait follow each other, and a question shown for the
    first time is made, labelled and computed."""

    _relabelling = False

    def _on_picker(self, change):
        """Fires when the person picks a question (a browser message): validated as ``question``."""
        if not self._relabelling:  # not while the buttons are relabelled
            take_from_control(self, "question", change)

    @traitlets.observe("question")
    def _on_question(self, change):
        """Fires when another question is shown: made the first time (its controls, its odds, its figures)."""
        self._picker.value = change["new"]
        if show_only(self._questions, change["new"], self.lang):
            self._relabel()
            self.recompute()

    def _label_questions(self, word: Callable[[str], str]) -> None:
        """The question buttons in the language (``word``: a question's name → its title), the choice kept."""
        self._relabelling = True
        try:
            self._picker.options = [(word(q), q) for q in self._questions]
            self._picker.value = self.question
        finally:
            self._relabelling = False
