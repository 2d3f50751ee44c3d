"""The Learn tab for every game: each lesson replays through the engine, names its tutorial and clauses, and the
game's own board (the MOBA's map, 城堡之心's round table, 永恒之息's table) moves with Next and Back, seen by one
seat, hidden cards hidden. 每个游戏的学习页：课程可重放，棋盘随“下一步/上一步”变化，且只显示该座位所见。"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from support import PerGame, games

import explorer
from explorer import DataError, is_hidden
from widgets.learn.guided_tour import GuidedTour
from widgets.learn.lessons import lessons_file, lessons_of, load_lessons

NOTEBOOKS = {  # the two series whose lessons are one per tutorial (永恒之息 has two lessons to some of its own)
    "card_moba": ["01_setup.ipynb", "02_one_turn.ipynb", "03_moving_on_the_grid.ipynb", "04_damage_and_shields.ipynb",
                  "05_statuses.ipynb", "06_sequences_skills_bloodlines.ipynb", "07_ruler_mode.ipynb",
                  "08_a_whole_game.ipynb"],
    "castle_heart": ["01_identities_and_goals.ipynb", "02_preparation.ipynb", "03_a_battle_turn.ipynb",
                     "04_soldiers_and_distance.ipynb", "05_dying_death_and_the_end.ipynb",
                     "06_equipment_and_magic.ipynb", "07_a_whole_game.ipynb"],
}
BOARD_MARK = PerGame(card_moba="re-moba-grid", castle_heart="re-ch-table", eternal_breath="re-eb-board")
GAMES = games()


def board_body(tour: GuidedTour) -> str:
    """The board's HTML without its style sheet."""
    return re.sub(r"<style>.*?</style>", "", tour._table.value, flags=re.S)


@pytest.mark.parametrize("game_id", sorted(NOTEBOOKS))
def test_one_lesson_per_tutorial_in_order_with_clauses_of_the_register(game_id):
    lessons = lessons_of(game_id)
    assert [ls.notebook for ls in lessons] == NOTEBOOKS[game_id]  # one lesson per tutorial, in the series' order
    index = explorer.get_game(game_id).clause_index
    for ls in lessons:
        assert ls.clauses and all(c in index for c in ls.clauses), ls.id
        assert ls.title_en != ls.title_zh and ls.text_en != ls.text_zh, ls.id
        assert re.search(r"[\u4e00-\u9fff]", ls.text_zh) and re.search(r"[a-z]{3}", ls.text_en), ls.id


@pytest.mark.parametrize("game_id", GAMES)
def test_every_lesson_replays_and_every_step_is_the_engines_own(game_id):
    for ls in lessons_of(game_id):
        states = ls.replay(game_id)
        assert len(states) == len(ls.steps) + 1, ls.id
        for before, after in pairwise(states):
            action = after.history[-1]
            assert before.is_legal(action) and before.apply(action) == after, ls.id


@pytest.mark.parametrize("game_id", GAMES)
def test_next_and_back_move_the_games_own_board(game_id):
    tour = GuidedTour(game_id)
    assert BOARD_MARK[game_id] in tour._table.value
    seen = []
    for k in range(len(tour.lessons)):
        tour.lesson = k
        start = board_body(tour)
        changed = False
        while tour.lesson == k and tour.step + 1 < len(tour._states):
            before = board_body(tour)
            assert tour.forward()
            changed |= board_body(tour) != before
            seen.append(board_body(tour))
        assert changed, tour.current.id  # the board moved during the lesson
        last = board_body(tour)
        while tour.step > 0:
            tour.back()
        assert board_body(tour) == start and last != start, tour.current.id  # Back returns to the same picture
    assert len(set(seen)) > len(tour.lessons)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_follows_the_language(game_id):
    tour = GuidedTour(game_id, lang="zh")
    assert "当前盘面" in tour._table.value and "玩家 0" in tour._table.value
    tour.lang = "en"
    assert "The table now" in tour._table.value and "Player 0" in tour._table.value


def test_castle_heart_board_shows_seat_0s_view_and_hides_the_others_identities_and_hands():
    tour = GuidedTour("castle_heart")
    tour.lesson = [ls.id for ls in tour.lessons].index("whole_game")
    state = tour.state
    view = state.view(0)
    hidden = [p for p in view["players"] if is_hidden(p["identity"])]
    assert len(hidden) == 3  # the three enemies, before Saint dies
    assert board_body(tour).count("identity hidden") == len(hidden)
    hands = [p["hand"] for p in view["players"][1:]]
    others = board_body(tour).split("Player 1", 1)[1]  # the seats after Player 0's own
    assert all(is_hidden(h) for h in hands) and "<b>Heal</b>" not in others  # no Heal card face in another hand
    tour.step = len(tour.current.steps)  # the lesson's last step: nobody gave 愈
    assert not tour.state.data.seats[1].alive
    assert board_body(tour).count("identity hidden") == len(hidden) - 1  # a dead hero's identity is shown
    assert "as Player 0 sees it" in tour._table.value


def test_the_moba_board_draws_the_heroes_on_the_map_where_the_engine_has_them():
    tour = GuidedTour("card_moba")
    tour.lesson = [ls.id for ls in tour.lessons].index("grid")
    tour.forward()  # the charge: Gale is pushed back to (1, 2)
    x, y = tour.state.data.heroes[0].pos
    assert (x, y) == (1, 2)
    assert re.search(rf'title="\({x}, {y}\)[^"]*Player 0"', board_body(tour))


def test_a_lesson_viewer_must_be_a_seat_or_the_teacher(tmp_path: Path):
    text = lessons_file("card_moba").read_text(encoding="utf-8")
    bad = tmp_path / "lessons.toml"
    bad.write_text(text.replace('id = "grid"\n', 'id = "grid"\nviewer = 5\n'), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_lessons(bad, "card_moba")
    assert err.value.field == "viewer"
    teacher = tmp_path / "teacher.toml"
    teacher.write_text(text.replace('id = "grid"\n', 'id = "grid"\nviewer = -1\n'), encoding="utf-8")
    lessons = load_lessons(teacher, "card_moba")
    assert next(ls for ls in lessons if ls.id == "grid").viewer == -1


def test_the_step_line_and_events_are_redacted_for_the_viewer():
    tour = GuidedTour("castle_heart")
    assert tour.current.id == "identities" and tour.current.viewer == 0
    tour.step = 2  # chance deals seat 1 its identity: private to seat 1
    dealt = tour.state.history[-1]
    assert dealt.kind == "deal_identity" and dealt["identity"] == "enemy"
    assert "enemy" in dealt.describe("en")  # what the engine would say to everyone …
    shown = tour._did.value + tour._events.value
    assert "enemy" not in shown and "(hidden)" in shown  # … and what seat 0 is shown
    tour.lang = "zh"
    assert "敌军" not in tour._did.value + tour._events.value
    tour.step = 1  # the lord's identity is public (CH-A09): told in full
    assert "lord" in tour._did.value.lower() or "城主" in tour._did.value
