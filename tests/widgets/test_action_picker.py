"""ActionPicker: legal actions as buttons grouped by kind; chance with exact odds; stale clicks refused."""

from __future__ import annotations

import random

from widget_helpers import TOY, attack, block, dodge, draw, roll, script, toy_session

import explorer
from widgets.i18n import clause_tag, kind_name
from widgets.play.action_picker import ActionPicker, odds_text


def test_buttons_are_exactly_the_legal_actions_grouped_by_kind():
    s = toy_session(variant={"start_hp": 6})
    script(s, draw("blank"))
    p = ActionPicker(s)
    assert {b.re_action for b in p.buttons} == set(s.state.legal_actions())
    kinds = [row.children[0].value for row in p._actions.children]
    assert kinds == [f"<b>{kind_name(k, 'en')}</b>" for k in ("pass", "attack")]  # headers in the page's language
    assert "Player 0 must decide" in p._who.value and "TOY-attack" in p._who.value
    # issue 31: the decision's rule in words, its id a small tag beside the sentence, never inside it
    sentence, tag = p._who.value.split("</b>", 1)
    assert "TOY-attack" not in sentence and tag == f" {clause_tag('TOY-attack')}"
    p.button_for(attack(0, 1)).click()
    assert s.state.history[-1] == attack(0, 1)


def test_the_defender_is_named_and_block_appears_only_with_a_shield():
    s = toy_session()
    script(s, draw("shield"), attack(0, 1), roll(4))
    p = ActionPicker(s)
    assert "Player 1 must decide" in p._who.value and "TOY-respond" in p._who.value
    assert {b.re_action for b in p.buttons} == {dodge(1)}
    s.first()
    script(s, draw("shield"), explorer.act(TOY, "pass", 0), draw("shield"), attack(1, 0), roll(4))
    assert {b.re_action for b in p.buttons} == {dodge(0), block(0)}


def test_chance_shows_exact_odds_rolls_seeded_and_picks_loaded():
    s = toy_session(seed=11)
    p = ActionPicker(s)
    assert "Chance" in p._who.value
    texts = [b.description for b in p.buttons]
    assert texts == [f"{a.describe('en')} · {odds_text(q)}" for a, q in s.state.chance_outcomes()]
    assert any("1/2 (50.00 %)" in t for t in texts)  # 6 shields, 6 blanks
    expected = explorer.sample_chance(s.state.chance_outcomes(), random.Random("11#"))
    p.roll_button.click()
    assert s.state.history == (expected,)
    script(s, attack(0, 1))
    assert [b.description.split(" · ")[1] for b in p.buttons] == ["1/6 (16.67 %)"] * 6
    p.button_for(roll(6)).click()  # loaded dice
    assert s.state.history[-1] == roll(6)


def test_stale_clicks_do_nothing_and_say_why():
    s = toy_session()
    p = ActionPicker(s)
    old_draw = p.button_for(draw("shield"))
    old_roll = p.roll_button
    p.button_for(draw("blank")).click()
    at = s.state
    old_draw.click()  # a button from step 0, clicked again after the board moved on
    assert s.state is at
    assert "belongs to step 0" in p._notice.value and "now at step 1" in p._notice.value
    old_roll.click()
    assert s.state is at and "belongs to step 0" in p._notice.value
    # back at step 0 the old button was made for this very state: its choice is legal again, and harmless
    s.back()
    assert old_draw.re_node == s.node_id  # same node: a repeat of a legal choice is harmless
    old_draw.click()
    assert s.state.history == (draw("shield"),)


def test_choice_trait_from_the_browser_is_checked_against_the_legal_actions():
    s = toy_session()
    script(s, draw("blank"))
    p = ActionPicker(s)
    at = s.state
    for bad in ("garbage", '{"kind": "block", "player": 0}', s.key_of(block(0)), s.key_of(attack(0, 0)),
                s.key_of(roll(3)), '{"kind": "attack", "player": 0, "params": {"target": [1, {"x": 2}]}}'):
        p.choice = bad
        assert s.state is at, bad
        assert "Refused" in p._notice.value
        assert p.choice == ""
    p.choice = s.key_of(attack(0, 1))
    assert s.state.history[-1] == attack(0, 1)


def test_game_over_names_the_winners_in_both_languages():
    s = toy_session(variant={"start_hp": 4})
    script(s, draw("blank"), attack(0, 1), roll(6), dodge(1), roll(1))  # 6 damage ≥ 4 HP
    assert s.state.is_terminal
    p = ActionPicker(s)
    assert "Winners: Player 0" in p._who.value and not p.buttons
    p.lang = "zh"
    assert "胜者：玩家 0" in p._who.value


