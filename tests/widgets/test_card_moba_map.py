"""CardMobaMap: a click on a highlighted cell sends exactly the legal action it stands for (MB-term-5-move,
MB-term-3-attack, MB-choice-6-spawn, MB-term-9-blink); a click on any other cell, from a set of buttons no
longer shown, or for another seat's decision, is refused with the rule and changes nothing; the number of
widgets stays bounded over a whole game."""

from __future__ import annotations

import ipywidgets as ipw
import pytest
from ipywidgets.widgets.widget import _instances as live_widgets

import explorer
from explorer import CHANCE, TERMINAL
from explorer.games.card_moba import grid
from widgets.games.card_moba.board import CardMobaBoard
from widgets.games.card_moba.grid import GENERATIONS
from widgets.play.game_session import GameSession

GID = "card_moba"


def session_at(pick, seed: int = 3, players: int = 2) -> GameSession:
    """A session whose current state is the first, in a seeded bot game, for which ``pick(state)`` holds."""
    state = explorer.new_game(GID, players, explorer.get_game(GID).bounded_variant(players, {}))
    for s in explorer.play(state, explorer.get_game(GID).bots()["random"](), seed=seed):
        if s.current_player not in (CHANCE, TERMINAL) and pick(s):
            return GameSession(GID, players, start=s, seed=seed)
    raise AssertionError("no such state in the game")


def button_at(board: CardMobaBoard, cell) -> ipw.Button:
    return next(b for b in board.map._grid.children if b.re_pos == tuple(cell))


def highlighted(board: CardMobaBoard) -> set:
    return {b.re_pos for b in board.map._grid.children if "re-moba-target" in b._dom_classes}


def test_the_highlighted_cells_are_exactly_the_legal_moves_and_attacks():
    """MB-term-5-move / MB-term-3-attack: with "move / attack", the cells lit are the legal moves' cells and the
    cells of the heroes a legal attack may target — computed here from the legal actions and the positions."""
    session = session_at(lambda s: any(a.kind == "move" for a in s.legal_actions()))
    board = CardMobaBoard(session)
    state = session.state
    where = {h.seat: h.pos for h in state.data.heroes}
    expected = {a["to"] for a in state.legal_actions() if a.kind == "move"}
    expected |= {where[a["target"]] for a in state.legal_actions() if a.kind == "attack"}
    assert board.map._tools.value == "basic"
    assert highlighted(board) == expected


def test_clicking_a_highlighted_cell_moves_the_hero_there():
    """MB-term-5-move: the click takes the move to that adjacent cell and nothing else."""
    session = session_at(lambda s: any(a.kind == "move" for a in s.legal_actions()))
    board = CardMobaBoard(session)
    seat = session.state.current_player
    move = next(a for a in session.state.legal_actions() if a.kind == "move")
    button_at(board, move["to"]).click()
    assert session.node.action == move
    assert session.state.data.heroes[seat].pos == move["to"]


def test_clicking_an_enemy_hero_attacks_it():
    """MB-term-3-attack: the enemy's cell stands for the attack on that enemy."""
    session = session_at(lambda s: any(a.kind == "attack" for a in s.legal_actions()))
    board = CardMobaBoard(session)
    attack = next(a for a in session.state.legal_actions() if a.kind == "attack")
    button_at(board, session.state.data.heroes[attack["target"]].pos).click()
    assert session.node.action == attack
    assert any(e.kind == "attack" for e in session.state.events)


def test_a_card_tool_lights_its_targets_and_a_click_plays_it():
    """MB-card-main: picking a card that aims at a cell or a hero lights exactly its targets; a click plays it."""
    def aimed_play(a):
        return a.kind == "play" and ("cell" in a.args or "target" in a.args)

    session = session_at(lambda s: any(aimed_play(a) for a in s.legal_actions()))
    board = CardMobaBoard(session)
    play = next(a for a in session.state.legal_actions() if aimed_play(a))
    board.map._tools.value = f"play:{play['card']}"
    where = {h.seat: h.pos for h in session.state.data.heroes}
    same = [a for a in session.state.legal_actions() if a.kind == "play" and a["card"] == play["card"]]
    assert highlighted(board) == {a["cell"] if "cell" in a.args else where[a["target"]] for a in same}
    cell = play["cell"] if "cell" in play.args else where[play["target"]]
    button_at(board, cell).click()
    assert session.node.action == play


