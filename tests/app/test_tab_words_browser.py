"""Every word translated (issue 14, point 6), read where a person reads it: the app in chromium, each of the three
games, each tab of the app (the list is read from notebooks/app.py; the Rules tab with each of its two registers open),
the visible text of the tab's panel in 中文 and in English. In 中文 no English word may be left, in English no
Chinese, except what the allow-lists below name and explain. And each is read whole: no label, button, tab title,
line of a list or (on a desk) menu choice is cut by its box.

Each tab is read filled, as a person leaves it (issue 31, points 5 and 6): Learn with a "what happens next?" answered,
Play with a whole game played by the table's bots and its whole event log open, Odds with its answer drawn, Event
chains with the game's graph drawn. Then, besides the words: the page never scrolls sideways, no button carries a
clause id (nor a line of the event log: page_fit.ids_in_buttons), no id of the Rules tab's registers is split inside
a word (page_fit.split_ids), no text meant to be read carries an engine's snake_case name. The app server is the
worker's (app_url); what was found is written to test-output/tab-words-<lang>-<width>.json, a screenshot of each game's
filled tabs (and of its Rules tab) to test-output/tab-words-<game>-<tab>-<lang>-<width>.png."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from page_fit import CLAUSE_ID, cut_texts, ids_in_buttons, internal_names, sideways, split_ids
from support import games
from voila_server import browser_page, wait_for_kernel

import explorer
from widgets.learn.lessons import lessons_of

ROOT = Path(__file__).resolve().parents[2]
LONG = 180_000
GAMES = games()


def app_tabs() -> list[tuple[str, str]]:
    """The app's tabs as notebooks/app.py lists them: ``TABS = [(en, zh), ...]``."""
    tree = ast.parse((ROOT / "notebooks" / "app.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "TABS" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("notebooks/app.py has no TABS list")


LEGEND = "\u2063"  # (invisible separator) marks a text of a chart's legend
ID = r"(?<![A-Za-z0-9])(?:EB|MB|CH)-[A-Za-z0-9.\-]*[A-Za-z0-9]"

# --- what may stay in 中文 mode: not English words but notation, ids and names ---------------------------------
ALLOWED_IN_ZH = [
    ID,                               # clause and assumption ids (EB-3.2-damage, CH-A04): the rule's name
    r"\b\d*d\d+\b",                   # dice notation: d6, 2d6
    r"\b(?:HP|MP|ATK|DEF|AP)\b",      # the documents' own stat abbreviations
    r"\b(?:ms|px|KB|MB|GB)\b",        # units
    r"\b(?:HTML|html|JSON|json|GraphML|graphml|parquet|PNG|png)\b",  # file formats, named as their files are
    r"\b[\w./-]+\.(?:ipynb|py|toml|json|png|graphml|html)\b",  # file names (where the full lesson is told)
    r"(?<![A-Za-z])(?:Ruler|BLK|LA|STS|DS|inf)(?![A-Za-z])",  # the MOBA document's own: "Ruler模式", "BLK", "6~inf"
    r"MOBA",                          # in the game's Chinese name, 卡驱MOBA
    rf"\b(?:{'|'.join(explorer.game_ids())})\b",  # the game's id beside its name in the Rules tab's header
]
# --- what may stay in English mode: the games' names, and the document's own words glossed or quoted ------------
GAME_NAMES_ZH = [explorer.get_game(g).name_zh for g in GAMES]
SECTIONS = sorted({c.section for g in GAMES for c in explorer.get_game(g).clauses if " / " not in c.section},
                  key=len, reverse=True)
ALLOWED_IN_EN = [
    *map(re.escape, GAME_NAMES_ZH),
    rf"(?m)^(?:{'|'.join(map(re.escape, SECTIONS))})$",  # the Rules tab's seed section: the document's own heading
    r"[(（][^()（）]*?[\u3400-\u9fff][^()（）]*?[)）]",  # a gloss: the rulebook's word: "dealer (庄家)"
    r"中文",                                # the language switch's own button
    # the documents' own terms that the English texts keep on purpose, as a glossary would: 城堡之心's card kinds,
    # the MOBA's four systems and its 【action sequence】 notation, 永恒之息's 检定 (the event named in its 3.2)
    r"[剑魔愈]", r"残暴|风眼|巨盾|变革", r"【[^】]*】", r"检定",
    r"移动·一",  # a MOBA card named in a scenario's title (explorer/games/card_moba/game.py, on branch words now)
]

TEXT_OF_PANEL = """() => {
  const panel = document.querySelector('.re-app-tabs > .widget-tab-contents > :not(.lm-mod-hidden)');
  if (!panel) return null;
  const out = [];
  // a text marked as the other language is shown in it on purpose (the event log's clause in 中文 and English)
  const lang = document.querySelector('.re-lang button:first-of-type.mod-active') ? 'zh' : 'en';
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('code, kbd, style, script, select')) continue;
    const marked = el.closest('[lang]');
    if (marked && panel.contains(marked) && !marked.lang.startsWith(lang)) continue;
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const t = n.textContent.trim();
    if (t) out.push((el.closest('.legend') ? '\u2063' : '') + t);
  }
  for (const sel of panel.querySelectorAll('select')) {   // a menu's choices are read when it is opened
    if (sel.checkVisibility()) for (const o of sel.options) out.push(o.text.trim());
  }
  return out.join('\\n');
}"""


def leftovers(text: str, lang: str) -> list[str]:
    """The words of the other language left in ``text`` after the allow-list."""
    if lang == "zh":
        for pattern in ALLOWED_IN_ZH:
            text = re.sub(pattern, " ", text)
        return sorted(set(re.findall(r"[A-Za-z]{2,}", text)))
    for pattern in ALLOWED_IN_EN:
        text = re.sub(pattern, " ", text)
    return sorted(set(re.findall(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]+", text)))


def settled_text(page) -> str:
    """The panel's text once the kernel has answered the page (another game, another tab) and the text stops
    changing (a tab may be made, or a table redrawn, as it opens). Stable text alone was not enough: once, under
    load, the tabs of the game before were read after a change of game."""
    wait_for_kernel(page, quiet=0.3)
    last, same = None, 0
    for _ in range(640):
        text = page.evaluate(TEXT_OF_PANEL)
        if text and text == last:
            same += 1
            if same >= 3:
                return text
        else:
            same = 0
        last = text
        page.wait_for_timeout(150)
    return last or ""


def read_every_tab(page, lang: str, cut: dict, games=GAMES, output_dir: Path | None = None) -> dict:
    """{game: {tab: text}} of every tab of every game, in ``lang``, each tab filled first (:data:`FILL`); ``cut``
    gets {"game / tab": what does not fit} (texts cut, a page wider than the screen, a clause id in a button)."""
    phone = page.viewport_size["width"] < 600
    picker = page.locator(".re-game-picker select")
    picker.wait_for(state="visible", timeout=LONG)
    if lang == "zh":
        page.locator(".re-lang button", has_text="中文").click()
    texts: dict[str, dict[str, str]] = {}
    for game in games:
        g = explorer.get_game(game)
        picker.select_option(label=f"{g.name_zh} · {g.name_en}")
        texts[game] = {}
        for en, zh in app_tabs():
            page.locator(".re-app-tabs .lm-TabBar-tab", has_text=zh if lang == "zh" else en).first.click()
            if en in FILL:
                FILL[en](page, game)
            texts[game][en] = settled_text(page)
            wider = sideways(page)
            cut[f"{game} / {en}"] = [*cut_texts(page, menus=not phone), *ids_in_buttons(page), *split_ids(page),
                                     *([f"the page is {wider} px wider than the screen"] if wider else [])]
            if en in FILL and output_dir is not None:  # each filled tab as a person sees it
                name = f"tab-words-{game}-{en.lower().replace(' ', '-')}-{lang}-{page.viewport_size['width']}.png"
                page.screenshot(path=str(output_dir / name), full_page=False)
            if en == "Rules":  # the clause register is open; open the assumptions register too, then close it again
                if output_dir is not None:  # its id column as a person sees it (issue 31: ids whole on a phone)
                    page.locator(".re-registers .re-table").first.scroll_into_view_if_needed()
                    page.screenshot(path=str(output_dir / f"tab-words-{game}-rules-{lang}-"
                                                          f"{page.viewport_size['width']}.png"), full_page=False)
                texts[game]["Rules: assumptions"] = read_register(page, 1)
                read_register(page, 0)
    return texts


PANEL = ".re-app-tabs > .widget-tab-contents > :not(.lm-mod-hidden)"


def answer_a_prediction(page, game: str) -> None:
    """Learn: the game's earliest "what happens next?" is asked (its lesson chosen, Next up to its step) and
    answered."""
    ask, lesson = min((p.step, i) for i, x in enumerate(lessons_of(game)) for p in x.predicts)
    tour = page.locator(f"{PANEL} .re-guided-tour:visible").first
    tour.wait_for(state="visible", timeout=LONG)
    wait_for_kernel(page)  # the tour of the game just picked is drawn: a choice made before would be drawn over
    tour.locator(".re-tour-lesson select").select_option(index=lesson)
    for _ in range(ask - 1):  # the kernel takes the lesson, then each Next, in the order they were sent
        tour.locator(".re-tour-next").click()
    tour.locator(".re-tour-predict .re-tour-choices button").first.click(timeout=30_000)
    tour.locator(".re-tour-reveal").wait_for(state="visible", timeout=30_000)


def play_to_the_end(page, game: str) -> None:
    """Play: every seat given to the table's greedy bot, "Let bots play", until the game is over; then the whole
    game's event log (hundreds of lines) is shown."""
    table = page.locator(f"{PANEL} .re-play-area")
    table.locator(".re-action-picker .re-decider").wait_for(state="visible", timeout=LONG)
    wait_for_kernel(page)
    # (a person, random, greedy, …): Game.bots(); seat 0, the person's, last: its change plays on at once (autoplay),
    # and the other seats' quick greedy bot must be seated by then (a search bot there takes ten seconds a game)
    for seat in reversed(table.locator(".re-seat select").all()):
        seat.select_option(index=2)
    table.locator(".re-bots-go").click()  # a game the seats' change already played to its end stays as it is
    table.locator(".re-game-over").wait_for(state="visible", timeout=LONG)
    table.locator(".re-log-scope button").nth(2).click()  # the whole game
    table.locator(".re-log-list select").select_option(index=0)  # an event read: its clause and the engine's record
    table.locator(".re-clause-detail").wait_for(state="visible", timeout=30_000)


def draw_the_odds(page, game: str) -> None:
    """Odds: the tab's answer (a chart) is drawn."""
    page.locator(f"{PANEL} .js-plotly-plot:visible").first.wait_for(state="visible", timeout=LONG)


def draw_the_chains(page, game: str) -> None:
    """Event chains: the finished game's graph is drawn."""
    page.locator(f"{PANEL} .re-event-graph .re-chain-box").first.wait_for(state="visible", timeout=LONG)


FILL = {"Learn": answer_a_prediction, "Play": play_to_the_end, "Odds": draw_the_odds,
        "Event chains": draw_the_chains}


def read_register(page, index: int) -> str:
    """The Rules tab's text with its register ``index`` open (0 the clauses, 1 the assumptions)."""
    page.locator(".re-registers .jupyter-widget-Collapse-header").nth(index).click()
    page.locator(".re-registers .re-table").nth(index).wait_for(state="visible", timeout=LONG)
    return settled_text(page)


def check(texts: dict, lang: str, output: Path, cut: dict) -> None:
    found = {game: {tab: leftovers(t, lang) for tab, t in tabs.items()} for game, tabs in texts.items()}
    names = {f"{game} / {tab}": internal_names(t) for game, tabs in texts.items() for tab, t in tabs.items()}
    output.write_text(json.dumps({"leftovers": found, "cut": cut, "names": names, "texts": texts},
                                 ensure_ascii=False, indent=1), encoding="utf-8")
    assert not {where: words for where, words in cut.items() if words}, f"cut in {lang}: {cut}"
    for game, tabs in texts.items():
        for tab, text in tabs.items():
            assert text.strip(), (game, tab, "the panel shows nothing")
    assert not {where: n for where, n in names.items() if n}, f"engine names shown in {lang}: {names}"
    bad = {f"{game} / {tab}": words for game, tabs in found.items() for tab, words in tabs.items() if words}
    assert not bad, f"{'English in 中文' if lang == 'zh' else 'Chinese in English'} mode: {bad}"


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_tab_speaks_one_language(chromium_path, output_dir, app_url, lang):
    with browser_page(chromium_path, width=1280, height=800) as page:
        page.goto(app_url, timeout=LONG)
        cut: dict[str, list[str]] = {}
        texts = read_every_tab(page, lang, cut, output_dir=output_dir)
        page.screenshot(path=str(output_dir / f"tab-words-{lang}-1280.png"), full_page=False)
    check(texts, lang, output_dir / f"tab-words-{lang}-1280.json", cut)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_tab_speaks_one_language_on_a_phone(chromium_path, output_dir, app_url, lang):
    with browser_page(chromium_path, width=390, height=844) as page:
        page.goto(app_url, timeout=LONG)
        cut: dict[str, list[str]] = {}
        texts = read_every_tab(page, lang, cut, output_dir=output_dir)
        page.screenshot(path=str(output_dir / f"tab-words-{lang}-390.png"), full_page=False)
    check(texts, lang, output_dir / f"tab-words-{lang}-390.json", cut)


def test_the_word_check_finds_the_other_language_and_passes_only_the_allow_list():
    """The check itself (no browser): what it must flag is flagged, the allow-list lets through only its own."""
    assert leftovers("玩家 0 需要决定 — [EB-1.1.2-snake] 掷 2d6，生命 HP 12，速度 700 ms", "zh") == []
    assert leftovers("见 notebooks/eternal_breath/01_setup.ipynb · CH-A04 · MB-turn-move", "zh") == []
    assert leftovers("阶段：setup · Player 0 must decide · End turn", "zh") == ["End", "Player", "decide", "must",
                                                                         "setup", "turn"]
    assert leftovers("EB-some-clause bot strong", "zh") == ["bot", "strong"]  # an id hides only itself
    # no menu names a reading by the engine's switch any more (Balance and Event chains use the register's labels;
    # the Rules tab shows a switch's name as code, which is not read)
    assert leftovers("EB-A05 block_without_card=zero\n机器人：随机", "zh") == ["block", "card", "without", "zero"]
    assert leftovers("block_without_card\nzero\n基础防御+骰点", "zh") == ["block", "card", "without", "zero"]  # alone
    assert leftovers("block_without_card=zero · zero card", "zh") == ["block", "card", "without", "zero"]
    hidden = "#5 [EB-1.1.2-special-pick] pick （不公开）\nidentity （不…"  # raw kinds: each game names them in 中文
    assert leftovers(f"{LEGEND}dealer\n{hidden}\n{LEGEND}攻击", "zh") == ["dealer", "identity", "pick"]
    assert leftovers(f"dealer\n{LEGEND}Attack card\n#5 [EB-1.1.2-special-pick] pick", "zh") == ["Attack", "card",
                                                                                             "dealer", "pick"]
    name = explorer.get_game("castle_heart").name_zh
    assert leftovers(f"{name} · Castle Heart: the dealer (庄家) draws", "en") == []
    assert leftovers("Phase: 游戏准备 · Player 0 的回合", "en") == ["游戏准备", "的回合"]


def test_the_fit_checks_find_an_engine_name_and_a_clause_id_only_where_they_are():
    """The checks of issue 31 point 5 (no browser): an engine's snake_case name is found in a text, a file name or
    a clause id is not; a clause id is found in a button's words."""
    assert internal_names("Triggers: static, turn_start (start phase), on_damaged · end_turn") == [
        "end_turn", "on_damaged", "turn_start"]
    assert internal_names("见 notebooks/card_moba/01_setup.ipynb · MB-turn-move · 第 3 步 · Player 0") == []
    assert internal_names("engine_record") == ["engine_record"]
    assert CLAUSE_ID.search("Attack [EB-3.2-attack]") and CLAUSE_ID.search("CH-A04 tag")
    assert not CLAUSE_ID.search("Attack the dealer · 攻击庄家 · HP-3")


@pytest.mark.browser
def test_a_long_line_of_the_event_log_wraps_on_a_phone_and_the_check_sees_a_cut_one(chromium_path):
    """The Play table's event log on a 390 px phone (issue 31): a list box cuts a long line at its right edge, and
    :func:`page_fit.cut_texts` names that line; with the log's own style (widgets/play/event_log.py) the line wraps and
    nothing is cut. A line is a sentence: :func:`page_fit.ids_in_buttons` names a line that carries a clause id (the
    log's old "#154 [EB-3.2-attack] …") and passes the log's own lines (``widgets.play.event_log.log_line``). A static
    page in chromium, no server."""
    from widgets.play.event_log import STYLE

    line = "#154 Player 0's Thief uses Fireball to attack Player 1's Swordsman (hidden card) and the Swordsman blocks"

    def log(*lines: str) -> str:
        options = "".join(f"<option>{t}</option>" for t in lines)
        return (f"<div class='re-event-log'><div class='re-log-list'><select size='12' style='width: 100%'>{options}"
                "</select></div></div>")

    with browser_page(chromium_path, width=390, height=844) as page:
        page.set_content(f"<body style='margin: 8px'>{log(line, '#155 short')}</body>")
        assert cut_texts(page) == [line]
        page.set_content(f"<body style='margin: 8px'>{STYLE}{log(line, '#155 short')}</body>")
        assert cut_texts(page) == [] and ids_in_buttons(page) == []
        heights = page.evaluate("() => [...document.querySelectorAll('option')].map(o => o.offsetHeight)")
        assert heights[0] > 1.5 * heights[1]  # the long line wrapped onto a second screen line
        page.set_content(f"<body style='margin: 8px'>{STYLE}{log('#155 [EB-3.2-attack-power] short', '#156 ok')}"
                         "</body>")
        assert ids_in_buttons(page) == ["#155 [EB-3.2-attack-power] short"]


@pytest.mark.browser
def test_a_registers_ids_break_only_between_their_parts_and_a_phone_shows_rows_as_cards(chromium_path):
    """The Rules tab's register on a 390 px phone (issue 31): with cells that may break anywhere, "EB-3.2-heal"
    split inside a word and :func:`page_fit.split_ids` names it. The register's own table
    (``widgets.components.registers_view._table`` and its style) shows each row as a card on a phone: the id whole on
    its own line, each other cell across the whole width under its column's name, nothing wider than the screen; on a
    desk a table whose ids break only after "-" or ".". A static page in chromium, no server."""
    from widgets.components.registers_view import TABLE_STYLE, _table, id_cell

    rule = "A long rule in our words, " * 12
    ids = ("EB-3.2-heal", "EB-1.1.2-special-pick", "CH-equip-knight-armour", "MB-A17")
    head = ("id", "seed section", "rule (our words)", "status")
    old = "".join(f"<tr><td class='re-id'><code>{i}</code></td><td>1.1.1 定庄定序</td><td>{rule}</td><td>modelled</td>"
                  "</tr>" for i in ids)  # the table as it was: no break marks, every cell "break anywhere"
    old_style = TABLE_STYLE.split(".re-registers .re-table td.re-id{")[0] + "</style>"
    new = _table(head, [(id_cell(i), "1.1.1 定庄定序", rule, "modelled") for i in ids], "en")
    with browser_page(chromium_path, width=390, height=844) as page:
        page.set_content(f"<body><div class='re-registers'>{old_style}<table class='re-table'>{old}</table></div>"
                         "</body>")
        assert split_ids(page)  # a cell that breaks anywhere splits an id inside its words
        page.set_content(f"<body><div class='re-registers'>{TABLE_STYLE}{new}</div></body>")
        assert split_ids(page) == [] and sideways(page) == 0 and cut_texts(page) == []
        cells = page.evaluate("() => [...document.querySelectorAll('tbody tr:first-child td')].map(td => {"
                              " const r = td.getBoundingClientRect(); return [r.left, r.width,"
                              " getComputedStyle(td, '::before').content]; })")
        assert len({round(left) for left, _, _ in cells}) == 1  # one under the other: a card
        assert all(width > 300 for _, width, _ in cells)  # each across the card's width
        assert [before for _, _, before in cells][1:] == [f'"{h}: "' for h in head[1:]]
    with browser_page(chromium_path, width=1280, height=800) as page:
        page.set_content(f"<body><div class='re-registers'>{TABLE_STYLE}{new}</div></body>")
        tops = page.evaluate("() => [...document.querySelectorAll('tbody tr:first-child td')]"
                             ".map(td => Math.round(td.getBoundingClientRect().top))")
        assert len(set(tops)) == 1 and split_ids(page) == []  # a desk: a table row


def test_the_fit_check_names_a_slider_squeezed_to_a_bare_knob(chromium_path):
    """Issue 31: the MOBA Odds poison and bleed sliders were squeezed to a 4 px track. :func:`page_fit.cut_texts`
    names a slider whose track is under MIN_TRACK px by its label, and passes a usable one. A static page in
    chromium shaped as ipywidgets draws a slider, no server."""
    def slider(width: int) -> str:
        return (f"<div class='widget-hslider widget-slider' style='display:flex; width:{width}px'>"
                "<label class='widget-label' style='width:60px'>Poison</label>"
                "<div class='slider-container' style='flex:1 1 auto; min-width:0'>"
                "<div class='noUi-target' style='height:4px; width:100%'></div></div></div>")
    with browser_page(chromium_path, width=390, height=844) as page:
        page.set_content(f"<body>{slider(70)}</body>")
        assert cut_texts(page) == ["Poison (slider track 10 px)"]
        page.set_content(f"<body>{slider(300)}</body>")
        assert cut_texts(page) == []
