"""The tactical bot's reasoning for 城堡之心 (``bots.TacticalBot``): identity reads from the public log, the
project's exact odds, and a score for every legal action — all from what the deciding seat may see.

What a seat may see (``view.py``, ``determinise.py``): its own hand and identity; every hero's HP, equipment,
soldiers, hand *size*, declaration and shown identity (the lord's from the deal, CH-A09; the dead's, and a neutral
who refused to join, CH-end-enemies-dead-neutral-choice); the deck's size and the discard pile; and the public
events of the log (``Event.private_to`` None). Nothing here reads another hand, a hidden identity or the deck's
make-up, so a world drawn by ``determinise`` (or a log redacted for the seat, ``explorer.search.seat_state``)
gives the same choice.

**Identity reads.** ``Public`` folds the public log into evidence: who attacked, commanded at, struck with
lightning, missiles or harmful magic (火球, 定身, 小裂解) which hero; who healed or rescued whom (愈); who countered
a spell at whom; who declared (only a 中立 declares, CH-neutral-declare); the rewards (CH-reward-*: an enemy is
rewarded for a reinforcement, nobody for the castle's side: the killer is then a reinforcement or a neutral); a
neutral who refused to join. ``beliefs`` turns it into each seat's identity: every arrangement of the dealt mix
(CH-A02; with ``any_legal`` the public count events, CH-count-*) that agrees with what the seat sees is weighed
by how likely each hero's public acts are under each identity (an enemy attacks the lord, a reinforcement heals
him, a neutral may do either) — without acts this is exactly ``probability.castle_heart.identities.who_is_who``.
An assumption of the bot, not of the game: the weights (``LIKELY``) are ours. A state with an empty log (a
position set up by hand; ``explorer.search`` rollouts, which build a ``State`` from the data alone) gives no
reads: the bot then goes by the deal's odds and what the board shows (shown identities, declarations).

**Odds** (``probability``): a 剑 block is the hypergeometric chance the target holds a 剑 among the cards the
seat does not see (``probability.castle_heart.rescue.hypergeometric``); armour and mirror images halve a hit
(CH-equip-knight-armour, CH-magic-mirror); the steel shield stops the first ranged attack of a turn; the missile
ring's kills are ``probability.castle_heart.missiles.member_falls``; an ice storm hurts those without a 魔
(hypergeometric again).

**Scores.** Each seat puts a signed weight on every hero (``weights``): how much a point of its HP lost is worth
to the seat (a foe positive, a friend or itself negative). Enemies fight the lord (CH-goal-enemy) and, after
him, the likely reinforcements; the lord's side the likely enemies (CH-goal-lord), the lord's own HP first; a
neutral (CH-goal-neutral) shields the lord while anyone else stands, fights the enemies while two or more stand,
then spares the last one (undeclared, his fall would force its choice, CH-end-enemies-dead-neutral-choice) and
brings the reinforcements down, declares 敌军 to finish him once they are gone, and goes back to 中立 to bring
down the lord last (CH-A41); asked to join the lord, it refuses (joining hands the game to the lord's side
without it). Every action is scored in tenths of a hero's HP point (a hit, a kill, a card
kept or spent); the best is played, ties broken by the rng, and a play phase ends when nothing scores above 0.
"""

from __future__ import annotations

import math
from functools import lru_cache

from explorer.chance import hypergeometric

from .content import CONTENT, SOLDIERS
from .equipment import member_falls
from .reach import attack_distance, has, is_melee, seat_distances, skill, soldier_strike
from .records import ENEMY, HERO, LORD, NEUTRAL, REINFORCEMENT, camp
from .setup import LETTER, MIXES, legal_mixes

HP = 10.0  # the score of one point of a hero's HP (the unit of every score)
KILL = 2.0  # a kill's worth, in HP points, on top of the HP
ENEMY_CAMP, CASTLE_CAMP = "enemy", "castle"
HOSTILE_MAGIC = frozenset(("fireball", "hold", "disintegrate"))
EFFECT = {c.id: c.effect for c in CONTENT.cards.values()}
TOTAL = {c.id: c.count for c in CONTENT.cards.values()}
ANY = frozenset((ENEMY, REINFORCEMENT, NEUTRAL))

# How likely one public act is under each identity of its actor (the bot's assumption, see the module's doc).
LIKELY = {
    ("lord", 1): {ENEMY: 1.0, NEUTRAL: 0.35, REINFORCEMENT: 0.04},  # harmed the lord
    ("lord", -1): {ENEMY: 0.08, NEUTRAL: 0.6, REINFORCEMENT: 1.0},  # helped the lord
}
MOST_ACTS = 5  # acts counted per actor, target and sign (more says nothing new)

KEEP = {"sword": 3.0, "heal": 4.5, "mana": 1.5, "counter": 4.0, "hold": 4.0, "fireball": 3.5, "horn": 3.0,
        "mirror": 2.5, "swift": 1.0, "recall": 1.0, "ice_storm": 2.5, "mass_heal": 1.5, "disintegrate": 2.5}
