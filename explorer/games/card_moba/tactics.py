"""The tactical bot's judgement: setup choices, a value for a position from one seat's view, and a short search
over the seat's own next actions in its action phase (the engine's own rules resolve each one).

What it reads is what its seat sees: the map, every hero's public record (HP, shield, statuses, marks, position,
stamina, score, the size of each hand), the discard pile, its own hand. Never another hand or the deck: a line of
play stops where a card would be drawn (a chance node), and what a line's own cards are worth is counted only from
the cards the seat held when it began (a Ruler 夺取手牌 kill would hand over cards the seat cannot see).

Damage is counted exactly as it would resolve (``combat.damage_split``: MB-term-2-shield absorbs normal and
lifesteal damage, MB-term-15-true-damage ignores it, MB-status-13-poison never takes HP below 1), the way
``probability.card_moba.damage.hit`` counts it; poison and bleed still to come (MB-status-13-poison, MB-status-14-bleed:
layers at each of the holder's start phases, for their duration) count toward the kill, poison only down to 1 HP.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from explorer import Emitter

from . import combat, grid, statuses
from .action_phase import sequences, skill_alt, taunt_blocks
from .content import sample
from .records import Hero

# --- setup (抉择) -------------------------------------------------------------------------------------------------

# MB-choice-2-hero: the heroes in the order the bot would rather play them (measured in tactical-vs-tactical games)
HERO_ORDER = ("phantom", "reaver", "venom", "bulwark", "gale", "warden", "sage")
# MB-choice-3-bloodline: system, keystone, fragment a, fragment b, dust per hero (the attack line by default)
BLOODLINES = {
    "sage": ("reform", "surge", "focus", "sap", "dust_atk"),
}
DEFAULT_BLOODLINE = ("brutal", "tongling", "edge", "cruelty", "dust_atk")
# MB-choice-4-score 「协商决定获胜所需的得分」: the score the bot proposes when its seat speaks for the table (MB-A07),
# the middle of the listed 1 to 5: between bots who play for kills, bounded games then end at the score
WIN_SCORE = 3


def setup_choice(d, legal: list):
    """The choice at a setup step: the classic mode, the map where spawns are closest, the first free hero of
    HERO_ORDER, its bloodline, WIN_SCORE, and the spawn point nearest the enemies already placed."""
    kind = legal[0].kind
    if kind == "mode":
        return next((a for a in legal if a["mode"] == "classic"), legal[0])
    if kind == "map":
        return min(legal, key=lambda a: spawn_spread(a["map"], len(d.heroes)))
    if kind == "hero":
        free = {a["hero"]: a for a in legal}
        return next((free[h] for h in HERO_ORDER if h in free), legal[0])
    if kind == "bloodline":
        h = d.heroes[d.seat]
        wanted = BLOODLINES.get(h.hero, DEFAULT_BLOODLINE)[len(h.pieces)]
        return next((a for a in legal if a["piece"] == wanted), legal[0])
    if kind == "win_score":
        return min(legal, key=lambda a: abs(a["score"] - WIN_SCORE))
    if kind == "spawn":
        enemies = [h.pos for h in d.heroes if h.seat != d.seat and h.pos is not None]
        b = grid.board_of(d)
        centre = ((b.width - 1) / 2, (b.height - 1) / 2)
        if enemies:
            return min(legal, key=lambda a: sum(grid.distance(a["cell"], e) for e in enemies))
        return min(legal, key=lambda a: abs(a["cell"][0] - centre[0]) + abs(a["cell"][1] - centre[1]))
    return legal[0]


@lru_cache(maxsize=64)
def spawn_spread(map_id: str, players: int) -> float:
    """The mean distance between the map's spawn points (MB-choice-6-spawn): small maps bring heroes together."""
    spawns = sample().maps[map_id].spawns
    if len(spawns) < players:
        return float("inf")
    pairs = [grid.distance(a, b) for i, a in enumerate(spawns) for b in spawns[i + 1:]]
    return sum(pairs) / len(pairs)


