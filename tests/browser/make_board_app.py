"""Writes board_app.ipynb, the fixture notebook of the browser test and the board bench (wiring only).

Run ``python tests/browser/make_board_app.py`` after changing the cells below.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

CELLS = [
    '''# Board fixture: the widgets of issue 5 wired for one game, seeded dice, bots in every seat.
# RE_BOARD_GAME picks the game (default eternal_breath; toy_duel is the core's test game, a plug-in in tests/plugins).
import os
import sys

import ipywidgets as ipw
from IPython.display import display

import explorer

GAME = os.environ.get("RE_BOARD_GAME", "eternal_breath")
PLAYERS = int(os.environ.get("RE_BOARD_PLAYERS", "2"))
SEED = int(os.environ.get("RE_BOARD_SEED", "2026"))
if GAME == "toy_duel":
    explorer.use_plugins(os.path.abspath("../plugins"))  # tests/plugins: the core's test game
    VARIANT = {"start_hp": 6}
else:
    VARIANT = {}''',
    '''from widgets.play.action_picker import ActionPicker
from widgets.play.bots_seat import BotsSeat
from widgets.games.eternal_breath.board import EternalBreathBoard
from widgets.event_graph.view import EventGraphView
from widgets.play.event_log import EventLog
from widgets.play.game_session import GameSession
from widgets.i18n import LanguageSwitch, link_lang
from widgets.components.step_controls import StepControls

session = GameSession(GAME, PLAYERS, VARIANT, seed=SEED, seats={k: "random" for k in range(PLAYERS)})
board = EternalBreathBoard(session)  # made first: its redraw is the first message after a step
controls = StepControls(session)
picker = ActionPicker(session)
log = EventLog(session)
graph = EventGraphView(session)
seats = BotsSeat(session)
switch = LanguageSwitch()
link_lang(switch, board, controls, picker, log, graph, seats)
for part in (controls, picker, log, graph):  # one viewer for every component
    ipw.link((board, "viewer"), (part, "viewer"))
display(ipw.VBox([switch, controls, board, picker, ipw.HBox([log, seats]), graph]))''',
]


def main() -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = Path(__file__).with_name("board_app.ipynb")
    nbformat.write(nb, path)
    return path


if __name__ == "__main__":
    print(main())
