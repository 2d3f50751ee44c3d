"""战斗回合: turn start, the four phases (摸牌, 出牌, 指挥, 弃牌), and the play phase's choices."""

from __future__ import annotations

from explorer import SELF
from explorer.records import distinct

from .actions import A
from .content import CONTENT
from .death import end_turn, enemies_eliminated, when_enemies_gone
from .equipment import equipment_actions
from .life import heal, hurt, is_dying, pay, throw_away
from .magic import magic_actions
from .reach import attack_distance, has, hero_may_attack, hero_range, seat_distances, skill, soldier_strike
from .records import ENEMY, HERO, NEUTRAL, REINFORCEMENT, Castle, at, put, with_

DECLARATIONS = (NEUTRAL, ENEMY, REINFORCEMENT)


def start_turn(d: Castle, emit) -> Castle:
    """CH-turn-four-phases: the turn begins; mirror images end (CH-magic-mirror); poison bites."""
    me = d.active
    s = d.seats[me]
    eid = emit.emit_pairs("turn", "CH-turn-four-phases", me, (("round", d.round), ("turn", d.turn)))  # every turn
    bites = ((eid, "triggers", SELF),)  # CH-equip-poison-dagger 「在下一回合开始时」: the turn's start fires it
    if s.spent or s.recall or s.mirror or s.mark != d.mana_spent:  # else the seat stays as it is: no copy
        last_round = s.spent if d.opts.recall == "own" else d.mana_spent - s.mark  # CH-magic-recall, CH-A26
        d = put(d, me, recall=last_round, spent=0, mark=d.mana_spent, mirror=False)
    if s.held:
        emit.emit("held", "CH-magic-hold", targets=(me,))
    if s.poisoned >= 0:
        d = put(d, me, poisoned=-1)
        d = hurt(d, me, HERO, 1, s.poisoned, None, "CH-equip-poison-dagger", emit, bites)
    for i in reversed(range(len(d.seats[me].soldiers))):
        soldier = d.seats[me].soldiers[i]
        if soldier.poisoned >= 0:
            soldiers = d.seats[me].soldiers
            d = put(d, me, soldiers=(*soldiers[:i], with_(soldier, poisoned=-1), *soldiers[i + 1:]))
            d = hurt(d, me, i, 1, soldier.poisoned, None, "CH-equip-poison-dagger", emit, bites)
    return draw_phase(d, emit)  # straight on, as advance() would: no draw is due yet, nothing to wait for


def draw_phase(d: Castle, emit) -> Castle:
    """CH-turn-draw: the hero draws 2 cards from the deck (each draw is a CHANCE node)."""
    n = 2 + skill(d.seats[d.active], "draw_bonus")
    emit.emit_pairs("draw phase", "CH-turn-draw", d.active, (("cards", n),))
    return with_(d, draws=d.draws + (d.active,) * n, phase="play")


def play_actions(d: Castle) -> tuple:
    """The play phase: at most one 剑 attack; 愈, magic, equipment and skills without limit."""
    me = d.active
    s = d.seats[me]
    end = A("end_play", me)
    if s.held:
        return (end,)
    out = []
    if s.identity == NEUTRAL and not d.acted:
        out += [A("declare", me, camp=c) for c in DECLARATIONS if c != (s.declared or NEUTRAL)]
    if not d.attacked:
        out += attack_actions(d, me)
    if "heal" in s.hand:
        if s.hp < s.max_hp:
            out.append(A("heal", me, target=me))
        out += [A("heal", me, target=i) for i in range(len(d.seats)) if i != me and is_dying(d, i)]
    out += magic_actions(d, me)
    out += equipment_actions(d, me)
    out += skill_actions(d, me)
    out.append(end)
    return tuple(out)


def attack_actions(d: Castle, me: int) -> list:
    s = d.seats[me]
    ways = (("sword",) if "sword" in s.hand else ()) + (
        ("any_two",) if has(s, "range_unlimited_any_two") and len(s.hand) >= 2 else ())
    if not ways:
        return []
    out = []
    reach = hero_range(d, me)
    for t, apart in seat_distances(d, me).items():
        dist = attack_distance(d, me, t, apart)
        if dist > reach and not d.swift:
            continue  # hero_may_attack would refuse every member: out of range
        for m in (HERO, *range(len(d.seats[t].soldiers))):
            if hero_may_attack(d, me, t, m, dist, reach) is None:
                out += [A("attack", me, target=t, member=m, pay=w) for w in ways]
    return out


def skill_actions(d: Castle, me: int) -> list:
    """Active sample skills, once a turn (CH-turn-play-unlimited; CH-A33)."""
    s = d.seats[me]
    hero = CONTENT.heroes[s.hero]
    if d.skill_used:
        return []
    if hero.skill == "heal_by_discard" and len(s.hand) >= hero.cost and s.hp < s.max_hp:
        return [A("skill", me, skill=hero.skill)]
    if hero.skill == "draw_by_mana" and s.hand.count("mana") >= hero.cost:
        return [A("skill", me, skill=hero.skill)]
    return []


def use_skill(d: Castle, emit) -> Castle:
    """CH-turn-play-unlimited: a hero skill; its cost is paid card by card when it is a discard."""
    me = d.active
    hero = CONTENT.heroes[d.seats[me].hero]
    emit.emit("skill", "CH-turn-play-unlimited", actor=me, skill=hero.skill)
    d = with_(d, skill_used=True, acted=True)
    if hero.skill == "draw_by_mana":
        return with_(pay(d, me, "mana", hero.cost), draws=d.draws + (me,) * hero.amount)
    return with_(d, owe=hero.cost, phase="pay", after="skill_heal")


