"""§1.2.4 出牌阶段: what the player to move may do in the play phase, and doing it."""

from __future__ import annotations

from functools import lru_cache

from . import attack, characters, effects, skills, traps
from .content import card
from .flow import AP, NO_AIM, aimed, decision
from .records import Table, evolve, pop, with_now, with_plays

FLIP_COST, REMOVE_COST = traps.FLIP_COST, traps.REMOVE_COST


@lru_cache(maxsize=4096)
def play_as(c: str) -> str:
    """How card ``c`` is played in the play phase (a card's facts never change: worked out once per card): "trap",
    "aimed effect" / "effect" (an instant effect card, with or without a chosen character), "place on character" /
    "place" (a persistent effect card), "prepare" (a normal character card), or "" (not played by itself)."""
    k = card(c)
    if k.kind == "trap":
        return "trap"
    if k.kind == "effect" and not k.persistent and not k.has("cancel_trap"):
        return "aimed effect" if effects.needs_target(k) else "effect"
    if k.kind == "effect" and k.persistent:
        return "place on character" if k.place == "character" else "place"
    return "prepare" if k.kind == "normal" else ""


def play_cap_reached(t: Table) -> bool:
    """EB-A15: the opt-in cap on one play phase for bots (0 = none; the document allows any number of effect
    cards, EB-1.2.4-effects-any, so a person's game has no cap)."""
    cap = t.rules.play_action_cap
    return bool(cap) and t.now.plays >= cap


def play_actions(t: Table, p: int) -> list:
    """EB-1.2.4-play: at most 1 attack, 1 trap, 1 summon; any number of effect cards and prepares; skills."""
    out = [AP("end_play", p, ())]
    if play_cap_reached(t):
        return out
    seat, now = t.seats[p], t.now
    out += attack.attack_actions(t, p)
    trap_cards, plays = [], []  # the hand's kinds of card (in card order): its traps, and what it plays otherwise
    for c in sorted(set(seat.hand)):
        how = play_as(c)
        if how == "trap":
            trap_cards.append(c)
        elif how:
            plays.append((c, how))
    if trap_cards and not now.trapped:
        zones = tuple([(q, traps.deploy_choices(t, p, q)) for q in traps.deploy_zones(t, p)])
        out += _trap_actions(p, tuple(trap_cards), zones)
    all_traps = _traps_in_play(t)
    if all_traps:
        out += _trap_moves(p, all_traps, not now.flipped and seat.coins >= FLIP_COST,
                           not now.removed and seat.coins >= REMOVE_COST)
    out += _card_actions(t, p, seat.coins, plays)
    if not now.summoned and characters.can_summon(t, p):
        out += [AP("summon", p, (("card", c),)) for c in sorted(set(seat.pool))]
    out += skills.active_actions(t, p, "play")
    return out


def _traps_in_play(t: Table) -> list:
    """(zone, slot, trap) of every trap of the living players (a plain loop: most tables have none, and a
    comprehension is a call of its own)."""
    out = []
    for q, s in enumerate(t.seats):
        if s.traps and s.alive:
            out += [(q, i, tr) for i, tr in enumerate(s.traps)]
    return out


def _trap_moves(p: int, all_traps: list, can_flip: bool, can_remove: bool) -> list:
    """EB-3.2-trap-flip, EB-3.2-trap-remove (once a turn each, if affordable), EB-3.2-trap-declare (own
    face-down traps): what ``p`` may do with the traps in play."""
    out = []
    if can_flip:
        out += [AP("flip_trap", p, (("slot", i), ("zone", q))) for q, i, _ in all_traps]
    if can_remove:
        out += [AP("remove_trap", p, (("slot", i), ("zone", q))) for q, i, _ in all_traps]
    out += [AP("declare_trap", p, (("slot", i), ("zone", q))) for q, i, tr in all_traps
            if tr.placer == p and not tr.face_up]
    return out


def _card_actions(t: Table, p: int, coins: int, plays: list) -> list:
    """EB-1.2.4-effects-any / EB-3.2-prepare: each effect card (at each character it may aim at, or placed in
    each zone it may go to: another's costs a coin) and each normal character card of the hand, in hand order
    (``plays``: (card, how it is played) of each kind of card in the hand played by itself, other than a trap)."""
    out = []
    aims = zones = None
    for c, how in plays:
        if how == "prepare":
            out.append(AP("prepare", p, (("card", c),)))
        elif how == "effect":
            out += aimed("effect", p, "card", c, NO_AIM)
        elif how == "aimed effect":
            if aims is None:
                aims = tuple(skills._aims(t))
            out += aimed("effect", p, "card", c, aims)
        elif how == "place on character":
            if aims is None:
                aims = tuple(skills._aims(t))
            out += aimed("place", p, "card", c, aims if coins >= effects.EFFECT_COST
                         else tuple([x for x in aims if x[0] == p]))
        elif how == "place":
            if zones is None:  # any living player's effect zone; another's costs a coin
                zones = tuple([(q, "") for q, s in enumerate(t.seats)
                               if s.alive and (q == p or coins >= effects.EFFECT_COST)])
            out += aimed("place", p, "card", c, zones)
    return out


# The play phase is most of a bot's decisions: its longest lists (a trap into each zone here, an effect card at each
# character in ``flow.aimed``) are made once for the same inputs, so the same choices are the same action objects in
# the same order.
@lru_cache(maxsize=65536)
def _trap_actions(p: int, trap_cards: tuple, zones: tuple) -> tuple:
    """EB-1.2.4-trap-once: each trap card into each zone, in each way it may go (``traps.deploy_choices``)."""
    return tuple(AP("trap", p, tuple(sorted((("card", c), ("zone", q), *how)))) for c in trap_cards
                 for q, hows in zones for how in hows)


def _play_legal(t, task):
    return tuple(play_actions(t, task.player))


def _play(t, task, a, emit):
    p, kind = task.player, a.kind
    if kind == "end_play":
        emit.emit_pairs("end play", "EB-1.2.4-play", p)
        return pop(t)
    t = with_now(t, with_plays(t.now, t.now.plays + 1))
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
