"""Identities and the count rules, heroes, leadership, deployment and mana (备战阶段)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import explorer
from explorer import CHANCE, IllegalAction
from explorer.games.castle_heart.setup import MIXES, count_rules_broken, identities_for, legal_mixes

from .helpers import a, events, hero_seat, soldier, step, table


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("players", range(3, 9))
def test_every_mix_obeys_the_count_rules(players, mix):
    """'CH-count-one-lord', 'CH-count-enemies-outnumber', 'CH-count-neutrals-le-reinforcements'."""
    ids = identities_for(players, mix)
    c = Counter(ids)
    assert len(ids) == players and c["lord"] == 1
    assert c["enemy"] > c["lord"] + c["reinforcement"] and c["neutral"] <= c["reinforcement"]
    assert not count_rules_broken(ids)


def test_count_rules_name_the_clause_broken():
    assert count_rules_broken(("lord", "lord", "enemy", "enemy", "enemy")) == ["CH-count-one-lord"]
    assert count_rules_broken(("lord", "enemy", "reinforcement")) == ["CH-count-enemies-outnumber"]
    assert count_rules_broken(("lord", "enemy", "enemy", "enemy", "neutral")) == ["CH-count-neutrals-le-reinforcements"]


def test_two_players_are_impossible_under_the_count_rules():
    """'CH-count-enemies-outnumber': with 2 players one enemy cannot outnumber the lord (CH-A02)."""
    assert count_rules_broken(("lord", "enemy"))
    with pytest.raises(ValueError):
        explorer.new_game("castle_heart", 2)


def test_identities_are_dealt_as_chance_with_exact_odds():
    """'CH-identity-four': each seat's identity is a CHANCE node over the identities left."""
    s = explorer.new_game("castle_heart", 6)
    odds = dict((x.get("identity"), p) for x, p in s.chance_outcomes())
    assert odds == {"lord": Fraction(1, 6), "reinforcement": Fraction(1, 6), "neutral": Fraction(1, 6),
                    "enemy": Fraction(1, 2)}
    t = step(s, "deal_identity", CHANCE, identity="enemy")
    assert dict((x.get("identity"), p) for x, p in t.chance_outcomes())["enemy"] == Fraction(2, 5)
    (e,) = events(t, "CH-identity-four")
    assert e.private_to == (0,)


def _deal(s, identities, heroes):
    for i in identities:
        s = step(s, "deal_identity", CHANCE, identity=i)
    for h in heroes:
        s = step(s, "deal_hero", CHANCE, hero=h)
    return s


def test_the_lord_is_shown_and_heroes_dealt_at_random():
    """'CH-setup-heroes' (CH-A15); the lord's identity is public (CH-A09)."""
    s = explorer.new_game("castle_heart", 3)
    s = step(s, "deal_identity", CHANCE, identity="lord")
    assert events(s, "CH-identity-four")[0].private_to is None
    s = step(step(s, "deal_identity", CHANCE, identity="enemy"), "deal_identity", CHANCE, identity="enemy")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 9 and all(p == Fraction(1, 9) for _, p in outcomes)
    s = step(s, "deal_hero", CHANCE, hero="ryan")
    assert events(s, "CH-setup-heroes")[0].number("hero") == "ryan"
    assert s.data.seats[0].revealed and not s.data.seats[1].revealed


def test_leadership_two_four_and_viscount_ryan():
    """'CH-leadership': 2, the lord 4; 'CH-leadership-ryan': 莱恩子爵 has his own (3 / 5, CH-A16)."""
    s = _deal(explorer.new_game("castle_heart", 3), ("lord", "enemy", "enemy"), ("levi", "ryan", "saint"))
    assert [x.leadership for x in s.data.seats] == [4, 3, 2]
    s2 = _deal(explorer.new_game("castle_heart", 3), ("lord", "enemy", "enemy"), ("ryan", "levi", "saint"))
    assert s2.data.seats[0].leadership == 5
    assert any(e.clause == "CH-leadership-ryan" for e in s2.log)