# --- the value of a position --------------------------------------------------------------------------------------

WIN = 1e6
SCORE = 100.0        # one point of score (MB-hero-killer), the thing that wins (MB-choice-4-score)
SELF = 0.8           # my own HP lost, against the same HP taken from an enemy
THREAT = 0.6         # the share of the damage the enemies may deal before my next turn that is counted
STAMINA = 0.8        # one stamina point kept (MB-term-1-stamina)
CARD = 1.0           # one card kept in hand
POSITION = 0.4       # one cell closer to the nearest enemy
POTENTIAL = 0.6      # damage still to be dealt this action phase with what is in hand (attack chances, skill uses)
ACTED = 0.02         # each action taken: of two equal lines the shorter
PROGRESS = 0.5       # a skill sequence begun, per its share played (MB-hero-skill-sequence)
STATUS = {"stun": 5.0, "masked": 2.0, "destruct": 3.0, "silence": 1.5, "disarm": 2.0, "weak": 2.0, "root": 1.0,
          "fatigue": 1.0, "slow": 0.5, "taunt": 1.0, "armour_break": 1.0, "grievous": 0.5}


def max_hp(h, rules) -> int:
    return combat.starting_hp(h, rules.hp_cap)


def worn(lost: float, top: int) -> float:
    """What ``lost`` HP of ``top`` is worth: a little more for each point as the hero nears death (focus fire)."""
    return lost + lost * abs(lost) / top


def doomed_hp(h, rules) -> float:
    """HP left once the poison and bleed it holds have run (MB-status-13-poison: not below 1 unless the Ruler's
    poison_death; MB-status-14-bleed: life loss, no floor). A shield of the whole game counts as HP (MB-A28)."""
    hp = h.hp + (h.shield if rules.shield_lasts == "game" else 0)
    for s in h.statuses:
        if s.name == "poison":
            hp -= s.layers * s.duration if rules.poison_death else min(s.layers * s.duration, max(h.hp - 1, 0))
        elif s.name == "bleed":
            hp -= s.layers * s.duration
    return hp


def enemy_term(d, e) -> float:
    """How far an enemy is from death, and what its pending statuses take from its next turn."""
    if not e.alive:
        return 0.0
    top = max_hp(e, d.rules)
    v = worn(top - doomed_hp(e, d.rules), top)
    for s in e.statuses:
        v += STATUS.get(s.name, 0.0)
    return v


def threat_from(d, e, target_pos) -> float:
    """The damage enemy ``e`` may deal to a hero at ``target_pos`` in its next turn: its attack if it can come
    within range (speed, MB-status-4-root, -3-fatigue, -9-slow) plus 2 for a card if it holds any (the size of a
    hand is public); none when stunned (MB-status-1-stun), no attack when disarmed (MB-status-8-disarm), at most 1
    when weak (MB-status-10-weak). A dead hero comes back at its spawn point (MB-A09)."""
    pos = e.pos if e.alive else e.spawn
    if pos is None or target_pos is None:
        return 0.0
    names = {s.name for s in e.statuses} if e.statuses else ()
    if "stun" in names:
        return 0.0
    moves = 0 if "root" in names or "fatigue" in names else combat.speed(e)
    if "slow" in names:
        moves = max(0, moves - statuses.find(e, "slow").layers)
    if grid.distance(pos, target_pos, d.rules.adjacency) > moves + combat.reach(e) + 1:
        return 0.0
    power = 0 if "disarm" in names else combat.base(e, "atk") + (combat.mark_bonus(e, "atk_per_stack") if e.marks
                                                                  else 0)
    return max(0, min(power, 1) if "weak" in names else power) + (2.0 if e.hand else 0.0)


