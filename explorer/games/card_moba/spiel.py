"""The card MOBA in OpenSpiel's terms: the kinds of its actions and the values of each parameter, from which
``explorer.openspiel_spaces`` numbers every action (found through the game: ``Game.own_module("spiel")``).

Every domain is read from the game's data (its content files) or the rules' own constants, never from play, so
every legal action of every state has its place and ids stay put while games are played.
"""

from __future__ import annotations

from itertools import permutations, product

from explorer.openspiel_encoding import Signature, kind
from explorer.openspiel_spaces import table_seats


def _ranges(entry) -> list[int]:
    """Every ``range`` number inside a content entry (cards, skill alternatives)."""
    if isinstance(entry, dict):
        return [v for k, v in entry.items() if k == "range" and isinstance(v, int)] + [
            r for v in entry.values() for r in _ranges(v)]
    if isinstance(entry, list | tuple):
        return [r for v in entry for r in _ranges(v)]
    return []


def signatures(players: int) -> list[Signature]:
    """The card MOBA: cards, heroes, skills (``<skill>#<alternative>``), maps and bloodline pieces from the
    sample files; cells of the largest map; charge distances up to the largest range; MB-choice-5-order."""
    from . import grid, setup
    from .content import sample

    c = sample()
    cards = tuple(sorted(c.cards))
    skills = tuple(f"{s['id']}#{i}" for h in sorted(c.heroes) for s in c.heroes[h]["skills"]
                   for i in range(len(s["alts"])))
    side = max(max(m.width, m.height) for m in c.maps.values())
    cells = tuple(product(range(side), range(side)))
    seats = table_seats(players)
    reach = max(_ranges(list(c.cards.values())) + _ranges(list(c.heroes.values())) + [1])
    aims = [{}, {"target": seats}, {"cell": cells}, {"direction": tuple(grid.DIRECTIONS)},
            {"direction": tuple(grid.DIRECTIONS), "distance": range(1, reach + 1)}]
    orders = list(permutations(seats))
    pieces = tuple(dict.fromkeys((*c.systems, *c.pieces, *c.dusts)))
    return [
        kind("end"), kind("mode", mode=("classic", "ruler")), kind("map", map=tuple(c.maps)),
        kind("hero", hero=tuple(sorted(c.heroes))), kind("bloodline", piece=pieces),
        kind("win_score", score=setup.LISTED_WIN_SCORES), kind("order", order=orders), kind("spawn", cell=cells),
        kind("draw", card=(None, *cards)), kind("discard", card=cards), kind("move", to=cells),
        kind("attack", target=seats),
        *(kind("play", card=cards, **aim) for aim in aims),
        *(kind("skill", skill=skills, **aim) for aim in aims),
    ]