def test_a_players_view_shows_only_that_players_decisions_and_no_chance_odds():
    s = toy_session()
    p = ActionPicker(s, viewer=1)
    assert p.roll_button is not None and not p.buttons  # the deck's make-up stays hidden
    assert "outcomes hidden" in p._who.value
    p.roll_button.click()
    assert s.step == 1
    assert "Player 0 must decide" in p._who.value and not p.buttons
    at = s.state
    p.choice = s.key_of(attack(0, 1))  # someone else's decision, sent from the browser
    assert s.state is at and "own decisions can be taken" in p._notice.value
    p.viewer = -1
    everything = p.button_for(attack(0, 1))
    p.viewer = 1
    everything.click()  # a button from the everything view, clicked after switching to player 1's view
    assert s.state is at
    p.viewer = 0
    p.button_for(attack(0, 1)).click()
    assert s.state.history[-1] == attack(0, 1)


def test_the_step_notice_in_a_players_view_does_not_name_a_card_drawn_by_another():
    s = toy_session()
    p = ActionPicker(s, viewer=1)
    s.choose(draw("shield"))  # p0's draw, private to p0
    assert "shield" not in p._notice.value and "(hidden)" in p._notice.value
    p.viewer = -1
    assert "shield" in p._notice.value


def test_many_outcomes_go_in_a_dropdown_with_pick_and_stale_picks_are_refused(monkeypatch):
    import widgets.play.action_picker as picker_module

    monkeypatch.setattr(picker_module, "MAX_OUTCOME_BUTTONS", 1)
    s = toy_session()
    p = ActionPicker(s)
    assert not p.buttons
    dropdown, pick = p._actions.children[1].children
    assert [v for _, v in dropdown.options] == [a for a, _ in s.state.chance_outcomes()]
    assert "1/2 (50.00 %)" in dropdown.options[0][0]
    dropdown.value = draw("shield")
    pick.click()
    assert s.state.history == (draw("shield"),)
    script(s, attack(0, 1))
    pick.click()  # the pick button of step 0, after the board moved on
    assert len(s.state.history) == 2 and "belongs to step 0" in p._notice.value


def test_widgets_of_older_states_are_closed():
    s = toy_session()
    p = ActionPicker(s)
    first = p.buttons[0]
    script(s, draw("blank"))
    assert first.comm is not None  # still open one more step: a late click is answered
    script(s, attack(0, 1))
    assert first.comm is None  # closed


def moba_at_score_step(lang="en", viewer=-1):
    from widgets.play.game_session import GameSession
    s = GameSession("card_moba", 2, seed=3)
    while s.state.data.phase != "score":
        s.choose(s.state.legal_actions()[0])
    return s, ActionPicker(s, lang=lang, viewer=viewer)


def test_mb_choice_4_score_a_typed_winning_score_beyond_the_menu_is_taken():
    """'MB-choice-4-score' 「协商决定获胜所需的得分」: the buttons list 1 to 5 and a number box takes any other
    (from 1 up to the page's 999); the number the box sends is checked by the engine like any choice."""
    s, p = moba_at_score_step()
    assert [b.re_action["score"] for b in p.buttons] == [1, 2, 3, 4, 5]
    box = p.number_box
    assert (box.min, box.max, box.value) == (1, 999, 6)
    go = next(w for w in p._made if "re-open-choose" in w._dom_classes)
    box.value = 12
    assert go.description == "Choose 12"
    box.value = 5000  # a browser may send any number: the box holds it to its range
    assert box.value == 999
    box.value = 12
    go.click()
    assert s.state.data.win_score == 12 and s.state.history[-1]["score"] == 12
    assert p.number_box is None  # the next decision (the turn order's dice) has no open number


def test_the_number_box_speaks_the_pages_language_and_is_only_the_deciding_seats():
    _, p = moba_at_score_step(lang="zh", viewer=0)
    go = next(w for w in p._made if "re-open-choose" in w._dom_classes)
    assert p.number_box.description == "其他数字" and go.description == "选定 6"
    _, other = moba_at_score_step(viewer=1)
    assert other.number_box is None and other.buttons == []


def test_a_stale_number_is_refused_and_says_why():
    s, p = moba_at_score_step()
    go = next(w for w in p._made if "re-open-choose" in w._dom_classes)
    s.choose(s.state.legal_actions()[2])  # the table agreed 3 by its button meanwhile
    steps = len(s.state.history)
    go.click()
    assert s.state.data.win_score == 3 and len(s.state.history) == steps
    assert s.notice_text("en", -1).startswith("Ignored: that button belongs to step")


def test_while_bots_think_a_css_ring_turns_before_the_words_in_the_pages_language():
    """No emoji (it was an empty box where the page's fonts have none): a ring the picker's own style draws."""
    from widgets.play.action_picker import STYLE

    s = toy_session()
    for lang, words in (("en", "Bots are thinking…"), ("zh", "机器人思考中…")):
        p = ActionPicker(s, lang=lang)
        s.busy = True
        assert p._thinking.value == f'<span class="re-thinking-on"><span class="re-spinner"></span>{words}</span>'
        assert all(ord(ch) < 0x2300 or "\u4e00" <= ch <= "\u9fff" for ch in p._thinking.value)
        s.busy = False
        assert p._thinking.value == ""
    assert ".re-action-picker .re-spinner" in STYLE and "@keyframes re-spin" in STYLE
