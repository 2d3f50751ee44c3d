"""Issue 31, point 1: "…, then end the phase" for a small kind of choice in a larger phase decision (an attack in
永恒之息's play phase, then the play phase's pass). It takes exactly the person's two clicks' actions, each a step;
a bad value is refused with the reason in both languages and nothing changes. Expectations come from the engine."""

from __future__ import annotations

import re

import pytest
from widget_helpers import greedy_until

import explorer
from widgets.i18n import label
from widgets.play.action_picker import MAX_KIND_TWINS, MAX_TWINS, sentence
from widgets.play.play_area import PlayArea

SEED = 7  # bench/clicks.py's game: the person attacks, then ends the play phase, in most turns


def big_decision_with_kind_twin(area) -> bool:
    """The person decides in a phase with a pass, among more than MAX_TWINS choices, and an attack's twin is offered."""
    s = area.session
    return (s.state.current_player == 0 and s.turn_pass() is not None and len(s.state.legal_actions()) > MAX_TWINS
            and any(getattr(w, "re_then", None) is not None and w.re_then.kind == "attack" for w in area.picker._made))


@pytest.fixture
def attack_table():
    area = PlayArea("eternal_breath", seed=SEED, opponent="greedy")
    assert greedy_until(area, big_decision_with_kind_twin)
    return area


def twins(area):
    return [w for w in area.picker._made if getattr(w, "re_then", None) is not None]


def test_twins_only_for_small_kinds_never_for_the_pass(attack_table):
    s, picker = attack_table.session, attack_table.picker
    legal = s.state.legal_actions()
    per_kind = {k: [a for a in legal if a.kind == k] for k in {a.kind for a in legal}}
    offered = [w.re_then for w in twins(attack_table)]
    expected = [a for a in legal if a != s.turn_pass() and len(per_kind[a.kind]) <= MAX_KIND_TWINS]
    assert sorted(map(repr, offered)) == sorted(map(repr, expected))
    assert s.turn_pass() not in offered
    assert any(len(v) > MAX_KIND_TWINS for v in per_kind.values())  # a big kind (cards to place) gets none
    assert all(picker.button_for(a) is not None for a in offered)  # each beside its own one-step button


def test_a_kind_twin_takes_the_same_steps_as_the_two_clicks(attack_table):
    s = attack_table.session
    history = list(s.state.history)
    twin = next(w for w in twins(attack_table) if w.re_then.kind == "attack")
    action = twin.re_then
    twin.click()
    shortcut = s.state

    # the same game, clicked one by one: the attack, then (after the bots' and dice' answers) the pass
    other = PlayArea("eternal_breath", seed=SEED, opponent="greedy")
    o = other.session
    o.autoplay = False
    o.walk(history)
    other.picker.button_for(action).click()
    o.run_bots()
    assert o.state.current_player == 0 and o.turn_pass() is not None  # the person's pass comes next
    other.picker.button_for(o.turn_pass()).click()
    o.run_bots()
    assert o.state.history == shortcut.history and o.state == shortcut
    # each action a step of its own: the person's first two are the attack and the phase's pass
    mine = [(n.parent.state, n.action) for n in s.path()[len(history) + 1:] if n.parent.state.current_player == 0]
    assert mine[0][1] == action and mine[1][1] == s.game.turn_pass(mine[1][0].data) is not None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_bad_value_is_refused_with_the_reason_and_nothing_changes(attack_table, lang):
    s = attack_table.session
    node, step = s.node_id, s.step
    bogus = explorer.act("eternal_breath", "discard", 0, card="no_such_card")  # no card of the hand, no choice now
    assert not s.choose_then_pass(bogus) and s.node_id == node and s.step == step
    assert s.notice["key"] == "not_legal"
    text = s.notice_text(lang)
    assert text and text.startswith(label("not_legal", lang, what="")[:3])
    assert not s.choose_then_pass("attack") and s.node_id == node  # a value from the browser that is no action
    twin = twins(attack_table)[0]
    s.goto(s.node.parent.id)  # the board moved: the twin's click is stale
    assert not s.choose_then_pass(twin.re_then, at_node=node) and s.notice["key"] == "stale"
    assert s.notice_text(lang)


def test_a_decision_without_a_pass_gets_no_twins():
    area = PlayArea("eternal_breath", seed=SEED, opponent="greedy")
    s = area.session
    assert greedy_until(area, lambda a: s.state.current_player == 0 and s.turn_pass() is None
                        and len(s.state.legal_actions()) > 1)
    assert twins(area) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_twins_label_in_both_languages(attack_table, lang):
    attack_table.lang = lang
    twin = twins(attack_table)[0]
    # issue 31: the twin is joined to its choice's button (one pair), so it says only "then end the phase" (the
    # picker is half as long on a phone); the whole sentence and what the click does are its tooltip
    assert twin.description == label("then_pass_short", lang)
    whole = label("then_pass", lang, what=sentence(twin.re_then, lang))
    assert twin.tooltip == f"{whole} — {label('then_pass_tip', lang)}"
    assert ".," not in whole and "。，" not in whole  # no full stop inside the sentence
    pairs = [w for w in attack_table.picker._made if "re-pair" in getattr(w, "_dom_classes", ())]
    assert len(pairs) == len(twins(attack_table))
    for pair in pairs:
        button, then = pair.children
        assert then in twins(attack_table) and button.re_action == then.re_then  # each twin beside its own choice
    if lang == "zh":
        assert "然后结束此阶段" in twin.description
        assert not re.search("[A-Za-z]", label("then_pass", "zh", what="") + label("then_pass_tip", "zh")
                             + label("then_pass_short", "zh"))
    else:
        assert "then end the phase" in twin.description
