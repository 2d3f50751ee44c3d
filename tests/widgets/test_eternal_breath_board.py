"""EternalBreathBoard on the real 永恒之息 engine: zones, HP bars, piles, card faces, honest text, and a viewer
who sees only view(k)."""

from __future__ import annotations

import re
from collections import Counter
from html import escape as html_escape

import pytest
import traitlets

import explorer
from explorer.games.eternal_breath.content import card
from widgets.games.eternal_breath.board import EternalBreathBoard, phase_name
from widgets.play.game_session import GameSession

GAME = "eternal_breath"


@pytest.fixture
def played() -> GameSession:
    """A seeded 2-player game with bots in both seats, 70 steps in (past the draft, into play)."""
    s = GameSession(GAME, 2, seed=2, seats={0: "random", 1: "random"})  # a game that lasts past step 70
    for _ in range(70):
        assert s.forward(), s.notice_text("en")
    return s


def player_box(html: str, k: int) -> str:
    start = re.search(rf'class="re-eb-player re-eb-player-{k}\b', html).start()
    rest = html[start + 10:]
    nxt = re.search(r'class="re-eb-player re-eb-player-\d', rest)
    return rest[: nxt.start()] if nxt else rest


def test_everything_view_shows_every_zone_hp_bars_and_piles(played):
    board = EternalBreathBoard(played)
    state = played.state
    full = state.view(None, with_log=False)
    assert board.last_view == full
    html = board._html.value
    assert f"Step {played.step} / {played.step}" in html
    assert f"Deck {full['deck_size']}" in html and f"Discard {len(full['discard'])}" in html
    assert f"Destroyed {len(full['destroyed'])}" in html
    for k, p in enumerate(full["players"]):
        box = player_box(html, k)
        for zone in ("Character zone", "Pool", "Effect zone", "Trap zone", "Hand", f"Coins {p['coins']}"):
            assert zone in box
        for c in p["characters"]:
            assert c["en"] in box and f"HP {c['hp']}/{c['max_hp']}" in box
        for c in p["hand"]:  # each card by its name, with its type; never its catalogue id
            assert f"<b>{html_escape(card(c).en)}</b>" in box and c not in box
        assert box.count('class="re-face"') + box.count('class="re-face re-face-down"') >= len(p["hand"])
    assert "Phase:" in html and html_escape(phase_name(full["phase"], "en")) in html


def test_a_players_view_is_exactly_view_k_and_hides_what_it_masks(played):
    board = EternalBreathBoard(played, viewer=0)
    state = played.state
    assert board.last_view == state.view(0, with_log=False)
    other = state.view(0)["players"][1]
    assert explorer.is_hidden(other["hand"])
    box = player_box(board._html.value, 1)
    n = other["hand"]["count"]
    assert f"{n} hidden cards" in box and "×" not in box
    hidden_names = {card(c).en for c in state.view(None)["players"][1]["hand"]}
    shown = set(re.findall(r"<summary><b>([^<]+)</b>", box))
    assert not shown & (hidden_names - {c["en"] for c in state.view(0)["players"][1]["characters"]})
    own = player_box(board._html.value, 0)
    for c in state.view(0)["players"][0]["hand"]:
        assert f"<b>{html_escape(card(c).en)}</b>" in own
    assert "(you)" in own and "(you)" not in box


def test_a_face_down_self_character_stays_hidden_from_the_others(played):
    node = next(n for n in played.path() if any(
        not c["face_up"] and c["self"] for c in n.state.view(None)["players"][1]["characters"]))
    played.goto(node.id)
    secret = next(c for c in node.state.view(None)["players"][1]["characters"] if c["self"] and not c["face_up"])
    board = EternalBreathBoard(played)
    assert secret["en"] in player_box(board._html.value, 1) and "face down" in player_box(board._html.value, 1)
    board._viewer.value = 0  # the viewer menu, as a person picks it
    assert board.viewer == 0
    assert secret["en"] not in board._html.value and secret["zh"] not in board._html.value
    board.viewer = 1
    assert secret["en"] in player_box(board._html.value, 1)


def test_viewer_values_are_checked_and_the_board_follows_the_session(played):
    board = EternalBreathBoard(played)
    with pytest.raises(traitlets.TraitError):
        board.viewer = 2
    with pytest.raises(traitlets.TraitError):
        board._viewer.value = 7
    assert board.viewer == -1
    here = played.node_id
    played.back()
    assert board.last_view == played.state.view(None, with_log=False)
    assert f"Step {played.step} /" in board._html.value
    played.goto(here)
    assert board.last_view == played.state.view(None, with_log=False)


def test_chinese_labels_and_phase_names(played):
    board = EternalBreathBoard(played, lang="zh")
    html = board._html.value
    for word in ("角色区", "角色池", "效果区", "陷阱区", "手牌", "金币", "牌堆", "弃牌堆", "销毁堆", "阶段"):
        assert word in html
    assert re.search(r"(清算|摸牌|声明|出牌|弃牌|结算)阶段", html)
    for c in played.state.view(None)["players"][0]["characters"]:
        assert c["zh"] in html


def test_every_component_follows_a_seeded_game_step_by_step():
    """The wiring of the app: one session, every component; at each step they show the same state."""
    from widgets.components.step_controls import StepControls
    from widgets.event_graph.view import EventGraphView
    from widgets.i18n import LanguageSwitch, link_lang
    from widgets.play.action_picker import ActionPicker
    from widgets.play.event_log import EventLog

    s = GameSession(GAME, 2, seed=9, seats={0: "random", 1: "greedy"})
    board, controls, picker = EternalBreathBoard(s), StepControls(s), ActionPicker(s)
    log, graph = EventLog(s), EventGraphView(s, scope="step")
    switch = LanguageSwitch()
    link_lang(switch, board, controls, picker, log, graph)
    for step in range(1, 91):
        controls._next.click()
        assert s.step == step
        state = s.state
        assert board.last_view == state.view(None, with_log=False)
        assert Counter(picker.offered) == Counter(state.legal_actions())  # each legal action offered once
        assert [e.id for e in log.events] == [e.id for e in s.events_in("turn")][-400:]
        assert set(graph.graph.nodes) == {e.id for e in state.events}
        if step % 30 == 0:
            switch.lang = "zh" if switch.lang == "en" else "en"
            board.viewer = log.viewer = graph.viewer = step // 30 % 2
            assert board.last_view == state.view(board.viewer, with_log=False)
            board.viewer = log.viewer = graph.viewer = -1


def test_a_face_down_attacker_reads_face_down_to_the_others_never_its_hidden_marker():
    """EB-A29: another player's view hides who attacks; the board says "face down" / "倒置", not the raw marker."""
    from widgets.games.eternal_breath.board import combat_html

    fight = {"attacker": 1, "by": {"hidden": True}, "target": 0, "target_char": "n_sentinel"}
    for lang, word in (("en", "face-down"), ("zh", "倒置")):
        html = combat_html(fight, lang)
        assert word in html and "hidden" not in html.replace("re-eb", "") and "True" not in html
    assert "Sentinel" in combat_html({**fight, "by": "n_sentinel", "target_char": "n_sentinel"}, "en")
