"""Predict, then reveal (issue 37 item 2): the `[[lesson.predict]]` entries of every game's lessons.toml, their
loading (a malformed entry names the file, the lesson and the field), the engine deciding every answer, and the
Learn tab's flow: pick a choice → the step is played → right / wrong, the right choice, the clause, the events."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import traitlets
from support import games

import explorer
from explorer import DataError
from widgets.learn.guided_tour import GuidedTour
from widgets.learn.lessons import lessons_of, load_lessons

GAMES = games()
EB = "eternal_breath"
CJK = re.compile(r"[\u4e00-\u9fff]")


def _predicts(game_id):
    return [(lesson, p) for lesson in lessons_of(game_id) for p in lesson.predicts]


# --- the questions in the three lessons.toml ------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_asks_at_least_five_questions_in_both_languages(game_id):
    found = _predicts(game_id)
    assert len(found) >= 5, game_id
    assert len({lesson.id for lesson, _ in found}) >= 3, "questions spread over the lessons"
    clauses = explorer.get_game(game_id).clause_index
    for lesson, p in found:
        assert 2 <= len(p.choices) <= 4 and p.clause in clauses, (lesson.id, p.step)
        for en, zh in [(p.question_en, p.question_zh)] + [(c.en, c.zh) for c in p.choices]:
            assert en != zh and CJK.search(zh), (lesson.id, p.step, zh)
            # 中文 texts carry no English words (seat labels such as P1 and card letters such as M are not words)
            assert not re.search(r"[A-Za-z]{3}", zh), (lesson.id, p.step, zh)
        assert re.search(r"[a-z]{3}", p.question_en), (lesson.id, p.step)


@pytest.mark.parametrize("game_id", GAMES)
def test_playing_each_questioned_step_makes_the_marked_choice_true_and_every_other_false(game_id):
    for lesson, p in _predicts(game_id):
        replayed = lesson.replay(game_id)
        before, after = replayed[p.step - 1], replayed[p.step]
        assert after.history[-1].kind == lesson.steps[p.step - 1][0]
        truths = p.truths(after)
        assert truths[p.answer - 1] and sum(truths) == 1, (lesson.id, p.step, truths)
        assert p.right(after) == p.answer - 1
        # the predicates read the step that was played, not the position before it
        assert p.truths(before) != truths or before.current_player != after.current_player, (lesson.id, p.step)


def test_the_answer_comes_from_the_engine_not_the_file(tmp_path: Path):
    """The same question over other dice: the engine's damage changes, so the right choice changes with it."""
    ok = tmp_path / "lessons.toml"
    ok.write_text(_file(die=4, answer=1), encoding="utf-8")  # (5 + 3) − (2 + 4 + 1) = 1
    (lesson,) = load_lessons(ok, EB)
    assert lesson.predicts[0].right(lesson.replay(EB)[4]) == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(_file(die=4, answer=2), encoding="utf-8")  # the mark says 3, the engine deals 1
    with pytest.raises(DataError) as err:
        load_lessons(bad, EB)
    assert err.value.entry == "block" and err.value.field == "predict[1].answer" and str(bad) in str(err.value)


# --- the loader refuses a malformed predict -----------------------------------------------------------------
GOOD_CHOICES = ('{ en = "1", zh = "1点", when = { event = "damage", numbers = { damage = 1 } } },\n'
                '{ en = "3", zh = "3点", when = { event = "damage", numbers = { damage = 3 } } },\n')


def _file(die: int = 2, answer: int = 2, step: str = "4", clause: str = '"EB-3.2-damage"', choices: str = GOOD_CHOICES,
          extra: str = "", question_zh: str = 'question_zh = "造成多少伤害？"\n') -> str:
    return (
        '[[script]]\nid = "s"\nplayers = 2\nstart = "scenario"\nscenario = "combat_ready"\n'
        'args = { attack_points = 3, base_defence = 2, defence_points = 1, defender_hp = 20 }\n\n'
        '[[lesson]]\nid = "block"\ntitle_en = "t"\ntitle_zh = "t"\ntext_en = "t"\ntext_zh = "t"\n'
        'clauses = ["EB-3.2-damage"]\nprelude = "s"\nsteps = [\n'
        '  ["attack", { by = "scn-normal-0-10", cards = ["scn-attack-3"], seat = 1, target = "scn-normal-2-20" }],\n'
        f'  ["roll", {{ die = 5 }}], ["block", {{ card = "scn-defence-1" }}], ["roll", {{ die = {die} }}],\n]\n\n'
        f'[[lesson.predict]]\nstep = {step}\nquestion_en = "How much damage?"\n{question_zh}'
        f'clause = {clause}\nanswer = {answer}\n{extra}choices = [\n{choices}]\n')


