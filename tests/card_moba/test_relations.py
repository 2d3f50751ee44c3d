"""The MOBA's resolution on the event graph (issue 15): BLK replaces where a charge ended, a shield prevents the
damage it absorbs, the status stack (STS) prevents a second identical status."""

from __future__ import annotations

import networkx as nx

from explorer import act, event_graph
from explorer.games.card_moba.scenarios import charge_into_hero, poisoned_with_shield

GAME = "card_moba"


def do(state, kind, **params):
    return state.apply(act(GAME, kind, state.current_player, **params))


def test_a_push_back_replaces_where_the_charge_ended():
    """MB-event-BLK: the charge onto Bulwark's cell ends one cell back; the graph reads 'blocked replaces …'."""
    into = do(charge_into_hero(), "skill", skill="hurricane#1", direction="E", distance=2)
    blocked = next(e for e in into.events if e.clause == "MB-event-BLK")
    (relation, subject, replaced, clause), = blocked.links
    assert (relation, subject, clause) == ("replaces", blocked.id, "MB-event-BLK") and replaced == blocked.cause
    g = event_graph(into.log)
    assert nx.is_directed_acyclic_graph(g) and g.edges[replaced, blocked.id]["relation"] == "replaces"


def test_a_lasting_shield_prevents_the_poison_it_absorbs():
    """MB-term-2-shield (switch shield_lasts = game, MB-A28): the shield absorbs poison at the start phase."""
    after = do(poisoned_with_shield(variant={"shield_lasts": "game"}), "end")
    hit = next(e for e in after.events if e.kind == "damage")
    absorbs = next(e for e in after.events if e.kind == "shield absorbs")
    assert absorbs.links == (("prevents", absorbs.id, hit.id, "MB-term-2-shield"),)
    assert event_graph(after.log).edges[hit.id, absorbs.id]["subject"] == absorbs.id


def test_the_status_stack_prevents_a_second_identical_status():
    """MB-event-STS: with the status stack on, a repeated status is ignored; the graph says what it prevents."""
    from explorer import Emitter
    from explorer.games.card_moba.records import Hero, Status
    from explorer.games.card_moba.statuses import apply_status

    emit = Emitter(GAME, 1)
    cause = emit.emit("skill", "MB-hero-skill-sequence", actor=0)
    hero = Hero(seat=1, hp=30, statuses=(Status("poison", 2, 2, False, 0),))
    same = apply_status(hero, "poison", 2, 2, 0, True, emit, cause)
    assert same == hero
    ignored = emit.events[-1]
    assert ignored.clause == "MB-event-STS" and ignored.links == (("prevents", ignored.id, cause, "MB-event-STS"),)
