"""A plug-in game in the app, as a person sees it (issue 35; real launcher, real chromium): with the test plug-in
folder named in $RULES_EXPLORER_PLUGINS, the toy duel is offered beside the shipped games, its Play tab deals a
table on the generic board (a game without a board of its own) and takes a click, and the Odds tab says in the
page's language that it has none yet — on a laptop in English and on a phone in 中文, without sideways scrolling."""

from __future__ import annotations

import pytest
from page_fit import sideways
from play_page import LONG, open_play
from voila_server import ROOT, browser_page, launcher_server

import explorer

TOY = "toy_duel"  # tests/plugins/toy_game
PLUGINS = ROOT / "tests" / "plugins"


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1280, 800), ("zh", 390, 844)])
def test_a_plug_in_game_is_offered_played_and_told_apart(chromium_path, output_dir, lang, width, height):
    toy = explorer.get_game(TOY)
    with launcher_server(ROOT / "notebooks" / "app.ipynb", env={"RULES_EXPLORER_PLUGINS": str(PLUGINS)}) \
            as (url, _proc), browser_page(chromium_path, width=width, height=height) as page:
        open_play(page, url, lang, TOY)  # returns when the toy's decision (a TOY- clause) is on the page
        options = [o.replace("\xa0", " ") for o in page.locator(".re-game-picker select option").all_inner_texts()]
        assert f"{toy.name_zh} · {toy.name_en}" in options and len(options) == 4
        board = page.locator(".re-play-area .re-state-board")
        board.wait_for(state="visible", timeout=LONG)
        steps_before = page.locator(".re-action").count()
        assert steps_before > 0
        page.locator(".re-action.re-kind-pass").first.click(timeout=30_000)  # the person passes their turn
        page.wait_for_function("() => document.querySelector('.re-play-area .re-state-board').innerText"
                               ".match(/turn\\D*[1-9]/)", timeout=LONG)
        assert sideways(page) == 0, "the page scrolls sideways"
        page.screenshot(path=str(output_dir / f"app-plugin-toy-play-{lang}-{width}.png"), full_page=False)
        page.locator(".re-app-tabs .lm-TabBar-tab", has_text="概率" if lang == "zh" else "Odds").first.click()
        note = "暂无此功能" if lang == "zh" else "Not available for Toy dice duel yet"
        page.wait_for_function("(t) => [...document.querySelectorAll('.re-per-game')].some("
                               "e => e.offsetParent !== null && e.innerText.includes(t))", arg=note, timeout=LONG)
        page.screenshot(path=str(output_dir / f"app-plugin-toy-odds-{lang}-{width}.png"), full_page=False)
