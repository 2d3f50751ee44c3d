"""攻击规则: who may attack whom, distance around the table, ranges, mounts and the lynx's stealth."""

from __future__ import annotations

import pytest

from explorer import IllegalAction
from explorer.games.castle_heart.reach import attack_distance, seat_distance

from .helpers import HERO, a, events, hero_seat, soldier, step, table


def five(eq0=(), eq2=(), sold0=(), sold2=(), hand0=("sword",), variant=None):
    """Five seats: 0 the lord; seat 2 is two seats away either way round."""
    return table(hero_seat("lord", "black_knight", hand=hand0, equipment=eq0, soldiers=sold0),
                 hero_seat("reinforcement"), hero_seat("enemy", "berserker", equipment=eq2, soldiers=sold2),
                 hero_seat("enemy"), hero_seat("enemy"), variant=variant)


def test_distance_counts_living_seats_the_short_way_round():
    """CH-A03: neighbours are at 1; dead heroes leave the ring."""
    s = five()
    assert [seat_distance(s.data, 0, i) for i in range(1, 5)] == [1, 2, 2, 1]
    from explorer.games.castle_heart.records import put
    d = put(s.data, 1, alive=False)
    assert seat_distance(d, 0, 2) == 1
    assert seat_distance(five(variant={"distance": "adjacent_all"}).data, 0, 2) == 1


def test_a_hero_attacks_heroes_or_soldiers_within_range():
    """'CH-attack-hero-targets': a hero may attack a hero directly even while it has soldiers; range 1 (CH-A07)."""
    s = five(sold2=(soldier("knight"),))
    targets = {(x.get("target"), x.get("member")) for x in s.legal_actions() if x.kind == "attack"}
    assert targets == {(1, HERO), (4, HERO)}
    with pytest.raises(IllegalAction) as err:
        s.apply(a("attack", 0, target=2, member=HERO, pay="sword"))
    assert err.value.clause == "CH-attack-hero-targets" and "beyond range" in err.value.reason
    near = table(hero_seat("lord", hand=("sword",)), hero_seat("enemy", soldiers=(soldier("knight"),)),
                 hero_seat("enemy"))
    assert a("attack", 0, target=1, member=HERO, pay="sword") in near.legal_actions()
    assert a("attack", 0, target=1, member=0, pay="sword") in near.legal_actions()


def test_attack_mounts_shorten_and_defence_mounts_lengthen_distance():
    """'CH-equip-nightmare' and 'CH-equip-warhorse' −1 when attacking; 'CH-equip-pegasus' and
    'CH-equip-griffin' +1 when attacked; never below 1."""
    for mount in ("nightmare", "warhorse"):
        s = five(eq0=(mount,))
        assert attack_distance(s.data, 0, 2) == 1
        s = step(s, "attack", 0, target=2, member=HERO, pay="sword")
        assert events(s, f"CH-equip-{mount}", "mount")
    for mount in ("pegasus", "griffin"):
        s = five(eq2=(mount,))
        assert attack_distance(s.data, 0, 2) == 3 and attack_distance(s.data, 2, 0) == 2
        s = five(eq0=("nightmare",), eq2=(mount,))
        assert attack_distance(s.data, 0, 2) == 2
        s = step(five(eq0=("great_sword",), eq2=(mount,)), "attack", 0, target=1, member=HERO, pay="sword")
        assert not events(s, f"CH-equip-{mount}")
    s = table(hero_seat("lord", hand=("sword",), equipment=("great_sword",)),
              hero_seat("enemy", equipment=("griffin",)), hero_seat("enemy"))
    s = step(s, "attack", 0, target=1, member=HERO, pay="sword")
    assert events(s, "CH-equip-griffin", "mount")[0].number("card") == "griffin"
    assert attack_distance(five(eq0=("nightmare",)).data, 0, 1) == 1


def test_mounts_are_shared_by_the_group():
    """'CH-equip-mounts-shared': the hero's warhorse brings its knight closer too; the charge deals distance+1."""
    s = five(eq0=("warhorse",), sold0=(soldier("knight"),), hand0=())
    s = step(step(s, "end_play", 0), "command", 0, target=2)
    s = step(s, "soldier_attack", 0, member=HERO)
    assert events(s, "CH-equip-mounts-shared", "mount")
    assert events(s, "CH-soldier-knight-charge", "attack")[0].number("damage") == 2


def test_the_knight_charges_up_to_distance_three_for_distance_plus_one():
    """'CH-soldier-knight-charge': range 3, damage 【distance + 1】."""
    s = table(hero_seat("lord", soldiers=(soldier("knight"),)), *(hero_seat("enemy") for _ in range(5)),
              hero_seat("reinforcement"))
    assert attack_distance(s.data, 0, 3) == 3
    s = step(step(s, "end_play", 0), "command", 0, target=3)
    s = step(step(s, "soldier_attack", 0, member=HERO), "take_hit", 3)
    assert events(s, "CH-soldier-knight-charge", "damage")[0].number("damage") == 4


def test_the_lynx_cannot_be_charged_or_shot_from_range():
    """'CH-soldier-lynx-stealth': no ranged attack and no charge at a great lynx; 'CH-soldier-lynx' HP 2."""
    s = five(eq0=("great_sword",), sold2=(soldier("lynx"),))
    legal = s.legal_actions()
    assert a("attack", 0, target=2, member=HERO, pay="sword") in legal
    with pytest.raises(IllegalAction) as err:
        s.apply(a("attack", 0, target=2, member=0, pay="sword"))
    assert err.value.clause == "CH-soldier-lynx-stealth"
    s = table(hero_seat("lord", soldiers=(soldier("knight"),)), hero_seat("enemy", soldiers=(soldier("lynx"),)),
              hero_seat("enemy"))
    s = step(step(s, "end_play", 0), "command", 0, target=1)
    s = step(s, "soldier_attack", 0, member=0)
    (hit,) = events(s, "CH-turn-command", "attack")
    assert not hit.number("charge") and hit.number("damage") == 1 and s.data.seats[1].soldiers[0].hp == 1
    far = five(sold0=(soldier("knight"),), sold2=(soldier("lynx"),), hand0=())
    assert a("command", 0, target=2) not in step(far, "end_play", 0).legal_actions()


def test_a_soldier_at_zero_hp_falls():
    """'CH-soldier-falls': a soldier brought to 0 leaves play."""
    s = table(hero_seat("lord", hand=("sword",)), hero_seat("enemy", soldiers=(soldier("lynx", 1),)),
              hero_seat("enemy"))
    s = step(s, "attack", 0, target=1, member=0, pay="sword")
    assert events(s, "CH-soldier-falls") and s.data.seats[1].soldiers == ()


@pytest.mark.parametrize("dead", ((), (1,), (1, 2), (4,)))
def test_all_distances_at_once_agree_with_one_at_a_time(dead):
    """CH-A03: the fast table used for legal actions equals the one-pair rule."""
    from explorer.games.castle_heart.reach import seat_distances
    from explorer.games.castle_heart.records import put

    d = five().data
    for i in dead:
        d = put(d, i, alive=False)
    for me in (0, 3):
        table_ = seat_distances(d, me)
        assert table_ == {t: seat_distance(d, me, t) for t in range(5) if t != me and d.seats[t].alive}
