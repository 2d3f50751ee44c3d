"""魔法卡: the ten magic cards, counter-magic and its exception for a hold in effect."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer import CANCELLED, CHANCE, IllegalAction

from .helpers import HERO, a, change, draw_all, events, hero_seat, soldier, step, table, with_seat


def cast(s, card, target=None, what=None, caster=0):
    """Play a magic card and let every other hero pass on counter-magic."""
    s = step(s, "magic", caster, card=card, target=target, what=what)
    while s.data.phase == "counter":
        s = step(s, "let_pass", s.current_player)
    return s


def trio(hand0=(), hand1=(), hand2=(), hp0=None, hp1=None, sold1=(), eq1=()):
    return table(hero_seat("lord", "black_knight", hand=hand0, hp=hp0),
                 hero_seat("enemy", "berserker", hand=hand1, hp=hp1, soldiers=sold1, equipment=eq1),
                 hero_seat("enemy", "saint", hand=hand2))


def test_mass_heal_heals_every_hero_one():
    """'CH-magic-mass-heal'."""
    s = cast(trio(hand0=("mass_heal",), hp0=2, hp1=1), "mass_heal")
    assert [x.hp for x in s.data.seats] == [3, 2, 3] and len(events(s, "CH-magic-mass-heal", "heal")) == 2


def test_fireball_three_damage_shared_or_taken_by_one_soldier():
    """'CH-magic-fireball': 3 in all, evenly over the group or on one soldier, the target's choice (CH-A10)."""
    s = cast(trio(hand0=("fireball",), sold1=(soldier("knight"), soldier("lynx"))), "fireball", target=1)
    assert s.current_player == 1 and len(s.legal_actions()) == 3
    even = step(s, "fireball_split", 1, soldier=None)
    assert even.data.seats[1].hp == 3 and [x.hp for x in even.data.seats[1].soldiers] == [2, 1]
    one = step(s, "fireball_split", 1, soldier=0)
    assert [x.kind for x in one.data.seats[1].soldiers] == ["lynx"] and one.data.seats[1].hp == 4
    alone = cast(trio(hand0=("fireball",)), "fireball", target=2)
    assert alone.data.seats[2].hp == 0 and events(alone, "CH-death-dying")


def test_horn_draws_two_more():
    """'CH-magic-horn'."""
    s = cast(trio(hand0=("horn",)), "horn")
    assert events(s, "CH-magic-horn") and s.data.draws == (0, 0) and s.current_player == CHANCE


def test_swift_ignores_distance_this_turn():
    """'CH-magic-swift': the hero's attacks this turn ignore range."""
    s = table(hero_seat("lord", hand=("swift", "sword")), hero_seat("reinforcement"), hero_seat("enemy"),
              hero_seat("enemy"), hero_seat("enemy"))
    assert a("attack", 0, target=2, member=HERO, pay="sword") not in s.legal_actions()
    s = cast(s, "swift")
    assert events(s, "CH-magic-swift") and a("attack", 0, target=2, member=HERO, pay="sword") in s.legal_actions()


def test_mirror_images_evade_half_the_attacks_until_the_next_turn():
    """'CH-magic-mirror': a CHANCE node at exactly 1/2; gone when the user's next turn starts."""
    s = cast(trio(hand0=("mirror",)), "mirror")
    assert s.data.seats[0].mirror
    s = step(change(with_seat(s, 1, hand=("sword",)), active=1), "attack", 1, target=0, member=HERO, pay="sword")
    assert dict((x.get("saved"), p) for x, p in s.chance_outcomes()) == {True: Fraction(1, 2), False: Fraction(1, 2)}
    assert events(step(s, "mirror", CHANCE, saved=True), "CH-magic-mirror", "attack cancelled")
    s = step(step(s, "mirror", CHANCE, saved=False), "take_hit", 0)
    s = step(draw_all(step(s, "end_play", 1)), "end_play", 2)
    assert not s.data.seats[0].mirror and s.data.active == 0


