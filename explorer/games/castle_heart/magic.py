"""魔法卡: the ten magic cards, the counter-magic window, and each card's exact effect."""

from __future__ import annotations

from fractions import Fraction

from explorer import CANCELLED, CHANCE, SELF
from explorer.records import distinct

from .actions import A
from .content import CONTENT
from .life import heal, hurt, pay
from .reach import group_members
from .records import HERO, Castle, Spell, at, put, take_from, with_

NO_TARGET = ("mass_heal", "horn", "swift", "mirror", "recall", "ice_storm")
MAGIC = {c.id: c.effect for c in CONTENT.cards.values() if c.kind == "magic"}  # a magic card → its effect


def askers(d: Castle, last: int) -> tuple:
    """Who may answer with 魔法抵消: every living hero but the last to play, not held (CH-A21)."""
    n = len(d.seats)
    order = [(last + k) % n for k in range(1, n)]
    return tuple(i for i in order if d.seats[i].alive and not d.seats[i].held)


def magic_actions(d: Castle, seat: int) -> list:
    """Magic cards the active hero may play now, with their targets."""
    s = d.seats[seat]
    if d.opts.magic_cost and "mana" not in s.hand:
        return []
    spells = [card for card in distinct(s.hand) if card in MAGIC]
    if not spells:
        return []
    out = []
    others = [i for i, o in enumerate(d.seats) if o.alive and i != seat]
    for card in spells:
        effect = MAGIC[card]
        if effect in NO_TARGET:
            out.append(A("magic", seat, card=card, target=None, what=None))
        elif effect == "fireball":
            out += [A("magic", seat, card=card, target=t, what=None) for t in others]
        elif effect == "hold":
            out += [A("magic", seat, card=card, target=t, what=None) for t in others if not d.seats[t].held]
        elif effect == "counter":
            out += [A("magic", seat, card=card, target=t, what=None) for t in others if d.seats[t].held]
        elif effect == "disintegrate":
            for t in others:
                whats = (("hand",) if d.seats[t].hand else ()) + distinct(d.seats[t].equipment)
                out += [A("magic", seat, card=card, target=t, what=w) for w in whats]
    return out


def play_magic(d: Castle, card: str, target, what, emit) -> Castle:
    """Play a magic card (CH-turn-play-unlimited); it waits for counter-magic before it works."""
    caster = d.active
    d = pay(d, caster, card)
    if d.opts.magic_cost:
        d = pay(d, caster, "mana", d.opts.magic_cost)
    eid = emit.emit("magic", "CH-turn-play-unlimited", actor=caster, targets=() if target is None else (target,),
                    card=card, what=what)
    spell = Spell(card, caster, -1 if target is None else target, what or "", 0, askers(d, caster), eid)
    return window(with_(d, spell=spell, acted=True), emit)


def window(d: Castle, emit) -> Castle:
    """CH-magic-counter: ask each hero in turn; when nobody answers, the card works or is cancelled."""
    if d.spell.ask:
        return at(d, "counter")
    spell = d.spell
    d = with_(d, spell=None, phase="play")
    # CH-magic-counter (CH-A21): the last counter resolves first, then the card it leaves cancelled or working
    last = [(spell.last, "resolves_before", SELF, "CH-magic-counter")] if spell.last >= 0 else ()
    if spell.counters % 2:
        emit.emit("magic cancelled", "CH-magic-counter", actor=spell.caster, cause=spell.cause, outcome=CANCELLED,
                  card=spell.card, links=last)
        return d
    works = emit.next_id
    d = resolve(d, spell, emit)
    if last:
        emit.relate(spell.last, "resolves_before", works, "CH-magic-counter")
    return d


def counter_actions(d: Castle) -> tuple:
    seat = d.spell.ask[0]
    s = d.seats[seat]
    card = next((c for c in s.hand if CONTENT.cards[c].effect == "counter"), None)
    can = card is not None and (not d.opts.magic_cost or "mana" in s.hand)
    return (A("counter", seat, card=card), A("let_pass", seat)) if can else (A("let_pass", seat),)


