"""OddsExplorer headless: traits set from Python (as a browser would), figures and tables asserted."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
import traitlets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from probability.eternal_breath import STANDING, Fighter, damage, duel
from widgets.games.eternal_breath.odds import BOUNDS, OddsExplorer


@pytest.fixture(scope="module")
def explorer_widget():
    return OddsExplorer()


@pytest.fixture
def w(explorer_widget):
    explorer_widget.reset()
    explorer_widget.lang = "en"
    return explorer_widget


def test_defaults_show_the_hand_calculated_block(w):
    # 3 attack points vs base 2 + card 1: P(1 damage) = P(A − R ≤ 1) = 26/36 = 13/18 (see test_eb_attack)
    bar = w.damage_figure.data[0]
    assert list(bar.x) == ["1", "2", "3", "4", "5"]
    assert bar.customdata[0] == "P(Damage = 1): 72.22 % (13/18)"
    assert math.isclose(sum(bar.y), 1)
    assert w.damage == damage(3, 2, 1)
    assert w._damage_out.outputs and "application/vnd.plotly.v1+json" in w._damage_out.outputs[0]["data"]


def test_at_least_view(w):
    w.at_least = True
    bar = w.damage_figure.data[0]
    assert bar.y[0] == 1.0 and list(bar.y) == sorted(bar.y, reverse=True)
    assert bar.customdata[1] == "P(Damage ≥ 2): 27.78 % (5/18)"  # 1 − 13/18


def test_dodge_shows_the_cancelled_bar(w):
    w.response = "dodge"
    assert w.damage[0] == Fraction(5, 12)  # P(R > A) = 15/36
    assert w.damage_figure.layout.xaxis.ticktext[0] == "cancelled"


def test_turns_chart_reports_the_standing_mass(w):
    w.max_turns = 3  # at most 5 damage per attack: 20 HP cannot fall in 3 attacks
    assert w.kill == {STANDING: 1}
    standing = w.turns_figure.data[2]
    assert list(standing.y) == [1.0] and list(standing.x) == [4]
    w.max_turns = 40
    bars = w.turns_figure.data[0]
    assert math.isclose(sum(bars.y), 1) and w.turns_figure.data[2].y[0] == 0


def test_dodge_or_block_table(w):
    assert [r["attack_die"] for r in w.table] == [1, 2, 3, 4, 5, 6]
    assert w.table[0]["better"] == "dodge" and w.table[0]["by"] == Fraction(1, 3)  # derived in test_eb_attack
    assert w._table_html.value.count("<tr>") == 7  # header + 6 dice


def test_duel_panel_sums_to_one(w):
    w.question = "duel"
    r = w.duel_result
    assert r.a_falls + r.b_falls + r.standing == 1
    assert len(w.duel_figure.data) == 2
    w.a_hp, w.b_hp, w.b_response = 1, 1, "block"  # whoever attacks first kills: every block deals ≥ 1
    assert w.duel_result.b_falls == 1
    w.first = "b"
    assert w.duel_result.a_falls == 1


@pytest.mark.parametrize(("name", "value", "expected"), [
    ("attack_points", 99, 12), ("attack_points", -5, 0), ("hp", 0, 1), ("hp", 10**9, 40), ("max_turns", 1000, 60),
    ("rounds", -1, 1), ("b_card", 11, 10),
])
def test_out_of_range_numbers_are_clamped(w, name, value, expected):
    w.question = "duel"  # its sliders made too
    setattr(w, name, value)
    assert getattr(w, name) == expected
    assert w._controls[name].value == expected


@pytest.mark.parametrize(("name", "value"), [
    ("attack_points", "3"), ("attack_points", 2.5), ("attack_points", True), ("hp", None),
    ("response", "parry"), ("response", 1), ("b_response", ""), ("first", "c"), ("lang", "fr"), ("lang", None),
])
def test_invalid_values_are_refused_and_nothing_changes(w, name, value):
    before, count = getattr(w, name), w.computations
    with pytest.raises(traitlets.TraitError):
        setattr(w, name, value)
    assert getattr(w, name) == before and w.computations == count


def test_values_from_the_browser_controls(w):
    # a comm message can set any synced trait: even the slider's max; our own bounds still hold
    slider = w._controls["attack_points"]
    slider.max = 1000
    slider.value = 1000
    assert w.attack_points == 12 and slider.value == 12
    slider.max = BOUNDS["attack_points"][1]
    with pytest.raises(traitlets.TraitError):
        w._controls["response"].value = "parry"
    w._controls["response"].value = "best"
    assert w.response == "best" and w.damage == damage(12, 2, 1, "best")


def test_chinese_labels(w):
    w.question = "duel"
    w.lang = "zh"
    assert w._controls["attack_points"].description == "攻击点"
    assert w.damage_figure.layout.title.text == "单次攻击伤害"
    assert w._controls["response"].options[1] == ("闪避", "dodge") and w.response == "block"
    assert "甲倒下" in w._duel_summary.value
    assert w._picker.options == (("一次攻击", "attack"), ("决斗", "duel")) and w._picker.value == "duel"


def test_reset_recomputes_once(w):
    w.attack_points, w.response, w.at_least = 7, "dodge", True
    count = w.computations
    w.reset()
    assert w.computations == count + 1
    assert (w.attack_points, w.response, w.at_least) == (3, "block", False)


def test_sliders_update_on_release_only(w):
    w.question = "duel"
    assert all(w._controls[name].continuous_update is False for name in BOUNDS)


def test_combat_switches_from_the_register(w):
    assert set(w._switches) == {"block_without_card", "response_timing"}
    w.defence_points = 0
    w.variant = {"block_without_card": "zero"}  # no card: total defence 0, damage = A + 3 (1/6 each)
    assert w.damage == {a + 3: Fraction(1, 6) for a in range(1, 7)}
    assert w._switches["block_without_card"].value == "zero"
    for bad in ({"block_without_card": "maybe"}, {"round_limit": 60}, {"nonsense": 1}):
        with pytest.raises(traitlets.TraitError):
            w.variant = bad
    assert w.variant == {"block_without_card": "zero"}
    w._switches["response_timing"].value = "before_attack_die"  # as a browser would
    assert w.variant == {"block_without_card": "zero", "response_timing": "before_attack_die"}
    w.lang = "zh"
    assert w._switches["block_without_card"].description == "无卡格挡"
    w.reset()
    assert w.variant == {} and w._switches["block_without_card"].value == "base_and_die"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(BOUNDS)), st.integers(-10**6, 10**6))
def test_any_integer_lands_in_range_and_the_odds_stay_exact(w, name, value):
    w.question = "duel"
    setattr(w, name, value)
    lo, hi, _ = BOUNDS[name]
    assert lo <= getattr(w, name) <= hi
    assert sum(w.damage.values()) == 1 and sum(w.kill.values()) == 1
    r = w.duel_result
    assert r.a_falls + r.b_falls + r.standing == 1


def test_the_duel_is_made_only_when_first_opened():
    """Issue 31: the Odds tab is usable at once because the view makes only its first question; the duel's
    sliders, odds and figure are made the first time it is opened, under a "preparing" line."""
    view = OddsExplorer(lang="zh")
    duel = view._questions["duel"]
    assert not duel.children and duel.layout.display == "none"
    assert view.duel_result is None and view.duel_figure is None and "a_hp" not in view._controls
    assert view.damage_figure is not None  # the first question is whole
    seen = []
    make = duel._make
    duel._make = lambda: (seen.append([c.value for c in duel.children]), make())[1]
    view._picker.value = "duel"  # as a browser would
    assert view.question == "duel" and seen == [["<i>正在准备这个问题……</i>"]]
    assert duel.made and duel.layout.display is None and view._questions["attack"].layout.display == "none"
    r = view.duel_result
    assert r.a_falls + r.b_falls + r.standing == 1 and len(view.duel_figure.data) == 2
    assert "application/vnd.plotly.v1+json" in view._duel_out.outputs[0]["data"]
    assert view._controls["a_hp"].description == "甲: 生命值" and "re-preparing" not in str(duel.children)
    view.question = "attack"
    view.b_hp = 1  # a made question follows the inputs while hidden
    assert view._controls["b_hp"].value == 1 and view.duel_result.b_falls > r.b_falls
    with pytest.raises(traitlets.TraitError):
        view.question = "poker"
    assert view.question == "attack"


def test_an_input_of_an_unmade_question_is_kept_for_it():
    view = OddsExplorer()
    view.a_hp, view.first = 3, "b"
    assert "a_hp" not in view._controls and view.duel_result is None
    view.question = "duel"
    assert view._controls["a_hp"].value == 3 and view._controls["first"].value == "b"
    assert view.duel_result == duel(Fighter(3, 3, 2, 1, "block"), Fighter(20, 3, 2, 1, "best"), 30, "b")
