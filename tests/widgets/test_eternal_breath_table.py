"""The 永恒之息 table as a person reads it (issue 14 points 2 and 7): card faces built from the catalogue,
skill costs said before the click, honest text for the dealer and for hidden zones, and a game over that says
who won and why at the top of the board."""

from __future__ import annotations

import re
from html import escape
from types import SimpleNamespace

import pytest

import explorer
from explorer import TERMINAL, act
from explorer.games.eternal_breath.content import sample
from widgets.games.eternal_breath.board import EternalBreathBoard
from widgets.games.eternal_breath.faces import face
from widgets.games.eternal_breath.table_text import ending_reason
from widgets.play.game_session import GameSession

GAME = "eternal_breath"


def box(html: str, k: int) -> str:
    start = html.index(f'class="re-eb-player re-eb-player-{k}')
    end = html.find('class="re-eb-player re-eb-player-', start + 10)
    return html[start: end if end > 0 else None]


@pytest.mark.parametrize("card_id", sorted(sample().cards))
def test_every_catalogue_card_has_a_face_with_its_printed_numbers(card_id):
    """EB-2.1.1-special … EB-2.5-effect-card: name, type and numbers as the data file prints them."""
    c = sample().cards[card_id]
    for lang in ("en", "zh"):
        f = face(card_id, lang)
        assert f.name(lang) == (c.zh if lang == "zh" else c.en)
        stats = {en: value for en, _zh, value in f.stats}
        if c.is_character:
            assert stats == {"HP": c.hp, "Defence": c.defence}
            assert (c.skill.zh in f.text_zh) and (c.skill.en in f.text_en)
        elif c.kind in ("attack", "defence"):
            assert stats[c.kind.capitalize()] == c.points
        assert f.text_en and f.text_zh and f.clause.startswith("EB-2.")
        assert card_id not in f.tooltip() and c.zh in f.tooltip() and c.en in f.tooltip()


def test_a_skill_with_a_cost_in_life_says_so_before_the_click():
    """EB-3.1-active: the action's text names the skill's price in coins and life, from the catalogue."""
    cards = sample().cards
    for cid, c in cards.items():
        if c.skill is None or c.skill.type != "active":
            continue
        en = act(GAME, "skill", 0, char=cid).describe("en")
        zh = act(GAME, "skill", 0, char=cid).describe("zh")
        if c.skill.cost_life:
            assert f"{c.skill.cost_life} life" in en and f"流失{c.skill.cost_life}点生命" in zh
        if c.skill.cost_coins:
            assert f"{c.skill.cost_coins} coin" in en and f"{c.skill.cost_coins}枚金币" in zh
        loss = sum(e.amount for e in c.skill.effects if e.do == "lose_life" and e.to == "self")
        assert (f"you lose {loss} life" in en) == bool(loss)
        if not (c.skill.cost_life or c.skill.cost_coins or loss):
            assert "(" not in en and "（" not in zh
    assert "costs 1 life" in act(GAME, "skill", 0, char="sp_mingyue").describe("en")


def test_the_dealer_and_the_turn_appear_only_once_the_dealer_is_drawn():
    """EB-1.1.1-dealer: before the draw nobody is the dealer and nobody has a turn."""
    s = GameSession(GAME, 2, seed=4, seats={0: "random", 1: "random"})
    board = EternalBreathBoard(s)
    before = board._html.value
    assert "dealer" not in before.replace("re-eb", "") and "'s turn" not in before and "Setting up" in before
    s.forward()
    dealer = next(e.targets[0] for e in s.state.events if e.kind == "dealer")
    assert "(dealer)" in box(board._html.value, dealer) and "(dealer)" not in box(board._html.value, 1 - dealer)
    board.lang = "zh"
    assert "（庄家）" in box(board._html.value, dealer) and "游戏准备（第 1 轮尚未开始）" in board._html.value


