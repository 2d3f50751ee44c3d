"""Issue 31, point 3: a refused save or link says which field and why, in English and in 中文 (never only "[data]
missing", never a 中文 sentence that hides the reason); the table is unchanged. And the file button reads its
label alone ("Load a save", never "Load a save (0)"). The bad documents are mutations of a real save; what is
expected comes from the engine's own refusal (``explorer.from_json``)."""

from __future__ import annotations

import json
import re

import pytest

import explorer
from explorer import SaveError
from widgets.components.table_file import STYLE, TEXT, ZH_KINDS, reason_in
from widgets.play.play_area import PlayArea


@pytest.fixture(scope="module")
def saved():
    """A real save of a 永恒之息 game a few steps in."""
    state = explorer.new_game("eternal_breath", 2)
    for _ in range(6):
        if state.current_player < 0:
            state = state.apply(state.chance_outcomes()[0][0])
        else:
            state = state.apply(state.legal_actions()[0])
    return json.loads(state.to_json())


def mutations(doc: dict) -> dict[str, str]:
    """Bad save files, each wrong in one way."""
    out = {}
    for key in ("data", "history", "format"):
        out[f"no {key}"] = json.dumps({k: v for k, v in doc.items() if k != key})
    out["unknown field"] = json.dumps({**doc, "cheat": 1})
    out["format"] = json.dumps({**doc, "format": 99})
    out["players"] = json.dumps({**doc, "players": 40})
    out["game"] = json.dumps({**doc, "game": 5})
    out["variant"] = json.dumps({**doc, "variant": []})
    out["history type"] = json.dumps({**doc, "history": {}})
    out["action"] = json.dumps({**doc, "history": [7, *doc["history"][1:]]})
    out["action player"] = json.dumps({**doc, "history": [{**doc["history"][0], "player": "x"}, *doc["history"][1:]]})
    out["action params"] = json.dumps({**doc, "history": [{**doc["history"][0], "params": {"seat": 1.5}},
                                                          *doc["history"][1:]]})
    out["illegal"] = json.dumps({**doc, "history": [*doc["history"][:2], *doc["history"][:2]]})
    out["data"] = json.dumps({**doc, "data": {**doc["data"], "dealer": 1 - doc["data"]["dealer"]}})
    out["events"] = json.dumps({**doc, "last_step_events": -1})
    out["not json"] = "{not json"
    out["not an object"] = "[1, 2]"
    return out


def refusal(text: str) -> SaveError:
    with pytest.raises(SaveError) as caught:
        explorer.from_json(text)
    return caught.value


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_bad_save_is_refused_naming_the_field_and_why_in_both_languages(saved, lang):
    area = PlayArea("eternal_breath", lang=lang, seed=3, opponent="greedy")
    session, node = area.session, area.session.node_id
    for name, text in mutations(saved).items():
        err = refusal(text)
        assert not area.file.open_save(text), name
        shown = area.file._msg.value
        assert f"[{err.field}]" in shown, (name, shown)
        why = reason_in(err.reason, lang)
        assert html_text(why) in shown
        if lang == "en":
            assert str(err.reason) in html_unescape(shown)
        else:  # the reason said in 中文, with what it found (no English sentence standing alone)
            assert "英文原因" not in why, (name, err.reason)
            assert re.search("[\u4e00-\u9fff]", why) and len(why) > 6, (name, why)
            assert not any(f"而不是 {kind}" in why for kind in ZH_KINDS), why  # a JSON value's kind in 中文 too
            assert not re.search("[A-Za-z]+ [A-Za-z]+ [A-Za-z]+", why), why  # no English sentence left
        assert area.session is session and session.node_id == node  # nothing changed


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_bad_link_is_refused_naming_why_in_both_languages(lang):
    area = PlayArea("eternal_breath", lang=lang, seed=3, opponent="greedy")
    good = area.file.share_code()
    for code in ("@@@@", good[: len(good) // 2], "x" * 10):
        err = None
        try:
            explorer.links.from_link(code)
        except SaveError as caught:
            err = caught
        assert err is not None
        assert not area.file.open_link(code)
        why = reason_in(err.reason, lang)
        assert f"[{err.field}]" in area.file._msg.value and html_text(why) in area.file._msg.value
        if lang == "zh":
            assert "英文原因" not in why and re.search("[\u4e00-\u9fff]", why)


def test_a_reason_of_no_known_form_keeps_the_english_beside_the_chinese():
    why = reason_in("something new went wrong", "zh")
    assert "something new went wrong" in why and re.search("[\u4e00-\u9fff]", why)
    assert reason_in("something new went wrong", "en") == "something new went wrong"
    both = explorer.W("in English", "中文原因")
    assert reason_in(both, "zh") == "中文原因" and reason_in(both, "en") == "in English"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_load_button_reads_its_label_alone(lang):
    area = PlayArea("eternal_breath", lang=lang, seed=3, opponent="greedy")
    load = area.file._load
    en, zh = TEXT["load"]
    assert load.description == load.tooltip == (zh if lang == "zh" else en)
    assert load.icon == ""  # nothing but the label is drawn (the count is hidden by STYLE, the title shown)
    assert "content: attr(title)" in STYLE and "re-load" in STYLE


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def html_text(text: str) -> str:
    import html

    return html.escape(text)
