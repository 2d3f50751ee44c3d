"""CastleHeartOdds headless: traits set from Python (as a browser would), figures, text and tables asserted."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
import traitlets

from probability.castle_heart import identities_of
from widgets.games.castle_heart.odds import BOUNDS, PANELS, CastleHeartOdds, readable


@pytest.fixture(scope="module")
def odds_widget():
    return CastleHeartOdds()


@pytest.fixture
def w(odds_widget):
    odds_widget.reset()
    odds_widget.lang = "en"
    return odds_widget


def binomial_at_least(h, n):
    """P(a member of a group of n takes at least h of the 5 missiles)."""
    return sum(Fraction(comb(5, k) * (n - 1) ** (5 - k), n**5) for k in range(h, 6))


def test_ring_by_default(w):
    """飞弹戒指 on a hero of 4 HP with soldiers of 3 and 2 HP: each member's chance to fall, binomially."""
    assert w.topic == "ring" and w.result["hps"] == (4, 3, 2)
    assert w.result["falls"] == [binomial_at_least(h, 3) for h in (4, 3, 2)]
    bar = w.figure.data[0]
    assert bar.customdata[0] == f"Hero (4): {readable(Fraction(11, 243))}" and bar.y[0] == pytest.approx(11 / 243)
    assert "application/vnd.plotly.v1+json" in w._out.outputs[0]["data"]
    w.ring_s2 = 0  # the second soldier gone: a group of two
    assert w.result["falls"] == [binomial_at_least(h, 2) for h in (4, 3)] and len(w.figure.data[0].x) == 2


def test_only_the_chosen_panel_shows(w):
    for topic in PANELS:
        w.topic = topic
        shown = [t for t, p in w._panels.items() if p.layout.display != "none"]
        assert shown == [topic]


def test_attack_table_and_the_current_combination(w):
    w.topic = "attack"
    w.armour, w.mirror = True, True
    assert w.result["current"]["expected"] == Fraction(1, 4) and w.result["current"]["hit"] == Fraction(1, 4)
    assert "0.250 (1/4)" in w.summary
    colours = w.figure.data[0].marker.color
    assert colours.count("#b23a48") == 1
    w.weapon, w.swords = "doom_axe", 2  # the attack and one repeat: it misses only if both tries are saved
    assert w.result["current"]["hit"] == 1 - Fraction(3, 4) ** 2


def test_command_charges_and_odds(w):
    w.topic = "command"
    w.apart, w.attack_mounts, w.defence_mounts = 3, 1, 0
    charges = [(max(1, a - 1) + 1) if max(1, a - 1) <= 3 else 0 for a in range(1, 5)]
    assert list(w.figure.data[0].y) == charges
    w.knights, w.cmd_hp = 2, 6  # two charges of 3 from distance 2 bring 6 HP down
    assert w.result["odds"]["hero"] == 1
    w.cmd_swords = 1
    assert w.result["odds"]["hero"] == 0
    before = w.summary
    w.cmd_swords = 0
    assert w.summary != before


def test_who_is_who_follows_the_game(w):
    w.topic = "identities"
    w.seat = 2
    early = w._table.value
    assert w.result["posterior"] == identities_of(w.game[w.step], 2)
    w.step = len(w.game) - 1
    assert w._table.value != early
    assert w.result["posterior"] == identities_of(w.game[-1], 2)
    assert "(this seat)" in w._table.value
    for row in w.result["posterior"]:
        assert sum(row.values()) == 1


def test_step_is_clamped_to_the_game_and_a_seed_plays_another(w):
    w.topic = "identities"
    w.step = 10**6
    assert w.step == len(w.game) - 1
    first = w.game
    w.seed = 7
    assert w.game is not first and w.step <= len(w.game) - 1


@pytest.mark.parametrize(("name", "value", "expected"), [("ring_hp", 99, 8), ("ring_hp", -3, 1), ("apart", 0, 1),
                                                         ("seat", 9, 5), ("knights", 100, 4)])
def test_integers_are_clamped(w, name, value, expected):
    setattr(w, name, value)
    assert getattr(w, name) == expected and expected in (BOUNDS[name][0], BOUNDS[name][1])


@pytest.mark.parametrize(("name", "value"), [("topic", "poker"), ("weapon", "banana"), ("ring_hp", True),
                                             ("ring_hp", "4")])
def test_bad_values_are_refused(w, name, value):
    before = getattr(w, name)
    with pytest.raises(traitlets.TraitError):
        setattr(w, name, value)
    assert getattr(w, name) == before


def test_a_control_from_the_browser_goes_through_validation(w):
    w._controls["ring_hp"].value = 2
    assert w.ring_hp == 2 and w.result["hps"][0] == 2
    w._controls["topic"].value = "attack"
    assert w.topic == "attack"


def test_chinese_labels(w):
    w.lang = "zh"
    assert w._controls["ring_hp"].description == "英雄生命"
    assert "飞弹戒指" in w.summary and "倒下" in w.summary
    w.topic = "identities"
    assert "城主" in w._table.value and "本座位" in w._table.value


def test_only_the_first_question_is_made_until_another_is_opened():
    """Issue 31: the Odds tab is usable at once because the view makes only its first question (the missile ring):
    the other questions' controls are made, and the sample game of who-is-who played, the first time each is
    opened, under a "preparing" line in the view's language."""
    view = CastleHeartOdds(lang="zh")
    assert view._panels["ring"].made and "ring_hp" in view._controls
    for topic in ("attack", "command", "identities"):
        assert not view._panels[topic].children and view._panels[topic].layout.display == "none"
    assert not {"swords", "knights", "seed", "step", "seat"} & set(view._controls) and view._game is None
    seen = []
    panel = view._panels["identities"]
    make = panel._make
    panel._make = lambda: (seen.append([c.value for c in panel.children]), make())[1]
    view.seat = 3  # an input of a question not made yet is kept for it
    view._controls["topic"].value = "identities"  # as a browser would
    assert view.topic == "identities" and seen == [["<i>正在准备这个问题……</i>"]]
    assert view._game is not None and view._controls["seat"].value == 3
    assert view._controls["step"].max == len(view.game) - 1 and view._controls["seed"].description == "示例对局（种子）"
    assert view.result["posterior"] == identities_of(view.game[view.step], 3)
    assert view._panels["ring"].layout.display == "none" and not view._panels["attack"].made
