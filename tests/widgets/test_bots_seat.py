"""BotsSeat: a person or a bot per seat; bots play on their turn."""

from __future__ import annotations

import pytest
import traitlets
from support import games
from widget_helpers import attack, draw, script, toy_session

from explorer import TERMINAL
from widgets.play.bots_seat import BotsSeat


def test_menus_set_the_sessions_seats_from_the_games_bot_menu():
    s = toy_session()
    b = BotsSeat(s)
    assert [v for _, v in b._menus[0].options] == ["person", "random"]
    b.set_seat(1, "random")
    assert s.seats == {0: "person", 1: "random"}
    with pytest.raises(traitlets.TraitError):
        b.set_seat(0, "deep-blue")
    assert s.seats == {0: "person", 1: "random"}


def test_play_against_a_bot_with_autoplay():
    s = toy_session()
    b = BotsSeat(s)
    b.set_seat(1, "random")
    b._auto.value = True
    assert s.autoplay
    script(s, draw("shield"))
    s.choose(attack(0, 1))
    assert s.state.current_player in (0, TERMINAL)
    assert any(a.player == 1 for a in s.state.history)


def test_let_bots_play_button_runs_to_a_persons_decision():
    s = toy_session()
    b = BotsSeat(s)
    b.set_seat(0, "random")
    b._go.click()
    assert s.state.current_player in (1, TERMINAL)
    assert "Bots and dice played" in s.notice_text("en")


@pytest.mark.parametrize("game_id", games())
def test_every_bot_of_the_three_games_has_a_chinese_name_in_the_menu(game_id):
    import explorer
    from widgets.play.bots_seat import BOT_NAMES
    from widgets.play.game_session import GameSession

    s = GameSession(game_id, explorer.get_game(game_id).min_players)
    labels = [text for text, _ in BotsSeat(s, lang="zh")._menus[0].options][1:]
    assert len(labels) == len(s.bot_names) >= 3
    for name, text in zip(s.bot_names, labels, strict=True):
        assert text == f"机器人：{BOT_NAMES[name]}" and name not in text
    english = [text for text, _ in BotsSeat(s, lang="en")._menus[0].options][1:]
    assert english == [f"Bot: {name}" for name in s.bot_names]
