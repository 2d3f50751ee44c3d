"""The label table and the one language switch that turns every component."""

from __future__ import annotations

import re

import pytest
import traitlets
from widget_helpers import toy_session

from widgets.components.step_controls import StepControls
from widgets.event_graph.view import EventGraphView
from widgets.i18n import LABELS, LANGS, LanguageSwitch, label, link_lang
from widgets.play.action_picker import ActionPicker
from widgets.play.bots_seat import BotsSeat
from widgets.play.event_log import EventLog


@pytest.mark.parametrize("key", sorted(LABELS))
def test_every_label_in_both_languages_with_the_same_fields(key):
    texts = LABELS[key]
    assert set(texts) == set(LANGS) and all(texts[lang].strip() for lang in LANGS)
    assert set(re.findall(r"{(\w+)", texts["en"])) == set(re.findall(r"{(\w+)", texts["zh"]))


def test_switch_validates_and_turns_every_linked_component():
    s = toy_session()
    switch = LanguageSwitch()
    parts = [StepControls(s), ActionPicker(s), EventLog(s), EventGraphView(s), BotsSeat(s)]
    link_lang(switch, *parts)
    switch._toggle.value = "zh"  # the person clicks 中文
    assert switch.lang == "zh" and all(p.lang == "zh" for p in parts)
    assert parts[0]._next.description == label("next", "zh")
    assert "随机" in parts[1]._who.value
    assert parts[4]._menus[0].description == "玩家 0"
    with pytest.raises(traitlets.TraitError):
        switch.lang = "de"
    with pytest.raises(traitlets.TraitError):
        switch._toggle.value = "de"
    assert all(p.lang == "zh" for p in parts)
    parts[2].lang = "en"  # links go both ways
    assert switch.lang == "en" and switch._toggle.value == "en"


def test_switching_language_keeps_every_components_choices():
    s = toy_session()
    log, graph, controls = EventLog(s, scope="game"), EventGraphView(s, scope="game"), StepControls(s)
    controls.interval = 300
    for lang in ("zh", "en", "zh"):
        for part in (log, graph, controls):
            part.lang = lang
        assert log.scope == "game" and log._scope.value == "game"
        assert graph.scope == "game" and graph._scope.value == "game"
        assert controls.interval == 300


def test_a_round_reads_with_its_number_inside_in_zh():
    for n in (1, 7, 12):
        zh, en = label("round", "zh", n=n), label("round", "en", n=n)
        assert zh.startswith("第") and zh.index(str(n)) < zh.index("轮") and not zh.startswith("轮")
        assert en.split() == ["Round", str(n)]
