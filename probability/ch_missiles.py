"""飞弹戒指 (CH-equip-missile-ring): five points of damage fall at random on one group, each missile on a
member chosen uniformly (CH-A10). The split is the engine's own chance node (``equipment.split_outcomes``);
here it becomes who falls: a soldier at 0 HP (CH-soldier-falls), the hero at 0 or below (CH-death-dying)."""

from __future__ import annotations

from fractions import Fraction

from explorer.games.castle_heart.equipment import MISSILES, split_outcomes
from explorer.games.castle_heart.reach import group_members
from probability.dist import mixture, point


def split_dist(members: int) -> dict[tuple, Fraction]:
    """CH-equip-missile-ring: every split of the 5 missiles over ``members`` targets and its exact chance."""
    if not 1 <= members <= 9:
        raise ValueError("a group has the hero and up to 8 soldiers")
    return dict(split_outcomes(members))


def falls(hps: tuple[int, ...]) -> dict[tuple[bool, ...], Fraction]:
    """Who falls: for the group's HPs (the hero first, then soldiers), the distribution of which members
    are brought to 0 (each split applied as the engine applies it: damage to a member is its missiles)."""
    if not hps or any(h < 1 for h in hps):
        raise ValueError("every member of a group has at least 1 HP")
    out: dict[tuple[bool, ...], Fraction] = {}
    for split, p in split_outcomes(len(hps)):
        who = tuple(d >= h for d, h in zip(split, hps, strict=True))
        out[who] = out.get(who, 0) + p
    return out


def member_falls(hps: tuple[int, ...]) -> list[Fraction]:
    """The chance each member (the hero first) falls to this ring shot."""
    dist = falls(hps)
    return [sum((p for who, p in dist.items() if who[i]), Fraction(0)) for i in range(len(hps))]


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
