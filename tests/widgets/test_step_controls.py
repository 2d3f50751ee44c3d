"""StepControls: first, back, next, play with a speed, the branch selector; driven as a person would."""

from __future__ import annotations

import pytest
import traitlets
from widget_helpers import attack, draw, script, toy_session

from widgets.components.step_controls import StepControls


def counter(controls: StepControls) -> str:
    return controls._counter.value


def test_ten_forward_three_back_another_choice_opens_a_branch():
    s = toy_session(seed=1, seats={0: "random", 1: "random"})  # a game with a choice at step 7
    c = StepControls(s)
    for _ in range(10):
        c._next.click()
    assert s.step == 10 and "Step 10 / 10" in counter(c)
    for _ in range(3):
        c._back.click()
    assert s.step == 7 and "Step 7 / 10" in counter(c)
    assert len(c.branch_options) == 1
    taken = s.node.preferred.action
    other = next(a for a in s.state.legal_actions() if a != taken)
    s.choose(other)
    assert s.step == 8
    options = c.branch_options
    assert len(options) == 2
    assert c._branch.value == options[1][1]
    assert "forks at step 7" in options[1][0]
    # the dropdown takes us back to the first line's tip, then to the new branch
    c._branch.value = options[0][1]
    assert s.step == 10 and s.node.id == options[0][1]
    c._branch.value = options[1][1]
    assert s.step == 8 and s.state.history[-1] == other
    c._first.click()
    assert s.step == 0 and c._first.disabled and c._back.disabled


def test_branch_value_from_the_browser_is_checked():
    s = toy_session(seats={0: "random", 1: "random"})
    c = StepControls(s)
    c._next.click()
    with pytest.raises(traitlets.TraitError):
        c._branch.value = 12345
    assert s.step == 1
    # an inner node id is no branch tip: the session refuses it too
    assert not s.select_branch(0)
    assert s.step == 1


def test_play_ticks_step_and_pause_when_a_person_must_decide():
    s = toy_session(seats={0: "person", 1: "random"})
    c = StepControls(s)
    c._play.playing = True
    c._play.value = 1  # a tick from the browser
    assert s.step == 1  # the draw (chance)
    c._play.value = 2  # p0 is a person: no step, the player pauses
    assert s.step == 1
    assert c._play.playing is False and c._play.value == 0
    assert "Waiting for Player 0" in c._notice.value


def test_speed_slider_sets_the_interval_and_bad_speeds_are_refused():
    c = StepControls(toy_session())
    c._speed.value = 300
    assert c.interval == 300 and c._play.interval == 300
    with pytest.raises(traitlets.TraitError):
        c.interval = 5
    assert c.interval == 300


def test_language_relabels_the_controls():
    s = toy_session()
    script(s, draw("blank"), attack(0, 1))
    c = StepControls(s, lang="zh")
    assert c._next.description == "下一步 ▶" and "第 2 步" in counter(c)
    c.lang = "en"
    assert c._next.description == "Next ▶" and "Step 2 / 2" in counter(c)
    with pytest.raises(traitlets.TraitError):
        c.lang = "fr"


def test_in_a_players_view_the_branch_labels_do_not_name_another_players_draw():
    s = toy_session()
    c = StepControls(s, viewer=1)
    s.choose(draw("blank"))
    s.back()
    s.choose(draw("shield"))  # a second branch that starts with p0's private draw
    labels = [text for text, _ in c.branch_options]
    assert len(labels) == 2 and "shield" not in labels[1] and "(hidden)" in labels[1]
    assert "shield" not in c._notice.value
    c.viewer = -1
    assert "shield" in c.branch_options[1][0]
    with pytest.raises(traitlets.TraitError):
        c.viewer = 3
