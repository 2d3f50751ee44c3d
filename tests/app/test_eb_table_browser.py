"""永恒之息's Play table in the app (real launcher, real chromium), issue 14: a 2-player game played to its end
through the table from the person's own seat (seat 0, the default), the bot in the other seat, on a laptop
(1280×800) and a phone (390×844), in English and 中文.

The game is kept short the way the brief allows: a game the engine's greedy bots played to its end is cut at
the person's last decision a few steps before that end, saved (``State.to_json``) and loaded through the
table's own "Load a save" button; from there the person plays on by clicking ("End turn", else the first
offered action) and the strong bot answers with new dice, until the banner says who won and by which rule.
Checked on the way: the bot's hand and face-down characters (their names, from the engine state) are not in
the page's text nor any ``title``; no catalogue id (``atk_…``, ``trap_…``: the sample's card ids) is either;
on a laptop the decision's buttons are on screen without scrolling; on a phone nothing scrolls sideways and
buttons are at least 32 px wide. Screenshots go to test-output/.
永恒之息对局桌在真实浏览器中：读取临近结束的存档，以玩家0视角点击至游戏结束。"""

from __future__ import annotations

import random
import re

import pytest
from play_page import answered
from voila_server import browser_page

import explorer
from explorer import CHANCE, TERMINAL
from explorer.games.eternal_breath.content import sample
from widgets.games.eternal_breath.faces import face

LONG = 180_000
GAME = "eternal_breath"
TAB = {"en": "Play", "zh": "对局"}
LANG_BUTTON = {"en": "English", "zh": "中文"}
OPENED = {"en": "Opened", "zh": "已打开"}
OVER = {"en": ("Game over", "won", "nobody won"), "zh": ("游戏结束", "获胜", "无人获胜")}
IDS = re.compile(r"(?<![\w-])(" + "|".join(sorted(sample().cards, key=len, reverse=True)) + r")(?![\w-])")
TITLES = "() => [...document.querySelectorAll('[title]')].map(e => e.getAttribute('title')).join('\\n')"
PERSON_BUTTONS = ".re-play-area .re-end-turn:visible, .re-play-area button.re-action:visible"


def near_the_end(seed: int = 1, before: int = 8):
    """A 2-player game the greedy bots played to its end (seeded), cut at seat 0's last decision at least
    ``before`` steps before that end: a state where the person decides and the game is nearly over."""
    game = explorer.get_game(GAME)
    state, rng, bot = explorer.new_game(GAME, 2), random.Random(seed), game.bots()["greedy"]()
    states = [state]
    while state.current_player != TERMINAL and len(states) < 5000:
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = bot.choose(state, rng)
        state = state.apply(action)
        states.append(state)
    assert state.current_player == TERMINAL, "the greedy bots' game did not end"
    return next(s for s in reversed(states[:-before]) if s.current_player == 0)


def card_ids(value) -> set[str]:
    """Every catalogue id inside a view (any nesting)."""
    if isinstance(value, str):
        return {value} if IDS.fullmatch(value) else set()
    if isinstance(value, dict):
        return set().union(*(card_ids(v) for v in value.values()), set())
    if isinstance(value, list | tuple):
        return set().union(*(card_ids(v) for v in value), set())
    return set()


def secret_names(state, seen) -> set[str]:
    """The names (both languages) of the bot's cards seat 0 may not see: its hand and its face-down characters,
    read from the engine's whole state, less any card of the same name in ``seen`` (what seat 0 does see)."""
    theirs = state.game.full_view(state.data)["players"][1]
    hidden = card_ids(theirs.get("hand")) | card_ids([c for c in theirs.get("characters") or []
                                                       if isinstance(c, dict) and c.get("face_up") is False])
    return {n for i in hidden - card_ids(seen) for n in (face(i, "en").name_en, face(i, "zh").name_zh)}


def page_words(page) -> str:
    return page.inner_text("body") + "\n" + page.evaluate(TITLES)


BOT_BOX = ("(s) => { const b = document.querySelector(s); return b.innerText + '\\n' + "
           "[...b.querySelectorAll('[title]')].map(e => e.getAttribute('title')).join('\\n'); }")


def check_secrets(page, state) -> None:
    """The bot's hidden cards: their names nowhere on the page unless seat 0 sees a card of that name somewhere
    (the piles, its own hand…), and never in the bot's own box unless seat 0 sees that card of the bot's; the
    bot's hand shows no face, only how many cards it holds."""
    words, box = page_words(page), page.evaluate(BOT_BOX, ".re-play-area .re-eb-board .re-eb-player-1")
    nowhere = sorted(n for n in secret_names(state, state.view(0)) if n in words)
    assert not nowhere, f"the bot's hidden cards are readable on the page: {nowhere}"
    in_box = secret_names(state, state.view(0)["players"][1])
    assert in_box, "the bot hides nothing here: nothing would be checked"
    shown = sorted(n for n in in_box if n in box)
    assert not shown, f"the bot's hidden cards are readable in its box: {shown}"
    hand = page.locator(".re-play-area .re-eb-board .re-eb-player-1 .re-eb-hand")
    assert hand.locator("details.re-face").count() == 0
    held = len(state.game.full_view(state.data)["players"][1]["hand"])
    assert str(held) in hand.inner_text(), hand.inner_text()