def counter(d: Castle, card, emit) -> Castle:
    """CH-magic-counter: 魔法抵消 cancels the magic card on the table (and may itself be countered)."""
    spell, seat = d.spell, d.spell.ask[0]
    if card is None:
        return window(with_(d, spell=with_(spell, ask=spell.ask[1:])), emit)
    d = pay(d, seat, card)
    if d.opts.magic_cost:
        d = pay(d, seat, "mana", d.opts.magic_cost)
    countered = spell.last if spell.last >= 0 else spell.cause  # a counter of a counter cancels that counter
    eid = emit.emit("counter", "CH-magic-counter", actor=seat, cause=spell.cause, card=card,
                    links=[(SELF, "cancels", countered)])
    return window(with_(d, spell=with_(spell, counters=spell.counters + 1, ask=askers(d, seat), last=eid)), emit)


def resolve(d: Castle, spell: Spell, emit) -> Castle:
    """Each card's effect, by the effect word of the card (the data vocabulary)."""
    effect, me, t, cause = CONTENT.cards[spell.card].effect, spell.caster, spell.target, spell.cause
    if effect == "mass_heal":  # CH-magic-mass-heal
        for i, s in enumerate(d.seats):
            if s.alive and s.hp < s.max_hp:
                d = heal(d, i, 1, me, cause, "CH-magic-mass-heal", emit)
        return d
    if effect == "horn":  # CH-magic-horn
        emit.emit("horn", "CH-magic-horn", actor=me, cause=cause, cards=2)
        return with_(d, draws=(*d.draws, me, me))
    if effect == "swift":  # CH-magic-swift
        emit.emit("swift", "CH-magic-swift", actor=me, cause=cause)
        return with_(d, swift=True)
    if effect == "mirror":  # CH-magic-mirror
        emit.emit("mirror images", "CH-magic-mirror", actor=me, cause=cause)
        return put(d, me, mirror=True)
    if effect == "recall":
        return recall(d, me, cause, emit)
    if effect == "ice_storm":  # CH-magic-ice-storm
        d = ice_on_soldiers(d, spell, emit)
        queue = tuple((me + k) % len(d.seats) for k in range(1, len(d.seats)))
        return ice_next(with_(d, queue=tuple(i for i in queue if d.seats[i].alive), spell=spell), emit)
    if not d.seats[t].alive:
        return d
    if effect == "hold":  # CH-magic-hold
        emit.emit("held", "CH-magic-hold", actor=me, targets=(t,), cause=cause)
        return put(d, t, held=True)
    if effect == "counter":  # CH-magic-counter: lifts a hold in effect (not by the held hero itself)
        emit.emit("hold lifted", "CH-magic-counter", actor=me, targets=(t,), cause=cause)
        return put(d, t, held=False)
    if effect == "fireball":
        if d.seats[t].soldiers:
            return with_(d, phase="fireball", spell=spell)
        return hurt(d, t, HERO, 3, me, cause, "CH-magic-fireball", emit)
    return disintegrate(d, spell, emit)


def recall(d: Castle, me: int, cause, emit) -> Castle:
    """CH-magic-recall 「将上一回合中消耗的所有魔，放回手牌」: every 魔 spent in the last round — by anyone from the
    start of the user's previous turn to the start of this one, or only the user's own (CH-A26) — comes back to the
    hand, from the discard pile (as many as are there)."""
    n = min(d.seats[me].recall, d.discard.count("mana"))
    emit.emit("recall", "CH-magic-recall", actor=me, cause=cause, cards=n)
    if not n:
        return d
    d = put(d, me, hand=tuple(sorted(d.seats[me].hand + ("mana",) * n)), recall=d.seats[me].recall - n)
    return with_(d, discard=d.discard.remove("mana", n))


def fireball_actions(d: Castle) -> tuple:
    t = d.spell.target
    return (A("fireball_split", t, soldier=None),
            *(A("fireball_split", t, soldier=i) for i in range(len(d.seats[t].soldiers))))


