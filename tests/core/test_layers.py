"""The package's face: the layers and the import contracts hold (import-linter, the contracts in pyproject.toml:
widgets above probability above the engine, games independent of each other, no import circles among the engine's
core modules), and every game folder has the same rooms, so a maintainer finds the same files in each.
包的结构：导入契约（import-linter）成立；每个游戏文件夹有相同的“房间”。"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import games

ROOT = Path(__file__).resolve().parents[2]
EXPLORER = ROOT / "explorer"
# the same job has the same module name in every game (issue 35); docs/adding-a-game.md says what each one does
JOBS = ("records.py", "content.py", "setup.py", "flow.py", "turn.py", "illegal.py", "describe.py", "view.py",
        "event_kinds.py", "determinise.py", "tactics.py", "spiel.py", "tensor.py")
ROOMS = ("game.py", "scenarios.py", "lessons.toml", "bots.py", "rules.toml", "assumptions.toml", *JOBS, "README.md")


def contracts(folder: Path) -> tuple[int, str]:
    """import-linter's exit status and report for the packages in ``folder`` and the contracts of its pyproject.toml
    (its own process: the packages it finds are that folder's); imports inside functions count too (grimp reads every
    import statement)."""
    run = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; "
                          "sys.exit(lint_imports(no_cache=True, no_logo=True))"], cwd=folder, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(folder)}, timeout=120)
    return run.returncode, run.stdout + run.stderr


def test_the_import_contracts_hold():
    status, report = contracts(ROOT)
    assert status == 0, report
    assert report.count(" KEPT") == 3, report  # every contract of pyproject.toml was read and checked


def test_the_contracts_find_a_circle_a_layer_broken_and_two_games_that_import_each_other(tmp_path):
    """The same contracts on a small package that breaks each of them (inside a function, too) fail, naming it."""
    toys = {game: chr(ord("a") + i) for i, game in enumerate(games())}  # each game's stand-in package: a imports b
    empty = {f"explorer/games/{toy}/__init__.py": "" for toy in toys.values()}
    for module, text in {**empty, "explorer/__init__.py": "", "explorer/state.py": "from . import saves\n",
                         "explorer/saves.py": "def load():\n    from .state import x\n",
                         "explorer/games/__init__.py": "", "explorer/games/a/__init__.py": "from ..b import y\n",
                         "explorer/games/b/__init__.py": "y = 1\n",
                         "probability/__init__.py": "", "widgets/__init__.py": "",
                         "explorer/odds.py": "def f():\n    import probability\n"}.items():
        (tmp_path / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / module).write_text(text)
    # the contracts as written (the games' contract names explorer.games.*: the stand-ins are games too)
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    status, report = contracts(tmp_path)
    assert status != 0 and report.count(" BROKEN") == 3, report
    assert "explorer.odds -> probability" in report, report  # a layer broken inside a function
    assert "explorer.games.a -> explorer.games.b" in report, report  # one game importing another
    assert "No cycles are allowed in explorer." in report, report  # state <-> saves


GAMES = sorted(p.name for p in (EXPLORER / "games").iterdir() if (p / "__init__.py").exists())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_folder_has_the_same_rooms(game):
    folder = EXPLORER / "games" / game
    missing = [room for room in ROOMS if not (folder / room).exists()]
    assert not missing, f"{game} lacks {missing}"
    assert list(folder.glob("*.sample.toml")), f"{game} has no sample content (*.sample.toml)"
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert all(room in readme for room in (*ROOMS[:-1], ".sample.toml")), f"{game}'s README does not list every room"
    init = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
    assert not [n for n in init.body if isinstance(n, ast.ClassDef | ast.FunctionDef)], \
        f"{game}/__init__.py only registers the game (its Game class lives in game.py)"