def test_an_empty_hidden_hand_reads_none_and_a_full_one_counts_its_cards():
    """EB-3.1-hand: the others see how many cards a hand holds, written as people write it."""
    s = GameSession(GAME, 2, seed=4, seats={0: "random", 1: "random"})
    s.forward()
    board = EternalBreathBoard(s, viewer=0)
    assert explorer.is_hidden(s.state.view(0)["players"][1]["hand"])
    text = box(board._html.value, 1)
    assert "×" not in text and re.search(r"<b>Hand</b>none", text)
    while not s.state.view(0)["players"][1]["hand"]["count"] > 1:
        assert s.forward()
    n = s.state.view(0)["players"][1]["hand"]["count"]
    assert f"■ {n} hidden cards" in box(board._html.value, 1)
    board.lang = "zh"
    assert f"■ {n} 张隐藏的牌" in box(board._html.value, 1)


def test_game_over_says_who_won_and_why_at_the_top():
    """EB-1.4-victory / EB-1.3-loss: the banner opens the board, names the winners the state names."""
    game = explorer.get_game(GAME)
    s = GameSession(GAME, 2, game.bounded_variant(2), seed=3, seats={0: "greedy", 1: "random"})
    while s.state.current_player != TERMINAL:
        assert s.forward()
    board = EternalBreathBoard(s, viewer=1)
    head = board._html.value.split('<div class="re-eb-head">', 1)[1]
    assert head.startswith('<div class="re-eb-over">')
    winners = s.state.winners
    assert winners and f"Game over: Player {winners[0]} won." in head
    assert "EB-1.4-victory" in head and "self character died" in head
    why = head.split('<span class="re-eb-why">', 1)[1].split("</span></div>", 1)[0]
    words = re.sub(r"<small class='re-clause-id'[^>]*>[^<]*</small>", "", why)
    assert "re-clause-id" in why and "EB-" not in words and "(" not in words  # ids are tags, not in the sentence
    board.lang = "zh"
    assert f"游戏结束：玩家 {winners[0]} 获胜。" in board._html.value


def test_a_bots_round_limit_and_a_skill_win_are_told_apart():
    """EB-A07 (the bots' opt-in round limit: a draw) and EB-3.1-active (幸运星's judgment) each say their rule: the
    sentence has no id in it (issue 31), the rule comes beside it as the reason's clause ids."""
    draw = SimpleNamespace(kind="game over", clause="EB-1.4-victory", values={"round": 3, "round_limit": 3})
    text, clauses = ending_reason([draw], {"winners": []}, "en")
    assert "3 rounds" in text and clauses == ("EB-A07",) and ending_reason([draw], {}, "zh")[1] == ("EB-A07",)
    skill = SimpleNamespace(kind="victory", clause="EB-3.1-active", values={"card": "sp_xingyun"})
    text, clauses = ending_reason([skill], {"winners": [1]}, "en")
    assert "Lucky Star" in text and "P1" not in text and "Player 1" in text and "sp_xingyun" not in text
    assert clauses == ("EB-3.1-active",)
    zh, _ = ending_reason([skill], {"winners": [1]}, "zh")
    assert "幸运星" in zh
    last = SimpleNamespace(kind="victory", clause="EB-1.4-victory", values={})
    for reason in ([draw], [skill], [last], []):
        for lang in ("en", "zh"):
            words, ids = ending_reason(reason, {"winners": [1]}, lang)
            assert ids and "EB-" not in words  # the ids are tags beside the words, never in them
    assert ending_reason([last], {"winners": [0]}, "en")[1] == ("EB-1.3-loss", "EB-1.4-victory")


def test_a_face_opens_on_click_with_both_texts_and_its_clause():
    """Hover (title) and click (<details>) both carry the full text in both languages and the clause."""
    s = GameSession(GAME, 2, seed=2, seats={0: "random", 1: "random"})
    while not s.state.view(0)["players"][0]["hand"]:
        assert s.forward()
    cid = s.state.view(0)["players"][0]["hand"][0]
    f = face(cid, "en")
    html = box(EternalBreathBoard(s, viewer=0)._html.value, 0)
    assert f'title="{escape(f.tooltip(), quote=True)}"' in html
    opened = html.split(f"<b>{escape(f.name_en)}</b>", 1)[1]
    assert escape(f.text_en) in opened and escape(f.text_zh) in opened and f.clause in opened
