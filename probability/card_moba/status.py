"""卡驱MOBA poison (中毒) and bleed (失血) over turns, with the status stack (状态栈) on and off.

The HP after each of the holder's start phases (开始阶段), computed with the engine's own rule functions:
``statuses.apply_status`` (MB-event-STS, and MB-A10 when the Ruler turns the stack off), ``statuses.tick``
(the duration counts down), ``combat.damage_split`` (poison is damage, a shield absorbs it, and it never takes
HP below 1 unless 中毒死亡 ``poison_death``). Bleed is life loss (流失, MB-term-12-life-loss): no shield, no floor.

The issue's examples agree with the document 「通常情况下，中毒不会导致英雄的生命值降至1以下」 and the
Ruler switch 中毒死亡 (MB-ruler-poison-death):

>>> poison_timeline(10, layers=3, turns=4)
[7, 4, 1, 1]
>>> poison_timeline(10, layers=3, turns=4, poison_death=True)
[7, 4, 1, -2]

A hero whose HP is not above 0 is dead (MB-hero-death) and loses its statuses (MB-A09); later entries are None.
By default a shield is gone when its holder's turn begins, before the start phase (MB-A28), so ``shield``
meets the poison only with ``shield_lasts="game"``.
"""

from __future__ import annotations

import sympy as sp

from explorer import Emitter
from explorer.games.card_moba import combat, statuses
from explorer.games.card_moba.records import Hero

TIMED = ("poison", "bleed")


def _whole(name: str, value, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{name} must be a whole number ≥ {minimum}, not {value!r}")
    return value


def held(name: str, applications, status_stack: bool = True) -> Hero:
    """A hero after ``applications`` [(layers, duration), …] of status ``name``, applied in order by
    ``statuses.apply_status``: MB-event-STS ignores the repeats while the stack is on; off, MB-A10 merges them."""
    h = Hero(seat=0)
    for layers, duration in applications:
        h = statuses.apply_status(h, name, _whole("layers", layers, 1), _whole("duration", duration, 1), -1,
                                  status_stack, Emitter("card_moba", 0), None)
    return h


def start_phase_hp(hero: Hero, hp: int, shield: int, name: str, poison_death: bool) -> tuple[Hero, int, int]:
    """MB-status-13-poison / MB-status-14-bleed at one start phase (MB-turn-start): (hero, HP, shield) after."""
    s = statuses.find(hero, name)
    if s is None:
        return hero, hp, shield
    hero = statuses.tick(hero, name)
    if name == "poison":
        hp, absorbed, _ = combat.damage_split(hp, shield, s.layers, "normal", True, poison_death)
        return hero, hp, shield - absorbed
    return hero, hp - s.layers, shield


def status_timeline(name: str, hp: int, applications, turns: int, poison_death: bool = False, shield: int = 0,
                    status_stack: bool = True, shield_lasts: str = "next_turn") -> list[int | None]:
    """HP after each of the holder's next ``turns`` start phases, the status ``name`` (poison or bleed)
    applied as ``applications`` before the first. The start phase the hero dies in shows its HP then, 0 or less
    (MB-hero-death); every start phase after it is None (a dead hero has none)."""
    if name not in TIMED:
        raise ValueError(f"name must be one of {TIMED}, not {name!r}")
    hp, turns, shield = _whole("hp", hp, 1), _whole("turns", turns), _whole("shield", shield)
    hero = held(name, applications, status_stack)
    out: list[int | None] = []
    for _ in range(turns):
        if hp <= 0:
            out.append(None)
            continue
        if shield_lasts == "next_turn":
            shield = 0  # MB-term-2-shield, MB-A28: gone when its holder's turn begins
        hero, hp, shield = start_phase_hp(hero, hp, shield, name, poison_death)
        out.append(hp)
    return out


def poison_timeline(hp: int, layers: int, turns: int, poison_death: bool = False, shield: int = 0,
                    duration: int | None = None, again=(), status_stack: bool = True,
                    shield_lasts: str = "next_turn") -> list[int | None]:
    """MB-status-13-poison: HP after each of the holder's start phases. ``duration`` defaults to ``turns``;
    ``again`` lists later (layers, duration) poisons, ignored with the status stack on (MB-event-STS).

    Poison never takes HP below 1 unless Ruler's 中毒死亡 is on (``poison_death``); then the start phase the hero
    dies in shows its HP, 0 or less (MB-hero-death), and each one after it None:

    >>> poison_timeline(10, layers=3, turns=4)
    [7, 4, 1, 1]
    >>> poison_timeline(10, layers=3, turns=5, poison_death=True)
    [7, 4, 1, -2, None]
    """
    first = (layers, turns if duration is None else duration)
    return status_timeline("poison", hp, [first, *again], turns, poison_death, shield, status_stack, shield_lasts)


def bleed_timeline(hp: int, layers: int, turns: int, duration: int | None = None, again=(),
                   status_stack: bool = True) -> list[int | None]:
    """MB-status-14-bleed: HP after each start phase; life loss (流失) ignores shields and has no floor."""
    first = (layers, turns if duration is None else duration)
    return status_timeline("bleed", hp, [first, *again], turns, status_stack=status_stack)


# --- sympy closed forms ----------------------------------------------------------------------------------
H, L, T, D = sp.symbols("h L t d", integer=True, positive=True)
S = sp.Symbol("s", integer=True, nonnegative=True)


def poison_hp_loss() -> sp.Expr:
    """Total HP poison takes in t start phases (duration d, a shield s kept all game, HP h ≥ 1, no 中毒死亡):
    the shield soaks the first s points, and the hero keeps at least 1 HP."""
    return sp.Min(sp.Max(L * sp.Min(T, D) - S, 0), H - 1)


def poison_death_hp() -> sp.Expr:
    """HP after t start phases with 中毒死亡 on, while the hero lives: h − max(L·min(t, d) − s, 0)."""
    return H - sp.Max(L * sp.Min(T, D) - S, 0)


def bleed_hp() -> sp.Expr:
    """HP after t start phases of bleed while the hero lives: h − L·min(t, d) (流失 ignores shields)."""
    return H - L * sp.Min(T, D)


def turns_to_kill_by_bleed() -> sp.Expr:
    """Start phases until bleed kills (HP ≤ 0) when d is long enough: ⌈h / L⌉."""
    return sp.ceiling(H / L)


def closed_form(expr: sp.Expr, **values: int) -> int:
    """The closed form at whole numbers h, L, t, d, s (d defaults to t, s to 0)."""
    values.setdefault("d", values.get("t", 1))
    values.setdefault("s", 0)
    sub = {sym: sp.Integer(values[str(sym)]) for sym in (H, L, T, D, S) if str(sym) in values}
    return int(expr.xreplace(sub))  # xreplace: every symbol at once (subs one by one may mis-simplify)