GEAR = {"range_two_follow_up": 9.0, "range_unlimited_any_two": 8.0, "abyss": 7.0, "poison": 6.0,
        "force_hit_discard_two": 6.0, "repeat_until_hit": 6.0, "lightning": 5.0, "melee_half_cancel": 8.0,
        "first_ranged_cancel": 7.0, "missile_ring": 6.0, "attack_distance_minus": 6.0,
        "defence_distance_plus": 6.0}


# --- what the table has shown ------------------------------------------------------------------------------------


class Public:
    """The evidence in the public events of a log, read once per event (``read``)."""

    __slots__ = ("acts", "bounds", "counters", "death", "key", "last", "magic", "mix", "n", "turned")

    def __init__(self):
        self.n = 0  # events read
        self.last = None  # the last event read (``Reader`` knows its log by it)
        self.acts: dict[tuple[int, int, int], int] = {}  # (actor, target, +1 harm / -1 help) -> times
        self.magic: dict[int, tuple[int, int, str]] = {}  # magic event id -> (caster, target, effect)
        self.counters: dict[int, int] = {}  # magic event id -> counter-magic answered so far
        self.bounds: dict[int, frozenset] = {}  # seat -> the identities it may have been dealt
        self.turned: set[int] = set()  # neutrals who refused to join (dealt 中立, shown 敌军 now)
        self.mix: tuple | None = None  # the dealt mix from the public count events (any_legal)
        self.death: tuple | None = None  # the last death: (victim, identity, declared)
        self.key: tuple | None = None  # the evidence as a hashable key (None: to work out again)

    def act(self, actor, target, sign: int) -> None:
        if isinstance(actor, int) and isinstance(target, int) and actor != target and actor >= 0:
            k = (actor, target, sign)
            if self.acts.get(k, 0) < MOST_ACTS:
                self.acts[k] = self.acts.get(k, 0) + 1
                self.key = None

    def bound(self, seat, allowed) -> None:
        if isinstance(seat, int):
            self.bounds[seat] = self.bounds.get(seat, ANY | {LORD}) & allowed
            self.key = None

    def evidence(self) -> tuple:
        if self.key is None:
            self.key = (tuple(sorted(self.acts.items())), tuple(sorted(self.bounds.items(), key=lambda kv: kv[0])),
                        tuple(sorted(self.turned)), self.mix)
        return self.key

    def read(self, e) -> None:
        """One event of the log: only what everyone saw counts."""
        self.n += 1
        self.last = e
        if e.private_to is not None:
            return
        k = e.kind
        if k == "attack":
            if e.number("by") == HERO and e.targets:
                self.act(e.actor, e.targets[0], 1)
        elif k in ("command", "lightning", "missiles"):
            if e.targets:
                self.act(e.actor, e.targets[0], 1)
        elif k == "magic":
            effect = EFFECT.get(e.number("card"), "")
            target = e.targets[0] if e.targets else -1
            self.magic[e.id] = (e.actor, target, effect)
            if effect in HOSTILE_MAGIC:
                self.act(e.actor, target, 1)
            elif effect == "counter":  # lifting a hold
                self.act(e.actor, target, -1)
        elif k == "counter":
            spell = self.magic.get(e.cause)
            if spell is not None:
                n = self.counters[e.cause] = self.counters.get(e.cause, 0) + 1
                caster, target, effect = spell
                sign = 1 if n % 2 else -1  # an odd counter stops the spell, an even one lets it work again
                if effect in HOSTILE_MAGIC and target >= 0:
                    self.act(e.actor, target, -sign)
                elif effect in ("horn", "mirror", "swift", "recall") or (effect == "counter" and target >= 0):
                    self.act(e.actor, caster if effect != "counter" else target, sign)
        elif k == "heal":
            if e.clause in {"CH-turn-play-heal", "CH-death-heal-dying"} and e.targets:
                self.act(e.actor, e.targets[0], -1)
        elif k == "declare":
            self.bound(e.actor, frozenset((NEUTRAL,)))  # only a neutral declares (CH-neutral-declare)
        elif k == "neutral choice":
            self.bound(e.actor, frozenset((NEUTRAL,)))
            if not e.number("join"):
                self.turned.add(e.actor)
                self.key = None
        elif k == "death":
            if e.targets:
                self.death = (e.targets[0], e.number("identity"), e.number("declared"))
        elif k == "reward" and e.clause == "CH-reward-enemy-kills-reinforcement":
            self.bound(e.actor, frozenset((ENEMY, NEUTRAL)))
        elif k == "no reward" and e.clause == "CH-reward-none" and self.death and e.targets:
            victim, identity, declared = self.death
            if victim == e.targets[0] and (identity == REINFORCEMENT
                                           or (identity == NEUTRAL and declared == REINFORCEMENT)):
                self.bound(e.actor, frozenset((REINFORCEMENT, NEUTRAL)))
        elif k == "one lord":
            self.mix = (e.number("lord", 1), e.number("reinforcements", 0), e.number("neutrals", 0),
                        e.number("enemies", 0))
            self.key = None


NOTHING = Public()


