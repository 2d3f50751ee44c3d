"""One attack, from declaration to damage: shield, armour, mirror images, the 剑 block, the axes, the
abyss sword, the poisoned dagger and the great sword's follow-up. Each chance is a CHANCE node."""

from __future__ import annotations

from fractions import Fraction

from explorer import CANCELLED, CHANCE, SELF
from explorer.records import distinct

from .actions import A
from .life import hurt, pay, throw_away
from .reach import attack_distance, has, hero_may_attack, is_melee, mounts_used, skill, soldier_strike
from .records import HERO, Attack, Castle, put, with_

HALF = Fraction(1, 2)


def begin(d: Castle, atk: Attack, emit, clause: str, fired_by: int | None = None) -> Castle:
    """Declare the attack (an event), then run the target's defences in order. ``fired_by``: the event an axe or
    the great sword answers with this attack (the cancellation, the kill), which triggers it."""
    eid = emit.emit("attack", clause, actor=atk.attacker, targets=(atk.target,), member=atk.member,
                    by=atk.by, melee=atk.melee, charge=atk.charge, damage=atk.damage,
                    links=_answers(fired_by))
    d = with_(d, attack=with_(atk, cause=eid, killed=False))
    if d.seats[atk.attacker].equipment or d.seats[atk.target].equipment:
        for card, owner, clause in mounts_used(d, atk.attacker, atk.target):  # 攻击时 / 被攻击时: the attack fires it
            shared = atk.by != HERO or atk.member != HERO
            emit.emit("mount", "CH-equip-mounts-shared" if shared else clause, actor=owner, cause=eid, card=card,
                      links=[(eid, "triggers", SELF)])
    t = d.seats[atk.target]
    if atk.member == HERO and not atk.melee and has(t, "first_ranged_cancel") and t.shield_turn != d.turn:
        d = put(d, atk.target, shield_turn=d.turn)
        return cancelled(d, emit, "CH-equip-steel-shield")
    if atk.member == HERO and atk.melee and has(t, "melee_half_cancel"):
        return with_(d, phase="armour")
    return after_armour(d, emit)


def after_armour(d: Castle, emit) -> Castle:
    """CH-magic-mirror: a hero under mirror images evades any attack half the time (a CHANCE node)."""
    atk = d.attack
    if atk.member == HERO and d.seats[atk.target].mirror:
        return with_(d, phase="mirror")
    return after_mirror(d, emit)


def after_mirror(d: Castle, emit) -> Castle:
    """CH-turn-block: an attacked hero (not held) may spend a 剑 to block; CH-turn-soldiers-cannot-block."""
    atk = d.attack
    if atk.member == HERO and not d.seats[atk.target].held:
        return with_(d, phase="block")
    return hit(d, emit)


def roll_outcomes(d: Castle):
    """CH-equip-knight-armour / CH-magic-mirror: saved with probability exactly 1/2."""
    return ((A(d.phase, CHANCE, saved=True), HALF), (A(d.phase, CHANCE, saved=False), HALF))


def apply_roll(d: Castle, saved: bool, emit) -> Castle:
    clause = "CH-equip-knight-armour" if d.phase == "armour" else "CH-magic-mirror"
    emit.emit("roll", clause, targets=(d.attack.target,), cause=d.attack.cause, saved=saved,
              links=[(d.attack.cause, "triggers", SELF)])  # the armour, the images: the attack fires their chance
    if saved:
        return cancelled(d, emit, clause)
    return after_armour(d, emit) if d.phase == "armour" else after_mirror(d, emit)


def block_actions(d: Castle) -> tuple:
    t = d.attack.target
    take = A("take_hit", t)
    return (A("block", t), take) if "sword" in d.seats[t].hand else (take,)


def block(d: Castle, emit) -> Castle:
    """CH-turn-block: the attacked hero spends one 剑 and the normal attack is cancelled."""
    return cancelled(pay(d, d.attack.target, "sword"), emit, "CH-turn-block")


