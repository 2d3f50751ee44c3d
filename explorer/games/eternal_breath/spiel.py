"""永恒之息 in OpenSpiel's terms: the kinds of its actions and the values of each parameter, from which
``explorer.openspiel_spaces`` numbers every action (found through the game: ``Game.own_module("spiel")``).

Every domain is read from the game's data (its content files) or the rules' own constants, never from play, so
every legal action of every state has its place and ids stay put while games are played.
"""

from __future__ import annotations

from explorer.openspiel_encoding import Signature, kind
from explorer.openspiel_spaces import table_seats


def signatures(players: int) -> list[Signature]:
    """永恒之息: characters, deck cards and seats from the sample set; EB-3.2-multi-attack card pairs."""
    from . import combat, content

    cat = content.sample()
    chars = tuple(sorted(c.id for c in cat.cards.values() if c.is_character))
    every = tuple(sorted(cat.cards))  # a hand may hold deck cards and normal characters (prepare, EB-3.1)
    attack = sorted(c.id for c in cat.cards.values() if c.kind == "attack")
    pairs = [(a, b) for i, a in enumerate(attack) for b in attack[i:]
             if content.card(a).has("combo") or content.card(b).has("combo")]
    sets = [(a,) for a in attack] + pairs  # the shapes attack.card_sets can offer
    seats = table_seats(players)
    seat_or_none = (-1, *seats)
    aims = ("", *chars)
    traps = sum(c.copies for c in cat.cards.values() if c.kind == "trap")  # a zone never holds more traps
    slots = range(max(traps, 1))
    bare = ("accept", "allow", "buy_draw", "declare", "dodge", "done", "end_play", "force", "give_up",
            "keep_hidden", "pass", "refuse")
    return [
        *(kind(k) for k in bare),
        kind("dealer", seat=seats), kind("reveal", card=chars), kind("draw", card=every),
        kind("roll", die=combat.DIE_FACES), kind("judge", result=range(1, 13)),
        kind("pick", card=chars), kind("ritual", summon=chars), kind("summon", card=chars),
        kind("replace", card=chars), kind("prepare", card=every), kind("discard", card=every),
        kind("block", card=("", *every)), kind("rescue", card=every), kind("dispel", card=every),
        kind("attack", by=chars, cards=sets, seat=seats, target=chars),
        kind("effect", card=every, seat=seat_or_none, target=aims),
        kind("place", card=every, seat=seat_or_none, target=aims),
        kind("skill", char=chars, seat=seat_or_none, target=aims),
        kind("trap", card=every, zone=seats), kind("trap", card=every, face=("down", "up"), zone=seats),
        kind("flip_trap", slot=slots, zone=seats), kind("remove_trap", slot=slots, zone=seats),
        kind("declare_trap", slot=slots, zone=seats), kind("declare_trap", card=every, zone=seats),
    ]
