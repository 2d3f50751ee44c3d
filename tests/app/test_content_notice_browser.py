"""A broken content file, as a person sees it in the app (real launcher, real chromium): the page still opens,
the broken game is not offered, and a notice names the file and the field — in English and in 中文, on a laptop
(1280×800) and on a phone (390×844), without sideways scrolling."""

from __future__ import annotations

import pytest
from voila_server import ROOT, browser_page, launcher_server

LONG = 120_000


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_broken_deck_file_is_named_on_the_page_and_its_game_left_out(chromium_path, output_dir, tmp_path,
                                                                      width, height):
    (tmp_path / "castle_heart").mkdir()
    deck = tmp_path / "castle_heart" / "deck.sample.toml"
    deck.write_text('sample = true\n[[card]]\nid = ""\n', encoding="utf-8")
    env = {"RULES_EXPLORER_CONTENT": str(tmp_path)}
    with launcher_server(ROOT / "notebooks" / "app.ipynb", env=env) as (url, _proc), \
            browser_page(chromium_path, width=width, height=height) as page:
        page.goto(url, timeout=LONG)
        notice = page.locator(".re-content-notice .re-content-error")
        notice.wait_for(state="visible", timeout=LONG)
        text = notice.inner_text()
        assert str(deck) in text and "castle_heart is left out" in text
        options = page.locator(".re-game-picker select option").all_inner_texts()
        assert len(options) == 2 and not any("城堡之心" in o for o in options)
        page.locator(".re-lang button", has_text="中文").click()  # the notice follows the language switch
        page.wait_for_function(
            "() => document.querySelector('.re-content-notice .re-content-error').innerText.includes('未载入')")
        assert str(deck) in notice.inner_text()
        box, page_width = notice.bounding_box(), page.evaluate("() => window.innerWidth")
        assert box["x"] >= 0 and box["x"] + box["width"] <= page_width + 1, "the notice runs off the screen"
        inner = page.evaluate("() => { const e = document.querySelector('.re-content-notice .re-content-error');"
                              " return [e.scrollWidth, e.clientWidth]; }")
        assert inner[0] <= inner[1] + 1, "the notice's text is cut instead of wrapped"
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        page.screenshot(path=str(output_dir / f"app-broken-content-{width}.png"), full_page=False)
