"""The static site of `make site` (issue 18 item 4) in real chromium with no network beyond its own host: `_site/`
served by a plain `python -m http.server`, every request to any other address aborted and recorded (and a dead
proxy for anything a worker asks), the whole app running on Pyodide in the page. A game is picked, one move is
made in Play, a click on an event of Event chains reads its chain, the Odds tab draws its chart, the Balance tab
shows its note and the Rules tab shows that game's register (the app's own check cell does not run in a visitor's
page, so each tab is opened here); 1280×800 in English, 390×844 in 中文. Before the app shows, the loading panel
(issue 31 point 4) names its stages in the page's language (?lang=zh; in both without it) and moves through all
four, its bar filling as the kernel's worker fetches Python and the wheels; it is gone once the app shows."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest
from graph_page import chain_problems, click_an_event
from play_page import wait_for_the_games_decision
from support import IN_CI, ROOT
from voila_server import free_port, shared_browser

import explorer
from widgets.balance.lab import T as BALANCE_WORDS
from widgets.components.registers_view import TITLES as REGISTER_WORDS

SITE = ROOT / "_site"
LOAD = 420_000  # Pyodide starts and runs the whole app in the page: 1–3 min on a loaded 2-core machine
STEP = 120_000
# The loading panel's stages (binder/static_site/progress/panel.html), in order, in English and 中文.
STAGES = {"python": ("Loading Python (Pyodide)…", "正在加载 Python（Pyodide）…"),
          "packages": ("Installing packages…", "正在安装软件包…"),
          "kernel": ("Starting the kernel…", "正在启动内核…"),
          "app": ("Running the app notebook…", "正在运行应用笔记本…")}
# Records every stage the panel shows and how far its bar got (polled: the panel is removed at the end).
WATCH_THE_PANEL = """
window.__reLoad = {stages: [], widest: 0};
setInterval(() => {
  const panel = document.getElementById("re-load");
  if (!panel) return;
  const seen = window.__reLoad, stage = panel.dataset.stage;
  if (stage && seen.stages[seen.stages.length - 1] !== stage) seen.stages.push(stage);
  seen.widest = Math.max(seen.widest, parseFloat(panel.querySelector(".re-load-fill").style.width) || 0);
}, 40);
"""
# Anything not on the loopback goes to a closed port: no worker or service worker can reach another address.
OFFLINE = ("--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=127.0.0.1")


@pytest.fixture(scope="module")
def site_url():
    page = SITE / "voici" / "render" / "app.html"
    if not page.exists():
        if IN_CI:
            pytest.fail(f"{page.relative_to(ROOT)} is missing: run `make site` first")
        pytest.skip(f"{page.relative_to(ROOT)} is missing: run `make site` first (this fails under CI=true)")
    port = free_port()
    log = open(ROOT / "test-output" / f"static-site-{port}.log", "w") if (ROOT / "test-output").is_dir() else None
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(SITE)], stdout=log or subprocess.DEVNULL,
                              stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(base + "voici/render/app.html", timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)
        if log:
            log.close()


def check_the_loading_panel(page, lang: str, shot) -> None:
    """The panel shows before the app: its title and stages in the page's language (both when the address has no
    ?lang=), the other language hidden; it reaches the packages stage (the worker's downloads reach the page)."""
    panel = page.locator("#re-load")
    panel.wait_for(state="visible", timeout=STEP)
    assert page.locator(".re-game-picker select").count() == 0  # the app has not shown yet
    for en, zh in STAGES.values():
        for words, shown in ((en, lang != "zh"), (zh, True)):
            assert page.locator("#re-load li span", has_text=words).is_visible() == shown, (words, lang)
    page.wait_for_function("() => ['packages', 'kernel'].includes(document.getElementById('re-load')?.dataset.stage)",
                           timeout=LOAD)
    shot()


def open_tab(page, title: str) -> None:
    page.locator(".re-app-tabs .lm-TabBar-tab", has_text=title).first.click()


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "width", "height", "game_id"),
                         [("en", 1280, 800, "card_moba"), ("zh", 390, 844, "castle_heart")])