def test_the_small_file_loads(tmp_path: Path):
    good = tmp_path / "lessons.toml"
    good.write_text(_file(), encoding="utf-8")
    (lesson,) = load_lessons(good, EB)
    (p,) = lesson.predicts
    assert p.step == 4 and p.answer == 2 and [c.zh for c in p.choices] == ["1点", "3点"]
    assert lesson.predict_at(4) is p and lesson.predict_at(3) is None


@pytest.mark.parametrize("patch, field", [
    ({"question_zh": 'question_zh = ""\n'}, "predict[1].question_zh"),
    ({"question_zh": ""}, "predict[1].question_zh"),
    ({"step": "0"}, "predict[1].step"),
    ({"step": "9"}, "predict[1].step"),
    ({"step": '"four"'}, "predict[1].step"),
    ({"clause": '"EB-no-such-clause"'}, "predict[1].clause"),
    ({"answer": 3}, "predict[1].answer"),
    ({"answer": 1}, "predict[1].answer"),  # the engine deals 3, not 1
    ({"extra": "hint = 1\n"}, "predict[1].hint"),
    ({"choices": '{ en = "3", zh = "3点", when = { event = "damage" } },\n'}, "predict[1].choices"),
    ({"choices": GOOD_CHOICES * 3}, "predict[1].choices"),
    ({"choices": GOOD_CHOICES.replace('zh = "3点", ', "")}, "predict[1].choices[2].zh"),
    ({"choices": GOOD_CHOICES.replace("when = { event", "when = { bogus = 1, event", 1)},
     "predict[1].choices[1].when.bogus"),
    ({"choices": GOOD_CHOICES.replace('event = "damage", ', "", 1)}, "predict[1].choices[1].when.event"),
    ({"choices": GOOD_CHOICES.replace('event = "damage", numbers = { damage = 1 }', 'next = "later"', 1)},
     "predict[1].choices[1].when.next"),
    ({"choices": GOOD_CHOICES.replace('event = "damage", numbers = { damage = 1 }', 'absent = [1]', 1)},
     "predict[1].choices[1].when.absent"),
    ({"choices": GOOD_CHOICES.replace('numbers = { damage = 1 }', 'outcome = "maybe"', 1)},
     "predict[1].choices[1].when.outcome"),
    ({"choices": GOOD_CHOICES.replace("{ damage = 1 }", "{ damage = 3 }", 1)}, "predict[1].answer"),  # two true
])
def test_a_malformed_predict_is_refused_naming_the_file_the_lesson_and_the_field(tmp_path: Path, patch, field):
    bad = tmp_path / "lessons.toml"
    bad.write_text(_file(**patch), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_lessons(bad, EB)
    assert err.value.file == str(bad) and err.value.entry == "block" and err.value.field == field
    assert f"entry 'block': field '{field}'" in str(err.value)


# --- the Learn tab -----------------------------------------------------------------------------------------
def _at_question(game_id: str, lesson_id: str, step: int, lang: str = "en") -> GuidedTour:
    tour = GuidedTour(game_id, lang=lang)
    tour.lesson = [ls.id for ls in tour.lessons].index(lesson_id)
    while tour.step < step - 1:
        tour.forward()
    return tour


def test_before_a_questioned_step_the_question_and_its_choices_are_shown_and_nothing_is_played_yet():
    tour = _at_question(EB, "block", 4)
    p = tour.pending
    assert p is not None and p.step == 4 and tour.step == 3
    assert p.question_en in tour._ask.value and tour._reveal.value == ""
    assert [label for label, _ in tour._choices.options] == [c.en for c in p.choices]
    assert tour._choices.index is None and tour._choices.layout.display is None
    assert tour._show_me.description == "Show me" and tour._show_me.layout.display is None
    assert not any(e.kind == "damage" for e in tour.state.log)  # the step is not played before the answer


def test_picking_the_right_choice_plays_the_step_and_says_right_with_the_clause_and_the_events():
    tour = _at_question(EB, "block", 4)
    tour._choices.index = 1  # "3"
    assert tour.step == 4 and tour.answered() == 1 and tour.right_choice() == 1
    damage = next(e for e in tour.events if e.kind == "damage")
    assert damage.number("damage") == 3
    reveal = tour._reveal.value
    assert "re-tour-right" in reveal and "Right" in reveal
    clause = explorer.get_game(EB).clause_index["EB-3.2-damage"]
    assert "EB-3.2-damage" in reveal and clause.en.split(",")[0] in reveal
    assert "EB-3.2-damage</small>" in reveal and "re-tour-reveal-event" in reveal and "[EB-" not in reveal
    assert tour._choices.layout.display == "none" and tour._show_me.layout.display == "none"


def test_a_wrong_choice_is_called_wrong_and_the_right_one_is_shown():
    tour = _at_question(EB, "block", 4)
    tour._choices.index = 0  # "1 (the least an attack does)"
    reveal = tour._reveal.value
    assert "re-tour-wrong" in reveal and "re-tour-right" not in reveal
    assert "you chose “1 (the least an attack does)”" in reveal and "The answer: 3" in reveal


@pytest.mark.parametrize("how", ["show_me", "next"])
def test_the_person_may_step_on_without_answering(how):
    tour = _at_question(EB, "block", 4)
    (tour._show_me if how == "show_me" else tour._next).click()
    assert tour.step == 4 and tour.answered() is None
    assert "re-tour-skipped" in tour._reveal.value and "The answer: 3" in tour._reveal.value


def test_going_back_asks_the_question_afresh():
    tour = _at_question(EB, "block", 4)
    tour._choices.index = 0
    tour._prev.click()
    assert tour.step == 3 and tour.pending is not None and tour._reveal.value == ""
    assert tour._choices.index is None and tour._answers == {}


def test_the_language_switch_shows_the_question_choices_and_answer_in_chinese():
    tour = _at_question(EB, "block", 4, lang="zh")
    p = tour.pending
    assert p.question_zh in tour._ask.value and "接下来会发生什么" in tour._ask.value
    assert [label for label, _ in tour._choices.options] == [c.zh for c in p.choices]
    assert tour._show_me.description == "直接揭晓"
    tour._choices.index = 1
    reveal = tour._reveal.value
    assert "答对了" in reveal and "答案：3点" in reveal and "依据条款" in reveal
    assert explorer.get_game(EB).clause_index["EB-3.2-damage"].zh in reveal
    tour.lang = "en"
    assert "Right" in tour._reveal.value and "答对了" not in tour._reveal.value
    assert tour.step == 4 and tour.answered() == 1  # a language switch keeps the answer


def test_choices_from_the_browser_are_validated():
    tour = _at_question(EB, "block", 4)
    with pytest.raises(traitlets.TraitError):
        tour._choices.index = 7  # the widget refuses an index out of range
    for bad in (7, -1, True, "1", 1.0):
        with pytest.raises(ValueError):
            tour.predict(bad)
    assert tour.step == 3 and tour._reveal.value == ""  # nothing was played
    tour.predict(1)
    with pytest.raises(ValueError):
        tour.predict(0)  # no question is asked at step 4 (the lesson's last)


def test_steps_without_a_question_keep_the_tour_as_before():
    tour = GuidedTour(EB)
    assert tour.current.id == "setup" and tour.current.predicts == ()
    assert tour.pending is None and tour._predict_box.layout.display == "none"
    tour._next.click()
    assert tour.step == 1 and tour.revealed is None and tour._reveal.value == ""


@pytest.mark.parametrize("game_id", GAMES)
def test_every_question_of_every_game_reveals_right_for_the_engines_answer_and_wrong_otherwise(game_id):
    tour = GuidedTour(game_id)
    for k, lesson in enumerate(tour.lessons):
        if not lesson.predicts:
            continue
        tour.lesson = k
        for p in lesson.predicts:
            for pick in range(len(p.choices)):
                tour.step = p.step - 1
                assert tour.pending == p
                tour._choices.index = pick
                assert tour.step == p.step
                right = pick == p.answer - 1
                assert ("re-tour-right" in tour._reveal.value) is right, (lesson.id, p.step, pick)
                assert p.clause in tour._reveal.value and html.escape(p.choices[p.answer - 1].en) in tour._reveal.value


@pytest.mark.parametrize("game_id", games())
def test_the_twenty_minute_path_counts_the_lessons_and_questions_there_are(game_id):
    """Issue 37 item 4 (true counts): the series README's numbers are the loaded lessons' own, in both languages."""
    text = (Path(__file__).resolve().parents[2] / "notebooks" / game_id / "README.md").read_text(encoding="utf-8")
    lessons = lessons_of(game_id)
    questions = sum(len(lesson.predicts) for lesson in lessons)
    assert re.search(rf"its {len(lessons)} lessons", text) and re.search(rf"：{len(lessons)} 课", text)
    assert re.search(rf"At {questions} key steps", text) and re.search(rf"在 {questions} 个关键步骤", text)
