"""The tactical bot's judgement for 永恒之息: one fast decision from what its own seat sees.

Everything is scored in one unit, *points of HP* (a point of damage on an enemy summon is worth 1), and each
decision takes the best-scoring legal action:

- **Odds, exactly.** An attack's worth is its exact expected damage and its exact chance to kill (EB-3.2-damage
  through ``combat.resolve_attack``, over both dice), the defender answering each attack die with its best known
  response (dodge, or block with base defence + die: EB-3.2-dodge, EB-3.2-block; it may hold a card we cannot
  see). A defence is chosen by the exact expected damage *and* chance of dying of each response, with the card it
  would add (EB-3.2-block) and the attribute bonuses of the cards in play (EB-3.2-attribute).
- **Pressing on.** Damage to an enemy's self character weighs more than damage to a summon (EB-1.3-loss), a kill
  adds a bonus, and among several enemies the one with the least HP in sight is preferred, so the table focuses
  fire and games end. Bombs, damage skills, traps in enemy zones and attack buffs are used, not hoarded.
- **Cards and coins.** Effect cards and skills are scored through the effect vocabulary (``content.py``), so a
  catalogue of one's own works too: coins and draws are worth a little, life loss and harm to oneself count
  against. Heal cards are kept for rescues of its own self character or of the last summon before it
  (EB-3.2-rescue), never to top HP up: among tactical bots top-ups matched the damage dealt and games ran into
  the round limit (EB-A07). It declares its self character at once (EB-1.2.3-declare) for the same reason.

What the seat cannot see is never read (``determinise.py`` redraws it): others' hands (only their sizes),
face-down characters (an unknown self character counts as ``HIDDEN_HP``), face-down traps placed by others, the
deck. The choice depends only on that view (no rng, no clock), so it is cheap enough for a search's rollouts.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from . import combat
from .attack import _bonus, attack_cards, attack_points
from .content import card
from .effects import attack_plus, defence_plus, hand_limit, heal_cards
from .records import COIN_CAP, front, summons

# --- the unit weights (points of HP) ------------------------------------------------------------------
W_ENEMY_SELF, W_ENEMY_SUMMON = 1.5, 1.0    # a point of damage on an enemy character
K_ENEMY_SELF, K_ENEMY_SUMMON = 40.0, 3.0   # killing it (EB-3.2-defeat / EB-3.2-death)
K_EXPOSE = 3.0                             # killing the last summon in front of a self character (EB-3.2-target)
W_OWN_SELF, W_OWN_SUMMON = 1.3, 0.7        # a point of our own HP
K_OWN_SELF, K_OWN_SUMMON = 60.0, 4.0       # losing it (EB-1.3-loss)
COIN = 0.3                                 # a coin (EB-2.6-coin-cap)
CARD = 0.8                                 # a card drawn while the hand has room (EB-1.2.5-discard)
HIDDEN_HP = 16                             # a face-down self character never shown: its HP is unknown
TRIGGER_CHANCE = {"turn_start": 1.0, "turn_end": 0.9, "attacks": 0.7, "attacked": 0.5, "summons": 0.2,
                  "extra_draw": 0.4, "always": 1.0}
DIE = tuple((r, Fraction(1, 6)) for r in combat.DIE_FACES)
TWO_DICE = tuple((s, Fraction(6 - abs(s - 7), 36)) for s in range(2, 13))


# --- exact odds of one attack ---------------------------------------------------------------------------
@lru_cache(maxsize=65536)
def hit_odds(attack_dice: tuple, pts, response: str, base, dpts, zero: bool, hp: int) -> tuple[float, float, float]:
    """(E[damage], E[min(damage, hp)], P(damage ≥ hp)) of one attack whose die is one of ``attack_dice`` (equally
    likely) and the defender's any face (EB-3.2-attack-power … EB-3.2-damage, via ``combat.resolve_attack``). A
    block without a card under EB-A05's ``zero`` reading has no die and total defence 0."""
    total = capped = kills = Fraction(0)
    for a in attack_dice:
        if response == combat.BLOCK and zero:
            outcomes = [combat.final_damage(combat.total_attack(a, pts), 0)] * 6
        else:
            outcomes = [combat.resolve_attack(a, d, pts, response, base, dpts) or 0 for d in combat.DIE_FACES]
        for dmg in outcomes:
            total += dmg
            capped += min(dmg, hp)
            kills += dmg >= hp
    n = 6 * len(attack_dice)
    return float(total / n), float(capped / n), float(kills / n)


