"""probability.castle_heart: one import for every figure, its examples run, and "a person sees their own view":
the odds from a seat never change when what that seat cannot see changes."""

from __future__ import annotations

import doctest

import explorer
import probability.castle_heart as ch
from explorer import State
from explorer.games.castle_heart.records import put


def test_every_name_is_exported_and_the_examples_hold():
    assert all(hasattr(ch, name) for name in ch.__all__)
    assert doctest.testmod(ch).failed == 0


def hidden_swapped(state: State, viewer: int) -> State:
    """The same table with two other seats' hidden identities exchanged and their hidden hands refilled
    with other cards of the same number."""
    others = [i for i, s in enumerate(state.data.seats) if i != viewer and s.alive and not s.revealed
              and not s.declared]
    a, b = others[:2]
    sa, sb = state.data.seats[a], state.data.seats[b]
    data = put(put(state.data, a, hand=("heal",) * len(sa.hand), identity=sb.identity), b,
               hand=("sword",) * len(sb.hand), identity=sa.identity)
    return State(state.game, state.players, state.variant, data)


def test_odds_read_only_the_viewers_view():
    states = list(explorer.play(explorer.new_game("castle_heart", players=7), seed=4, max_steps=400))
    checked = 0
    for st in states[60::40]:
        if st.data.phase in ("deal_identity", "deal_hero") or len(st.data.seats[0].hand) == 0:
            continue
        other = hidden_swapped(st, 0)
        assert other.view(0)["players"] == st.view(0)["players"]
        assert ch.identities_of(other, 0) == ch.identities_of(st, 0)
        assert ch.heals_in_reach(other.view(0)) == ch.heals_in_reach(st.view(0))
        checked += 1
    assert checked >= 1
