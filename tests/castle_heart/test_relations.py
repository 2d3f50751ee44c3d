"""城堡之心's resolution on the event graph (issue 15): what cancels what, and why."""

from __future__ import annotations

import networkx as nx

from explorer import event_graph, why

from .helpers import HERO, a, hero_seat, step, table
from .test_magic import trio


def events(state, clause=None, kind=None):
    """Every event of the game so far (not only the last step's), by clause and kind."""
    return [e for e in state.log if (clause is None or e.clause == clause) and (kind is None or e.kind == kind)]


def test_each_counter_cancels_the_card_or_counter_before_it():
    """CH-magic-counter (CH-A21): 魔法抵消 cancels the magic card; a second one cancels the first counter."""
    s = step(trio(hand0=("fireball",), hand1=("counter",), hand2=("counter",)), "magic", 0, card="fireball",
             target=1, what=None)
    s = step(step(s, "counter", 1, card="counter"), "counter", 2, card="counter")
    magic = events(s, kind="magic")[0]
    first, second = events(s, "CH-magic-counter", "counter")
    assert first.links == (("cancels", first.id, magic.id, "CH-magic-counter"),)
    assert second.links == (("cancels", second.id, first.id, "CH-magic-counter"),)
    g = event_graph(s.log)
    assert nx.is_directed_acyclic_graph(g)
    assert g.edges[magic.id, first.id]["relation"] == "cancels" and g.edges[first.id, second.id]["subject"] == second.id
    assert [e.id for e in why(s.log, second.id)] == [magic.id, second.id]


def test_a_block_cancels_the_attack():
    """CH-turn-block: one 剑 spent and the attack is cancelled; the graph draws attack → cancelled, 'cancels'."""
    s = table(hero_seat("lord", hand=("sword",)), hero_seat("enemy", hand=("sword",)), hero_seat("enemy"))
    s = step(step(s, "attack", 0, target=1, member=HERO, pay="sword"), "block", 1)
    attack = events(s, kind="attack")[0]
    stop = events(s, "CH-turn-block", "attack cancelled")[0]
    assert stop.cancelled and stop.links == (("cancels", stop.id, attack.id, "CH-turn-block"),)
    assert event_graph(s.log).edges[attack.id, stop.id]["relation"] == "cancels"
    assert a("block", 1) not in s.legal_actions()


def _answer(s):
    """Everyone still asked lets the card pass."""
    while s.data.spell is not None:
        s = step(s, "let_pass", s.current_player)
    return s


def test_the_last_counter_resolves_first_and_the_card_then_works():
    """CH-magic-counter (CH-A21): a counter of a counter resolves before the counter it cancels, so the card
    works; the first event of its effect names the last counter with resolves_before."""
    s = step(trio(hand0=("fireball",), hand1=("counter",), hand2=("counter",)), "magic", 0, card="fireball",
             target=1, what=None)
    s = _answer(step(step(s, "counter", 1, card="counter"), "counter", 2, card="counter"))
    second = events(s, "CH-magic-counter", "counter")[-1]
    burn = events(s, "CH-magic-fireball")[0]
    assert second.id < burn.id
    assert ("resolves_before", second.id, burn.id, "CH-magic-counter") in burn.links
    assert event_graph(s.log).edges[second.id, burn.id]["relation"] == "resolves_before"


def test_one_counter_resolves_before_the_card_it_cancels():
    s = step(trio(hand0=("fireball",), hand1=("counter",)), "magic", 0, card="fireball", target=1, what=None)
    s = _answer(step(s, "counter", 1, card="counter"))
    first = events(s, "CH-magic-counter", "counter")[0]
    cancelled = events(s, "CH-magic-counter", "magic cancelled")[0]
    assert cancelled.cancelled and cancelled.links == (("resolves_before", first.id, cancelled.id, "CH-magic-counter"),)
    assert not events(s, "CH-magic-fireball")


def test_an_unanswered_card_orders_nothing():
    s = _answer(step(trio(hand0=("fireball",)), "magic", 0, card="fireball", target=1, what=None))
    assert events(s, "CH-magic-fireball") and not any(x[0] == "resolves_before" for e in s.log for x in e.links)


def test_a_fireball_shared_by_a_group_still_names_the_last_counter():
    """The target's group shares the damage (a choice in a later step, CH-A10): its first damage event names the
    last counter with resolves_before (CH-magic-counter)."""
    from .helpers import soldier

    s = step(trio(hand0=("fireball",), hand1=("counter",), hand2=("counter",), sold1=(soldier("knight"),)),
             "magic", 0, card="fireball", target=1, what=None)
    s = step(step(s, "counter", 1, card="counter"), "counter", 2, card="counter")
    while s.data.phase == "counter":
        s = step(s, "let_pass", s.current_player)
    s = step(s, "fireball_split", 1, soldier=None)
    second = events(s, "CH-magic-counter", "counter")[-1]
    burns = events(s, "CH-magic-fireball")
    assert len(burns) >= 2 and ("resolves_before", second.id, burns[0].id, "CH-magic-counter") in burns[0].links