def test_disintegrate_destroys_a_random_hand_card_or_a_chosen_equipment():
    """'CH-magic-disintegrate': a hand card at random (exact odds, CH-A29), or an equipment card."""
    s = trio(hand0=("disintegrate",), hand1=("sword", "sword", "heal"), eq1=("pegasus",))
    targets = {x.get("what") for x in s.legal_actions() if x.get("card") == "disintegrate" and x.get("target") == 1}
    assert targets == {"hand", "pegasus"}
    r = cast(s, "disintegrate", target=1, what="hand")
    assert dict((x.get("card"), p) for x, p in r.chance_outcomes()) == {"heal": Fraction(1, 3), "sword": Fraction(2, 3)}
    r = step(r, "destroy_card", CHANCE, card="sword")
    assert r.data.seats[1].hand == ("heal", "sword") and events(r, "CH-magic-disintegrate")
    e = cast(s, "disintegrate", target=1, what="pegasus")
    assert e.data.seats[1].equipment == () and e.data.discard.count("pegasus") == 1


def test_hold_stops_everything_but_draw_and_discard_for_one_turn():
    """'CH-magic-hold': held, the target may only draw and discard; its armour still works; the hold
    ends with its turn. 'CH-magic-counter-hold-exception': it may not lift the hold with counter-magic."""
    s = cast(trio(hand0=("hold",), hand1=("counter", "sword", "sword")), "hold", target=1)
    assert s.data.seats[1].held and events(s, "CH-magic-hold", "held")
    s = step(s, "end_play", 0)
    s = step(step(s, "draw", CHANCE, card="sword"), "draw", CHANCE, card="sword")
    assert s.current_player == 1 and s.legal_actions() == (a("end_play", 1),)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(a("magic", 1, card="counter", target=1, what=None))
    assert err.value.clause == "CH-magic-counter-hold-exception" and s.to_json() == before
    with pytest.raises(IllegalAction) as err:
        s.apply(a("attack", 1, target=0, member=HERO, pay="sword"))
    assert err.value.clause == "CH-magic-hold"
    s = step(s, "end_play", 1)
    while s.data.phase == "discard":
        s = step(s, "discard", 1, card="sword")
    assert not s.data.seats[1].held and any(e.kind == "hold ends" for e in s.log)


def test_counter_magic_lifts_a_hold_on_another_hero():
    """'CH-magic-counter': cancels a magic card's effect, so a hold in effect on someone else can be lifted."""
    s = cast(trio(hand0=("hold", "counter")), "hold", target=1)
    assert a("magic", 0, card="counter", target=1, what=None) in s.legal_actions()
    s = cast(s, "counter", target=1)
    assert not s.data.seats[1].held and events(s, "CH-magic-counter", "hold lifted")


def test_counter_magic_answers_a_card_and_can_itself_be_countered():
    """'CH-magic-counter': asked in turn; a counter cancels, a counter to the counter restores (CH-A21)."""
    s = step(trio(hand0=("fireball",), hand1=("counter",), hand2=("counter",)), "magic", 0, card="fireball",
             target=1, what=None)
    assert s.current_player == 1 and a("counter", 1, card="counter") in s.legal_actions()
    once = step(step(s, "counter", 1, card="counter"), "let_pass", 2)
    once = step(once, "let_pass", 0)
    assert events(once, "CH-magic-counter", "magic cancelled")[0].outcome == CANCELLED and once.data.seats[1].hp == 4
    twice = step(step(s, "counter", 1, card="counter"), "counter", 2, card="counter")
    twice = step(step(twice, "let_pass", 0), "let_pass", 1)
    assert twice.data.seats[1].hp == 1


def test_mana_recall_returns_the_mana_spent_last_turn():
    """'CH-magic-recall': the 魔 spent since the start of the user's previous turn come back (CH-A26)."""
    s = trio(hand0=("recall", "mana", "mana", "mana"), hand1=("sword",))
    s = change(with_seat(s, 0, recall=2), discard=s.data.discard.add("mana", 5))
    s = cast(s, "recall")
    assert events(s, "CH-magic-recall")[0].number("cards") == 2 and s.data.seats[0].hand.count("mana") == 5


