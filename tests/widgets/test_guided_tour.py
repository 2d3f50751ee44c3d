"""GuidedTour: headless — set traits, click Prev / Next, assert the lesson, the step, the events and clauses."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
import traitlets

import explorer
from explorer import DataError
from widgets.learn.guided_tour import GuidedTour
from widgets.learn.lessons import lessons_file, lessons_of, load_lessons

GID = "eternal_breath"


def test_next_steps_through_the_scripted_actions_and_shows_their_events_with_clause_ids():
    tour = GuidedTour()
    assert tour.lesson == 0 and tour.step == 0 and tour.events == ()
    tour._next.click()
    assert tour.step == 1
    first = tour.state.history[-1]
    assert first.kind == "dealer"
    for e in tour.events:
        assert f">{e.clause}</small>" in tour._events.value  # a tag beside the sentence (issue 31 point 5)
    assert "[EB-" not in tour._events.value
    assert "EB-1.1.1-dealer" in tour._events.value
    tour._prev.click()
    assert tour.step == 0 and tour._prev.disabled


def test_the_block_lesson_ends_with_the_damage_of_the_loaded_dice():
    tour = GuidedTour()
    tour.lesson = [ls.id for ls in tour.lessons].index("block")
    while tour.step < len(tour.current.steps):
        tour._next.click()
    damage = next(e for e in tour.events if e.kind == "damage")
    # loaded dice 5 and 2; attack points 3; base defence 2 + defence card 1: (5 + 3) − (2 + 2 + 1) = 3
    assert damage.number("damage") == 3 and damage.clause == "EB-3.2-damage"
    # the clause is a small tag beside the sentence, never inside its words (issue 31 point 5)
    assert "EB-3.2-damage</small>" in tour._events.value and "[EB-" not in tour._events.value


def test_next_at_a_lessons_end_moves_to_the_next_lesson_and_prev_comes_back():
    tour = GuidedTour()
    n = len(tour.current.steps)
    for _ in range(n):
        tour.forward()
    assert tour.lesson == 0 and tour.step == n
    tour._next.click()
    assert tour.lesson == 1 and tour.step == 0
    tour._prev.click()
    assert tour.lesson == 0 and tour.step == n


def test_clauses_taught_are_shown_with_their_register_text_in_both_languages():
    tour = GuidedTour()
    index = explorer.get_game(GID).clause_index
    for cid in tour.current.clauses:
        assert cid in tour._clauses.value and html.escape(index[cid].en) in tour._clauses.value
    tour.lang = "zh"
    assert all(html.escape(index[cid].zh) in tour._clauses.value for cid in tour.current.clauses)
    assert tour._next.description == "下一步 ▶"


def test_traits_are_validated():
    tour = GuidedTour()
    for name, bad in (("game_id", "chess"), ("lang", "fr"), ("lesson", 99), ("step", -1), ("step", 10_000)):
        with pytest.raises(traitlets.TraitError):
            setattr(tour, name, bad)
    assert tour.lesson == 0 and tour.step == 0


def test_reset_returns_to_the_first_lesson_and_a_game_without_lessons_says_so():
    tour = GuidedTour()
    tour.lesson = 2
    tour.forward()
    tour.reset()
    assert tour.lesson == 0 and tour.step == 0
    others = [g for g in explorer.game_ids() if lessons_file(g) is None]
    if others:
        tour.game_id = others[0]
        assert tour.lessons == () and tour._next.disabled and tour.state is None
        tour.game_id = GID
        assert tour.lessons


def test_every_lesson_replays_and_cites_only_register_clauses():
    known = {c.id for c in explorer.rules(GID)}
    for lesson in lessons_of(GID):
        assert set(lesson.clauses) <= known
        assert len(lesson.replay(GID)) == len(lesson.steps) + 1


def test_a_lesson_file_with_an_illegal_step_is_refused_naming_file_entry_and_field(tmp_path: Path):
    bad = tmp_path / "lessons.toml"
    bad.write_text(
        '[[script]]\nid = "s"\nplayers = 2\n\n'
        '[[lesson]]\nid = "oops"\ntitle_en = "t"\ntitle_zh = "t"\ntext_en = "t"\ntext_zh = "t"\n'
        'clauses = ["EB-players"]\nprelude = "s"\nsteps = [["roll", { die = 7 }]]\n', encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_lessons(bad, GID)
    assert err.value.entry == "oops" and err.value.field == "steps" and str(bad) in str(err.value)


@pytest.mark.parametrize("lesson_patch, field", [
    ('clauses = ["EB-no-such-clause"]\nprelude = "s"\nsteps = [["dealer", { seat = 0 }]]', "clauses"),
    ('clauses = ["EB-players"]\nprelude = "nope"\nsteps = [["dealer", { seat = 0 }]]', "prelude"),
    ('clauses = ["EB-players"]\nprelude = "s"\nsteps = [["dealer", 0]]', "steps"),
    ('clauses = ["EB-players"]\nprelude = "s"\nsteps = [["dealer", { seat = 0 }]]\nextra = 1', "extra"),
])
def test_bad_lesson_data_names_the_field(tmp_path: Path, lesson_patch, field):
    bad = tmp_path / "lessons.toml"
    bad.write_text('[[script]]\nid = "s"\nplayers = 2\n\n[[lesson]]\nid = "x"\ntitle_en = "t"\ntitle_zh = "t"\n'
                   f'text_en = "t"\ntext_zh = "t"\n{lesson_patch}\n', encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_lessons(bad, GID)
    assert err.value.field == field


def test_each_lesson_points_to_a_tutorial_that_exists_and_cites_its_clauses():
    root = Path(__file__).resolve().parents[2] / "notebooks" / GID
    for lesson in lessons_of(GID):
        nb = root / lesson.notebook
        assert nb.exists(), lesson.id
        text = nb.read_text(encoding="utf-8")
        assert all(cid in text for cid in lesson.clauses), lesson.id


def test_the_table_summary_follows_the_steps():
    tour = GuidedTour()
    tour.lesson = [ls.id for ls in tour.lessons].index("block")
    assert "20/20" in tour._table.value            # the dummy before the attack
    while tour.forward() and tour.lesson == [ls.id for ls in tour.lessons].index("block"):
        pass
    tour.back()                                    # the last step of the block lesson
    assert "17/20" in tour._table.value            # 20 − 3 damage, as the engine's view says
    tour.lang = "zh"
    assert "当前盘面" in tour._table.value and "木人" in tour._table.value


def test_setup_steps_script_a_whole_setup_that_the_engine_accepts():
    from widgets.games.eternal_breath.lessons import setup_steps
    from widgets.learn.lessons import run

    steps = setup_steps(["sp_lingxi", "sp_tiebi", "sp_yanlong"],
                        [["n_swordsman", "n_healer"], ["n_guard", "n_monk"], ["n_archer", "n_thief"]],
                        [["atk_slash"] * 4, ["def_guard"] * 4, ["eff_potion"] * 4], dealer=1,
                        extra_special="sp_fengyin", extra_normals=["n_seer"])
    # 1 dealer + 4 specials shown + 3 picks + 7 normals shown + 6 picks + 3 rituals + 12 cards dealt
    assert len(steps) == 1 + 4 + 3 + 7 + 6 + 3 + 12
    s = run(explorer.new_game(GID, 3), steps)
    assert s.data.dealer == 1 and [seat.hand for seat in s.data.seats] == [("atk_slash",) * 4, ("def_guard",) * 4,
                                                                           ("eff_potion",) * 4]
    assert [e.actor for e in s.log if e.clause == "EB-1.1.2-snake"] == [0, 2, 1, 1, 2, 0]


def test_register_tables_show_the_register_text_and_what_is_not_modelled():
    from widgets.learn.lessons import assumption_markdown, clause_markdown

    chant = explorer.get_game(GID).clause_index["EB-1.1.3-chant"]
    table = clause_markdown(GID, ["EB-1.1.3-chant"])
    assert chant.zh in table and chant.en in table and "not modelled" in table
    a = {x.id: x for x in explorer.assumptions(GID)}["EB-A05"]
    assert a.question_en in assumption_markdown(GID, ["EB-A05"]) and a.switch in assumption_markdown(GID, ["EB-A05"])
    inf = assumption_markdown("card_moba", ["MB-A18"])  # the register's "60~inf" and "10**12" shown as written
    assert "60\\~inf" in inf and "10\\*\\*12" in inf and "60~inf" not in inf and "10**12" not in inf
    assert "`round_cap = 0`" in assumption_markdown("card_moba", ["MB-A15"])  # code is left as it is


def test_what_if_keeps_the_game_and_variant_and_the_engine_still_checks_actions():
    from explorer.games.eternal_breath import records, scenarios
    from widgets.learn.lessons import what_if

    ready = scenarios.combat_ready(variant={"block_without_card": "zero"})
    changed = what_if(ready, records.seat_set(ready.data, 0, coins=19))
    assert changed.variant == ready.variant and changed.data.seats[0].coins == 19 and ready.data.seats[0].coins == 5
    with pytest.raises(explorer.IllegalAction):
        changed.apply(explorer.act(GID, "summon", 0, card="n_monk"))