class Reader:
    """The ``Public`` of a log, kept from one call to the next: a game's log only grows, so each call reads only
    the events added since (the last one read is recognised by identity, which no other line of play shares).
    A log that is not a continuation (another game, a branch, a redacted copy) is read afresh."""

    def __init__(self, keep: int = 4):
        self.keep = keep
        self.cache: list[Public] = []

    def __call__(self, log) -> Public:
        n = len(log)
        if n == 0:
            return NOTHING
        best = None
        for pub in self.cache:
            if pub.n <= n and log[pub.n - 1] is pub.last and (best is None or pub.n > best.n):
                best = pub
        if best is None:
            best = Public()
            self.cache.append(best)
            if len(self.cache) > self.keep:
                self.cache.pop(0)
        if best.n < n:
            for i in range(best.n, n):
                best.read(log[i])
        return best


# --- who is who ------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def arrangements(counts: tuple) -> tuple:
    """Every distinct arrangement of a multiset ``((identity, k), …)``, as tuples."""
    total = sum(k for _, k in counts)
    if total == 0:
        return ((),)
    out = []
    for i, (identity, k) in enumerate(counts):
        if k:
            rest = (*counts[:i], (identity, k - 1), *counts[i + 1:])
            out += [(identity, *tail) for tail in arrangements(rest)]
    return tuple(out)


def mixes_of(d, pub: Public) -> list[tuple[tuple[str, ...], float]]:
    """The mixes the deal may have used and their prior chance (CH-A02, CH-count-*), as the seat knows them."""
    n = len(d.seats)
    if d.opts.mix != "any_legal":
        return [(tuple(LETTER[ch] for ch in MIXES[d.opts.mix][n]), 1.0)]
    if pub.mix is not None:
        lord, r, neutral, e = pub.mix
        return [((LORD,) * lord + (REINFORCEMENT,) * r + (NEUTRAL,) * neutral + (ENEMY,) * e, 1.0)]
    mixes = legal_mixes(n)
    return [(tuple(LETTER[ch] for ch in m), 1.0 / len(mixes)) for m in mixes]


class Beliefs:
    """Each seat's chances, from one seat's view: ``enemy``, ``castle`` (its camp now, CH-goal-*) and ``neutral``
    (an undeclared 中立), and ``dealt`` (identity → chance of the identity it was dealt)."""

    __slots__ = ("castle", "dealt", "enemy", "neutral")

    def __init__(self, n: int):
        self.enemy = [0.0] * n
        self.castle = [0.0] * n
        self.neutral = [0.0] * n
        self.dealt: list[dict[str, float]] = [{} for _ in range(n)]


def beliefs(d, me: int, pub: Public) -> Beliefs:
    """Who is who from seat ``me``'s view (see the module's doc), cached on everything it reads."""
    seats = d.seats
    shown = tuple((s.identity if (i == me or s.revealed) else "", s.declared, i in pub.turned)
                  for i, s in enumerate(seats))
    return _beliefs(me, d.lord, shown, tuple(mixes_of(d, pub)), pub.evidence())


@lru_cache(maxsize=4096)
def _beliefs(me: int, lord: int, shown: tuple, mixes: tuple, evidence: tuple) -> Beliefs:
    n = len(shown)
    acts, bounds, _, _ = evidence
    bounds = dict(bounds)
    fixed = {i: (NEUTRAL if turned else identity) for i, (identity, _, turned) in enumerate(shown) if identity}
    unknown = [i for i in range(n) if i not in fixed]
    allowed = []
    for i in unknown:
        ok = bounds.get(i, ANY) & ANY
        allowed.append(ok & {NEUTRAL} if shown[i][1] else ok)
    known = {i: camp_now(*shown[i]) for i in range(n) if i in fixed or shown[i][1]}

    def marginals(castle_of) -> list[dict[str, float]]:
        weights = []
        for k, i in enumerate(unknown):
            w = dict.fromkeys(allowed[k], 1.0)
            for (actor, target, sign), times in acts:
                if actor != i:
                    continue
                if target == lord:
                    like = LIKELY["lord", sign]
                    for x in w:
                        w[x] *= like[x] ** times
                    continue
                pc = castle_of(target)
                if pc is None:
                    continue
                for x in w:
                    if x == NEUTRAL:
                        p = 0.5  # a neutral may hurt or help anyone
                    else:  # an enemy hurts the castle's side and helps the enemies; a reinforcement the other way
                        aligned = pc if (x == ENEMY) == (sign > 0) else 1 - pc
                        p = aligned + 0.15 * (1 - aligned)
                    w[x] *= p ** times
            weights.append(w)
        return _weighed(weights, allowed, fixed, mixes)

    def known_castle(t: int):
        c = known.get(t)
        return None if c is None else c[1] + 0.5 * c[2]

    probs = dict(zip(unknown, marginals(known_castle), strict=True))

    def castle_now(t: int):
        c = known_castle(t)
        if c is not None or t not in probs:
            return c
        return probs[t].get(REINFORCEMENT, 0.0) + 0.5 * probs[t].get(NEUTRAL, 0.0)

    if any(actor in probs and target in probs and target != lord for (actor, target, _), _ in acts):
        probs = dict(zip(unknown, marginals(castle_now), strict=True))
    out = Beliefs(n)
    for i in range(n):
        if i in known:
            out.enemy[i], out.castle[i], out.neutral[i] = known[i]
            out.dealt[i] = {fixed.get(i, NEUTRAL): 1.0}
        else:
            p = out.dealt[i] = probs[i]
            out.enemy[i], out.castle[i], out.neutral[i] = (p.get(ENEMY, 0.0), p.get(REINFORCEMENT, 0.0),
                                                         p.get(NEUTRAL, 0.0))
    return out


