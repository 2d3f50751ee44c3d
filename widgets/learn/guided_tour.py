"""GuidedTour: the "Learn" component. Lessons step through scripted engine actions, with their clauses.

Each lesson (``explorer/games/<game>/lessons.toml``, loaded by :mod:`widgets.learn.lessons`) has a title and
a text in English and 中文, the clause ids it teaches (shown with the register's own text) and a
script of actions replayed from a new game or a scenario. Prev / Next walk the steps (and on into the
next lesson); the events of the current step are listed with their clause ids, and the game's own board
(the Play tab's: 永恒之息's table, the MOBA's map, 城堡之心's round table) moves with them. The board shows
``State.view(seat)`` of the lesson's ``viewer`` (seat 0 unless the lesson says otherwise), never the hidden
state, except in a lesson marked ``viewer = -1``, labelled as the teacher's view. The tour only replays the
engine: it computes no rule itself.

At a step with a ``predict`` (``[[lesson.predict]]`` in lessons.toml) the tour first asks "what happens next?":
the question and its 2–4 choices as buttons, and "Show me" to step on without answering. Picking a choice
plays the step; then the answer is shown: right or wrong, the right choice (the one the engine's events make
true, :meth:`widgets.learn.lessons.Predict.right`), the clause that decides it and the events of the step.
"""

from __future__ import annotations

import html

import ipywidgets as ipw
import traitlets

import explorer
from explorer import CHANCE, TERMINAL
from widgets.games import board_class
from widgets.i18n import check_lang, label, player_name
from widgets.learn.lessons import Lesson, Predict, lessons_of
from widgets.play.event_log import tagged_line
from widgets.play.game_session import GameSession

TEXT = {
    "learn": {"en": "Learn", "zh": "学习"},
    "lesson": {"en": "Lesson", "zh": "课程"},
    "prev": {"en": "◀ Prev", "zh": "◀ 上一步"},
    "next": {"en": "Next ▶", "zh": "下一步 ▶"},
    "restart": {"en": "⇤ Restart lesson", "zh": "⇤ 重新开始本课"},
    "step": {"en": "Step {k} / {n}", "zh": "第 {k} 步 / 共 {n} 步"},
    "start": {"en": "The lesson's starting position: press Next.", "zh": "本课的起始局面：请按“下一步”。"},
    "did": {"en": "{who}: {what}", "zh": "{who}：{what}"},
    "teaches": {"en": "Clauses taught", "zh": "本课条款"},
    "events": {"en": "Events of this step", "zh": "本步事件"},
    "no_events": {"en": "(no events)", "zh": "（无事件）"},
    "no_lessons": {"en": "No guided lessons for this game yet: see its registers and tutorials.",
                   "zh": "此游戏暂无引导课程：请查看其规则登记表与教程。"},
    "notebook": {"en": "Told in full, with every number checked: {nb}", "zh": "完整讲解（每个数字都经核对）：{nb}"},
    "next_player": {"en": "Now: {who}", "zh": "现在：{who}"},
    "table": {"en": "The table now", "zh": "当前盘面"},
    "seen_by": {"en": "as {who} sees it (hidden cards stay hidden)", "zh": "{who} 所见（隐藏信息保持隐藏）"},
    "teacher": {"en": "teacher's view: everything, hidden cards included", "zh": "教师视角：全部信息，含隐藏的牌"},
    "predict": {"en": "What happens next? Pick an answer, then the step is played.",
                "zh": "接下来会发生什么？选一个答案，然后执行这一步。"},
    "show_me": {"en": "Show me", "zh": "直接揭晓"},
    "right": {"en": "✔ Right!", "zh": "✔ 答对了！"},
    "wrong": {"en": "✘ Not quite: you chose “{choice}”.", "zh": "✘ 不对：你选择了“{choice}”。"},
    "skipped": {"en": "You stepped on without answering.", "zh": "你未作答就继续了。"},
    "question_was": {"en": "The question: {q}", "zh": "问题：{q}"},
    "answer": {"en": "The answer: {choice}", "zh": "答案：{choice}"},
    "decided_by": {"en": "Decided by:", "zh": "依据条款："},
    "engine_did": {"en": "What the engine did", "zh": "引擎的结果"},
}
# On a phone the board keeps to the screen: the round table (760 px wide) is drawn smaller, nothing cut.
NARROW = """<style>
.re-guided-tour p,.re-guided-tour li,.re-tour-table{max-width:100%;overflow-wrap:anywhere}
.re-guided-tour .widget-hbox{flex-wrap:wrap}
@media (max-width:1300px){.re-tour-table .re-ch-table{zoom:.8}}
@media (max-width:800px){.re-tour-table .re-ch-table{zoom:.7}.re-tour-table .re-moba-player{min-width:0}}
@media (max-width:540px){.re-tour-table .re-ch-table{zoom:.4}}
@media (max-width:880px){.re-tour-body>.re-tour-board{order:-1}.re-tour-board>.re-tour-table{order:-1}}
</style>"""
# On a phone the lesson and the board no longer fit side by side: the board comes first, the table at its top, right
# under Prev / Next (the lesson's text follows), so each step's move is seen without scrolling (issue 31).


