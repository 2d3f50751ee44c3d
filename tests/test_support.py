"""Issue 35 item 3: tests and bench ask the registry for the games (``support.games``), so a new game is tested
everywhere by default — the helper returns exactly the product's games and honours its filters, and no file of
tests/ or bench/ writes a list of two or more game ids by hand (a table of data game by game is a ``PerGame``, which
fails naming a game it lacks).
测试与基准从注册表取游戏列表：新游戏默认处处受测；手写的多游戏 id 列表会被扫描发现。"""

from __future__ import annotations

import ast
import dataclasses

import pytest
from support import ROOT, PerGame, games, smallest_tables

import explorer
from explorer import registry

# A literal that names two or more games and is not a list of "every game": (file, the ids it names) → why.
ALLOWED = {
    ("tests/app/test_learn_browser.py", "card_moba castle_heart"):
        "its subject: the Learn and Play tabs of these two games, each with its own board mark, clause and scenario",
    ("tests/widgets/test_guided_tour_games.py", "card_moba castle_heart"):
        "the two series whose lessons are one per tutorial (永恒之息 has two lessons to some notebooks)",
    ("tests/widgets/test_session_played_notice.py", "card_moba eternal_breath"):
        "issue 31's clicks, in the two games whose click counts bench/clicks.py holds to a target",
    ("tests/core/test_content_doors.py", "castle_heart eternal_breath"):
        "two named cases: a file read when its game is imported (城堡之心's deck) and one read when a game starts",
    ("bench/clicks.py", "card_moba eternal_breath"):
        "issue 31's targets, set for these two games only (a game without one is measured against 'before')",
    ("bench/engine.py", "card_moba castle_heart eternal_breath"):
        "MYPYC: numbers measured once for the three games and recorded, not a list of games to run",
}


# --- the helper ----------------------------------------------------------------------------------------------------

def test_games_are_the_product_games_sorted_and_the_toy_only_when_asked():
    folders = {p.name for p in (ROOT / "explorer" / "games").iterdir() if (p / "__init__.py").exists()}
    shipped = games()
    assert list(shipped) == sorted(shipped) and len(shipped) >= 3
    assert set(shipped) == folders - set(explorer.broken_games())  # every game folder that loads, nothing else
    assert "toy_duel" in explorer.game_ids() and "toy_duel" not in shipped  # tests/conftest.py registered it
    assert games(shipped=False) == tuple(sorted((*shipped, "toy_duel")))


def test_a_game_registered_in_the_games_folder_is_in_every_list_at_once(monkeypatch):
    """A new game needs no test edited to be tested: registering it is enough (here a copy of a real game's class,
    its info renamed, in a folder explorer/games/<id> that does not exist)."""
    real = explorer.get_game(games()[0])
    new = type(real)()
    new.info = dataclasses.replace(real.info, id="zz_new_game")
    new.id, new.folder = "zz_new_game", ROOT / "explorer" / "games" / "zz_new_game"
    monkeypatch.setitem(registry._GAMES, new.id, new)
    assert games()[-1] == "zz_new_game" and smallest_tables()[-1] == ("zz_new_game", real.min_players)
    with pytest.raises(KeyError, match="'zz_new_game' is a registered game with no entry"):
        [PerGame(dict.fromkeys(games()[:-1], 1))[g] for g in games()]


def test_the_filters_keep_the_games_that_allow_a_table_and_offer_the_bots():
    for n in range(0, 10):
        allowed = games(players=n)
        for g in games():
            game = explorer.get_game(g)
            assert (g in allowed) == (game.min_players <= n <= game.max_players), (g, n)
    assert games(players=2) and "castle_heart" not in games(players=2)  # CH-A02: three players at least
    assert "castle_heart" in games(players=3) and games(players=1) == ()
    assert games(bots=("random",)) == games() and games(bots=("random", "no such bot")) == ()
    assert "toy_duel" not in games(shipped=False, bots=("greedy",))  # the toy offers the random bot alone
    assert games(players=2, bots=("greedy",)) == tuple(g for g in games(players=2) if "greedy" in
                                                        explorer.get_game(g).bots())


