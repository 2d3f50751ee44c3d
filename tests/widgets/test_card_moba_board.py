"""CardMobaBoard: the grid picture matches the view — every wall, special cell, spawn and living hero."""

from __future__ import annotations

import re

import explorer
from widgets.card_moba_board import CardMobaBoard
from widgets.game_session import GameSession


def played_session(steps: int = 120) -> GameSession:
    start = explorer.play_out(explorer.new_game("card_moba", 2), seed=4, max_steps=steps)
    return GameSession("card_moba", 2, start=start)


def test_the_grid_draws_every_wall_special_cell_spawn_and_hero():
    session = played_session()
    board = CardMobaBoard(session)
    view = session.state.view(None, with_log=False)
    m = view["map"]
    assert m is not None, "the map is chosen within the first steps"
    body = board._html.value
    cells = re.findall(r'<td class="([^"]*)" title="\((\d+), (\d+)\)', body)
    assert len(cells) == m["width"] * m["height"]
    by_pos = {(int(x), int(y)): cls for cls, x, y in cells}
    assert {p for p, cls in by_pos.items() if "re-moba-wall" in cls} == {tuple(w) for w in m["walls"]}
    assert {p for p, cls in by_pos.items() if "re-moba-special" in cls} == {tuple(s["cell"]) for s in m["special"]}
    assert {p for p, cls in by_pos.items() if "re-moba-spawn" in cls} == {tuple(s) for s in m["spawns"]}
    standing = [p for p in view["players"] if p["position"] and p["alive"]]
    assert body.count('class="re-moba-hero"') == len(standing) + len(view["players"])  # on the map + in panels


def test_a_players_view_hides_the_other_hand_and_speaks_chinese():
    session = played_session()
    board = CardMobaBoard(session, viewer=0, lang="zh")
    assert board.last_view == session.state.view(0, with_log=False)
    assert "地图" in board._html.value
    other = board.last_view["players"][1]["hand"]
    assert explorer.is_hidden(other)
