"""StateBoard, the board of a game without one of its own: the view as tables, secrets as face-down counts."""

from __future__ import annotations

import re

import explorer
from widgets.components.state_board import StateBoard
from widgets.play.game_session import GameSession


def test_the_toy_game_is_drawn_from_the_viewers_view():
    start = explorer.play_out(explorer.new_game("toy_duel", 2), seed=3, max_steps=5)
    board = StateBoard(GameSession("toy_duel", 2, start=start), viewer=0)
    view = start.view(0, with_log=False)
    assert board.last_view == view
    body = board._html.value
    assert len(re.findall(r'class="re-sb-player[ "]', body)) == 2
    theirs = view["players"][1]["hand"]
    assert explorer.is_hidden(theirs) and f"🂠 ×{theirs['count']}" in body
    board.viewer = -1
    assert "🂠" not in board._html.value.split('class="re-sb-players"')[1]