def test_ice_storm_each_other_hero_spends_mana_or_takes_one():
    """'CH-magic-ice-storm': each other hero spends 1 魔 or takes 1 damage."""
    s = cast(trio(hand0=("ice_storm",), hand1=("mana",)), "ice_storm")
    assert set(s.legal_actions()) == {a("ice", 1, spend=True), a("ice", 1, spend=False)}
    s = step(s, "ice", 1, spend=True)
    assert s.legal_actions() == (a("ice", 2, spend=False),)
    s = step(s, "ice", 2, spend=False)
    assert [x.hp for x in s.data.seats] == [4, 4, 2] and s.data.seats[1].hand == () and s.data.phase == "play"


def play_plainly_until(s, seat):
    """Every other hero's turn, plainly: draw, end the play phase, no command, discard the first cards."""
    while not (s.data.active == seat and s.data.phase == "play") and not s.is_terminal:
        s = draw_all(s)
        who, phase = s.current_player, s.data.phase
        if phase == "play":
            s = step(s, "end_play", who)
        elif phase == "command":
            s = step(s, "command", who, target=None)
        elif phase in ("discard", "rescue", "join"):
            s = s.apply(s.legal_actions()[-1])
    return draw_all(s)


def test_mana_recall_returns_the_mana_spent_not_the_mana_discarded():
    """'CH-magic-recall' (CH-A40): 「消耗的所有魔」 — the wand's 3 魔 come back; 2 魔 弃掉 (discard phase) do not."""
    s = table(hero_seat("lord", "black_knight", hp=1, hand=("recall",) + ("mana",) * 5,
                        equipment=("lightning_wand",)),
              hero_seat("enemy", "berserker"), hero_seat("enemy", "iron_captain"), deck={"sword": 20})
    s = step(s, "lightning", 0, target=1, member=HERO)
    s = step(s, "end_play", 0)
    assert s.data.phase == "discard"
    s = step(step(s, "discard", 0, card="mana"), "discard", 0, card="mana")
    assert s.data.discard.count("mana") == 5
    s = cast(play_plainly_until(s, 0), "recall")
    assert events(s, "CH-magic-recall")[0].number("cards") == 3 and s.data.seats[0].hand.count("mana") == 3


@pytest.mark.parametrize(("whose", "back"), [("everyone", 4), ("own", 3)])
def test_mana_recall_returns_all_mana_spent_in_the_last_round(whose, back):
    """'CH-magic-recall' 「将上一回合中消耗的所有魔，放回手牌」 (CH-A26, issue 34): by default every 魔 spent in the
    last round comes back — the user's 3 for the wand and the 1 another hero spent against its ice storm; ``own``:
    the 3."""
    s = table(hero_seat("lord", "black_knight", hand=("recall", "ice_storm") + ("mana",) * 5,
                        equipment=("lightning_wand",)),
              hero_seat("enemy", "berserker", hand=("mana",)), hero_seat("enemy", "iron_captain"), deck={"sword": 20},
              variant={"mana_recall": whose})
    s = step(s, "lightning", 0, target=2, member=HERO)
    s = step(step(cast(s, "ice_storm"), "ice", 1, spend=True), "ice", 2, spend=False)
    assert s.data.discard.count("mana") == 4 and s.data.mana_spent == 4
    s = cast(play_plainly_until(step(s, "end_play", 0), 0), "recall")
    assert events(s, "CH-magic-recall")[0].number("cards") == back
    assert s.data.seats[0].hand.count("mana") == 2 + back


