"""Every notebook under notebooks/ has its py:percent source beside it (``jupytext.toml``), and the two agree.

Edit either file, then ``make notebooks`` (``jupytext --sync``) writes the other; this test fails when one was
edited alone. The sources are what reviewers read; the .ipynb files are what Voilà, nbval and JupyterLab run.
"""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _cells(nb) -> list[tuple[str, str]]:
    return [(c.cell_type, c.source.strip()) for c in nb.cells]


def test_jupytext_pairs_every_notebook():
    text = (ROOT / "jupytext.toml").read_text(encoding="utf-8")
    assert 'formats = "ipynb,py:percent"' in text
    assert len(NOTEBOOKS) >= 7


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_the_notebook_and_its_source_agree(path: Path):
    source = path.with_suffix(".py")
    assert source.exists(), f"{source.name} is missing: run `make notebooks` (jupytext --sync)"
    paired = jupytext.read(source, fmt="py:percent")
    notebook = nbformat.read(path, as_version=4)
    assert _cells(paired) == _cells(notebook), f"{path.name} and {source.name} differ: run `make notebooks`"
