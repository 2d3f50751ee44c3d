"""The map and displacement: move, obstacles, charge and blocking, blink, knockback, pull, projectiles,
special cells (arena map: walls at (1,1) (5,1) (1,5) (5,5); gust at (2,2); column x=0 is open)."""

from __future__ import annotations

import pytest

from card_moba.helpers import cited, do, h, hero, table
from explorer import IllegalAction


def test_move_goes_to_an_adjacent_empty_cell_for_one_step():
    """'MB-term-5-move' and 'MB-term-4-steps'."""
    s = do(table(), "move", to=(1, 0))
    assert h(s, 0).pos == (1, 0) and h(s, 0).steps == 2
    assert cited(s, "MB-term-5-move")


@pytest.mark.parametrize(("start", "to", "why"), [
    ((0, 0), (0, 1), "hero"), ((1, 0), (1, 1), "wall"), ((0, 0), (-1, 0), "edge")])
def test_move_never_enters_an_obstacle(start, to, why):
    """'MB-term-6-obstacle': walls, the map's edge and heroes block a move; nothing changes."""
    s = table(positions=(start, (0, 1)))
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        do(s, "move", to=to)
    assert err.value.clause == "MB-term-6-obstacle", why
    assert s.to_json() == before


def test_move_needs_a_step_and_an_adjacent_cell():
    """'MB-term-4-steps': no step, no move; 'MB-term-5-move': only adjacent cells."""
    s = table(steps=0)
    with pytest.raises(IllegalAction) as err:
        do(s, "move", to=(1, 0))
    assert err.value.clause == "MB-term-4-steps"
    with pytest.raises(IllegalAction) as err:
        do(table(), "move", to=(2, 0))
    assert err.value.clause == "MB-term-5-move"


def test_charge_passes_through_obstacles_and_costs_no_steps():
    """'MB-term-8-charge': a straight line through a hero, no steps spent."""
    s = table(positions=((0, 0), (0, 1)), uses=(("hurricane#1", 1),))
    s = do(s, "skill", skill="hurricane#1", direction="S", distance=2)
    assert h(s, 0).pos == (0, 2) and h(s, 0).steps == 3
    assert cited(s, "MB-term-8-charge") and not cited(s, "MB-event-BLK")


def test_a_charge_ending_on_a_hero_is_pushed_back_one_cell():
    """'MB-event-BLK': blocking is checked after the whole charge; the charger goes back toward its start."""
    s = table(positions=((0, 0), (0, 3)), uses=(("hurricane#1", 1),))
    s = do(s, "skill", skill="hurricane#1", direction="S", distance=3)
    blocked = cited(s, "MB-event-BLK")
    assert len(blocked) == 1 and blocked[0].number("cell") == (0, 3) and blocked[0].number("back_to") == (0, 2)
    assert h(s, 0).pos == (0, 2) and h(s, 1).pos == (0, 3)


def test_blink_goes_straight_to_an_empty_cell():
    """'MB-term-9-blink': no trajectory (over the wall at (1,1))."""
    s = table(heroes=("phantom", "bulwark"), positions=((0, 0), (6, 6)), uses=(("flicker#0", 1),))
    s = do(s, "skill", skill="flicker#0", cell=(2, 1))
    assert h(s, 0).pos == (2, 1) and cited(s, "MB-term-9-blink")


def test_knockback_moves_the_target_away_from_the_source():
    """'MB-term-13-knockback': Gale's Hurricane (OOO) knocks the target back 2 cells."""
    s = table(positions=((0, 0), (0, 1)), uses=(("hurricane#0", 1),))
    s = do(s, "skill", skill="hurricane#0", target=1)
    assert h(s, 1).pos == (0, 3) and cited(s, "MB-term-13-knockback")


def test_walls_are_never_displaced_and_stop_a_knockback():
    """'MB-map-walls-fixed': the target stops before the wall at (1,1)."""
    s = table(positions=((3, 1), (2, 1)), uses=(("hurricane#0", 1),))
    s = do(s, "skill", skill="hurricane#0", target=1)
    assert h(s, 1).pos == (2, 1)
    stop = cited(s, "MB-map-walls-fixed")
    assert stop and stop[0].number("cell") == (1, 1)


def test_a_hero_in_the_way_stops_a_knockback():
    """'MB-term-6-obstacle': a hero is an obstacle to a trajectory."""
    s = table(heroes=("gale", "bulwark", "venom"), positions=((0, 0), (0, 1), (0, 2)),
              uses=(("hurricane#0", 1),))
    s = do(s, "skill", skill="hurricane#0", target=1)
    assert h(s, 1).pos == (0, 1) and cited(s, "MB-term-6-obstacle")