def fireball(d: Castle, soldier, emit) -> Castle:
    """CH-magic-fireball: 3 damage, shared evenly by the group or taken by one soldier (CH-A10)."""
    spell, t = d.spell, d.spell.target
    d = with_(d, spell=None, phase="play")
    works = emit.next_id  # CH-magic-counter: the last counter resolved before this, the card's effect
    if soldier is not None:
        d = hurt(d, t, soldier, 3, spell.caster, spell.cause, "CH-magic-fireball", emit)
        emit.relate(spell.last, "resolves_before", works, "CH-magic-counter")
        return d
    members = group_members(d, t)
    share = {m: 3 // len(members) + (1 if k < 3 % len(members) else 0) for k, m in enumerate(members)}
    for m in [*sorted((m for m in members if m != HERO), reverse=True), HERO]:
        if share[m]:
            d = hurt(d, t, m, share[m], spell.caster, spell.cause, "CH-magic-fireball", emit)
    emit.relate(spell.last, "resolves_before", works, "CH-magic-counter")
    return d


def disintegrate(d: Castle, spell: Spell, emit) -> Castle:
    """CH-magic-disintegrate: destroy one equipment card, or one hand card at random (a CHANCE node)."""
    t = spell.target
    if spell.what == "hand":
        if not d.seats[t].hand:
            return d
        return with_(d, phase="disintegrate", spell=spell)
    if spell.what not in d.seats[t].equipment:
        return d
    emit.emit("destroyed", "CH-magic-disintegrate", actor=spell.caster, targets=(t,), cause=spell.cause,
              card=spell.what)
    d = put(d, t, equipment=take_from(d.seats[t].equipment, spell.what))
    return with_(d, discard=d.discard.add(spell.what))


def disintegrate_outcomes(d: Castle):
    hand = d.seats[d.spell.target].hand
    return tuple((A("destroy_card", CHANCE, card=c), Fraction(hand.count(c), len(hand))) for c in distinct(hand))


def destroy_card(d: Castle, card: str, emit) -> Castle:
    spell = d.spell
    emit.emit("destroyed", "CH-magic-disintegrate", actor=spell.caster, targets=(spell.target,), cause=spell.cause,
              card=card)
    d = put(d, spell.target, hand=take_from(d.seats[spell.target].hand, card))
    return with_(d, discard=d.discard.add(card), spell=None, phase="play")


def ice_on_soldiers(d: Castle, spell: Spell, emit) -> Castle:
    """CH-magic-ice-storm (CH-A27): soldiers are 目标 too; holding no 魔 to spend, each takes 1 damage — by the
    switch, every soldier of the other groups (``other_groups``, the default: 自己 is the caster's group), every
    soldier (``every_soldier``: only the caster itself is 自己) or none (``none``)."""
    rule, n = d.opts.ice_soldiers, len(d.seats)
    for k in range(n if rule != "none" else 0):
        t = (spell.caster + k) % n
        if (k == 0 and rule == "other_groups") or not d.seats[t].alive:
            continue
        for m in reversed(range(len(d.seats[t].soldiers))):  # the last first, so places do not shift
            d = hurt(d, t, m, 1, spell.caster, spell.cause, "CH-magic-ice-storm", emit)
    return d


def ice_next(d: Castle, emit) -> Castle:
    """CH-magic-ice-storm: each other hero spends 1 魔 or takes 1 damage; a held hero cannot spend."""
    while d.queue and d.seats[d.queue[0]].held:
        d = hurt(d, d.queue[0], HERO, 1, d.spell.caster, d.spell.cause, "CH-magic-ice-storm", emit)
        d = with_(d, queue=d.queue[1:])
    if d.queue:
        return at(d, "ice")
    return with_(d, spell=None, phase="play")


def ice_actions(d: Castle) -> tuple:
    seat = d.queue[0]
    take = A("ice", seat, spend=False)
    return (A("ice", seat, spend=True), take) if "mana" in d.seats[seat].hand else (take,)


def ice(d: Castle, spend: bool, emit) -> Castle:
    seat, spell = d.queue[0], d.spell
    if spend:
        emit.emit("ward", "CH-magic-ice-storm", actor=seat, cause=spell.cause, card="mana",
                  links=[(SELF, "prevents", spell.cause)])  # 消耗1张魔进行防御: the storm's 1 damage to this hero
        d = pay(d, seat, "mana")
    else:
        d = hurt(d, seat, HERO, 1, spell.caster, spell.cause, "CH-magic-ice-storm", emit)
    return ice_next(with_(d, queue=d.queue[1:]), emit)
