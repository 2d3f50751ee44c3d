"""Events explain themselves: links with a relation and a clause, a DAG in resolution order, and why().

The core's rules are tested on hand-made logs; 永恒之息's first relations (a dodge cancels the attack, a dispel
cancels a trap, a rescue replaces the death, damage triggers a passive) on real games (issue 15, in progress).
"""

from __future__ import annotations

import networkx as nx
import pytest

import explorer
from explorer import CANCELLED, RELATIONS, SELF, Emitter, Event, event_graph, why
from explorer.games.eternal_breath.scenarios import combat_ready, drive_attack


def _log():
    emit = Emitter("", 1)
    attack = emit.emit("attack", "C-attack", actor=0)
    roll = emit.emit("roll", "C-roll", cause=attack)
    dodge = emit.emit("dodge", "C-dodge", cause=roll, outcome=CANCELLED, links=[(SELF, "cancels", attack)])
    trap = emit.emit("trap", "C-trap", links=[(dodge, "triggers", SELF, "C-when")])
    return emit.events, (attack, roll, dodge, trap)


def test_a_link_reads_subject_relation_object_with_its_clause():
    events, (attack, _roll, dodge, trap) = _log()
    assert events[2].links == (("cancels", dodge, attack, "C-dodge"),)
    assert events[3].links == (("triggers", dodge, trap, "C-when"),)


@pytest.mark.parametrize("link", [("nope", 1), (SELF, "betrays", 1), (5, "causes", 6), (SELF, "causes", SELF)])
def test_a_bad_link_is_refused(link):
    emit = Emitter("", 1)
    emit.emit("a", "C")
    with pytest.raises((ValueError, TypeError)):
        emit.emit("b", "C", links=[link])
    assert len(emit.events) == 1


def test_a_link_to_an_event_outside_this_log_is_left_out():
    """A cause carried into a hand-built position (its log starts afresh) names no event of this log."""
    emit = Emitter("", 0)
    emit.emit("a", "C")
    emit.emit("b", "C", links=[(SELF, "cancels", 62), (0, "triggers", SELF)])
    assert emit.events[1].links == (("triggers", 0, 1, "C"),)


def test_relate_adds_an_order_found_out_once_both_happened():
    """Emitter.relate stores the link on the later event of the step, once; nothing for a bad or unknown pair."""
    emit = Emitter("", 5)
    first, second = emit.emit("a", "C-a"), emit.emit("b", "C-b")
    assert emit.relate(first, "resolves_before", second, "C-order")
    assert not emit.relate(first, "resolves_before", second, "C-order")   # already there
    assert emit.events[1].links == (("resolves_before", first, second, "C-order"),) and emit.events[0].links == ()
    assert not emit.relate(second, "resolves_before", second, "C-order")  # one event is no pair
    assert not emit.relate(-1, "resolves_before", second, "C-order")      # an event that never happened
    assert not emit.relate(first, "resolves_before", 99, "C-order")       # not (yet) an event of this step
    assert emit.relate(2, "resolves_before", second, "C-earlier")          # an earlier step's event
    with pytest.raises(ValueError):
        emit.relate(first, "outranks", second, "C-order")
    assert event_graph(emit.events).edges[first, second]["relation"] == "resolves_before"


def test_the_graph_is_a_dag_in_resolution_order_with_relations_on_edges():
    events, (attack, roll, dodge, trap) = _log()
    g = event_graph(events)
    assert nx.is_directed_acyclic_graph(g)
    assert g.edges[attack, roll] == {"relation": "causes", "clause": "C-roll", "subject": attack, "object": roll}
    # the dodge cancels the attack: drawn forward (attack → dodge), read from the dodge
    assert g.edges[attack, dodge]["relation"] == "cancels" and g.edges[attack, dodge]["subject"] == dodge
    assert g.edges[dodge, trap]["relation"] == "triggers"
    assert not g.has_edge(roll, trap)
    assert set(RELATIONS) >= {d["relation"] for _, _, d in g.edges(data=True)}


def test_why_walks_back_to_the_root_cause():
    events, (attack, roll, dodge, trap) = _log()
    assert [e.id for e in why(events, trap)] == [attack, roll, dodge, trap]
    assert [e.id for e in why(events, attack)] == [attack]
    with pytest.raises(KeyError):
        why(events, 99)


