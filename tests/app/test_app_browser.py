"""The Voilà app, as `make app` serves it, in real chromium: it loads; Learn steps forward; in Play an
attack with loaded dice shows its damage in the log with the clause id; in Odds moving a slider changes
the chart; the language switch turns the labels to Chinese; a screenshot goes to test-output/. The page asks no
address but the server's (issue 18: Voilà's template links Font Awesome from a CDN) and logs no error (Voilà
loads every JupyterLab extension it finds: jupytext's failed in the page, and is denied in voila.json). Its only
warnings are JupyterLab's shared-module version notices (docs/sharing.md says why they stay)."""

from __future__ import annotations

import re

import pytest
from play_page import take
from support import games
from voila_server import browser_page, make_app_server, wait_for_kernel

from widgets.play.event_log import WRAP

LONG = 120_000
# Voilà 0.5.13's page carries JupyterLab 4.2.5's core modules; the widgets' extension (built for 4.6) and Voilà's
# own widgets manager (built for 4.5) ask for newer ones and use those. Harmless, and denying the extension
# leaves the page without widgets (docs/sharing.md); any other warning fails the test.
VERSION_NOTICE = re.compile(r"(Unsatisfied version \S+ from \S+ of shared singleton module|No satisfying version "
                            r"\S+ of shared module) @jupyterlab/[a-z]+\b")


def open_tab(page, title: str) -> None:
    page.locator(".re-app-tabs .lm-TabBar-tab", has_text=title).first.click()


@pytest.mark.browser
def test_the_app_teaches_plays_computes_and_speaks_chinese(chromium_path, output_dir, monkeypatch):
    monkeypatch.setenv("RULES_EXPLORER_TEACHER", "1")  # `make app` for a class: the loaded dice's outcomes are shown
    with make_app_server() as url, browser_page(chromium_path, height=1400) as page:
        elsewhere, errors, warnings, own = [], [], [], (url, f"blob:{url}", "data:")
        page.on("request", lambda r: None if r.url.startswith(own) else elsewhere.append(r.url))
        page.on("console", lambda m: {"error": errors, "warning": warnings}.get(m.type, []).append(m.text))
        page.goto(url, timeout=LONG)
        picker = page.locator(".re-game-picker select")
        picker.wait_for(state="visible", timeout=LONG)
        assert len(picker.locator("option").all_inner_texts()) == len(games()) >= 3  # the toy game: tests/ only

        # Learn: the guided tour steps forward.
        position = page.locator(".re-tour-position")
        position.wait_for(state="visible")
        before = position.inner_text()
        page.locator(".re-tour-next").click()
        page.wait_for_function("(b) => document.querySelector('.re-tour-position').innerText !== b", arg=before)

        # Play: one step before an attack, autoplay off, the dice loaded by hand.
        open_tab(page, "Play")
        page.locator(".re-scenario select").select_option(index=1)  # combat_ready: one step before an attack
        attack = page.locator(".re-action.re-kind-attack").first
        attack.wait_for(state="visible", timeout=30_000)  # the new table is drawn (a new game has no attack yet)
        # loaded dice are the teacher's tool: the outcomes show in the teacher's / spectator's view (issue 14)
        page.locator(".re-play-area .re-viewer select").first.select_option(
            label="Teacher's / spectator's view (shows secrets)")
        autoplay = page.locator(".re-autoplay input")
        autoplay.uncheck()
        wait_for_kernel(page)  # the kernel has the teacher's view and autoplay off before the attack
        assert not autoplay.is_checked()
        attack.click()
        take(page, "roll", 1, "4")  # step 1: the attacker's die, 4
        page.locator(".re-action-picker .re-at-step-2").first.wait_for(timeout=30_000)  # the defender's step, drawn
        page.locator(".re-next").click()  # the defender's seat is a bot: it answers
        take(page, "roll", 3, "2")  # step 3: the defender's die, 2
        log = page.locator(".re-log-list select")
        page.wait_for_function(  # the damage of the loaded dice, 4 against 2: a sentence, no clause id in it
            "() => [...document.querySelectorAll('.re-log-list option')]"
            ".some(o => o.text.replace(/\\u200b/g, '').replace(/\\s+/g, ' ').includes('dice 4/2'))", timeout=30_000)
        # a <select> shows spaces as NBSP; the log marks where a line may wrap with a zero-width space
        lines = [" ".join(t.replace(WRAP, "").split()) for t in log.locator("option").all_inner_texts()]
        damage = next(i for i, t in enumerate(lines) if "dice 4/2" in t)
        assert "damage" in lines[damage] and "EB-" not in " ".join(lines)
        log.select_option(index=damage)  # its rule is one tap away, in the detail under the list
        page.wait_for_function(
            "() => (document.querySelector('.re-clause-detail')?.innerText ?? '').includes('EB-3.2-damage')",
            timeout=30_000)
        page.screenshot(path=str(output_dir / "app-play.png"), full_page=False)

        # Odds: a slider moves, the numbers and the chart change.
        open_tab(page, "Odds")
        summary = page.locator(".re-odds-summary")
        summary.wait_for(state="visible")
        before = summary.inner_text()
        handle = page.locator(".re-odds-attack-points .noUi-handle")
        handle.focus()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        page.wait_for_function("(b) => document.querySelector('.re-odds-summary').innerText !== b", arg=before,
                               timeout=30_000)
        assert page.locator(".re-odds-explorer .js-plotly-plot").count() >= 1

        # 中文: the tabs and the labels follow the switch.
        page.locator(".re-lang button", has_text="中文").click()
        page.locator(".re-app-tabs .lm-TabBar-tab", has_text="对局").wait_for(timeout=30_000)
        open_tab(page, "规则")
        page.wait_for_function("document.querySelector('.re-registers').innerText.includes('规则条款')")
        page.screenshot(path=str(output_dir / "app.png"), full_page=False)
        assert elsewhere == [] and errors == []
        assert [w for w in warnings if not VERSION_NOTICE.match(w)] == []
