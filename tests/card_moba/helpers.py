"""Scenario helpers: put chosen heroes on a sample map in the action phase, script decisions, read events."""

from __future__ import annotations

import explorer
from explorer import State
from explorer.games.card_moba import combat
from explorer.games.card_moba.flow import A
from explorer.games.card_moba.records import Hero, Status, evolve

GAME = "card_moba"


def table(heroes=("gale", "bulwark"), positions=((0, 0), (0, 1)), map_id="arena", variant=None, mode="classic",
          hands=None, stamina=6, steps=3, **seat0) -> State:
    """A game already set up: seat 0's action phase, heroes placed, turn order = seat order."""
    s = explorer.new_game(GAME, len(heroes), variant)
    d = s.data
    rules = d.ruler_rules if mode == "ruler" else d.rules
    d = evolve(d, rules=rules)
    placed = []
    for i, (hid, pos) in enumerate(zip(heroes, positions, strict=True)):
        h = Hero(seat=i, hero=hid, pos=pos, spawn=pos, stamina=stamina, steps=steps, attacks=1,
                 hand=tuple(sorted(hands[i])) if hands else ())
        placed.append(evolve(h, hp=combat.starting_hp(h, rules.hp_cap)))
    d = evolve(d, phase="action", seat=0, heroes=tuple(placed), map=map_id, mode=mode, win_score=5,
               order=tuple(range(len(heroes))))
    s = State(s.game, s.players, s.variant, d)
    return hero(s, 0, **seat0) if seat0 else s


def hero(state: State, seat: int, **changes) -> State:
    """The same state with one hero changed (statuses given as (name, layers, duration, active, source))."""
    if "statuses" in changes:
        changes["statuses"] = tuple(Status(*x) if isinstance(x, tuple) else x for x in changes["statuses"])
    d = state.data
    d = evolve(d, heroes=tuple(evolve(h, **changes) if h.seat == seat else h for h in d.heroes))
    return State(state.game, state.players, state.variant, d)


def data(state: State, **changes) -> State:
    return State(state.game, state.players, state.variant, evolve(state.data, **changes))


def do(state: State, kind: str, player: int | None = None, **params) -> State:
    """Apply one scripted decision (the current player's unless given)."""
    return state.apply(A(kind, state.current_player if player is None else player, **params))


def draw(state: State, card: str | None) -> State:
    return state.apply(A("draw", explorer.CHANCE, card=card))


def cited(state: State, clause: str) -> list:
    """The events of the last step that applied ``clause``."""
    return [e for e in state.events if e.clause == clause]


def logged(state: State, clause: str) -> list:
    return [e for e in state.log if e.clause == clause]


def h(state: State, seat: int) -> Hero:
    return state.data.heroes[seat]
