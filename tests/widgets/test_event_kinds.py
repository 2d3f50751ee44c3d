"""Every kind of event a game emits reads in the page's language: the game's table beside its event texts
(``explorer/games/<id>/event_kinds.py``) names it in English and in 中文, and the event chains' legend, the
node hover, a redacted line of the log and a step told to another viewer use that name (issue 15)."""

from __future__ import annotations

import itertools
import re
from functools import cache

import pytest
from support import PerGame, games

import explorer
from widgets.event_graph.figure import KindColours, summary_spec
from widgets.event_graph.layout import chain_spec, spec_boxes
from widgets.i18n import event_kind_name
from widgets.play.event_log import event_text

BOUNDED = explorer.get_game("card_moba").bounded_variant  # bots alone ask for the simulation limits (MB-A15)
TABLES = PerGame(  # game: (players, variant) of a few seeded whole games played by the random bots
    eternal_breath=[(3, None), (4, None)],
    card_moba=[(2, BOUNDED(2)), (4, BOUNDED(4))],
    castle_heart=[(5, None), (7, None)],
)
CJK = re.compile(r"[\u3400-\u9fff]")
ASCII_WORD = re.compile(r"[A-Za-z]{2,}")


@cache
def played(game_id: str) -> tuple[explorer.Event, ...]:
    """The logs of a few seeded whole games of ``game_id``, end to end (the engine's own kinds, no hand list)."""
    log = []
    for players, variant in TABLES[game_id]:
        for seed in range(3):
            start = explorer.new_game(game_id, players, variant) if variant else explorer.new_game(game_id, players)
            final = explorer.play_out(start, seed=seed, max_steps=4000)
            assert final.is_terminal, (game_id, players, seed)
            log += final.log
    return tuple(log)


@pytest.mark.parametrize("game_id", games())
def test_every_kind_a_whole_game_emits_has_both_labels(game_id):
    kinds = {e.kind for e in played(game_id)}
    table = explorer.get_game(game_id).event_kinds
    assert len(kinds) > 20  # whole games, not a setup step
    missing = sorted(kinds - set(table))
    assert not missing, f"{game_id}: kinds without a label: {missing}"
    for kind in kinds:
        en, zh = table[kind]
        assert en.strip() and ASCII_WORD.search(en), (kind, en)
        assert CJK.search(zh) and not ASCII_WORD.search(zh), (kind, zh)
        assert event_kind_name(game_id, kind, "en") == en and event_kind_name(game_id, kind, "zh") == zh


def test_a_kind_no_table_names_falls_back_to_its_words():
    assert event_kind_name("card_moba", "no such kind", "en") == "No such kind"
    assert event_kind_name("no such game", "roll", "zh") == "Roll"


@pytest.mark.parametrize("game_id", games())
def test_the_zh_chain_names_each_kind_and_relation_in_chinese(game_id):
    """Each box of the chain names its event's kind in the page's language (中文: no English word), and the
    legend its relations; in English each kind's English name."""
    log = played(game_id)
    games = [i for i, e in enumerate(log) if e.id == 0] + [len(log)]  # the logs of the games played, one by one
    for start, end in itertools.pairwise(games):
        one = log[start:end]
        zh = chain_spec(explorer.event_graph(one), "zh", KindColours())
        drawn = {b["id"]: b for b in spec_boxes(zh)}
        assert set(drawn) == {e.id for e in one}
        for e in one:
            assert drawn[e.id]["kind"] == event_kind_name(game_id, e.kind, "zh")
            assert not ASCII_WORD.search(drawn[e.id]["kind"]), drawn[e.id]["kind"]
        assert not [item["word"] for item in zh["legend"] if ASCII_WORD.search(item["word"])]
    en = chain_spec(explorer.event_graph(log[:250]), "en", KindColours())
    assert {b["kind"] for b in spec_boxes(en)} == {explorer.get_game(game_id).event_kinds[e.kind][0] for e in log[:250]}


@pytest.mark.parametrize("game_id", games())
def test_a_redacted_event_names_who_and_its_kind_in_the_page_language(game_id):
    """Issue 30: a hidden draw reads "Player 1 draws a card (hidden)"; another hidden event names who and its kind
    ("Player 2: Identity (hidden)"); 中文 without an English word."""
    private = [e for e in played(game_id) if e.private_to is not None]
    assert private
    for e in private[:200]:
        zh, en = event_text(e, "zh", visible=False), event_text(e, "en", visible=False)
        words, said = zh.split("] ", 1)[1], en.split("] ", 1)[1]
        assert not ASCII_WORD.search(words), words
        if e.kind == "draw" and e.actor is not None and e.actor >= 0:
            assert said == f"Player {e.actor} draws a card (hidden)" and words == f"玩家 {e.actor} 摸了一张牌（不公开）"
        elif e.actor is not None and e.actor >= 0:
            assert said == f"Player {e.actor}: {explorer.get_game(game_id).event_kinds[e.kind][0]} (hidden)", said
            assert words == f"玩家 {e.actor}：{event_kind_name(game_id, e.kind, 'zh')}（不公开）", words
        else:
            assert said == f"{explorer.get_game(game_id).event_kinds[e.kind][0]} (hidden)", said


def test_the_summary_hover_counts_kinds_in_zh():
    from explorer.event_scopes import summary_graph

    log = played("castle_heart")[:600]
    spec = summary_spec(summary_graph(log), "zh", "castle_heart")
    hover = " ".join(h for t in spec["data"] for h in t.get("hovertext", []) if isinstance(t.get("hovertext"), list))
    kinds = {e.kind for e in log}
    assert any(event_kind_name("castle_heart", k, "zh") in hover for k in kinds)
    assert not [k for k in kinds if re.search(rf"(?<![A-Za-z]){re.escape(k)} \d", hover)]


def test_a_step_told_to_another_viewer_names_hidden_events_in_zh():
    from widgets.play.game_session import GameSession

    s = GameSession("eternal_breath", 3, seed=2, seats={k: "random" for k in range(3)})
    told = 0
    while s.forward() and told < 5:
        node, viewer = s.node, None
        hidden = [e for e in node.state.events[:3] if e.private_to is not None]
        if node.action is None or not hidden:
            continue
        viewer = next((p for p in range(3) if p != node.action.player and not hidden[0].visible_to(p)), None)
        if viewer is None:
            continue
        zh = s.describe_step(node, "zh", viewer)
        assert event_kind_name("eternal_breath", hidden[0].kind, "zh") + "（不公开）" in zh, zh
        assert f"{hidden[0].kind} （不公开）" not in zh and f"{hidden[0].kind} (hidden)" not in zh
        told += 1
    assert told  # the seeded game has steps with another seat's private events