def camp_now(identity: str, declared: str, turned: bool) -> tuple[float, float, float]:
    """(enemy, castle, undeclared neutral) of a seat whose camp is shown (CH-goal-*)."""
    if turned or identity == ENEMY or declared == ENEMY:
        return 1.0, 0.0, 0.0
    if identity in (LORD, REINFORCEMENT) or declared == REINFORCEMENT:
        return 0.0, 1.0, 0.0
    return 0.0, 0.0, 1.0


def _weighed(weights, allowed, fixed, mixes) -> list[dict[str, float]]:
    """Each unknown seat's identity: every arrangement of the dealt mix less the identities shown, weighed by
    the prior of its mix and the seats' weights (all 1: exactly ``probability.castle_heart.identities.who_is_who``)."""
    totals = [dict.fromkeys(a, 0.0) for a in allowed]
    evidence = 0.0
    for ids, prior in mixes:
        rest = list(ids)
        try:
            for identity in fixed.values():
                rest.remove(identity)
        except ValueError:
            continue
        if len(rest) != len(allowed):
            continue
        counts = tuple(sorted((x, rest.count(x)) for x in set(rest)))
        every = arrangements(counts)
        scale = prior / len(every)
        for arr in every:
            w = scale
            for k, x in enumerate(arr):
                w *= weights[k].get(x, 0.0)
                if not w:
                    break
            if w:
                evidence += w
                for k, x in enumerate(arr):
                    totals[k][x] += w
    if not evidence:
        return [dict.fromkeys(a, 1.0 / len(a)) if a else {} for a in allowed]
    return [{x: v / evidence for x, v in t.items() if v} for t in totals]


# --- the odds ------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _none_among(total: int, good: int, drawn: int) -> tuple[float, ...]:
    """P(at least k good cards among ``drawn``), k = 0, 1, 2, … (``explorer.chance.hypergeometric``)."""
    drawn = max(0, min(drawn, total))
    good = max(0, min(good, total))
    dist = hypergeometric(total, good, drawn)
    tail, out = 0.0, []
    for k in range(drawn + 1, -1, -1):
        tail += float(dist.get(k, 0))
        out.append(tail)
    return tuple(reversed(out))


class Table:
    """What the deciding seat knows of the cards: unseen cards and copies, by its view."""

    __slots__ = ("d", "me", "unseen")

    def __init__(self, d, me: int):
        self.d, self.me = d, me
        self.unseen = len(d.deck) + sum(len(s.hand) for i, s in enumerate(d.seats) if i != me)

    def copies(self, card: str) -> int:
        d = self.d
        seen = d.seats[self.me].hand.count(card) + d.discard.count(card)
        return max(0, TOTAL.get(card, 0) - seen)

    def at_least(self, seat: int, card: str, k: int = 1) -> float:
        """The chance hero ``seat`` holds at least ``k`` copies of ``card``."""
        if seat == self.me:
            return 1.0 if self.d.seats[seat].hand.count(card) >= k else 0.0
        h = len(self.d.seats[seat].hand)
        if k > h:
            return 0.0
        tails = _none_among(self.unseen, self.copies(card), h)
        return tails[k] if k < len(tails) else 0.0


@lru_cache(maxsize=4096)
def ring_falls(hps: tuple) -> tuple[float, ...]:
    """The chance each member falls to the missile ring (``equipment.member_falls``), as floats."""
    return tuple(float(p) for p in member_falls(hps))


# --- the seat's side --------------------------------------------------------------------------------------------------


class Plan:
    """One decision's view of the table: the seat, its beliefs, the worth of each hero's HP to it (``harm``:
    positive for a foe), what bringing each down is worth on top (``fall``, in HP points), and a neutral's wanted
    declaration."""

    __slots__ = ("b", "cheap", "d", "declare", "fall", "harm", "me", "n", "table")

    def __init__(self, d, me: int, pub: Public):
        self.d, self.me, self.n = d, me, len(d.seats)
        self.b = beliefs(d, me, pub)
        self.table = Table(d, me)
        self.declare = None
        self.harm, self.fall = weights(self, d, me)
        s = d.seats[me]
        self.cheap = 0.4 if len(s.hand) > max(s.hp, 0) + 1 else 1.0  # cards beyond the hand limit are spent anyway

    def keep(self, card: str) -> float:
        """What keeping ``card`` in hand is worth to this seat."""
        s = self.d.seats[self.me]
        if card in KEEP:
            value = KEEP[card]
            if card == "mana" and (has(s, "lightning") or has(s, "missile_ring")):
                value = 2.5
            if card == "heal" and self.harm[self.me] > -2 and not any(self.harm[t] < -2 for t in range(self.n)):
                value = 3.5
            if card == "sword" and s.hand.count("sword") >= 3:
                value = 2.0
            return value * self.cheap
        return 5.0 * self.cheap  # equipment still in hand


