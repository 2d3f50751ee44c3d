"""Why an action is refused: the precise clause it breaks (the core raises it; nothing changes)."""

from __future__ import annotations

from explorer import CHANCE, IllegalAction

from . import effects, flow, traps
from .catalogue import card
from .table import TRAP_LIMIT, find_char, self_char, summons


def _card_kind(c) -> str:
    try:
        return card(c).kind
    except (KeyError, TypeError, IndexError, ValueError):
        return ""


def _attack(t, a):
    p, fight = a.player, t.now
    if fight.attacked:
        return "EB-1.2.4-attack-once", "at most one attack a turn: this would be a second attack"
    cards = a.get("cards") or ()
    if not isinstance(cards, tuple) or any(_card_kind(c) != "attack" for c in cards):
        return "EB-2.2-attack-card", "an attack needs attack cards"
    if len(cards) > 1 and not any(card(c).has("combo") for c in cards):
        return "EB-3.2-multi-attack", "only one attack card per attack, unless a card allows more"
    if any(t.seats[p].hand.count(c) < cards.count(c) for c in cards):
        return "EB-3.1-hand", "those cards are not in your hand"
    q, x = a.get("seat"), a.get("target")
    if not isinstance(q, int) or not 0 <= q < len(t.seats) or q == p or not t.seats[q].alive:
        return "EB-3.2-target", "the target must be a character of another living player"
    i = find_char(t, q, x)
    if i < 0:
        return "EB-3.2-target", "the target must be a character in that player's character zone"
    target = t.seats[q].chars[i]
    if not target.face_up:
        return "EB-3.1-face-down", "a face-down character cannot be attacked"
    if target.is_self and summons(t.seats[q]):
        return "EB-3.2-target", "that player has a summon, so its self character cannot be attacked"
    if find_char(t, p, a.get("by")) < 0:
        return "EB-3.2-attack", "name one of your own characters as the attacker"
    return None


def _trap(t, a):
    p, zone = a.player, a.get("zone")
    if a.kind == "trap":
        if t.now.trapped:
            return "EB-1.2.4-trap-once", "at most one trap a turn"
        if _card_kind(a.get("card")) != "trap" or a.get("card") not in t.seats[p].hand:
            return "EB-2.4-trap-card", "deploy a trap card from your hand"
        if isinstance(zone, int) and 0 <= zone < len(t.seats) and len(t.seats[zone].traps) >= TRAP_LIMIT:
            return "EB-3.2-trap-limit", "a trap zone holds at most 3 traps: this would be a fourth"
        if zone != p and t.seats[p].coins < traps.DEPLOY_COST:
            return "EB-3.2-trap-cost", "a trap in another player's zone costs 1 coin: too few coins"
        if a.get("face") == "down" and t.rules.trap_deployed == "face_up":
            if t.now.flipped:
                return "EB-3.2-trap-flip", "at most one trap may be flipped a turn: it was already used"
            return "EB-3.2-trap-flip", "turning the new trap face down costs 1 coin: too few coins"
    if a.kind == "flip_trap":
        if t.now.flipped:
            return "EB-3.2-trap-flip", "at most one trap may be flipped"
        if t.seats[p].coins < traps.FLIP_COST:
            return "EB-3.2-trap-flip", "flipping a trap costs 1 coin: too few coins"
    if a.kind == "remove_trap":
        if t.now.removed:
            return "EB-3.2-trap-remove", "at most one trap may be removed"
        if t.seats[p].coins < traps.REMOVE_COST:
            return "EB-3.2-trap-remove", "removing a trap costs 2 coins: too few coins"
    if a.kind == "declare_trap":
        return "EB-3.2-trap-declare", "only a face-down trap you placed can be declared"
    return None


