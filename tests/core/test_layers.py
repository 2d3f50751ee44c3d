"""The package's face: explorer's core has layers without import cycles, explorer never imports the widgets or the
odds, and every game folder has the same rooms, so a maintainer finds the same files in each.
包的结构：核心模块无循环导入；explorer 不导入 widgets/probability；每个游戏文件夹有相同的“房间”。"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXPLORER = ROOT / "explorer"
CORE = ("actions", "events", "registry", "state", "play")
# Imports inside a function run when it is called, not at import time; they would hide a cycle. The core has
# none: Action.describe / Event.describe reach the games through hooks the registry fills in, and the RandomBot
# the registry offers lives in the leaf module bot.py.
LATE: dict[tuple[str, str], str] = {}
ROOMS = ("game.py", "scenarios.py", "lessons.toml", "bots.py", "rules.toml", "assumptions.toml", "README.md")


def imported_modules(path: Path, package: str) -> list[tuple[str, bool]]:
    """(module, at_module_level) for each import in ``path``; relative imports resolved inside ``package``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, id(node) in top) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
                names = [f"{name}.{a.name}" for a in node.names] if not node.module else [name]
            else:
                names = [node.module or ""]
            out += [(n, id(node) in top) for n in names]
    return out


def core_edges() -> dict[tuple[str, str], bool]:
    """(importer, imported) between core modules → True when the import is at module level."""
    edges: dict[tuple[str, str], bool] = {}
    for name in CORE:
        for module, at_top in imported_modules(EXPLORER / f"{name}.py", "explorer"):
            parts = module.split(".")
            if parts[0] == "explorer" and len(parts) > 1 and parts[1] in CORE and parts[1] != name:
                edges[(name, parts[1])] = edges.get((name, parts[1]), False) or at_top
    return edges


def find_cycle(nodes, edges) -> list[str]:
    """A cycle of the directed graph as a list of nodes, or [] when it has none (depth-first search)."""
    colour = dict.fromkeys(nodes, 0)
    stack: list[str] = []

    def visit(n):
        colour[n] = 1
        stack.append(n)
        for a, b in edges:
            if a == n:
                if colour[b] == 1:
                    return [*stack[stack.index(b):], b]
                if colour[b] == 0:
                    found = visit(b)
                    if found:
                        return found
        colour[n] = 2
        stack.pop()
        return []

    for n in nodes:
        if colour[n] == 0:
            found = visit(n)
            if found:
                return found
    return []


def test_the_cycle_finder_finds_a_cycle_and_passes_a_chain():
    assert find_cycle("abc", [("a", "b"), ("b", "c")]) == []
    assert find_cycle("abc", [("a", "b"), ("b", "c"), ("c", "a")]) == ["a", "b", "c", "a"]


def test_relative_imports_are_resolved_and_their_level_told(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("from .state import State\nimport json\n\ndef f():\n    from .registry import get_game\n")
    assert imported_modules(f, "explorer") == [("explorer.state", True), ("json", True),
                                               ("explorer.registry", False)]


def test_the_core_modules_import_each_other_without_a_cycle_at_module_level():
    edges = core_edges()
    top = [e for e, at_top in edges.items() if at_top]
    assert find_cycle(CORE, top) == [], f"module-level import cycle among {CORE}: {top}"
    assert ("state", "registry") in top and ("play", "state") in top  # the graph is read, not empty


def test_the_core_modules_import_each_other_without_a_cycle_even_inside_functions():
    edges = core_edges()
    late = {e for e, at_top in edges.items() if not at_top}
    assert late <= set(LATE), f"new function-level imports between core modules: {sorted(late - set(LATE))}"
    assert find_cycle(CORE, list(edges)) == [], f"import cycle among {CORE}: {sorted(edges)}"


def test_explorer_imports_nothing_from_the_widgets_or_the_odds():
    offenders = []
    for path in EXPLORER.rglob("*.py"):
        package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
        for module, at_top in imported_modules(path, package):
            if module.split(".")[0] in ("widgets", "probability"):
                offenders.append(f"{path.relative_to(ROOT)}: {module} ({'module' if at_top else 'function'} level)")
    assert not offenders, offenders


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
