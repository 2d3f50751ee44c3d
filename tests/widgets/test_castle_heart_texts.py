"""城堡之心's table and texts as a person reads them: whole seeded games walked step by step, in 中文 and English,
from the teacher's view and a player's own — no catalogue id (``great_sword``, ``berserker``, ``draw_phase``…)
in any rendered text, action or event; in 中文 no English word; a player's table never holds another seat's
secret identity; game over says who won and by which rule."""

from __future__ import annotations

import html
import re

import pytest

import explorer
from explorer.games.castle_heart.content import CONTENT, EFFECTS, SKILLS, SLOTS, SOLDIERS
from widgets.games.castle_heart.board import CastleHeartBoard
from widgets.games.castle_heart.seat import PHASES
from widgets.play.game_session import GameSession

GAME = explorer.get_game("castle_heart")
CLAUSE = re.compile(r"\bCH-[A-Za-z0-9-]+")
# every catalogue id a person could be shown by mistake
IDS = ({*CONTENT.cards, *CONTENT.heroes, *SOLDIERS, *SLOTS, *SKILLS, *PHASES}
       | {e for words in EFFECTS.values() for e in words})
# in English, an id that is also an English word of a card's own name (sword, mana, heal, fireball, …) is not
# a leak when it is read as a word; the ones with "_" and the heroes' ids are never prose
EN_IDS = {i for i in IDS if "_" in i} | set(CONTENT.heroes) - {"saint", "berserker", "archmage", "arcanist"}


def readable(page: str, both: bool = True) -> str:
    """What a person can read in a piece of HTML: its text and (``both``) its tooltips (``title``) and opened
    card texts, which hold both languages; without the style sheet and the clause ids (cited on purpose)."""
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    if not both:
        page = re.sub(r'<div class="re-face-text">.*?</div></div>', " ", page, flags=re.S)
        page = re.sub(r'title="[^"]*"', " ", page)
    titles = " ".join(html.unescape(t) for t in re.findall(r'title="([^"]*)"', page))
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return CLAUSE.sub(" ", f"{text} {titles}")


def leaks(text: str, lang: str) -> set[str]:
    ids = IDS if lang == "zh" else EN_IDS
    found = {i for i in ids if re.search(rf"(?<![A-Za-z_]){re.escape(i)}(?![A-Za-z_])", text)}
    if lang == "en":  # a hero's id is capitalised in its name (Levi); the lower-case id is the leak
        found = {i for i in found if i in EN_IDS}
    return found


def board_text(board: CastleHeartBoard) -> str:
    """The table's text in its language; in English the hover texts too (their English half is checked here,
    their 中文 half is the same face's name and text as on a 中文 table)."""
    parts = [board._centre.value, board._how_text.value]
    parts += [w.value for w in (*board._heads, *board._bodies)]
    parts += [f'{b.description} title="{html.escape(b.tooltip or "")}"' for b in board.target_buttons]
    return readable(" ".join(parts), both=board.lang == "en")


def english_words(text: str) -> list[str]:
    """Latin words left in a 中文 text (numbers, HP and the hover text's English half excepted)."""
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in ("HP",)]


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (5, 11), (8, 2)])
def test_a_whole_seeded_game_shows_no_catalogue_id_in_either_language(players, seed):
    variant = GAME.bounded_variant(players)
    bots = {k: GAME.bots()["greedy"]() for k in range(players)}
    states = list(explorer.play(explorer.new_game("castle_heart", players, variant), bots, seed=seed))
    assert states[-1].current_player == explorer.TERMINAL
    session = GameSession("castle_heart", players, variant=variant, seed=seed)
    teacher = CastleHeartBoard(session, lang="en", viewer=-1)
    player = CastleHeartBoard(session, lang="zh", viewer=1)
    seen_en, seen_zh = set(), set()
    for state in states:
        session.choose(state.history[-1], autoplay=False)
        seen_en |= leaks(board_text(teacher), "en")
        seen_zh |= leaks(board_text(player), "zh")
        for a in session.state.legal_actions()[:12]:
            seen_en |= leaks(a.describe("en"), "en")
            seen_zh |= leaks(a.describe("zh"), "zh")
        for e in session.state.events:
            seen_en |= leaks(e.describe("en"), "en")
            seen_zh |= leaks(e.describe("zh"), "zh")
    assert session.state.current_player == explorer.TERMINAL
    assert seen_en == set() and seen_zh == set()
    teacher.lang, player.lang = "zh", "en"  # the other language of each view at the end
    assert leaks(board_text(teacher), "zh") == set() and leaks(board_text(player), "en") == set()


def test_a_players_table_never_holds_another_seats_secret_identity():
    players, seed = 5, 11
    variant = GAME.bounded_variant(players)
    session = GameSession("castle_heart", players, variant=variant, seed=seed,
                          seats={k: "greedy" for k in range(players)})
    board = CastleHeartBoard(session, lang="en", viewer=2)
    checked = 0
    while session.forward():
        view = session.state.view(2, with_log=False)
        shown = [p["identity"] for p in view["players"] if not explorer.is_hidden(p["identity"]) and p["identity"]]
        text = " ".join([board._centre.value, *[w.value for w in (*board._heads, *board._bodies)], board._html.value])
        faces = re.findall(r'<summary><b>(Lord|Enemy|Reinforcement|Neutral)</b><span class="re-face-kind">identity',
                           text)
        # each identity face on the table is one the view shows (the one-picture copy draws it a second time)
        assert sorted(f.lower() for f in faces) == sorted(shown * 2), session.step
        checked += 1
    assert checked > 100 and session.state.current_player == explorer.TERMINAL


def test_game_over_says_who_won_and_by_which_rule_in_both_languages():
    players, seed = 4, 3
    variant = GAME.bounded_variant(players)
    session = GameSession("castle_heart", players, variant=variant, seed=seed,
                          seats={k: "greedy" for k in range(players)})
    while session.forward():
        pass
    state = session.state
    end = next(e for e in reversed(state.log) if e.kind == "game over")
    board = CastleHeartBoard(session, lang="zh", viewer=0)
    centre = readable(board._centre.value)
    assert "游戏结束" in centre and f"[{end.clause}]" in board._centre.value and "获胜" in centre
    winners = "、".join(f"玩家 {p}" for p in state.winners)
    assert (winners or "无") in end.describe("zh")
    board.lang = "en"
    centre = readable(board._centre.value)
    assert "Game over" in centre and "Winners: " in centre
    why = {"CH-goal-lord": "the lord's side wins", "CH-goal-enemy": "the enemies win",
           "CH-round-cap": "nobody wins"}.get(end.clause, "wins")
    assert why in end.describe("en")


def test_no_english_is_left_on_a_chinese_table_but_the_hover_texts_other_half():
    start = GAME.scenarios()["knight_charge"].make()
    board = CastleHeartBoard(GameSession("castle_heart", 4, start=start), lang="zh", viewer=0)
    page = " ".join([board._centre.value, *[w.value for w in (*board._heads, *board._bodies)]])
    assert "骑士" in page and "<b>Knight</b>" not in page
    assert english_words(readable(page, both=False)) == []
    assert english_words(" ".join(b.description for b in board.target_buttons)) == []
