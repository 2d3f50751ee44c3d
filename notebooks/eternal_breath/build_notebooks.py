"""Write the 永恒之息 tutorial notebooks (without outputs) from the cell lists in ``nb_*.py`` beside this file.

    .venv/bin/python notebooks/eternal_breath/build_notebooks.py

Each ``nb_XX_*.py`` module defines ``CELLS``: a list of ("md", text) or ("code", text). The notebooks are
the product; these modules only keep the cells reviewable as plain Python text.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat

HERE = Path(__file__).parent

COMMON = '''\
import inspect
from fractions import Fraction

import ipywidgets as ipw
import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, TERMINAL, IllegalAction
from widgets.exercise import Exercise
from widgets.lessons import (assumption_markdown, clause_markdown, clauses_seen, run, setup_steps, states, step,
                             tutorial_setup)

GID = "eternal_breath"
GAME = explorer.get_game(GID)
RULES = {c.id: c for c in explorer.rules(GID)}
ASSUMPTIONS = {a.id: a for a in explorer.assumptions(GID)}
'''


def build(module_path: Path) -> Path:
    spec = importlib.util.spec_from_file_location(module_path.stem, module_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    cells = []
    for kind, text in mod.CELLS:
        text = text.strip("\n")
        if kind == "common":
            cells.append(nbformat.v4.new_code_cell(COMMON.strip("\n")))
        elif kind == "md":
            cells.append(nbformat.v4.new_markdown_cell(text))
        else:
            cells.append(nbformat.v4.new_code_cell(text))
    nb.cells = cells
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{module_path.stem[3:5]}-{i:02d}"
    out = HERE / mod.NAME
    nbformat.write(nb, out)
    return out


def main() -> None:
    for module_path in sorted(HERE.glob("nb_*.py")):
        print("wrote", build(module_path).relative_to(HERE.parent.parent))


if __name__ == "__main__":
    main()
