"""Passive abilities: 【被动】 hero skills (MB-hero-passive) and bloodline pieces (MB-bloodline-permanent)
fire on their conditions. Effects they cause do not fire further passives (MB-A14)."""

from __future__ import annotations

from functools import lru_cache

from explorer import SELF

from . import effects
from .content import sample
from .records import Moba


@lru_cache(maxsize=1024)
def passives_of(hero_id: str, pieces: tuple, trigger: str) -> tuple:
    """Every (source id, entry, clause) of this hero's passives (MB-hero-passive) and bloodline pieces
    (MB-bloodline-permanent) with this trigger."""
    c = sample()
    out = [(s["id"], s, "MB-hero-passive" if s["id"] not in c.pieces else "MB-bloodline-permanent")
           for s in c.heroes[hero_id]["skills"] if s["trigger"] == trigger]
    out += [(p, c.pieces[p], "MB-bloodline-permanent") for p in pieces
            if p in c.pieces and c.pieces[p]["trigger"] == trigger]
    return tuple(out)


def trigger(d: Moba, seat: int, when: str, emit, cause, other: int = -1, amount: int = 0, card: str = "",
            depth: int = 1) -> Moba:
    """Fire ``seat``'s passives for ``when`` (turn_start, on_attack, on_damaged, on_kill, on_card)."""
    h = d.heroes[seat]
    if not h.hero:
        return d
    for source, entry, clause in passives_of(h.hero, h.pieces, when):
        if d.phase == "over" or not d.heroes[seat].alive:
            return d
        if entry.get("card") and entry["card"] != card:
            continue
        if amount < entry.get("min_damage", 0):
            continue
        # the event it fires on (the start phase, the card played, the attack, the damage, the death) triggers it
        eid = emit.emit("passive", clause, actor=seat, targets=(other,) if other >= 0 else (), cause=cause,
                        links=[(cause, "triggers", SELF)] if cause is not None else (), source=source, trigger=when)
        d = effects.run(d, seat, entry["effects"], emit, eid, target=other, depth=depth)
    return d
