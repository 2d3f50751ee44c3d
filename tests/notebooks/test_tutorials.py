"""Every game's tutorials teach every clause and every assumption of its registers (cited by id in their text).

The notebooks themselves run under ``pytest --nbval-lax`` (``make test``) with their own asserts; this test
checks their coverage and hygiene: no outputs committed, exercises at the end, every switch run in code.
A game's series lives in ``notebooks/<game id>/NN_*.ipynb`` (paired py:percent sources, see
``test_jupytext_pairs.py``); every registered game is expected to have one (``support.games()``), so a missing
series fails rather than skips.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import PerGame, games

import explorer

ROOT = Path(__file__).resolve().parents[2]
SERIES = games()
LEAST = PerGame(eternal_breath=6, card_moba=6, castle_heart=5)  # the least number of notebooks each issue asks for


def notebooks(gid: str) -> list[Path]:
    return sorted((ROOT / "notebooks" / gid).glob("[0-9][0-9]_*.ipynb"))


def ids_in(gid: str, text: str) -> set[str]:
    prefix = explorer.get_game(gid).info.clause_prefix
    return set(re.findall(prefix + r"-(?:A\d\d|[0-9A-Za-z.\-]+[0-9A-Za-z])", text))


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(path: Path) -> str:
    return "\n".join("".join(cell["source"]) for cell in _cells(path))


def _all_text(gid: str) -> str:
    return "\n".join(_text(p) for p in notebooks(gid))


def test_the_eternal_breath_series_is_there():
    assert notebooks("eternal_breath")


@pytest.mark.parametrize("gid", SERIES)
def test_each_series_is_numbered_in_order(gid):
    numbers = [p.name[:2] for p in notebooks(gid)]
    assert len(numbers) >= LEAST[gid]
    assert numbers == [f"{i:02d}" for i in range(1, len(numbers) + 1)]


@pytest.mark.parametrize("gid", SERIES)
def test_every_clause_of_the_register_is_cited_in_the_tutorials(gid):
    cited = ids_in(gid, _all_text(gid))
    missing = [c.id for c in explorer.rules(gid) if c.id not in cited]
    assert not missing, f"clauses taught in no tutorial: {missing}"


@pytest.mark.parametrize("gid", SERIES)
def test_every_assumption_of_the_register_is_cited_in_the_tutorials(gid):
    cited = ids_in(gid, _all_text(gid))
    missing = [a.id for a in explorer.assumptions(gid) if a.id not in cited]
    assert not missing, f"assumptions shown in no tutorial: {missing}"


@pytest.mark.parametrize("gid", SERIES)
def test_every_switch_is_run_both_ways_in_a_code_cell(gid):
    """An assumption with a switch is shown with what switching it changes: its switch name is used in code."""
    code = "\n".join("".join(c["source"]) for p in notebooks(gid) for c in _cells(p) if c["cell_type"] == "code")
    missing = [a.switch for a in explorer.assumptions(gid) if a.switch and f'"{a.switch}"' not in code]
    assert not missing, f"switches never run in a tutorial: {missing}"


@pytest.mark.parametrize("gid", SERIES)
def test_the_ids_cited_all_exist(gid):
    """No tutorial cites a clause or an assumption that is not in a register (a typo or a removed rule)."""
    known = {c.id for c in explorer.rules(gid)} | {a.id for a in explorer.assumptions(gid)}
    unknown = sorted(ids_in(gid, _all_text(gid)) - known)
    assert not unknown, f"ids cited but not in the registers: {unknown}"


@pytest.mark.parametrize("path", [p for g in SERIES for p in notebooks(g)], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebooks_are_committed_without_outputs_and_end_with_exercises(path: Path):
    cells = _cells(path)
    for cell in cells:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None
    # what the learner sees: the notebook's own checks sit in hidden cells (test_learner_view.py)
    seen = [c for c in cells if c["cell_type"] == "code" and "remove-input" not in c["metadata"].get("tags", ())]
    code = ["".join(c["source"]) for c in seen]
    assert any("Exercise(" in c for c in code[-4:]), "a tutorial ends with exercises in Exercise widgets"
    assert "import ipywidgets as widgets" not in _text(path)
