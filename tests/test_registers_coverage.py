"""Every clause of every register is cited by engine code and by a test, or marked not modelled
with a reason; every assumption switch is read by the game's code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import games

import explorer

ROOT = Path(__file__).resolve().parent.parent
GAMES = games(shipped=False)


def _sources(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py")))


def _cited(clause_id: str, text: str) -> bool:
    return re.search(rf"""["']{re.escape(clause_id)}["']""", text) is not None


@pytest.fixture(scope="module")
def test_text() -> str:
    return _sources(ROOT / "tests")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_clause_is_in_code_and_tests_or_not_modelled(game_id, test_text):
    game = explorer.get_game(game_id)
    code = _sources(game.folder)
    assert game.clauses, f"{game_id} has an empty clause register"
    missing_code, missing_test = [], []
    for c in game.clauses:
        if not c.modelled:
            assert c.reason.strip(), f"{c.id} is not modelled and says no reason"
            continue
        if not _cited(c.id, code):
            missing_code.append(c.id)
        if not _cited(c.id, test_text):
            missing_test.append(c.id)
    assert not missing_code, f"{game_id}: clauses cited by no engine code: {missing_code}"
    assert not missing_test, f"{game_id}: clauses cited by no test: {missing_test}"


@pytest.mark.parametrize("game_id", GAMES)
def test_clause_ids_are_unique_and_bilingual(game_id):
    clauses = explorer.rules(game_id)
    ids = [c.id for c in clauses]
    assert len(ids) == len(set(ids))
    for c in clauses:
        assert c.zh.strip() and c.en.strip() and c.section.strip()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_assumption_switch_is_read_by_the_game(game_id):
    game = explorer.get_game(game_id)
    code = _sources(game.folder)
    for a in game.assumptions:
        if a.switch:
            assert re.search(rf"""["']{re.escape(a.switch)}["']""", code), f"{a.id}: switch {a.switch} unused"
        for cid in a.clauses:
            assert cid in game.clause_index, f"{a.id} refers to unknown clause {cid}"


@pytest.mark.parametrize("game_id", games())
def test_every_switch_has_a_short_label_in_each_language(game_id):
    """Issue 14/15: a menu names a switch and each of its values in the page's language, never by the engine's
    identifier: English labels are plain ASCII (no CJK), 中文 labels have no Latin letters; each is short and
    the values' labels are one per value, told apart."""
    switches = [a for a in explorer.assumptions(game_id) if a.switch]
    assert switches
    for a in switches:
        assert a.label_en and a.label_zh and len(a.label_en) <= 40 and len(a.label_zh) <= 40, a.id
        assert len(a.value_labels_en) == len(a.value_labels_zh) == len(a.values), a.id
        for text in (a.label_en, *a.value_labels_en):
            assert text.isascii() and not re.search(r"[\u3000-\u9fff\uff00-\uffef]", text), (a.id, text)
        for text in (a.label_zh, *a.value_labels_zh):
            assert not re.search(r"[A-Za-z]", text), (a.id, text)
        for lang in ("en", "zh"):
            readings = [a.value_label(v, lang) for v in a.values]
            assert len(set(readings)) == len(readings), (a.id, readings)
            assert "_" not in a.label(lang) + "".join(readings), (a.id, readings)  # no engine identifier
    for lang in ("en", "zh"):
        names = [a.label(lang) for a in switches]
        assert len(set(names)) == len(names), names
