"""Speed work must not change a game (issue 16): seeded bot games are bit-for-bit the games they were.

For each registered game, SEEDS seeded random-bot playouts (4 players where allowed) and one playout with a greedy
seat among random ones (the State path inside play_out) are reduced to sha256 digests of
- the actions: every step's ``to_dict`` (chance outcomes included) and the final game data (its exact JSON form),
- the log: every event's fields (id, kind, clause, actor, targets, cause, outcome, numbers, private_to, links).
The digests in ``playout_identity.json`` were made on the engine before the speed work of this branch (136a83d).
A change to the rules or to what events say changes them on purpose: then rewrite the file with
``python tests/core/test_playout_identity.py --write`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest
from support import games

import explorer
from explorer.records import encode

FIXTURE = Path(__file__).with_name("playout_identity.json")
SEEDS = range(30)
GREEDY_STEPS = 300


def _start(game_id: str) -> explorer.State:
    game = explorer.get_game(game_id)
    players = min(max(4, game.min_players), game.max_players)
    return explorer.new_game(game_id, players, game.bounded_variant(players))


def _event_fields(e) -> list:
    return [e.id, e.kind, e.clause, e.actor, encode(e.targets), e.cause, e.outcome, encode(e.numbers),
            encode(e.private_to), encode(e.links)]


def _digest(states) -> dict[str, str]:
    actions, log = hashlib.sha256(), hashlib.sha256()
    for state in states:
        text = json.dumps([[a.to_dict() for a in state.history], encode(state.data)], sort_keys=True, default=repr)
        actions.update(text.encode())
        log.update(json.dumps([_event_fields(e) for e in state.log], sort_keys=True, default=repr).encode())
    return {"actions": actions.hexdigest(), "log": log.hexdigest()}


def digests(game_id: str) -> dict[str, dict[str, str]]:
    start = _start(game_id)
    greedy = explorer.get_game(game_id).bots()["greedy"]()
    mixed = {p: (greedy if p == 1 else explorer.RandomBot()) for p in range(start.players)}
    return {"random": _digest(explorer.play_out(start, seed=seed) for seed in SEEDS),
            "greedy seat": _digest([explorer.play_out(start, mixed, seed=3, max_steps=GREEDY_STEPS)])}


@pytest.mark.parametrize("game_id", games())
def test_seeded_games_are_the_games_they_were(game_id):
    expected = json.loads(FIXTURE.read_text())
    assert digests(game_id) == expected[game_id]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    FIXTURE.write_text(json.dumps({g: digests(g) for g in games()}, indent=1, sort_keys=True) + "\n")