def test_pull_drags_the_target_toward_the_source():
    """'MB-term-14-pull': Warden's Chain pulls 2 cells (it stops next to the source)."""
    s = table(heroes=("warden", "bulwark"), positions=((0, 0), (0, 3)), uses=(("chain#0", 1),))
    s = do(s, "skill", skill="chain#0", target=1)
    assert h(s, 1).pos == (0, 1) and cited(s, "MB-term-14-pull")


def test_a_projectile_hits_the_first_solid_object():
    """'MB-term-10-projectile' and 'MB-term-7-object': the missile stops at the first hero it meets."""
    s = table(heroes=("sage", "bulwark", "venom"), positions=((0, 0), (0, 2), (0, 3)), uses=(("missile#0", 1),))
    s = do(s, "skill", skill="missile#0", direction="S")
    assert cited(s, "MB-term-7-object")[0].targets == (1,)
    assert h(s, 1).hp == 44 - 4 and h(s, 2).hp == 28


def test_a_projectile_stops_at_a_wall():
    """'MB-term-10-projectile': a wall stops the missile; nothing is hit."""
    s = table(heroes=("sage", "bulwark"), positions=((1, 0), (1, 2)), uses=(("missile#0", 1),))
    s = do(s, "skill", skill="missile#0", direction="S")
    assert cited(s, "MB-term-10-projectile")[0].number("hit") is False and h(s, 1).hp == 44


def test_a_special_cell_acts_when_a_hero_stops_on_it():
    """'MB-map-cells': the gust cell at (2,2) gives 2 steps (MB-A11)."""
    s = do(table(positions=((2, 1), (6, 6))), "move", to=(2, 2))
    assert cited(s, "MB-map-cells") and h(s, 0).steps == 3 - 1 + 2


def test_ruler_can_turn_special_cells_off():
    """'MB-ruler-special-cells': off, the gust does nothing."""
    s = table(positions=((2, 1), (6, 6)), variant={"ruler_special_cells": False}, mode="ruler")
    s = do(s, "move", to=(2, 2))
    assert cited(s, "MB-ruler-special-cells")[0].cancelled and h(s, 0).steps == 2


def test_adjacency_switch_allows_diagonal_moves():
    """MB-A05 switch: with 8-neighbour adjacency a diagonal move is legal ('MB-term-5-move')."""
    with pytest.raises(IllegalAction):
        do(table(positions=((2, 0), (6, 6))), "move", to=(3, 1))
    diag = do(table(positions=((2, 0), (6, 6)), variant={"adjacency": 8}), "move", to=(3, 1))
    assert h(diag, 0).pos == (3, 1)


def test_hero_helper_sets_positions():
    s = hero(table(), 1, pos=(6, 6))
    assert h(s, 1).pos == (6, 6)


def test_retreat_is_an_active_step_away_from_the_target():
    """'MB-term-13-knockback' (后撤): Venom's Fang poisons, then Venom steps back 1."""
    s = table(heroes=("venom", "bulwark"), positions=((0, 1), (0, 2)), uses=(("fang#0", 1),))
    s = do(s, "skill", skill="fang#0", target=1)
    assert h(s, 0).pos == (0, 0) and [e.kind for e in cited(s, "MB-term-13-knockback")] == ["retreat"]


def test_a_rooted_hero_cannot_blink_by_card_or_skill():
    """'MB-status-4-root': M2 and Flicker are refused with the root clause; nothing changes."""
    s = table(heroes=("phantom", "bulwark"), hands=(("M2",), ()), uses=(("flicker#0", 1),),
              statuses=(("root", 1, 1, False, 1),))
    before = s.to_json()
    for kind, params in (("play", {"card": "M2", "cell": (2, 0)}), ("skill", {"skill": "flicker#0", "cell": (2, 0)})):
        with pytest.raises(IllegalAction) as err:
            do(s, kind, **params)
        assert err.value.clause == "MB-status-4-root"
    assert s.to_json() == before


def test_a_charge_ending_in_a_wall_is_pushed_back_too():
    """'MB-event-BLK' (MB-A21): a charge may pass a wall but not stop in it."""
    s = table(positions=((1, 0), (6, 6)), uses=(("hurricane#1", 2),))
    stop = do(s, "skill", skill="hurricane#1", direction="S", distance=1)
    assert h(stop, 0).pos == (1, 0) and cited(stop, "MB-event-BLK")[0].number("cell") == (1, 1)
    through = do(s, "skill", skill="hurricane#1", direction="S", distance=2)
    assert h(through, 0).pos == (1, 2) and not cited(through, "MB-event-BLK")
