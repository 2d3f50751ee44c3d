"""The core's own promises, on the toy dice duel and small values."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

import explorer
from explorer import CHANCE, TERMINAL, Bag, IllegalAction, act, from_json, new_game, replay
from explorer.chain import EMPTY
from explorer.records import decode, encode


def scripted(*steps):
    """Apply (kind, params) steps to a fresh 2-player toy duel; chance steps give their outcome."""
    s = new_game("toy_duel", 2)
    for kind, player, params in steps:
        s = s.apply(act("toy_duel", kind, player, **params))
    return s


def test_apply_returns_a_new_state_and_leaves_the_old_alone():
    s = new_game("toy_duel", 2)
    t = s.apply(act("toy_duel", "draw", CHANCE, card="shield"))
    assert s.history == () and t.history[-1].get("card") == "shield"
    assert s.data.hands == ((), ()) and t.data.hands == (("shield",), ())
    with pytest.raises(AttributeError):
        t.players = 3


def test_illegal_action_names_the_clause_and_changes_nothing():
    s = scripted(("draw", CHANCE, {"card": "blank"}), ("attack", 0, {"target": 1}), ("roll", CHANCE, {"die": 3}))
    assert s.current_player == 1
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(act("toy_duel", "block", 1))
    assert err.value.clause == "TOY-block" and "shield" in err.value.reason
    assert s.to_json() == before


def test_events_name_their_cause_and_clause_and_form_a_graph():
    s = scripted(("draw", CHANCE, {"card": "blank"}), ("attack", 0, {"target": 1}), ("roll", CHANCE, {"die": 3}),
                 ("dodge", 1, {}), ("roll", CHANCE, {"die": 5}))
    kinds = [e.kind for e in s.log]
    assert kinds == ["draw", "attack", "roll", "dodge", "damage"]
    damage = s.log[-1]
    assert damage.cancelled and damage.clause == "TOY-dodge"
    g = explorer.event_graph(s.log)
    attack = s.log[1].id
    assert set(g.successors(attack)) == {s.log[2].id, s.log[3].id, s.log[4].id}
    assert [g.nodes[n]["order"] for n in sorted(g.nodes)] == list(range(5))


def test_block_and_dodge_damage_follow_the_toy_rules():
    s = scripted(("draw", CHANCE, {"card": "blank"}), ("attack", 0, {"target": 1}), ("roll", CHANCE, {"die": 6}),
                 ("dodge", 1, {}), ("roll", CHANCE, {"die": 2}))
    assert s.log[-2].number("damage") == 6 and s.data.hp == (4, -2) and s.current_player == TERMINAL
    assert s.winners == (0,)


def test_private_events_are_redacted_in_other_views():
    s = scripted(("draw", CHANCE, {"card": "shield"}))
    assert s.view(0)["log"][0]["numbers"] == {"card": "shield"}
    assert "numbers" not in s.view(1)["log"][0]
    assert s.view(1)["players"][0]["hand"] == {"hidden": True, "count": 1}
    assert s.view(1)["deck"] == {"hidden": True, "count": 11}


def test_json_round_trip_is_exact_and_replay_equal():
    s = explorer.play_out(new_game("toy_duel", 3), seed=11)
    back = from_json(s.to_json())
    assert back == s and back.events == s.events and back.log == s.log
    assert replay("toy_duel", 3, s.history) == s


def test_records_bags_and_fractions_round_trip():
    value = (Bag({"a": 2, "b": 1}), Fraction(2, 3), frozenset({1, 2}), {"k": (1, 2)}, None, True)
    assert decode(encode(value)) == value


def test_bag_draw_odds_are_exact_and_bags_immutable():
    bag = Bag({"x": 3, "y": 1})
    assert dict(bag.outcomes()) == {"x": Fraction(3, 4), "y": Fraction(1, 4)}
    smaller = bag.remove("x")
    assert bag.count("x") == 3 and smaller.count("x") == 2 and len(smaller) == 3
    with pytest.raises(KeyError):
        bag.remove("z")


def test_chain_appends_share_and_materialise_in_order():
    a = EMPTY.append(1)
    b = a.append(2)
    c = a.append(3)
    assert tuple(b) == (1, 2) and tuple(c) == (1, 3) and tuple(a) == (1,) and len(EMPTY) == 0


def test_sample_chance_is_exact_in_the_long_run():
    outcomes = tuple((act("toy_duel", "roll", CHANCE, die=v), Fraction(v, 21)) for v in range(1, 7))
    rng = random.Random(0)
    counts = Counter(explorer.sample_chance(outcomes, rng)["die"] for _ in range(21000))
    for v in range(1, 7):
        assert abs(counts[v] - 1000 * v) < 4 * (21000 * v / 21 * (1 - v / 21)) ** 0.5


def test_play_stops_at_a_seat_without_a_bot():
    s = new_game("toy_duel", 2)
    states = list(explorer.play(s, {1: explorer.RandomBot()}, seed=1))
    assert states[-1].current_player == 0


def test_variant_switch_values_are_validated_with_their_source():
    assert new_game("toy_duel", 2, {"start_hp": 6}).data.hp == (6, 6)
    with pytest.raises(explorer.VariantError, match="TOY-A1"):
        new_game("toy_duel", 2, {"start_hp": 5})
    with pytest.raises(explorer.VariantError):
        new_game("toy_duel", 2, {"start_hp": True})


def test_a_whole_number_beyond_a_float_is_checked_not_crashed():
    """A switch with no maximum of its own takes any whole number (the MOBA's winning score is whatever the table
    agrees, MB-choice-4-score); one beyond a float's range was an OverflowError from math.isfinite, not an answer
    (found by the save fuzz, issue 38 item 7). A float that is not finite is still refused."""
    huge = 10**400
    assert new_game("card_moba", 2, {"win_score": huge}).variant["win_score"] == huge
    option = explorer.Option("x", 1, minimum=0)
    assert option.check(huge) is None and option.check(-huge) is not None
    assert "expected a number" in explorer.Option("y", 0.5).check(float("inf"))


def test_actions_from_another_game_are_refused():
    s = new_game("toy_duel", 2)
    with pytest.raises(IllegalAction, match=r"core\.action"):
        s.apply(act("other", "draw", CHANCE, card="shield"))


def test_an_action_with_unhashable_parameters_is_refused_not_crashed():
    s = new_game("toy_duel", 2)
    bad = explorer.Action("toy_duel", "draw", CHANCE, (("card", {"x": 1}),))
    with pytest.raises(IllegalAction, match="malformed"):
        s.apply(bad)
