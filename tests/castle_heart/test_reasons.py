"""A refusal of 城堡之心 reads in the page's language (issue 14, point 6): the reason the engine gives for a real
illegal move carries its 中文 (explorer.W) in the document's words — 剑, 领导值, 法力值, 定身, 大山猫 … — and its
English is what it always was."""

from __future__ import annotations

import pytest
from reason_words import assert_refused_in_both

from .helpers import HERO, hero_seat, soldier, step, table

AT_HERO = {"member": HERO, "pay": "sword"}  # a sword attack at the hero of the group


def five(**lord):
    """Five seats, 0 the lord (a sword in hand); seat 2 two seats away, with a great lynx."""
    return table(hero_seat("lord", "black_knight", **{"hand": ("sword",), **lord}), hero_seat("reinforcement"),
                 hero_seat("enemy", "berserker", soldiers=(soldier("lynx"),)), hero_seat("enemy"), hero_seat("enemy"))


def three(**more):
    return table(hero_seat("lord", soldiers=(soldier("knight"),), hand=("sword", "heal")),
                 hero_seat("enemy", soldiers=(soldier("lynx"),)), hero_seat("enemy"), **more)


def commanding():
    """The lord's command phase, its knight aimed at seat 1's group (which still has its lynx)."""
    return step(step(three(), "end_play", 0), "command", 0, target=1)


def deploying(**seat):
    return table(hero_seat("enemy", **seat), hero_seat("lord"), hero_seat("enemy"), phase="deploy", cursor=0)


CASES = {  # name: (state, (kind, player, params), clause, the English reason as it always read)
    "a second sword attack": (lambda: three(attacked=True), ("attack", 0, {"target": 1, **AT_HERO}),
                              "CH-turn-play-one-sword", "only one 剑 attack per turn"),
    "a target beyond range": (five, ("attack", 0, {"target": 2, **AT_HERO}), "CH-attack-hero-targets",
                              "distance 2 is beyond range 1"),
    "a ranged attack at the lynx": (lambda: five(equipment=("great_sword",)),
                                    ("attack", 0, {"target": 2, **AT_HERO, "member": 0}), "CH-soldier-lynx-stealth",
                                    "the great lynx cannot be the target of a ranged attack"),
    "a held hero attacks": (lambda: five(held=True), ("attack", 0, {"target": 1, **AT_HERO}), "CH-magic-hold",
                            "a held hero cannot attack"),
    "healing at full life": (three, ("heal", 0, {"target": 0}), "CH-max-hp", "already at starting HP"),
    "acting out of turn": (three, ("end_play", 1, {}), "CH-turn-play-unlimited", "it is player 0's decision now"),
    "soldiers at a hero who still has soldiers": (commanding, ("soldier_attack", 0, {"member": HERO}),
                                                  "CH-attack-soldiers-first",
                                                  "soldiers attack soldiers while the hero still has any"),
    "a soldier past leadership": (lambda: deploying(soldiers=(soldier("knight"), soldier("knight")), mana=20),
                                  ("deploy", 0, {"soldier": "knight"}), "CH-leadership",
                                  "leadership 2 allows only 2 soldier cards"),
    "a soldier beyond the mana left": (lambda: deploying(mana=3), ("deploy", 0, {"soldier": "lynx"}),
                                       "CH-deploy-mana", "a lynx costs 6 mana; 3 left"),
}


@pytest.mark.parametrize("name", CASES)
def test_a_refusal_keeps_its_english_and_reads_in_chinese(name):
    make, (kind, player, params), clause, english = CASES[name]
    assert_refused_in_both(lambda: step(make(), kind, player, **params), clause, english)
