"""Issue 38, round two, item a: a hand-made save ``start`` is bounded by each game's own rules
(``Game.start_bounds``: coins 0 to 20, HP at most the maximum, stamina within its cap, a soldier in play has HP, …),
beyond the generic ±10^6 of tests/core/test_save_start_bounds.py. Every position the games really reach (seeded
random-bot games, saved as a start at many steps, and the scenarios) loads; a position with one number moved out
of its range is refused with a SaveError naming the field and the clause, in English and 中文."""

from __future__ import annotations

import dataclasses
import json

import pytest
from support import games

from explorer import SaveError, from_json
from explorer.errors import W
from explorer.play import play
from explorer.registry import Bound, get_game
from explorer.saves import within_bounds
from explorer.state import State, new_game

GAMES = games()


def positions(game_id: str, seeds: range):
    """(players, variant, data) of every step of seeded random-bot games, at every table size in turn."""
    game = get_game(game_id)
    for seed in seeds:
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        variant = game.resolve_variant(game.bounded_variant(players))
        start = new_game(game_id, players, variant)
        yield players, variant, start.data
        for state in play(start, seed=seed, max_steps=game.max_steps(players, variant)):
            yield players, variant, state.data


def as_start(game_id: str, players: int, variant: dict, data) -> str:
    """A save whose start is ``data`` and whose history is empty (so its data is its start too)."""
    return State(get_game(game_id), players, variant, data).to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_position_of_real_games_is_within_the_games_bounds(game_id):
    game, seen = get_game(game_id), 0
    for players, _, data in positions(game_id, range(12)):
        within_bounds(data, game.start_bounds(data, players), game)
        seen += 1
    for scenario in game.scenarios().values():
        state = scenario.make()
        within_bounds(state.data, game.start_bounds(state.data, state.players), game)
    assert seen > 1000


@pytest.mark.parametrize("game_id", GAMES)
def test_real_positions_saved_as_a_start_at_many_steps_load(game_id):
    loaded = 0
    for step, (players, variant, data) in enumerate(positions(game_id, range(4))):
        if step % 41 == 0:  # every 41st step of four games: setup, early and late positions, every table size
            text = as_start(game_id, players, variant, data)
            assert from_json(text).to_json() == text
            loaded += 1
    assert loaded >= 10


def position_with(game_id: str, found) -> tuple[int, dict, object]:
    """The first real position (seeded random bots) where ``found(data)`` holds."""
    for players, variant, data in positions(game_id, range(20)):
        if found(data):
            return players, variant, data
    raise AssertionError(f"no {game_id} position found")


def moved(record, **changes):
    return dataclasses.replace(record, **changes)


def eb_seat(data, i=0, **changes):
    return moved(data, seats=tuple(moved(s, **changes) if k == i else s for k, s in enumerate(data.seats)))


def eb_char(data, **changes):
    seat = next(i for i, s in enumerate(data.seats) if s.chars)
    chars = (moved(data.seats[seat].chars[0], **changes), *data.seats[seat].chars[1:])
    return eb_seat(data, seat, chars=chars)


def moba_hero(data, **changes):
    return moved(data, heroes=(moved(data.heroes[0], **changes), *data.heroes[1:]))


def ch_seat(data, **changes):
    seat = next(i for i, s in enumerate(data.seats) if s.max_hp > 0)
    return moved(data, seats=tuple(moved(s, **changes) if k == seat else s for k, s in enumerate(data.seats)))


def ch_soldier(data, **changes):
    seat = next(i for i, s in enumerate(data.seats) if s.soldiers)
    soldiers = (moved(data.seats[seat].soldiers[0], **changes), *data.seats[seat].soldiers[1:])
    return moved(data, seats=tuple(moved(s, soldiers=soldiers) if k == seat else s for k, s in enumerate(data.seats)))


