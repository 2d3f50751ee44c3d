"""The 14 statuses (状态详解) and the status stack (状态栈, MB-event-STS).

A status is applied "pending"; when its holder's next turn begins it becomes ``active`` (that turn is
"其下一个回合"). "在其下一个回合内/中" statuses work only while active; "直到其下一个回合结束前" statuses
(root, grievous wounds, armour break) work from the moment they are applied. All one-turn statuses end
when that turn ends; poison and bleed count their duration down at each start phase they deal damage in.
"""

from __future__ import annotations

from explorer import CANCELLED, SELF

from .records import Hero, Status, evolve

CLAUSE = {
    "stun": "MB-status-1-stun", "masked": "MB-status-2-masked", "fatigue": "MB-status-3-fatigue",
    "root": "MB-status-4-root", "destruct": "MB-status-5-destruct", "grievous": "MB-status-6-grievous",
    "silence": "MB-status-7-silence", "disarm": "MB-status-8-disarm", "slow": "MB-status-9-slow",
    "weak": "MB-status-10-weak", "armour_break": "MB-status-11-armour-break", "taunt": "MB-status-12-taunt",
    "poison": "MB-status-13-poison", "bleed": "MB-status-14-bleed",
}
NAMES = {
    "stun": ("昏厥", "stun"), "masked": ("**（名称被遮蔽）", "masked"),
    "fatigue": ("疲乏", "fatigue"), "root": ("禁足", "root"), "destruct": ("析构", "destruct"),
    "grievous": ("重伤", "grievous wounds"), "silence": ("沉默", "silence"), "disarm": ("缴械", "disarm"),
    "slow": ("迟缓", "slow"), "weak": ("虚弱", "weak"), "armour_break": ("碎甲", "armour break"),
    "taunt": ("嘲讽", "taunt"), "poison": ("中毒", "poison"), "bleed": ("失血", "bleed"),
}
UNTIL_TURN_END = frozenset({"root", "grievous", "armour_break"})  # 直到其下一个回合结束前: work at once
TIMED = frozenset({"poison", "bleed"})                          # 层级 + 时长: last their duration


def find(hero: Hero, name: str) -> Status | None:
    for s in hero.statuses:
        if s.name == name:
            return s
    return None


def has(hero: Hero, name: str) -> bool:
    """Whether ``name`` affects the hero now: pending-or-active for 直到…结束前 statuses, else active only."""
    if not hero.statuses:
        return False  # the common case, asked at every choice
    s = find(hero, name)
    if s is None:
        return False
    return s.active or name in UNTIL_TURN_END


def without(hero: Hero, name: str) -> Hero:
    return evolve(hero, statuses=tuple(s for s in hero.statuses if s.name != name))


def apply_status(hero: Hero, name: str, layers: int, duration: int, source: int, stack: bool, emit,
                 cause: int | None) -> Hero:
    """MB-event-STS: a hero ignores a second identical status while it holds the first (Ruler 状态栈 on).

    With the status stack off (Ruler, MB-ruler-status-stack) a repeat adds its layers and keeps the
    longer duration (MB-A10).
    """
    old = find(hero, name)
    if old is not None and stack:
        emit.emit("status ignored", "MB-event-STS", actor=source, targets=(hero.seat,), cause=cause,
                  outcome=CANCELLED, status=name, links=[(SELF, "prevents", cause)] if cause is not None else ())
        return hero
    if old is not None:
        merged = stacked(old, layers, duration)
        emit.emit("status stacked", "MB-ruler-status-stack", actor=source, targets=(hero.seat,), cause=cause,
                  duration=merged.duration, layers=merged.layers, status=name)
        return evolve(hero, statuses=tuple(merged if s.name == name else s for s in hero.statuses))
    emit.emit("status", CLAUSE[name], actor=source, targets=(hero.seat,), cause=cause, duration=duration,
              layers=layers, status=name)
    return evolve(hero, statuses=(*hero.statuses, Status(name, layers, duration, False, source)))


def stacked(old: Status, layers: int, duration: int) -> Status:
    """MB-ruler-status-stack off (MB-A10): a repeat adds its layers and keeps the longer duration."""
    return evolve(old, layers=old.layers + layers, duration=max(old.duration, duration))


def activate(hero: Hero) -> Hero:
    """The holder's next turn has begun: every status it holds now counts as "its next turn"."""
    if not hero.statuses or all(s.active for s in hero.statuses):
        return hero
    return evolve(hero, statuses=tuple(evolve(s, active=True) for s in hero.statuses))


def expire(hero: Hero, emit) -> Hero:
    """At the end of the holder's turn, every one-turn status that was active ends (MB-status-1 … 12)."""
    keep, gone = [], []
    for s in hero.statuses:
        (gone if s.active and s.name not in TIMED else keep).append(s)
    for s in gone:
        emit.emit("status ends", CLAUSE[s.name], targets=(hero.seat,), status=s.name)
    return evolve(hero, statuses=tuple(keep)) if gone else hero


def tick(hero: Hero, name: str) -> Hero:
    """Poison / bleed: one start phase used up of the duration (MB-status-13-poison, MB-status-14-bleed)."""
    s = find(hero, name)
    if s.duration <= 1:
        return without(hero, name)
    return evolve(hero, statuses=tuple(evolve(x, duration=x.duration - 1) if x.name == name else x
                                       for x in hero.statuses))


def status_name(name: str, lang: str) -> str:
    zh, en = NAMES[name]
    return zh if lang == "zh" else en
