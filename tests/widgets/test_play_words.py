"""Every word of the Play table's shared widgets in the page's language (issue 14, point 6), headless: the
texts of the picker's headers and shortcuts, the step controls, the seats, the viewer menu and the save/load/
share row, and a refusal of the rules. (tests/app/test_tab_words_browser.py reads every tab in chromium.)"""

from __future__ import annotations

import re

import ipywidgets as ipw
import pytest
from support import games

from explorer import W
from widgets.play.play_area import PlayArea

ALLOWED = {"ms"}  # units
WORD = re.compile(r"[A-Za-z]{2,}")
HAN = re.compile(r"[\u4e00-\u9fff]")


def texts(area) -> list[str]:
    """The words a person reads on the shared widgets (not the boards, not the engine's action texts)."""
    out = []
    for w in (area.picker._who, area.picker._end_turn, area.picker.many._toggle, area.controls._first,
              area.controls._back, area.controls._next, area.controls._speed, area.controls._branch,
              area.bots_seat._auto, area.bots_seat._go, area.board._viewer, area.file._save, area.file._load,
              area.file._share, area._players, area._start):
        out.append(getattr(w, "description", "") or "")
        if isinstance(w, ipw.Dropdown):
            out += [str(label) for label, _ in w.options]
    out += [row.children[0].value for row in area.picker._actions.children]  # the group headers
    return out


@pytest.mark.parametrize("game_id", games())
def test_no_stray_english_in_chinese_and_no_chinese_in_english(game_id):
    area = PlayArea(game_id, seed=2, lang="zh", opponent="greedy")
    words = {w for t in texts(area) for w in WORD.findall(re.sub(r"<[^>]+>|\[[A-Z][\w.-]*\]", "", t))}
    assert words <= ALLOWED, words
    area.lang = "en"
    # a game term in Chinese beside its English sentence is allowed (the scenarios' "移动·一 unlocks the charge")
    english = [t for t in texts(area) if HAN.search(re.sub(r"<[^>]+>", "", t)) and len(WORD.findall(t)) < 3]
    assert not english, english


@pytest.mark.parametrize("game_id", games())
def test_a_refusal_reads_in_chinese_with_the_rules_own_words(game_id):
    """An action the rules refuse, in 中文: the clause it breaks, then the engine's own reason in 中文 (every game's
    reasons carry it, explorer.W) — no English left, and not the English reason beside it."""
    area = PlayArea(game_id, seed=5, opponent="greedy")
    session = area.session
    while session.state.current_player < 0:  # dice and the shuffle first
        session.forward()
    state, who = session.state, session.state.current_player
    wrong = next(a for a in state.legal_actions())
    other = type(wrong)(wrong.game, wrong.kind, (who + 1) % area.players, wrong.params)  # another seat's
    assert not state.is_legal(other)
    assert not session.choose(other) and session.state == state  # the picker's refusal ("not legal now")
    err = state.game.why_illegal(state.data, other)
    session.refuse("illegal", clause=err.clause, reason=err.reason)  # as the boards' clicks say it
    en, zh = session.notice_text("en"), session.notice_text("zh")
    assert f"[{err.clause}]" in en and str(err.reason) in en
    assert zh.startswith(f"规则拒绝 [{err.clause}]：") and not WORD.findall(zh.split("]", 1)[1]), zh
    assert zh == f"规则拒绝 [{err.clause}]：{err.reason.zh}" and str(err.reason) not in zh, zh


def test_a_reason_without_its_chinese_falls_back_to_the_rules_own_words():
    """A reason that is plain English (the core's check of an action's value types, say) reads in 中文 as the
    document's words for the clause it names; one with its 中文 never does."""
    area = PlayArea("castle_heart", seed=5, opponent="greedy")
    session = area.session
    rule = session.game.clause_index["CH-turn-play-one-sword"].text("zh")
    session.refuse("illegal", clause="CH-turn-play-one-sword", reason="only one sword attack per turn")
    assert session.notice_text("zh") == f"规则拒绝 [CH-turn-play-one-sword]：规则原文：{rule}"
    assert session.notice_text("en").endswith(": only one sword attack per turn")
    session.refuse("illegal", clause="CH-turn-play-one-sword", reason=W("only one 剑 attack per turn", "每回合一次"))
    assert session.notice_text("zh") == "规则拒绝 [CH-turn-play-one-sword]：每回合一次"
