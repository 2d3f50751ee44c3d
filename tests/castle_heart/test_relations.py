"""城堡之心's resolution on the event graph (issue 15): what cancels what (a counter, a block, the shield, the
armour's and the images' roll), what prevents (the ice storm's ward, the starting HP), what replaces (a revive the
death), what triggers (the attack its defences, the hit its weapon's poison or abyss, the cancellation an
axe, a fall the great sword and the end of a command), the last counter first, and why."""

from __future__ import annotations

import networkx as nx
import pytest
from seeded_relations import seeded_relations

import explorer
from explorer import event_graph, why

from .helpers import CHANCE, HERO, a, hero_seat, soldier, step, table, with_seat
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


# --- replaces: a revive stands in for the death ---------------------------------------------------------------
def _given_heal(s):
    """Every hero asked to rescue the dying one passes until one holding 愈 gives it (CH-A18)."""
    while s.data.phase == "rescue":
        who = s.current_player
        s = step(s, "rescue", who, target=s.data.dying[0] if "heal" in s.data.seats[who].hand else None)
    return s


def test_a_revive_replaces_the_dying_of_an_earlier_step():
    """CH-death-revive: 愈 brings the dying 圣女 back to 1 HP, so no death follows (CH-death-end-of-turn); the
    revive names the dying event, several steps back, with 'replaces'."""
    from explorer.games.castle_heart.scenarios import hero_dying

    s = _given_heal(hero_dying())
    dying = events(s, "CH-death-dying", "dying")[-1]
    revive = events(s, "CH-death-revive", "revive")[0]
    assert revive.targets == dying.targets == (1,) and not events(s, kind="death")
    assert revive.links == (("replaces", revive.id, dying.id, "CH-death-revive"),)
    heal = next(e for e in s.log if e.id == revive.cause)
    assert heal.clause == "CH-death-heal-dying" and dying.id < heal.id < revive.id
    g = event_graph(s.log)
    assert nx.is_directed_acyclic_graph(g) and g.edges[dying.id, revive.id]["relation"] == "replaces"


def test_a_link_to_an_earlier_step_is_the_same_in_play_out_and_step_by_step():
    """城堡之心's revive names the dying of an earlier step (found with Emitter.latest): the bots' fast path, whose
    log joins the state's only at the end, links the same events as stepping through State."""
    game = explorer.get_game("castle_heart")
    start = explorer.new_game("castle_heart", 4, game.simulation_limits(4))
    for seed in range(20):
        fast = explorer.play_out(start, seed=seed)
        revives = [e for e in fast.log if any(link[0] == "replaces" for link in e.links)]
        if revives:
            break
    else:
        raise AssertionError("no revive in 20 seeded games")
    slow = start
    for slow in explorer.play(start, seed=seed):  # noqa: B007 (the last one is wanted)
        pass
    assert fast.log == slow.log.as_tuple()
    (_, revive, dying, clause), = revives[0].links
    assert clause == "CH-death-revive" and dying < revive
    assert fast.log[dying].kind == "dying" and fast.log[dying].targets == revives[0].targets


# --- prevents: a ward, the starting HP ------------------------------------------------------------------------
def test_a_ward_of_mana_prevents_the_ice_storms_damage():
    """CH-magic-ice-storm 「每人必须消耗1张魔进行防御，否则受到1点伤害」: the 魔 spent prevents that hero's damage;
    the one who does not spend takes it."""
    from .test_magic import cast

    s = step(cast(trio(hand0=("ice_storm",), hand1=("mana",)), "ice_storm"), "ice", 1, spend=True)
    magic = events(s, kind="magic")[0]
    ward = events(s, "CH-magic-ice-storm", "ward")[0]
    assert ward.links == (("prevents", ward.id, magic.id, "CH-magic-ice-storm"),)
    s = step(s, "ice", 2, spend=False)
    assert [e.targets for e in events(s, "CH-magic-ice-storm", "damage")] == [(2,)]
    assert event_graph(s.log).edges[magic.id, ward.id]["relation"] == "prevents"


