"""Which part of the 城堡之心 table an action points at: a seat's hero (member -1) or one of its soldiers.

The Play table highlights these and sends the action when its target is clicked. Only what the action names
and the public view say is used (the attack or command under way): nothing hidden is read."""

from __future__ import annotations

from explorer import Action, act

HERO = -1
AT_TARGET = ("attack", "lightning", "heal", "rescue", "magic", "missiles", "command")


def target_of(action: Action, view: dict) -> tuple[int, int] | None:
    """(seat, member) the action is aimed at, or None when it aims at nobody on the table."""
    g = action.get
    member = g("member")
    member = HERO if not isinstance(member, int) else member
    if action.kind in AT_TARGET:
        return (g("target"), member) if isinstance(g("target"), int) else None
    if action.kind == "follow_up" and isinstance(g("member"), int):
        atk = view.get("attack") or {}
        return (atk["target"], member) if isinstance(atk.get("target"), int) else None
    if action.kind == "soldier_attack":
        command = view.get("command")
        return (command, member) if isinstance(command, int) and command >= 0 else None
    if action.kind == "fireball_split" and isinstance(g("soldier"), int):
        return action.player, g("soldier")
    return None


def targets(actions, view: dict) -> dict[tuple[int, int], list[Action]]:
    """Every target of the decision with the actions aimed at it, in the engine's order."""
    out: dict[tuple[int, int], list[Action]] = {}
    for a in actions:
        t = target_of(a, view)
        if t is not None:
            out.setdefault(t, []).append(a)
    return out


def probe(actions, view: dict, seat: int, member: int) -> Action | None:
    """The decision's first targeted action re-aimed at (seat, member): what a click there would mean, so the
    engine can say which rule forbids it. None when the decision aims at nobody."""
    for a in actions:
        if target_of(a, view) is None:
            continue
        args = dict(a.args)
        if "target" in args:
            args["target"] = seat
        if "member" in args:
            args["member"] = member
        if a.kind == "fireball_split":
            args["soldier"] = member
        return act(a.game, a.kind, a.player, **args)
    return None
