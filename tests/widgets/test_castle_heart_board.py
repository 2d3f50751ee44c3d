"""CastleHeartBoard: every seat round the table, hidden identities stay hidden in a player's view."""

from __future__ import annotations

import re

import explorer
from widgets.games.castle_heart.board import CastleHeartBoard
from widgets.play.game_session import GameSession


def session_after(steps: int, players: int = 5) -> GameSession:
    start = explorer.play_out(explorer.new_game("castle_heart", players), seed=4, max_steps=steps)
    return GameSession("castle_heart", players, start=start)


def test_everything_view_shows_every_identity_soldier_and_hp():
    session = session_after(90)
    board = CastleHeartBoard(session)
    view = session.state.view(None, with_log=False)
    body = board._html.value
    assert body.count('class="re-ch-seat') == len(view["players"]) == 5
    assert "identity hidden" not in body
    soldiers = sum(len(p["soldiers"]) for p in view["players"])
    assert body.count('class="re-face re-ch-soldier"') == soldiers
    pips = sum(p["max_hp"] for p in view["players"])
    assert len(re.findall(r'class="re-ch-pip', body)) == pips


def test_a_players_view_hides_the_others_unrevealed_identities():
    session = session_after(90)
    board = CastleHeartBoard(session, viewer=2, lang="zh")
    view = session.state.view(2, with_log=False)
    assert board.last_view == view
    hidden = sum(1 for p in view["players"] if explorer.is_hidden(p["identity"]))
    assert hidden >= 1 and board._html.value.count("身份未知") == hidden
