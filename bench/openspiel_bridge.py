"""The OpenSpiel bridge's overhead (issue 33, point 3): the same seeded random games played through pyspiel
(``legal_actions`` / ``chance_outcomes`` / ``apply_action`` on ids) and directly through explorer's ``State`` API
(the same choices, mapped from ids to actions untimed). CPU time (``time.process_time``) of the steps alone, the
fastest of ``REPEAT`` alternating runs per seed (the least disturbed by other work). Target: ≤ 1.2× of direct.
"""

from __future__ import annotations

import random
import time

from support import smallest_tables

TABLES = smallest_tables()
SEEDS = range(3)
REPEAT = 15  # runs are ~5 ms: 15 in turn cost 3 s, and the least of 15 shrugs off a busy moment (of 5 did not)
TARGET = 1.2


def _bridge_picks(game, seed: int) -> list[int]:
    """A seeded random game through pyspiel: the index chosen among the ids at each step."""
    rng, state, picks = random.Random(seed), game.new_initial_state(), []
    while not state.is_terminal():
        if state.is_chance_node():
            ids, weights = zip(*state.chance_outcomes(), strict=True)
            k = rng.choices(range(len(ids)), weights=weights)[0]
            state.apply_action(ids[k])
        else:
            ids = state.legal_actions()
            k = rng.randrange(len(ids))
            state.apply_action(ids[k])
        picks.append(k)
    return picks


def _direct_picks(game, picks: list[int]) -> list[int]:
    """The same choices as indices into the State's own lists (ids are sorted; the State's lists are not)."""
    state, space, out = game.new_initial_state().explorer_state, game.space, []
    for k in picks:
        options = [a for a, _ in state.chance_outcomes()] if state.is_chance else list(state.legal_actions())
        j = sorted((space.encode(a), i) for i, a in enumerate(options))[k][1]
        out.append(j)
        state = state.apply(options[j])
    return out


def _timed_bridge(game, picks: list[int]) -> tuple[float, object]:
    state = game.new_initial_state()
    start = time.process_time()
    for k in picks:
        state.apply_action(state.chance_outcomes()[k][0] if state.is_chance_node() else state.legal_actions()[k])
    return time.process_time() - start, state.explorer_state


def _timed_direct(game, picks: list[int]) -> tuple[float, object]:
    state = game.new_initial_state().explorer_state
    start = time.process_time()
    for k in picks:
        state = state.apply(state.chance_outcomes()[k][0] if state.is_chance else state.legal_actions()[k])
    return time.process_time() - start, state


def run():
    import pyspiel

    from explorer import openspiel as bridge

    bridge.register()
    for game_id, players in TABLES:
        game = pyspiel.load_game(bridge.PREFIX + game_id, {"players": players})
        through = direct = 0.0
        steps = 0
        for seed in SEEDS:
            picks = _bridge_picks(game, seed)
            mapped = _direct_picks(game, picks)
            best_bridge = best_direct = float("inf")
            for _ in range(REPEAT):
                t, end_bridge = _timed_bridge(game, picks)
                best_bridge = min(best_bridge, t)
                t, end_direct = _timed_direct(game, mapped)
                best_direct = min(best_direct, t)
            assert end_bridge == end_direct, "the bridge and the direct game parted"
            through, direct, steps = through + best_bridge, direct + best_direct, steps + len(picks)
        ratio = through / direct
        yield {"bench": "openspiel_bridge", "case": f"{game_id} {players}p random games through pyspiel "
               f"({steps} steps, µs per step)", "value": round(1e6 * through / steps, 1), "unit": "µs",
               "peer": "explorer State directly", "peer_value": round(1e6 * direct / steps, 1),
               "ratio": round(ratio, 2), "target": f"≤ {TARGET:g}×", "ok": ratio <= TARGET}
