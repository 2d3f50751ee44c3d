"""城堡之心's named scenarios (explorer/games/castle_heart/scenarios.py) are the positions their labels promise,
reached by real actions from a new game; what the next actions do is checked against the clauses they cite.
命名局面：标签所说的局面，以及下一步的效果（引用条款）。"""

from __future__ import annotations

import json

import pytest

import explorer
from explorer import IllegalAction, act, from_json
from explorer.games.castle_heart import reach
from explorer.games.castle_heart.content import CONTENT, SOLDIERS
from explorer.games.castle_heart.scenarios import (
    HEROES,
    hero_dying,
    knight_charge,
    magic_to_counter,
    passing_turn,
    setup_steps,
)

GAME = "castle_heart"


def do(state, kind, **params):
    return state.apply(act(GAME, kind, state.current_player, **params))


def numbers(event) -> dict:
    return dict(event.numbers)


def test_every_scenario_is_listed_with_both_labels_and_starts_from_a_new_game():
    listed = explorer.get_game(GAME).scenarios()
    assert set(listed) == {"knight_charge", "hero_dying", "magic_to_counter"}
    for name, sc in listed.items():
        assert sc.name == name and sc.label("en") != sc.label("zh") and sc.label("zh")
        s = sc.make()
        assert s.history[0].kind == "deal_identity" and "start" not in json.loads(s.to_json())
        assert from_json(s.to_json()) == s
        assert s.current_player == 0  # the lord, the person's seat in the Play tab, decides
        assert [x.hero for x in s.data.seats] == list(HEROES)


def test_the_scenarios_are_set_at_a_table_of_four():
    with pytest.raises(ValueError, match="CH-A02"):
        knight_charge(players=5)


def test_setup_steps_deploy_from_the_lord_on():
    steps = setup_steps(["enemy", "lord", "enemy", "enemy"], list(HEROES), [()] * 4, [(), ("knight",), (), ()])
    deploys = [(k, p) for k, p in steps if k in ("deploy", "end_deploy")]
    assert deploys[0] == ("deploy", {"soldier": "knight"}) and len(deploys) == 5  # the lord first (CH-deploy-mana)
    assert [p["identity"] for k, p in steps if k == "deal_identity"] == ["enemy", "lord", "enemy", "enemy"]


def test_a_knight_charge_against_a_mounted_defender_counts_the_griffin():
    s = knight_charge()
    lord, defender = s.data.seats[0], s.data.seats[1]
    assert s.data.phase == "command" and s.data.round == 2 and s.data.active == 0
    assert [x.kind for x in lord.soldiers] == ["knight", "knight"] and defender.equipment == ("griffin",)
    assert CONTENT.cards["griffin"].effect == "defence_distance_plus"
    seats_apart = reach.seat_distance(s.data, 0, 1)
    assert seats_apart == 1 and reach.attack_distance(s.data, 0, 1) == seats_apart + 1  # CH-equip-griffin
    # the defender's knight first (CH-attack-soldiers-first)
    s = do(do(s, "command", target=1), "soldier_attack", member=0)
    charge = next(e for e in s.events if e.kind == "attack")
    assert charge.clause == "CH-soldier-knight-charge" and numbers(charge)["charge"]
    assert numbers(charge)["damage"] == (seats_apart + 1) + 1  # 【distance + 1】 with the griffin's +1
    assert any(e.clause == "CH-equip-mounts-shared" and numbers(e)["card"] == "griffin" for e in s.events)
    assert SOLDIERS["knight"]["hp"] == 3 and s.data.seats[1].soldiers == ()  # 3 damage: the knight falls
    assert any(e.clause == "CH-soldier-falls" for e in s.events)


def test_without_the_griffin_the_same_charge_deals_one_less():
    s = knight_charge()
    bare = explorer.State(s.game, s.players, s.variant, s.data.__class__(
        **{**{k: getattr(s.data, k) for k in s.data.__slots__},
           "seats": tuple(x if i != 1 else x.__class__(**{**{k: getattr(x, k) for k in x.__slots__}, "equipment": ()})
                          for i, x in enumerate(s.data.seats))}))
    bare = do(do(bare, "command", target=1), "soldier_attack", member=0)
    assert numbers(next(e for e in bare.events if e.kind == "attack"))["damage"] == 1 + 1


def test_a_hero_dying_with_heal_in_other_hands_is_asked_round_the_table():
    s = hero_dying()
    d = s.data
    assert d.phase == "rescue" and d.dying == (1,) and d.seats[1].hp <= 0  # CH-death-dying
    assert d.queue[0] == d.active == 0  # CH-A18: everyone, from the active hero on
    assert "heal" not in d.seats[1].hand and all("heal" in d.seats[i].hand for i in (2, 3))
    assert "heal" not in d.seats[0].hand and s.legal_actions() == (act(GAME, "rescue", 0, target=None),)
    with pytest.raises(IllegalAction):  # no 愈 in the lord's hand: it can only let it be
        do(s, "rescue", target=1)
    s = do(do(s, "rescue", target=None), "rescue", target=None)  # the lord, then the dying hero itself
    assert s.current_player == 2 and act(GAME, "rescue", 2, target=1) in s.legal_actions()
    saved = do(s, "rescue", target=1)
    assert [e.clause for e in saved.events][:2] == ["CH-death-heal-dying", "CH-death-revive"]
    assert saved.data.seats[1].hp == 1 and saved.data.seats[1].alive and "heal" not in saved.data.seats[2].hand
    while s.data.phase == "rescue":
        s = do(s, "rescue", target=None)
    death = next(e for e in s.events if e.kind == "death")
    assert death.clause == "CH-death-end-of-turn" and numbers(death)["identity"] == "enemy"
    assert not s.data.seats[1].alive


def test_a_fireball_about_to_be_countered():
    s = magic_to_counter()
    d = s.data
    assert d.phase == "play" and "fireball" in d.seats[0].hand and "counter" in d.seats[1].hand
    cast = do(s, "magic", card="fireball", target=1, what=None)
    assert cast.data.phase == "counter" and cast.current_player == 1  # CH-magic-counter: asked in turn
    countered = do(cast, "counter", card="counter")
    while countered.data.phase == "counter":
        countered = do(countered, "let_pass")
    assert any(e.clause == "CH-magic-counter" and e.cancelled for e in countered.events)
    assert [x.hp for x in countered.data.seats] == [x.hp for x in d.seats] and countered.data.phase == "play"
    through = cast
    while through.data.phase == "counter":
        through = do(through, "let_pass")
    assert through.data.phase == "fireball"  # CH-magic-fireball: 3 damage, the group decides how (CH-A10)
    hit = do(through, "fireball_split", soldier=None)
    lost = sum(a.hp - b.hp for a, b in zip(d.seats[1].soldiers, hit.data.seats[1].soldiers, strict=False))
    lost += sum(x.hp for x in d.seats[1].soldiers[len(hit.data.seats[1].soldiers):])
    assert lost + d.seats[1].hp - hit.data.seats[1].hp == 3


def test_passing_turn_keeps_the_hand_within_hp():
    s = passing_turn(magic_to_counter())
    assert s.data.active == 1 and len(s.history) > len(magic_to_counter().history)
    lord = s.data.seats[0]
    assert len(lord.hand) <= lord.hp  # CH-turn-discard
