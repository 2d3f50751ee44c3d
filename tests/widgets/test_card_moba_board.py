"""CardMobaBoard: the map matches the view (walls, special cells, spawns, heroes); heroes, cards, skills,
bloodline pieces, statuses and numbers are card faces with both languages and the clause; a player's view
shows only that player's hand; game over says who won and by which rule; and no catalogue id reaches any text
a person reads (board, map buttons, action buttons, event texts) over whole seeded games, in both languages."""

from __future__ import annotations

import html
import re

import pytest

import explorer
from explorer import CHANCE, TERMINAL
from explorer.games.card_moba import statuses
from explorer.games.card_moba.content import STATUSES, sample
from widgets.games.card_moba.board import CardMobaBoard
from widgets.play.game_session import GameSession

GID = "card_moba"


def played_session(steps: int = 120, viewer_seed: int = 4) -> GameSession:
    start = explorer.play_out(explorer.new_game(GID, 2), seed=viewer_seed, max_steps=steps)
    return GameSession(GID, 2, start=start)


def test_the_map_shows_every_wall_special_cell_spawn_and_hero():
    session = played_session()
    board = CardMobaBoard(session)
    m = board.last_view["map"]
    buttons = {b.re_pos: b for b in board.map._grid.children}
    assert set(buttons) == {(x, y) for x in range(m["width"]) for y in range(m["height"])}

    def having(cls):
        return {p for p, b in buttons.items() if cls in b._dom_classes}

    assert having("re-moba-wall") == {tuple(w) for w in m["walls"]}
    assert having("re-moba-special") == {tuple(s["cell"]) for s in m["special"]}
    assert having("re-moba-spawn") == {tuple(s) for s in m["spawns"]}
    players = board.last_view["players"]
    standing = {tuple(p["position"]): k for k, p in enumerate(players) if p["position"] and p["alive"]}
    assert having("re-moba-hero-cell") == set(standing)
    assert all(buttons[pos].description == f"P{k}" for pos, k in standing.items())
    # the key under the map (issue 31): every special cell's letter with its name, walls, spawns, a hero's token
    for lang in ("en", "zh"):
        key = html.unescape(board.map.legend_html(m, lang))
        for cell in m["special"]:
            assert f">{cell[lang][0]}</i>{cell[lang]}<" in key
        wall, spawn = ("wall", "spawn point") if lang == "en" else ("墙体", "出生点")
        assert wall in key and spawn in key and ("P0</b> = Player 0" if lang == "en" else "P0</b> = 玩家 0") in key
    assert board.map._legend.value == board.map.legend_html(m, "en")
    # the Learn tab copies the HTML: it carries a still picture of the same map
    cells = re.findall(r'<td class="([^"]*)" title="\((\d+), (\d+)\)', board._html.value)
    assert len(cells) == m["width"] * m["height"]


def faces(text: str) -> list[str]:
    """The tooltips of the card faces in a board's HTML."""
    return [html.unescape(t) for t in re.findall(r'<details class="re-face[^"]*" title="([^"]*)"', text)]


def test_heroes_cards_skills_and_bloodlines_are_faces_with_both_languages_and_the_clause():
    session = played_session()
    board = CardMobaBoard(session, lang="en")
    c = sample()
    tips = faces(board._html.value)
    for p in board.last_view["players"]:
        hero = c.heroes[p["hero"]]
        assert any(t.startswith(f"{hero['zh']} / {hero['en']}") and "[MB-hero-stats]" in t for t in tips)
        for skill in hero["skills"]:
            assert any(t.startswith(f"{skill['zh']} / {skill['en']}") and "[MB-hero-" in t for t in tips)
        for piece in p["bloodline"]:
            entry = {**c.systems, **c.pieces, **c.dusts}[piece]
            assert any(entry["zh"].split("：")[0] in t and re.search(r"\[MB-bloodline-\w+\]", t) for t in tips)
        for card in p["hand"]:
            text = c.cards[card]
            assert any(text["zh"] in t and text["en"] in t and "[MB-card-cost]" in t for t in tips)


def test_a_status_shows_its_rule_and_layers():
    """MB-status-13-poison: in the scenario "poisoned with a shield", the poisoned hero's status face says poison,
    its layers and turns (from the state), and the clause, in both languages on hover."""
    start = explorer.get_game(GID).scenarios()["poisoned_with_shield"].make()
    poisoned = next(h for h in start.data.heroes if statuses.find(h, "poison"))
    poison = statuses.find(poisoned, "poison")
    board = CardMobaBoard(GameSession(GID, start.players, start=start), lang="zh")
    tip = next(t for t in faces(board._html.value) if t.startswith("中毒 / poison"))
    assert "[MB-status-13-poison]" in tip
    summary = re.search(r'<summary><b>中毒</b>(.*?)</summary>', board._html.value).group(1)
    assert f"层 {poison.layers}<" in summary and f"回合 {poison.duration}<" in summary