def test_the_static_site_runs_the_app_offline(site_url, chromium_path, output_dir, lang, width, height, game_id):
    asked_elsewhere: list[str] = []
    game = explorer.get_game(game_id)
    context = shared_browser(chromium_path, OFFLINE).new_context(viewport={"width": width, "height": height})
    try:
        def only_the_site(route):
            if route.request.url.startswith(site_url):
                route.continue_()
            else:
                asked_elsewhere.append(route.request.url)
                route.abort()

        context.route("**/*", only_the_site)
        context.on("request", lambda r: None if r.url.startswith((site_url, "data:", "blob:"))
                   else asked_elsewhere.append(r.url))
        page = context.new_page()
        page.add_init_script(WATCH_THE_PANEL)
        page.goto(site_url + "voici/render/app.html" + ("?lang=zh" if lang == "zh" else ""), timeout=STEP)
        check_the_loading_panel(page, lang, lambda: page.screenshot(
            path=str(output_dir / f"static-site-loading-{lang}-{width}.png"), full_page=False))
        picker = page.locator(".re-game-picker select")
        picker.wait_for(state="visible", timeout=LOAD)  # the app's first cell ran in Pyodide
        assert page.locator("#re-load").count() == 0  # the panel is gone once the app shows
        seen = page.evaluate("window.__reLoad")
        assert seen["stages"] == list(STAGES), seen  # every stage, in order
        assert seen["widest"] >= 80, seen  # the bar filled through the downloads and the cells
        page.locator(".re-app-tabs").wait_for(state="visible", timeout=STEP)

        if lang == "zh":
            page.locator(".re-lang button", has_text="中文").click()
            page.locator(".re-app-tabs .lm-TabBar-tab", has_text="对局").wait_for(timeout=STEP)
        picker.select_option(label=f"{game.name_zh} · {game.name_en}")

        # Play: one move of the person's seat; the event log grows. The picked game's table is built on Pyodide
        # when the game is first picked: its decision (citing its clauses) is awaited, not the first game's.
        open_tab(page, "对局" if lang == "zh" else "Play")
        wait_for_the_games_decision(page, game_id, LOAD)
        action = page.locator(".re-play-area .re-action:not([disabled])").first
        action.wait_for(state="visible", timeout=STEP)
        entries = page.locator(".re-log-list option").count()
        action.click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('.re-log-list option').length > n", arg=entries, timeout=STEP)
        page.screenshot(path=str(output_dir / f"static-site-play-{lang}-{width}.png"), full_page=False)

        # Event chains: the move's events drawn as boxes (anywidget in Pyodide); a click on one reads its chain.
        open_tab(page, "事件链" if lang == "zh" else "Event chains")
        page.locator(".re-event-graph .re-chain-box").first.wait_for(state="visible", timeout=STEP)
        assert chain_problems(page)["problems"] == []
        click_an_event(page, timeout=STEP)
        page.wait_for_function("(p) => document.querySelector('.re-graph-why').innerText.includes(p)",
                               arg=explorer.get_game(game_id).info.clause_prefix + "-", timeout=STEP)
        page.screenshot(path=str(output_dir / f"static-site-chains-{lang}-{width}.png"), full_page=False)

        # Odds: made when first opened (sympy and plotly imported then, in Pyodide); its chart is drawn.
        open_tab(page, "概率" if lang == "zh" else "Odds")
        page.locator(".re-odds-tab .js-plotly-plot").first.wait_for(state="visible", timeout=LOAD)
        assert "Traceback" not in page.locator(".re-odds-tab").inner_text()

        # Balance: Dask, pandas and threads are not in Pyodide: a note in the page's language, not a traceback.
        open_tab(page, "平衡" if lang == "zh" else "Balance")
        note = BALANCE_WORDS[lang]["static"].split("<code>")[0]
        page.locator(".re-balance-static").wait_for(state="visible", timeout=STEP)
        assert note in page.locator(".re-balance-static").inner_text()
        assert page.locator(".re-balance-run").is_disabled()
        assert "Traceback" not in page.locator(".re-balance-tab").inner_text()

        # Rules: the register of the picked game, in the page's language.
        open_tab(page, "规则" if lang == "zh" else "Rules")
        words = REGISTER_WORDS[lang]
        title = f"{words['clauses']} ({len(game.clauses)})"
        page.wait_for_function("(t) => document.querySelector('.re-registers').innerText.includes(t)",
                               arg=title, timeout=STEP)
        text = page.locator(".re-registers").text_content()
        assert all(c.id in text for c in game.clauses[:5])
        page.screenshot(path=str(output_dir / f"static-site-rules-{lang}-{width}.png"), full_page=False)
    finally:
        context.close()
    assert asked_elsewhere == [], f"the static site asked other addresses: {sorted(set(asked_elsewhere))[:10]}"