class Judge:
    """Scores positions for seat ``me`` along the lines of one decision. ``known``: the cards of its hand when the
    line began (the only cards of a hand whose worth it counts by name); what it works out for one enemy record
    is kept for the decision (the other heroes' records rarely change along a line)."""

    def __init__(self, d, me: int):
        self.me = me
        self.known = Counter(d.heroes[me].hand)
        self.exact = not d.rules.steal_hand  # else a kill may hand over cards the seat has never seen
        self.memo: dict = {}

    def hand(self, h) -> tuple:
        """The cards of the hand the seat knew (a line only plays them, unless a Ruler kill steals a hand)."""
        if self.exact:
            return h.hand
        return tuple((Counter(h.hand) & self.known).elements())

    def enemy(self, d, e, pos) -> tuple[float, float]:
        """(``enemy_term``, ``threat_from`` at ``pos``) of enemy record ``e``, worked out once per decision."""
        key = (id(e), pos)
        got = self.memo.get(key)
        if got is None or got[0] is not e:
            got = self.memo[key] = (e, enemy_term(d, e), threat_from(d, e, pos))
        return got[1], got[2]

    def __call__(self, d, live: bool) -> tuple[float, float]:
        """(the position's worth if the action phase ends here, its worth going on): going on adds the damage the
        attack chances and skill uses left may still deal (``potential``) and the skill sequences begun."""
        me = self.me
        if d.phase == "over":
            v = WIN / len(d.winners) if me in d.winners else -WIN
            return v, v
        rules = d.rules
        h = d.heroes[me]
        others = [e for e in d.heroes if e.seat != me]
        v = SCORE * (h.score - max(e.score for e in others))
        threat = 0.0
        for e in others:
            worth, danger = self.enemy(d, e, h.pos)
            v += worth
            threat += danger
        if h.alive:
            top = max_hp(h, rules)
            hp = doomed_hp(h, rules) - THREAT * max(0.0, threat - h.shield)
            v -= SELF * worn(top - hp, top) + (0.3 * SCORE if hp <= 0 else 0.0)
            if h.crit:
                v += 0.7 * combat.attack_power(h)
            if h.marks:
                v += 2.0 * combat.mark_bonus(h, "atk_per_stack")
            near = [grid.distance(h.pos, e.pos, rules.adjacency) for e in others if e.alive and e.pos is not None]
            if near:
                v -= POSITION * max(0, min(near) - combat.reach(h))
        else:
            v -= 0.3 * SCORE
        hand = self.hand(h)
        v += STAMINA * h.stamina + CARD * (len(hand) + d.draws.count(me)) - ACTED * h.acted
        if not live or not h.alive:
            return v, v
        return v, v + POTENTIAL * potential(d, h, others) + PROGRESS * progress(h, hand)


def potential(d, h, others) -> float:
    """The most the hero's attack chances and unlocked skill uses left this action phase may still take from one
    enemy it can come within range of (its steps over the free cells, ``walkable``): the exact damage through
    the enemy's shield, and the statuses. A critical hit's extra is counted by the Judge."""
    blocked = taunt_blocks(d, h)
    attacks = h.attacks if h.attacks and not statuses.has(h, "disarm") and not blocked else 0
    uses = h.uses if not statuses.has(h, "silence") and not blocked else ()
    if not attacks and not uses:
        return 0.0
    adjacency = d.rules.adjacency
    steps = 0 if statuses.has(h, "root") else h.steps
    cells = walkable(d.map, h.pos, steps, adjacency, tuple(e.pos for e in others if e.pos is not None))
    power = combat.attack_power(h)
    best = 0.0
    for e in others:
        if not e.alive or e.pos is None:
            continue
        gap = min(grid.distance(c, e.pos, adjacency) for c in cells)
        normal = true = 0
        extra = 0.0
        if attacks and gap <= combat.reach(h):
            normal = power * attacks
        for key, n in uses:
            alt = skill_alt(h, key)
            if alt["target"] in ("enemy", "direction") and gap <= alt["range"]:
                hit_n, hit_t, more = alt_effect(alt, power, e)
                normal, true, extra = normal + n * hit_n, true + n * hit_t, extra + n * more
        if normal or true or extra:
            best = max(best, hurt(d, e, normal, true) + extra)
    return best


