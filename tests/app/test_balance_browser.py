"""The app's Balance tab in real chromium: a 城堡之心 study of 100 games runs in the page with its progress bar; how
the games ended, the win / draw / loss chart by seat, the first player's advantage (its tests named) and the
per-identity table appear, the language switch relabels the results; at 1280×800 and 390×844 (a phone) nothing
scrolls sideways, no label or button text is cut and no chart's text is outside its chart. Screenshots go to
test-output/ (the tab as opened, and scrolled to the first player's figure as ``balance-…-results.png``).

Issue 32 items 4–6: a MOBA study, most of whose games the bots' round cap stops, shows the capped-games warning,
the facet chart with the homogeneity tests named, the cards played vs not, the hero × hero heatmap and the win
rate against game length; a game of the study opens in the Play tab of a new page, in Player 0's own view."""

from __future__ import annotations

import pytest
from page_fit import cut_texts
from voila_server import browser_page

import explorer

LONG = 120_000
ENDED = {"en": "How the games ended", "zh": "对局如何结束"}
DECISIVE = {"en": "decisive 100 (100%)", "zh": "分出胜负 100 局（100%）"}  # 城堡之心's greedy bots always finish
TESTS = {"en": "McNemar's exact test", "zh": "麦克尼马尔精确检验"}
FIRST = {"en": "First player's advantage", "zh": "先手优势"}

# every text of a plotly chart (titles, ticks, legend, the fair line's note) that is outside its chart's box
OUTSIDE = """(scope) => {
  const out = [];
  for (const plot of document.querySelectorAll(`${scope} .js-plotly-plot`)) {
    const box = plot.getBoundingClientRect();
    for (const t of plot.querySelectorAll('.main-svg text, .main-svg .legendtext')) {
      const r = t.getBoundingClientRect();
      if (!t.textContent.trim() || r.width === 0) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
        out.push(t.textContent);
    }
    if (box.right > window.innerWidth + 1) out.push('the chart is wider than the page');
  }
  return out;
}"""


def open_tab(page, title: str) -> None:
    page.locator(".re-app-tabs .lm-TabBar-tab", has_text=title).first.click()


def open_balance(page, url: str, lang: str, game: str):
    """The app at ``url`` in ``lang``, ``game`` picked, its Balance tab open: the tab's lab, shown."""
    page.goto(url, timeout=LONG)
    page.locator(".re-game-picker select").wait_for(state="visible", timeout=LONG)
    if lang == "zh":
        page.locator(".re-lang button", has_text="中文").click()
    g = explorer.get_game(game)
    page.locator(".re-game-picker select").select_option(label=f"{g.name_zh} · {g.name_en}")
    open_tab(page, {"en": "Balance", "zh": "平衡"}[lang])
    lab = page.locator(".re-balance-lab")
    lab.wait_for(state="visible", timeout=30_000)
    return lab


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height", "first", "then"), [(1280, 800, "en", "zh"), (390, 844, "zh", "en")])
def test_a_study_runs_in_the_balance_tab(chromium_path, output_dir, app_url, width, height, first, then):
    with browser_page(chromium_path, width=width, height=height) as page:
        lab = open_balance(page, app_url, first, "castle_heart")
        run = lab.locator(".re-balance-run")
        assert run.is_visible() and run.bounding_box()["width"] >= 32
        run.click()
        status = lab.locator(".re-balance-status")   # the default study: 100 games
        done = "100 games" if first == "en" else "共 100 局"
        page.wait_for_function("() => (document.querySelector('.re-balance-status')?.innerText ?? '')"
                               f".includes('{done}')",
                               timeout=LONG)
        results(page, lab, first)
        page.screenshot(path=str(output_dir / f"balance-{width}-{first}.png"), full_page=False)
        lab.locator(".re-balance-first-note").scroll_into_view_if_needed()  # the first player's figure, whole
        page.screenshot(path=str(output_dir / f"balance-{width}-{first}-results.png"), full_page=False)

        page.locator(".re-lang button", has_text={"en": "English", "zh": "中文"}[then]).click()
        again = "100 games" if then == "en" else "共 100 局"
        page.wait_for_function("() => (document.querySelector('.re-balance-status')?.innerText ?? '')"
                               f".includes('{again}')",
                               timeout=30_000)
        by = "by identity" if then == "en" else "按身份"
        page.wait_for_function("() => (document.querySelector('.re-balance-summary')?.innerText ?? '')"
                               f".includes('{by}')",
                               timeout=30_000)
        page.wait_for_function("() => (document.querySelector('.re-balance-first-note')?.innerText ?? '')"
                               f".includes(\"{TESTS[then]}\")", timeout=30_000)
        assert status.is_visible()
        results(page, lab, then)
        page.screenshot(path=str(output_dir / f"balance-{width}-{then}.png"), full_page=False)
        lab.locator(".re-balance-first-note").scroll_into_view_if_needed()  # the first player's figure, whole
        page.screenshot(path=str(output_dir / f"balance-{width}-{then}-results.png"), full_page=False)


