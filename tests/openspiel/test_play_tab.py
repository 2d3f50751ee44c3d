"""An OpenSpiel bot at a seat of the Play table (issue 33, point 4): a table's own bots sit beside the game's, the
seat menu offers them, and they play their seat's turns (their actions legal, from their seat's view)."""

from __future__ import annotations

import explorer
from widgets.play.game_session import PERSON, GameSession
from widgets.play.play_area import PlayArea

NAME = "openspiel-ismcts"


def _ismcts():
    from explorer.openspiel_bot import ISMCTS

    return ISMCTS(simulations=4)


def test_an_openspiel_bot_plays_its_seats_turns_at_a_bounded_table(registered):
    game = explorer.get_game("castle_heart")
    variant = game.bounded_variant(3)
    session = GameSession("castle_heart", 3, variant, seed=5, seats={0: "greedy", 1: NAME, 2: "greedy"},
                          bots={NAME: _ismcts})
    assert session.bot_names[-1] == NAME and session.bot_names[:4] == list(game.bots())
    session.run_bots(limit=300)
    played = [a for a in session.state.history if a.player == 1]
    assert played  # seat 1's turns were played by the OpenSpiel bot, each checked like anyone's (run_bots)
    assert isinstance(session._bot(NAME), type(_ismcts()))


def test_the_play_tables_seat_menu_offers_the_tables_own_bots(registered):
    area = PlayArea("castle_heart", players=3, seed=2, bots={NAME: _ismcts})
    labels = [value for _, value in area.bots_seat._menus[1].options]
    assert labels == [PERSON, *explorer.get_game("castle_heart").bots(), NAME]
    area_without = PlayArea("castle_heart", players=3, seed=2)
    assert NAME not in [value for _, value in area_without.bots_seat._menus[1].options]
