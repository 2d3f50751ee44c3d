"""A game plugs in from its own folder (issue 35): the toy duel (tests/plugins/toy_game) is a plug-in package, and a
renamed copy of its folder — a game no file of the project has ever named — is picked up from a plug-in folder alone
by the registry, the conformance suite, the Play table, the event graph, the OpenSpiel bridge and the balance lab."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from support import ROOT

TOY = ROOT / "tests" / "plugins" / "toy_game"
NAMES = ("toy_duel", "toy_game", "ToyGame")
# the product and its wiring: none of these may name the toy (it plugs in; nothing special-cases it)
WIRING = ("explorer", "probability", "widgets", "notebooks", "binder", "Makefile", "pyproject.toml", ".ci")


def tracked(*paths: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z", "--", *paths], cwd=ROOT, capture_output=True, check=True)
    return [ROOT / p for p in out.stdout.decode().split("\0") if p]


def test_no_file_of_the_product_or_its_wiring_names_the_toy_game():
    files = tracked(*WIRING)
    assert len(files) > 100, "git ls-files found too few files to mean anything"
    named = [(str(f.relative_to(ROOT)), n) for f in files if f.is_file()
             for n in NAMES if n in f.read_text(encoding="utf-8", errors="replace")]
    assert not named, f"the toy game is named outside its folder: {named}"


CHECK = r"""
import json, sys
import explorer
from explorer import openspiel as bridge
from balance import Study, run
from widgets.components.state_board import StateBoard
from widgets.event_graph.view import EventGraphView
from widgets.games import board_class
from widgets.balance.lab import BalanceLab
from widgets.play.play_area import PlayArea

GID = "copy_duel"
out = {"registered": GID in explorer.game_ids()}
area = PlayArea(GID, players=2, seed=3)
out["board_is_generic"] = board_class(GID) is StateBoard and isinstance(area.board, StateBoard)
session = area.session
for _ in range(12):  # chance rolls its dice, a person takes the first choice
    state = session.state
    if state.is_terminal:
        break
    session.roll() if state.current_player == explorer.CHANCE else session.choose(state.legal_actions()[0])
out["steps"] = session.step
graph = EventGraphView(session, viewer=0)  # the table shows the person their own view
graph.scope = "game"
out["graph_events"] = graph.graph.number_of_nodes()
names = bridge.register()
game = bridge.load(GID, 2)
state = game.new_initial_state()
while not state.is_terminal():
    state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
out["openspiel"] = [bridge.PREFIX + GID in names, state.returns(), len(state.observation_tensor(0))]
out["balance_rows"] = len(run(Study(GID, 2, 6, ("random",)), workers=0, progress=False))
lab = BalanceLab(GID)
out["lab_players"] = list(lab._players.options)
print(json.dumps(out))
"""


def test_a_renamed_copy_of_the_toy_folder_plugs_in_everywhere(tmp_path):
    folder = tmp_path / "plugins"
    copy = folder / "copy_game"
    shutil.copytree(TOY, copy, ignore=shutil.ignore_patterns("__pycache__"))
    for f in copy.glob("*.py"):
        f.write_text(f.read_text(encoding="utf-8").replace("toy_duel", "copy_duel"), encoding="utf-8")
    env = {**os.environ, "RULES_EXPLORER_PLUGINS": str(folder)}
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["registered"] and got["board_is_generic"] and got["steps"] >= 12 and got["graph_events"] > 0
    found, returns, tensor = got["openspiel"]
    assert found and len(returns) == 2 and set(returns) <= {-1.0, 1.0} and tensor > 0  # (40 turns of passing: all win)
    assert got["balance_rows"] == 6 and got["lab_players"] == [2, 3]
    # the conformance suite runs on it as on every registered game (its cases are parametrised by the registry)
    suite = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "copy_duel",
                            str(ROOT / "tests" / "conformance")], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=900)
    tail = suite.stdout.strip().splitlines()[-1]
    assert suite.returncode == 0 and " passed" in tail and "failed" not in tail, suite.stdout[-3000:]
    assert int(tail.split(" passed")[0].split()[-1]) >= 5, tail