@lru_cache(maxsize=65536)
def attack_odds(pts, base, hp: int, zero: bool, after_die: bool) -> tuple[float, float]:
    """(E[min(damage, hp)], P(kill)) of an attack of ``pts`` attack points on a character of base defence ``base``
    and ``hp`` HP, the defender answering with whichever of dodge and block-without-card deals less expected
    damage: after seeing the attack die (EB-A14, the default) or before it."""
    groups = [(a,) for a in combat.DIE_FACES] if after_die else [combat.DIE_FACES]
    capped = kills = 0.0
    for dice in groups:
        best = min((hit_odds(dice, pts, r, base, 0, zero, hp) for r in (combat.DODGE, combat.BLOCK)),
                   key=lambda o: o[0])
        capped += best[1] * len(dice) / 6
        kills += best[2] * len(dice) / 6
    return capped, kills


@lru_cache(maxsize=1024)
def judged(spec) -> float:
    """EB-3.1-judge: the exact chance that a 1d or 2d judgment (EB-A08: the sum) passes its test."""
    faces = DIE if spec.dice == 1 else TWO_DICE
    test, value = spec.test, spec.value
    return float(sum(p for r, p in faces if (r % 2 == 1 if test == "odd" else r % 2 == 0 if test == "even"
                                              else r == value if test == "equals" else r >= value)))


# --- static worth of characters (the draft) -------------------------------------------------------------
@lru_cache(maxsize=1024)
def skill_worth(c: str) -> float:
    """A rough, static worth of character ``c``'s skill in points of HP (for the draft and summons)."""
    sk = card(c).skill
    if sk is None:
        return 0.0
    total = 0.0
    for e in sk.effects:
        total += _static(e, sk.type == "active")
    if sk.type == "active":
        total -= COIN * sk.cost_coins + W_OWN_SUMMON * sk.cost_life
        total = max(total, 0.0) * (1.3 if sk.limit == "unlimited" else 1.0)   # never forced to use it
    return total


def _static(e, active: bool) -> float:
    do, amount = e.do, e.amount
    if do == "judge":
        return judged(e) * sum(_static(x, active) for x in e.then)
    if do == "damage":
        return (2.0 if e.to in ("chosen", "turn_player", "attacker") else 0.7) * amount
    if do in ("attack_plus", "defence_plus"):
        return 2.0 * amount
    if do == "heal":   # automatic heals only: the bot tops up nothing by choice (``Sight.heal``)
        return 0.0 if active else 1.2 * amount
    if do == "lifesteal":
        return 4.0 * float(e.ratio)
    if do in ("gain_coins", "steal_coins"):
        return COIN * amount * (1.5 if do == "steal_coins" else 1.0)
    if do == "draw":
        return CARD * amount
    if do == "hand_limit":
        return 1.0
    if do in ("lose_life", "lose_coins"):
        return -min(amount, 20) * (1.0 if do == "lose_life" else COIN)
    if do == "win":
        return 100.0
    return 0.0


@lru_cache(maxsize=1024)
def char_worth(c: str) -> float:
    """How good a character is to have (draft, ritual, summon, replace): its HP, base defence and skill."""
    k = card(c)
    return k.hp + 2.5 * k.defence + skill_worth(c)


