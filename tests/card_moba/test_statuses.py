"""The 14 statuses with their timing, and the status stack. A status set with active=False is one that
was applied before the holder's next turn; it becomes active when that turn begins."""

from __future__ import annotations

import pytest

from card_moba.helpers import cited, do, draw, h, hero, logged, table
from explorer import CHANCE, IllegalAction
from explorer.games.card_moba import combat, statuses


def pending(name, layers=1, duration=1, source=0):
    return (name, layers, duration, False, source)


def active(name, layers=1, duration=1, source=0):
    return (name, layers, duration, True, source)


def next_turn(s, cards=("O1", "O1")):
    """Seat 0 ends; the next player's draws are scripted."""
    s = do(s, "end")
    for card in cards:
        if s.current_player == CHANCE:
            s = draw(s, card)
    return s


def test_stun_skips_the_next_action_phase():
    """'MB-status-1-stun'."""
    s = next_turn(hero(table(), 1, statuses=(pending("stun"),)))
    assert any(e.kind == "action phase skipped" for e in logged(s, "MB-status-1-stun"))
    assert s.data.seat == 0 and statuses.find(h(s, 1), "stun") is None


def test_masked_status_skips_the_next_draw_phase():
    """'MB-status-2-masked' (its name is masked in the seed, MB-A19): no draws, straight to acting."""
    s = do(hero(table(), 1, statuses=(pending("masked"),)), "end")
    assert s.current_player == 1 and s.data.phase == "action" and logged(s, "MB-status-2-masked")


def test_fatigue_gains_no_steps_in_the_next_turn():
    """'MB-status-3-fatigue'."""
    s = next_turn(hero(table(), 1, statuses=(pending("fatigue"),), steps=0))
    assert h(s, 1).steps == 0 and any(e.cancelled for e in logged(s, "MB-status-3-fatigue"))


def test_root_stops_every_displacement_until_the_end_of_the_next_turn():
    """'MB-status-4-root': effective at once (直到其下一个回合结束前): no move, no knockback."""
    s = table(statuses=(pending("root"),))
    with pytest.raises(IllegalAction) as err:
        do(s, "move", to=(1, 0))
    assert err.value.clause == "MB-status-4-root"
    s = hero(table(uses=(("hurricane#0", 1),)), 1, statuses=(pending("root"),))
    s = do(s, "skill", skill="hurricane#0", target=1)
    assert h(s, 1).pos == (0, 1) and cited(s, "MB-status-4-root")[0].cancelled


def test_destruct_skips_the_start_and_end_phases():
    """'MB-status-5-destruct': no stamina from either phase, and leftover steps are kept."""
    s = next_turn(hero(table(), 1, statuses=(pending("destruct"),), stamina=2, steps=1))
    assert h(s, 1).stamina == 2 and h(s, 1).steps == 1 and h(s, 1).attacks == 1
    s = do(s, "end")
    kinds = [e.kind for e in logged(s, "MB-status-5-destruct")]
    assert kinds == ["start phase skipped", "end phase skipped", "status ends"] and h(s, 1).stamina == 2


def test_grievous_wounds_halve_heals_rounding_up():
    """'MB-status-6-grievous': S2 heals 3 → 2 (1.5 counts as 2)."""
    s = table(heroes=("sage", "bulwark"), hands=(("S2",), ()), statuses=(pending("grievous"),), hp=10)
    s = do(s, "play", card="S2")
    assert h(s, 0).hp == 12 and cited(s, "MB-status-6-grievous")


def test_silence_forbids_skills_in_the_next_turn():
    """'MB-status-7-silence'."""
    s = table(uses=(("hurricane#0", 1),), statuses=(active("silence"),))
    with pytest.raises(IllegalAction) as err:
        do(s, "skill", skill="hurricane#0", target=1)
    assert err.value.clause == "MB-status-7-silence"