def cancelled(d: Castle, emit, clause: str) -> Castle:
    """The attack is cancelled; a hero's 剑 attack may still go on with an axe.

    Every way here — the steel shield, the knight armour's and the mirror images' saving roll, the 剑 block —
    ``cancels`` the attack rather than ``prevents`` its damage: the seed says 抵消 / 回避 / 抵挡 of the attack
    itself, nothing of it lands (no poison, no abyss demand), and the axes answer exactly this 「攻击被抵消时」."""
    atk = d.attack
    emit.emit("attack cancelled", clause, actor=atk.attacker, targets=(atk.target,), cause=atk.cause,
              outcome=CANCELLED, links=[(SELF, "cancels", atk.cause)])
    a = d.seats[atk.attacker]
    if atk.sword and has(a, "force_hit_discard_two") and len(a.hand) >= 2:
        return with_(d, phase="bear_axe")
    return doom_or_finish(d)


def doom_or_finish(d: Castle) -> Castle:
    """CH-equip-doom-axe: with 毁灭战斧 the attacker is asked whether to attack again."""
    if d.attack.sword and has(d.seats[d.attack.attacker], "repeat_until_hit"):
        return with_(d, phase="doom_axe")
    return finish(d)


def axe_actions(d: Castle) -> tuple:
    a = d.attack.attacker
    if d.phase == "bear_axe":
        return A("bear_axe", a, use=True), A("bear_axe", a, use=False)
    again = (A("doom_axe", a, again=True),) if "sword" in d.seats[a].hand else ()
    return (*again, A("doom_axe", a, again=False))


def bear_axe(d: Castle, use: bool, emit) -> Castle:
    """CH-equip-bear-axe: discard 2 hand cards and the cancelled attack hits after all."""
    if not use:
        return doom_or_finish(d)
    emit.emit("axe", "CH-equip-bear-axe", actor=d.attack.attacker, cause=d.attack.cause, cards=2,
              links=_answers(_cancellation(d, emit)))
    return with_(d, owe=2, phase="pay", after="forced_hit")


def doom_axe(d: Castle, again: bool, emit) -> Castle:
    """CH-equip-doom-axe: spend another 剑 and attack again, until the attack hits."""
    if not again:
        return finish(d)
    fired_by = _cancellation(d, emit)
    d = pay(d, d.attack.attacker, "sword")
    return begin(d, d.attack, emit, "CH-equip-doom-axe", fired_by)


def _cancellation(d: Castle, emit) -> int | None:
    """The event that cancelled the attack now resolving: 「攻击被抵消时」 fires the axes."""
    cause = d.attack.cause
    return emit.latest(lambda e: e.kind == "attack cancelled" and e.cause == cause, since=cause)


def _answers(fired_by: int | None) -> tuple:
    return ((fired_by, "triggers", SELF),) if fired_by is not None else ()


def hit(d: Castle, emit) -> Castle:
    """The attack lands: its damage, then the dagger's poison and the abyss sword's demand."""
    atk = d.attack
    t = d.seats[atk.target]
    before = len(t.soldiers) if atk.member != HERO else t.hp
    clause = ("CH-soldier-knight-charge" if atk.charge else "CH-turn-command" if atk.by != HERO
              else "CH-attack-hero-targets")
    landed = _answers(emit.next_id)  # the hit's damage (hurt's first event): 成功命中 fires dagger and abyss sword
    d = hurt(d, atk.target, atk.member, atk.damage, atk.attacker, atk.cause, clause, emit)
    t = d.seats[atk.target]
    killed = len(t.soldiers) < before if atk.member != HERO else before > 0 >= t.hp
    d = with_(d, attack=with_(atk, killed=killed))
    if not atk.sword:
        return finish(d)
    a = d.seats[atk.attacker]
    if has(a, "poison") and not (atk.member != HERO and killed):
        d = poison(d, atk, emit, landed)
    if has(a, "abyss") and atk.member == HERO:
        if d.seats[atk.target].hand:
            return with_(d, phase="abyss")
        d = hurt(d, atk.target, HERO, 1, atk.attacker, atk.cause, "CH-equip-abyss-sword", emit, landed)
    elif has(a, "abyss") and not killed:  # CH-A37: a soldier holds no card to discard
        d = hurt(d, atk.target, atk.member, 1, atk.attacker, atk.cause, "CH-equip-abyss-sword", emit, landed)
        d = with_(d, attack=with_(d.attack, killed=len(d.seats[atk.target].soldiers) < before))
    return after_abyss(d)