@lru_cache(maxsize=1 << 14)
def walkable(map_id: str, start: tuple, steps: int, adjacency: int, heroes: tuple) -> tuple:
    """The cells a hero on ``start`` can stand on after at most ``steps`` moves (MB-term-5-move) round walls and
    heroes (MB-term-6-obstacle), ``start`` first."""
    seen, edge = {start}, [start]
    for _ in range(steps):
        nxt = []
        for cell in edge:
            for c in grid.open_neighbours(map_id, cell, adjacency):
                if c not in seen and c not in heroes:
                    seen.add(c)
                    nxt.append(c)
        edge = nxt
    return (start, *sorted(seen - {start}))


def hurt(d, e, normal: int, true: int) -> float:
    """What ``normal`` then ``true`` damage to enemy ``e`` is worth now: its HP through its shield (MB-term-2-shield,
    MB-term-15-true-damage), a score when it dies (MB-hero-death, MB-hero-killer)."""
    hp, _, _ = combat.damage_split(e.hp, e.shield, normal, "normal")
    hp -= true
    if hp <= 0:
        return SCORE - enemy_term(d, e) + 1.0
    top = max_hp(e, d.rules)
    return worn(top - (doomed_hp(e, d.rules) - (e.hp - hp)), top) - worn(top - doomed_hp(e, d.rules), top)


def alt_effect(alt: dict, power: int, e) -> tuple[int, int, float]:
    """A skill alternative against enemy ``e``: (normal damage, true damage and life loss, the worth of the rest)."""
    normal = true = 0
    more = 0.0
    for x in alt["effects"]:
        op, amount = x["op"], x["amount"]
        if x["to"] == "self":
            more += 0.5 * max(amount, 0) if op in ("heal", "shield", "steps") else 0.0
            more += 0.7 * power if op == "crit" else 0.0
            continue
        if op == "damage":
            amount += power if x["plus_atk"] else 0
            if x["kind"] == "true":
                true += amount
            else:
                normal += amount
        elif op == "lose_life":
            true += amount
        elif op == "status" and statuses.find(e, x["status"]) is None:  # MB-event-STS: a repeat is ignored
            more += STATUS.get(x["status"], 0.0) + (x["layers"] * x["duration"] * 0.7
                                                   if x["status"] in ("poison", "bleed") else 0.0)
        elif op in ("knockback", "pull"):
            more += 0.3
    return normal, true, more


def progress(h, hand: tuple) -> float:
    """Skill sequences begun this action phase (MB-hero-skill-sequence, MB-A20) that the known hand and the stamina
    can still finish: each worth its share played of the skill's rough worth."""
    if not h.played:
        return 0.0
    spent = dict(h.spent)
    cards = sample().cards
    total = 0.0
    for key, seq in sequences(h.hero):
        tail = h.played[spent.get(key, 0):]
        k = next((k for k in range(len(seq) - 1, 0, -1) if tail.endswith(seq[:k])), 0)
        if not k:
            continue
        left, cost = Counter(seq[k:]), 0
        for t, n in left.items():
            costs = sorted(cards[c]["cost"] for c in hand if cards[c]["type"] == t)
            if len(costs) < n:
                cost = None
                break
            cost += sum(costs[:n])
        if cost is not None and cost <= h.stamina:
            total += k / len(seq) * alt_worth(h.hero, key, combat.attack_power(h))
    return total


@lru_cache(maxsize=1024)
def alt_worth(hero: str, key: str, power: int) -> float:
    """A skill alternative's rough worth, against no one in particular."""
    alt = skill_alt(Hero(seat=0, hero=hero), key)
    normal, true, more = alt_effect(alt, power, Hero(seat=0))
    return normal + 1.2 * true + more + (1.0 if alt["target"] in ("cell", "line") else 0.0)


# --- the search ---------------------------------------------------------------------------------------------------

BUDGET = 180         # engine steps per decision at most (a deterministic bound: no clock)
WIDTH = (6, 3)       # how many of the best lines of one action, then of two, are looked at one action deeper
CELLS = 3            # blinks and charges kept per card or skill: those ending nearest an enemy


