"""PlayArea: a table for every registered game, rebuilt on a game or player-count change, bad values refused."""

from __future__ import annotations

import html

import pytest
import traitlets
from support import PerGame, games

import explorer
from widgets.games.card_moba.board import CardMobaBoard
from widgets.games.castle_heart.board import CastleHeartBoard
from widgets.games.eternal_breath.board import EternalBreathBoard
from widgets.play.play_area import PlayArea

SHIPPED = games()


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_game_gets_a_table_that_steps(game_id):
    area = PlayArea(game_id, opponent="greedy")
    game = explorer.get_game(game_id)
    assert area.session.game_id == game_id and game.min_players <= area.players <= game.max_players
    boards = PerGame(eternal_breath=EternalBreathBoard, card_moba=CardMobaBoard, castle_heart=CastleHeartBoard)
    assert isinstance(area.board, boards[game_id])  # a game with no board of its own: StateBoard
    area.session.seats = {k: "random" for k in range(area.players)}  # nobody waits for a person
    before = area.session.step
    area.controls._next.click()
    assert area.session.step == before + 1 or area.session.state.is_terminal
    assert area.graph in area.graph_panel.children


def test_changing_game_rebuilds_the_table_and_the_graph_panel():
    area = PlayArea("eternal_breath", opponent="greedy")
    old_graph = area.graph
    area.game_id = "castle_heart"
    assert area.session.game_id == "castle_heart" and area.players >= 3
    assert area.graph is not old_graph and area.graph_panel.children == (area.graph,)


def test_bad_values_from_the_browser_are_refused():
    area = PlayArea("eternal_breath", opponent="greedy")
    with pytest.raises(traitlets.TraitError):
        area.game_id = "chess"
    with pytest.raises(traitlets.TraitError):
        area.players = 99
    area._players.value = 2  # the box itself is bounded; a legal count is taken
    assert area.players == 2
    with pytest.raises(traitlets.TraitError):
        area.lang = "fr"


def test_language_reaches_every_part():
    area = PlayArea("card_moba", opponent="greedy")
    area.lang = "zh"
    assert all(part.lang == "zh" for part in area.parts)


def test_the_board_shows_only_the_viewers_view():
    # another seat's view: the teacher's table (issue 38, item 6)
    area = PlayArea("castle_heart", teacher=True, opponent="greedy")
    for _ in range(30):
        area.controls._next.click()
    area.board.viewer = 1
    assert area.board.last_view == area.session.state.view(1, with_log=False)
    assert area.picker.viewer == 1


def test_a_scenario_starts_the_table_from_a_ready_made_state():
    area = PlayArea("eternal_breath", opponent="greedy")
    area._start.value = "combat_ready"
    assert area.scenario == "combat_ready"
    assert area.session.state == explorer.get_game("eternal_breath").scenarios()["combat_ready"].make()
    assert any(a.kind == "attack" for a in area.session.state.legal_actions())
    area.game_id = "card_moba"  # another game starts from a new game
    assert area.scenario == "" and area.session.state.history == ()
    with pytest.raises(traitlets.TraitError):
        area.scenario = "no_such_scenario"


def test_the_table_says_each_notice_once():
    """The picker and the step controls both report the session's notice; the table shows it once, by the
    decision (the step controls' copy is hidden), and the picker's copy is the notice itself."""
    area = PlayArea("eternal_breath", seed=4, opponent="greedy")
    area.session.refuse("not_yours", who=1)
    shown = [w for w in (area.picker._notice, area.controls._notice) if w.layout.display != "none"]
    assert shown == [area.picker._notice]
    said = area.session.notice_text("en", 0)
    assert said and html.escape(said) in area.picker._notice.value


def test_a_new_table_seats_the_games_best_bot_unless_told_another_and_refuses_an_unknown_one():
    """The person plays the game's strong bot by default (a person's table); ``opponent`` names another (tests
    that are not about the bot play greedy: ten times quicker); a bot the game lacks is refused, naming the ones it
    has."""
    game_id = "castle_heart"
    assert "strong" in explorer.get_game(game_id).bots()
    area = PlayArea(game_id, seed=3)
    assert area.session.seats == {0: "person", **{k: "strong" for k in range(1, area.players)}}
    quick = PlayArea(game_id, seed=3, opponent="greedy")
    assert quick.session.seats == {0: "person", **{k: "greedy" for k in range(1, quick.players)}}
    quick.new_game()  # a new game at the same table keeps its opponent
    assert set(quick.session.seats.values()) == {"person", "greedy"}
    with pytest.raises(ValueError, match=r"no bot 'deep-blue'.*greedy"):
        PlayArea(game_id, opponent="deep-blue")