def test_the_starting_hp_prevents_a_heal_above_it():
    """CH-max-hp: a heal stops at the hero's starting HP; what is above it is prevented (the sample cards heal 1
    below it, so a hand-built heal of 3)."""
    from explorer import Emitter
    from explorer.games.castle_heart.life import heal

    d = trio(hp0=3).data  # 黑骑士: 4 HP at the start
    emit = Emitter("castle_heart", 0)
    d = heal(d, 0, 3, 0, None, "CH-turn-play-heal", emit)
    healed, capped = emit.events
    assert d.seats[0].hp == 4 and healed.number("healed") == 1
    assert capped.clause == "CH-max-hp" and capped.links == (("prevents", capped.id, healed.id, "CH-max-hp"),)


# --- triggers: what fires on an event -------------------------------------------------------------------------
def _duel(**kw):
    from .test_equipment import duel

    return duel(**kw)


@pytest.mark.parametrize(("phase", "clause"), [("armour", "CH-equip-knight-armour"), ("mirror", "CH-magic-mirror")])
def test_the_attack_triggers_the_saving_roll_which_cancels_it(phase, clause):
    """CH-equip-knight-armour 「50%几率抵消1次近战攻击」 / CH-magic-mirror 「50%几率回避所有类型攻击」: the attack fires
    the 50% roll ('triggers'); saved, the attack is cancelled — 'cancels', not 'prevents': nothing of it lands."""
    s = _duel(eq1=("knight_armour",)) if phase == "armour" else with_seat(_duel(), 1, mirror=True)
    s = step(step(s, "attack", 0, target=1, member=HERO, pay="sword"), phase, CHANCE, saved=True)
    attack = events(s, kind="attack")[0]
    roll = events(s, clause, "roll")[0]
    stop = events(s, clause, "attack cancelled")[0]
    assert roll.links == (("triggers", attack.id, roll.id, clause),)
    assert stop.links == (("cancels", stop.id, attack.id, clause),) and not events(s, kind="damage")
    g = event_graph(s.log)
    assert g.edges[attack.id, roll.id]["relation"] == "triggers"
    assert g.edges[attack.id, stop.id]["relation"] == "cancels"


def test_a_knight_charge_triggers_the_defenders_mount():
    """CH-equip-mounts-shared: 狮鹫之王 「被攻击时，距离+1」 is shared by the rider's group, so the knight's attack on
    seat 1's soldier fires it."""
    from explorer.games.castle_heart.scenarios import knight_charge

    s = step(step(knight_charge(), "command", 0, target=1), "soldier_attack", 0, member=0)
    attack = events(s, kind="attack")[-1]
    mount = events(s, "CH-equip-mounts-shared", "mount")[-1]
    assert mount.number("card") == "griffin" and mount.cause == attack.id
    assert mount.links == (("triggers", attack.id, mount.id, "CH-equip-mounts-shared"),)


def test_the_daggers_hit_triggers_the_poison_and_the_turns_start_the_bite():
    """CH-equip-poison-dagger 「成功命中目标…在下一回合开始时，遭受1点毒性伤害」: the hit's damage triggers the
    poisoning, the target's next turn start triggers the poison damage."""
    s = step(step(_duel(eq0=("poison_dagger",)), "attack", 0, target=1, member=HERO, pay="sword"), "take_hit", 1)
    hit = events(s, "CH-attack-hero-targets", "damage")[0]
    poisoned = events(s, "CH-equip-poison-dagger", "poisoned")[0]
    assert poisoned.links == (("triggers", hit.id, poisoned.id, "CH-equip-poison-dagger"),)
    s = step(s, "end_play", 0)
    turn = events(s, kind="turn")[-1]
    bite = events(s, "CH-equip-poison-dagger", "damage")[0]
    assert turn.actor == 1 and bite.links == (("triggers", turn.id, bite.id, "CH-equip-poison-dagger"),)
    assert [e.id for e in why(s.log, bite.id)] == [turn.id, bite.id]


@pytest.mark.parametrize("answer", ["abyss_discard", "abyss_take"])
def test_the_hit_triggers_the_abyss_swords_demand(answer):
    """CH-equip-abyss-sword 「成功对目标造成伤害，目标必须选择抛弃1张手牌，否则额外造成1点伤害」: the hit's damage (an
    earlier step) triggers the discard or the extra damage, whichever the target chose."""
    s = step(step(_duel(eq0=("abyss_sword",), hand1=("heal",)), "attack", 0, target=1, member=HERO, pay="sword"),
             "take_hit", 1)
    hit = events(s, "CH-attack-hero-targets", "damage")[0]
    s = step(s, answer, 1, card="heal") if answer == "abyss_discard" else step(s, answer, 1)
    demand, = events(s, "CH-equip-abyss-sword")
    assert demand.kind == ("discard" if answer == "abyss_discard" else "damage")
    assert demand.links == (("triggers", hit.id, demand.id, "CH-equip-abyss-sword"),)


