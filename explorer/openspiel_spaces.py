"""The action space of each shipped game, enumerated from its content files and its action kinds.

Every domain is read from the game's data (card, character, hero, map and bloodline ids; map sizes; ranges;
leadership), or from the rules' own constants (die faces, the listed win scores, declarations), never from
play: so every legal action of every state has its place, and ids stay put while games are played. A number
the rules leave open (``Game.open_number``: the MOBA's winning score) has its listed menu here; OpenSpiel's
``win_score`` parameter gives any other. The blocks follow the order written here; ``docs/openspiel.md`` shows
the layout. A game without an entry here has no OpenSpiel id space yet (:func:`action_space` says so).
"""

from __future__ import annotations

from functools import cache
from itertools import permutations, product

from .openspiel_encoding import ActionSpace, Compositions, Signature, kind
from .registry import get_game

BOOLS = (False, True)


def _seats(players: int) -> tuple[int, ...]:
    """Every seat of the table."""
    return tuple(range(players))


def eternal_breath(players: int) -> list[Signature]:
    """永恒之息: characters, deck cards and seats from the sample set; EB-3.2-multi-attack card pairs."""
    from .games.eternal_breath import catalogue, combat

    cat = catalogue.sample()
    chars = tuple(sorted(c.id for c in cat.cards.values() if c.is_character))
    every = tuple(sorted(cat.cards))  # a hand may hold deck cards and normal characters (prepare, EB-3.1)
    attack = sorted(c.id for c in cat.cards.values() if c.kind == "attack")
    pairs = [(a, b) for i, a in enumerate(attack) for b in attack[i:]
             if catalogue.card(a).has("combo") or catalogue.card(b).has("combo")]
    sets = [(a,) for a in attack] + pairs  # the shapes attack.card_sets can offer
    seats = _seats(players)
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


def _ranges(entry) -> list[int]:
    """Every ``range`` number inside a content entry (cards, skill alternatives)."""
    if isinstance(entry, dict):
        return [v for k, v in entry.items() if k == "range" and isinstance(v, int)] + [
            r for v in entry.values() for r in _ranges(v)]
    if isinstance(entry, list | tuple):
        return [r for v in entry for r in _ranges(v)]
    return []


def card_moba(players: int) -> list[Signature]:
    """The card MOBA: cards, heroes, skills (``<skill>#<alternative>``), maps and bloodline pieces from the
    sample files; cells of the largest map; charge distances up to the largest range; MB-choice-5-order."""
    from .games.card_moba import board, setup
    from .games.card_moba.content import sample

    c = sample()
    cards = tuple(sorted(c.cards))
    skills = tuple(f"{s['id']}#{i}" for h in sorted(c.heroes) for s in c.heroes[h]["skills"]
                   for i in range(len(s["alts"])))
    side = max(max(m.width, m.height) for m in c.maps.values())
    cells = tuple(product(range(side), range(side)))
    seats = _seats(players)
    reach = max(_ranges(list(c.cards.values())) + _ranges(list(c.heroes.values())) + [1])
    aims = [{}, {"target": seats}, {"cell": cells}, {"direction": tuple(board.DIRECTIONS)},
            {"direction": tuple(board.DIRECTIONS), "distance": range(1, reach + 1)}]
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


def castle_heart(players: int) -> list[Signature]:
    """城堡之心: cards and heroes from the sample files; a group is its hero (member -1) and at most every
    soldier the table's leadership allows (CH-leadership, soldiers joining CH-death-soldiers-join); CH-A10 splits."""
    from .games.castle_heart import cards as content
    from .games.castle_heart import deal, turn
    from .games.castle_heart.board import IDENTITIES

    cards = tuple(sorted(content.CONTENT.cards))
    heroes = content.CONTENT.heroes.values()
    seats = _seats(players)
    # on the whole table: the lord's leadership plus every other seat's (CH-leadership), whoever they join
    soldiers = max(h.lord_leadership for h in heroes) + (players - 1) * max(h.leadership for h in heroes)
    index = tuple(range(soldiers))
    members = (-1, *index)
    mixes = deal.legal_mixes(players)
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


SPACES = {"eternal_breath": eternal_breath, "card_moba": card_moba, "castle_heart": castle_heart}


@cache
def action_space(game_id: str, players: int) -> ActionSpace:
    """The action space of the game at a table of ``players`` (built once per process from its content)."""
    if game_id not in SPACES:
        raise KeyError(f"{game_id!r} has no OpenSpiel action space yet: add its kinds to explorer/openspiel_spaces.py")
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game_id} is played by {game.min_players} to {game.max_players}, not {players}")
    return ActionSpace(game_id, SPACES[game_id](players))