def weights(plan: Plan, d, me: int) -> tuple[list[float], list[float]]:
    """(harm, fall): per hero, the worth to ``me`` of one HP it loses, and of bringing it down (HP points)."""
    b, s, n = plan.b, d.seats[me], len(d.seats)
    harm, kill = [0.0] * n, [KILL] * n
    lord = d.lord
    alive = [i for i in range(n) if d.seats[i].alive]
    if s.identity == NEUTRAL:
        return neutral_weights(plan, d, me, alive)
    mine = camp(s)
    for t in alive:
        if t == me:
            harm[t], kill[t] = (-3.0, 8.0) if t == lord else (-1.5, KILL)
        elif mine == CASTLE_CAMP:
            harm[t] = -3.0 if t == lord else b.enemy[t] + 0.15 * b.neutral[t] - b.castle[t]
            kill[t] = 8.0 if t == lord else KILL + 0.6  # the lord's fall loses the game; 3 cards for an enemy
        elif t == lord:
            harm[t], kill[t] = 2.5, 8.0  # CH-goal-enemy: the lord's fall ends the game
        else:
            harm[t] = 0.8 * b.castle[t] + 0.1 * b.neutral[t] - b.enemy[t]
            kill[t] = KILL + 0.6  # 3 cards for a reinforcement (CH-reward-enemy-kills-reinforcement)
    return harm, [k * h for k, h in zip(kill, harm, strict=True)]


def neutral_weights(plan: Plan, d, me: int, alive: list[int]) -> tuple[list[float], list[float]]:
    """CH-goal-neutral 「只有在保持中立身份并最终成为唯一存活的势力」: the lord must fall last (his fall while another
    camp stands gives the enemies the game, CH-end-lord-dies), and the enemies must not all be gone while this
    neutral is undeclared (it would have to join the lord or turn enemy, CH-end-enemies-dead-neutral-choice);
    a neutral declared enemy may go back to 中立 with nothing checked (CH-A41)."""
    b, n, lord = plan.b, len(d.seats), d.lord
    harm, kill = [0.0] * n, [KILL] * n
    others = [t for t in alive if t != me]
    rest = [t for t in others if t != lord]
    enemies = sum(b.enemy[t] for t in rest)
    castle = sum(b.castle[t] for t in rest)
    declared = d.seats[me].declared
    harm[me] = -1.5
    if not rest:  # only the lord left: back to neutral, then bring him down (not while still declared)
        plan.declare = ""
        if lord in others:
            harm[lord], kill[lord] = (2.5, 8.0) if not declared else (-1.0, 8.0)
        return harm, [k * h for k, h in zip(kill, harm, strict=True)]
    # While two enemies or more stand, they are the lord's danger: fight them, spare the reinforcements (the
    # lord's shield too). With one enemy left, spare him (rescue him even) and bring the reinforcements down;
    # with none of them left, declare 敌军, so that the last enemy may fall with nothing checked, and stay so
    # until only the lord is left (CH-A41).
    plan.declare = ENEMY if (enemies < 1.5 and castle < 0.5) or declared == ENEMY else ""
    spare = enemies < 1.5 and declared != ENEMY
    if lord in others:
        harm[lord], kill[lord] = -2.0, 8.0
    for t in rest:
        harm[t] = ((-0.3 if spare else 0.9) * b.enemy[t] + (0.7 if enemies < 1.5 else 0.2) * b.castle[t]
                   + 0.2 * b.neutral[t])
    fall = [k * h for k, h in zip(kill, harm, strict=True)]
    if spare:  # the last enemy's fall would leave no enemy: keep whoever may be him standing
        for t in rest:
            fall[t] = -12.0 * b.enemy[t] + KILL * 0.7 * b.castle[t]
    return harm, fall


# --- scoring ----------------------------------------------------------------------------------------------------------


def hit_chance(plan: Plan, t: int, dist: int, sword: bool = True) -> float:
    """The chance a hero's attack at hero ``t`` lands: shield, armour, mirror images, a 剑 block; the axes."""
    d, me = plan.d, plan.me
    s, ts = d.seats[me], d.seats[t]
    melee = is_melee(dist)
    p = 1.0
    if ts.equipment:
        if not melee and has(ts, "first_ranged_cancel") and ts.shield_turn != d.turn:
            p = 0.0
        elif melee and has(ts, "melee_half_cancel"):
            p *= 0.5
    if ts.mirror:
        p *= 0.5
    if not ts.held:
        p *= 1.0 - plan.table.at_least(t, "sword")
    if sword and s.equipment:
        if has(s, "force_hit_discard_two") and len(s.hand) >= 3:
            p = max(p, 0.9)
        elif has(s, "repeat_until_hit"):
            p = 1 - (1 - p) ** max(1, s.hand.count("sword"))
    return p