def test_smallest_tables_are_each_games_least_table():
    assert [g for g, _ in smallest_tables()] == list(games())
    assert all(n == explorer.get_game(g).min_players for g, n in smallest_tables())
    assert smallest_tables(players=2) == tuple((g, n) for g, n in smallest_tables() if g in games(players=2))


def test_a_per_game_table_names_the_game_it_lacks_and_still_answers_get():
    table = PerGame(card_moba=2, castle_heart=3)
    assert table["card_moba"] == 2 and table.get("eternal_breath", 9) == 9 and "eternal_breath" not in table
    with pytest.raises(KeyError, match="'eternal_breath' is a registered game with no entry in this table "
                                       r"\(it has card_moba, castle_heart\)"):
        table["eternal_breath"]


# --- no hand-written list of games ---------------------------------------------------------------------------------

def _lead(node: ast.expr) -> object:
    """The string a list's item names a game by: itself, the first of a tuple (``("card_moba", 2)``), the first
    argument of a call (``pytest.param("card_moba", 2, …)``)."""
    if isinstance(node, (ast.Tuple, ast.List)) and node.elts:
        node = node.elts[0]
    elif isinstance(node, ast.Call) and node.args:
        node = node.args[0]
    return node.value if isinstance(node, ast.Constant) else None


def game_lists(source: str, ids: set[str]) -> list[tuple[int, tuple[str, ...]]]:
    """(line, the ids named) of each tuple, list or set literal whose items name two or more of ``ids``, and of each
    dict literal keyed by two or more of them that is not a ``PerGame``."""
    tree = ast.parse(source)
    per_game = {id(n.args[0]) for n in ast.walk(tree) if isinstance(n, ast.Call) and n.args
                and getattr(n.func, "id", getattr(n.func, "attr", "")) == "PerGame"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            named = {_lead(e) for e in node.elts} & ids
        elif isinstance(node, ast.Dict) and id(node) not in per_game:
            named = {k.value for k in node.keys if isinstance(k, ast.Constant)} & ids
        else:
            continue
        if len(named) >= 2:
            found.append((node.lineno, tuple(sorted(named))))
    return sorted(found)


def test_the_scan_finds_the_lists_it_is_meant_to():
    """The scan below can fail: each way of writing a list of games by hand is caught; one game, ``games()``,
    a ``PerGame`` and a list naming one game among others are not."""
    source = '''
A = ("a", "b")
B = [("a", 2), ("b", 3)]
C = [pytest.param("a", marks=slow), ("b", 1)]
D = {"a", "b"} - {game_id}
E = {"a": 1, "b": 2}
fine = ("a", games(), PerGame({"a": 1, "b": 2}), PerGame(a=1, b=2), [("a", "x"), ("a", "y")], {"a": ("b", 1)})
'''
    assert game_lists(source, {"a", "b"}) == [(2, ("a", "b")), (3, ("a", "b")), (4, ("a", "b")), (5, ("a", "b")),
                                              (6, ("a", "b"))]


def test_no_file_of_tests_or_bench_lists_the_games_by_hand():
    ids, found, used = set(games()), [], set()
    for path in sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "bench").rglob("*.py")]):
        name = path.relative_to(ROOT).as_posix()
        for line, named in game_lists(path.read_text(encoding="utf-8"), ids):
            if (name, " ".join(named)) in ALLOWED:
                used.add((name, " ".join(named)))
            else:
                found.append(f"{name}:{line} {', '.join(named)}")
    assert not found, f"lists of games written by hand (ask support.games() or write a PerGame): {found}"
    assert not set(ALLOWED) - used, f"allowed lists no longer there (drop them): {sorted(set(ALLOWED) - used)}"
