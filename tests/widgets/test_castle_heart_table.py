"""城堡之心's Play table: targets highlighted and clicked (one action sent, checked again by the session; a stale,
forged or someone else's click refused with the rule and nothing changes), a question when several actions aim
at one hero, and the widgets reused across steps."""

from __future__ import annotations

from ipywidgets.widgets.widget import _instances as live_widgets

import explorer
from explorer.games.castle_heart.scenarios import knight_charge, magic_to_counter
from widgets.games.castle_heart.board import CastleHeartBoard, ring_cells
from widgets.games.castle_heart.targets import HERO, target_of
from widgets.play.game_session import GameSession


def table(start, viewer: int, lang: str = "en") -> tuple[GameSession, CastleHeartBoard]:
    session = GameSession("castle_heart", start.players, start=start, seed=1)
    return session, CastleHeartBoard(session, lang=lang, viewer=viewer)


def aimed(board: CastleHeartBoard) -> set[tuple[int, int]]:
    return {(b.re_seat, b.re_member) for b in board.target_buttons if "re-ch-targeted" in b._dom_classes}


def expected_targets(state) -> dict[tuple[int, int], list]:
    """Worked out from the legal actions' own parameters (target, member), not through the board's helper."""
    out: dict = {}
    for a in state.legal_actions():
        if isinstance(a.get("target"), int):
            member = a.get("member") if isinstance(a.get("member"), int) else HERO
            out.setdefault((a["target"], member), []).append(a)
    return out


def test_the_command_phase_highlights_each_group_in_reach_and_a_click_sends_that_command():
    start = knight_charge()
    lord = start.current_player
    session, board = table(start, viewer=lord)
    want = expected_targets(session.state)
    assert want and all(a.kind == "command" for acts in want.values() for a in acts)
    assert aimed(board) == set(want)
    seat, _ = sorted(want)[0]
    before = len(session.state.history)
    board.button_at(seat)._click_handlers(board.button_at(seat))
    assert session.state.history[before] == explorer.act("castle_heart", "command", lord, target=seat)
    assert session.state.view(None)["command"] == seat  # the soldiers now attack that group


def test_a_click_on_a_group_not_in_the_decision_is_refused_with_the_rule_and_nothing_changes():
    start = knight_charge()
    session, board = table(start, viewer=start.current_player)
    node = session.node_id
    lord = start.current_player
    board.button_at(lord)._click_handlers(board.button_at(lord))  # its own hero: not a command target
    assert session.node_id == node and session.notice["key"] in ("illegal", "not_legal")
    assert "Refused" in session.notice_text("en")


def test_a_click_on_another_seats_decision_is_refused():
    start = knight_charge()
    lord = start.current_player
    other = (lord + 1) % start.players
    session, board = table(start, viewer=other)
    assert aimed(board) == set()  # nothing is offered to a seat that is not deciding
    node = session.node_id
    target = next(iter(expected_targets(session.state)))[0]
    board.button_at(target)._click_handlers(board.button_at(target))
    assert session.node_id == node and session.notice["key"] == "not_yours"


def test_a_click_that_arrives_after_the_table_moved_is_refused_as_stale():
    start = knight_charge()
    session, board = table(start, viewer=-1)
    seat = sorted(expected_targets(session.state))[0][0]
    old = board.button_at(seat)
    session.choose(session.state.legal_actions()[-1], autoplay=False)  # keep the soldiers back: the table moves
    node = session.node_id
    assert board.button_at(seat) is not old  # the other generation is on the table now
    old._click_handlers(old)
    assert session.node_id == node and session.notice["key"] == "stale"


def test_several_actions_on_one_hero_ask_which_and_the_answer_sends_exactly_that_one():
    start = magic_to_counter()
    lord = start.current_player
    session, board = table(start, viewer=lord, lang="zh")
    want = expected_targets(session.state)
    several = next(t for t, acts in want.items() if len(acts) > 1)
    node = session.node_id
    board.button_at(*several)._click_handlers(board.button_at(*several))
    assert session.node_id == node  # nothing sent yet: the table asks which
    choices = list(board._how.children)
    assert [b.re_action for b in choices] == want[several]
    assert [b.description for b in choices] == [a.describe("zh") for a in want[several]]
    pick = choices[-1]
    pick._click_handlers(pick)
    assert session.state.history[-1] == want[several][-1]
    assert board._how.children == ()  # the question is gone with the step


def test_every_action_aimed_at_the_table_has_a_button_in_the_right_seat():
    for start in (knight_charge(), magic_to_counter()):
        view = start.view(None)
        for a in start.legal_actions():
            where = target_of(a, view)
            if isinstance(a.get("target"), int):
                assert where[0] == a["target"]


def test_the_viewer_sits_at_the_bottom_and_the_others_follow_clockwise():
    for n in range(3, 9):
        for viewer in range(n):
            cells = ring_cells(n, viewer)
            assert cells[viewer] == "bc" and len(set(cells)) == n


def test_widgets_are_reused_across_a_whole_game():
    state = explorer.new_game("castle_heart", 4, explorer.get_game("castle_heart").bounded_variant(4))
    session, _board = table(state, viewer=0)
    session.seats = {k: "random" for k in range(4)}
    session.forward()
    counts = []
    for _ in range(400):
        if not session.forward():
            break
        counts.append(len(live_widgets))
    assert len(counts) > 100
    assert max(counts[50:]) - min(counts[50:]) <= 30  # a pool of buttons, not new widgets every step