@lru_cache(maxsize=1024)
def keep_worth(c: str) -> float:
    """What a card in hand is worth keeping (the discard, EB-1.2.5-discard): heals and bombs most."""
    k = card(c)
    if k.kind == "attack":
        return 1.0 + 0.3 * float(attack_points((c,))) + 0.3 * k.has("pierce") + 0.2 * k.has("combo")
    if k.kind == "defence":
        return 1.1 + 0.2 * k.points + 0.2 * k.has("thorns")
    if k.kind == "normal":
        return 2.0
    if k.kind == "special":
        return 0.0
    if k.kind == "trap":
        return 0.4 + 0.2 * sum(e.amount for e in k.effects if e.do == "damage")
    value = 0.5
    for e in k.effects:
        value += {"heal": 0.35, "damage": 0.8, "draw": 0.5, "gain_coins": 0.15, "attack_plus": 0.6,
                  "defence_plus": 0.6, "cancel_trap": 0.5}.get(e.do, 0.0) * max(e.amount, 1)
    return value


# --- the table as the seat sees it ----------------------------------------------------------------------
class Sight:
    """The table ``t`` as seat ``p`` sees it, with the scores every decision shares (worked out on demand)."""

    def __init__(self, t, p: int):
        self.t, self.p = t, p
        self.me = t.seats[p]
        self._life: dict[int, float] = {}
        self._weakest: tuple | None = None
        self._plus: dict[tuple, int] = {}
        self._traps: dict[tuple, float] = {}

    # who is where -------------------------------------------------------------------------------------
    def char(self, q: int, c: str):
        for ch in self.t.seats[q].chars:
            if ch.card == c:
                return ch
        return None

    def life(self, q: int) -> float:
        """The HP player ``q`` has in sight: its characters (a face-down one never shown counts HIDDEN_HP) and its
        pool (public, EB-3.1-zones)."""
        got = self._life.get(q)
        if got is None:
            s = self.t.seats[q]
            got = sum((c.hp if (c.face_up or c.ever_up or q == self.p) else HIDDEN_HP) for c in s.chars)
            got += sum(card(c).hp for c in s.pool)
            self._life[q] = got
        return got

    def focus(self, q: int) -> float:
        """Fire goes first to the enemy with the least HP in sight (1.0 for the weakest, less for the others)."""
        weakest = self._weakest
        if weakest is None:   # worked out once per decision: () when no enemy is left
            lives = [self.life(r) for r, s in enumerate(self.t.seats) if r != self.p and s.alive]
            weakest = self._weakest = (min(lives),) if lives else ()
        return (weakest[0] + 10) / (self.life(q) + 10) if weakest else 1.0

    def rescues(self, q: int, ch) -> bool:
        """Whether we would spend a heal card to save ``q``'s dying ``ch`` (EB-3.2-rescue): only our own self
        character or the summon whose death would leave it open."""
        return q == self.p and (ch.is_self or self.exposes(q, ch))

    def exposes(self, q: int, ch) -> bool:
        """Killing summon ``ch`` leaves the self character of ``q`` open (EB-3.2-target, EB-3.2-forced-declare)."""
        s = self.t.seats[q]
        return not ch.is_self and not s.pool and len(summons(s)) == 1

    def plus(self, bonus, q: int, c: str) -> int:
        """``attack_plus`` or ``defence_plus`` of ``q``'s ``c`` (EB-3.2-attribute), worked out once per decision."""
        key = (bonus, q, c)
        got = self._plus.get(key)
        if got is None:
            got = self._plus[key] = bonus(self.t, q, c)
        return got

    # the worth of HP changes ------------------------------------------------------------------------
    def hit(self, q: int, ch, capped: float, kill: float) -> float:
        """The worth to us of ``capped`` expected damage (and chance ``kill`` of killing) on ``q``'s ``ch``."""
        if q == self.p:
            w, k = (W_OWN_SELF, K_OWN_SELF) if ch.is_self else (W_OWN_SUMMON, K_OWN_SUMMON)
            return -(w * capped + k * kill)
        if ch.is_self:
            w, k = W_ENEMY_SELF, K_ENEMY_SELF
        else:
            w, k = W_ENEMY_SUMMON, K_ENEMY_SUMMON + (K_EXPOSE if self.exposes(q, ch) else 0.0)
        return self.focus(q) * (w * capped + k * kill)

    def damage(self, q: int, ch, amount: int) -> float:
        if ch is None or amount <= 0 or not ch.face_up:
            return 0.0
        return self.hit(q, ch, min(amount, max(ch.hp, 0)), float(amount >= ch.hp))

    def heal(self, q: int, ch, amount: int) -> float:
        """A heal (EB-3.2-heal) on an enemy is a loss; on our own characters it is worth nothing outside a rescue:
        in a table of tactical bots, topping HP up (potions, the healer, regeneration) matched the damage dealt and
        most 4-player games ran into the round limit (EB-A07)."""
        if ch is None or not ch.face_up:
            return 0.0
        if q == self.p:   # no top-ups: heals are kept for rescues (see ``_rescue``)
            return 0.0
        return -0.8 * self.focus(q) * max(0, min(amount, card(ch.card).hp - ch.hp))

    def coins(self, q: int, amount: int) -> float:
        if q == self.p:
            return COIN * max(0, min(amount, COIN_CAP - self.me.coins))
        return -0.1 * amount

    def draws(self, q: int, amount: int) -> float:
        if q != self.p:
            return -0.3 * amount
        room = hand_limit(self.t, self.p) - len(self.me.hand)
        return CARD * min(amount, max(room, 0)) + 0.3 * max(0, amount - max(room, 0))

    # effect lists (content.py's vocabulary), as effects.resolve would apply them ----------------------
    def effects(self, todo, user: int, char: str = "", chosen: tuple = (-1, ""), zone: int = -1, host: str = "",
                attacker: tuple = (-1, "")) -> float:
        """The worth of effect list ``todo`` used by ``user`` (with its character ``char``), at ``chosen``, from a
        card in ``zone`` (on character ``host``), against ``attacker``."""
        total = 0.0
        for e in todo:
            do, to, n = e.do, e.to, e.amount
            if do == "judge":
                total += judged(e) * self.effects(e.then, user, char, chosen, zone, host, attacker)
            elif do in ("damage", "heal", "lose_life"):
                for q, ch in self._targets("self" if do == "lose_life" else to, user, char, chosen, zone, host,
                                           attacker):
                    total += self.heal(q, ch, n) if do == "heal" else self.damage(q, ch, n)
            elif do == "win":
                total += 1000.0 if user == self.p else -1000.0
            else:
                for q in self._players(to, user, chosen, zone, attacker):
                    if do == "gain_coins":
                        total += self.coins(q, n)
                    elif do == "lose_coins":
                        total -= self.coins(q, min(n, self.t.seats[q].coins))
                    elif do == "steal_coins" and q != user:
                        got = min(n, self.t.seats[q].coins)
                        total += self.coins(user, got) - self.coins(q, got)
                    elif do == "draw":
                        total += self.draws(q, n)
        return total

    def _targets(self, to, user, char, chosen, zone, host, attacker) -> list:
        t = self.t
        if to == "chosen":
            return [(chosen[0], self.char(*chosen))] if chosen[1] else []
        if to == "host":
            return [(zone, self.char(zone, host))] if host else []
        if to == "attacker":
            return [(attacker[0], self.char(*attacker))] if attacker[1] else []
        if to == "self" and char:
            return [(user, self.char(user, char))]
        seats = {"self": [user], "zone_owner": [zone], "turn_player": [t.turn]}.get(to)
        if seats is None:
            seats = [q for q, s in enumerate(t.seats) if s.alive]
        return [(q, front(t, q)) for q in seats if q >= 0]

    def _players(self, to, user, chosen, zone, attacker) -> list[int]:
        if to == "all":
            return [q for q, s in enumerate(self.t.seats) if s.alive]
        q = {"chosen": chosen[0], "self": user, "zone_owner": zone, "host": zone, "attacker": attacker[0],
             "turn_player": self.t.turn}[to]
        return [q] if q >= 0 else []

    def trap(self, c: str, zone: int) -> float:
        """``_trap_worth`` of trap ``c`` in ``zone``, worked out once per decision (face up or down alike)."""
        got = self._traps.get((c, zone))
        if got is None:
            got = self._traps[(c, zone)] = _trap_worth(self, c, zone)
        return got

    # attacks -----------------------------------------------------------------------------------------
    def attack(self, a) -> float:
        """EB-3.2-attack: the worth of attack ``a`` — exact expected damage and chance to kill, what the target's
        'when attacked' skill does back (not to a face-down attacker, EB-A29), minus a little for the cards spent
        (lifesteal is a top-up heal: worth nothing, see ``heal``)."""
        t, p = self.t, self.p
        by, cards, q, x = a["by"], a["cards"], a["seat"], a["target"]
        ch = self.char(q, x)
        points, pierce, _ = attack_cards(cards)   # a whole number as an int: no Fraction made, none hashed
        pts = points + self.plus(attack_plus, p, by)
        base = 0 if pierce else card(x).defence + self.plus(defence_plus, q, x)
        capped, kill = attack_odds(pts, base, max(ch.hp, 1), t.rules.block_without_card == "zero",
                                   t.rules.response_timing == "after_attack_die")
        value = self.hit(q, ch, capped, kill) - 0.3 * len(cards)
        sk = card(x).skill
        if sk is not None and sk.type == "passive" and sk.when == "attacked":   # EB-3.1-passive
            value += self.effects(sk.effects, q, x, attacker=(p, by) if _face_up(t, p, by) else (-1, ""))
        return value

    def defence(self, a) -> float:
        """EB-3.2-block / EB-3.2-dodge: the cost of answering the attack in progress with ``a`` — exact expected
        damage and chance of dying over the dice still to roll, the card spent, and its thorns."""
        t, p, f = self.t, self.p, self.t.combat
        mine = self.char(p, f.tchar)
        hp = max(mine.hp, 1)
        dcards = (a["card"],) if a.kind == "block" and a["card"] else ()
        points, pierce, _ = attack_cards(f.cards)
        pts = (points + _bonus(f.cards, dcards)
               + attack_plus(t, f.player, f.char if _face_up(t, f.player, f.char) else ""))
        base = 0 if pierce else card(f.tchar).defence + defence_plus(t, p, f.tchar)
        dice = (f.attack_die,) if f.attack_die else combat.DIE_FACES
        if a.kind == "dodge":
            odds = hit_odds(dice, pts, combat.DODGE, 0, 0, False, hp)
        else:
            dpts = sum(card(c).points for c in dcards) + _bonus(dcards, f.cards)
            zero = not dcards and t.rules.block_without_card == "zero"
            odds = hit_odds(dice, pts, combat.BLOCK, base, dpts, zero, hp)
        _, capped, kill = odds
        saved = sum(e.amount for c in heal_cards(t, p) for e in card(c).effects if e.do == "heal")
        if saved and self.rescues(p, mine):   # EB-3.2-rescue: our own heal cards may still save it, at their price
            kill = kill * (0.5 if saved >= 3 else 0.8)
        cost = -self.hit(p, mine, capped, kill)
        for c in dcards:
            cost += 0.5 * keep_worth(c)
            if card(c).has("thorns") and _face_up(t, f.player, f.char):   # EB-A13
                cost -= self.damage(f.player, self.char(f.player, f.char),
                                    sum(e.amount for e in card(c).effects if e.do == "thorns"))
        return cost


