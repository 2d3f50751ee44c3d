"""The app's Balance tab in real chromium: a 城堡之心 study of 100 games runs in the page with its progress bar, the
chart and the per-identity table appear, the language switch relabels the results; at 1280×800 and 390×844 (a phone)
nothing scrolls sideways and no label or button text is cut. Screenshots go to test-output/."""

from __future__ import annotations

import pytest
from page_fit import cut_texts
from voila_server import browser_page

LONG = 120_000


def open_tab(page, title: str) -> None:
    page.locator(".re-app-tabs .lm-TabBar-tab", has_text=title).first.click()


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height", "first", "then"), [(1280, 800, "en", "zh"), (390, 844, "zh", "en")])
def test_a_study_runs_in_the_balance_tab(chromium_path, output_dir, app_url, width, height, first, then):
    tab = {"en": "Balance", "zh": "平衡"}
    url = app_url
    with browser_page(chromium_path, width=width, height=height) as page:
        page.goto(url, timeout=LONG)
        page.locator(".re-game-picker select").wait_for(state="visible", timeout=LONG)
        if first == "zh":
            page.locator(".re-lang button", has_text="中文").click()
        page.locator(".re-game-picker select").select_option(label="城堡之心 · Castle Heart")
        open_tab(page, tab[first])
        lab = page.locator(".re-balance-lab")
        lab.wait_for(state="visible", timeout=30_000)
        run = lab.locator(".re-balance-run")
        assert run.is_visible() and run.bounding_box()["width"] >= 32
        run.click()
        status = lab.locator(".re-balance-status")   # the default study: 100 games
        done = "100 games" if first == "en" else "共 100 局"
        page.wait_for_function("() => (document.querySelector('.re-balance-status')?.innerText ?? '')"
                               f".includes('{done}')",
                               timeout=LONG)
        lab.locator(".js-plotly-plot").wait_for(state="visible", timeout=30_000)
        assert lab.locator(".js-plotly-plot").count() == 1
        assert ("by identity" if first == "en" else "按身份") in lab.locator(".re-balance-summary").inner_text()
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert cut_texts(page, ".re-balance-lab") == []
        page.screenshot(path=str(output_dir / f"balance-{width}-{first}.png"), full_page=False)

        page.locator(".re-lang button", has_text={"en": "English", "zh": "中文"}[then]).click()
        again = "100 games" if then == "en" else "共 100 局"
        page.wait_for_function("() => (document.querySelector('.re-balance-status')?.innerText ?? '')"
                               f".includes('{again}')",
                               timeout=30_000)
        by = "by identity" if then == "en" else "按身份"
        page.wait_for_function("() => (document.querySelector('.re-balance-summary')?.innerText ?? '')"
                               f".includes('{by}')",
                               timeout=30_000)
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert status.is_visible() and cut_texts(page, ".re-balance-lab") == []
        page.screenshot(path=str(output_dir / f"balance-{width}-{then}.png"), full_page=False)
