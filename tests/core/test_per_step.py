"""Issue 19: the work of one step (apply, hash, reading the log and history, the board's view) does not grow
with the length of the game. Work is counted as bytes allocated (tracemalloc), never as time."""

from __future__ import annotations

import random
import statistics
import tracemalloc

import pytest

import explorer
from explorer import CHANCE, State, evolve, play, sample_chance
from explorer.chain import EMPTY, Chain


def long_toy() -> State:
    """The toy duel with no turn limit and a million HP each: a game that can run for thousands of steps."""
    toy = type(explorer.get_game("toy_duel"))
    game = type("LongToy", (toy,), {"turn_limit": 10**9})()
    start = explorer.new_game("toy_duel", 2)
    return State(game, 2, start.variant, evolve(start.data, hp=(10**6, 10**6)))


def some_action(state: State, rng: random.Random):
    if state.current_player == CHANCE:
        return sample_chance(state.chance_outcomes(), rng)
    return rng.choice(state.legal_actions())


def bytes_per_step(state: State, steps: int, rng: random.Random) -> tuple[State, list[int]]:
    """Peak bytes allocated by each of ``steps`` steps, each doing what a person's refresh does."""
    out = []
    tracemalloc.start()
    try:
        for _ in range(steps):
            action = some_action(state, rng)
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            state = state.apply(action)
            hash(state)
            _ = state.log, state.history, state.log[-3:], state.history[-1], len(state.log)
            state.view(0, with_log=False)
            out.append(tracemalloc.get_traced_memory()[1] - base)
    finally:
        tracemalloc.stop()
    return state, out


def test_a_step_costs_the_same_at_step_2000_as_at_step_10():
    rng = random.Random(19)
    state = long_toy()
    state = explorer.play_out(state, seed=19, max_steps=10)
    state, early = bytes_per_step(state, 21, rng)
    state = explorer.play_out(state, seed=20, max_steps=2000)
    assert len(state.history) >= 2000 and len(state.log) >= 1000 and not state.is_terminal
    state, late = bytes_per_step(state, 21, rng)
    # medians: a list that grows now and then reallocates (amortised O(1)); the old to_json hash and log copy
    # allocated hundreds of KiB per step at step 2,000 against a few KiB at step 10
    assert statistics.median(late) <= 1.5 * statistics.median(early) + 1024, (early, late)


def test_view_with_the_log_still_shows_the_whole_log():
    state = explorer.play_out(long_toy(), seed=3, max_steps=300)
    view = state.view(1)
    assert len(view["log"]) == len(state.log) and view["log"][-1]["id"] == state.log[-1].id


def test_visible_log_from_a_position_is_the_tail_of_the_whole():
    state = explorer.play_out(long_toy(), seed=5, max_steps=200)
    whole = explorer.visible_log(state.log, 1)
    assert explorer.visible_log(state.log, 1, start=50) == whole[50:] and len(whole) == len(state.log)
    assert any(e.numbers == () and e.kind == "draw" for e in whole[50:])  # player 0's draws stay redacted


def test_chain_reads_like_a_tuple():
    c = EMPTY.extend("abcde")
    assert c == tuple("abcde") and tuple("abcde") == c and c != tuple("abcd") and c != "abcde"
    assert c[1:3] == ("b", "c") and c[::-2] == ("e", "c", "a") and c[-1] == "e" and c[:] == tuple(c)
    assert list(reversed(c)) == list("edcba") and c + ("f",) == tuple("abcdef") and ("z",) + c == tuple("zabcde")  # noqa: RUF005 - + is what is tested
    assert hash(c) == hash(tuple("abcde")) and repr(c) == repr(tuple("abcde")) and c.index("c") == 2
    with pytest.raises(IndexError):
        c[5]


def test_a_branch_never_changes_the_line_it_left():
    base = EMPTY.extend([1, 2, 3])
    line = base.append(4).append(5)
    branch = base.append(40)  # "what if": a different step from the same state
    again = line.append(6)
    assert base == (1, 2, 3) and line == (1, 2, 3, 4, 5) and branch == (1, 2, 3, 40) and again[-1] == 6
    assert branch.append(50) == (1, 2, 3, 40, 50) and line == (1, 2, 3, 4, 5)
    assert EMPTY == () and len(EMPTY) == 0 and Chain([1]) == EMPTY.append(1)


def test_states_that_share_a_line_of_play_keep_their_own_history():
    s = explorer.new_game("toy_duel", 2)
    a = s.apply(s.chance_outcomes()[0][0])
    b = s.apply(s.chance_outcomes()[1][0])
    assert a.history != b.history and len(a.history) == len(b.history) == 1 and s.history == ()
    assert a.log[0].number("card") != b.log[0].number("card")


def test_equal_states_hash_equal_and_steps_tell_states_apart():
    s = explorer.new_game("toy_duel", 2)
    end = explorer.play_out(s, seed=4)
    again = explorer.replay("toy_duel", 2, end.history)
    assert again == end and hash(again) == hash(end)
    states = [s, *play(s, seed=4)]
    assert len({hash(t) for t in states}) == len(states)


def test_play_out_reaches_the_same_state_as_play():
    for seed in range(5):
        s = explorer.new_game("toy_duel", 3)
        *_, last = play(s, seed=seed)
        fast = explorer.play_out(s, seed=seed)
        assert fast == last and fast.events == last.events and fast.winners == last.winners


def test_play_out_still_checks_a_bot_that_is_not_random():
    class Cheat(explorer.Bot):
        def choose(self, state, rng):
            return explorer.act("toy_duel", "block", state.current_player)

    s = explorer.play_out(explorer.new_game("toy_duel", 2), bots={1: explorer.RandomBot()}, seed=0, max_steps=1)
    with pytest.raises(explorer.IllegalAction):
        explorer.play_out(s, bots=Cheat(), seed=0)


def test_apply_steps_an_action_of_the_states_own_list_without_checking_it_again(monkeypatch):
    """Issue 33: an action taken from this state's ``legal_actions()`` (or its chance outcomes) is stepped at once;
    the same action rebuilt (equal, not the same object) still goes through the checks. Either way, the same
    state results."""
    import random

    import explorer
    from explorer.state import State

    game = explorer.get_game("eternal_breath")
    state = explorer.new_game("eternal_breath", 2, game.bounded_variant(2))
    rng, steps, checked, real = random.Random(3), 0, [], State.is_legal
    monkeypatch.setattr(State, "is_legal", lambda self, a: checked.append(a) or real(self, a))
    while steps < 60:
        if state.is_chance:
            action = explorer.sample_chance(state.chance_outcomes(), rng)
        else:
            action = rng.choice(state.legal_actions())
        twin = explorer.Action.from_dict(action.game, action.to_dict())
        assert twin == action and twin is not action
        checked.clear()
        fast = state.apply(action)
        assert checked == []  # its own action: no check
        slow = state.apply(twin)
        assert checked == [twin]  # a rebuilt one: checked
        assert fast == slow and fast.events == slow.events
        state, steps = fast, steps + 1
