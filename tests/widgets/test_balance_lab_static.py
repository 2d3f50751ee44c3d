"""The Balance tab under Pyodide (the static site of `make site`): a note in both languages, nothing that needs
Dask, pandas or a thread can be started, and the rest of the lab still follows the game and the language."""

from __future__ import annotations

import datetime
import sys

from widgets.balance.lab import BalanceLab, T


def test_under_pyodide_the_lab_is_a_note_in_both_languages_and_runs_nothing(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    b = BalanceLab("castle_heart")
    monkeypatch.undo()
    assert b.static and b._run.disabled and b._upload.disabled
    assert "Pyodide" in b._status.value and "pandas" in b._status.value
    b.lang = "zh"
    assert "平衡实验室无法在此运行" in b._status.value and "pandas" in b._status.value
    b.game_id = "card_moba"  # a new game keeps the note
    assert b._status.value == T["zh"]["static"]
    b.start(wait=True)  # a click forged on the disabled button
    assert not b.running and b._thread is None and b.table is None
    b._upload.value = ({"name": "x.parquet", "content": memoryview(b"not parquet"), "size": 11, "type": "",
                        "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)},)
    assert b.table is None and b._status.value == T["zh"]["static"]


def test_outside_pyodide_the_lab_has_no_note():
    b = BalanceLab("castle_heart")
    assert not b.static and not b._run.disabled and not b._upload.disabled
    assert "Pyodide" not in b._status.value
