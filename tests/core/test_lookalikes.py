"""Look-alike values (issue 20): ``30.0 == 30`` and ``True == 1`` pass ``==`` but break games later. A value must
have the exact type the switch or the action expects; it is refused at the door with the field named, and
nothing changes. 形似而类型不同的值（30.0、True）在入口处被拒绝，并指出字段。"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from support import games

import explorer
from explorer import CHANCE, IllegalAction, Option, VariantError, act, new_game

GAMES = games(shipped=False)


def lookalikes(value):
    """Values equal to ``value`` under ``==`` (or close kin) that are not of its type."""
    out = [None, [value], {"v": value}, (value,)] + ([] if isinstance(value, str) else [str(value)])
    if isinstance(value, bool):
        out += [int(value), float(value), Fraction(int(value))]
    elif isinstance(value, int):
        out += [float(value), Fraction(value), complex(value)]
        if value in (0, 1):
            out.append(bool(value))
    elif isinstance(value, str):
        out += [value.encode(), 0]
    return out


def bad_new_game_calls():
    """(game id, players, variant, field the error must name): players look-alikes, each switch's look-alikes,
    out-of-range numbers, NaN and infinities, unknown switches."""
    calls = []
    for game_id in GAMES:
        game = explorer.get_game(game_id)
        for players in (True, False, float(game.min_players), str(game.min_players), None, -3, 0,
                        game.max_players + 1, [game.min_players], Fraction(game.min_players), complex(2)):
            calls.append((game_id, players, None, "players"))
        players = game.min_players
        for name, option in sorted(game.options.items()):
            allowed = option.values if option.values is not None else (option.default,)
            for value in allowed:
                for bad in lookalikes(value):
                    calls.append((game_id, players, {name: bad}, name))
            if option.values is None:
                bounded = option.maximum is not None and math.isfinite(option.maximum)
                above = [option.maximum + 1] if bounded else []
                for bad in (math.nan, math.inf, -math.inf, option.minimum - 1, *above):
                    calls.append((game_id, players, {name: bad}, name))
        for unknown in ("no_such_switch", "", "Round_Limit"):
            calls.append((game_id, players, {unknown: 1}, unknown))
        for not_a_mapping in ([("a", 1)], "abc", 5, True):
            calls.append((game_id, players, not_a_mapping, "variant"))
    return calls


BAD_CALLS = bad_new_game_calls()


def test_there_are_at_least_335_bad_new_game_calls():
    assert len(BAD_CALLS) >= 335


@pytest.mark.parametrize("game_id, players, variant, field", BAD_CALLS,
                         ids=[f"{g}-{f or 'empty'}-{i}" for i, (g, _, _, f) in enumerate(BAD_CALLS)])
def test_a_lookalike_in_new_game_is_refused_naming_the_field(game_id, players, variant, field):
    with pytest.raises(ValueError) as err:
        new_game(game_id, players, variant)
    if field == "players":
        assert not isinstance(err.value, VariantError) and "players" in str(err.value)
    else:
        assert isinstance(err.value, VariantError) and err.value.key == field and err.value.reason


@pytest.mark.parametrize("game_id", GAMES)
def test_every_allowed_value_of_its_own_type_is_accepted(game_id):
    """The refusals above are not a switch refusing everything: each listed value, exactly typed, starts a game."""
    game = explorer.get_game(game_id)
    for name, option in game.options.items():
        for value in option.values if option.values is not None else (option.default, option.minimum):
            if option.values is None and option.default.__class__ is int:
                value = int(value)
            s = new_game(game_id, game.min_players, {name: value})
            assert s.variant[name] == value and type(s.variant[name]) is type(value)
            assert json.loads(s.to_json())["variant"][name] == value  # it can be saved


def test_option_check_wants_the_switchs_own_type():
    listed = Option("round_limit", 30, values=(30, 60))
    assert listed.check(30) is None and listed.check(60) is None
    assert listed.check(30.0) and listed.check(True) and listed.check("30")
    flag = Option("stack", True, values=(True, False))
    assert flag.check(False) is None and flag.check(1) and flag.check(0)
    ranged = Option("hp_cap", 60, minimum=60, maximum=10**9)
    assert ranged.check(61) is None and ranged.check(61.0) and ranged.check(True) and ranged.check(59)
    real = Option("ratio", 0.5, minimum=0, maximum=1)
    assert real.check(1) is None and real.check(0.25) is None and real.check(math.nan) and real.check(True)


def test_actions_differ_by_the_type_of_their_values():
    a = act("toy_duel", "roll", CHANCE, die=1)
    assert a != act("toy_duel", "roll", CHANCE, die=1.0) and a != act("toy_duel", "roll", CHANCE, die=True)
    assert a == act("toy_duel", "roll", CHANCE, die=1) and len({a, act("toy_duel", "roll", CHANCE, die=1.0)}) == 2
    assert act("toy_duel", "pass", 1) != act("toy_duel", "pass", True) != act("toy_duel", "pass", 1.0)
    assert act("toy_duel", "x", 0, t=(1, 2)) != act("toy_duel", "x", 0, t=(1, 2.0))


def positions(game_id: str, count: int = 40):
    """States of a seeded bounded game where a player (not chance) decides."""
    game = explorer.get_game(game_id)
    players = max(game.min_players, 2)
    start = new_game(game_id, players, game.bounded_variant(players))
    out = [start] if start.current_player >= 0 else []
    for s in explorer.play(start, seed=3, max_steps=400):
        if s.current_player >= 0 or s.is_chance:
            out.append(s)
        if len(out) >= count:
            break
    return out


def lookalike_actions(action: explorer.Action):
    """(bad action, field it must name): the player or one parameter replaced by a look-alike."""
    out = []
    if action.player >= 0:
        out.append((explorer.Action(action.game, action.kind, float(action.player), action.params), "player"))
        if action.player in (0, 1):
            out.append((explorer.Action(action.game, action.kind, bool(action.player), action.params), "player"))
    for i, (name, value) in enumerate(action.params):
        for bad in (lookalikes(value) if isinstance(value, int) else ()):
            if isinstance(bad, float | bool):
                params = (*action.params[:i], (name, bad), *action.params[i + 1:])
                out.append((explorer.Action(action.game, action.kind, action.player, params), name))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_lookalike_actions_are_refused_naming_the_field_and_change_nothing(game_id):
    tried = 0
    for state in positions(game_id):
        before = state.to_json()
        for legal in state.legal_actions()[:6]:
            for bad, field in lookalike_actions(legal):
                assert bad == bad and bad != legal and not state.is_legal(bad)
                with pytest.raises(IllegalAction) as err:
                    state.apply(bad)
                assert err.value.clause == "core.action" and (
                    f"{field!r}" in err.value.reason or field in err.value.reason), err.value.reason
                assert state.to_json() == before
                tried += 1
    assert tried >= 15, f"{game_id}: only {tried} look-alike actions tried"
    _TRIED[game_id] = tried


_TRIED: dict[str, int] = {}


def test_at_least_60_bad_actions_were_tried():
    if len(_TRIED) < len(GAMES):  # run alone: count again
        for game_id in GAMES:
            test_lookalike_actions_are_refused_naming_the_field_and_change_nothing(game_id)
    assert sum(_TRIED.values()) >= 60