def _face_up(t, q: int, c: str) -> bool:
    for ch in t.seats[q].chars:
        if ch.card == c:
            return ch.face_up
    return False


# --- the decisions --------------------------------------------------------------------------------------
# play-phase tiers: what comes first when several actions are worth doing (a buff before the attack it helps,
# a draw or a bomb before the attack so the attack sees the result)
SETUP, FIRST, EARLY, ATTACK, LATE = 5, 4, 3, 2, 1


def choose(state, legal):
    """The tactical choice among ``legal`` at ``state`` (a decision of the seat to move)."""
    t = state.data
    task = t.tasks[0]
    p = state.current_player
    sight = Sight(t, p)
    decide = DECIDE.get(task.kind)
    if decide is not None:
        picked = decide(sight, task, legal)
        if picked is not None:
            return picked
    return legal[0]


def _best(legal, score):
    """The first action of best score (legal order breaks ties: the same for every world of the same view)."""
    best, top = None, None
    for a in legal:
        s = score(a)
        if top is None or s > top:
            best, top = a, s
    return best


def _play(sight: Sight, task, legal):
    """EB-1.2.4-play: the action of best (tier, worth) among those worth doing (the first in legal order on a tie),
    else end the play phase. The actions are scored from the highest tier they can reach (``_reach``) down, and
    scoring stops once the best so far is worth doing at a tier above any left: while a summon is there to make,
    no attack is weighed (the same choice as scoring them all, in a fraction of the time: it is a search's
    rollout policy)."""
    reach = sorted(((_reach(a), i, a) for i, a in enumerate(legal)), key=lambda r: -r[0])
    best, top = None, (0, 0.0, 0)
    for bound, i, a in reach:
        if bound < top[0] or not bound:
            break
        tier, worth = _play_worth(sight, a)
        if worth > 0 and (tier, worth, -i) > top:
            best, top = a, (tier, worth, -i)
    return best or next(a for a in legal if a.kind == "end_play")


