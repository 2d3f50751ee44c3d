"""The app's Event chains tab in real chromium: after an attack in Play, the graph shows its relations with a
legend, "Why?" reads the chain of a chosen event with its clauses; at 1280×800 and 390×844, in English and
中文, nothing scrolls sideways. Screenshots go to test-output/."""

from __future__ import annotations

import pytest
from voila_server import browser_page, make_app_server

LONG = 120_000
TABS = {"en": ("Play", "Event chains"), "zh": ("对局", "事件链")}


def open_tab(page, title: str) -> None:
    page.locator(".re-app-tabs .lm-TabBar-tab", has_text=title).first.click()


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 800, "en"), (390, 844, "zh")])
def test_why_reads_the_chain_of_a_dodged_attack(chromium_path, output_dir, width, height, lang):
    with make_app_server() as url, browser_page(chromium_path, width=width, height=height) as page:
        page.goto(url, timeout=LONG)
        page.locator(".re-game-picker select").wait_for(state="visible", timeout=LONG)
        if lang == "zh":
            page.locator(".re-lang button", has_text="中文").click()
        play, chains = TABS[lang]
        open_tab(page, play)
        page.locator(".re-scenario select").select_option(index=1)  # one step before an attack
        attack = page.locator(".re-action.re-kind-attack").first
        attack.wait_for(state="visible", timeout=30_000)
        # loaded dice are the teacher's tool: the outcomes show in the teacher's / spectator's view (issue 14)
        page.locator(".re-play-area .re-viewer select").first.select_option(
            label="教师／旁观者视角（显示秘密）" if lang == "zh" else "Teacher's / spectator's view (shows secrets)")
        page.locator(".re-autoplay input").uncheck()
        attack.click()
        page.locator(".re-action.re-kind-roll").first.click(timeout=30_000)   # the attacker's die: 1
        page.locator(".re-next").click()                                     # the defender (a bot) answers
        page.locator(".re-action.re-kind-roll").last.click(timeout=30_000)   # the defender's die: 6
        open_tab(page, chains)
        graph = page.locator(".re-event-graph .js-plotly-plot")
        graph.wait_for(state="visible", timeout=30_000)
        legend = page.locator(".re-event-graph .legendtext").evaluate_all("els => els.map(e => e.textContent)")
        assert ("causes" if lang == "en" else "导致") in legend
        pick = page.locator(".re-graph-why-pick select")
        options = pick.locator("option").all_inner_texts()
        assert len(options) > 2
        pick.select_option(index=len(options) - 1)
        why = page.locator(".re-graph-why")
        page.wait_for_function("() => document.querySelector('.re-graph-why').innerText.includes('EB-')",
                               timeout=30_000)
        intro = "How it came to happen" if lang == "en" else "它是怎样发生的"
        assert intro in why.inner_text() and why.locator("li").count() >= 2
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        page.screenshot(path=str(output_dir / f"event-chains-{width}-{lang}.png"), full_page=False)
