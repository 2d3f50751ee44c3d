"""Scopes of the event graph (issue 15): a chosen event's ancestors and descendants, a whole game summarised
per turn, and one situation under two readings compared — on hand-made logs and on real games."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest
from support import games

import explorer
from explorer import SELF, Emitter, event_graph
from explorer.event_scopes import around, compare_logs, readings_graphs, summary_graph, turn_marks, under_reading


def _log():
    """turn 1: a → b → c, and d alone; turn 2: e caused by c, f triggered by e."""
    emit = Emitter("", 0)
    emit.emit("turn", "C-turn")
    a = emit.emit("attack", "C-attack")
    b = emit.emit("roll", "C-roll", cause=a)
    c = emit.emit("damage", "C-damage", cause=b)
    d = emit.emit("draw", "C-draw")
    emit.emit("turn", "C-turn")
    e = emit.emit("trap", "C-trap", cause=c)
    f = emit.emit("heal", "C-heal", links=[(e, "triggers", SELF)])
    return emit.events, (a, b, c, d, e, f)


def test_around_keeps_what_led_to_the_event_and_what_it_led_to():
    events, (a, b, c, d, e, f) = _log()
    g = event_graph(events, texts=False)
    assert set(around(g, c)) == {a, b, c, e, f}
    assert set(around(g, d)) == {d}
    assert set(around(g, a)) == set(nx.descendants(g, a)) | {a}
    with pytest.raises(KeyError):
        around(g, 99)


def test_a_game_is_summarised_per_turn_with_every_event_and_link_counted_once():
    events, _ = _log()
    marks = turn_marks(events)
    assert [marks[x.id] for x in events] == [1, 1, 1, 1, 1, 2, 2, 2]
    s = summary_graph(events)
    assert list(s) == [1, 2]
    assert s.nodes[1]["events"] == 5 and s.nodes[1]["kinds"]["attack"] == 1
    assert s.nodes[1]["relations"] == Counter(causes=2) and s.nodes[2]["relations"] == Counter(triggers=1)
    assert s.edges[1, 2]["links"] == 1 and s.edges[1, 2]["relations"] == Counter(causes=1)


@pytest.mark.parametrize("gid", games())
def test_a_real_game_summary_adds_up(gid):
    game = explorer.get_game(gid)
    players = 3 if gid != "card_moba" else 2
    end = explorer.play_out(explorer.new_game(gid, players, game.bounded_variant(players)),
                            {p: game.bots()["random"]() for p in range(players)}, seed=3, max_steps=2000)
    s = summary_graph(end.log)
    full = event_graph(end.log, texts=False)
    assert sum(d["events"] for _, d in s.nodes(data=True)) == len(end.log)
    inside = sum(sum(d["relations"].values()) for _, d in s.nodes(data=True))
    across = sum(d["links"] for _, _, d in s.edges(data=True))
    links = sum(1 for e in end.log for link in explorer.events.relations(e)
                if link[1] in full and link[2] in full)
    assert inside + across == links
    assert len(s) < len(end.log) / 5 and nx.is_directed_acyclic_graph(s)


def test_compare_finds_what_one_reading_changes():
    events, _ = _log()
    again = list(events)
    emit = Emitter("", 100)
    emit.emit("shield", "C-shield")
    changed = again[:3] + emit.events + again[4:]   # c (the damage) replaced by a shield
    only_a, only_b = compare_logs(events, changed)
    assert only_a == {events[3].id} and only_b == {100}
    assert compare_logs(events, events) == (set(), set())


def test_the_shield_readings_under_the_same_moves():
    """The MOBA's MB-A28 (MB-term-2-shield): the same moves with the shield lasting the game (it absorbs the
    poison) or until the holder's next turn (it goes first): compared, the two graphs differ exactly there."""
    from explorer.games.card_moba.scenarios import poisoned_with_shield

    start = poisoned_with_shield(variant={"shield_lasts": "game"})
    line, s = [], start
    for _ in range(3):
        a = s.legal_actions()[0]
        line.append(a)
        s = s.apply(a)
    on, played_on = under_reading(start, line, "shield_lasts", "game")
    off, played_off = under_reading(start, line, "shield_lasts", "next_turn")
    assert played_on == played_off == 3
    assert any(e.kind == "shield absorbs" for e in on.log[len(start.log):])
    assert not any(e.kind == "shield absorbs" for e in off.log[len(start.log):])
    (g_on, diff_on, _), (g_off, diff_off, _) = readings_graphs(start, line, "shield_lasts", ("game", "next_turn"))
    assert any(g_on.nodes[n]["kind"] == "shield absorbs" for n in diff_on)
    assert any(g_off.nodes[n]["kind"] == "shield expires" for n in diff_off)