def check_page(page, lang: str, width: int, height: int) -> None:
    """No catalogue id in the page's text or titles; the decision fits the screen."""
    words = page_words(page)
    found = IDS.search(words)
    assert found is None, f"a catalogue id on the page: {found.group(0)!r}"
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), "sideways scroll"
    buttons = page.locator(PERSON_BUTTONS)
    if width >= 1280 and buttons.count():
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        box = buttons.first.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, box
    for box in (b.bounding_box() for b in buttons.all()):
        assert box is None or box["width"] >= 32, box


def step_of(page) -> str:
    found = page.locator(".re-play-area .re-eb-board .re-board-step")
    return found.first.inner_text() if found.count() else ""


def person_clicks(page) -> str:
    """One click of the person's: "End turn" if offered, else the first action; else let the bots move."""
    for name, selector in (("end", ".re-play-area .re-end-turn:visible"),
                           ("action", ".re-play-area button.re-action:visible"),
                           ("roll", ".re-play-area .re-roll:visible"), ("bots", ".re-play-area .re-bots-go:visible")):
        found = page.locator(selector)
        if found.count():
            try:
                found.first.click(timeout=5_000)
                return name
            except Exception:  # redrawn under the click: look again
                return "missed"
    return "waited"


STEP_CHANGED = ("(b) => { const e = document.querySelector('.re-play-area .re-eb-board .re-board-step');"
                " return e !== null && e.textContent !== b; }")


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 800, "en"), (390, 844, "zh")])
def test_an_eternal_breath_game_to_its_end_through_the_table(chromium_path, output_dir, app_url, width, height, lang):
    start = near_the_end()
    with browser_page(chromium_path, width=width, height=height) as page:
        page.goto(app_url, timeout=LONG)
        picker = page.locator(".re-game-picker select")
        picker.wait_for(state="visible", timeout=LONG)
        game = explorer.get_game(GAME)
        picker.select_option(label=f"{game.name_zh} · {game.name_en}")
        if lang == "zh":
            page.locator(".re-lang button", has_text="中文").click()
            page.locator(".re-app-tabs .lm-TabBar-tab", has_text=TAB["zh"]).wait_for(timeout=30_000)
        page.locator(".re-app-tabs .lm-TabBar-tab", has_text=TAB[lang]).first.click()
        page.locator(".re-play-area .re-eb-board").first.wait_for(timeout=LONG)
        you = "（你）" if lang == "zh" else "(you)"
        page.locator(".re-play-area .re-eb-player-0", has_text=you).first.wait_for(timeout=LONG)

        with page.expect_file_chooser(timeout=LONG) as chooser:  # the table's own "Load a save" button
            page.locator(".re-play-area .re-load").first.click()
        chooser.value.set_files(files=[{
            "name": "near_the_end.json", "mimeType": "application/json", "buffer": start.to_json().encode()}])
        page.wait_for_function("(w) => document.querySelector('.re-play-area .re-table-file-msg')"
                               ".innerText.includes(w)", arg=OPENED[lang], timeout=LONG)
        page.locator(PERSON_BUTTONS).first.wait_for(state="visible", timeout=LONG)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(output_dir / f"eb-table-{lang}-{width}.png"), full_page=False)
        check_page(page, lang, width, height)
        check_secrets(page, start)

        done: dict[str, int] = {}
        for _ in range(150):
            if page.locator(".re-play-area .re-eb-over").count():
                break
            before = step_of(page)
            what = person_clicks(page)
            done[what] = done.get(what, 0) + 1
            answered(page, STEP_CHANGED, before)  # the bot and the dice answer in between
        over = page.locator(".re-play-area .re-eb-over")
        assert over.count(), f"no game over after {done}"
        assert done.get("end", 0) + done.get("action", 0) >= 1, done
        first, verb, nobody = OVER[lang]
        text = over.first.inner_text()
        assert first in text and (verb in text or nobody in text) and "EB-" in text, text
        over.first.scroll_into_view_if_needed()
        page.screenshot(path=str(output_dir / f"eb-table-over-{lang}-{width}.png"), full_page=False)
        check_page(page, lang, width, height)

        other = "en" if lang == "zh" else "zh"  # the other language: the same end in its own words
        page.locator(".re-lang button", has_text=LANG_BUTTON[other]).first.click()
        page.wait_for_function("(w) => document.querySelector('.re-play-area .re-eb-over').innerText.includes(w)",
                               arg=OVER[other][0], timeout=LONG)
        page.locator(".re-play-area .re-eb-over").first.scroll_into_view_if_needed()
        page.screenshot(path=str(output_dir / f"eb-table-over-{other}-{width}.png"), full_page=False)
        check_page(page, other, width, height)
        print(f"{lang} {width}: {done}")