def test_disarm_forbids_attacks_in_the_next_turn():
    """'MB-status-8-disarm'; a pending disarm (applied this turn) does not act yet."""
    with pytest.raises(IllegalAction) as err:
        do(table(statuses=(active("disarm"),)), "attack", target=1)
    assert err.value.clause == "MB-status-8-disarm"
    assert h(do(table(statuses=(pending("disarm"),)), "attack", target=1), 1).hp == 41


def test_slow_takes_steps_when_the_next_action_phase_begins():
    """'MB-status-9-slow': 2 layers take both of Bulwark's 2 steps."""
    s = next_turn(hero(table(), 1, statuses=(pending("slow", layers=2),), steps=0))
    assert h(s, 1).steps == 0 and logged(s, "MB-status-9-slow")[-1].number("steps_lost") == 2


def test_weak_caps_attack_power_at_one_and_stops_crits():
    """'MB-status-10-weak'."""
    s = do(table(statuses=(active("weak"),), crit=True), "attack", target=1)
    assert h(s, 1).hp == 43


def test_armour_break_caps_defence_and_refuses_shields():
    """'MB-status-11-armour-break': Bulwark's defence 3 → 1, and D1 gives no shield."""
    s = table(heroes=("bulwark", "gale"), hands=(("D1",), ()), statuses=(pending("armour_break"),))
    assert combat.defence(h(s, 0)) == 1
    s = do(s, "play", card="D1")
    assert h(s, 0).shield == 0 and cited(s, "MB-status-11-armour-break")[0].cancelled


def test_taunt_requires_being_next_to_the_taunter():
    """'MB-status-12-taunt': taunted by seat 2 (far away), Gale can neither attack nor use a skill."""
    s = table(heroes=("gale", "bulwark", "venom"), positions=((0, 0), (0, 1), (6, 6)),
              statuses=(active("taunt", source=2),), uses=(("hurricane#0", 1),))
    for kind, params in (("attack", {"target": 1}), ("skill", {"skill": "hurricane#0", "target": 1})):
        with pytest.raises(IllegalAction) as err:
            do(s, kind, **params)
        assert err.value.clause == "MB-status-12-taunt"
    near = hero(s, 2, pos=(1, 0))
    assert h(do(near, "attack", target=1), 1).hp == 41


def test_poison_damages_at_each_start_phase_but_not_below_one():
    """'MB-status-13-poison': 2 layers for 3 start phases, from its source; HP stops at 1."""
    s = next_turn(hero(table(), 1, statuses=(pending("poison", 2, 3),)))
    assert h(s, 1).hp == 42 and statuses.find(h(s, 1), "poison").duration == 2
    assert logged(s, "MB-event-DS")[-1].actor == 0
    low = next_turn(hero(table(), 1, statuses=(pending("poison", 5, 3),), hp=2))
    assert h(low, 1).hp == 1 and h(low, 1).alive


def test_ruler_poison_death():
    """'MB-ruler-poison-death': on, poison can kill, and its source is the killer."""
    s = table(variant={"ruler_poison_death": True}, mode="ruler")
    s = next_turn(hero(s, 1, statuses=(pending("poison", 5, 3),), hp=2), cards=())
    assert not h(s, 1).alive and h(s, 0).score == 1


def test_bleed_loses_life_each_start_phase_for_its_duration():
    """'MB-status-14-bleed': 1 layer, 1 turn: loses 1 HP once, then it is gone; a shield kept for the
    whole game (switch shield_lasts = "game", MB-A28) is not touched: life loss ignores shields."""
    s = next_turn(hero(table(variant={"shield_lasts": "game"}), 1, statuses=(pending("bleed", 1, 1),), shield=5))
    assert h(s, 1).hp == 43 and h(s, 1).shield == 5 and statuses.find(h(s, 1), "bleed") is None
    assert logged(s, "MB-status-14-bleed")