def _play(t, a):
    p, k = a.player, a.kind
    if k == "attack":
        return _attack(t, a)
    if k in ("trap", "flip_trap", "remove_trap", "declare_trap"):
        return _trap(t, a)
    if k == "summon":
        if t.now.summoned:
            return "EB-1.2.4-summon-once", "at most one summon a turn"
        if len(summons(t.seats[p])) >= t.seats[p].summon_limit:
            return "EB-3.2-summon-limit", f"the summon limit is {t.seats[p].summon_limit}"
        return "EB-3.2-summon", "summon a character from your character pool"
    if k == "prepare":
        if _card_kind(a.get("card")) == "special":
            return "EB-2.1.1-special", "a special character is a self character: it cannot be prepared (EB-A18)"
        if _card_kind(a.get("card")) != "normal" or a.get("card") not in t.seats[p].hand:
            return "EB-2.1.2-normal", "only normal character cards from your hand can be prepared"
        return "EB-1.2.4-prepare-any", "prepare normal character cards from your hand in your play phase"
    if k in ("effect", "place"):
        if k == "place" and a.get("seat") != p and t.seats[p].coins < effects.EFFECT_COST:
            return "EB-3.2-effect-cost", "an effect card in another player's zone costs 1 coin: too few coins"
        return "EB-2.5-effect-card", "use an effect card from your hand on a face-up character"
    if k == "skill":
        j = find_char(t, p, a.get("char"))
        if j >= 0 and not t.seats[p].chars[j].face_up:
            return "EB-3.1-face-down", "a face-down character's skills cannot be used"
        if len(t.now.skill_chars) >= t.seats[p].summon_limit:
            return "EB-1.2.4-skill-limit", "active skills of at most 'summon limit' characters a turn"
        return "EB-3.1-active", "that skill cannot be used now (cost, limit or target)"
    return None


_CHANCE_CLAUSES = {
    "dealer": "EB-1.1.1-dealer", "fix_dealer": "EB-1.1.1-dealer", "offer_special": "EB-1.1.2-special-draw",
    "offer_normal": "EB-1.1.2-normal-draw", "deal": "EB-1.1.4-init", "draw": "EB-3.2-draw",
    "roll_attack": "EB-3.2-attack-power", "roll_defence": "EB-3.2-block", "judge": "EB-3.1-judge",
}


def why_illegal(t, a) -> IllegalAction:
    """The clause an illegal action breaks, as precisely as we can tell."""
    if t.over or not t.tasks:
        return IllegalAction("EB-1.4-victory", "the game is over", a)
    head = t.tasks[0]
    if head.kind in flow.CHANCE_TASKS:
        clause = _CHANCE_CLAUSES.get(head.kind, "EB-props")
        why = "not a possible outcome of this chance node" if a.player == CHANCE else "chance decides now, not a player"
        return IllegalAction(clause, why, a)
    legal, _, clause = flow.DECISIONS[head.kind]
    if a.player != head.player:
        return IllegalAction(clause, f"it is P{head.player}'s decision now, not P{a.player}'s", a)
    found = None
    if head.kind == "play":
        found = _play(t, a)
    elif head.kind == "draw_phase" and a.kind == "buy_draw":
        found = ("EB-1.2.2-buy", "the extra draw is once a turn and costs 2 coins: too few coins"
                 if t.seats[a.player].coins < 2 else "the extra draw is once a turn")
    if found is None and a.kind == "declare":
        me = self_char(t.seats[a.player])
        if me is not None and me.ever_up:
            found = ("EB-3.2-declaration", "the declaration is irreversible and only once")
        elif head.kind != "declare":
            found = ("EB-1.2.3-declare", "the declaration is made in the declaration phase")
    if found is not None:
        pass
    elif head.kind == "defend" and a.kind == "block":
        found = ("EB-2.3-defence-card", "block with at most one defence card from your hand")
    elif head.kind == "refuse" and a.kind == "refuse":
        found = ("EB-3.2-effect-refuse", "refusing costs 1 coin")
    elif head.kind == "force" and a.kind == "force":
        found = ("EB-3.2-effect-force", "forcing costs 3 more coins")
    elif head.kind == "discard" and a.kind == "discard":
        found = ("EB-1.2.5-discard", "discard a card from your hand")
    if found is None and a.kind in {x.kind for x in legal(t, head)}:
        found = (clause, "not one of the choices now (check the card, the target or the cost)")
    if found is None:
        found = (clause, f"{a.kind!r} is not a choice now (waiting for: {head.kind})")
    return IllegalAction(found[0], found[1], a)