def test_mana_and_deployment_at_soldier_value():
    """'CH-deploy-mana': 6 mana (lord 10) buys soldiers at their value; 'CH-soldier-knight' HP 3 value 5,
    'CH-soldier-lynx' HP 2 value 6."""
    s = _deal(explorer.new_game("castle_heart", 3, {"starting_hand": 0}), ("lord", "enemy", "enemy"),
              ("levi", "saint", "berserker"))
    assert s.current_player == 0 and [x.mana for x in s.data.seats] == [10, 6, 6]
    s = step(s, "deploy", 0, soldier="knight")
    assert events(s, "CH-deploy-mana")[0].number("value") == 5 and events(s, "CH-soldier-knight")
    s = step(s, "deploy", 0, soldier="knight")
    assert s.data.seats[0].mana == 0 and [x.hp for x in s.data.seats[0].soldiers] == [3, 3]
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(a("deploy", 0, soldier="lynx"))
    assert err.value.clause == "CH-deploy-mana" and s.to_json() == before
    s = step(s, "end_deploy", 0)
    s = step(s, "deploy", 1, soldier="lynx")
    assert events(s, "CH-soldier-lynx")[0].number("hp") == 2 and s.data.seats[1].mana == 0


def test_deploying_beyond_leadership_is_refused():
    """'CH-leadership': one soldier card per leadership point, whatever the mana is left."""
    s = table(hero_seat("enemy", "archmage", soldiers=(soldier("knight"), soldier("knight")), mana=20),
              hero_seat("lord"), hero_seat("enemy"), phase="deploy", cursor=0)
    assert s.legal_actions() == (a("end_deploy", 0),)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(a("deploy", 0, soldier="knight"))
    assert err.value.clause == "CH-leadership" and s.to_json() == before


def test_leftover_mana_becomes_mana_cards_and_the_lord_starts():
    """'CH-deploy-leftover-mana' 1:1 when the battle begins; 'CH-turn-order' from the lord clockwise;
    'CH-setup-hand' (CH-A05)."""
    s = _deal(explorer.new_game("castle_heart", 3), ("enemy", "lord", "enemy"), ("levi", "saint", "berserker"))
    assert s.data.draws == (0, 0, 1, 1, 2, 2)
    s = step(s, "draw", CHANCE, card="sword")
    assert events(s, "CH-setup-hand")[0].private_to == (0,)
    for _ in range(5):
        s = step(s, "draw", CHANCE, card="heal")
    s = step(s, "deploy", 1, soldier="knight")
    for seat in (1, 2, 0):
        s = step(s, "end_deploy", seat)
    leftover = {e.actor: e.number("cards") for e in events(s, "CH-deploy-leftover-mana")}
    assert leftover == {0: 6, 1: 5, 2: 6}
    assert s.data.seats[1].hand.count("mana") == 5 and s.data.active == 1
    assert events(s, "CH-turn-order") and events(s, "CH-turn-draw")
    assert s.current_player == CHANCE and s.data.draws == (1, 1)


def test_any_legal_mix_is_a_chance_node_over_the_count_rules():
    """CH-A02 'any_legal': 'CH-count-one-lord', 'CH-count-enemies-outnumber' and
    'CH-count-neutrals-le-reinforcements' decide which mixes may be dealt, each equally likely."""
    assert set(legal_mixes(6)) == {"LEEEEE", "LREEEE", "LRNEEE"}  # worked by hand from the three rules
    assert legal_mixes(3) == ("LEE",) and len(legal_mixes(8)) == 5
    s = explorer.new_game("castle_heart", 6, {"identity_mix": "any_legal"})
    odds = dict((x.get("mix"), p) for x, p in s.chance_outcomes())
    assert set(odds) == set(legal_mixes(6)) and set(odds.values()) == {Fraction(1, 3)}
    t = step(s, "choose_mix", CHANCE, mix="LREEEE")
    assert {e.clause for e in t.events} == {"CH-count-one-lord", "CH-count-enemies-outnumber",
                                            "CH-count-neutrals-le-reinforcements"}
    assert dict((x.get("identity"), p) for x, p in t.chance_outcomes())["enemy"] == Fraction(4, 6)
