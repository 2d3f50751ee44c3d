"""GameSession: the explored tree, branches kept and revisitable, seats, seeded and loaded dice."""

from __future__ import annotations

import random

import pytest
import traitlets
from widget_helpers import CANCELLED_DODGE, TOY, attack, block, draw, pass_, roll, script, toy_session

import explorer
from explorer import CHANCE, TERMINAL


def test_next_back_and_a_second_branch_keep_both_lines():
    s = toy_session(seed=1, seats={0: "random", 1: "random"})  # a game with a choice at step 7
    for _ in range(10):
        assert s.forward()
    line_one = s.state
    assert s.step == 10
    for _ in range(3):
        assert s.back()
    assert s.step == 7
    taken = s.node.preferred.action
    other = next(a for a in s.state.legal_actions() if a != taken)
    assert s.choose(other)
    assert s.step == 8 and s.state.history[-1] == other
    line_two = s.state
    tips = s.leaves()
    assert [t.state for t in tips] == [line_one, line_two]
    # both branches revisitable, and each equals a replay of its own history
    assert s.select_branch(tips[0].id) and s.state is line_one
    assert s.select_branch(tips[1].id) and s.state is line_two
    for t in tips:
        assert explorer.replay(TOY, 2, t.state.history, {"start_hp": 6}) == t.state
    step, first = s.fork(tips[1])
    assert step == 7 and first.action == other and first.parent.depth == 7
    assert s.fork(tips[0]) == (0, None)


def test_back_then_next_follows_the_line_last_visited():
    s = toy_session(seats={0: "random", 1: "random"})
    steps = 0
    while steps < 6 and s.forward():   # the secret seed may end a toy duel sooner
        steps += 1
    assert steps >= 2
    end = s.state
    s.first()
    assert s.step == 0
    for _ in range(steps):
        assert s.forward()
    assert s.state is end


def test_same_seed_same_rolls_and_the_roll_is_the_states_own_seeded_draw():
    a = toy_session(seed=7, seats={0: "random", 1: "random"})
    b = toy_session(seed=7, seats={0: "random", 1: "random"})
    for _ in range(12):
        a.forward()
        b.forward()
    assert a.state.history == b.state.history
    # the seeded roll is sample_chance over the state's own random source
    s = toy_session(seed=3)
    expected = explorer.sample_chance(s.state.chance_outcomes(), random.Random("3#"))
    assert s.roll() and s.state.history[-1] == expected


def test_loaded_dice_pick_an_outcome():
    s = toy_session()
    script(s, draw("blank"), attack(0, 1))
    assert s.state.current_player == CHANCE
    assert s.choose(roll(6))
    assert s.state.history[-1] == roll(6)
    assert s.state.events[-1].number("die") == 6


def test_illegal_and_malformed_actions_never_reach_the_engine():
    s = toy_session()
    script(s, draw("blank"))
    before, revision = s.state, s.revision
    assert not s.choose(block(0))  # not legal: no shield, and not p0's decision
    assert s.notice["key"] == "not_legal"
    assert not s.choose("attack p1")
    assert not s.choose(roll(3))  # a chance outcome at a decision node
    for key in ("", "{", "[]", '{"kind": "attack"}', "null", 42, None, '{"kind": "attack", "player": 0, '
                '"params": {"target": 0}}', "x" * 20_000):
        assert not s.choose_key(key)
    assert s.state is before and s.revision == revision
    assert s.choose_key(s.key_of(attack(0, 1)))
    assert s.state.history[-1] == attack(0, 1)


def test_stale_choice_is_refused_with_the_reason():
    s = toy_session()
    script(s, draw("blank"))
    made_at = s.node_id
    script(s, pass_(0))
    assert not s.choose(attack(0, 1), at_node=made_at)
    assert s.notice["key"] == "stale"
    assert "step 1" in s.notice_text("en") and "step 2" in s.notice_text("en")
    assert "第 1 步" in s.notice_text("zh")


def test_seats_are_validated():
    s = toy_session()
    assert s.seats == {0: "person", 1: "person"}
    with pytest.raises(traitlets.TraitError):
        s.seats = {0: "grandmaster"}
    with pytest.raises(traitlets.TraitError):
        s.seats = {5: "random"}
    with pytest.raises(traitlets.TraitError):
        s.node_id = 999
    assert s.seats == {0: "person", 1: "person"}


def test_next_waits_for_a_person_and_lets_a_bot_play():
    s = toy_session(seats={0: "person", 1: "random"})
    assert s.forward()  # the draw: chance
    assert not s.forward()
    assert s.notice["key"] == "waiting" and s.notice_text("en") == "Waiting for Player 0 to choose an action."
    s.seats = {**s.seats, 0: "random"}
    assert s.forward() and s.state.history[-1].player == 0


def test_autoplay_answers_a_person_until_the_person_decides_again():
    s = toy_session(seats={0: "person", 1: "random"}, autoplay=True)
    script(s, draw("shield"))
    assert s.choose(attack(0, 1))
    assert s.state.current_player in (0, TERMINAL)
    assert len(s.state.history) > 3
    assert any(a.player == 1 for a in s.state.history)


def test_events_in_scopes():
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    assert s.events_in("step") == s.state.events
    assert s.events_in("game") == s.state.log
    # the last step ended turn 0: its events still belong to turn 0, like the four steps before it
    assert s.events_in("turn") == s.state.log
    script(s, draw("blank"), pass_(1))  # turn 1: p1 draws (one event), passes (none)
    assert [e.kind for e in s.events_in("turn")] == ["draw"] and s.events_in("turn") == s.state.log[-1:]
    s.first()
    assert s.events_in("turn") == () and s.events_in("game") == ()
    with pytest.raises(ValueError):
        s.events_in("century")


def test_reset_starts_a_new_game_and_every_component_shows_it():
    from widgets.components.step_controls import StepControls
    from widgets.games.eternal_breath.board import EternalBreathBoard

    s = toy_session(variant={"start_hp": 6})
    board, controls = EternalBreathBoard(s), StepControls(s)
    script(s, draw("blank"))
    s.back()
    s.variant = {"start_hp": 4}
    s.reset()  # from the start position: the node id stays 0, the game is new
    assert s.step == 0 and len(s.leaves()) == 1 and s.root.children == []
    assert [p["hp"] for p in board.last_view["players"]] == [4, 4]
    assert len(controls.branch_options) == 1


def test_bots_play_a_whole_game_on_the_tree_and_the_board_moves_once():
    s = toy_session(seats={0: "random", 1: "random"})
    moves = []
    s.observe(moves.append, "node_id")
    n = s.run_bots()
    # the secret seed decides the length: about one toy duel in twelve ends at step 5, its shortest
    assert s.state.is_terminal and n == s.step >= 5
    assert len(moves) == 1
    # the same seed plays the same game step by step through Next
    t = toy_session(seed=s.seed, seats={0: "random", 1: "random"})
    while t.forward():
        pass
    assert t.state.history == s.state.history
