"""Skills unlocked by card sequences (with the A→O errata and / alternatives), passives, marks, cards, the
deck and bloodlines."""

from __future__ import annotations

import pytest

from card_moba.helpers import cited, do, draw, h, hero, table
from explorer import IllegalAction
from explorer.games.card_moba import combat
from explorer.games.card_moba.content import CARD_TYPES, sample, sequence_alternatives, standard_deck


def test_playing_a_skills_sequence_grants_one_use():
    """'MB-hero-skill-sequence': Gale plays M M and gains one use of Hurricane's 2nd alternative."""
    s = do(table(hands=(("M1", "M1"), ())), "play", card="M1")
    assert h(s, 0).uses == ()
    s = do(s, "play", card="M1")
    assert h(s, 0).uses == (("hurricane#1", 1),) and cited(s, "MB-hero-skill-sequence")
    assert dict(h(s, 0).spent) == {"hurricane#1": 2}  # both cards are spent for Hurricane (2) (MB-A20)


def test_errata_reads_a_as_o():
    """'MB-hero-errata': Hurricane is written 【AAA/MM】; three O cards unlock it."""
    assert sequence_alternatives("AAA/MM") == ("OOO", "MM")
    assert sample().heroes["gale"]["skills"][0]["actions"] == "AAA/MM"
    s = table(hands=(("O1", "O1", "O1"), ()))
    for _ in range(3):
        s = do(s, "play", card="O1")
    assert dict(h(s, 0).uses) == {"hurricane#0": 1}


def test_slash_alternatives_each_have_their_own_effect():
    """'MB-hero-skill-alternatives': Venom's Rend 【SA/SS】: S then O bleeds, S S weakens."""
    s = table(heroes=("venom", "bulwark"), hands=(("S1", "S1", "O1"), ()))
    s = draw(do(s, "play", card="S1"), "D1")
    s = do(s, "play", card="S1")
    s = draw(s, "D1")
    assert dict(h(s, 0).uses) == {"rend#1": 1}
    s = do(s, "skill", skill="rend#1", target=1)
    assert {x.name for x in h(s, 1).statuses} == {"grievous", "weak"}
    assert cited(s, "MB-hero-skill-alternatives")


def test_a_skill_whose_sequence_was_not_played_is_refused():
    """'MB-hero-skill-sequence': no use, no skill; nothing changes."""
    s = table()
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        do(s, "skill", skill="hurricane#0", target=1)
    assert err.value.clause == "MB-hero-skill-sequence" and s.to_json() == before


def test_passive_skills_fire_on_their_condition():
    """'MB-hero-passive': Gale's Tailwind gives a step for each M card played."""
    s = do(table(hands=(("M1",), ())), "play", card="M1")
    assert h(s, 0).steps == 3 + 2 + 1 and cited(s, "MB-hero-passive")[0].number("source") == "tailwind"


def test_marks_stack_up_to_their_maximum():
    """'MB-hero-marks': Rage (3) stops at 3; Sunder (-1) has no limit."""
    s = do(table(heroes=("reaver", "bulwark"), marks=(("rage", 3),)), "attack", target=1)
    assert dict(h(s, 0).marks) == {"rage": 3} and cited(s, "MB-hero-marks")[0].number("max") == 3
    assert h(s, 1).hp == 44 - (3 + 3)
    v = do(hero(table(heroes=("venom", "bulwark")), 1, marks=(("sunder", 5),)), "attack", target=1)
    assert dict(h(v, 1).marks) == {"sunder": 6}


def test_four_card_types_and_the_standard_deck():
    """'MB-card-types' and 'MB-card-deck': 【O1 O3 D1 M1 S1 S3】×7、【O2 D2 M2 S2】×5 = 62 cards."""
    cards = sample().cards
    assert CARD_TYPES == ("O", "D", "M", "S") and {c["type"] for c in cards.values()} == set(CARD_TYPES)
    deck = standard_deck(cards)
    assert sum(deck.values()) == 62
    assert all(deck[c] == 7 for c in ("O1", "O3", "D1", "M1", "S1", "S3"))
    assert all(deck[c] == 5 for c in ("O2", "D2", "M2", "S2"))


def test_a_card_costs_its_stamina_and_cannot_be_played_without_it():
    """'MB-card-cost'."""
    s = do(table(hands=(("O3",), ()), stamina=3), "play", card="O3", target=1)
    assert h(s, 0).stamina == 0 and h(s, 1).hp == 40 and s.data.discard.count("O3") == 1
    poor = table(hands=(("O3",), ()), stamina=2)
    with pytest.raises(IllegalAction) as err:
        do(poor, "play", card="O3", target=1)
    assert err.value.clause == "MB-card-cost"
    with pytest.raises(IllegalAction) as err:
        do(table(), "play", card="O3", target=1)
    assert err.value.clause == "MB-card-main"