def _t(key: str, lang: str, **fields) -> str:
    text = TEXT[key][lang]
    return text.format(**fields) if fields else text


class GuidedTour(ipw.VBox):
    """Lessons of ``game_id``; ``lesson`` and ``step`` say where the learner is (step 0: the start)."""

    game_id = traitlets.Unicode("eternal_breath")
    lang = traitlets.Unicode("en")
    lesson = traitlets.Int(0)
    step = traitlets.Int(0)

    def __init__(self, game_id: str = "eternal_breath", lang: str = "en", **kwargs):
        self._ready = False
        self._drawing = False
        self._lessons: tuple[Lesson, ...] = ()
        self._states: list[explorer.State] = []
        self._session: GameSession | None = None
        self._board = None
        self._nodes: list[int] = []
        self._picker = ipw.Dropdown(layout=ipw.Layout(width="auto", max_width="calc(100vw - 140px)"))  # whole titles
        self._picker.add_class("re-tour-lesson")
        self._prev, self._next, self._restart = ipw.Button(), ipw.Button(), ipw.Button()
        self._prev.add_class("re-tour-prev")
        self._next.add_class("re-tour-next")
        self._restart.add_class("re-tour-restart")
        self._position = ipw.HTML()
        self._position.add_class("re-tour-position")
        self._title, self._text, self._clauses = ipw.HTML(), ipw.HTML(), ipw.HTML()
        self._clauses.add_class("re-tour-clauses")
        # "what happens next?": the question and its choices before a step with a predict, the answer after it
        self._answers: dict[int, int | None] = {}  # step number -> the choice picked (None: stepped on unanswered)
        self._ask, self._reveal = ipw.HTML(), ipw.HTML()
        self._ask.add_class("re-tour-question")
        self._reveal.add_class("re-tour-reveal")
        self._choices = ipw.ToggleButtons(options=[], value=None, style={"button_width": "auto"})
        self._choices.add_class("re-tour-choices")
        self._show_me = ipw.Button()
        self._show_me.add_class("re-tour-show-me")
        self._predict_box = ipw.VBox([self._ask, self._choices, self._show_me, self._reveal])
        self._predict_box.add_class("re-tour-predict")
        self._did, self._events, self._table = ipw.HTML(), ipw.HTML(), ipw.HTML()
        self._events.add_class("re-tour-events")
        self._table.add_class("re-tour-table")
        # the lesson beside the board on a laptop (the board on screen while stepping), one above the other on a phone
        lesson = ipw.VBox([self._title, self._text, self._predict_box, self._clauses],
                          layout=ipw.Layout(flex="1 1 320px", min_width="0"))
        board = ipw.VBox([self._did, self._events, self._table], layout=ipw.Layout(flex="2 1 560px", min_width="0"))
        board.add_class("re-tour-board")
        body = ipw.HBox([lesson, board], layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start"))
        body.add_class("re-tour-body")
        super().__init__(children=[
            ipw.HBox([self._picker, self._restart]), ipw.HBox([self._prev, self._next, self._position]), body],
            **kwargs)
        self.add_class("re-guided-tour")
        self._prev.on_click(self._on_prev)
        self._next.on_click(self._on_next)
        self._restart.on_click(self._on_restart)
        self._picker.observe(self._on_pick, "value")
        self._choices.observe(self._on_choice, "index")
        self._show_me.on_click(self._on_show_me)
        self.set_trait("lang", lang)
        self._ready = True
        self.game_id = game_id
        if game_id == "eternal_breath":  # no change event fired for the default value: load it here
            self.reset()

    # --- validation ---------------------------------------------------------------------------
    @traitlets.validate("game_id")
    def _valid_game(self, proposal):
        """A registered game only (the value may come from the browser)."""
        value = proposal["value"]
        if value not in explorer.game_ids():
            raise traitlets.TraitError(f"no game {value!r}; registered: {', '.join(explorer.game_ids())}")
        return value

    @traitlets.validate("lang")
    def _valid_lang(self, proposal):
        """Only "en" and "zh"."""
        return check_lang(proposal["value"])

    @traitlets.validate("lesson")
    def _valid_lesson(self, proposal):
        """An index into this game's lessons."""
        value = proposal["value"]
        if not 0 <= value < max(1, len(self._lessons)):
            raise traitlets.TraitError(f"lesson must be 0–{len(self._lessons) - 1}, not {value}")
        return value

    @traitlets.validate("step")
    def _valid_step(self, proposal):
        """0 (the lesson's start) up to the lesson's number of steps."""
        value = proposal["value"]
        if not 0 <= value < max(1, len(self._states)):
            raise traitlets.TraitError(f"step must be 0–{len(self._states) - 1}, not {value}")
        return value

    # --- handlers -----------------------------------------------------------------------------
    @traitlets.observe("game_id")
    def _on_game(self, change):
        """Fires when another game is chosen: load its lessons and start at the first."""
        if self._ready:
            self.reset()

    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when the language changes: redraw every text."""
        if self._ready:
            self._draw()

    @traitlets.observe("lesson")
    def _on_lesson(self, change):
        """Fires when the lesson changes: replay it and go to its start."""
        if self._ready:
            self._load_lesson()

    @traitlets.observe("step")
    def _on_step(self, change):
        """Fires when the step changes: show that state's events (back before a question: it is asked afresh)."""
        if self._ready:
            self._answers.pop(self.step + 1, None)
            self._draw()

    def _on_choice(self, change):
        """Fires when the person picks one of the choices (an index the browser sent; ToggleButtons refuses an
        index out of range, :meth:`predict` checks it again)."""
        if self._drawing or change["new"] is None:
            return
        self.predict(change["new"])

    def _on_show_me(self, _button=None):
        """Fires on "Show me": play the step without answering."""
        self.predict(None)

    def _on_pick(self, change):
        """Fires when the person picks a lesson from the menu."""
        value = change["new"]
        if self._drawing:
            return
        if isinstance(value, int) and 0 <= value < len(self._lessons) and value != self.lesson:
            self.lesson = value

    def _on_prev(self, _button=None):
        """Fires on ◀ Prev."""
        self.back()

    def _on_next(self, _button=None):
        """Fires on Next ▶."""
        self.forward()

    def _on_restart(self, _button=None):
        """Fires on ⇤ Restart lesson."""
        self.step = 0

    # --- public -------------------------------------------------------------------------------
    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return self._lessons

    @property
    def current(self) -> Lesson | None:
        return self._lessons[self.lesson] if self._lessons else None

    @property
    def state(self) -> explorer.State | None:
        """The engine state shown now."""
        return self._states[self.step] if self._states else None

    @property
    def events(self) -> tuple[explorer.Event, ...]:
        """The events of the step shown now (none at a lesson's start)."""
        return self.state.events if self.state is not None and self.step > 0 else ()

    @property
    def pending(self) -> Predict | None:
        """The question asked now, before the next step is played (None when the next step has none)."""
        if self.current is None or self.step + 1 >= len(self._states):
            return None
        return self.current.predict_at(self.step + 1)

    @property
    def revealed(self) -> Predict | None:
        """The question the step shown now answers (None at a start or a step without one)."""
        return self.current.predict_at(self.step) if self.current is not None and self.step > 0 else None

    def right_choice(self) -> int | None:
        """The index of the revealed question's right choice, read from the engine's events of this step."""
        return self.revealed.right(self.state) if self.revealed is not None else None

    def answered(self) -> int | None:
        """The choice the person picked for the step shown now (None: not answered, or no question)."""
        return self._answers.get(self.step) if self.revealed is not None else None

    def predict(self, choice: int | None) -> None:
        """Answer the question asked now with ``choice`` (an index into its choices, or None to step on without
        answering), then play the step: the answer is shown. Anything but a choice of this question is refused."""
        question = self.pending
        if question is None:
            raise ValueError("no question is asked at this step")
        if choice is not None and (isinstance(choice, bool) or not isinstance(choice, int)
                                   or not 0 <= choice < len(question.choices)):
            raise ValueError(f"choice must be 0–{len(question.choices) - 1} or None, not {choice!r}")
        self._answers[self.step + 1] = choice
        self.step += 1

    def forward(self) -> bool:
        """One step on; at a lesson's end, on to the next lesson's start. False at the very end."""
        if self.step + 1 < len(self._states):
            self.step += 1
            return True
        if self.lesson + 1 < len(self._lessons):
            self.lesson += 1
            return True
        return False

    def back(self) -> bool:
        """One step back; at a lesson's start, back to the previous lesson's last step."""
        if self.step > 0:
            self.step -= 1
            return True
        if self.lesson > 0:
            self.lesson -= 1
            self.step = len(self._states) - 1
            return True
        return False

    def reset(self) -> None:
        """Back to the first lesson's start (lessons of ``game_id`` reloaded from the cache)."""
        self._lessons = lessons_of(self.game_id)
        self._ready = False
        self.lesson = 0
        self._ready = True
        self._load_lesson()

    # --- drawing ------------------------------------------------------------------------------
    def _load_lesson(self) -> None:
        self._answers = {}
        self._states = self.current.replay(self.game_id) if self.current else []
        self._make_board()
        self._ready = False
        self.step = 0
        self._ready = True
        self._draw()

    def _make_board(self) -> None:
        """The game's Play-tab board over a session holding the lesson's line of states (one node per step)."""
        self._session = self._board = None
        self._nodes: list[int] = []
        if not self._states:
            return
        first = self._states[0]
        self._session = GameSession(self.game_id, first.players, start=first, seed=0)
        self._nodes = [0]
        for later in self._states[1:]:
            self._session.choose(later.history[-1], autoplay=False)
            self._nodes.append(self._session.node_id)
        self._session.goto(0)
        viewer = self.current.viewer if self.current.viewer < first.players else 0
        self._board = board_class(self.game_id)(self._session, lang=self.lang, viewer=viewer)

    def _draw(self) -> None:
        lang = self.lang
        self._prev.description, self._next.description = _t("prev", lang), _t("next", lang)
        self._restart.description = _t("restart", lang)
        self._show_me.description = _t("show_me", lang)
        self._drawing = True
        try:
            self._sync_picker(lang)
            self._sync_predict(lang)
        finally:
            self._drawing = False
        if not self._lessons:
            self._title.value = f"<h3>{html.escape(_t('learn', lang))}</h3>"
            self._text.value = html.escape(_t("no_lessons", lang))
            self._clauses.value = self._did.value = self._events.value = self._position.value = self._table.value = ""
            self._prev.disabled = self._next.disabled = self._restart.disabled = True
            return
        ls = self.current
        self._title.value = f"<h3>{html.escape(ls.title(lang))}</h3>"
        nb = f"<br><i>{html.escape(_t('notebook', lang, nb=f'notebooks/{self.game_id}/{ls.notebook}'))}</i>" \
            if ls.notebook else ""
        self._text.value = f"<p>{html.escape(ls.text(lang))}{nb}</p>"
        index = explorer.get_game(self.game_id).clause_index
        rows = "".join(f"<li><code>{html.escape(cid)}</code> {html.escape(index[cid].text(lang))}</li>"
                       for cid in ls.clauses)
        self._clauses.value = f"<b>{html.escape(_t('teaches', lang))}</b><ul>{rows}</ul>"
        n = len(self._states) - 1
        self._position.value = html.escape(_t("step", lang, k=self.step, n=n))
        self._prev.disabled = self.step == 0 and self.lesson == 0
        self._next.disabled = self.step == n and self.lesson == len(self._lessons) - 1
        self._did.value = html.escape(self._did_text(lang))
        who = None if self._viewer() < 0 else self._viewer()  # others' private details are redacted
        items = "".join(f"<li class='re-tour-event'>{tagged_line(e, lang, who)}</li>"
                        for e in explorer.visible_log(self.events, who))
        body = f"<ol>{items}</ol>" if items else f"<p>{html.escape(_t('no_events', lang))}</p>"
        self._events.value = f"<b>{html.escape(_t('events', lang))}</b>{body}" if self.step else ""
        self._table.value = self._table_html(lang)

    def _table_html(self, lang: str) -> str:
        """The game's own board at this step, as the lesson's viewer sees it, under a heading saying whose view."""
        if self._board is None:
            return ""
        if self._session.node_id != self._nodes[self.step]:
            self._session.goto(self._nodes[self.step])
        if self._board.lang != lang:
            self._board.lang = lang
        who = _t("teacher", lang) if self._board.viewer < 0 else _t("seen_by", lang,
                                                                     who=player_name(self._board.viewer, lang))
        return (f"{NARROW}<b>{html.escape(_t('table', lang))}</b> <i class='re-tour-viewer'>{html.escape(who)}</i>"
                f"{self._board._html.value}")

    def _sync_predict(self, lang: str) -> None:
        """The question and its choices before a step with a predict; the answer once that step is shown."""
        ask, shown = self.pending, self.revealed
        self._predict_box.layout.display = None if ask or shown else "none"
        self._choices.layout.display = self._show_me.layout.display = None if ask else "none"
        options = [(c.text(lang), i) for i, c in enumerate(ask.choices)] if ask else []
        if list(self._choices.options) != options:
            self._choices.options = options
        self._choices.index = None
        self._ask.value = (f"<b>{html.escape(_t('predict', lang))}</b><p>{html.escape(ask.question(lang))}</p>"
                           if ask else "")
        self._reveal.value = self._reveal_html(shown, lang) if shown else ""

    def _reveal_html(self, question: Predict, lang: str) -> str:
        right = question.right(self.state)  # from the engine's events of this step, never from the file
        picked = self._answers.get(self.step)
        if picked is None:
            verdict, cls = _t("skipped", lang), "re-tour-skipped"
        elif picked == right:
            verdict, cls = _t("right", lang), "re-tour-right"
        else:
            verdict, cls = _t("wrong", lang, choice=question.choices[picked].text(lang)), "re-tour-wrong"
        clause = explorer.get_game(self.game_id).clause_index[question.clause]
        who = None if self._viewer() < 0 else self._viewer()
        chosen = question.choices[right].when.evidence(self.state) or self.events
        items = "".join(f"<li class='re-tour-reveal-event'>{tagged_line(e, lang, who)}</li>"
                        for e in explorer.visible_log(chosen, who))
        now = self.state.current_player
        if question.choices[right].when.next is not None and now != TERMINAL:
            nxt = label("chance", lang) if now == CHANCE else player_name(now, lang)
            items += f"<li class='re-tour-reveal-event'>{html.escape(_t('next_player', lang, who=nxt))}</li>"
        return (f"<p class='{cls}'><b>{html.escape(verdict)}</b></p>"
                f"<p>{html.escape(_t('question_was', lang, q=question.question(lang)))}<br>"
                f"<b>{html.escape(_t('answer', lang, choice=question.choices[right].text(lang)))}</b></p>"
                f"<p>{html.escape(_t('decided_by', lang))} <code>{html.escape(clause.id)}</code> "
                f"{html.escape(clause.text(lang))}</p>"
                + (f"<b>{html.escape(_t('engine_did', lang))}</b><ul>{items}</ul>" if items else ""))

    def _sync_picker(self, lang: str) -> None:
        options = [(x.title(lang), i) for i, x in enumerate(self._lessons)]
        if list(self._picker.options) != options:
            self._picker.options = options
        if self._lessons and self._picker.value != self.lesson:
            self._picker.value = self.lesson

    def _viewer(self) -> int:
        """The seat whose view the tour shows (-1: the teacher's view of everything)."""
        return self._board.viewer if self._board is not None else -1

    def _did_text(self, lang: str) -> str:
        if self.step == 0:
            return _t("start", lang)
        action = self.state.history[-1]
        who = label("chance", lang) if action.player == CHANCE else player_name(action.player, lang)
        node = self._session.node_by_id(self._nodes[self.step])  # the action as the viewer may read it
        text = _t("did", lang, who=who, what=self._session.describe_step(node, lang, self._viewer()))
        now = self.state.current_player
        if now == TERMINAL:
            return text
        nxt = label("chance", lang) if now == CHANCE else player_name(now, lang)
        return f"{text} · {_t('next_player', lang, who=nxt)}"
