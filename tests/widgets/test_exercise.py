"""Exercise: headless checks of the answer box, the Check button, validation, feedback and ``solved``."""

from __future__ import annotations

from fractions import Fraction

import pytest
import traitlets

from widgets.learn.exercise import Exercise, parse_answer


def test_a_right_integer_answer_clicked_in_solves_it():
    ex = Exercise("How many?", "多少？", answer=13)
    assert not ex.solved
    ex._input.value = " 13 "          # the person types
    ex._check.click()                 # and clicks Check
    assert ex.solved and ex.attempts == 1
    assert "Correct" in ex.feedback


def test_a_wrong_answer_keeps_it_unsolved_and_shows_the_hint():
    ex = Exercise("How many?", "多少？", answer=13, hint_en="count the reveals", hint_zh="数一数")
    assert ex.check("12") is False
    assert not ex.solved and ex.attempts == 1
    assert "Not yet" in ex.feedback and "count the reveals" in ex.feedback
    ex.lang = "zh"
    assert "还不对" in ex.feedback and "数一数" in ex.feedback


@pytest.mark.parametrize("text", ["", "   ", "seven", "1.5", "2+2", "__import__('os')", "9" * 60])
def test_invalid_input_is_refused_before_comparison_and_not_counted(text):
    ex = Exercise("How many?", "多少？", answer=7)
    assert ex.check(text) is False
    assert ex.attempts == 0 and not ex.solved
    assert ex.feedback and "Not yet" not in ex.feedback


def test_fraction_answers_compare_exactly_in_any_equal_form():
    ex = Exercise("P?", "概率？", answer=Fraction(5, 12), kind="fraction")
    assert ex.check("10/24")
    ex.reset()
    assert not ex.solved and ex.value == "" and ex.attempts == 0 and ex.feedback == ""
    assert not ex.check("5/0") and "0" in ex.feedback
    assert not ex.check("0.4166")


def test_choice_answers_only_accept_the_offered_choices():
    ex = Exercise("Block or dodge?", "格挡还是闪避？", answer="dodge", kind="choice", choices=("block", "dodge"))
    ex._input.value = "block"
    ex._check.click()
    assert not ex.solved
    ex.value = "parry"                   # not offered: refused, input left alone
    assert ex._input.value == "block"
    assert not ex.check() and ex.attempts == 1
    ex._input.value = "dodge"
    ex._check.click()
    assert ex.solved


def test_lang_is_validated_and_relabels():
    ex = Exercise("How many?", "多少？", answer=1)
    with pytest.raises(traitlets.TraitError):
        ex.lang = "fr"
    ex.lang = "zh"
    assert ex._check.description == "检查" and "多少" in ex._question.value


def test_the_expected_answer_must_itself_be_valid_and_is_never_synced():
    with pytest.raises(ValueError):
        Exercise("q", "q", answer="x", kind="choice", choices=("a", "b"))
    with pytest.raises(ValueError):
        Exercise("q", "q", answer="1/2", kind="int")
    ex = Exercise("q", "q", answer=42)
    synced = {name for name in ex.keys}
    assert not any("42" in str(getattr(ex, name)) for name in synced)


def test_parse_answer_kinds():
    assert parse_answer("-3", "int") == (-3, "")
    assert parse_answer("3/6", "fraction") == (Fraction(1, 2), "")
    assert parse_answer("Lingxi", "text") == ("lingxi", "")
    assert parse_answer(None, "int") == (None, "empty")


def test_the_answer_can_be_a_function_asked_at_every_check():
    """The notebook never writes the answer: the exercise asks the engine (here a stand-in) when it is checked."""
    asked = []

    def engine_says():
        asked.append(1)
        return 4

    ex = Exercise("How much?", "多少？", answer=engine_says)
    assert len(asked) == 1                        # made: asked once, so a broken answer fails the notebook at once
    assert not ex.check("3") and ex.check("4") and ex.solved
    assert len(asked) == 3
    with pytest.raises(ValueError):
        Exercise("q", "q", answer=lambda: "one", kind="int")
    with pytest.raises(ZeroDivisionError):
        Exercise("q", "q", answer=lambda: 1 // 0)


def test_every_verdict_names_the_clause_with_the_registers_words_in_both_languages():
    import explorer
    rule = next(c for c in explorer.rules("card_moba") if c.id == "MB-term-2-shield")
    ex = Exercise("How much HP?", "失去多少生命值？", answer=lambda: 2, game="card_moba", clause="MB-term-2-shield",
                  hint_en="the shield goes first", why_en="3 damage, the shield takes 1, HP the other 2",
                  why_zh="3点伤害，护盾抵消1点，生命值承受2点")
    assert not ex.check("3")
    assert "MB-term-2-shield" in ex.feedback and rule.en in ex.feedback and "the shield goes first" in ex.feedback
    assert "HP the other 2" not in ex.feedback   # the reason is shown only once solved
    ex.lang = "zh"
    assert "MB-term-2-shield" in ex.feedback and rule.zh in ex.feedback
    assert ex.check("2") and "护盾抵消1点" in ex.feedback and rule.zh in ex.feedback
    ex.lang = "en"
    assert "Correct" in ex.feedback and "HP the other 2" in ex.feedback and rule.en in ex.feedback


def test_an_assumption_can_be_the_rule_and_an_unknown_id_is_refused():
    import explorer
    a = explorer.assumptions("card_moba")[0]
    ex = Exercise("q", "问", answer=1, game="card_moba", clause=a.id)
    ex.check("0")
    assert a.id in ex.feedback and a.default in ex.feedback
    with pytest.raises(ValueError):
        Exercise("q", "问", answer=1, game="card_moba", clause="MB-no-such-rule")
    with pytest.raises(ValueError):
        Exercise("q", "问", answer=1, clause="MB-term-2-shield")       # a clause needs its game
