"""An upper bound on the HP a hero can still take from its enemy in its current action phase (卡驱MOBA), so that
the kill search (``probability.card_moba.search``) can score a last-turn position 0 without searching it.

The bound is asked only where every source of damage left this phase is known from the position itself; anywhere
else it answers None (no bound) and the search goes on as before:

- no draw is due and no card in hand draws (MB-card-main 摸牌): the cards the hero can still play are those in its
  hand, each at least once paid for (MB-card-cost: a card's cost is at least 1, paid from stamina);
- the hero stands next to the enemy and nothing it holds or can unlock moves anyone (blink, charge, knock-back,
  pull, retreat, projectile): the search's aim (瞄准) tries no move then, so no special cell is entered
  (MB-map-cells: a rune's stamina, a gust's steps) and no distance changes;
- nothing of the hero's gives stamina, attack chances, crits or draws but its cards (MB-hero-passive: its passives
  only add marks, steps, heals or shields) and no hero holds bloodline pieces (MB-bloodline-permanent);
- the enemy's own passives never lower its own HP, move anyone or give the hero anything.

Each term then bounds one source (the enemy's HP lost is at most the sum):

- attacks (MB-term-3-attack): the attack chances held plus those the played cards give, each at most the highest
  attack power the hero can reach this phase (its marks at their cap, MB-hero-marks; weak only lowers it,
  MB-status-10-weak), a crit (MB-A06) adding at most one more attack power, once per crit held or played;
- cards (MB-card-main): each played card's own damage to the enemy (an "attack power +" card counting the highest);
- skills (MB-hero-skill-sequence, MB-hero-skill-alternatives): the uses held, and for each alternative at most as
  many new uses as the played cards (with the cards since its last grant) hold each card type of its sequence;
- shields (MB-term-2-shield) absorb all but true damage (MB-term-15-true-damage) and life loss
  (MB-term-12-life-loss); poison and bleed act only at the enemy's start phase (MB-turn-start), not now.

The hero chooses which of its cards to play within its stamina; the bound is the best of all those choices.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from explorer.games.card_moba import combat, grid
from explorer.games.card_moba.action_phase import sequences, skill_alt
from explorer.games.card_moba.content import CARD_TYPES, sample
from explorer.games.card_moba.records import Hero, Moba

MOVES = frozenset({"blink", "charge", "knockback", "pull", "retreat", "projectile"})
HERO_ONLY = frozenset({"stamina", "draw", "attack_chance", "crit"})  # what only the hero's cards may give
PASSIVE_OPS = frozenset({"mark", "steps", "heal", "shield"})


def _damage_of(effects, power: int) -> tuple[int, int]:
    """(damage a shield absorbs, damage it does not) that ``effects`` deal to the enemy at most."""
    normal = piercing = 0
    for e in effects:
        if e["to"] == "self":
            continue
        if e["op"] == "damage":
            amount = max(0, e["amount"] + (power if e["plus_atk"] else 0))
            if e["kind"] == "true":
                piercing += amount
            else:
                normal += amount
        elif e["op"] == "lose_life":
            piercing += max(0, e["amount"])
    return normal, piercing


@lru_cache(maxsize=64)
def _hero_facts(hero_id: str) -> tuple | None:
    """The marks that grow of a hero whose passives and skills the bound can follow; None if it cannot."""
    grows = set()
    for s in sample().heroes[hero_id]["skills"]:
        for e in s["effects"]:
            if e["op"] not in PASSIVE_OPS:
                return None
            if e["op"] == "mark" and e["to"] == "self":
                grows.add(e["mark"])
        for alt in s["alts"]:
            for e in alt["effects"]:
                if e["op"] in MOVES or e["op"] in HERO_ONLY:
                    return None
                if e["op"] == "mark" and e["to"] == "self":
                    grows.add(e["mark"])
    for mark in grows:
        if sample().marks[mark]["max"] < 0 and sample().marks[mark]["atk_per_stack"] > 0:
            return None  # an attack power without a cap
    return frozenset(grows)


@lru_cache(maxsize=64)
def _quiet(hero_id: str) -> bool:
    """The enemy's passives (MB-hero-passive) never lower its own HP, move anyone or give the hero anything."""
    for s in sample().heroes[hero_id]["skills"]:
        for e in s["effects"]:
            if e["op"] in MOVES or e["op"] in HERO_ONLY or (e["to"] == "self" and e["op"] in ("damage", "lose_life")):
                return False
    return True


