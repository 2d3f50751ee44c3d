"""The 永恒之息 tutorials teach every clause and every assumption of the registers (cited by id in their text).

The notebooks themselves run under ``pytest --nbval-lax`` (``make test``) with their own asserts; this test
checks the coverage and the hygiene of the files: no outputs committed, the builder and the notebooks agree.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import explorer

GID = "eternal_breath"
ROOT = Path(__file__).resolve().parents[2]
TUTORIALS = ROOT / "notebooks" / "eternal_breath"
NOTEBOOKS = sorted(TUTORIALS.glob("[0-9][0-9]_*.ipynb"))
ID = re.compile(r"EB-(?:A\d\d|[0-9A-Za-z.\-]+[0-9A-Za-z])")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(path: Path) -> str:
    return "\n".join("".join(cell["source"]) for cell in _cells(path))


def _all_text() -> str:
    return "\n".join(_text(p) for p in NOTEBOOKS)


def test_there_are_six_tutorials_in_order():
    assert [p.name[:2] for p in NOTEBOOKS] == ["01", "02", "03", "04", "05", "06"]


def test_every_clause_of_the_register_is_cited_in_the_tutorials():
    text = _all_text()
    missing = [c.id for c in explorer.rules(GID) if c.id not in set(ID.findall(text))]
    assert not missing, f"clauses taught in no tutorial: {missing}"


def test_every_assumption_of_the_register_is_cited_in_the_tutorials():
    text = _all_text()
    missing = [a.id for a in explorer.assumptions(GID) if a.id not in set(ID.findall(text))]
    assert not missing, f"assumptions shown in no tutorial: {missing}"


def test_every_switch_is_run_both_ways_in_a_code_cell():
    """An assumption with a switch is shown with what switching it changes: its switch name is used in code."""
    code = "\n".join("".join(c["source"]) for p in NOTEBOOKS for c in _cells(p) if c["cell_type"] == "code")
    missing = [a.switch for a in explorer.assumptions(GID) if a.switch and f'"{a.switch}"' not in code]
    assert not missing, f"switches never run in a tutorial: {missing}"


def test_the_ids_cited_all_exist():
    """No tutorial cites a clause or an assumption that is not in a register (a typo or a removed rule)."""
    known = {c.id for c in explorer.rules(GID)} | {a.id for a in explorer.assumptions(GID)}
    unknown = sorted(set(ID.findall(_all_text())) - known)
    assert not unknown, f"ids cited but not in the registers: {unknown}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_are_committed_without_outputs_and_end_with_exercises(path: Path):
    cells = _cells(path)
    for cell in cells:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None
    code = [("".join(c["source"])) for c in cells if c["cell_type"] == "code"]
    assert any("Exercise(" in c for c in code[-4:]), "a tutorial ends with exercises in Exercise widgets"
    assert "import ipywidgets as widgets" not in _text(path)


def test_the_notebooks_are_what_the_builder_writes(tmp_path, monkeypatch):
    """The cell modules (nb_*.py) and the notebooks agree: edit the module, then run build_notebooks.py."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_notebooks", TUTORIALS / "build_notebooks.py")
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    monkeypatch.setattr(builder, "HERE", tmp_path)
    for module in sorted(TUTORIALS.glob("nb_*.py")):
        (tmp_path / module.name).write_text(module.read_text(encoding="utf-8"), encoding="utf-8")
    for module in sorted(tmp_path.glob("nb_*.py")):
        out = builder.build(module)
        assert _cells(out) == _cells(TUTORIALS / out.name), f"{out.name} differs from its cell module: rebuild it"
