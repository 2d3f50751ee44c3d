"""EventLog: resolution order, lines read as sentences (their clause in the detail), clause text in zh and en,
cancelled marks, redaction."""

from __future__ import annotations

import pytest
import traitlets
from support import smallest_tables
from widget_helpers import CANCELLED_DODGE, script, toy_session

import explorer
from widgets.play.event_log import WRAP, EventLog


def lines(log: EventLog) -> list[str]:
    """The list's lines as read (their wrap marks, ``WRAP``, are invisible)."""
    return [t.replace(WRAP, "") for t, _ in log._list.options]


def test_events_in_resolution_order_as_sentences_and_cancelled_marked():
    """Issue 31: a line is the event's number and its sentence, no clause id inside it; the clause is one tap away,
    in the detail of the selected line."""
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    log = EventLog(s, scope="game")
    assert [e.id for e in log.events] == [e.id for e in s.state.log]
    assert [v for _, v in log._list.options] == [e.id for e in s.state.log]
    labels = lines(log)
    for text, e in zip(labels, s.state.log, strict=True):
        assert text == f"#{e.id} {e.describe('en')}" + (" ✗ cancelled" if e.cancelled else "")  # no "[id]" added
        log.selected = e.id
        assert f"Clause {e.clause}</b>" in log._detail.value  # the rule, named under the list
    assert sum("✗ cancelled" in t for t in labels) == 1
    log.lang = "zh"
    assert lines(log) == [f"#{e.id} {e.describe('zh')}" + (" ✗ 已抵消" if e.cancelled else "")
                                                 for e in s.state.log]


def test_a_line_may_wrap_between_words_only():
    """ipywidgets draws a list box's spaces as no-break spaces, so a long line wrapped inside a word on a phone
    ("Warlo / ck", issue 31): after each space the line carries a zero-width space, its only addition."""
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    log = EventLog(s, scope="game")
    for (text, _), line in zip(log._list.options, lines(log), strict=True):
        assert text.count(" ") == text.count(" " + WRAP) == line.count(" ") >= 1
        assert text.replace("\u00a0", " ").replace(" " + WRAP, " ") == line


@pytest.mark.parametrize(("game_id", "players"), smallest_tables())
def test_no_line_of_a_games_log_carries_a_clause_id(game_id, players):
    """Issue 31: in each shipped game's whole log (random bots, to the end or MAX_ROWS), in both languages, no line
    carries a clause id; the selected line's clause is named in the detail."""
    import re

    from widgets.play.game_session import GameSession

    clause_id = re.compile(r"(?<![A-Za-z0-9])(?:EB|MB|CH)-[A-Za-z0-9.\-]*[A-Za-z0-9]")
    game = explorer.get_game(game_id)
    s = GameSession(game_id, players, game.bounded_variant(players), seed=3,
                    seats=dict.fromkeys(range(players), "random"))
    while s.state.current_player != explorer.TERMINAL and s.forward():
        pass
    for lang in ("en", "zh"):
        log = EventLog(s, scope="game", lang=lang)
        assert len(log.events) > 20
        assert [t for t in lines(log) if clause_id.search(t)] == []
        last = log.events[-1]
        log.selected = last.id
        assert last.clause in log._detail.value


def test_selecting_an_event_shows_its_clause_in_both_languages_with_its_section():
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    log = EventLog(s, scope="game")
    cancelled = next(e for e in s.state.log if e.cancelled)
    log._list.value = cancelled.id  # a click on the row
    assert log.selected == cancelled.id
    clause = explorer.get_game("toy_duel").clause_index[cancelled.clause]
    detail = log._detail.value
    assert clause.zh in detail and clause.en in detail and clause.section in detail and clause.id in detail
    with pytest.raises(traitlets.TraitError):
        log.selected = 999
    assert log.selected == cancelled.id


def test_a_players_view_redacts_others_private_events():
    s = toy_session()
    script(s, *CANCELLED_DODGE)  # p0 drew a shield: private to p0
    draw_event = s.state.log[0]
    assert draw_event.private_to == (0,)
    log = EventLog(s, scope="game", viewer=1)
    text = lines(log)[0]
    assert text.endswith("Player 0 draws a card (hidden)") and "shield" not in text
    log.selected = draw_event.id
    assert "shield" not in log._detail.value
    log.viewer = 0
    log.selected = draw_event.id
    assert "shield" in log._detail.value
    with pytest.raises(traitlets.TraitError):
        log.viewer = 2


def test_scope_buttons_and_language():
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    log = EventLog(s, scope="step")
    assert [e.id for e in log.events] == [e.id for e in s.state.events]
    log._scope.value = "game"
    assert log.scope == "game" and len(log.events) == len(s.state.log)
    log.lang = "zh"
    assert "已抵消" in "".join(lines(log))
    with pytest.raises(traitlets.TraitError):
        log.scope = "decade"
    s.first()
    assert log.events == () and log.selected == -1


def test_the_engines_fields_are_shown_as_its_record_not_as_a_sentence():
    """Issue 31 point 5: the engine's own field names (actor, outcome, attack_die) are not words to read: in 中文
    the detail's text outside code carries none of them, and the record is shown as code under a caption in the
    page's language."""
    import re

    s = toy_session()
    script(s, *CANCELLED_DODGE)
    log = EventLog(s, scope="game", lang="zh")
    event = next(e for e in s.state.log if e.actor is not None)
    log.selected = event.id
    detail = log._detail.value
    record = re.findall(r"<code>(.*?)</code>", detail)
    assert len(record) == 1 and "outcome=" in record[0] and f"actor={event.actor}" in record[0]
    read = re.sub(r"<[^>]+>", " ", re.sub(r"<code>.*?</code>", " ", detail))
    read = read.split("English:")[0]  # the clause's English text is shown on purpose, beside its 中文
    assert "引擎记录" in read
    assert not re.search(r"\b(?:actor|targets|cause|outcome)\b", read), read