def test_the_hit_on_a_soldier_triggers_the_abyss_swords_extra_damage_at_once():
    """CH-equip-abyss-sword on a soldier (CH-A37: no card to discard): the extra damage follows in the same step."""
    s = step(_duel(eq0=("abyss_sword",), sold1=(soldier("knight"),)), "attack", 0, target=1, member=0, pay="sword")
    hit = events(s, "CH-attack-hero-targets", "damage")[0]
    extra = events(s, "CH-equip-abyss-sword", "damage")[0]
    assert extra.links == (("triggers", hit.id, extra.id, "CH-equip-abyss-sword"),)


@pytest.mark.parametrize(("axe", "answer", "kind", "clause"), [
    ("bear_axe", {"use": True}, "axe", "CH-equip-bear-axe"),
    ("doom_axe", {"again": True}, "attack", "CH-equip-doom-axe")])
def test_a_cancelled_attack_triggers_the_axe(axe, answer, kind, clause):
    """CH-equip-bear-axe / CH-equip-doom-axe 「攻击被抵消时」: the block's cancellation (an earlier step) fires the
    axe — the bear axe's forced hit, the doom axe's new attack."""
    s = _duel(eq0=(axe,), hand0=("sword", "sword", "heal", "mana"), hand1=("sword",))
    s = step(step(s, "attack", 0, target=1, member=HERO, pay="sword"), "block", 1)
    stop = events(s, "CH-turn-block", "attack cancelled")[0]
    s = step(s, axe, 0, **answer)
    fired, = [e for e in s.events if e.clause == clause and e.kind == kind]
    assert fired.links == (("triggers", stop.id, fired.id, clause),)
    assert event_graph(s.log).edges[stop.id, fired.id]["relation"] == "triggers"


def test_a_kill_triggers_the_great_swords_follow_up():
    """CH-equip-great-sword 「如本次攻击消灭目标，可以马上向该目标同组目标发动攻击」: the soldier's fall triggers the
    follow-up attack."""
    s = _duel(eq0=("great_sword",), hand0=("sword", "sword"), sold1=(soldier("lynx", 1),))
    s = step(step(s, "attack", 0, target=1, member=0, pay="sword"), "follow_up", 0, member=HERO)
    fell = events(s, "CH-soldier-falls", "soldier falls")[0]
    again = events(s, "CH-equip-great-sword", "attack")[0]
    assert again.links == (("triggers", fell.id, again.id, "CH-equip-great-sword"),)


def test_the_target_heros_fall_triggers_the_end_of_the_command():
    """CH-turn-command-target-falls 「如作为目标的英雄阵亡，剩余未发动攻击的士兵视为攻击完毕」: the first knight brings
    the hero down; its dying ends the command, the second knight does not attack."""
    s = table(hero_seat("lord", "black_knight", soldiers=(soldier("knight"), soldier("knight"))),
              hero_seat("enemy", "berserker", hp=1), hero_seat("enemy", "saint"), phase="command")
    s = step(step(s, "command", 0, target=1), "soldier_attack", 0, member=HERO)
    s = step(s, "take_hit", 1) if s.data.phase == "block" else s
    dying = events(s, "CH-death-dying", "dying")[0]
    over = events(s, "CH-turn-command-target-falls", "command over")[0]
    assert over.links == (("triggers", dying.id, over.id, "CH-turn-command-target-falls"),)
    assert len(events(s, kind="attack")) == 1


def test_seeded_random_games_carry_every_relation_the_castle_decides():
    """Two seeded 4-player games of random bots: 城堡之心 cancels (block, shield, armour, images, counter), prevents
    (the ward, the cap), replaces (the revive), triggers (rolls, mounts, weapons, axes, the command's end) and
    orders (the last counter first). Every link names a clause of the register; the graph stays a DAG."""
    assert seeded_relations("castle_heart", 2) == {"cancels", "prevents", "replaces", "triggers", "resolves_before"}