def hero_loss(plan: Plan, t: int, damage: float, p: float = 1.0) -> float:
    """The worth of ``damage`` to hero ``t`` with chance ``p`` (a kill adds its worth)."""
    ts = plan.d.seats[t]
    if not ts.alive or ts.hp <= 0:
        return HP * plan.harm[t] * p * damage * 0.5
    value = plan.harm[t] * damage
    if damage >= ts.hp:
        value += plan.fall[t]
    return HP * p * value


def soldier_loss(plan: Plan, t: int, member: int, damage: float, p: float = 1.0) -> float:
    ts = plan.d.seats[t]
    if not 0 <= member < len(ts.soldiers):
        return 0.0
    hp = ts.soldiers[member].hp
    value = 0.4 * min(damage, hp) + (1.2 if damage >= hp else 0.0)
    return HP * p * plan.harm[t] * value


def attack_score(plan: Plan, t: int, member: int, pay: str, dist: int | None = None) -> float:
    d, me = plan.d, plan.me
    s = d.seats[me]
    if dist is None:
        dist = attack_distance(d, me, t)
    damage = 1 + skill(s, "attack_bonus")
    if member == HERO:
        p = hit_chance(plan, t, dist)
        extra = 0.6 if has(s, "abyss") else 0.0
        value = hero_loss(plan, t, damage + extra, p)
    else:
        value = soldier_loss(plan, t, member, damage)
    cost = plan.keep("sword") if pay == "sword" else sum(sorted(plan.keep(c) for c in s.hand)[:2])
    return value - cost


def spell_worth(plan: Plan, effect: str, caster: int, target: int) -> float:
    """The worth to this seat of a magic card working (CH-magic-*), cast by ``caster`` at ``target``."""
    d, harm = plan.d, plan.harm
    if effect == "fireball":
        ts = d.seats[target]
        if not ts.soldiers:
            return hero_loss(plan, target, 3)
        return max(soldier_loss(plan, target, m, 3) for m in range(len(ts.soldiers))) * 0.8
    if effect == "hold":
        return HP * harm[target] * (2.5 if target == d.lord else 1.5)
    if effect == "disintegrate":
        return HP * harm[target] * 0.5
    if effect == "counter":  # lifting a hold
        return -HP * harm[target] * 1.5
    if effect in ("horn", "mirror"):
        return -HP * harm[caster] * 0.8
    if effect in ("swift", "recall"):
        return -HP * harm[caster] * 0.3
    if effect == "mass_heal":
        return sum(-HP * harm[i] for i, s in enumerate(d.seats) if s.alive and 0 < s.hp < s.max_hp)
    if effect == "ice_storm":
        return ice_worth(plan, caster)
    return 0.0


def ice_worth(plan: Plan, caster: int) -> float:
    """冰风暴雨 (CH-magic-ice-storm, CH-A27): every other hero spends a 魔 or takes 1; the other groups' soldiers 1."""
    d, n, total = plan.d, len(plan.d.seats), 0.0
    for t in range(n):
        ts = d.seats[t]
        if t == caster or not ts.alive:
            continue
        bare = 1.0 if ts.held else 1.0 - plan.table.at_least(t, "mana")
        total += hero_loss(plan, t, 1, bare)
        if d.opts.ice_soldiers != "none":
            total += sum(soldier_loss(plan, t, m, 1) for m in range(len(ts.soldiers)))
    return total


def magic_score(plan: Plan, a) -> float:
    d, me = plan.d, plan.me
    card, target = a.get("card"), a.get("target")
    effect = EFFECT[card]
    s = d.seats[me]
    cost = plan.keep(card) + (plan.keep("mana") * d.opts.magic_cost if d.opts.magic_cost else 0.0)
    if effect == "horn":
        return 15.0 - cost
    if effect == "mirror":
        return (0.0 if s.mirror else HP * -plan.harm[me] * 0.8) - cost
    if effect == "swift":
        return swift_gain(plan) - cost
    if effect == "recall":
        return 4.0 * min(s.recall, d.discard.count("mana")) - cost
    if effect == "disintegrate":
        what = a.get("what")
        worth = 0.35 if what == "hand" else GEAR.get(EFFECT.get(what, ""), 5.0) / 8
        return HP * plan.harm[target] * worth - cost
    if effect == "fireball":
        return spell_worth(plan, effect, me, target) * 0.85 - cost
    return spell_worth(plan, effect, me, target if target is not None else -1) - cost


def swift_gain(plan: Plan) -> float:
    """疾风迅行 (CH-magic-swift): the best attack it opens beyond range, over the best within range."""
    d, me = plan.d, plan.me
    s = d.seats[me]
    if d.attacked or d.swift or "sword" not in s.hand:
        return -1.0
    from .reach import hero_range

    reach = hero_range(d, me)
    inside, outside = 0.0, 0.0
    for t, apart in seat_distances(d, me).items():
        dist = attack_distance(d, me, t, apart)
        score = attack_score(plan, t, HERO, "sword", dist)
        if dist <= reach:
            inside = max(inside, score)
        else:
            outside = max(outside, score)
    return outside - inside


