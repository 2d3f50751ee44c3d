"""The board in a real browser: Voilà serves tests/browser/board_app.ipynb, Debian's chromium drives it.

Step forward ten times, go back three, choose another action, see the branch; revisit both branches
from the branch selector; view the board as player 1 (a face-down draft pick stays hidden, exactly as
``state.view(1)`` masks it); read a clause in both languages; switch every component to 中文; play with the Play widget.
Screenshots go to test-output/. RE_BOARD_GAME=toy_duel runs it on the core's toy game instead.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from voila_server import browser_page, voila_server

import explorer
from explorer.games.eternal_breath.content import card
from widgets.i18n import label
from widgets.play.game_session import GameSession

HERE = Path(__file__).parent
NOTEBOOK = HERE / "board_app.ipynb"
GAME = os.environ.get("RE_BOARD_GAME", "eternal_breath")
LOAD_TIMEOUT = 120_000  # ms: a cold Voilà kernel on a busy 2-core machine


def wait_step(page, step: int, depth: int) -> None:
    page.wait_for_function(
        "([s, d]) => { const e = document.querySelector('.re-board-step');"
        " return e && e.textContent.trim() === `Step ${s} / ${d}`; }", arg=[step, depth], timeout=30_000)


def check_player_view(page) -> None:
    """At step 7 (the draft) in player 1's view, player 0's face-down pick is hidden, as view(1) says."""
    s = GameSession(GAME, 2, seed=2026, seats={0: "random", 1: "random"})  # the fixture's seed and seats
    for _ in range(7):
        s.forward()
    secret = s.state.view(None)["players"][0]["picks"]
    masked = s.state.view(1)["players"][0]["picks"]
    assert secret and masked == {"hidden": True, "count": len(secret)}
    secret = [card(c).en for c in secret]  # the board shows a card by its name, never its catalogue id
    picks = ".re-eb-player-0 .re-eb-picks"
    assert all(name in page.inner_text(picks) for name in secret)  # everything: the pick is shown
    page.locator(".re-viewer select").select_option(label="Player 1")
    page.wait_for_function("s => document.querySelector(s).textContent.includes('1 hidden card')", arg=picks)
    assert not any(name in page.inner_text(".re-eb-board") for name in secret)
    page.locator(".re-viewer select").select_option(label=label("everything", "en"))
    page.wait_for_function("([s, c]) => document.querySelector(s).textContent.includes(c)", arg=[picks, secret[0]])


@pytest.mark.browser
def test_ten_forward_three_back_another_choice_shows_the_branch(chromium_path, output_dir):
    env_game = os.environ.get("RE_BOARD_GAME")
    os.environ["RE_BOARD_GAME"] = GAME
    try:
        with voila_server(NOTEBOOK, timeout=120) as url, browser_page(chromium_path, height=1400) as page:
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url, timeout=LOAD_TIMEOUT)
            page.wait_for_selector("button.re-next", timeout=LOAD_TIMEOUT)
            wait_step(page, 0, 0)
            taken = {}
            for k in range(1, 11):
                page.click("button.re-next")
                wait_step(page, k, k)
                page.wait_for_function("k => document.querySelector('.re-step-notice').textContent"
                                       ".trim().startsWith(`Step ${k}:`)", arg=k, timeout=30_000)
                taken[k] = page.inner_text(".re-step-notice").strip()
            for k in (9, 8, 7):
                page.click("button.re-back")
                wait_step(page, k, 10)
            # another choice at step 7 than the one the first line took
            first_line = taken[8].split(":", 1)[1].strip()
            page.wait_for_selector(".re-actions button.re-action.re-at-step-7", timeout=30_000)
            buttons = page.locator(".re-actions button.re-action.re-at-step-7")
            texts = [t.strip() for t in buttons.all_inner_texts()]
            others = [i for i, t in enumerate(texts) if t.split(" · ")[0] != first_line]
            assert others, f"only one choice at step 7: {texts}"
            buttons.nth(others[0]).click()
            wait_step(page, 8, 8)
            page.wait_for_selector(".re-actions .re-at-step-8, .re-decider:has-text('must decide')", timeout=30_000)
            page.wait_for_function("document.querySelector('.re-step-notice').textContent.includes('Step 8:')")
            branch = page.locator(".re-branch select")
            options = [o.replace("\xa0", " ").strip() for o in branch.locator("option").all_inner_texts()]
            assert len(options) == 2, options
            assert "ends at step 10" in options[0] and re.search(r"forks at step 7, ends at step 8", options[1])
            assert not page.inner_text(".re-step-notice").startswith(taken[8])
            # the event chain is drawn as boxes (no FigureWidget bundle on the socket)
            page.wait_for_selector(".re-event-graph .re-chain-box", timeout=30_000)
            assert page.locator(".re-event-graph .re-chain-box:visible").count() >= 1
            page.screenshot(path=str(output_dir / "board_browser_branch.png"), full_page=True)
            # both branches revisitable
            branch.select_option(index=0)
            wait_step(page, 10, 10)
            branch.select_option(index=1)
            wait_step(page, 8, 8)
            page.click("button.re-back")
            wait_step(page, 7, 8)
            if GAME == "eternal_breath":
                check_player_view(page)
            # selecting an event shows its clause in Chinese and English with the seed section
            page.locator(".re-log-list select").select_option(index=0)
            page.wait_for_selector(".re-clause .re-clause-zh", timeout=30_000)
            detail = page.inner_text(".re-clause")
            clause = re.search(r"Clause (\S+)", detail).group(1)
            known = explorer.get_game(GAME).clause_index[clause]
            assert known.zh in detail and known.en in detail and known.section in detail
            # one language switch turns every component
            page.click(".re-lang button:has-text('中文')")
            page.wait_for_function("document.querySelector('.re-board-step').textContent.includes('第 7 步')")
            page.wait_for_function("document.querySelector('button.re-next').textContent.includes('下一步')")
            for selector, text in ((".re-decider", "随机"), (".re-event-log", "事件"), (".re-event-graph", "事件链"),
                                   (".re-bots-seat", "玩家 1"), (".re-step-controls", "分支")):
                page.wait_for_function("([s, t]) => document.querySelector(s).textContent.includes(t)",
                                       arg=[selector, text], timeout=30_000)
            page.screenshot(path=str(output_dir / "board_browser_zh.png"), full_page=True)
            # play: the Play widget ticks Next in the browser until stopped (it extends branch 2)
            page.locator(".re-play button").first.click()
            page.wait_for_function("document.querySelector('.re-board-step').textContent.includes('第 10 步')",
                                   timeout=60_000)
            page.locator(".re-play button").nth(1).click()  # stop
            assert len(branch.locator("option").all_inner_texts()) == 2
            assert not errors, errors
    finally:
        if env_game is None:
            os.environ.pop("RE_BOARD_GAME", None)
        else:
            os.environ["RE_BOARD_GAME"] = env_game
