"""Issue 19: per-step work in the widgets does not grow with the game. The session's incremental
bookkeeping (leaves, forks, depth, the preferred line, the turn's events) equals a brute-force walk of
the whole tree, and 500 Next clicks at a table leave the number of live widget models bounded."""

from __future__ import annotations

import random

from ipywidgets.widgets.widget import _instances as live_widgets
from support import games
from widget_helpers import toy_session

from widgets.play.play_area import PlayArea


def brute_leaves(s):
    return [n for n in s._nodes.values() if not n.children]


def brute_fork(leaf):
    node = leaf
    while node.parent is not None and node.parent.children[0] is node:
        node = node.parent
    return (0, None) if node.parent is None else (len(node.parent.state.history), node)


def brute_turn(s, node):
    if node.parent is None:
        return ()
    turn, start = s.turn_of(node.parent), node
    while start.parent.parent is not None and s.turn_of(start.parent.parent) == turn:
        start = start.parent
    return tuple(node.state.log)[len(start.parent.state.log):]


def test_the_trees_bookkeeping_equals_a_walk_of_the_whole_tree():
    pick = random.Random(19)
    s = toy_session(seed=5, seats={0: "random", 1: "random"})
    for _ in range(120):  # wander: forward, back, jump, branch off
        move = pick.random()
        if move < 0.5:
            s.forward()
        elif move < 0.7:
            s.back()
        elif move < 0.85:
            s.goto(pick.choice(list(s._nodes)))
        elif s.state.current_player >= 0:
            s.choose(pick.choice(s.state.legal_actions()), autoplay=False)
        path = s.path()
        assert all(n.parent.preferred is n for n in path[1:])  # the line to here is what Next follows
        assert s.leaves() == brute_leaves(s)
        for leaf in s.leaves():
            assert s.fork(leaf) == brute_fork(leaf)
        for node in s._nodes.values():
            assert node.depth == len(node.state.history)
        assert s.events_in("turn") == brute_turn(s, s.node)
    assert len(s.leaves()) >= 3  # the walk did open branches


def test_five_hundred_next_clicks_leave_the_live_widgets_bounded():
    area = PlayArea("eternal_breath", players=6, seed=19, opponent="greedy")
    area.session.seats = {k: "random" for k in range(6)}
    others, most, start = [], 0, area.session.step  # a new table has already played up to the person's turn
    for _ in range(500):
        area.controls._next.click()
        picker = len(area.picker._made) + len(area.picker._previous)  # this step's buttons and the last step's
        others.append(len(live_widgets) - picker)
        most = max(most, picker)
    assert area.session.step == start + 500  # every click took one step
    assert max(others) - min(others) <= 10, (min(others), max(others))  # was ~24 more models per click
    assert most <= 400  # the picker: two generations of one decision's buttons


def test_new_tables_and_other_games_leave_the_live_widgets_bounded():
    """Each new table (a scenario, a new game, another game) closes the table before it, its picker's earlier
    buttons included: the models of the kernel and of the page do not grow with every game (was ~190 per table)."""
    area = PlayArea("eternal_breath", seed=3, opponent="greedy")
    scenario = area._start.options[1][1]
    counts = []
    for i in range(12):
        area._start.value = scenario if i % 2 == 0 else ""
        counts.append(len(live_widgets))
    every = games()
    for game in every * 2:
        area.game_id = game
        counts.append(len(live_widgets))
    assert counts[-len(every):] == counts[-2 * len(every):-len(every)], counts  # the same tables again: as many models
    assert max(counts[:12]) - min(counts[:12]) <= 20, counts
    old = area.picker
    area._start.value = scenario
    assert old.comm is None and all(b.comm is None for b in old.buttons)  # the table before is closed …
    assert area.picker.comm is not None and area.file.comm is not None  # … not the new one, nor the file menu


def test_close_tree_closes_what_a_widget_holds_but_not_what_is_kept():
    """``close_tree``: the roots, their children, layouts and styles, and widgets kept in attributes (nested in lists
    and dicts, as a board keeps its buttons per seat and generation), each once; never what ``keep`` names."""
    import ipywidgets as ipw

    from widgets.components.component import close_tree

    shared = ipw.Layout(width="auto")
    button, label = ipw.Button(layout=shared), ipw.Label("x")
    box = ipw.HBox([button])
    box.re_kept = {"seat 0": [(label,)]}
    other = ipw.HTML()
    closed = close_tree(box, button, other, keep=(shared,))
    assert all(w.comm is None for w in (box, button, label, other, button.style, box.layout))
    assert shared.comm is not None
    assert closed == 10  # box, button, label and other, each with its own layout and style (not the shared one)