_REACH = {"prepare": SETUP, "summon": SETUP, "attack": ATTACK, "remove_trap": FIRST, "trap": LATE}


@lru_cache(maxsize=65536)
def _reach(a) -> int:
    """The highest tier ``_play_worth`` can give ``a``, from its kind and card alone (0: never worth doing);
    remembered per action (the same few recur in every rollout)."""
    kind = a.kind
    if kind == "effect":
        return _tier(card(a["card"]).effects)
    if kind == "skill":
        return _tier(card(a["char"]).skill.effects)
    if kind == "place":
        return FIRST if card(a["card"]).trigger == "always" else LATE
    return _REACH.get(kind, 0)


def _tier(effects) -> int:
    """An effect card's or a skill's tier: draws and coins first (the rest of the turn sees them), else early."""
    return FIRST if any(e.do in ("draw", "gain_coins") for e in effects) else EARLY


def ranked(state, legal) -> list:
    """The legal actions best first by the scores ``choose`` uses, for a search's candidates (``Bot.ranked``): in the
    play phase by (tier, worth) among the actions worth doing, then ending the phase, then the rest (EB-1.2.4-play);
    other decisions keep the legal order (they are small: a search plays them all)."""
    task = state.data.tasks[0]
    if task.kind != "play":
        return list(legal)
    sight = Sight(state.data, state.current_player)

    def key(a):
        if a.kind == "end_play":
            return (0, 0, 0.0)
        tier, worth = _play_worth(sight, a)
        return (1 if worth > 0 else -1, tier, worth)

    return sorted(legal, key=key, reverse=True)


