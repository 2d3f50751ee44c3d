"""永恒之息's relations on the event graph (issue 15): where two events were due together and an 事件冲突 clause
put one first, the later one names the earlier with ``resolves_before`` and that clause; a block prevents part of
the damage, a rescue replaces the death; seeded games carry every relation the game decides."""

from __future__ import annotations

import dataclasses
import itertools

import networkx as nx
from seeded_relations import seeded_relations

from explorer import CHANCE, act, event_graph
from explorer.games.eternal_breath.records import Character
from explorer.games.eternal_breath.scenarios import ATTACKER, combat_ready, drive_attack
from explorer.state import State

GAME = "eternal_breath"


def with_seats(state: State, change) -> State:
    """``state`` with its seats changed by ``change(list of seats)`` (a hand-built position)."""
    seats = list(state.data.seats)
    change(seats)
    return State(state.game, state.players, state.variant, dataclasses.replace(state.data, seats=tuple(seats)))


def soul_drain_into_thorn_mail(attacker_hp: int = 4) -> State:
    """P0's wounded summon attacks with 吸魂 Soul Drain (lifesteal ½) into P1 blocking with 荆棘甲 Thorn Mail
    (1 thorns): both cards' effects are due when the damage is dealt."""
    def change(seats):
        me = seats[0]
        chars = tuple(dataclasses.replace(c, hp=attacker_hp) if c.card == ATTACKER else c for c in me.chars)
        seats[0] = dataclasses.replace(me, hand=("atk_soul_drain",), chars=chars)
        seats[1] = dataclasses.replace(seats[1], hand=("def_thorn_mail",))
    s = with_seats(combat_ready(), change)
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "attack" and a["by"] == ATTACKER and a["seat"] == 1))
    s = s.apply(act(GAME, "roll", CHANCE, die=6))
    s = s.apply(act(GAME, "block", 1, card="def_thorn_mail"))
    return s.apply(act(GAME, "roll", CHANCE, die=1))


def test_the_attack_cards_lifesteal_resolves_before_the_defence_cards_thorns():
    """EB-3.2-conflict-attack-first: 攻击卡效果＞防御卡效果 — the heal comes first, and the graph says why."""
    s = soul_drain_into_thorn_mail()
    heal = next(e for e in s.events if e.clause == "EB-3.2-lifesteal")
    thorns = next(e for e in s.events if e.kind == "effect damage")
    assert heal.id < thorns.id and heal.number("healed") > 0
    assert ("resolves_before", heal.id, thorns.id, "EB-3.2-conflict-attack-first") in thorns.links
    g = event_graph(s.log)
    assert nx.is_directed_acyclic_graph(g)
    assert g.edges[heal.id, thorns.id] == {"relation": "resolves_before", "clause": "EB-3.2-conflict-attack-first",
                                            "subject": heal.id, "object": thorns.id}


def pyromancer_ready() -> State:
    """combat_ready with P0's summon swapped for 火法师 Pyromancer (2 coins: 1 damage to every player)."""
    def change(seats):
        seats[0] = dataclasses.replace(seats[0], chars=(seats[0].chars[0], Character("n_pyromancer", 9, True)))
    return with_seats(combat_ready(players=3), change)


def test_an_effect_on_every_player_resolves_in_turn_order():
    """EB-3.2-conflict-turn-order: the player to move first, then the others from them in seat order."""
    s = pyromancer_ready()
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "skill"))
    hits = [e for e in s.events if e.kind in ("effect damage", "life loss")]
    assert [e.targets[0] for e in hits] == [0, 1, 2]     # P0 moves: P0 (life loss on itself), P1, P2
    for before, after in itertools.pairwise(hits):
        assert after.links == (("resolves_before", before.id, after.id, "EB-3.2-conflict-turn-order"),)
    g = event_graph(s.log)
    chain = [hits[0].id] + [b for a, b in g.edges if g.edges[a, b]["relation"] == "resolves_before"]
    assert chain == [e.id for e in hits]


def test_nothing_due_together_no_order():
    """A plain attack without card effects orders nothing: no resolves_before link."""
    s = combat_ready()
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "attack" and a["by"] == ATTACKER))
    s = s.apply(act(GAME, "roll", CHANCE, die=6))
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "block"))
    s = s.apply(act(GAME, "roll", CHANCE, die=1))
    assert not any(link[0] == "resolves_before" for e in s.log for link in e.links)


# --- prevents: a block; replaces: a rescue; the relations of whole games ------------------------------------------
def test_a_block_prevents_part_of_the_damage():
    """EB-3.2-block: 总防御力 is taken off the attack: the block (a decision of an earlier step) prevents that part
    of the damage, read on the graph as block → damage; a block that adds nothing (EB-A05's "zero" reading, no
    card) and a dodge that fails prevent nothing."""
    s = drive_attack(combat_ready(attack_points=3, base_defence=2, defence_points=1), attack_die=6, defence_die=3)
    block, damage = (next(e for e in s.log if e.kind == kind) for kind in ("block", "damage"))
    assert damage.number("total_defence") > 0 and damage.number("damage") >= 1
    assert ("prevents", block.id, damage.id, "EB-3.2-block") in damage.links
    g = event_graph(s.log)
    assert g.edges[block.id, damage.id]["relation"] == "prevents" and nx.is_directed_acyclic_graph(g)
    bare = drive_attack(combat_ready(variant={"block_without_card": "zero"}), attack_die=6, response="block")
    failed = drive_attack(combat_ready(), attack_die=6, response="dodge", defence_die=1)
    for end in (bare, failed):
        hit = next(e for e in end.log if e.kind == "damage")
        assert hit.outcome != "cancelled" and not any(link[0] == "prevents" for link in hit.links)


def test_a_rescue_replaces_the_death_the_dying_announced():
    """EB-3.2-rescue: healed back above 0 HP, the character is saved: "saved" replaces the dying (no death)."""
    from .helpers import do, seat, state
    from .test_characters import DUMMY, kill

    s = kill(state(seat(summons=(ATTACKER,), hand=("atk_slash",)), seat(summons=(DUMMY,), hand=("eff_potion",))),
             die=1, cards=("atk_slash",), rescue=True)
    s = do(do(s, "pass", 0), "rescue", 1, card="eff_potion")
    dying, saved = (next(e for e in s.log if e.kind == kind) for kind in ("dying", "saved"))
    assert saved.links == (("replaces", saved.id, dying.id, "EB-3.2-rescue"),)
    assert not any(e.kind == "death" for e in s.log)
    assert event_graph(s.log).edges[dying.id, saved.id]["relation"] == "replaces"


def test_seeded_random_games_carry_every_relation_the_game_decides():
    """Seeded 4-player games of random bots: 永恒之息 triggers (traps, passives), cancels (a dodge, a trap's
    check), prevents (a block), replaces (a rescue) and orders (the conflict clauses). Every link names a clause of
    the register; the graph stays a DAG."""
    assert seeded_relations(GAME, 6) == {"triggers", "cancels", "prevents", "replaces", "resolves_before"}
