"""card_moba damage through shields and poison/bleed over turns, against the real engine played turn by turn."""

from __future__ import annotations

import itertools

import pytest

from explorer import Emitter
from explorer.games.card_moba import combat
from explorer.games.card_moba.records import Status
from probability.card_moba import (
    attack_damage,
    attacker,
    bleed_hp,
    bleed_timeline,
    can_gain_shield,
    closed_form,
    held,
    hit,
    poison_death_hp,
    poison_hp_loss,
    poison_timeline,
)
from tests.card_moba.helpers import do, h, hero, table


def _engine_hit(amount, shield, kind):
    """The engine in play: seat 0 damages seat 1 (Gale vs Sage, no passive reacts) through combat.damage."""
    s = table(("gale", "sage"))
    s = hero(s, 1, shield=shield, hp=30)
    s = hero(s, 0, hp=10)
    d = combat.damage(s.data, 0, 1, amount, kind, Emitter("card_moba", 0), None)
    return d.heroes[1].hp, d.heroes[1].shield, d.heroes[0].hp - 10


@pytest.mark.parametrize(("amount", "shield", "kind"),
                         list(itertools.product((0, 1, 3, 4, 7), (0, 2, 4, 9), ("normal", "true", "lifesteal"))))
def test_hit_matches_the_engine_in_play(amount, shield, kind):
    """MB-term-2-shield, MB-term-15-true-damage, MB-term-16-lifesteal, MB-event-DS."""
    r = hit(amount, shield, kind, hp=30)
    assert (r.hp_left, r.shield_left, r.source_heal) == _engine_hit(amount, shield, kind)
    assert r.absorbed + r.hp_loss == amount and r.damage == amount


def test_hit_by_the_words_of_the_document():
    """护盾值 ≥ damage: all absorbed; else the shield goes and HP takes the rest; true damage ignores it."""
    assert hit(3, 5) .hp_loss == 0 and hit(3, 5).shield_left == 2
    assert hit(7, 4).hp_loss == 3 and hit(7, 4, "true").shield_left == 4
    assert hit(7, 4, "lifesteal", source_grievous=True).source_heal == 2  # MB-status-6-grievous: 1.5 → 2
    with pytest.raises(ValueError):
        hit(3, 1, "fire")


def test_weak_caps_attack_and_forbids_the_crit_and_armour_break_refuses_shields():
    """MB-status-10-weak, MB-A06, MB-status-11-armour-break."""
    assert attack_damage(attacker("gale")) == 3 and attack_damage(attacker("gale"), crit=True) == 6
    assert attack_damage(attacker("gale", weak=True), crit=True) == 1
    assert attack_damage(attacker("reaver", rage=2)) == 5
    assert not can_gain_shield(True) and can_gain_shield(False)


def test_issue_examples_agree_with_the_document():
    """MB-status-13-poison: never below 1 HP unless MB-ruler-poison-death."""
    assert poison_timeline(10, layers=3, turns=4) == [7, 4, 1, 1]
    assert poison_timeline(10, layers=3, turns=4, poison_death=True) == [7, 4, 1, -2]
    assert poison_timeline(10, layers=3, turns=5, poison_death=True)[-1] is None  # dead: MB-hero-death


def _engine_timeline(name, hp, layers, duration, turns, shield=0, variant=None, mode="classic"):
    """Seat 1 holds the status; the real engine runs whole turns (both players end at once, draws scripted)."""
    s = table(("venom", "gale"), variant=variant, mode=mode)  # Gale: no passive at its start phase
    s = hero(s, 1, hp=hp, shield=shield, statuses=((name, layers, duration, False, 0),))
    out = []
    for _ in range(turns):
        s = do(s, "end")  # seat 0 ends; seat 1's turn begins: the status acts at its start phase
        out.append(h(s, 1).hp)
        if not h(s, 1).alive:
            break  # MB-hero-death: the timeline says None from here on
        while s.data.draws:
            s = s.apply(s.chance_outcomes()[0][0])
        if s.data.phase == "over":
            break
        s = do(s, "end")
        while s.data.draws:
            s = s.apply(s.chance_outcomes()[0][0])
    return out


@pytest.mark.parametrize(("hp", "layers", "duration", "turns"), [(10, 3, 4, 4), (10, 3, 2, 4), (5, 2, 3, 3),
                                                                  (30, 4, 3, 3)])
def test_poison_and_bleed_match_the_engine(hp, layers, duration, turns):
    """MB-status-13-poison (damage, floor 1), MB-status-14-bleed (life loss): the engine's start phases."""
    engine = _engine_timeline("poison", hp, layers, duration, turns)
    assert poison_timeline(hp, layers, turns, duration=duration)[:len(engine)] == engine
    engine = _engine_timeline("bleed", hp, layers, duration, turns)
    assert bleed_timeline(hp, layers, turns, duration=duration)[:len(engine)] == engine


def test_poison_death_matches_the_engine():
    """MB-ruler-poison-death on (Ruler mode)."""
    engine = _engine_timeline("poison", 10, 3, 4, 4, variant={"ruler_poison_death": True}, mode="ruler")
    assert poison_timeline(10, 3, 4, poison_death=True)[:len(engine)] == engine


def test_a_kept_shield_soaks_poison_like_the_engine():
    """MB-A28 switch shield_lasts = "game": the shield meets the poison; by default it is gone first."""
    engine = _engine_timeline("poison", 20, 3, 4, 4, shield=5, variant={"shield_lasts": "game"})
    assert poison_timeline(20, 3, 4, shield=5, shield_lasts="game") == engine == [20, 19, 16, 13]
    assert poison_timeline(20, 3, 4, shield=5) == _engine_timeline("poison", 20, 3, 4, 4, shield=5)


def test_status_stack_on_and_off():
    """MB-event-STS ignores a repeat; MB-ruler-status-stack off merges it (MB-A10)."""
    assert held("poison", [(3, 2), (2, 5)]).statuses == (Status("poison", 3, 2, False, -1),)
    assert held("poison", [(3, 2), (2, 5)], status_stack=False).statuses == (Status("poison", 5, 5, False, -1),)
    assert poison_timeline(20, 3, 3, again=[(2, 5)]) == [17, 14, 11]
    assert poison_timeline(20, 3, 3, again=[(2, 5)], status_stack=False) == [15, 10, 5]


@pytest.mark.parametrize(("hp", "layers", "t", "d", "s"), list(itertools.product((1, 4, 10, 25), (1, 3), (1, 2, 5),
                                                                               (1, 3, 6), (0, 2, 7))))
def test_closed_forms_agree_with_the_timelines(hp, layers, t, d, s):
    """sympy closed forms vs the engine-backed timelines, over a grid."""
    hp_after = poison_timeline(hp, layers, t, duration=d, shield=s, shield_lasts="game")[-1]
    assert hp - hp_after == closed_form(poison_hp_loss(), h=hp, L=layers, t=t, d=d, s=s)
    dying = poison_timeline(hp, layers, t, duration=d, shield=s, poison_death=True, shield_lasts="game")
    alive = [x for x in dying if x is not None]
    if len(alive) == t:
        assert alive[-1] == closed_form(poison_death_hp(), h=hp, L=layers, t=t, d=d, s=s)
    bleed = bleed_timeline(hp, layers, t, duration=d)
    if bleed[-1] is not None:
        assert bleed[-1] == closed_form(bleed_hp(), h=hp, L=layers, t=t, d=d)
