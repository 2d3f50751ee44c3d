"""CardMobaOdds headless: traits set from Python (as a browser would), figures and text asserted."""

from __future__ import annotations

from fractions import Fraction

import pytest
import traitlets

from probability.card_moba import duel, kill_odds
from widgets.app.tabs import odds_makers
from widgets.games.card_moba.odds import BOUNDS, CardMobaOdds, readable


@pytest.fixture(scope="module")
def widget():
    return CardMobaOdds()


@pytest.fixture
def w(widget):
    widget.reset()
    widget.lang = "en"
    return widget


def test_the_app_picks_it_up():
    assert isinstance(odds_makers(["card_moba"])["card_moba"]("zh"), CardMobaOdds)


def test_hits_through_the_shield(w):
    """Reaver attacks for 3 (MB-term-3-attack) into 2 shield: 2 absorbed, 1 HP (MB-term-2-shield)."""
    bars = {b.name: dict(zip(b.x, b.y, strict=True)) for b in w.hits_figure.data}
    assert bars["HP lost"]["attack"] == 1 and bars["absorbed by the shield"]["attack"] == 2
    assert bars["healed to the source"]["Bloodthirst"] == 2  # lifesteal 3 + 1 = 4, 2 through the shield
    w.shield = 0
    bars = {b.name: dict(zip(b.x, b.y, strict=True)) for b in w.hits_figure.data}
    assert bars["HP lost"]["attack"] == 3 and bars["healed to the source"]["Bloodthirst"] == 4
    assert "attack 3 − absorbed by the shield 0 = HP lost 3" in w._summary.value


def test_weak_caps_the_attack(w):
    w.weak = True
    assert w.hits[0][1].damage == 1  # MB-status-10-weak


def test_poison_timeline_follows_the_sliders(w):
    """12 HP, 2 layers for 3 start phases: 10, 8, 6 (MB-status-13-poison)."""
    w.question = "timeline"
    assert [float(y) for y in w.timeline_figure.data[0].y] == [10, 8, 6]
    w.hp, w.poison_layers = 3, 4
    assert list(w.timeline["poison"]) == [1, 1, 1]  # never below 1
    w.poison_death = True
    assert w.timeline["poison"][0] == -1


def test_kill_odds_on_request_match_the_probability_package(w):
    w.question = "kill"
    w.hp, w.shield, w.poison_layers = 4, 0, 0
    assert w.kill is None and "not worked out" in w._kill_text.value
    w._button.click()
    expect = kill_odds(duel("reaver", "bulwark", hp=4, shield=0, poison=(0, 3), stamina=4), 1)
    assert w.kill == [expect]
    assert readable(expect) in w._kill_text.value and w.kill_figure.data[0].y[0] == float(expect)
    w.hp = 5
    assert w.kill is None  # stale odds are never shown


def test_browser_values_are_validated(w):
    w._controls["hp"].value = 999
    assert w.hp == BOUNDS["hp"][1]
    with pytest.raises(traitlets.TraitError):
        w.attacker = "<script>"
    with pytest.raises(traitlets.TraitError):
        w.turns = True
    w.turns = 99
    assert w.turns == 3
    w._controls["target"].value = "sage"
    assert w.target == "sage"


def test_both_languages(w):
    w.lang = "zh"
    assert "卡驱MOBA" in w._title.value and w._controls["shield"].description == "护盾值"
    assert w.hits_figure.layout.title.text == "一次伤害穿过护盾"
    w.lang = "en"
    assert w._controls["shield"].description == "Shield"


def test_chinese_axis_titles_stand_upright(w):
    """Issue 31: plotly turns a y title a quarter turn, laying 中文 characters on their side; in 中文 the title is
    written upright above the axis instead, in English it stays plotly's own."""
    w.question = "timeline"
    w.lang = "zh"
    for fig, title in ((w.hits_figure, "生命值损失"), (w.timeline_figure, "目标生命值")):
        assert not fig.layout.yaxis.title.text
        assert [a.text for a in fig.layout.annotations] == [title]
        assert fig.layout.annotations[0].textangle in (None, 0)
    w.lang = "en"
    assert w.hits_figure.layout.yaxis.title.text == "HP lost" and not w.hits_figure.layout.annotations


def test_only_the_first_question_is_made_until_another_is_opened():
    """Issue 31: the Odds tab is usable at once because the view makes only its first question (one hit through
    the shield); the timeline and the kill odds are made the first time they are opened, under a "preparing"
    line in the view's language."""
    view = CardMobaOdds(lang="zh")
    assert view.hits_figure is not None and "护盾抵消" in view._summary.value
    for name in ("timeline", "kill"):
        assert not view._questions[name].children and view._questions[name].layout.display == "none"
    assert view.timeline is None and view.timeline_figure is None and not hasattr(view, "_button")
    seen = []
    body = view._questions["timeline"]
    make = body._make
    body._make = lambda: (seen.append([c.value for c in body.children]), make())[1]
    view._picker.value = "timeline"  # as a browser would
    assert view.question == "timeline" and seen == [["<i>正在准备这个问题……</i>"]]
    assert [float(y) for y in view.timeline_figure.data[0].y] == [10, 8, 6]
    assert "application/vnd.plotly.v1+json" in view._time_out.outputs[0]["data"]
    assert view._questions["hits"].layout.display == "none" and not view._questions["kill"].made
    view.question = "kill"
    assert view._button.description == "计算击杀概率" and "尚未" in view._kill_text.value
    assert view._picker.options[2] == ("按回合的击杀概率", "kill")
    with pytest.raises(traitlets.TraitError):
        view.question = "poker"
    assert view.question == "kill"


def test_readable_numbers():
    assert readable(Fraction(13, 18)) == "72.22 % (13/18)"
    assert readable(Fraction(2394173, 6694140)) == "≈ 35.77 %"
    assert readable(Fraction(1)) == "100.00 % (1)"