@lru_cache(maxsize=64)
def _card_facts(card: str, power: int) -> tuple | None:
    """(cost, type, attack chances, crits, normal damage, piercing damage, cards drawn, blink range or 0) of a
    card; None if it moves anyone else, gives stamina or adds a mark."""
    c = sample().cards[card]
    chances = crits = draws = blink = 0
    for e in c["effects"]:
        if e["op"] == "blink" and e["to"] == "self":
            blink = c["range"]
        elif e["op"] in MOVES or e["op"] in ("stamina", "mark"):
            return None  # moves, stamina, or marks (attack power beyond ``_top_power``)
        elif e["op"] == "attack_chance":
            chances += max(0, e["amount"])
        elif e["op"] == "crit":
            crits += 1
        elif e["op"] == "draw":
            draws += max(0, e["amount"])
    return (c["cost"], c["type"], chances, crits, *_damage_of(c["effects"], power), draws, blink)


def _top_power(h, grows: frozenset) -> int:
    """The highest attack power the hero can reach this phase: marks that grow at their cap (MB-hero-marks)."""
    marks = sample().marks
    held = dict(h.marks)
    power = combat.base(h, "atk")
    for mark, spec in marks.items():
        per = spec["atk_per_stack"]
        n = held.get(mark, 0)
        if mark in grows and per > 0:
            n = max(n, spec["max"])
        power += per * n
    return max(power, 0)


def _blink_stays(d: Moba, h, t, reach: int) -> bool:
    """A blink (MB-term-9-blink) the search's aim lands on the empty cell nearest the enemy: next to it again, and
    on no special cell (MB-map-cells), when every cell next to the enemy is a normal one and one of them, not the
    hero's, is empty and within reach; from there the cell just left is one such (two cells next to the enemy are
    at most 2 apart), so with a reach of 2 or more every later blink stays next to it too."""
    if reach < 2:
        return False
    special = grid.board_of(d).special
    near = [c for c in grid.cells_within(t.pos, 1, d.rules.adjacency) if c != t.pos]
    if any(c in special for c in near):
        return False
    landing = set(grid.empty_cells_within(d, h.pos, reach))
    return any(c in landing for c in near)


def hp_loss_bound(d: Moba, hero: int, enemy: int) -> int | None:
    """At most the HP ``enemy`` can still lose in ``hero``'s action phase now; None where no bound is known."""
    if d.phase != "action" or d.seat != hero or d.draws or any(x.pieces for x in d.heroes):
        return None
    h, t = d.heroes[hero], d.heroes[enemy]
    if not h.alive or not t.alive or h.pos is None or t.pos is None:
        return None
    if grid.distance(h.pos, t.pos, d.rules.adjacency) != 1 or not _quiet(t.hero):
        return None
    facts = _hero_facts(h.hero)
    if facts is None:
        return None
    grows = facts
    power = _top_power(h, grows)
    held = []
    for key, n in h.uses:
        dealt = _alt_damage(h.hero, key, power)
        if dealt is None:
            return None
        held.append((n, dealt))
    hand = Counter(h.hand)
    facts_of = {card: _card_facts(card, power) for card in hand}
    pool: Counter = Counter()
    if any(f is None or f[6] for f in facts_of.values()):
        # a card that draws (MB-card-main): any card of the deck or, reshuffled, the discard pile may come
        pool = Counter(d.deck.counts())
        pool.update(d.discard.counts())
    cards = []
    blinks = False
    for card in sorted(set(hand) | set(pool)):
        f = facts_of.get(card) or _card_facts(card, power)
        if f is None:
            return None
        blinks = blinks or f[7] > 0
        cards.append((f, hand[card], min(pool[card], h.stamina)))
    if blinks and not all(f[7] == 0 or _blink_stays(d, h, t, f[7]) for f, _, _ in cards):
        return None
    return _best(tuple(cards), h.stamina, h.attacks, int(h.crit), tuple(held),
                 _needs(h.hero, tails(h.hero, h.played, h.spent)), power, t.shield, _per_use(h.hero, power))