def test_mana_thrown_away_to_the_abyss_sword_or_the_bear_axe_is_not_spent():
    """'CH-magic-recall' (CH-A40): 抛弃 (the abyss sword's demand, the bear axe's cost) is not 消耗."""
    s = table(hero_seat("lord", "black_knight", hand=("mana", "recall", "sword")), hero_seat("enemy", "berserker"),
              hero_seat("enemy", "iron_captain", hand=("mana", "mana", "sword", "sword"),
                        equipment=("abyss_sword", "bear_axe")),
              active=2, variant={"equipment_slots": "unlimited"}, deck={"sword": 20})
    s = step(step(s, "attack", 2, target=0, member=HERO, pay="sword"), "block", 0)
    s = step(step(step(s, "bear_axe", 2, use=True), "pay_card", 2, card="mana"), "pay_card", 2, card="mana")
    s = step(s, "abyss_discard", 0, card="mana")
    assert s.data.discard.count("mana") == 3 and s.data.seats[2].spent == 0
    s = cast(play_plainly_until(s, 0), "recall")
    assert events(s, "CH-magic-recall")[0].number("cards") == 0 and "mana" not in s.data.seats[0].hand


def test_swift_helps_only_the_hero_not_its_soldiers():
    """'CH-magic-swift' (CH-A42): the hero reaches seat 2, its great lynx still only its neighbours."""
    s = table(hero_seat("lord", hand=("swift", "sword"), soldiers=(soldier("lynx"),)), hero_seat("reinforcement"),
              hero_seat("enemy"), hero_seat("enemy"), hero_seat("enemy"))
    s = cast(s, "swift")
    assert a("attack", 0, target=2, member=HERO, pay="sword") in s.legal_actions()
    s = step(s, "end_play", 0)
    assert s.data.phase == "command" and a("command", 0, target=2) not in s.legal_actions()
    assert {a("command", 0, target=1), a("command", 0, target=4)} <= set(s.legal_actions())


def test_by_default_the_ice_storm_spares_the_casters_own_soldiers():
    """'CH-magic-ice-storm' (CH-A27, issue 34): 「对除自己外所有目标使用」 — 自己 is the caster's group, as a 目标 is a
    group on the fireball and the missile ring: the caster's soldiers are spared, the others' take 1."""
    s = table(hero_seat("lord", "black_knight", hand=("ice_storm",), soldiers=(soldier("knight"),)),
              hero_seat("enemy", "berserker", hand=("mana",), soldiers=(soldier("knight"), soldier("lynx"))),
              hero_seat("enemy", "saint"))
    assert s.variant["ice_storm_soldiers"] == "other_groups"
    s = cast(s, "ice_storm")
    hit = {(e.targets[0], e.number("member")) for e in events(s, "CH-magic-ice-storm", "damage")}
    assert hit == {(1, 0), (1, 1)} and [x.hp for x in s.data.seats[0].soldiers] == [3]


@pytest.mark.parametrize(("rule", "hurt"), [("every_soldier", {(0, 0), (1, 0), (1, 1)}),
                                            ("other_groups", {(1, 0), (1, 1)}), ("none", set())])
def test_ice_storm_soldiers_are_targets_and_take_the_damage(rule, hurt):
    """'CH-magic-ice-storm' (CH-A27): 「对除自己外所有目标使用」 — a soldier is a 目标 and holds no 魔: 1 damage."""
    s = table(hero_seat("lord", "black_knight", hand=("ice_storm",), soldiers=(soldier("knight"),)),
              hero_seat("enemy", "berserker", hand=("mana",), soldiers=(soldier("knight"), soldier("lynx"))),
              hero_seat("enemy", "saint"), variant={"ice_storm_soldiers": rule})
    s = cast(s, "ice_storm")
    hit = {(e.targets[0], e.number("member")) for e in events(s, "CH-magic-ice-storm", "damage")}
    assert hit == hurt and s.data.phase == "ice" and s.current_player == 1
    assert [x.hp for x in s.data.seats[1].soldiers] == ([2, 1] if hurt else [3, 2])
    s = step(step(s, "ice", 1, spend=True), "ice", 2, spend=False)
    assert s.data.seats[1].hp == 4 and s.data.seats[2].hp == 2 and s.data.seats[0].hp == 4