def gear_score(plan: Plan, card: str) -> float:
    d, s = plan.d, plan.d.seats[plan.me]
    effect = EFFECT[card]
    value = GEAR.get(effect, 5.0)
    if effect == "lightning" and s.hand.count("mana") >= 3:
        value += 3.0
    if d.opts.slots == "one_per_slot":
        slot = CONTENT.cards[card].slot
        old = [c for c in s.equipment if CONTENT.cards[c].slot == slot]
        if old:
            value -= max(GEAR.get(EFFECT[c], 5.0) for c in old) + 0.5
    return value + 20.0 if value > 0 else value - 1.0


def command_score(plan: Plan, t: int) -> float:
    """指挥 (CH-turn-command): my soldiers at group ``t`` one after another, each at the member it can bring down,
    the hero once no soldier is left (CH-attack-soldiers-first); a 剑 may block each blow at the hero."""
    d, me = plan.d, plan.me
    s, ts = d.seats[me], d.seats[t]
    dist = attack_distance(d, me, t)
    bonus = skill(s, "soldier_attack_bonus")
    guards = [[x.kind, x.hp] for x in ts.soldiers]
    value, blows = 0.0, []
    for mine in s.soldiers:
        knight = mine.kind == "knight"
        best = None
        for g in guards:
            lynx = g[0] == "lynx"
            dmg = dist + 1 + bonus if knight and not lynx and dist <= 3 else (1 + bonus if dist <= 1 else 0)
            rank = (dmg >= g[1], g[1] if dmg >= g[1] else -g[1])  # the biggest it brings down, else the weakest
            if dmg and (best is None or rank > best[2]):
                best = (g, dmg, rank)
        if guards:
            if best is None:
                continue
            g, dmg, _ = best
            value += HP * plan.harm[t] * (0.4 * min(dmg, g[1]) + (1.2 if dmg >= g[1] else 0.0))
            g[1] -= dmg
            if g[1] <= 0:
                guards.remove(g)
            continue
        dmg = dist + 1 + bonus if knight and dist <= 3 else (1 + bonus if dist <= 1 else 0)
        if dmg:
            blows.append(dmg)
    if blows:
        value += blows_worth(plan, t, blows)
    return value


def blows_worth(plan: Plan, t: int, blows: list[int]) -> float:
    """Soldiers' blows at hero ``t``, in order: the hero blocks each with a 剑 while it has one (CH-turn-block;
    a held hero cannot), so with ``k`` 剑 in hand (hypergeometric) the blows after the k-th land."""
    ts = plan.d.seats[t]
    mirror = 0.5 if ts.mirror else 1.0
    expected = kill = 0.0
    for k in range(len(blows) + 1):
        if ts.held:
            p = 1.0 if k == 0 else 0.0
        else:
            p = plan.table.at_least(t, "sword", k) - (plan.table.at_least(t, "sword", k + 1) if k < len(blows) else 0)
        if p <= 0:
            continue
        damage = mirror * sum(blows[k:])
        expected += p * damage
        if 0 < ts.hp <= damage:
            kill += p
    return HP * (plan.harm[t] * expected + kill * plan.fall[t])


def missile_score(plan: Plan, t: int) -> float:
    """飞弹戒指 (CH-equip-missile-ring): five missiles over the group, each member's fall by ``member_falls``."""
    d, me = plan.d, plan.me
    ts = d.seats[t]
    hps = (max(ts.hp, 1), *(x.hp for x in ts.soldiers))
    falls = ring_falls(hps)
    members = len(hps)
    value = HP * plan.harm[t] * (5.0 / members)
    if ts.hp > 0:
        value += HP * falls[0] * plan.fall[t]
    value += sum(HP * plan.harm[t] * 1.2 * f for f in falls[1:])
    keep = d.seats[me].hand.count("mana") >= 3
    return value - (3 * plan.keep("mana") if keep else 6.0)


def play_score(plan: Plan, a) -> float:
    """The worth of one play-phase action (CH-turn-play-*) to the seat; end_play is 0."""
    d, me, k = plan.d, plan.me, a.kind
    s = d.seats[me]
    if k == "end_play":
        return 0.0
    if k == "declare":
        want = plan.declare if plan.declare is not None else s.declared
        return 1e3 if (a.get("camp") == NEUTRAL and want == "") or a.get("camp") == want else -1e3
    if k == "attack":
        return attack_score(plan, a.get("target"), a.get("member"), a.get("pay"))
    if k == "heal":
        t = a.get("target")
        ts = d.seats[t]
        gain = -HP * (plan.harm[t] + plan.fall[t] if ts.hp <= 0 else plan.harm[t] * (1.5 if ts.hp == 1 else 1.0))
        return gain - plan.keep("heal")
    if k == "magic":
        return magic_score(plan, a)
    if k == "equip":
        return gear_score(plan, a.get("card"))
    if k == "lightning":
        t, m = a.get("target"), a.get("member")
        gain = hero_loss(plan, t, 3) if m == HERO else soldier_loss(plan, t, m, 3)
        return gain - 3 * plan.keep("mana")
    if k == "missiles":
        return missile_score(plan, a.get("target"))
    if k == "skill":
        hero = CONTENT.heroes[s.hero]
        if hero.skill == "heal_by_discard":
            return -plan.harm[me] * HP - sum(sorted(plan.keep(c) for c in s.hand)[:hero.cost])
        return 6.0 * hero.amount - plan.keep("mana") * hero.cost
    return -1.0


