"""§1.2.4 出牌阶段: what the player to move may do in the play phase, and doing it."""

from __future__ import annotations

from functools import lru_cache

from . import attack, characters, effects, skills, traps
from .catalogue import card
from .flow import AP, A, decision
from .table import Table, evolve, pop

FLIP_COST, REMOVE_COST = traps.FLIP_COST, traps.REMOVE_COST


@lru_cache(maxsize=65536)
def _hand_kinds(hand: tuple) -> tuple:
    """The distinct cards of ``hand`` in order, each with its facts (worked out once per hand)."""
    return tuple((c, card(c)) for c in sorted(set(hand)))


def play_cap_reached(t: Table) -> bool:
    """EB-A15: the opt-in cap on one play phase for bots (0 = none; the document allows any number of effect
    cards, EB-1.2.4-effects-any, so a person's game has no cap)."""
    cap = t.rules.play_action_cap
    return bool(cap) and t.now.plays >= cap


def play_actions(t: Table, p: int) -> list:
    """EB-1.2.4-play: at most 1 attack, 1 trap, 1 summon; any number of effect cards and prepares; skills."""
    out = [A("end_play", p)]
    if play_cap_reached(t):
        return out
    seat = t.seats[p]
    out += attack.attack_actions(t, p)
    hand = _hand_kinds(seat.hand)
    if not t.now.trapped:
        zones = traps.deploy_zones(t, p)
        out += [A("trap", p, card=c, zone=q, **how) for c, k in hand if k.kind == "trap" for q in zones
                for how in traps.deploy_choices(t, p, q)]
    all_traps = [(q, i, tr) for q, s in enumerate(t.seats) if s.alive for i, tr in enumerate(s.traps)]
    if not t.now.flipped and seat.coins >= FLIP_COST:
        out += [AP("flip_trap", p, (("slot", i), ("zone", q))) for q, i, _ in all_traps]
    if not t.now.removed and seat.coins >= REMOVE_COST:
        out += [AP("remove_trap", p, (("slot", i), ("zone", q))) for q, i, _ in all_traps]
    out += [AP("declare_trap", p, (("slot", i), ("zone", q))) for q, i, tr in all_traps
            if tr.placer == p and not tr.face_up]
    aims = skills._aims(t)
    for c, k in hand:
        if k.kind == "effect" and not k.persistent and not k.has("cancel_trap"):
            if effects.needs_target(k):
                out += [AP("effect", p, (("card", c), ("seat", q), ("target", x))) for q, x in aims]
            else:
                out.append(A("effect", p, card=c, seat=-1, target=""))
        elif k.kind == "effect" and k.persistent:
            if k.place == "character":
                out += [AP("place", p, (("card", c), ("seat", q), ("target", x))) for q, x in aims
                        if q == p or seat.coins >= effects.EFFECT_COST]
            else:
                out += [A("place", p, card=c, seat=q, target="") for q, s in enumerate(t.seats)
                        if s.alive and (q == p or seat.coins >= effects.EFFECT_COST)]
        elif k.kind == "normal":
            out.append(A("prepare", p, card=c))
    if not t.now.summoned and characters.can_summon(t, p):
        out += [A("summon", p, card=c) for c in sorted(set(seat.pool))]
    out += skills.active_actions(t, p, "play")
    return out


def _play_legal(t, task):
    return tuple(play_actions(t, task.player))


def _play(t, task, a, emit):
    p, kind = task.player, a.kind
    if kind == "end_play":
        emit.emit("end play", "EB-1.2.4-play", actor=p)
        return pop(t)
    t = evolve(t, now=evolve(t.now, plays=t.now.plays + 1))
    if kind == "attack":
        return attack.declare_attack(t, p, a, emit)
    if kind == "trap":
        return traps.deploy(t, p, a["card"], a["zone"], emit, a.get("face") == "down")
    if kind == "flip_trap":
        return traps.flip(t, p, a["zone"], a["slot"], emit)
    if kind == "remove_trap":
        return traps.remove(t, p, a["zone"], a["slot"], emit)
    if kind == "declare_trap":
        return traps.false_declaration(t, p, a["zone"], a["slot"], emit)
    if kind == "effect":
        return effects.use_instant(t, p, a, emit)
    if kind == "place":
        return effects.place(t, p, a, emit)
    if kind == "prepare":
        return characters.prepare(t, p, a["card"], emit)
    if kind == "summon":
        t = evolve(t, now=evolve(t.now, summoned=True))
        t = characters.summon(t, p, a["card"], emit)
        return traps.trigger_all(t, "summons", p, emit)
    if kind == "skill":
        return skills.use_active(t, p, a, emit)
    raise AssertionError(a)


def register() -> None:
    decision("play", _play_legal, _play, "EB-1.2.4-play")
