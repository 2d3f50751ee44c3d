"""The stable action ids behind OpenSpiel's ``num_distinct_actions`` (explorer.openspiel_encoding): every legal
action met in many seeded games has an id below the space's size that decodes to exactly that action, and every
id decodes to an action that encodes back to it."""

from __future__ import annotations

import random
from itertools import pairwise, product

import pytest

import explorer
from explorer.openspiel_encoding import ActionSpace, Compositions, OutsideActionSpace, Values, kind
from explorer.openspiel_spaces import action_space

from .walks import TABLES, states

SEEDS = range(6)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_every_legal_action_round_trips(game_id, players):
    """Every legal action and chance outcome of seeded games: one id, below the size, decoding back to itself."""
    space = action_space(game_id, players)
    met = {}
    for state in states(game_id, players, SEEDS):
        ids = []
        for action in state.legal_actions():
            assert action.player == state.current_player  # the id leaves the player out: OpenSpiel knows it
            i = space.encode(action)
            assert 0 <= i < space.size
            assert space.decode(i, action.player) == action
            assert met.setdefault(i, (action.kind, action.params)) == (action.kind, action.params), "id reused"
            ids.append(i)
        assert len(set(ids)) == len(ids), f"{state}: two legal actions share an id"
    assert len(met) > 20, "the walk met too few actions to say anything"


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_every_id_decodes_and_encodes_back(game_id, players):
    """The space is a bijection: each block's first and last id and a seeded sample of all ids go both ways."""
    space = action_space(game_id, players)
    rng = random.Random(17)
    ids = {s.offset for s in space.signatures} | {s.offset + s.size - 1 for s in space.signatures}
    ids |= {rng.randrange(space.size) for _ in range(2000)}
    for i in sorted(ids):
        assert space.encode(space.decode(i, 0)) == i
    blocks = space.layout()
    assert blocks[0][2] == 0 and all(a[2] + a[3] == b[2] for a, b in pairwise(blocks))
    assert blocks[-1][2] + blocks[-1][3] == space.size


def test_ids_do_not_depend_on_the_seat():
    """The same kind and parameters, whoever takes them, have one id."""
    space = action_space("eternal_breath", 4)
    ids = {space.encode(explorer.act("eternal_breath", "discard", p, card="atk_slash")) for p in range(4)}
    assert len(ids) == 1


def test_an_action_outside_the_space_is_named():
    space = action_space("card_moba", 2)
    with pytest.raises(OutsideActionSpace, match="no_such_kind"):
        space.encode(explorer.act("card_moba", "no_such_kind", 0))
    with pytest.raises(OutsideActionSpace, match=r"attack\.target = 7"):
        space.encode(explorer.act("card_moba", "attack", 0, target=7))
    with pytest.raises(OutsideActionSpace, match="not in range"):
        space.decode(space.size, 0)


def test_values_keep_types_apart():
    """1, True and 1.0 are three values (as Action compares them), so they get three indices."""
    space = ActionSpace("toy", [kind("pick", x=(1, True, 1.0, None))])
    assert [space.encode(explorer.act("toy", "pick", 0, x=v)) for v in (1, True, 1.0, None)] == [0, 1, 2, 3]
    assert Values((1, True, 1)).size == 2


@pytest.mark.parametrize(("total", "parts"), [(5, 1), (5, 4), (3, 6), (0, 3)])
def test_compositions_rank_in_the_order_they_are_listed(total, parts):
    """Compositions ranks without listing; the listing here (all tuples, filtered, sorted) is the other way."""
    listed = [t for k in range(1, parts + 1) for t in sorted(product(range(total + 1), repeat=k)) if sum(t) == total]
    domain = Compositions(total, parts)
    assert domain.size == len(listed)
    assert [domain.value(i) for i in range(domain.size)] == listed
    assert [domain.index(t) for t in listed] == list(range(len(listed)))
    assert domain.index((total + 1,)) is None and domain.index((True,) * parts) is None


def test_the_bridges_look_ups_keep_types_apart_and_refuse_what_has_no_place():
    """``encode_legal`` (the bridge's hot path) finds actions met before by identity, or by kind and parameters
    where Python's == cannot mix 1, True and 1.0 up; it gives what ``encode`` gives, and refuses the same."""
    mixed = ActionSpace("toy", [kind("pick", x=(1, True, 1.0, None))])
    met = [explorer.act("toy", "pick", 0, x=v) for v in (1, True, 1.0, None)]
    assert mixed.encode_legal(met) == [0, 1, 2, 3] == mixed.encode_legal(met)
    fresh = [explorer.act("toy", "pick", 1, x=v) for v in (True, 1.0, 1, None)]  # equal values, new objects
    assert mixed.encode_legal(fresh) == [1, 2, 0, 3]
    plain = ActionSpace("toy", [kind("pick", x=("a", "b")), kind("end")])
    assert plain.encode_legal([explorer.act("toy", "pick", 0, x="b"), explorer.act("toy", "end", 1)]) == [1, 2]
    assert plain.encode_legal(explorer.act("toy", "pick", 1, x=x) for x in "ba") == [1, 0]
    with pytest.raises(OutsideActionSpace, match=r"pick\.x = 'c'"):
        plain.encode_legal([explorer.act("toy", "pick", 0, x="c")])


def test_a_tuple_of_outcomes_is_sorted_once_and_kept_with_its_order():
    """``encode_sorted`` (a chance state's outcomes): the ids sorted, the outcomes in that order and the positions
    they came from (None when they came sorted); the same answer for the same tuple, worked out once; two outcomes
    with one id refused."""
    space = ActionSpace("toy", [kind("draw", card=("a", "b", "c"))])
    cards = tuple(explorer.act("toy", "draw", explorer.CHANCE, card=c) for c in "cab")
    ids, actions, order = space.encode_sorted(cards)
    assert (ids, order) == ((0, 1, 2), (1, 2, 0)) and [a.params for a in actions] == [(("card", c),) for c in "abc"]
    assert space.encode_sorted(cards) is space.encode_sorted(cards)  # kept with the tuple
    in_order = tuple(sorted(cards, key=space.encode))
    assert space.encode_sorted(in_order) == ((0, 1, 2), in_order, None)
    with pytest.raises(OutsideActionSpace, match="share an id"):
        space.encode_sorted((*cards, explorer.act("toy", "draw", explorer.CHANCE, card="a")))
