"""The Voilà app, as `make app` serves it, in real chromium: it loads, lists every game, switches language."""

from __future__ import annotations

import pytest
from voila_server import ROOT, browser_page, voila_server

import explorer

APP = ROOT / "notebooks" / "app.ipynb"


@pytest.mark.browser
def test_app_loads_with_widgets_and_switches_to_chinese(chromium_path, output_dir):
    with voila_server(APP) as url, browser_page(chromium_path) as page:
        page.goto(url, timeout=120_000)
        picker = page.locator(".re-game-picker select")
        picker.wait_for(state="visible", timeout=120_000)
        offered = picker.locator("option").all_inner_texts()
        shipped = [g for g in explorer.game_ids() if g != "toy_duel"]  # the toy game lives in tests/ only
        assert len(offered) == len(shipped) >= 3
        table = page.locator(".re-registers")
        table.wait_for(state="visible")
        first_game = explorer.game_ids()[0]
        assert explorer.rules(first_game)[0].id in table.inner_text()
        page.locator(".re-language button", has_text="中文").click()
        page.wait_for_function("document.querySelector('.re-registers').innerText.includes('规则条款')")
        assert explorer.rules(first_game)[0].zh[:8] in table.inner_text()
        page.screenshot(path=str(output_dir / "app.png"), full_page=True)