def poison(d: Castle, atk: Attack, emit, landed: tuple = ()) -> Castle:
    """CH-equip-poison-dagger: the target takes 1 poison damage at the start of its own next turn (CH-A39)."""
    emit.emit("poisoned", "CH-equip-poison-dagger", actor=atk.attacker, targets=(atk.target,), cause=atk.cause,
              member=atk.member, links=landed)
    t = d.seats[atk.target]
    if atk.member == HERO:
        return put(d, atk.target, poisoned=atk.attacker)
    s = t.soldiers[atk.member]
    return put(d, atk.target, soldiers=tuple(with_(x, poisoned=atk.attacker) if x is s else x for x in t.soldiers))


def abyss_actions(d: Castle) -> tuple:
    t = d.attack.target
    return (*(A("abyss_discard", t, card=c) for c in distinct(d.seats[t].hand)), A("abyss_take", t))


def abyss(d: Castle, card: str | None, emit) -> Castle:
    """CH-equip-abyss-sword: the target discards 1 hand card, or takes 1 more damage."""
    atk = d.attack
    landed = _answers(emit.latest(lambda e: e.kind == "damage" and e.cause == atk.cause, since=atk.cause))
    if card is None:
        d = hurt(d, atk.target, HERO, 1, atk.attacker, atk.cause, "CH-equip-abyss-sword", emit, landed)
        d = with_(d, attack=with_(atk, killed=atk.killed or d.seats[atk.target].hp <= 0))
    else:
        emit.emit("discard", "CH-equip-abyss-sword", actor=atk.target, cause=atk.cause, card=card, links=landed)
        d = throw_away(d, atk.target, card)  # 抛弃: not 消耗 (CH-A40)
    return after_abyss(d)


def after_abyss(d: Castle) -> Castle:
    """CH-equip-great-sword: after bringing its target down, the wielder may attack the same group."""
    atk = d.attack
    if atk.killed and has(d.seats[atk.attacker], "range_two_follow_up"):
        return with_(d, phase="great_sword")
    return finish(d)


def follow_up_actions(d: Castle) -> tuple:
    atk, a = d.attack, d.attack.attacker
    out = []
    if "sword" in d.seats[a].hand:
        for m in (HERO, *range(len(d.seats[atk.target].soldiers))):
            if not m == HERO == atk.member and hero_may_attack(d, a, atk.target, m) is None:
                out.append(A("follow_up", a, member=m))
    return (*out, A("follow_up", a, member=None))


def follow_up(d: Castle, member, emit) -> Castle:
    """CH-equip-great-sword: spend 1 剑 and attack another target of the same group at once."""
    if member is None:
        return finish(d)
    atk = d.attack
    target, cause = atk.target, atk.cause  # 如本次攻击消灭目标: the fall of the one it brought down fires it
    fell = emit.latest(lambda e: e.kind in ("dying", "soldier falls") and e.targets == (target,), since=cause)
    d = pay(d, atk.attacker, "sword")
    return begin(d, with_(atk, member=member), emit, "CH-equip-great-sword", fell)


def finish(d: Castle) -> Castle:
    return with_(d, attack=None, phase=d.attack.resume)


def hero_attack(d: Castle, target: int, member: int, how: str, emit) -> Castle:
    """CH-turn-play-one-sword: the hero's one 剑 attack this turn (with 银杉木长弓, any 2 cards instead)."""
    a = d.active
    dist = attack_distance(d, a, target)
    atk = Attack(a, HERO, target, member, is_melee(dist), False, 1 + skill(d.seats[a], "attack_bonus"), True,
                 "play", -1)
    d = with_(d, attacked=True, acted=True)
    if how == "any_two":
        return with_(d, attack=atk, owe=2, phase="pay", after="longbow_go")
    return begin(pay(d, a, "sword"), atk, emit, "CH-turn-play-one-sword")


def soldier_attack(d: Castle, member: int, emit) -> Castle:
    """CH-turn-command: the next soldier attacks a member of the one target group."""
    a, s, t = d.active, d.cursor, d.command
    _, (charge, damage) = soldier_strike(d, a, s, t, member)
    atk = Attack(a, s, t, member, is_melee(attack_distance(d, a, t)), charge, damage, False, "soldier_next", -1)
    return begin(with_(d, cursor=s + 1), atk, emit, "CH-soldier-knight-charge" if charge else "CH-turn-command")
