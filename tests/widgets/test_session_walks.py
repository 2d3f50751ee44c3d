"""Issue 31, point 1: the MOBA's walks — several of the person's own moves in one click (``GameSession.walks``,
``walk_to``), each still a step of its own. Expectations come from the engine: every sequence of moves is tried
by brute force here, independently of the session's search."""

from __future__ import annotations

import re

import pytest
from widget_helpers import greedy_until

import explorer
from widgets.games import walk_kind
from widgets.i18n import label
from widgets.play.action_picker import sentence
from widgets.play.play_area import PlayArea
from widgets.play.session_messages import SHOWN_STEPS
from widgets.play.session_shortcuts import MAX_WALK

SEED = 7  # bench/clicks.py's game: the person walks toward the enemy in most turns


def far_walk(area) -> bool:
    """The person decides in the action phase and can walk three steps or more."""
    s = area.session
    return s.state.current_player == 0 and s.turn_pass() is not None and any(len(p) >= 3 for p in s.walks().values())


@pytest.fixture
def walk_table():
    area = PlayArea("card_moba", seed=SEED, opponent="greedy")
    assert greedy_until(area, far_walk)
    return area


def every_walk(state, me: int) -> dict:
    """Brute force: breadth first over every distinct state the engine's moves reach while the person keeps the
    decision, up to MAX_WALK moves → destination (the last move) → the fewest moves that reach it. (It searched
    six moves deep once; a hero with more stamina walks farther, and walks of 7 and 8 moves went unchecked.)"""
    fewest: dict = {}
    frontier, seen = [state], {state.data}
    for n in range(1, MAX_WALK + 1):
        grown = []
        for here in frontier:
            for action in here.legal_actions():
                if action.kind != "move":
                    continue
                fewest.setdefault(action, n)
                after = here.apply(action)
                if after.current_player == me and after.data not in seen:
                    seen.add(after.data)
                    grown.append(after)
        frontier = grown
    return fewest


def test_the_walks_are_every_destination_two_steps_or_more_away_by_a_shortest_legal_path(walk_table):
    s = walk_table.session
    walks = s.walks()
    fewest = every_walk(s.state, 0)
    assert set(walks) == {a for a, n in fewest.items() if n >= 2}
    for destination, path in walks.items():
        assert path[-1] == destination and len(path) == fewest[destination]
        state = s.state
        for action in path:  # each step legal in turn, the person still deciding
            assert action.kind == walk_kind("card_moba") and state.is_legal(action) and state.current_player == 0
            state = state.apply(action)


def test_a_walk_takes_its_steps_one_step_each_and_back_undoes_one(walk_table):
    s = walk_table.session
    s.autoplay = False
    start = s.node
    destination, path = max(s.walks().items(), key=lambda item: len(item[1]))
    walk_table.picker.walk_for(destination).click()
    assert [n.action for n in s.path()[start.depth + 1:]] == list(path)
    assert s.node.depth == start.depth + len(path) and s.state.current_player == 0
    assert s.back() and s.node.action == path[-2]  # Back undoes the last step alone


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_notice_names_the_walks_steps(walk_table, lang):
    s = walk_table.session
    destination, path = max(s.walks().items(), key=lambda item: len(item[1]))
    s.walk_to(destination, at_node=s.node_id)
    text = s.notice_text(lang, 0)
    assert text.startswith(label("played_yours", lang, n=len(path), what="")[:4])
    assert all(a.describe(lang).rstrip(".。") in text for a in path[:SHOWN_STEPS])  # each named, at most so many
    assert ("…" in text) == (len(path) > SHOWN_STEPS)
    assert label("bots_played", lang, n=0) not in text  # nobody else played: nothing said of them


