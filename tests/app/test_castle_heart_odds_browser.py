"""城堡之心's Odds tab in the app (real launcher, real chromium), on a laptop (1280×800) and a phone (390×844),
in English and in 中文: choose the game, open Odds, move a control, and the text and the figure change; step
the sample game and the who-is-who table follows. Screenshots go to test-output/."""

from __future__ import annotations

import pytest
from page_fit import cut_texts
from voila_server import browser_page

import explorer

LONG = 120_000
FIGURE_Y = "() => JSON.stringify(document.querySelector('.re-ch-odds .js-plotly-plot').data.map(t => [t.x, t.y]))"


def changed(page, selector: str, before: str) -> None:
    page.wait_for_function("([s, b]) => { const e = document.querySelector(s); "
                           "return e !== null && e.innerText !== b; }",
                           arg=[selector, before],
                           timeout=LONG)


def nudge(page, control: str, key: str, times: int) -> None:
    handle = page.locator(f".re-ch-odds .re-ch-{control} .noUi-handle")
    handle.focus()
    for _ in range(times):
        page.keyboard.press(key)


def fits(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_castle_heart_odds_in_the_app(chromium_path, output_dir, app_url, width, height):
    url = app_url
    with browser_page(chromium_path, width=width, height=height) as page:
        page.goto(url, timeout=LONG)
        picker = page.locator(".re-game-picker select")
        picker.wait_for(state="visible", timeout=LONG)
        game = explorer.get_game("castle_heart")
        picker.select_option(label=f"{game.name_zh} · {game.name_en}")
        page.locator(".re-app-tabs .lm-TabBar-tab", has_text="Odds").first.click()
        summary = page.locator(".re-ch-odds .re-ch-summary")
        summary.wait_for(state="visible", timeout=LONG)
        page.locator(".re-ch-odds .js-plotly-plot").first.wait_for(timeout=LONG)

        # English, the missile ring: a lower hero HP changes the text and the figure.
        before, figure = summary.inner_text(), page.evaluate(FIGURE_Y)
        assert "Missile ring" in before
        assert cut_texts(page, ".re-ch-odds") == []  # each question's name whole (issue 31: "Missile ring (飞弹戒…")
        nudge(page, "ring-hp", "ArrowLeft", 2)
        changed(page, ".re-ch-odds .re-ch-summary", before)
        page.wait_for_function(f"(f) => ({FIGURE_Y})() !== f", arg=figure, timeout=LONG)
        page.screenshot(path=str(output_dir / f"castle-heart-odds-ring-en-{width}.png"), full_page=True)

        # Who is who: stepping the sample game updates the table.
        page.locator(".re-ch-odds .re-ch-topic button", has_text="Who is who").click()
        table = page.locator(".re-ch-odds .re-ch-who")
        table.wait_for(state="visible", timeout=LONG)
        before = summary.inner_text()
        nudge(page, "step", "ArrowRight", 3)
        changed(page, ".re-ch-odds .re-ch-summary", before)
        assert "Lord" in table.inner_text() and "(this seat)" in table.inner_text()
        page.screenshot(path=str(output_dir / f"castle-heart-odds-who-en-{width}.png"), full_page=True)
        assert " phase play" not in summary.inner_text() and "Player " in summary.inner_text()  # names, not codes

        # 中文: the labels follow; another seat's view changes the table and the figure.
        page.locator(".re-lang button", has_text="中文").click()
        page.wait_for_function("() => (document.querySelector('.re-ch-odds .re-ch-who')?.innerText ?? '')"
                               ".includes('城主')",
                               timeout=LONG)
        before_table, figure = table.inner_text(), page.evaluate(FIGURE_Y)
        nudge(page, "seat", "ArrowRight", 1)
        changed(page, ".re-ch-odds .re-ch-who", before_table)
        assert "本座位" in table.inner_text()
        page.wait_for_function(f"(f) => ({FIGURE_Y})() !== f", arg=figure, timeout=LONG)
        page.screenshot(path=str(output_dir / f"castle-heart-odds-who-zh-{width}.png"), full_page=True)
        assert fits(page), "the who-is-who table scrolls the page sideways"

        # 中文, one attack: 骑士铠甲 halves the expected damage of a melee attack.
        page.locator(".re-ch-odds .re-ch-topic button", has_text="一次剑攻击").click()
        page.wait_for_function("() => document.querySelector('.re-ch-odds .re-ch-summary').innerText"
                               ".includes('期望伤害')", timeout=LONG)
        before = summary.inner_text()
        page.locator(".re-ch-odds .re-ch-armour input").check()
        changed(page, ".re-ch-odds .re-ch-summary", before)
        assert "0.500 (1/2)" in summary.inner_text()
        page.screenshot(path=str(output_dir / f"castle-heart-odds-attack-zh-{width}.png"), full_page=True)
        assert fits(page), "the Odds tab scrolls sideways"
        assert cut_texts(page, ".re-ch-odds") == []