def cheapest(plan: Plan, actions, card_of=lambda a: a.get("card")):
    """The actions that give up the card least worth keeping."""
    worth = {a: plan.keep(card_of(a)) for a in actions}
    low = min(worth.values())
    return [a for a in actions if worth[a] == low]


def score_reaction(plan: Plan, a) -> float:
    """Every decision outside the play phase: higher is better."""
    d, me, k = plan.d, plan.me, a.kind
    if k == "block":
        atk = d.attack
        return hero_loss(plan, me, atk.damage) * -1 - plan.keep("sword")
    if k == "counter":
        spell = d.spell
        worth = spell_worth(plan, EFFECT[spell.card], spell.caster, spell.target)
        works = spell.counters % 2 == 0
        return (-worth if works else worth) - plan.keep("counter") - 2.0
    if k == "rescue":
        t = a.get("target")
        if t is None:
            return 0.0
        return -(plan.harm[t] + plan.fall[t]) * HP - plan.keep("heal")  # each 愈 a step back from the fall
    if k == "ice":
        if not a.get("spend"):
            return 0.0
        return -hero_loss(plan, me, 1) - plan.keep("mana")
    if k == "keep_ring":
        return (8.0 - 3 * plan.keep("mana")) if a.get("keep") else 0.0
    if k == "bear_axe":
        t = d.attack.target
        if not a.get("use"):
            return 0.0
        gain = hero_loss(plan, t, d.attack.damage) if d.attack.member == HERO else \
            soldier_loss(plan, t, d.attack.member, d.attack.damage)
        return gain - sum(sorted(plan.keep(c) for c in d.seats[me].hand)[:2])
    if k == "doom_axe":
        if not a.get("again"):
            return 0.0
        atk = d.attack
        if atk.member == HERO:
            gain = hero_loss(plan, atk.target, atk.damage, hit_chance(plan, atk.target, 1 if atk.melee else 2, False))
        else:
            gain = soldier_loss(plan, atk.target, atk.member, atk.damage)
        return gain - plan.keep("sword")
    if k == "follow_up":
        m = a.get("member")
        if m is None:
            return 0.0
        atk = d.attack
        dmg = 1 + skill(d.seats[me], "attack_bonus")
        if m == HERO:
            gain = hero_loss(plan, atk.target, dmg, hit_chance(plan, atk.target, 2))
        else:
            gain = soldier_loss(plan, atk.target, m, dmg)
        return gain - plan.keep("sword")
    if k == "fireball_split":
        return -fireball_loss(plan, a.get("soldier"))
    if k == "command":
        t = a.get("target")
        return 0.0 if t is None else command_score(plan, t)
    if k == "soldier_attack":
        m = a.get("member")
        t = d.command
        ok, res = soldier_strike(d, me, d.cursor, t, m)
        dmg = res[1] if ok else 0
        if m == HERO:
            return hero_loss(plan, t, dmg, 1.0 - plan.table.at_least(t, "sword")) + 0.1
        return soldier_loss(plan, t, m, dmg)
    if k == "join":
        j = a.get("soldier")
        return -1.0 if j is None else 10.0 + d.orphans[j].hp
    if k == "neutral_choice":
        return 0.0 if a.get("join") else 1.0  # joining hands the game to the lord's side, without the neutral
    if k == "abyss_take":
        return hero_loss(plan, me, 1)
    if k in ("abyss_discard", "pay_card", "discard"):
        return -plan.keep(a.get("card"))
    if k == "deploy":
        kind = a.get("soldier")
        return 10.0 + (2.0 if kind == "knight" else 0.0) + SOLDIERS[kind]["hp"]
    if k == "end_deploy":
        return 0.0
    if k in ("take_hit", "let_pass"):
        return 0.0
    return -1.0


def fireball_loss(plan: Plan, soldier) -> float:
    """爆裂火球 at this seat's group (CH-magic-fireball, CH-A10): 3 shared evenly, or all on one soldier."""
    d, me = plan.d, plan.me
    s = d.seats[me]
    if soldier is not None:
        return -soldier_loss(plan, me, soldier, 3)
    members = [HERO, *range(len(s.soldiers))]
    share = {m: 3 // len(members) + (1 if k < 3 % len(members) else 0) for k, m in enumerate(members)}
    loss = -hero_loss(plan, me, share[HERO]) if share[HERO] else 0.0
    return loss - sum(soldier_loss(plan, me, m, share[m]) for m in members if m != HERO and share[m])


def choose(state, rng, reader: Reader):
    """The tactical choice at ``state`` for the seat to move (see the module's doc)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    d = state.data
    me = legal[0].player
    plan = Plan(d, me, reader(state.log))
    score = play_score if d.phase == "play" else score_reaction
    best, top = [], -math.inf
    for a in legal:
        value = score(plan, a)
        if value > top + 1e-9:
            best, top = [a], value
        elif value >= top - 1e-9:
            best.append(a)
    if d.phase == "play" and top <= 0:
        return next(a for a in legal if a.kind == "end_play")
    return best[0] if len(best) == 1 else rng.choice(best)