def test_status_stack_ignores_a_second_identical_status():
    """'MB-event-STS'."""
    s = table(heroes=("venom", "bulwark"), uses=(("fang#0", 2),))
    s = do(do(s, "skill", skill="fang#0", target=1), "skill", skill="fang#0", target=1)
    assert cited(s, "MB-event-STS")[0].cancelled and statuses.find(h(s, 1), "poison").layers == 2


def test_ruler_status_stack_off_merges_layers():
    """'MB-ruler-status-stack' off (MB-A10): layers add up."""
    s = table(heroes=("venom", "bulwark"), uses=(("fang#0", 2),), variant={"ruler_status_stack": False},
              mode="ruler")
    s = do(do(s, "skill", skill="fang#0", target=1), "skill", skill="fang#0", target=1)
    assert statuses.find(h(s, 1), "poison").layers == 4 and cited(s, "MB-ruler-status-stack")


def test_one_turn_statuses_end_with_the_holders_turn():
    """'MB-status-8-disarm' lasts exactly the holder's next turn."""
    s = next_turn(hero(table(), 1, statuses=(pending("disarm"),)))
    assert statuses.has(h(s, 1), "disarm")
    s = do(s, "end")
    assert statuses.find(h(s, 1), "disarm") is None


def test_a_dead_taunter_restricts_nothing():
    """'MB-status-12-taunt' (MB-A27): the taunter is off the map, so Gale may attack."""
    s = table(heroes=("gale", "bulwark", "venom"), positions=((0, 0), (0, 1), (6, 6)),
              statuses=(active("taunt", source=2),))
    s = hero(s, 2, alive=False, pos=None)
    assert h(do(s, "attack", target=1), 1).hp == 41


def test_sample_skills_apply_their_statuses_pending_until_the_targets_turn():
    """Warden's Daze ('MB-status-1-stun', 'MB-status-8-disarm') and Sage's Unravel ('MB-status-5-destruct',
    'MB-status-2-masked') put pending statuses on the target."""
    s = do(table(heroes=("warden", "bulwark"), uses=(("daze#0", 1),)), "skill", skill="daze#0", target=1)
    assert {(x.name, x.active) for x in h(s, 1).statuses} == {("stun", False), ("disarm", False)}
    s = do(table(heroes=("sage", "bulwark"), uses=(("unravel#0", 1),)), "skill", skill="unravel#0", target=1)
    assert {x.name for x in h(s, 1).statuses} == {"destruct", "masked"}
    s = do(s, "end")
    assert s.current_player == 1 and s.data.phase == "action" and h(s, 1).stamina == 6


def test_mb_status_13_poison_damage_fires_on_taking_damage_passives():
    """'MB-status-13-poison' 「受到等同于此次中毒层级的伤害」 is damage taken, so at the start phase it fires Recoil
    (4+ damage), Thorns and Endure (MB-A14 exempts only damage a passive caused)."""
    s = table(heroes=("venom", "bulwark"))
    s = hero(s, 1, statuses=(pending("poison", 4, 2),), pieces=("aegis", "thorns", "plating", "endure", "dust_def"))
    s = next_turn(s)
    fired = {e.number("source") for e in logged(s, "MB-hero-passive") + logged(s, "MB-bloodline-permanent")
             if e.kind == "passive"}
    assert fired == {"recoil", "thorns", "endure"}
    assert h(s, 1).hp == 44 - 4 and h(s, 1).shield == 1
    assert h(s, 0).hp == 28 - 1 - 1  # Recoil and Thorns: 1 true damage each to the poisoner


def test_mb_status_13_poison_fires_updraft():
    """'MB-status-13-poison': Updraft (on taking damage, +1 step) fires on poison damage too."""
    s = table(heroes=("venom", "gale"))
    s = hero(s, 1, statuses=(pending("poison", 1, 1),), pieces=("storm", "eye", "updraft", "calm", "dust_speed"),
             steps=0)
    s = next_turn(s)
    assert any(e.number("source") == "updraft" for e in logged(s, "MB-bloodline-permanent"))
    assert h(s, 1).hp == 32 - 1