def test_cards_make_heroes_act():
    """'MB-card-main': O2 hits for attack power + 1; M2 blinks; D2 shields 2 + defence."""
    s = do(table(hands=(("O2", "M2", "D2"), ())), "play", card="O2", target=1)
    assert h(s, 1).hp == 44 - 4
    s = do(s, "play", card="M2", cell=(2, 0))
    assert h(s, 0).pos == (2, 0)
    s = do(s, "play", card="D2")
    assert h(s, 0).shield == 2 + 1


def test_effects_may_break_the_usual_rules():
    """'MB-play-exceptions': O1 gives a second attack chance in the same turn."""
    s = do(table(hands=(("O1",), ())), "play", card="O1")
    s = do(do(s, "attack", target=1), "attack", target=1)
    assert h(s, 1).hp == 44 - 6


def test_blank_card_set_switch():
    """MB-A01 switch card_set = blank: cards only pay and build sequences ('MB-card-main')."""
    s = do(table(hands=(("O2",), ()), variant={"card_set": "blank"}), "play", card="O2")
    assert h(s, 1).hp == 44 and h(s, 0).played == "O"


def test_bloodline_bonuses_last_all_game():
    """'MB-bloodline-permanent': 统领 (+1 attack) and dust add to the hero's stats."""
    s = table(pieces=("brutal", "tongling", "edge", "reach", "dust_atk"))
    assert combat.attack_power(h(s, 0)) == 3 + 1 + 1 + 1 and combat.reach(h(s, 0)) == 2
    s = do(table(heroes=("bulwark", "gale"), pieces=("aegis", "thorns", "brace", "bash", "dust_def"),
                 hands=(("D1",), ())), "play", card="D1")
    assert h(s, 0).shield == 3 and cited(s, "MB-bloodline-permanent")


ONE_CARD = {"O": "O1", "D": "D1", "M": "M1", "S": "S2"}  # a card of each type that needs no target or draw


def sequences():
    """(hero, skill key, sequence) for every printed action sequence of every sample hero."""
    return [(hid, f"{s['id']}#{i}", alt["seq"]) for hid, hero_ in sample().heroes.items()
            for s in hero_["skills"] for i, alt in enumerate(s["alts"])]


@pytest.mark.parametrize(("hero_id", "key", "seq"), sequences())
def test_mb_hero_skill_sequence_every_printed_skill_can_be_unlocked(hero_id, key, seq):
    """'MB-hero-skill-sequence' (MB-A20): playing the sequence from a hand grants a use of that skill, which is
    then offered as an action — for every skill of every sample hero."""
    other = "gale" if hero_id == "bulwark" else "bulwark"
    s = table(heroes=(hero_id, other), hands=(tuple(ONE_CARD[t] for t in seq), ()), stamina=12)
    for t in seq:
        s = do(s, "play", card=ONE_CARD[t])
    assert dict(h(s, 0).uses).get(key) == 1
    assert [e.number("skill") for e in cited(s, "MB-hero-skill-sequence") if e.number("skill") == key] == [key]
    assert any(a.kind == "skill" and a["skill"] == key for a in s.legal_actions())


def test_mb_hero_skill_sequence_sage_unravel_after_radiance():
    """'MB-hero-skill-sequence': Sage's S S grants Radiance 【S S】 at once, and the O after it completes
    Unravel 【S S A】 (and Arcane missile 【S O】): the only sample source of 析构 and the masked status is
    reachable."""
    s = table(heroes=("sage", "bulwark"), hands=(("S2", "S2", "O1"), ()), stamina=12)
    s = do(do(s, "play", card="S2"), "play", card="S2")
    assert dict(h(s, 0).uses) == {"radiance#0": 1}
    s = do(s, "play", card="O1")
    assert dict(h(s, 0).uses) == {"radiance#0": 1, "unravel#0": 1, "missile#0": 1}
    s = do(s, "skill", skill="unravel#0", target=1)
    assert {x.name for x in h(s, 1).statuses} == {"destruct", "masked"}


def test_mb_hero_skill_sequence_one_card_may_complete_two_skills():
    """'MB-hero-skill-sequence' (MB-A20), the same reading for every hero: Phantom's O then M grants Flicker 【M】
    and Assassinate 【O M】 from the one M."""
    s = table(heroes=("phantom", "bulwark"), hands=(("O1", "M1"), ()))
    s = do(do(s, "play", card="O1"), "play", card="M1")
    assert dict(h(s, 0).uses) == {"flicker#0": 1, "assassinate#0": 1}
    assert {e.number("skill") for e in cited(s, "MB-hero-skill-sequence")} == {"flicker#0", "assassinate#0"}


@pytest.mark.parametrize(("cards", "uses"), [(3, 1), (4, 1), (5, 1), (6, 2)])
def test_mb_hero_skill_sequence_cards_are_spent_for_their_skill(cards, uses):
    """'MB-hero-skill-sequence': 「连续打出三张攻势牌…获得一次“飓风”技能的使用机会」 — three O cards give Gale one
    Hurricane; the cards are spent for it, so only six give a second."""
    s = table(hands=(("O1",) * cards, ()), stamina=12)
    for _ in range(cards):
        s = do(s, "play", card="O1")
    assert dict(h(s, 0).uses) == {"hurricane#0": uses}
