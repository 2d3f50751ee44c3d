"""Seat privacy is a choice, not a convention (issue 38, item 6): a Play table is set to its single person unless a
teacher turns the teacher's view on. Off (the default, the served app's too), the "View as" menu offers the person's
own seat alone and every other viewer is refused — set on a trait, picked in the menu, or sent by the browser as a
widget message — with the table unchanged. On (``teacher=True``, or the server's ``--teacher``), every seat and the
teacher's view are offered and a note on the table says so, in English and 中文."""

from __future__ import annotations

import os

import pytest
import traitlets
from support import games

from widgets.i18n import label
from widgets.play.play_area import PERSON_SEAT, TEACHER_ENV, PlayArea, teacher_from_server

GAMES = games()


def browser_sends(widget, **state) -> None:
    """What a browser's message to ``widget``'s model does in the kernel: an ``update`` of its synced state."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def shown(area: PlayArea) -> tuple:
    """What the table shows now: every part's viewer, the board's view and HTML, the picker's buttons."""
    return ({p.viewer for p in area.parts if hasattr(p, "viewer")}, area.board.last_view, area.board._html.value,
            area.board._note.value, tuple(b.description for b in area.picker.buttons), area.event_log._list.options)


@pytest.mark.parametrize("game_id", GAMES)
def test_by_default_the_menu_offers_the_persons_seat_alone(game_id):
    area = PlayArea(game_id, players=3 if game_id == "castle_heart" else None, seed=5, opponent="greedy")
    assert not area.teacher and area.session.private_seat == PERSON_SEAT
    assert area.board._viewer.options == (("Player 0", 0),) and area.board._viewer.disabled
    assert area._teacher_note.value == "" and area._teacher_note.layout.display == "none"
    area.lang = "zh"
    assert area.board._viewer.options == (("玩家 0", 0),) and area._teacher_note.value == ""


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("viewer", [-1, 1])
def test_by_default_another_viewer_set_on_a_trait_is_refused_and_nothing_changes(game_id, viewer):
    area = PlayArea(game_id, seed=5, opponent="greedy")
    before = shown(area)
    for part in (area.board, area.controls, area.picker, area.event_log, area.graph):
        with pytest.raises(traitlets.TraitError, match="teacher's view is off"):
            part.viewer = viewer
    assert shown(area) == before and area.board.viewer == PERSON_SEAT


def test_by_default_a_browser_message_cannot_change_the_seat():
    area = PlayArea("castle_heart", players=4, seed=5, opponent="greedy")
    before = shown(area)
    menu = area.board._viewer
    assert "viewer" not in area.board.keys  # the viewer itself is not synced: only the menu's index can arrive
    for index in (1, 2, -1, 3):  # another entry of the teacher's menu (seat 1, seat 2, ...): not there now
        browser_sends(menu, index=index)
        assert menu.index == 0 and menu.value == PERSON_SEAT
    browser_sends(menu, disabled=False, index=1)  # a forged "enable" does not add entries
    assert menu.index == 0 and menu.options == (("Player 0", 0),)
    browser_sends(area.board, viewer=-1)  # a message naming the trait itself is ignored: not a synced key
    assert area.board.viewer == PERSON_SEAT and shown(area) == before
    menu.value = PERSON_SEAT  # the only entry, picked again: fine
    assert shown(area) == before


def test_a_new_table_keeps_the_person_alone():
    area = PlayArea("eternal_breath", seed=5, opponent="greedy")
    area.players = 3
    area.new_game()
    assert area.session.private_seat == PERSON_SEAT and area.board._viewer.options == (("Player 0", 0),)
    with pytest.raises(traitlets.TraitError):
        area.board.viewer = -1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_teachers_table_offers_every_seat_and_says_so(lang):
    area = PlayArea("castle_heart", players=3, seed=5, lang=lang, teacher=True, opponent="greedy")
    assert area.session.private_seat is None and not area.board._viewer.disabled
    assert [v for _, v in area.board._viewer.options] == [-1, 0, 1, 2]
    assert (label("everything", lang), -1) in area.board._viewer.options
    note = area._teacher_note.value.replace("&#x27;", "'")
    assert area._teacher_note.layout.display is None
    if lang == "en":
        assert "Teacher's view on: every seat's cards are shown" in note
    else:
        text = note.split(">", 1)[1].split("<")[0]
        assert "教师视角已开启" in text and not any("a" <= c.lower() <= "z" for c in text)  # no English words
    browser_sends(area.board._viewer, index=0)  # the teacher's view, picked in the browser
    assert area.board.viewer == area.picker.viewer == area.event_log.viewer == -1
    assert area.board.last_view == area.session.state.view(None, with_log=False)
    assert ("教师" if lang == "zh" else "Teacher") in area.board._note.value
    area.board.viewer = 2  # another seat, set on the trait
    assert area.picker.viewer == 2 and area.board.last_view == area.session.state.view(2, with_log=False)


def test_turning_the_teachers_view_off_goes_back_to_the_persons_seat():
    area = PlayArea("eternal_breath", seed=5, teacher=True, opponent="greedy")
    area.board.viewer = -1
    area.teacher = False
    assert {p.viewer for p in area.parts if hasattr(p, "viewer")} == {PERSON_SEAT}
    assert area.board._viewer.options == (("Player 0", 0),) and area.board._note.value == ""
    assert area._teacher_note.value == ""
    with pytest.raises(traitlets.TraitError):
        area.board.viewer = 1
    area.teacher = True
    area.board.viewer = 1
    assert area.picker.viewer == 1


def test_the_app_reads_the_flag_from_the_servers_environment(monkeypatch):
    monkeypatch.delenv(TEACHER_ENV, raising=False)
    assert not teacher_from_server()
    for off in ("", "0", "no", "false"):
        monkeypatch.setenv(TEACHER_ENV, off)
        assert not teacher_from_server()
    monkeypatch.setenv(TEACHER_ENV, "1")
    assert teacher_from_server()


def test_the_server_flag_is_off_by_default_and_put_where_its_kernels_read_it(monkeypatch):
    from widgets.server import serve

    assert serve.TEACHER_ENV == TEACHER_ENV
    assert "teacher" in serve.RulesExplorerVoila.flags and "teacher" not in serve.RulesExplorerVoila.aliases
    monkeypatch.setenv(TEACHER_ENV, "")  # restored after the test, whatever the launcher's methods set
    off = serve.RulesExplorerVoila()
    off.parse_command_line([])
    assert off.teacher is False
    on = serve.RulesExplorerVoila()
    on.parse_command_line(["--teacher"])
    assert on.teacher is True
    # where its kernels read it: the server's environment, which a kernel it starts inherits
    on.put_teacher_flag()
    assert os.environ[TEACHER_ENV] == "1" and teacher_from_server()
    off.put_teacher_flag()
    assert TEACHER_ENV not in os.environ and not teacher_from_server()
