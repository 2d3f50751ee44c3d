"""Every refusal of 永恒之息 and 城堡之心 says why in both languages (issue 14, point 6): a reason is an
``explorer.W`` (its English and its 中文), never an English-only string literal — checked in the source, so a new
reason cannot slip in without its 中文 — and the refusals met in seeded games read in 中文 words only."""

from __future__ import annotations

import ast
import copy
import pickle
import re
from pathlib import Path

import pytest
from reason_words import assert_reads_in_both
from support import games

import explorer
from explorer import IllegalAction, W

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g for g in games() if g != "card_moba"]  # the MOBA's refusals have their own: tests/card_moba/test_reasons.py


def english_only(node: ast.expr | None) -> bool:
    """A reason written as a plain string: a literal, an f-string, either branch of ``a if c else b``, a sum."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.IfExp):
        return english_only(node.body) or english_only(node.orelse)
    if isinstance(node, ast.BinOp):
        return english_only(node.left) or english_only(node.right)
    return isinstance(node, ast.JoinedStr)


def english_only_reasons(source: str, prefix: str) -> list[int]:
    """The lines of ``IllegalAction(clause, reason, …)`` calls and of ``(clause id, reason)`` pairs (what the
    rule modules return for ``why_illegal`` to raise) whose reason is a plain string."""
    clause = re.compile(rf"{prefix}-")
    lines = []
    for node in ast.walk(ast.parse(source)):
        reason = None
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "IllegalAction":
            reason = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "reason"), None)
        elif (isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[0], ast.Constant)
              and isinstance(node.elts[0].value, str) and clause.match(node.elts[0].value)):
            reason = node.elts[1]
        if english_only(reason):
            lines.append(node.lineno)
    return sorted(lines)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_refusal_reason_is_english_only(game_id):
    prefix = explorer.get_game(game_id).info.clause_prefix
    found = [f"{path.relative_to(ROOT)}:{line}"
             for path in sorted((ROOT / "explorer" / "games" / game_id).glob("*.py"))
             for line in english_only_reasons(path.read_text(encoding="utf-8"), prefix)]
    assert not found, f"reasons without their 中文 (wrap them in explorer.W(en, zh)): {found}"


def test_the_scan_finds_the_english_only_reasons_it_is_meant_to():
    """The check above can fail: each way of writing a reason without W is caught, and W is not."""
    source = '''
def why(t, a):
    if a:
        return IllegalAction("EB-1", "plain", a)
    if t:
        return IllegalAction("EB-2", f"it is P{t}'s turn", a)
    if t and a:
        return "EB-3", "from a rule module"
    found = ("EB-4", "one" if a else W("two", "二"))
    return IllegalAction(clause="EB-5", reason="by keyword")
def fine(t, a):
    return IllegalAction("EB-6", W("en", "中文"), a), ("EB-7", W(f"{t}", f"{t}")), ("EB-8", GAME_OVER)
'''
    assert english_only_reasons(source, "EB") == [4, 6, 8, 9, 10]


def refusals(game_id: str, players: int):
    """Every refusal met when, at states of a seeded game, actions legal elsewhere in it are tried."""
    game = explorer.get_game(game_id)
    states = [explorer.new_game(game_id, players, game.bounded_variant(players))]
    states += list(explorer.play(states[0], seed=4, max_steps=300))
    tried = {a for s in states[::7] for a in (s.legal_actions() if not s.is_chance else ())}
    out = {}
    for s in states[::5]:
        if not s.is_terminal:
            legal = set(s.legal_actions()) if not s.is_chance else set()
            for a in tried - legal:
                err = game.why_illegal(s.data, a)
                out[err.clause, str(err.reason)] = err.reason
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_refusals_of_a_seeded_game_read_in_chinese(game_id):
    seen = refusals(game_id, 4)
    assert len({c for c, _ in seen}) >= 8  # many rules, not one
    for reason in seen.values():
        assert_reads_in_both(reason)


@pytest.mark.parametrize("game_id", games())
def test_a_move_after_the_end_is_refused_in_both_languages(game_id):
    """The core's refusal at a finished game (core.terminal) is the games' own: 游戏已结束."""
    game = explorer.get_game(game_id)
    start = explorer.new_game(game_id, 2 if game.min_players <= 2 else game.min_players,
                              game.bounded_variant(max(2, game.min_players)))
    end = explorer.play_out(start, seed=1)
    assert end.is_terminal
    with pytest.raises(IllegalAction) as err:
        end.apply(start.legal_actions()[0] if not start.is_chance else start.chance_outcomes()[0][0])
    assert err.value.clause == "core.terminal"
    assert_reads_in_both(err.value.reason, "the game is over")


def test_a_reason_survives_copy_and_pickle_with_both_languages():
    reason = W("a trap zone holds at most 3 traps", "一个玩家区域至多同时存在3张陷阱卡")
    for again in (copy.copy(reason), copy.deepcopy(reason), pickle.loads(pickle.dumps(reason))):
        assert type(again) is W and again == reason and again.zh == reason.zh