def test_links_survive_a_save_and_old_events_without_links_still_draw():
    events, _ = _log()
    again = tuple(Event.from_dict("", e.to_dict()) for e in events)
    assert again == tuple(events)
    old = [Event.from_dict("", {k: v for k, v in e.to_dict().items() if k != "links"}) for e in events]
    g = event_graph(old)
    assert all(d["relation"] == "causes" for _, _, d in g.edges(data=True)) and g.number_of_edges() == 2


# --- 永恒之息 ---------------------------------------------------------------------------------------------------
def test_a_successful_dodge_cancels_the_attack():
    """EB-3.2-dodge: a dodge die greater than the attack die cancels the attack; the graph says so."""
    s = drive_attack(combat_ready(), attack_die=2, response="dodge", defence_die=5)
    attack = next(e for e in s.log if e.kind == "attack")
    cancelled = next(e for e in s.log if e.kind == "damage")
    assert cancelled.cancelled and cancelled.links == (("cancels", cancelled.id, attack.id, "EB-3.2-dodge"),)
    g = event_graph(s.log)
    assert g.edges[attack.id, cancelled.id]["relation"] == "cancels"
    assert g.nodes[cancelled.id]["text_en"] and g.nodes[cancelled.id]["text_zh"]
    assert why(s.log, cancelled.id)[0] == attack


def test_a_failed_dodge_cancels_nothing():
    s = drive_attack(combat_ready(), attack_die=5, response="dodge", defence_die=2)
    assert not any(link[0] == "cancels" for e in s.log for link in e.links)


def _games(relation, clause, seeds=range(40), bot="greedy"):
    game = explorer.get_game("eternal_breath")
    for seed in seeds:
        variant = game.bounded_variant(4)
        end = explorer.play_out(explorer.new_game("eternal_breath", 4, variant),
                                {p: game.bots()[bot]() for p in range(4)}, seed=seed,
                                max_steps=game.max_steps(4, game.resolve_variant(variant)))
        found = [e for e in end.log for link in e.links if link[0] == relation and link[3] == clause]
        if found:
            return end, found
    raise AssertionError(f"no {relation} under {clause} in {len(seeds)} seeded games")


@pytest.mark.parametrize(("relation", "clause"), [("replaces", "EB-3.2-rescue"), ("triggers", "EB-3.1-passive")])
def test_real_games_carry_the_relations(relation, clause):
    end, found = _games(relation, clause)
    g = event_graph(end.log, texts=False)
    assert nx.is_directed_acyclic_graph(g)
    e = found[0]
    link = next(link for link in e.links if link[0] == relation)
    first, last = sorted((link[1], link[2]))
    assert g.edges[first, last]["relation"] == relation and g.edges[first, last]["clause"] == clause
    if relation == "replaces":   # the rescue stands in for the death of the dying character
        assert next(x for x in end.log if x.id == link[2]).kind == "dying"
        assert not any(x.kind == "death" and x.cause == link[2] for x in end.log)


def test_a_trap_fires_on_its_trigger():
    """EB-3.2-trigger → EB-3.2-trap-declare / EB-3.2-trap-face-up: the graph shows what set each trap off."""
    end, found = _games("triggers", "EB-3.2-trap-face-up", bot="random")   # the greedy bot lays no traps
    g = event_graph(end.log, texts=False)
    e = found[0]
    trigger = next(x for x in end.log if x.id == e.cause)
    assert trigger.kind == "trigger" and g.edges[trigger.id, e.id]["relation"] == "triggers"
    assert [x.kind for x in why(end.log, e.id)][-2:] == ["trigger", "trap effect"]


def test_latest_looks_back_through_this_step_then_the_log_before_it():
    """Emitter.latest: the newest matching event of this step, else of the log so far (``past``), never before
    ``since``; nothing in a log that starts afresh."""
    past, (attack, _roll, dodge, trap) = _log()
    emit = Emitter("", trap + 1, past)
    now = emit.emit("dodge", "C-dodge")
    assert emit.latest(lambda e: e.kind == "dodge") == now
    assert emit.latest(lambda e: e.kind == "dodge" and e.id < now) == dodge
    assert emit.latest(lambda e: e.kind == "attack") == attack
    assert emit.latest(lambda e: e.kind == "attack", since=attack + 1) is None
    assert emit.latest(lambda e: e.kind == "nothing") is None
    assert Emitter("", 0).latest(lambda e: True) is None

