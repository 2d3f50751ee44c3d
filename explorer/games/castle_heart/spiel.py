"""城堡之心 in OpenSpiel's terms: the kinds of its actions and the values of each parameter, from which
``explorer.openspiel_spaces`` numbers every action (found through the game: ``Game.own_module("spiel")``).

Every domain is read from the game's data (its content files) or the rules' own constants, never from play, so
every legal action of every state has its place and ids stay put while games are played.
"""

from __future__ import annotations

from explorer.openspiel_encoding import Compositions, Signature, kind
from explorer.openspiel_spaces import BOOLS, table_seats


def signatures(players: int) -> list[Signature]:
    """城堡之心: cards and heroes from the sample files; a group is its hero (member -1) and at most every
    soldier the table's leadership allows (CH-leadership, soldiers joining CH-death-soldiers-join); CH-A10 splits."""
    from . import content, setup, turn
    from .records import IDENTITIES

    cards = tuple(sorted(content.CONTENT.cards))
    heroes = content.CONTENT.heroes.values()
    seats = table_seats(players)
    # on the whole table: the lord's leadership plus every other seat's (CH-leadership), whoever they join
    soldiers = max(h.lord_leadership for h in heroes) + (players - 1) * max(h.leadership for h in heroes)
    index = tuple(range(soldiers))
    members = (-1, *index)
    mixes = setup.legal_mixes(players)
    with_bool = {"armour": "saved", "mirror": "saved", "bear_axe": "use", "doom_axe": "again", "ice": "spend",
                 "keep_ring": "keep", "neutral_choice": "join"}
    bare = ("abyss_take", "block", "end_deploy", "end_play", "let_pass", "take_hit")
    return [
        *(kind(k) for k in bare), *(kind(k, **{v: BOOLS}) for k, v in with_bool.items()),
        kind("choose_mix", mix=mixes), kind("deal_identity", identity=IDENTITIES),
        kind("deal_hero", hero=tuple(sorted(content.CONTENT.heroes))), kind("draw", card=cards),
        kind("destroy_card", card=cards), kind("missile_split", split=Compositions(5, 1 + soldiers)),
        kind("declare", camp=turn.DECLARATIONS), kind("deploy", soldier=tuple(content.SOLDIERS)),
        kind("skill", skill=content.SKILLS),
        *(kind(k, card=cards) for k in ("abyss_discard", "counter", "discard", "equip", "pay_card")),
        kind("attack", member=members, pay=("any_two", "sword"), target=seats),
        kind("lightning", member=members, target=seats), kind("soldier_attack", member=members),
        kind("follow_up", member=(*members, None)),
        kind("join", soldier=(*index, None)), kind("fireball_split", soldier=(None, *index)),
        kind("heal", target=seats), kind("missiles", target=seats),
        kind("command", target=(*seats, None)), kind("rescue", target=(*seats, None)),
        kind("magic", card=cards, target=(*seats, None), what=(None, "hand", *cards)),
    ]
