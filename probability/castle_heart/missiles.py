"""飞弹戒指 (CH-equip-missile-ring): five points of damage fall at random on one group, each missile on a
member chosen uniformly (CH-A10). The split is the engine's own chance node (``equipment.split_outcomes``);
here it becomes who falls: a soldier at 0 HP (CH-soldier-falls), the hero at 0 or below (CH-death-dying)."""

from __future__ import annotations

from fractions import Fraction

from explorer.games.castle_heart.equipment import MISSILES, falls, member_falls, split_outcomes
from explorer.games.castle_heart.reach import group_members
from probability.dist import mixture, point


def split_dist(members: int) -> dict[tuple, Fraction]:
    """CH-equip-missile-ring: every split of the 5 missiles over ``members`` targets and its exact chance."""
    if not 1 <= members <= 9:
        raise ValueError("a group has the hero and up to 8 soldiers")
    return dict(split_outcomes(members))


def fallen_count(hps: tuple[int, ...]) -> dict[int, Fraction]:
    """How many members of the group fall, exactly."""
    return mixture((p, point(sum(who))) for who, p in falls(hps).items())


def group_hps(data, target: int) -> tuple[int, ...]:
    """The HPs of ``target``'s group in the engine's order (hero first): public on every board."""
    s = data.seats[target]
    return tuple(s.hp if m < 0 else s.soldiers[m].hp for m in group_members(data, target))


def wiped_out(hps: tuple[int, ...]) -> Fraction:
    """The chance every member falls at once (needs total HP ≤ 5)."""
    return falls(hps).get((True,) * len(hps), Fraction(0))


__all__ = ["MISSILES", "fallen_count", "falls", "group_hps", "member_falls", "split_dist", "wiped_out"]
