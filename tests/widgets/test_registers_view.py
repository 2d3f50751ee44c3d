"""The Rules tab's registers in the page's language (issue 14, point 6): a clause not modelled says why in 中文 or
English, and a heading of ours written "中文 / English" shows one side; the seed's own headings stay as written."""

from __future__ import annotations

import html
import re

import pytest
from app.test_tab_words_browser import leftovers  # the tab-words browser test's own check of each language
from support import games

import explorer
from widgets.components.registers_view import TITLES, RegistersView, rich, section

GAMES = games()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_not_modelled_reason_and_our_headings_follow_the_language(game_id):
    clauses = explorer.get_game(game_id).clauses
    unmodelled = [c for c in clauses if not c.modelled]
    assert unmodelled and all(c.reason and c.reason_zh for c in unmodelled)
    zh = RegistersView(game_id=game_id, lang="zh")._clauses.value
    en = RegistersView(game_id=game_id, lang="en")._clauses.value
    for c in unmodelled:
        assert html.escape(c.reason_zh) in zh and html.escape(c.reason) not in zh
        assert html.escape(c.reason) in en and html.escape(c.reason_zh) not in en
    for c in clauses:
        zh_side, sep, en_side = c.section.partition(" / ")
        assert html.escape(zh_side if sep else c.section) in zh
        if sep:
            assert f"<td>{html.escape(c.section)}</td>" not in zh + en and html.escape(en_side) in en


def test_a_heading_shows_one_side_only_when_written_in_both():
    assert section("引擎假设 / engine assumptions", "zh") == "引擎假设"
    assert section("引擎假设 / engine assumptions", "en") == "engine assumptions"
    assert section("3.2 检定", "en") == section("3.2 检定", "zh") == "3.2 检定"


HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_assumptions_register_reads_in_the_pages_language(game_id):
    """Every assumption has its default, each alternative and its why in 中文 too, and the 中文 tab shows those
    (the English one the English tab), so no English sentence is left in the Rules tab in 中文 mode."""
    assumptions = explorer.get_game(game_id).assumptions
    for a in assumptions:
        assert HAN.search(a.default_zh) and HAN.search(a.why_zh), a.id
        assert len(a.alternatives_zh) == len(a.alternatives), a.id
        for x in a.alternatives_zh:  # 中文, or a bare value such as "6 / 8" with no English word
            assert HAN.search(x) or not re.search(r"[A-Za-z]{2,}", x), (a.id, x)
    zh = RegistersView(game_id=game_id, lang="zh")._assumptions.value
    en = RegistersView(game_id=game_id, lang="en")._assumptions.value
    for a in assumptions:
        assert rich(a.default_zh) in zh and rich(a.default) not in zh, a.id
        assert rich("; ".join(a.alternatives_zh)) in zh and rich(a.question_zh) in zh, a.id
        assert rich(a.default) in en and rich(a.default_zh) not in en, a.id
        if a.switch:  # named by its label in the page's language, its name (the variant key) as code
            for lang, page in (("zh", zh), ("en", en)):
                assert f"{html.escape(a.label(lang))}<br><code>{a.switch}</code>" in page, a.id


@pytest.mark.parametrize("game_id", GAMES)
def test_the_assumptions_register_has_no_word_of_the_other_language_outside_code(game_id):
    """What the Rules tab's assumptions show as text (code aside: ids, switch names, ``round_limit = 0``) is in the
    page's language: no Latin word in 中文, and in English no Chinese but a gloss in brackets, a quote 「…」 inside
    one, or the documents' own words the tab-words browser test allows (its ``leftovers`` check, used here)."""
    for lang in ("zh", "en"):
        page = RegistersView(game_id=game_id, lang=lang)._assumptions.value
        text = html.unescape(re.sub(r"<[^>]+>", "\n", re.sub(r"<code>.*?</code>", " ", page)))
        assert not leftovers(text, lang), (lang, leftovers(text, lang))


@pytest.mark.parametrize("game_id", GAMES)
def test_an_id_may_break_only_after_its_dashes_and_dots_and_a_cell_names_its_column(game_id):
    """Issue 31: on a phone the id column broke "EB-3.2-heal" inside a word. Each id of both registers is in the
    first cell of its row (``re-id``), whose only break marks follow a "-" or a "."; its text is the id whole. Each
    cell names its column in the page's language (``data-label``: a phone shows a row as a card, each cell under its
    column's name)."""
    game = explorer.get_game(game_id)
    for lang in ("en", "zh"):
        view = RegistersView(game_id=game_id, lang=lang)
        t = TITLES[lang]
        for table, ids, heads in (
                (view._clauses.value, [c.id for c in game.clauses], ("id", "section", "rule", "status")),
                (view._assumptions.value, [a.id for a in game.assumptions],
                 ("id", "question", "default", "alternatives", "switch"))):
            cells = re.findall(r"<td class=re-id data-label='[^']*'><code>(.*?)</code></td>", table)
            assert [c.replace("<wbr>", "") for c in cells] == [html.escape(i) for i in ids]
            assert all(re.fullmatch(r"(?:[^<]*?[.-]<wbr>)*[^<]*", c) for c in cells)
            assert any("<wbr>" in c for c in cells)
            colon = ": " if lang == "en" else "："
            rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1])
            assert len(rows) == len(ids)
            assert all(re.findall(r"data-label='([^']*)'", r) == [html.escape(t[h] + colon) for h in heads]
                       for r in rows)
