"""The conformance checks every game must pass, usable from any test (see test_conformance.py).

``checked_playout`` plays a seeded random game and checks, at every step, the promises of the
engine's public surface; it returns the final state. Replay is checked at every step by a twin that
starts from a saved copy of the first state and applies the same history one action at a time.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import explorer
from explorer import CHANCE, TERMINAL, IllegalAction, from_json, is_hidden, replay
from explorer.records import decode, encode

FULL_ROUND_TRIP_EVERY = 7  # the whole save (log and history too) grows with the game: every 7th step early,
LATE_ROUND_TRIP_EVERY = 50  # every 50th after the first 100 steps; the game data itself round-trips at every step


def known_clause(game: explorer.Game, clause: str) -> bool:
    return clause.startswith("core.") or clause in game.clause_index


def check_chance(state: explorer.State) -> None:
    outcomes = state.chance_outcomes()
    assert outcomes, f"{state}: CHANCE with no outcomes"
    total = sum((p for _, p in outcomes), Fraction(0))
    assert total == 1, f"{state}: chance outcomes sum to {total}, not exactly 1"
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), "probabilities must be positive Fractions"
    actions = [a for a, _ in outcomes]
    assert len(set(actions)) == len(actions), "duplicate chance outcomes"
    assert all(a.player == CHANCE for a in actions)


def illegal_candidates(state: explorer.State, previous: explorer.State | None) -> list[explorer.Action]:
    """Actions that are not legal now: another seat's version of a legal one, a bogus kind, stale ones."""
    legal = set(state.legal_actions())
    game = state.game
    out = [game.action("no_such_action", max(state.current_player, 0))]
    for a in state.legal_actions()[:3]:
        for seat in (CHANCE, *range(state.players)):
            if seat != a.player:
                out.append(explorer.act(game.id, a.kind, seat, **a.args))
                break
        out.append(explorer.act(game.id, a.kind, a.player, **a.args, bogus_param=1))
    if previous is not None:
        out.extend(previous.legal_actions()[:5])
    return [a for a in out if a not in legal]


def check_illegal_rejected(state: explorer.State, previous: explorer.State | None) -> None:
    before = state.to_json() if len(state.history) < 50 else json.dumps(encode(state.data))
    for bad in illegal_candidates(state, previous):
        try:
            state.apply(bad)
        except IllegalAction as exc:
            assert known_clause(state.game, exc.clause), f"IllegalAction names unknown clause {exc.clause!r}"
            assert exc.reason, "IllegalAction must say why"
        else:
            raise AssertionError(f"{state}: illegal {bad} was accepted")
        after = state.to_json() if len(state.history) < 50 else json.dumps(encode(state.data))
        assert after == before, f"rejecting {bad} changed the state"


def check_view(state: explorer.State, whole_log: bool = False) -> None:
    """Each player's view masks every other player's secrets and what nobody sees; the log (the last
    step's events, or the whole log) is redacted for those who may not see an event's details."""
    full = state.view(None, with_log=False)
    for p in range(state.players):
        v = state.view(p, with_log=whole_log)
        if not whole_log:
            v["log"] = [e.to_dict() for e in explorer.visible_log(state.events, p)]
        for q in range(state.players):
            if q == p:
                continue
            for path in state.game.private_paths(state.data, q):
                shown = at_path(v, path)
                if shown is not _ABSENT:
                    assert is_hidden(shown), f"view({p}) shows player {q}'s secret at {path}: {shown!r}"
        for path in state.game.private_paths(state.data, p):
            assert at_path(v, path) == at_path(full, path), f"view({p}) hides {p}'s own {path}"
        for path in state.game.hidden_paths(state.data):
            shown = at_path(v, path)
            assert shown is _ABSENT or is_hidden(shown), f"view({p}) shows hidden {path}"
        for e in v["log"]:
            private = e.get("private_to")
            if private is not None and p not in private:
                assert "numbers" not in e and "targets" not in e, f"view({p}) log leaks private event {e}"
        json.dumps(v)  # a view is plain JSON


_ABSENT = object()


def at_path(view, path):
    """The value at ``path`` in a view (stopping at a hidden marker), or _ABSENT."""
    node = view
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return _ABSENT
        if is_hidden(node):
            return node
    return node


def checked_playout(game_id: str, players: int, seed: int, variant: dict | None = None,
                    bot=None, check_every_step: bool = True) -> explorer.State:
    """A seeded random game with every conformance check at every step; returns the final state."""
    rng = random.Random(seed)
    game = explorer.get_game(game_id)
    state = explorer.new_game(game_id, players, game.bounded_variant(players, variant))
    bound = game.max_steps(players, state.variant)
    assert bound is not None, f"{game_id}: simulation_limits() must make max_steps a stated bound"
    bot = bot or explorer.RandomBot()
    previous = None
    twin = from_json(state.to_json())  # replays the same history from a saved start, one step at a time
    for step in range(bound + 1):
        who = state.current_player
        if who == TERMINAL:
            break
        legal = state.legal_actions()
        assert legal, f"{state}: player to move has no legal actions"
        if who == CHANCE:
            check_chance(state)
            action = explorer.sample_chance(state.chance_outcomes(), rng)
        else:
            assert 0 <= who < players, f"current_player {who} out of range"
            action = bot.choose(state, rng)
        if check_every_step:
            check_illegal_rejected(state, previous)
            check_view(state)
            data_text = json.dumps(encode(state.data))
            assert decode(json.loads(data_text)) == state.data, f"{state}: game data does not round-trip"
            if step % (FULL_ROUND_TRIP_EVERY if step < 100 else LATE_ROUND_TRIP_EVERY) == 0:
                text = state.to_json()
                back = from_json(text)
                assert back == state and back.to_json() == text, f"{state}: to_json/from_json differ"
        snapshot = json.dumps(encode(state.data))
        nxt = state.apply(action)
        assert json.dumps(encode(state.data)) == snapshot, f"apply({action}) changed the old state"
        twin = twin.apply(action)
        assert twin == nxt, f"replaying the history differs from the played game after {action}"
        for e in nxt.events:
            assert known_clause(game, e.clause), f"event {e.kind} cites unknown clause {e.clause!r}"
        previous, state = state, nxt
    else:
        raise AssertionError(f"{game_id} with {players} players did not end within {bound} steps")
    assert state.winners is not None
    assert all(0 <= w < players for w in state.winners)
    check_view(state, whole_log=True)
    again = replay(game_id, players, state.history, state.variant)
    assert again == state, "replay(history) differs from the played state"
    back = from_json(state.to_json())
    assert back == state
    return state