# (game, a real position where the field is in play, the same position with one number out of its range, the
# field's end, the clause named)
OUT_OF_BOUNDS = {
    "eb coins above the cap": ("eternal_breath", lambda d: d.phase != "setup", lambda d: eb_seat(d, coins=21),
                               ".coins", "EB-2.6-coin-cap"),
    "eb coins below 0": ("eternal_breath", lambda d: True, lambda d: eb_seat(d, coins=-1), ".coins",
                         "EB-2.6-coin-cap"),
    "eb hp above the HP card": ("eternal_breath", lambda d: any(s.chars for s in d.seats),
                                lambda d: eb_char(d, hp=d.seats[next(i for i, s in enumerate(d.seats) if s.chars)]
                                                  .chars[0].max_hp + 1), ".hp", "EB-3.2-heal"),
    "eb summon limit 3": ("eternal_breath", lambda d: True, lambda d: eb_seat(d, summon_limit=3), ".summon_limit",
                          "EB-3.2-summon-limit"),
    "eb dealer not a seat": ("eternal_breath", lambda d: True, lambda d: moved(d, dealer=len(d.seats)), ".dealer",
                             "EB-1.1.1-order"),
    "moba hp above the cap": ("card_moba", lambda d: d.heroes[0].hp > 0,
                              lambda d: moba_hero(d, hp=d.rules.hp_cap + 1), ".hp", "MB-hero-hp-cap"),
    "moba stamina below 0": ("card_moba", lambda d: d.heroes[0].hp > 0, lambda d: moba_hero(d, stamina=-2),
                             ".stamina", "MB-term-1-stamina"),
    "moba stamina above the cap": ("card_moba", lambda d: d.heroes[0].hp > 0,
                                   lambda d: moba_hero(d, stamina=d.rules.stamina_cap + 1), ".stamina",
                                   "MB-term-1-stamina"),
    "moba shield below 0": ("card_moba", lambda d: True, lambda d: moba_hero(d, shield=-1), ".shield",
                            "MB-term-2-shield"),
    "ch hp above the maximum": ("castle_heart", lambda d: any(s.max_hp > 0 for s in d.seats),
                                lambda d: ch_seat(d, hp=next(s.max_hp for s in d.seats if s.max_hp > 0) + 1),
                                ".hp", "CH-max-hp"),
    "ch a soldier in play at 0 HP": ("castle_heart", lambda d: any(s.soldiers for s in d.seats),
                                     lambda d: ch_soldier(d, hp=0), ".hp", "CH-soldier-falls"),
    "ch negative mana": ("castle_heart", lambda d: any(s.max_hp > 0 for s in d.seats),
                         lambda d: ch_seat(d, mana=-1), ".mana", "CH-deploy-mana"),
}


@pytest.mark.parametrize("case", sorted(OUT_OF_BOUNDS))
def test_a_start_out_of_the_games_bounds_is_refused_naming_the_field_and_the_clause(case):
    game_id, found, change, field, clause = OUT_OF_BOUNDS[case]
    players, variant, data = position_with(game_id, found)
    as_start(game_id, players, variant, data)  # the real position saves (and loads: the tests above)
    with pytest.raises(SaveError) as err:
        from_json(as_start(game_id, players, variant, change(data)))
    error = err.value
    assert error.field.startswith("start.") and error.field.endswith(field), error.field
    assert isinstance(error.reason, W), "the reason is read in English and 中文"
    assert clause in error.reason and clause in error.reason.zh, error.reason
    assert "beyond what the rules allow" in error.reason and "超出规则" in error.reason.zh


def test_every_bound_names_a_clause_of_its_game():
    for game_id in GAMES:
        game = get_game(game_id)
        players, _, data = next(positions(game_id, range(1)))
        bounds = game.start_bounds(data, players)
        assert bounds, f"{game_id} bounds its positions"
        for key, bound in bounds.items():
            assert isinstance(bound, Bound) and bound.clause in game.clause_index, (game_id, key)


def test_a_start_that_is_not_the_games_position_is_a_save_error():
    """A record of the game, but not its position (a card_moba Hero as the whole start): the bounds cannot read
    it, and that is a SaveError too, never an AttributeError."""
    text = json.loads(new_game("card_moba", 2).to_json())
    hero = text["data"]["heroes"][0]
    text["start"] = text["data"] = hero
    with pytest.raises(SaveError) as err:
        from_json(json.dumps(text, ensure_ascii=False))
    assert err.value.field.startswith("start")