def _play_worth(sight: Sight, a) -> tuple[int, float]:
    kind, t, p = a.kind, sight.t, sight.p
    if kind == "prepare":                                  # EB-3.2-prepare: free, and feeds the pool
        return SETUP, 1.0
    if kind == "summon":                                   # EB-3.2-summon: a shield for the self character
        return SETUP, 1.0 + char_worth(a["card"]) / 100
    if kind == "attack":
        return ATTACK, sight.attack(a) + 5.0               # an attack always presses on
    if kind == "effect":
        c = card(a["card"])
        return _tier(c.effects), sight.effects(c.effects, p, chosen=(a["seat"], a["target"]))
    if kind == "place":
        return _place_worth(sight, a)
    if kind == "trap":
        return LATE, sight.trap(a["card"], a["zone"]) - COIN * (
            (a["zone"] != p) + (a.get("face") == "down"))
    if kind == "skill":
        sk = card(a["char"]).skill
        worth = sight.effects(sk.effects, p, a["char"], chosen=(a["seat"], a["target"]))
        worth -= COIN * sk.cost_coins
        if sk.cost_life:
            worth += sight.damage(p, sight.char(p, a["char"]), sk.cost_life)
        return _tier(sk.effects), worth
    if kind == "remove_trap":                              # EB-3.2-trap-remove: a visible harm in our own zone
        tr = t.seats[a["zone"]].traps[a["slot"]]
        if a["zone"] != p or not tr.face_up:
            return LATE, 0.0
        return FIRST, -_trap_worth(sight, tr.card, p) - 2 * COIN - 0.5
    return LATE, 0.0                                       # flips and false declarations: never worth it


