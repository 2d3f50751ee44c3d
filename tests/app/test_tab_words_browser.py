"""Every word translated (issue 14, point 6), read where a person reads it: the app in chromium, each of the three
games, each tab of the app (the list is read from notebooks/app.py; the Rules tab with each of its two registers open),
the visible text of the tab's panel in 中文 and in English. In 中文 no English word may be left, in English no
Chinese, except what the allow-lists below name and explain. And each is read whole: no label, button, tab title or
(on a desk) menu choice is cut by its box. The app server is the worker's (app_url); the words found are written to
test-output/tab-words-<lang>-<width>.json."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from page_fit import cut_texts
from voila_server import browser_page, wait_for_kernel

import explorer

ROOT = Path(__file__).resolve().parents[2]
LONG = 180_000
GAMES = ("eternal_breath", "card_moba", "castle_heart")


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
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('code, kbd, style, script, select')) continue;
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
    wait_for_kernel(page)
    last, same = None, 0
    for _ in range(240):
        text = page.evaluate(TEXT_OF_PANEL)
        if text and text == last:
            same += 1
            if same >= 3:
                return text
        else:
            same = 0
        last = text
        page.wait_for_timeout(400)
    return last or ""


def read_every_tab(page, lang: str, cut: dict, games=GAMES) -> dict[str, dict[str, str]]:
    """{game: {tab: text}} of every tab of every game, in ``lang``; ``cut`` gets {"game / tab": texts cut}."""
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
            texts[game][en] = settled_text(page)
            cut[f"{game} / {en}"] = cut_texts(page, menus=not phone)
            if en == "Rules":  # the clause register is open; open the assumptions register too, then close it again
                texts[game]["Rules: assumptions"] = read_register(page, 1)
                read_register(page, 0)
    return texts


def read_register(page, index: int) -> str:
    """The Rules tab's text with its register ``index`` open (0 the clauses, 1 the assumptions)."""
    page.locator(".re-registers .jupyter-widget-Collapse-header").nth(index).click()
    page.locator(".re-registers .re-table").nth(index).wait_for(state="visible", timeout=LONG)
    return settled_text(page)


def check(texts: dict, lang: str, output: Path, cut: dict) -> None:
    found = {game: {tab: leftovers(t, lang) for tab, t in tabs.items()} for game, tabs in texts.items()}
    output.write_text(json.dumps({"leftovers": found, "cut": cut, "texts": texts}, ensure_ascii=False, indent=1),
                      encoding="utf-8")
    assert not {where: words for where, words in cut.items() if words}, f"cut in {lang}: {cut}"
    for game, tabs in texts.items():
        for tab, text in tabs.items():
            assert text.strip(), (game, tab, "the panel shows nothing")
    bad = {f"{game} / {tab}": words for game, tabs in found.items() for tab, words in tabs.items() if words}
    assert not bad, f"{'English in 中文' if lang == 'zh' else 'Chinese in English'} mode: {bad}"


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_tab_speaks_one_language(chromium_path, output_dir, app_url, lang):
    with browser_page(chromium_path, width=1280, height=800) as page:
        page.goto(app_url, timeout=LONG)
        cut: dict[str, list[str]] = {}
        texts = read_every_tab(page, lang, cut)
        page.screenshot(path=str(output_dir / f"tab-words-{lang}-1280.png"), full_page=False)
    check(texts, lang, output_dir / f"tab-words-{lang}-1280.json", cut)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_tab_speaks_one_language_on_a_phone(chromium_path, output_dir, app_url, lang):
    with browser_page(chromium_path, width=390, height=844) as page:
        page.goto(app_url, timeout=LONG)
        cut: dict[str, list[str]] = {}
        texts = read_every_tab(page, lang, cut)
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
