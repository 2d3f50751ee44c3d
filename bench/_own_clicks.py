"""Kernel CPU of a person's own clicks at the Play table, run in a fresh process on a tree's ``widgets`` (this one or
an older release's, ``bench/own_click.py``): prints JSON.

A scripted person sits at seat 0 of a ``PlayArea`` as the app builds it (the event-chain graph's tab closed), the
game's best bot in the other seats, seeded dice, and clicks the picker's button of the greedy bot's choice. A click
"only moves the person's own game" when every step it added was the person's (their choice, a forced move) or a
die's: no other seat decided. Its cost is the process CPU time around the button's click handler, every observer's
redraw included; each widget message the kernel would send is serialised to JSON as the kernel does (a comm that
only serialises: no kernel, no browser), so the count is the kernel's work, not the network's.

Usage: ``python bench/_own_clicks.py GAME PLAYERS SEED MAX_OWN_CLICKS``.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

import comm
from comm.base_comm import BaseComm

SENT = {"messages": 0, "bytes": 0}


class JsonComm(BaseComm):
    """A comm that serialises what a kernel would send (ipywidgets' state updates) and sends nothing."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        SENT["messages"] += 1
        SENT["bytes"] += len(json.dumps({"data": data, "metadata": metadata}, default=str))


comm.create_comm = JsonComm


def main(game_id: str, players: int, seed: int, most: int) -> dict:
    import explorer
    from explorer import TERMINAL
    if Path("widgets/play/play_area.py").exists():  # run in the tree measured (bench/own_click.py sets the cwd)
        from widgets.play.play_area import PlayArea
    else:  # a release before the widgets were grouped by job (issue 35)
        from widgets.play_area import PlayArea

    extra = {"graph_shown": False} if "graph_shown" in PlayArea.class_trait_names() else {}
    area = PlayArea(game_id, players=players, seed=seed, **extra)
    s = area.session
    bot = explorer.get_game(game_id).bots()["greedy"]()
    own, other, messages = [], 0, []
    for _ in range(2000):
        state = s.state
        if state.current_player == TERMINAL or len(own) >= most:
            break
        if state.current_player != 0:
            s.run_bots()
            continue
        button = area.picker.button_for(bot.choose(state, random.Random(f"person#{s.node_id}")))
        depth, sent = s.node.depth, SENT["messages"]
        began = time.process_time()
        button.click()
        spent = time.process_time() - began
        if all(n.parent.state.current_player in (0, -1) for n in s.path()[depth + 1:]):  # -1: chance
            own.append(spent)
            messages.append(SENT["messages"] - sent)
        else:
            other += 1
    return {"median_ms": statistics.median(own) * 1000, "p90_ms": sorted(own)[int(0.9 * (len(own) - 1))] * 1000,
            "own_clicks": len(own), "other_clicks": other, "median_messages": statistics.median(messages)}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))))
