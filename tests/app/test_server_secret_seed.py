"""Secrets stay secret (issue 18, item 3): the app's chance comes from a seed drawn per session from the
operating system, so nobody can replay the page's game privately with a guessed seed and read the bots'
identities, hands and the deck order.

In real chromium, the app (widgets/serve.py, as `make app` serves it) plays 城堡之心 · Castle Heart up to the
person's first decision (dealt identities, heroes, draws: 17 chance steps and bot moves) and the page's whole-game
log is read. The same table is then replayed here with every small seed (0..999) and the fixed defaults the app
used before issue 18 (0 and 2026): none reproduces the page's log. The comparison is shown to have the power to
find a match: the same seed gives the same log, and the 1,002 replays are pairwise different."""

from __future__ import annotations

import pytest
from voila_server import ROOT, browser_page, launcher_server

import explorer
from widgets.event_log import EventLog
from widgets.game_session import PERSON, GameSession
from widgets.play_area import PlayArea

GAME = "castle_heart"
DOCUMENTED_DEFAULTS = (0, 2026)  # the app's fixed seeds before issue 18 (README history, tests/widgets)
SMALL_SEEDS = range(1000)
LONG = 180_000


def table_log(seed: int) -> tuple[str, ...]:
    """What the Play tab's whole-game log shows after Next up to the person's first decision, had the
    table been seeded with ``seed`` (the table PlayArea.reset builds: seat 0 a person, the others its bot)."""
    area = PlayArea(GAME, seed=seed)  # one reference table: players, bots and scenario as the app sets them
    session = GameSession(GAME, area.players, seed=seed, autoplay=True,
                          seats={k: area.session.seats[k] for k in range(area.players)})
    while session.forward():
        pass
    log = EventLog(session, lang="en", viewer=area.event_log.viewer, scope="game")
    return tuple(" ".join(text.split()) for text, _id in log._list.options)


def page_log(page, url: str) -> tuple[str, ...]:
    page.goto(url, timeout=LONG)
    page.locator(".re-game-picker select").wait_for(state="visible", timeout=LONG)
    game = explorer.get_game(GAME)
    page.locator(".re-game-picker select").select_option(label=f"{game.name_zh} · {game.name_en}")
    page.locator(".re-app-tabs .lm-TabBar-tab", has_text="Play").first.click()
    rows = page.locator(".re-log-list option")
    for _ in range(40):  # Next until the person decides (then Next only says it waits)
        before = rows.count()
        page.locator(".re-next").click()
        page.wait_for_timeout(400)
        if rows.count() == before and before:
            page.wait_for_timeout(1000)
            if rows.count() == before:
                break
    page.locator(".re-log-scope button", has_text="whole game").click()
    page.wait_for_timeout(1500)
    return tuple(" ".join(row.split()) for row in rows.all_inner_texts())  # a <select> shows spaces as NBSP


def test_the_same_seed_gives_the_same_log_and_the_seat_plan_is_the_apps():
    assert PERSON == PlayArea(GAME).session.seats[0]
    assert table_log(77) == table_log(77) and len(table_log(77)) >= 10


@pytest.mark.browser
@pytest.mark.timeout(1800)
def test_no_small_seed_or_documented_default_replays_the_pages_game(chromium_path):
    with launcher_server(ROOT / "notebooks" / "app.ipynb", timeout=180) as (url, _server), \
            browser_page(chromium_path, height=1400) as page:
        shown = page_log(page, url)
    assert len(shown) >= 10 and any("dealt" in row for row in shown), shown
    replays = {seed: table_log(seed) for seed in (*DOCUMENTED_DEFAULTS, *SMALL_SEEDS)}
    assert len(set(replays.values())) == len(replays), "two seeds gave one log: the comparison lacks power"
    clauses = {tuple(row.split("]")[0] for row in log) for log in replays.values()}
    assert tuple(row.split("]")[0] for row in shown) in clauses, "the page's log is not read as the replays are"
    assert [seed for seed, log in replays.items() if log == shown] == []
