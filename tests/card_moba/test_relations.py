"""The MOBA's resolution on the event graph (issue 15): BLK replaces where a charge ended, a shield prevents the
damage it absorbs, the status stack (STS) prevents a second identical status; a passive or a special cell is
triggered by the event it fires on; priority clauses order what was due together."""

from __future__ import annotations

import networkx as nx

from explorer import act, event_graph, why
from explorer.games.card_moba.scenarios import charge_into_hero, one_card_short_of_a_skill, poisoned_with_shield

from .helpers import hero, table

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


def test_a_skills_sequence_is_granted_after_the_cards_effects():
    """MB-hero-skill-sequence: 「执行完毕这三张卡牌的效果后」 — the card's effects resolve before the skill use."""
    from explorer.games.card_moba.scenarios import one_card_short_of_a_skill

    s = do(one_card_short_of_a_skill(), "play", card="M1")
    play = next(e for e in s.events if e.kind == "play")
    unlocked = next(e for e in s.events if e.kind == "skill unlocked")
    effects = [e for e in s.events if play.id < e.id < unlocked.id]
    assert effects, "the card had effects"
    assert unlocked.links == (("resolves_before", effects[-1].id, unlocked.id, "MB-hero-skill-sequence"),)
    assert event_graph(s.log).edges[effects[-1].id, unlocked.id]["relation"] == "resolves_before"


def test_the_start_phase_processing_resolves_before_the_gains():
    """MB-turn-start: 「进行某些处理」 (poison) before the stamina; MB-term-2-shield (MB-A28): by default the
    shield left from before goes at the turn's start, before the poison deals its damage."""
    after = do(poisoned_with_shield(), "end")
    kinds = {e.kind: e for e in after.events}
    gone, hit, stamina = kinds["shield expires"], kinds["damage"], next(
        e for e in after.events if e.kind == "stamina" and e.clause == "MB-turn-start")
    assert gone.id < hit.id < stamina.id
    assert ("resolves_before", gone.id, hit.id, "MB-term-2-shield") in hit.links
    assert ("resolves_before", hit.id, stamina.id, "MB-turn-start") in stamina.links
    g = event_graph(after.log)
    assert nx.is_directed_acyclic_graph(g) and g.edges[gone.id, hit.id]["clause"] == "MB-term-2-shield"


def test_a_lasting_shield_leaves_nothing_to_order():
    """The other reading of MB-A28 (shield_lasts = game): no shield goes, it prevents the poison instead."""
    after = do(poisoned_with_shield(variant={"shield_lasts": "game"}), "end")
    assert not any(e.kind == "shield expires" for e in after.events)
    hit = next(e for e in after.events if e.kind == "damage")
    assert not any(link[0] == "resolves_before" for link in hit.links)


# --- triggers: what fires on an event -------------------------------------------------------------------------
def _fired_by(log, e):
    """The event that triggers ``e`` (its one triggers link)."""
    (_, subject, obj, clause), = [link for link in e.links if link[0] == "triggers"]
    assert obj == e.id
    return subject, clause


def test_a_card_played_triggers_the_heros_passive():
    """MB-hero-passive: Gale's 顺风 Tailwind (【被动】, on an M card) fires on the play of 移动·一; the graph draws
    play → passive as 'triggers' and why() reads back to the play."""
    s = do(one_card_short_of_a_skill(), "play", card="M1")
    play = next(e for e in s.events if e.kind == "play")
    passive = next(e for e in s.events if e.kind == "passive")
    assert passive.number("source") == "tailwind" and passive.links == (("triggers", play.id, passive.id,
                                                                          "MB-hero-passive"),)
    g = event_graph(s.log)
    assert nx.is_directed_acyclic_graph(g) and g.edges[play.id, passive.id]["relation"] == "triggers"
    assert why(s.log, passive.id)[-2:] == [play, passive]


def test_damage_triggers_the_heros_and_the_bloodlines_passives():
    """MB-hero-passive and MB-bloodline-permanent (MB-A14): poison's damage at the start phase fires Bulwark's
    反震 Recoil and its bloodline's Thorns and Endure; each names that damage with 'triggers' and its own clause."""
    s = hero(table(heroes=("venom", "bulwark")), 1, statuses=(("poison", 4, 2, False, 0),),
             pieces=("aegis", "thorns", "plating", "endure", "dust_def"))
    s = do(s, "end")
    hit = next(e for e in s.events if e.kind == "damage" and e.targets == (1,))
    fired = {e.number("source"): _fired_by(s.log, e) for e in s.events if e.kind == "passive"}
    assert fired == {"recoil": (hit.id, "MB-hero-passive"), "thorns": (hit.id, "MB-bloodline-permanent"),
                     "endure": (hit.id, "MB-bloodline-permanent")}
    assert nx.is_directed_acyclic_graph(event_graph(s.log))


def test_a_move_onto_a_special_cell_triggers_it():
    """MB-map-cells (MB-A11): ending a displacement on the gust fires its 2 steps; the move triggers the cell."""
    s = do(table(positions=((2, 1), (6, 6))), "move", to=(2, 2))
    move = next(e for e in s.events if e.kind == "move")
    cell = next(e for e in s.events if e.kind == "special cell")
    assert cell.cause is None and cell.links == (("triggers", move.id, cell.id, "MB-map-cells"),)
    assert [e.id for e in why(s.log, cell.id)] == [move.id, cell.id]


def test_a_charge_pushed_back_onto_a_special_cell_triggers_it_from_the_push():
    """MB-event-BLK then MB-map-cells: where the push-back ends is where the charge ended, so the last push-back
    (not the charge) triggers the cell it ends on."""
    s = table(positions=((2, 0), (2, 3)), uses=(("hurricane#1", 1),))
    s = do(s, "skill", skill="hurricane#1", direction="S", distance=3)
    blocked = next(e for e in s.events if e.kind == "blocked")
    cell = next(e for e in s.events if e.kind == "special cell")
    assert blocked.number("back_to") == (2, 2) and _fired_by(s.log, cell) == (blocked.id, "MB-map-cells")