def _place_worth(sight: Sight, a) -> tuple[int, float]:
    """EB-2.5-effect-card: a persistent card in a zone (on a character, EB-3.1-zones); another's zone costs a coin
    (EB-3.2-effect-cost) and its player may refuse it for one (EB-3.2-effect-refuse)."""
    t, p = sight.t, sight.p
    c, q, host = card(a["card"]), a["seat"], a["target"]
    if c.trigger == "always":
        worth = 0.0
        for e in c.effects:
            if e.do == "attack_plus":
                worth += 1.0 * e.amount * (2 - t.now.attacked)
            elif e.do == "defence_plus":
                worth += 0.8 * e.amount * (1 + sum(s.alive for s in t.seats) - 2)
        worth = worth if q == p else -worth
        tier = FIRST
    else:
        worth = TRIGGER_CHANCE.get(c.trigger, 0.5) * sight.effects(c.effects, p, zone=q, host=host)
        tier = LATE
    if q != p:
        worth -= COIN
        if t.seats[q].coins >= 1 and worth > 0:
            worth = worth * 0.3 - 0.5
    return tier, worth


def _trap_worth(sight: Sight, c: str, zone: int) -> float:
    """EB-2.4-trap-card: what a trap in ``zone`` is worth to us when it goes off (its trigger's rough chance); an
    'attacker' effect in our own zone hits whoever attacks us (an enemy)."""
    k = card(c)
    attacker = (-1, "")
    if zone == sight.p:
        enemy = next((q for q, s in enumerate(sight.t.seats) if q != sight.p and s.alive), -1)
        attacker = (enemy, front(sight.t, enemy).card) if enemy >= 0 and front(sight.t, enemy) else attacker
    elif any(e.to == "attacker" for e in k.effects):
        return 0.0   # it would hit whoever attacks that player: maybe us
    return TRIGGER_CHANCE.get(k.trigger, 0.5) * sight.effects(k.effects, sight.p, zone=zone, attacker=attacker)


def _defend(sight: Sight, task, legal):
    return _best(legal, lambda a: -sight.defence(a))


def _draw_phase(sight: Sight, task, legal):
    """EB-1.2.2-buy: a card for 2 coins while coins are left for our skills; draw-phase skills worth their cost."""
    me, p = sight.me, sight.p
    for a in legal:
        if a.kind == "skill":
            sk = card(a["char"]).skill
            if sight.effects(sk.effects, p, a["char"], chosen=(a["seat"], a["target"])) > COIN * sk.cost_coins:
                return a
    reserve = max([card(c.card).skill.cost_coins for c in me.chars
                   if c.face_up and card(c.card).skill is not None and card(c.card).skill.type == "active"] or [0])
    if any(a.kind == "buy_draw" for a in legal) and (me.coins - 2 >= reserve or me.coins >= 10) \
            and not _visible_trap(sight, "extra_draw"):
        return next(a for a in legal if a.kind == "buy_draw")
    return next(a for a in legal if a.kind == "done")


def _visible_trap(sight: Sight, when: str) -> bool:
    return any(tr.face_up and card(tr.card).trigger == when for tr in sight.me.traps)


def _declare(sight: Sight, task, legal):
    """EB-1.2.3-declare: at once. Face down the self character has no skill (EB-3.1-face-down); and while a
    face-down one cannot be attacked or chosen, a table of bots that keep theirs face down stalls: no one's self
    character is in reach until its summons and pool are gone (EB-3.2-forced-declare)."""
    return next(a for a in legal if a.kind == "declare")


