"""Issue 31, point 2: after a click, the table says truly what it played — the person's own steps (their choice, a
shortcut's steps, a forced move taken for them) and the steps of bots and dice — never "Bots and dice played 0
step(s)" after a shortcut that played the person's own steps. Expectations come from the explored tree: which
player decided each step the click added."""

from __future__ import annotations

import random

import pytest

from widgets.i18n import label
from widgets.play.play_area import PlayArea

SEED = 7
CLICKS = 16  # enough for twins, End turn and walks in both games (SEED 7's MOBA: walks and twins from click 10)


def steps_of_the_click(session, before):
    """(the person's nodes, the count of the others) between ``before`` and the node now shown."""
    added = session.path()[before.depth + 1:]
    mine = [n for n in added if n.parent.state.current_player == 0]
    return mine, len(added) - len(mine)


def click(area, bot) -> str:
    """The person's next click, as the scripted person of bench/clicks.py makes it: a walk, End turn, a twin or
    the choice's button (the greedy bot's choice); returns which."""
    s, picker = area.session, area.picker
    wanted = bot.choose(s.state, random.Random(f"person#{s.node_id}"))
    walks = [path for path in s.walks().values() if path[0] == wanted]
    if walks:
        picker.walk_for(walks[0][-1], then=len(walks[0]) % 2 == 0).click()
        return "walk"
    if wanted == s.turn_pass():
        picker._end_turn.click()
        return "end turn"
    if picker.twin_for(wanted) is not None:
        picker.twin_for(wanted).click()
        return "twin"
    picker.button_for(wanted).click()
    return "button"


@pytest.mark.parametrize("game_id", ["eternal_breath", "card_moba"])
def test_every_click_says_what_it_played_for_the_person_and_for_bots_and_dice(game_id):
    area = PlayArea(game_id, seed=SEED, opponent="greedy")
    s = area.session
    bot = s.game.bots()["greedy"]()
    kinds = set()
    for _ in range(CLICKS):
        if s.state.current_player != 0:  # over, or the bots' step bound reached
            break
        before = s.node
        kinds.add(click(area, bot))
        mine, others = steps_of_the_click(s, before)
        if mine:
            assert s.notice["key"] == "played"
            assert list(s.notice["fields"]["mine"]) == mine and s.notice["fields"]["n"] == others
        for lang in ("en", "zh"):
            text = s.notice_text(lang, 0)
            assert (label("bots_played", lang, n=others) in text) == (others > 0), text
            if len(mine) == 1:
                assert text.startswith(label("chose", lang, step=mine[0].depth, what=""))
            else:
                assert text.startswith(label("played_yours", lang, n=len(mine), what="")[:6])
            for node in mine[:6]:
                assert s.describe_step(node, lang, 0).rstrip(".。") in text
    assert "button" in kinds and kinds & {"twin", "walk", "end turn"}  # plain clicks and shortcuts were both checked


def test_a_shortcut_of_two_own_steps_is_never_told_as_zero_bot_steps():
    """The issue's case: a "…, then end the phase" click whose two steps were the person's own."""
    area = PlayArea("eternal_breath", seed=SEED, opponent="greedy")
    s = area.session
    s.autoplay = False  # bots wait: the click's steps are the person's two alone
    bot = s.game.bots()["greedy"]()
    for _ in range(200):
        wanted = bot.choose(s.state, random.Random(f"person#{s.node_id}"))
        if s.state.current_player == 0 and area.picker.twin_for(wanted) is not None:
            break
        if s.state.current_player == 0:
            area.picker.button_for(wanted).click()
        s.run_bots()
    before = s.node
    area.picker.twin_for(wanted).click()
    mine, _ = steps_of_the_click(s, before)
    assert len(mine) == 2 and mine[0].action == wanted
    for lang in ("en", "zh"):
        text = s.notice_text(lang, 0)
        assert text.startswith(label("played_yours", lang, n=2, what="")[:6])
        assert label("bots_played", lang, n=0) not in text
        assert all(n.action.describe(lang).rstrip(".。") in text for n in mine)


def test_let_bots_play_with_nothing_to_play_says_why_not_zero():
    """Issue 31: "Bots and dice played 0 step(s)." read as if something had happened; the notice says why nothing
    moved: a person decides now, or the game is over."""
    area = PlayArea("eternal_breath", seed=SEED, opponent="greedy")
    s = area.session
    assert s.state.current_player == 0 and s.run_bots() == 0
    for lang in ("en", "zh"):
        assert s.notice_text(lang) == label("nothing_yours", lang)
    s.seats = {0: "greedy", 1: "greedy"}
    s.run_bots(limit=5000)
    assert s.state.is_terminal and s.run_bots() == 0
    for lang in ("en", "zh"):
        assert s.notice_text(lang) == label("nothing_over", lang)