def results(page, lab, lang: str) -> None:
    """The endings line (no warning: nothing was capped), the seat chart and the first-player figure with its
    caption are shown in ``lang``, with the "finished games only" switch; nothing cut, nothing sideways."""
    seats, first = lab.locator(".re-balance-chart .js-plotly-plot"), lab.locator(".re-balance-first .js-plotly-plot")
    seats.wait_for(state="visible", timeout=30_000)
    first.wait_for(state="visible", timeout=30_000)
    # seats, first player, the facet picked, cards, length (城堡之心 has sides: no matchup heatmap)
    assert lab.locator(".js-plotly-plot").count() == 5
    page.wait_for_function("() => document.querySelector('.re-balance-first .gtitle')?.textContent"
                           f" === \"{FIRST[lang]}\"", timeout=30_000)
    ends = lab.locator(".re-balance-ends").inner_text()
    assert ENDED[lang] in ends and DECISIVE[lang] in ends, ends
    assert lab.locator(".re-balance-warning").count() == 0
    assert TESTS[lang] in lab.locator(".re-balance-first-note").inner_text()
    assert lab.locator(".re-balance-finished").is_visible()
    assert ("by identity" if lang == "en" else "按身份") in lab.locator(".re-balance-summary").inner_text()
    assert ("by turn order" if lang == "en" else "按行动顺序") in lab.locator(".re-balance-summary").inner_text()
    for plot in (seats, first):
        assert plot.bounding_box()["height"] > 150
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert cut_texts(page, ".re-balance-lab") == []
    assert page.evaluate(OUTSIDE, ".re-balance-lab") == []


WARNING = {"en": "Most games hit the bots' limits", "zh": "大多数对局触及机器人的上限"}
TEST_NAMES = {"en": ("Cochran's Q", "chi-square of homogeneity"), "zh": ("科克伦 Q 检验", "卡方齐性检验")}
OPEN = {"en": "Open in Play", "zh": "在对局页中打开"}
HEROES = {"en": "hero × hero", "zh": "英雄 × 英雄"}


def shot(page, lab, css: str, path) -> None:
    lab.locator(css).first.scroll_into_view_if_needed()
    page.screenshot(path=str(path), full_page=False)


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 800, "en"), (390, 844, "zh")])
def test_a_capped_moba_study_warns_and_shows_cards_matchups_length_and_opens_a_game(chromium_path, output_dir,
                                                                                     app_url, width, height, lang):
    with browser_page(chromium_path, width=width, height=height) as page:
        lab = open_balance(page, app_url, lang, "card_moba")
        lab.locator(".re-balance-run").click()  # the default study: 4 greedy bots, 100 games
        done = "100 games" if lang == "en" else "共 100 局"
        page.wait_for_function("() => (document.querySelector('.re-balance-status')?.innerText ?? '')"
                               f".includes('{done}')", timeout=LONG)
        warning = lab.locator(".re-balance-warning")
        warning.wait_for(state="visible", timeout=30_000)
        assert WARNING[lang] in warning.inner_text()
        for css in (".re-balance-facet-chart", ".re-balance-cards", ".re-balance-matchup", ".re-balance-length"):
            lab.locator(f"{css} .js-plotly-plot").wait_for(state="visible", timeout=30_000)
            assert lab.locator(f"{css} .js-plotly-plot").bounding_box()["height"] > 150, css
        assert lab.locator(".js-plotly-plot").count() == 6  # seats, first player, facet, cards, heroes, length
        page.wait_for_function("(t) => document.querySelector('.re-balance-matchup .gtitle')?.textContent"
                               ".startsWith(t)", arg=HEROES[lang], timeout=30_000)
        tests = lab.locator(".re-balance-tests").inner_text()
        assert all(name in tests for name in TEST_NAMES[lang]), tests
        page.screenshot(path=str(output_dir / f"balance-capped-{width}-{lang}.png"), full_page=False)
        shot(page, lab, ".re-balance-facet-note", output_dir / f"balance-facets-{width}-{lang}.png")
        shot(page, lab, ".re-balance-cards-note", output_dir / f"balance-cards-{width}-{lang}.png")
        shot(page, lab, ".re-balance-matchup-note", output_dir / f"balance-matchup-{width}-{lang}.png")
        shot(page, lab, ".re-balance-open", output_dir / f"balance-length-open-{width}-{lang}.png")
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert cut_texts(page, ".re-balance-lab") == []
        assert page.evaluate(OUTSIDE, ".re-balance-lab") == []

        link = lab.locator(".re-balance-open-link")
        assert OPEN[lang] in link.inner_text() and link.get_attribute("href").startswith("?play=")
        with page.context.expect_page(timeout=30_000) as opened:
            link.click()
        play = opened.value
        play.locator(".re-play-area").wait_for(state="visible", timeout=LONG)
        msg = play.locator(".re-table-file-msg")
        loaded = {"en": "Opened: Card-driven MOBA", "zh": "已打开："}[lang]
        play.wait_for_function("(t) => (document.querySelector('.re-table-file-msg')?.innerText ?? '').includes(t)",
                               arg=loaded, timeout=LONG)
        assert msg.is_visible()
        play.screenshot(path=str(output_dir / f"balance-opened-{width}-{lang}.png"), full_page=False)
