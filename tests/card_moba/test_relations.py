"""The MOBA's resolution on the event graph (issue 15): BLK replaces where a charge ended and a heal negative
damage (LA); a shield prevents the damage it absorbs, the status stack (STS) a second identical status, root,
fatigue, grievous wounds, the HP cap, an obstacle and the Ruler's switch the part of an effect they stop; a
passive or a special cell is triggered by the event it fires on; priority clauses order what was due together."""

from __future__ import annotations

import networkx as nx
import pytest
from seeded_relations import seeded_relations

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


# --- prevents: a status, the cap, a wall or the Ruler stops part of an effect ---------------------------------
def _prevents(e, clause):
    (relation, subject, obj, link_clause), = [link for link in e.links if link[0] == "prevents"]
    assert (relation, subject, link_clause) == ("prevents", e.id, clause)
    return obj


def test_root_prevents_the_knockback_of_the_skill():
    """MB-status-4-root: Hurricane's knockback on a rooted hero is refused; the refusal prevents (that part of)
    the skill's effect, the damage still lands."""
    s = hero(table(uses=(("hurricane#0", 1),)), 1, statuses=(("root", 1, 1, False, 0),))
    s = do(s, "skill", skill="hurricane#0", target=1)
    skill = next(e for e in s.events if e.kind == "skill")
    refused = next(e for e in s.events if e.kind == "displacement refused")
    assert refused.cancelled and _prevents(refused, "MB-status-4-root") == skill.id
    assert any(e.kind == "damage" for e in s.events)
    assert event_graph(s.log).edges[skill.id, refused.id]["relation"] == "prevents"


def test_fatigue_prevents_the_steps_of_the_start_phase():
    """MB-status-3-fatigue: in its next turn the hero gains no steps; the refusal prevents the start phase's."""
    s = do(hero(table(), 1, statuses=(("fatigue", 1, 1, False, 0),), steps=0), "end")
    start = next(e for e in s.events if e.kind == "start phase")
    refused = next(e for e in s.events if e.kind == "steps refused")
    assert _prevents(refused, "MB-status-3-fatigue") == start.id and refused.cause == start.id


def test_grievous_wounds_prevent_half_the_heal():
    """MB-status-6-grievous: 3 heals 2; the halving names the heal it cuts with 'prevents'."""
    s = table(heroes=("sage", "bulwark"), hands=(("S2",), ()), statuses=(("grievous", 1, 1, False, 0),), hp=10)
    s = do(s, "play", card="S2")
    halved = next(e for e in s.events if e.kind == "heal halved")
    heal = next(e for e in s.events if e.kind == "heal")
    assert heal.number("amount") == 2 and heal.links == (("prevents", halved.id, heal.id, "MB-status-6-grievous"),)
    assert event_graph(s.log).edges[halved.id, heal.id]["subject"] == halved.id


def test_the_hp_cap_prevents_the_heal_above_it():
    """MB-hero-hp-cap: 57 + 6 stops at 60; the cap prevents the 3 above it (MB-ruler-hp-cap names a Ruler cap)."""
    s = do(table(heroes=("sage", "bulwark"), uses=(("radiance#0", 1),), hp=57), "skill", skill="radiance#0")
    heal = next(e for e in s.events if e.kind == "heal")
    cap = next(e for e in s.events if e.kind == "hp cap")
    assert cap.number("lost") == 3 and _prevents(cap, "MB-hero-hp-cap") == heal.id


@pytest.mark.parametrize(("heroes", "positions", "clause"), [
    (("gale", "bulwark"), ((3, 1), (2, 1)), "MB-map-walls-fixed"),
    (("gale", "bulwark", "venom"), ((0, 0), (0, 1), (0, 2)), "MB-term-6-obstacle")])
def test_a_wall_or_a_hero_in_the_way_prevents_the_rest_of_a_knockback(heroes, positions, clause):
    """MB-map-walls-fixed / MB-term-6-obstacle: the knockback stops before the obstacle; the stop prevents the
    cells not moved, of the skill's effect."""
    s = do(table(heroes=heroes, positions=positions, uses=(("hurricane#0", 1),)), "skill", skill="hurricane#0",
           target=1)
    skill = next(e for e in s.events if e.kind == "skill")
    stop = next(e for e in s.events if e.kind == "stopped")
    assert _prevents(stop, clause) == skill.id


def test_the_ruler_turning_special_cells_off_prevents_the_cells_effect():
    """MB-ruler-special-cells off: the move onto the gust fires nothing; the setting prevents what it would."""
    s = table(positions=((2, 1), (6, 6)), variant={"ruler_special_cells": False}, mode="ruler")
    s = do(s, "move", to=(2, 2))
    move = next(e for e in s.events if e.kind == "move")
    off = next(e for e in s.events if e.kind == "special cell off")
    assert off.cancelled and _prevents(off, "MB-ruler-special-cells") == move.id


# --- replaces: negative damage is a heal ----------------------------------------------------------------------
def test_a_heal_replaces_negative_damage():
    """MB-event-LA 「负数伤害即为你给目标敌人回复生命值」: the Sage with a Sunder mark attacks for -1; the heal
    stands in for the damage."""
    s = hero(hero(table(heroes=("sage", "bulwark")), 1, hp=40), 0, marks=(("sunder", 1),))
    s = do(s, "attack", target=1)
    negative = next(e for e in s.events if e.kind == "negative damage")
    heal = next(e for e in s.events if e.kind == "heal")
    assert heal.links == (("replaces", heal.id, negative.id, "MB-event-LA"),)
    assert event_graph(s.log).edges[negative.id, heal.id]["relation"] == "replaces"


def test_seeded_random_games_carry_every_relation_the_moba_decides():
    """Three seeded 4-player games of random bots: the MOBA triggers (passives, special cells), prevents (shield,
    status stack, statuses, cap, walls), replaces (BLK, LA) and orders (resolves_before); nothing in its rules
    cancels a whole event (no dodge, no counter). Every link names a clause of the register, the graph stays a DAG."""
    assert seeded_relations(GAME, 3) == {"triggers", "prevents", "replaces", "resolves_before"}
