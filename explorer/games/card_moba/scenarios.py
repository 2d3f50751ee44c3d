"""Ready-made 卡驱MOBA positions for the Play tab, the Learn tab's lessons and tests (real ``explorer.State`` values).

Every scenario is reached by real actions from ``explorer.new_game`` with chosen chance outcomes: the classic mode
on the sample map 小擂台 (``duel``, 5×5), the heroes, their bloodlines, the turn order and every card drawn are
chosen, the rest scripted. So a scenario saves and loads like any game, and its log tells how the map got there.

The map, x to the right and y down (``#`` wall, ``P`` spawn point, ``h`` spring, ``r`` rune, ``g`` gust)::

    P . r . P      y = 0
    . # . # .
    P . h . P      y = 2
    . # . # .
    P . g . P      y = 4

``setup_steps`` writes a whole 抉择 as steps (the lessons' ``["setup", {...}]``). Each hero takes the quiet
aegis bloodline (all four pieces static, MB-bloodline-total) unless told otherwise, so no passive of the
bloodline fires in the middle of a lesson.
"""

from __future__ import annotations

from collections.abc import Sequence

import explorer
from explorer import State, act

from .flow import GAME_ID

QUIET_BLOODLINE = ("aegis", "bastion", "plating", "anchor", "dust_hp")  # 系, 基石, 碎片×2, 尘: static bonuses


def run(state: State, steps: Sequence[Sequence]) -> State:
    """Each step ``(kind, {params})`` taken by whoever must act then (a seat or chance)."""
    for kind, params in steps:
        state = state.apply(act(GAME_ID, kind, state.current_player, **params))
    return state


def setup_steps(heroes: Sequence[str], spawns: Sequence[Sequence[int]], hands: Sequence[Sequence[str]],
                order: Sequence[int] = (), bloodlines: Sequence[Sequence[str]] = (), mode: str = "classic",
                map_id: str = "duel", win_score: int = 5) -> list[tuple]:
    """The choices and chance outcomes of a whole 抉择 and the deal (MB-choice-1…7, MB-play-shuffle), seat by seat:
    ``heroes[p]``, ``bloodlines[p]`` (five pieces; the quiet aegis line by default), ``spawns[p]`` (x, y) and
    ``hands[p]`` (its starting hand, MB-A02); ``order`` is the turn order chance picks (seat order by default)."""
    n = len(heroes)
    order = list(order) or list(range(n))
    lines = list(bloodlines) or [QUIET_BLOODLINE] * n
    out: list[tuple] = [("mode", {"mode": mode}), ("map", {"map": map_id})]
    out += [("hero", {"hero": h}) for h in heroes]
    out += [("bloodline", {"piece": piece}) for line in lines for piece in line]
    out += [("win_score", {"score": win_score}), ("order", {"order": list(order)})]
    out += [("spawn", {"cell": list(spawns[p])}) for p in order]
    out += [("draw", {"card": c}) for p in order for c in hands[p]]
    return out


def _duel(heroes: tuple[str, str], hands, players: int, variant: dict | None) -> State:
    """Two heroes on 小擂台: seat 1 spawns at (4, 2) and moves first, seat 0 spawns at (0, 2)."""
    if players != 2:
        raise ValueError(f"[MB-prep-players] these scenarios are set for 2 players, not {players!r}")
    start = explorer.new_game(GAME_ID, players, variant)
    return run(start, setup_steps(heroes, [(0, 2), (4, 2)], hands, order=(1, 0)))


def _bulwark_walks_in(state: State, draws: Sequence[str], play: Sequence[Sequence] = ()) -> State:
    """Seat 1 (巨岩 Bulwark) draws, plays ``play``, walks two cells west onto the spring (2, 2) and ends."""
    steps = [("draw", {"card": c}) for c in draws] + list(play)
    return run(state, [*steps, ("move", {"to": [3, 2]}), ("move", {"to": [2, 2]}), ("end", {})])


def one_card_short_of_a_skill(players: int = 2, variant: dict | None = None) -> State:
    """Seat 0 (疾风 Gale) has played 移动·一 (M) this action phase and holds another: one more M completes
    Hurricane's 【M M】 and unlocks a charge (MB-hero-skill-sequence, MB-hero-skill-alternatives)."""
    s = _duel(("gale", "bulwark"), [("M1", "O1", "D1"), ("D1", "D2", "O2")], players, variant)
    s = _bulwark_walks_in(s, ("O1", "S2"))
    return run(s, [("draw", {"card": "M1"}), ("draw", {"card": "S1"}), ("play", {"card": "M1"})])


def charge_into_hero(players: int = 2, variant: dict | None = None) -> State:
    """One step before a charge into a hero: Gale at (0, 2) has Hurricane's charge (【M M】, a line of up to 3);
    Bulwark stands two cells east at (2, 2). Charging 2 east ends on Bulwark's cell, so Gale is pushed back one
    cell (MB-term-8-charge, MB-event-BLK) and stands next to it."""
    return run(one_card_short_of_a_skill(players, variant), [("play", {"card": "M1"})])


def poisoned_with_shield(players: int = 2, variant: dict | None = None) -> State:
    """Seat 0 (毒蛛 Venom) has just used Fang (【O S】: 2 layers of poison for 3 turns, then steps back) on
    Bulwark, who raised a 2-point shield with 防御·一 in its own turn. When Venom ends its turn Bulwark's turn
    begins: by default the shield goes first (MB-term-2-shield, MB-A28), then poison deals 2 (MB-status-13-poison);
    with ``variant={"shield_lasts": "game"}`` the shield absorbs the poison."""
    s = _duel(("venom", "bulwark"), [("O1", "S1", "M1"), ("D1", "D2", "O2")], players, variant)
    s = _bulwark_walks_in(s, ("O1", "S2"), play=[("play", {"card": "D1"})])
    return run(s, [("draw", {"card": "D1"}), ("draw", {"card": "S2"}), ("move", {"to": [1, 2]}),
                   ("play", {"card": "O1"}), ("play", {"card": "S1"}), ("draw", {"card": "M1"}),
                   ("skill", {"skill": "fang#0", "target": 1})])