def test_spawn_points_are_chosen_on_the_map():
    """MB-choice-6-spawn: the free spawn points are lit and a click takes one."""
    session = session_at(lambda s: s.data.phase == "spawn")
    board = CardMobaBoard(session)
    spawns = {a["cell"] for a in session.state.legal_actions()}
    assert highlighted(board) == spawns
    cell = sorted(spawns)[0]
    button_at(board, cell).click()
    assert session.node.action["cell"] == cell


def test_a_click_on_a_cell_that_is_no_legal_action_is_refused_with_the_rule():
    """MB-term-5-move / MB-term-6-obstacle: a wall, or a cell too far, is refused naming the rule; nothing changes."""
    session = session_at(lambda s: any(a.kind == "move" for a in s.legal_actions()))
    board = CardMobaBoard(session)
    before, node = session.state, session.node_id
    walls = sorted(grid.board_of(before.data).walls)
    here = before.data.heroes[before.current_player].pos
    far = next(w for w in walls if grid.distance(w, here) > 1)
    button_at(board, far).click()
    assert session.notice["key"] == "illegal" and session.notice["fields"]["clause"] == "MB-term-5-move"
    adjacent_wall = [w for w in walls if grid.distance(w, here) == 1]
    if adjacent_wall:
        button_at(board, adjacent_wall[0]).click()
        assert session.notice["fields"]["clause"] == "MB-term-6-obstacle"
    assert session.node_id == node and session.state is before


def test_a_stale_click_from_buttons_no_longer_shown_is_refused():
    """A click sent before the browser saw the new state (on the set of buttons drawn for an earlier step) is
    refused as stale, even where the same cell now stands for a legal action."""
    session = session_at(lambda s: sum(a.kind == "move" for a in s.legal_actions()) >= 1 and
                         s.data.heroes[s.current_player].steps >= 2)
    board = CardMobaBoard(session)
    old = list(board.map._grid.children)
    move = next(a for a in session.state.legal_actions() if a.kind == "move")
    button_at(board, move["to"]).click()
    node = session.node_id
    back = next(b for b in old if b.re_pos == session.node.parent.state.data.heroes[move.player].pos)
    back.click()  # the old set: the hero's former cell, maybe a legal move back now, but not what was seen
    assert session.notice["key"] == "stale"
    assert session.node_id == node


def test_another_seats_decision_is_not_taken_from_a_players_view():
    """MB-turn-phases: in player k's view, a click during another player's decision lights nothing and is refused."""
    session = session_at(lambda s: any(a.kind == "move" for a in s.legal_actions()))
    other = 1 - session.state.current_player
    board = CardMobaBoard(session, viewer=other)
    assert highlighted(board) == set()
    node = session.node_id
    move = next(a for a in session.state.legal_actions() if a.kind == "move")
    button_at(board, move["to"]).click()
    assert session.notice["key"] == "illegal" and session.notice["fields"]["clause"] == "MB-turn-phases"
    assert session.node_id == node


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_refusal_reads_in_the_pages_language(lang):
    session = session_at(lambda s: any(a.kind == "move" for a in s.legal_actions()))
    board = CardMobaBoard(session, lang=lang)
    here = session.state.data.heroes[session.state.current_player].pos
    size = (board.last_view["map"]["width"], board.last_view["map"]["height"])
    far = next((x, y) for x in range(size[0]) for y in range(size[1]) if grid.distance((x, y), here) > 2)
    button_at(board, far).click()
    reason = session.notice["fields"]["reason"]
    assert any("\u4e00" <= ch <= "\u9fff" for ch in reason) == (lang == "zh"), reason
    state = session.state  # the engine's own reason for that move, in the page's language (legal.W)
    err = state.game.why_illegal(state.data, explorer.act(GID, "move", state.current_player, to=far))
    assert reason == err.reason.in_lang(lang)


def test_the_widgets_stay_bounded_over_a_whole_game():
    """Buttons are reused: however many steps, at most GENERATIONS sets of cell buttons exist."""
    start = explorer.new_game(GID, 2, explorer.get_game(GID).bounded_variant(2, {}))
    session = GameSession(GID, 2, start=start, seed=5, seats={0: "greedy", 1: "greedy"})
    board = CardMobaBoard(session)
    before = None
    for _ in range(400):
        if session.state.current_player == TERMINAL:
            break
        session.forward()
        if board.last_view.get("map") and before is None:
            before = len(live_widgets)
    size = len(board.map._grid.children)
    assert len(board.map._sets) <= GENERATIONS
    assert len(live_widgets) <= before + GENERATIONS * size