def _rescue(sight: Sight, task, legal):
    """EB-3.2-rescue: only our own self character, or the last summon before it (EB-3.2-target), with the
    smallest heal card that saves it; another player's character never."""
    ch = sight.char(task.target, task.tchar)
    if not sight.rescues(task.target, ch):
        return next(a for a in legal if a.kind == "pass")
    need = 1 - ch.hp
    heals = [(sum(e.amount for e in card(a["card"]).effects if e.do == "heal"), i) for i, a in enumerate(legal)
             if a.kind == "rescue"]
    if not heals:
        return next(a for a in legal if a.kind == "pass")
    enough = [h for h in heals if h[0] >= need]
    return legal[min(enough)[1] if enough else max(heals)[1]]


def _replace(sight: Sight, task, legal):
    """EB-3.2-replace: always bring the best pool character in (a shield for the self character)."""
    return _best(legal, lambda a: -1.0 if a.kind == "pass" else char_worth(a["card"]))


def _discard(sight: Sight, task, legal):
    """EB-1.2.5-discard: the card least worth keeping (a second defence card is worth less than the first)."""
    hand = sight.me.hand
    defences = sum(card(c).kind == "defence" for c in hand)
    return _best(legal, lambda a: -(keep_worth(a["card"]) - (0.6 if card(a["card"]).kind == "defence"
                                                              and defences > 2 else 0.0)))


def _pick(sight: Sight, task, legal):
    """EB-1.1.2-special-pick / EB-1.1.2-snake: the character most worth having."""
    return _best(legal, lambda a: char_worth(a["card"]))


def _ritual(sight: Sight, task, legal):
    """EB-1.1.3-ritual: the sturdier summon goes in front."""
    return _best(legal, lambda a: card(a["summon"]).hp + 2.5 * card(a["summon"]).defence)


def _refuse(sight: Sight, task, legal):
    """EB-3.2-effect-refuse: pay a coin to stop a card that would harm us."""
    c = card(task.card)
    harm = TRIGGER_CHANCE.get(c.trigger, 0.5) * sight.effects(c.effects, task.by, zone=sight.p, host=task.tchar)
    if c.trigger == "always":
        harm = sum(e.amount for e in c.effects if e.do in ("attack_plus", "defence_plus"))
    return next(a for a in legal if a.kind == ("refuse" if harm < -COIN else "accept"))


def _force(sight: Sight, task, legal):
    """EB-3.2-effect-force: 3 more coins only when coins are plenty."""
    return next(a for a in legal if a.kind == ("force" if sight.me.coins >= 12 else "give_up"))


def _trap_declare(sight: Sight, task, legal):
    """EB-3.2-trap-declare: declare our face-down trap only when its condition truly was met (EB-A30) and it
    helps us; a false declaration voids it (EB-3.2-trap-declare)."""
    c = card(task.card)
    good = c.trigger == task.when and sight.effects(
        c.effects, sight.p, zone=task.target,
        attacker=(task.ctx.aplayer, task.ctx.achar) if task.ctx is not None else (-1, "")) > 0
    return next(a for a in legal if a.kind == ("declare_trap" if good else "keep_hidden"))


def _dispel(sight: Sight, task, legal):
    """EB-3.2-check: cancel a declared trap that would harm us."""
    c = card(task.card)
    harm = sight.effects(c.effects, task.by, zone=task.player,
                         attacker=(task.ctx.aplayer, task.ctx.achar) if task.ctx is not None else (-1, ""))
    if harm < -0.5:
        return next((a for a in legal if a.kind == "dispel"), legal[0])
    return next(a for a in legal if a.kind == "allow")


def _others_skill(sight: Sight, task, legal):
    """EB-3.1-active: an 'in another player's play phase' skill when it is worth its cost."""
    def worth(a):
        if a.kind == "pass":
            return 0.0
        sk = card(a["char"]).skill
        return sight.effects(sk.effects, sight.p, a["char"], chosen=(a["seat"], a["target"])) - COIN * sk.cost_coins
    return _best(legal, worth)


DECIDE = {"play": _play, "defend": _defend, "draw_phase": _draw_phase, "declare": _declare, "rescue": _rescue,
          "replace": _replace, "discard": _discard, "pick_special": _pick, "pick_normal": _pick, "ritual": _ritual,
          "refuse": _refuse, "force": _force, "trap_declare": _trap_declare, "dispel": _dispel,
          "others_skill": _others_skill}