def test_a_players_view_shows_only_their_own_hand():
    session = played_session()
    for seat in (0, 1):
        board = CardMobaBoard(session, viewer=seat, lang="en")
        own = session.state.data.heroes[seat].hand
        other = session.state.data.heroes[1 - seat].hand
        body = board._html.value
        assert board.last_view == session.state.view(seat, with_log=False)
        panels = re.split(r'<div class="re-moba-player(?: re-moba-now)?">', body)[1:]
        assert f"{len(other)} card(s), hidden" in panels[1 - seat] or (not other and "no cards" in panels[1 - seat])
        assert panels[1 - seat].count("[MB-card-cost]") == 0
        assert panels[seat].count("[MB-card-cost]") == len(own)


def test_game_over_says_who_won_and_by_which_rule():
    state = explorer.new_game(GID, 2, explorer.get_game(GID).bounded_variant(2, {}))
    end = explorer.play_out(state, explorer.get_game(GID).bots()["greedy"](), seed=2)
    assert end.current_player == TERMINAL
    for lang in ("en", "zh"):
        board = CardMobaBoard(GameSession(GID, 2, start=end), lang=lang)
        head = html.unescape(board._head.value)
        assert "re-moba-over" in head
        top = re.search(r'class="re-moba-over">([^<]*)<', head).group(1)
        for k in end.winners:
            assert (f"Player {k}" if lang == "en" else f"玩家 {k}") in top or f"P{k}" in top, top
        best = max(h.score for h in end.data.heroes)
        rule = "MB-choice-4-score" if best >= end.data.win_score else "MB-A15"
        assert rule in top


# --- no catalogue id anywhere a person reads -------------------------------------------------------------
def catalogue_ids() -> set[str]:
    """Every id of the sample content and the status names, except those that are also a word of the content's
    own English display text (a status called "poison" is its own name)."""
    c = sample()
    ids = set(c.heroes) | set(c.marks) | set(c.cards) | set(c.cells) | set(c.maps) | set(c.systems)
    ids |= set(c.pieces) | set(c.dusts) | set(STATUSES)
    ids |= {s["id"] for h in c.heroes.values() for s in h["skills"]}
    english = " ".join([*(statuses.NAMES[s][1] for s in STATUSES),
                        *(e["en"] for table in (c.heroes, c.marks, c.cards, c.cells, c.systems, c.pieces, c.dusts)
                          for e in table.values()),
                        *(s["en"] for h in c.heroes.values() for s in h["skills"])])
    words = set(re.findall(r"[A-Za-z_]+\d*", english))
    return {i for i in ids if i not in words}


IDS = catalogue_ids()
ID_RE = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, IDS), key=len, reverse=True)) + r")(?![\w-])")


def readable(markup: str) -> str:
    """What a person reads in a board's HTML: the text and the hover titles (not the tags, classes or style)."""
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    titles = " ".join(re.findall(r'title="([^"]*)"', markup))
    return html.unescape(re.sub(r"<[^>]+>", " ", markup) + " " + titles)


def texts_of(board: CardMobaBoard, session: GameSession, lang: str) -> list[str]:
    state = session.state
    out = [readable(board._head.value), readable(board._html.value)]
    out += [f"{b.description} {b.tooltip}" for b in board.map._grid.children]
    out += [label for label, _ in board.map._tools.options]
    if state.current_player not in (CHANCE, TERMINAL):
        out += [a.describe(lang) for a in state.legal_actions()]
    out += [e.describe(lang) for e in state.events]
    return out


def test_the_catalogue_ids_are_known():
    assert {"gale", "hurricane", "tongling", "O1", "armour_break", "spring", "arena"} <= IDS


@pytest.mark.parametrize("seed", [1, 2])
def test_no_catalogue_id_in_any_text_over_whole_games(seed):
    """Whole seeded games (greedy bots, the simulation limits): at every decision, the board (both viewers, both
    languages), the map buttons, the action buttons and every event text name things, never ids."""
    state = explorer.new_game(GID, 2, explorer.get_game(GID).bounded_variant(2, {}))
    session = GameSession(GID, 2, start=state, seed=seed, seats={0: "greedy", 1: "greedy"})
    boards = {(lang, viewer): CardMobaBoard(session, lang=lang, viewer=viewer)
              for lang in ("en", "zh") for viewer in (-1, 0)}
    seen = 0
    while session.state.current_player != TERMINAL:
        assert session.forward(), session.notice_text("en")
        if session.state.current_player == CHANCE:
            continue
        for (lang, _viewer), board in boards.items():
            for text in texts_of(board, session, lang):
                found = ID_RE.search(text)
                assert found is None, f"step {session.step}, {lang}: {found.group(0)!r} in {text[:300]!r}"
        seen += 1
    assert seen > 50


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_header_shows_mode_and_setup_clauses_as_tags_not_in_the_sentence(lang):
    """Issue 31 point 5: "模式: Ruler [MB-mode-ruler]" put a clause id inside the line a person reads; the ids are
    small tags beside the words (widgets.i18n.clause_tag)."""
    from widgets.games.card_moba.board import head_html
    for view in ({"phase": "map", "mode": "ruler"}, {"phase": "action", "mode": "classic", "turn": {"round": 2}}):
        text = head_html(view, lang)
        words = re.sub(r"<small class='re-clause-id'[^>]*>[^<]*</small>", "", text)
        assert "re-clause-id" in text and "MB-mode-" in text
        assert not re.search(r"\[?MB-[a-z0-9-]+\]?", words), words