def test_a_walks_twin_ends_the_phase_after_the_same_steps(walk_table):
    s = walk_table.session
    history = list(s.state.history)
    destination, path = max(s.walks().items(), key=lambda item: len(item[1]))
    there = s.state
    for action in path:
        there = there.apply(action)
    walk_table.picker.walk_for(destination, then=True).click()
    taken = list(s.state.history)[len(history):]
    assert taken[:len(path) + 1] == [*path, s.game.turn_pass(there.data)]  # the walk, then the phase's pass


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_destination_no_walk_reaches_is_refused_and_nothing_changes(walk_table, lang):
    s = walk_table.session
    node, step = s.node_id, s.step
    one_step = next(a for a in s.state.legal_actions() if a.kind == "move")  # an ordinary button, not a walk
    for bogus in (one_step, explorer.act("card_moba", "move", 0, to=(99, 99)), "move"):
        assert not s.walk_to(bogus) and s.node_id == node and s.step == step
        assert s.notice["key"] == "no_walk"
        text = s.notice_text(lang)
        assert text.startswith(label("no_walk", lang, what="")[:3])
    destination = next(iter(s.walks()))
    s.back()  # the board moved: the walk's click is stale
    assert not s.walk_to(destination, at_node=node) and s.notice["key"] == "stale"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_walk_buttons_in_both_languages(walk_table, lang):
    walk_table.lang = lang
    picker, s = walk_table.picker, walk_table.session
    for destination, path in s.walks().items():
        button, twin = picker.walk_for(destination), picker.walk_for(destination, then=True)
        assert button.description == label("walk", lang, what=sentence(destination, lang), n=len(path))
        assert ". ·" not in button.description and "。（" not in button.description
        # the twin joined to its walk's button: short words, the whole sentence in its tooltip (issue 31)
        assert twin.description == label("then_pass_short", lang)
        assert twin.tooltip.startswith(label("then_pass", lang, what=button.description))
        assert all(sentence(a, lang) in button.tooltip and sentence(a, lang) in twin.tooltip for a in path)
    if lang == "zh":
        words = label("walk_row", "zh") + label("walk", "zh", what="", n="") + label("walk_tip", "zh", path="")
        words += label("walk_show", "zh", n=3) + label("walk_hide", "zh")
        assert not re.search("[A-Za-z]", words + label("no_walk", "zh", what=""))


def test_the_walk_row_is_one_fold_of_pairs_its_choice_kept_from_one_decision_to_the_next(walk_table):
    """Issue 31: the Walk row made the MOBA picker several screens long on a phone. Each walk's button and its
    "then end the phase" twin are one pair; the pairs are the body of the row, which a phone shows folded behind a
    button naming how many walks there are (the picker's STYLE: open on a desk, no fold there); the fold's state
    stays from one decision to the next, and no choice is lost: every walk and twin is still offered."""
    from widgets.play.action_picker import STYLE

    picker, s = walk_table.picker, walk_table.session
    walks = s.walks()
    row = picker._walk_row
    _title, fold, body = row.children
    assert "re-walk-row" in row._dom_classes and "re-walk-body" in body._dom_classes and fold is picker._walk_fold
    assert [p.children for p in body.children] == [(picker.walk_for(a), picker.walk_for(a, then=True)) for a in walks]
    assert fold.description == label("walk_show", "en", n=len(walks)) and "re-walk-open" not in row._dom_classes
    assert "@media (max-width: 600px)" in STYLE and ".re-walk-row:not(.re-walk-open) > .re-walk-body" in STYLE
    fold.value = True  # a click on the fold
    assert "re-walk-open" in row._dom_classes and fold.description == label("walk_hide", "en")
    walk_table.lang = "zh"  # a new drawing of the same decision: the fold stays open
    assert "re-walk-open" in picker._walk_row._dom_classes and picker._walk_row is not row
    assert picker._walk_fold.description == label("walk_hide", "zh")
    fold.value = False
    assert "re-walk-open" not in picker._walk_row._dom_classes
    assert picker._walk_fold.description == label("walk_show", "zh", n=len(walks))


def test_no_walks_in_a_game_without_a_walk_kind_nor_at_a_bots_decision():
    area = PlayArea("eternal_breath", seed=SEED, opponent="greedy")
    assert greedy_until(area, lambda a: a.session.state.current_player == 0 and a.session.turn_pass() is not None)
    assert area.session.walks() == {} and not [w for w in area.picker._made if hasattr(w, "re_walk")]
    moba = PlayArea("card_moba", seed=SEED, opponent="greedy")
    s = moba.session
    assert greedy_until(moba, far_walk)
    s.seats = {**s.seats, 0: "greedy"}  # a bot's seat: no walk offered for it
    assert s.walks() == {}


def test_after_resign_no_shortcut_plays_on(walk_table):
    s = walk_table.session
    destination = next(iter(s.walks()))
    assert s.resign(0)
    node = s.node_id
    assert not s.walk_to(destination) and s.notice["key"] == "after_resign"
    assert not s.end_turn() and not s.choose_then_pass(s.turn_pass()) and s.node_id == node
