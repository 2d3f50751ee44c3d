"""The MOBA's named scenarios (explorer/games/card_moba/scenarios.py) are the positions their labels promise, reached
by real actions from a new game; what the next actions do is checked against the clauses they cite.
命名局面：标签所说的局面，以及下一步的效果（引用条款）。"""

from __future__ import annotations

import json

import pytest

import explorer
from explorer import IllegalAction, act, from_json
from explorer.games.card_moba import combat, grid
from explorer.games.card_moba.content import sample
from explorer.games.card_moba.scenarios import (
    charge_into_hero,
    one_card_short_of_a_skill,
    poisoned_with_shield,
    setup_steps,
)

GAME = "card_moba"


def do(state, kind, **params):
    return state.apply(act(GAME, kind, state.current_player, **params))


def numbers(event) -> dict:
    return dict(event.numbers)


def kinds(state) -> list[tuple[str, str]]:
    return [(e.kind, e.clause) for e in state.events]


def test_every_scenario_is_listed_with_both_labels_and_starts_from_a_new_game():
    listed = explorer.get_game(GAME).scenarios()
    assert set(listed) == {"charge_into_hero", "poisoned_with_shield", "one_card_short_of_a_skill"}
    for name, sc in listed.items():
        assert sc.name == name and sc.label("en") != sc.label("zh") and sc.label("zh")
        s = sc.make()
        # replayed from new_game, not hand-set
        assert s.history[0].kind == "mode" and "start" not in json.loads(s.to_json())
        assert from_json(s.to_json()) == s
        assert s.current_player == 0 and s.data.phase == "action"  # the person's seat decides (the Play tab)


def test_the_scenarios_are_for_two_players_only():
    with pytest.raises(ValueError, match="MB-prep-players"):
        charge_into_hero(players=3)


def test_setup_steps_follow_the_choice_order_of_the_document():
    steps = setup_steps(["gale", "bulwark"], [(0, 2), (4, 2)], [("M1",), ("D1",)], order=(1, 0))
    order = [k for k, _ in steps]
    assert order[:4] == ["mode", "map", "hero", "hero"]  # MB-choice-1-mode-map, MB-choice-2-hero
    assert order[4:14] == ["bloodline"] * 10 and order[14:16] == ["win_score", "order"]  # MB-choice-3, -4, -5
    assert [p["cell"] for k, p in steps if k == "spawn"] == [[4, 2], [0, 2]]  # MB-choice-6-spawn in turn order
    assert [p["card"] for k, p in steps if k == "draw"] == ["D1", "M1"]  # dealt in turn order (MB-A02)


def test_one_card_short_of_a_skill_is_one_M_away_from_hurricanes_charge():
    s = one_card_short_of_a_skill()
    gale = s.data.heroes[0]
    seq = next(a["seq"] for sk in sample().heroes["gale"]["skills"] for a in sk["alts"] if a["target"] == "line")
    assert gale.hero == "gale" and gale.played == seq[:-1] and gale.uses == ()
    assert "M1" in gale.hand and sample().cards["M1"]["type"] == seq[-1]
    assert not any(a.kind == "skill" for a in s.legal_actions())  # MB-hero-skill-sequence: not yet
    after = do(s, "play", card="M1")
    unlocked = [e for e in after.events if e.clause == "MB-hero-skill-sequence"]
    assert [numbers(e)["skill"] for e in unlocked] == ["hurricane#1"] and numbers(unlocked[0])["sequence"] == seq
    other = do(s, "play", card="O1")  # another type breaks the sequence: no skill
    assert not [e for e in other.events if e.clause == "MB-hero-skill-sequence"]


def test_charge_into_a_hero_is_pushed_back_next_to_it():
    s = charge_into_hero()
    gale, bulwark = s.data.heroes
    assert gale.pos == (0, 2) and bulwark.pos == (2, 2) and dict(gale.uses) == {"hurricane#1": 1}
    assert grid.distance(gale.pos, bulwark.pos) == 2 > combat.reach(gale)  # no attack from here
    assert not any(a.kind == "attack" for a in s.legal_actions())
    into = do(s, "skill", skill="hurricane#1", direction="E", distance=2)
    assert ("charge", "MB-term-8-charge") in kinds(into) and ("blocked", "MB-event-BLK") in kinds(into)
    assert into.data.heroes[0].pos == (1, 2) and into.data.heroes[1].pos == (2, 2)  # back one cell; Bulwark stays
    assert act(GAME, "attack", 0, target=1) in into.legal_actions()  # now next to it (MB-term-3-attack)
    past = do(s, "skill", skill="hurricane#1", direction="E", distance=3)  # a charge goes through to a free cell
    assert ("blocked", "MB-event-BLK") not in kinds(past) and past.data.heroes[0].pos == (3, 2)
    with pytest.raises(IllegalAction) as err:  # one use only: the sequence is spent
        do(into, "skill", skill="hurricane#1", direction="W", distance=1)
    assert err.value.clause == "MB-hero-skill-sequence"


@pytest.mark.parametrize("shield_lasts", ["next_turn", "game"])
def test_poisoned_with_a_shield_the_shield_goes_first_unless_it_lasts(shield_lasts):
    s = poisoned_with_shield(variant={"shield_lasts": shield_lasts})
    bulwark = s.data.heroes[1]
    poison = next(x for x in bulwark.statuses if x.name == "poison")
    fang = next(sk for sk in sample().heroes["venom"]["skills"] if sk["id"] == "fang")["alts"][0]["effects"][0]
    assert (poison.layers, poison.duration, poison.source) == (fang["layers"], fang["duration"], 0)
    assert bulwark.shield == sample().cards["D1"]["effects"][0]["amount"] == 2
    hp = bulwark.hp
    after = do(s, "end")  # Venom ends; Bulwark's turn begins (MB-turn-phases)
    clauses = [e.clause for e in after.events]
    hit = next(e for e in after.events if e.kind == "damage")
    assert numbers(hit)["damage"] == poison.layers  # MB-status-13-poison: damage equal to the layers
    if shield_lasts == "next_turn":  # MB-A28: the shield is gone before the start phase
        assert clauses.index("MB-term-2-shield") < clauses.index("MB-turn-start")
        assert after.data.heroes[1].hp == hp - poison.layers and numbers(hit)["absorbed"] == 0
    else:  # the shield lasts: it absorbs the poison whole
        assert numbers(hit)["absorbed"] == poison.layers and after.data.heroes[1].hp == hp
        assert after.data.heroes[1].shield == 2 - poison.layers
    left = next(x for x in after.data.heroes[1].statuses if x.name == "poison")
    assert left.duration == poison.duration - 1
