"""Issue 33: playing a game loads only what playing needs. networkx (tens of thousands of objects) is loaded by the
functions that draw the event graph, not by the engine: every object a process holds is walked again by the cycle
collector at each of its full collections, a cost paid on every step of a person's game (``State.apply``).
引擎只加载对局所需的模块：事件图所用的 networkx 只在画图时才加载（垃圾回收每次完整回收都要遍历进程里的所有对象）。"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from support import games

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import random, sys
import explorer
for game_id in sys.argv[1:]:
    game = explorer.get_game(game_id)
    state, rng = explorer.new_game(game_id, game.min_players, game.bounded_variant(game.min_players)), random.Random(0)
    for _ in range(300):
        if state.is_terminal:
            break
        action = (explorer.sample_chance(state.chance_outcomes(), rng) if state.is_chance
                  else rng.choice(state.legal_actions()))
        state = state.apply(action)
    explorer.play_out(state, seed=1)
print("networkx" in sys.modules)
graph = explorer.event_graph(state.log)
from explorer.event_scopes import around, summary_graph
print(len(graph) == len(state.log), len(around(graph, state.log[-1].id)) >= 1, len(summary_graph(state.log)) >= 1)
"""


def test_playing_every_game_loads_no_networkx_and_the_event_graph_still_does():
    run = subprocess.run([sys.executable, "-c", PLAY, *games()], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert run.returncode == 0, run.stderr
    loaded, graph = run.stdout.split("\n")[:2]
    assert loaded == "False", "networkx was imported by playing a game (explorer/events.py, explorer/event_scopes.py)"
    assert graph == "True True True", run.stdout