def candidates(d, legal) -> list:
    """The actions worth a look: every one but ``end``, with the blinks (MB-term-9-blink) and charges
    (MB-term-8-charge) of each card or skill cut to the few that land nearest an enemy's reach."""
    h = d.heroes[d.seat]
    foes = [e.pos for e in d.heroes if e.seat != h.seat and e.alive and e.pos is not None]
    reach = combat.reach(h)
    out, spread = [], {}
    for a in legal:
        if a.kind == "end":
            continue
        cell = a.get("cell")
        if cell is None and a.get("distance") is not None:
            cell = grid.step_cells(h.pos, a["direction"], a["distance"])[-1]
        if cell is None:
            out.append(a)
        else:
            spread.setdefault((a.kind, a.get("card"), a.get("skill")), []).append((landing(cell, foes, reach), a))
    for group in spread.values():
        group.sort(key=lambda x: x[0])
        out += [a for _, a in group[:CELLS]]
    return out


def landing(cell, foes, reach) -> tuple:
    """How far from attacking the nearest enemy a hero standing on ``cell`` is, then how far from it."""
    if not foes:
        return (0, 0)
    gap = min(grid.distance(cell, f) for f in foes)
    return (max(0, gap - reach), gap)


def plan(game, d, legal, rng):
    """MB-turn-action: the action opening the best line of at most three of the seat's own actions, each line
    scored by ``Judge`` where it stops; ending the phase is scored as the position stands, without what is left
    unused. The best lines of one action (WIDTH) are looked at one action deeper, then the best of those, within
    BUDGET engine steps; a line stops where a card would be drawn (chance: the seat cannot see the deck)."""
    return ranked(game, d, legal, rng)[0]


def ranked(game, d, legal, rng) -> list:
    """Every legal action, ``plan``'s choice first, then by the worth of the best line each opens (ending the phase
    at the worth of the position as it stands), then the actions ``candidates`` cut: a search's candidates
    (``Bot.ranked``)."""
    roots, standing = lines_of(game, d, legal, rng)
    end = next(a for a in legal if a.kind == "end")
    order = sorted(roots, key=lambda r: (r[1], r[2]), reverse=True)
    first = order[0][0] if order and order[0][1] > standing else end
    looked = [r[0] for r in order if r[1] > standing] + [end] + [r[0] for r in order if r[1] <= standing]
    return [first, *(a for a in looked if a != first), *(a for a in legal if a not in looked)]


def lines_of(game, d, legal, rng) -> tuple[list, float]:
    """``plan``'s look ahead: [action, worth of its best line, tie-break] for each candidate, and the worth of ending
    the phase as the position stands."""
    judge = Judge(d, d.seat)
    budget = BUDGET
    roots, lines = [], []
    for i, a in enumerate(candidates(d, legal)):
        node, v = expand(game, d, a, judge)
        budget -= 1
        roots.append([a, v, rng.random()])
        lines.append((i, node, v))
    for width in WIDTH:
        lines.sort(key=lambda x: -x[2])
        deeper = []
        for i, node, _ in lines[:width]:
            if node is None:
                continue
            for a in candidates(node, game.legal_actions(node)):
                if budget <= 0:
                    break
                child, v = expand(game, node, a, judge)
                budget -= 1
                roots[i][1] = max(roots[i][1], v)
                deeper.append((i, child, v))
        lines = deeper
    return roots, judge(d, False)[0]


def expand(game, d, a, judge):
    """The seat's action ``a`` applied: (the position if the seat decides next there, else None; its worth, the
    larger of ending there and going on)."""
    after = game.apply(d, a, Emitter(game.id, 0))
    me = judge.me
    live = after.phase == "action" and after.seat == me and after.heroes[me].alive
    end, going = judge(after, live)
    return (after if live and not after.draws else None), max(end, going)


def keep_worth(card: str) -> tuple:
    """MB-ruler-hand-limit: the card least worth keeping is discarded first (the cheap defence and skill cards)."""
    c = sample().cards[card]
    return ("SDMO".index(c["type"]), c["cost"])
