"""The event chain a person reads (issue 30), for each game after a real turn, in chromium at 1280×800 and 390×844,
in English and 中文: no two boxes overlap, no text is cut by its box or ends in "…", nothing lies outside the
picture, nothing scrolls sideways; a click on a box rings its "Why?" chain; the whole game reads whole too (its
other chains closed to a line a person opens). The game is a share link (``?play=``) of greedy bots' moves, seen
from Player 0's seat as the link opens it. Screenshots go to test-output/."""

from __future__ import annotations

import random

import pytest
from graph_page import chain_problems, click_an_event
from support import PerGame, games
from voila_server import browser_page, wait_for_kernel

import explorer
from explorer.event_scopes import turn_marks
from explorer.links import link_code

LONG = 180_000
TABS = {"en": "Event chains", "zh": "事件链"}
WHOLE = {"en": "whole game", "zh": "整局"}  # the scope's button
TABLES = PerGame(eternal_breath=2, card_moba=2, castle_heart=5)


def mid_turn(game_id: str, players: int, seed: int = 5, events: int = 12) -> explorer.State:
    """A game of greedy bots (the bots' limits on) stopped at a person's decision once its current turn (or
    round) holds at least ``events`` events: a real turn, with attacks and their answers."""
    game = explorer.get_game(game_id)
    state = explorer.new_game(game_id, players, game.bounded_variant(players))
    bot, rng = game.bots()["greedy"](), random.Random(seed)
    for _ in range(5000):
        if state.is_terminal:
            break
        marks = turn_marks(state.log)
        now = max(marks.values(), default=0)
        in_turn = sum(1 for period in marks.values() if period == now)
        if now >= 2 and in_turn >= events and state.current_player >= 0:
            return state
        who = state.current_player
        state = state.apply(explorer.sample_chance(state.chance_outcomes(), rng) if who == explorer.CHANCE
                            else bot.choose(state, rng))
    raise AssertionError(f"no turn of {events} events in a {game_id} game of seed {seed}")


def check(page, shot: str, output_dir) -> int:
    """The picture reads whole; a screenshot of it; the number of boxes shown."""
    wait_for_kernel(page, quiet=0.1)
    found = chain_problems(page)
    assert found["problems"] == [], found
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.locator(".re-event-graph .re-chain").first.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / shot), full_page=False)
    return found["count"]


@pytest.mark.browser
@pytest.mark.parametrize("game_id", games())
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_each_games_turn_reads_whole_in_both_languages(chromium_path, output_dir, app_url, width, height, game_id):
    code = link_code(mid_turn(game_id, TABLES[game_id]))
    with browser_page(chromium_path, width=width, height=height) as page:
        page.goto(app_url.rstrip("/") + f"/?play={code}&lang=en", timeout=LONG)
        page.locator(".re-action-picker .re-decider").wait_for(state="visible", timeout=LONG)
        for lang in ("en", "zh"):
            if lang == "zh":
                page.locator(".re-lang button", has_text="中文").click()
            page.locator(".re-app-tabs .lm-TabBar-tab", has_text=TABS[lang]).first.click()
            page.locator(".re-event-graph .re-chain-box").first.wait_for(state="visible", timeout=60_000)
            if lang == "zh":  # the boxes redrawn in 中文
                page.wait_for_function("() => /[\\u4e00-\\u9fff]/.test(document.querySelector("
                                       "'.re-event-graph .re-chain-text').textContent)", timeout=60_000)
            shown = check(page, f"chain-{game_id}-turn-{lang}-{width}.png", output_dir)
            assert shown >= 5, shown
            point = click_an_event(page)  # a person's click rings the chain that led to it, read out below
            page.wait_for_function("(p) => document.querySelector('.re-graph-why').innerText.includes(p)",
                                   arg=explorer.get_game(game_id).info.clause_prefix + "-", timeout=60_000)
            page.wait_for_function("(p) => { const b = document.querySelector("
                                   "`.re-event-graph .re-chain-box[data-id=\"${p}\"]`); "
                                   "return b && b.classList.contains('re-chain-on'); }", arg=point, timeout=60_000)
            check(page, f"chain-{game_id}-why-{lang}-{width}.png", output_dir)
            folded = page.locator(".re-event-graph .re-chain-run-title:visible")
            if folded.count():  # routine events open on a click, and still read whole
                folded.first.click()
                check(page, f"chain-{game_id}-opened-{lang}-{width}.png", output_dir)
            whole = page.locator(".re-graph-scope button").nth(4)  # this step, this turn, around, by turn, whole game
            assert whole.inner_text().strip() == WHOLE[lang]
            whole.click()
            page.wait_for_function("() => document.querySelectorAll('.re-event-graph .re-chain-block').length > 1",
                                   timeout=60_000)
            check(page, f"chain-{game_id}-game-{lang}-{width}.png", output_dir)
            page.locator(".re-graph-scope button").nth(1).click()  # back to this turn for the next language