@lru_cache(maxsize=256)
def _alt_damage(hero_id: str, key: str, power: int) -> tuple | None:
    """What one use of a skill alternative deals to the enemy (``_damage_of``); None if it moves anyone or gives
    the hero stamina, cards, attack chances or crits."""
    effects = skill_alt(Hero(seat=0, hero=hero_id), key)["effects"]
    if any(e["op"] in MOVES or e["op"] in HERO_ONLY for e in effects):
        return None
    return _damage_of(effects, power)


@lru_cache(maxsize=1 << 16)
def tails(hero: str, played: str, spent: tuple) -> tuple:
    """For each skill alternative of ``hero`` (``sequences``): the cards played since its last grant that can still
    count towards it (MB-hero-skill-sequence: a use is granted once the cards since that alternative's last grant
    end with its sequence, so only the last len(sequence) − 1 of them matter). Worked out once per hand of play."""
    spent = dict(spent)
    out = []
    for key, seq in sequences(hero):
        since = played[spent.get(key, 0):]
        out.append(since[max(0, len(since) - len(seq) + 1):])
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _needs(hero: str, held: tuple) -> tuple:
    """Per skill alternative: (card type index, how many its sequence holds, how many its tail ``held`` has)."""
    out = []
    for (_, seq), tail in zip(sequences(hero), held, strict=True):
        have = Counter(tail)
        out.append(tuple((TYPE_INDEX[k], m, have[k]) for k, m in Counter(seq).items()))
    return tuple(out)


@lru_cache(maxsize=256)
def _per_use(hero: str, power: int) -> tuple:
    return tuple(_alt_damage(hero, key, power) for key, _ in sequences(hero))


TYPE_INDEX = {t: i for i, t in enumerate(CARD_TYPES)}


@lru_cache(maxsize=1 << 15)
def _best(cards: tuple, stamina: int, attacks: int, crit: int, held: tuple, needs: tuple, power: int,
          shield: int, per_use: tuple) -> int:
    """The most HP lost over every choice of how many of each card to play whose costs fit ``stamina``
    (MB-card-cost): from the hand, and of the cards that may be drawn no more than the played cards draw.

    A walk over how many of each card, in one list of per-type counts changed in place and put back (the search
    asks this for thousands of positions, each walk a few dozen choices)."""
    normal0 = sum(dn * n for n, (dn, _) in held)
    piercing0 = sum(dp * n for n, (_, dp) in held)
    best = 0
    last = len(cards)
    rows = [(f[0], TYPE_INDEX[f[1]], f[2], f[3], f[4], f[5], f[6], in_hand, in_hand + drawable)
            for f, in_hand, drawable in cards]
    uses = tuple(zip(needs, per_use, strict=True))
    types = [0] * len(CARD_TYPES)  # how many of each card type the choice so far plays
    # the cheapest cost from card i on: with less stamina left no more card is played, the choice is complete
    cheapest = [stamina + 1] * (last + 1)
    for i in range(last - 1, -1, -1):
        cheapest[i] = min(cheapest[i + 1], rows[i][0])

    def walk(i, left, chances, crits, normal, piercing, drawn, extra):
        nonlocal best
        if left < cheapest[i]:  # the last card, or none of the rest affordable: nothing more is played
            if extra > drawn:
                return
            hit = normal + power * (chances + (crits if crits < chances else chances))
            pierce = piercing
            for need, (dn, dp) in uses:
                grants = min([(types[k] + had) // m for k, m, had in need])
                hit += dn * grants
                pierce += dp * grants
            lost = (hit - shield if hit > shield else 0) + pierce
            if lost > best:
                best = lost
            return
        cost, kind, chance, crit_, normal_, piercing_, draws, in_hand, most = rows[i]
        top = min(most, left // cost)
        for n in range(top + 1):
            walk(i + 1, left - n * cost, chances + chance * n, crits + crit_ * n, normal + normal_ * n,
                 piercing + piercing_ * n, drawn + draws * n, extra + (n - in_hand if n > in_hand else 0))
            types[kind] += 1
        types[kind] -= top + 1

    walk(0, stamina, attacks, crit, normal0, piercing0, 0, 0)
    return best
