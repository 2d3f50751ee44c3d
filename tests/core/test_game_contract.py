"""The Game contract (docs/DESIGN.md): each game declares what it is once (``GameInfo``), writes the abstract hooks,
and takes a documented default for every other. 游戏契约：每个游戏只声明一次自身信息，抽象钩子必须实现，其余有默认。"""

from __future__ import annotations

import random

import pytest
from support import games

import explorer
from explorer import Game, GameInfo

GAMES = games(shipped=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_declares_what_it_is_once_and_its_registers_agree(game_id):
    game = explorer.get_game(game_id)
    info = game.info
    assert isinstance(info, GameInfo) and info.id == game_id
    assert (game.id, game.name_en, game.name_zh, game.min_players, game.max_players, game.players_clause) == \
        (info.id, info.name_en, info.name_zh, info.min_players, info.max_players, info.players_clause)
    ids = [c.id for c in game.clauses] + [a.id for a in game.assumptions]
    wrong = [i for i in ids if not i.startswith(f"{info.clause_prefix}-")]
    assert not wrong, f"{game_id}: ids without the prefix {info.clause_prefix}-: {wrong[:5]}"
    if game_id in games() or info.players_clause:  # a product game names it; the toy game of the core's tests none
        assert info.players_clause in ids, "the clause that states the player count"
    assert set(info.simulation_limits) <= set(game.options), "a simulation limit is a switch of the game"
    assert game.simulation_limits(info.max_players) == dict(info.simulation_limits)
    assert info.name("zh") == info.name_zh and info.name("en") == info.name_en


def test_the_game_base_is_abstract_and_names_a_hook_left_out():
    with pytest.raises(TypeError):
        Game()
    toy = type(explorer.get_game("toy_duel"))
    partial = type("NoApply", (Game,), {k: v for k, v in vars(toy).items() if k not in ("apply", "__dict__")})
    with pytest.raises(TypeError, match="apply"):
        partial()


def test_the_optional_hooks_have_their_documented_defaults():
    toy = explorer.get_game("toy_duel")
    s = explorer.new_game("toy_duel", 2)
    assert type(toy).turn_pass is Game.turn_pass and toy.turn_pass(s.data) is None
    assert toy.info.hidden_information  # hands are secret: without a determinise of its own it cannot be searched
    with pytest.raises(NotImplementedError, match="determinise"):
        toy.determinise(s, 0, random.Random(0))
    open_game = type("OpenToy", (type(toy),), {"info": GameInfo(
        id="open_toy", name_en="Open toy", name_zh="明牌玩具", min_players=2, max_players=3,
        clause_prefix="TOY", hidden_information=False)})()
    assert open_game.id == "open_toy" and open_game.determinise(s, 0, random.Random(0)) is s
    assert open_game.simulation_limits(2) == {} and toy.seat_facts(s) == [{}, {}]