def skill_heal(d: Castle, emit) -> Castle:
    me = d.active
    return with_(heal(d, me, CONTENT.heroes[d.seats[me].hero].amount, me, None, "CH-turn-play-unlimited", emit),
                 phase="play")


def pay_actions(d: Castle) -> tuple:
    return tuple(A("pay_card", d.active, card=c) for c in distinct(d.seats[d.active].hand))


DISCARD_COSTS = ("forced_hit", "skill_heal")  # 熊首战斧「抛弃2张手牌」, a skill's 弃: not 消耗 (CH-A40)


def pay_card(d: Castle, card: str, emit) -> Castle:
    """One card of a cost paid card by card: the longbow's two cards stand in for a spent 剑 (消耗); the bear
    axe's and a discard skill's are thrown away (抛弃 / 弃), which 魔力回朔 does not count (CH-A40)."""
    emit.emit("pay", "CH-equip-longbow" if d.after == "longbow_go" else
              "CH-equip-bear-axe" if d.after == "forced_hit" else "CH-turn-play-unlimited", actor=d.active, card=card)
    give = throw_away if d.after in DISCARD_COSTS else pay
    d = with_(give(d, d.active, card), owe=d.owe - 1)
    return d if d.owe else with_(d, phase=d.after, after="")


def use_heal(d: Castle, target: int, emit) -> Castle:
    """CH-turn-play-heal: 愈 restores 1 HP; on a dying hero it restores 1 (CH-death-heal-dying)."""
    me = d.active
    clause = "CH-death-heal-dying" if is_dying(d, target) else "CH-turn-play-heal"
    return heal(with_(pay(d, me, "heal"), acted=True), target, 1, me, None, clause, emit)


def declare(d: Castle, camp: str, emit) -> Castle:
    """CH-neutral-declare: at the start of its turn a neutral declares itself enemy or reinforcement, or not.
    With no enemy alive, a declaration of 援军 ends the game (CH-end-neutral-as-reinforcement); going back to 中立 is
    no 消灭 of an enemy, so nothing else is checked (CH-A41; ``side_change_ends`` = ``any`` checks that too)."""
    me = d.active
    emit.emit("declare", "CH-neutral-declare", actor=me, camp=camp)
    d = with_(put(d, me, declared="" if camp == NEUTRAL else camp), acted=True)
    checks = camp == REINFORCEMENT or d.opts.side_change == "any"
    return when_enemies_gone(d, "play", emit) if checks and enemies_eliminated(d) else d


def command_start(d: Castle, emit) -> Castle:
    """CH-turn-command: the hero picks one target group for all its soldiers (CH-fragment-one-target)."""
    me = d.active
    if d.seats[me].held or not command_targets(d):
        return discard_check(d, emit)
    return with_(d, phase="command")


def command_targets(d: Castle) -> list[int]:
    me = d.active
    if not d.seats[me].soldiers:
        return []  # nobody to command
    out = []
    apart = seat_distances(d, me)
    for t, other in enumerate(d.seats):
        if t == me or not other.alive:
            continue
        dist = attack_distance(d, me, t, apart[t])
        if any(soldier_strike(d, me, s, t, m, dist)[0] for s in range(len(d.seats[me].soldiers))
               for m in (HERO, *range(len(other.soldiers)))):
            out.append(t)
    return out


def command_actions(d: Castle) -> tuple:
    me = d.active
    return (*(A("command", me, target=t) for t in command_targets(d)), A("command", me, target=None))


def command(d: Castle, target, emit) -> Castle:
    """CH-turn-command: all soldiers attack the one chosen group, one after another."""
    if target is None:
        return discard_check(d, emit)
    emit.emit("command", "CH-fragment-one-target", actor=d.active, targets=(target,))
    return with_(d, command=target, cursor=0, phase="soldier_next")


def soldier_next(d: Castle, emit) -> Castle:
    """The next soldier attacks; once the target hero has fallen the rest are done (CH-turn-command-target-falls)."""
    me, t = d.active, d.command
    if d.seats[t].hp <= 0 or not d.seats[t].alive:
        fell = emit.latest(lambda e: e.kind == "dying" and e.targets == (t,))  # the target's fall ends the command
        emit.emit("command over", "CH-turn-command-target-falls", actor=me, targets=(t,),
                  links=[(fell, "triggers", SELF)] if fell is not None else ())
        return discard_check(with_(d, command=-1), emit)
    while d.cursor < len(d.seats[me].soldiers):
        if soldier_targets(d):
            return with_(d, phase="soldier")
        d = with_(d, cursor=d.cursor + 1)
    return discard_check(with_(d, command=-1), emit)


def soldier_targets(d: Castle) -> list[int]:
    t = d.command
    dist = attack_distance(d, d.active, t)
    return [m for m in (HERO, *range(len(d.seats[t].soldiers))) if soldier_strike(d, d.active, d.cursor, t, m, dist)[0]]


def soldier_actions(d: Castle) -> tuple:
    return tuple(A("soldier_attack", d.active, member=m) for m in soldier_targets(d))


def discard_check(d: Castle, emit) -> Castle:
    """CH-turn-discard: the hero keeps no more cards than its current HP.

    Like every automatic step of the turn's end it goes straight on to the next one (as ``flow.advance`` would,
    without a copy of the castle that only names the next phase): no draw is due in between."""
    s = d.seats[d.active]
    if len(s.hand) > max(s.hp, 0):
        return at(d, "discard")
    return end_turn(d, emit)


def discard_actions(d: Castle) -> tuple:
    return tuple(A("discard", d.active, card=c) for c in distinct(d.seats[d.active].hand))


def discard(d: Castle, card: str, emit) -> Castle:
    emit.emit_pairs("discard", "CH-turn-discard", d.active, (("card", card),))
    return discard_check(throw_away(d, d.active, card), emit)
