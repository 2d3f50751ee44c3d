"""英雄死亡, rewards and penalties, and the end of the game."""

from __future__ import annotations

from .actions import A
from .life import heal, pay
from .records import ENEMY, LORD, NEUTRAL, REINFORCEMENT, Castle, camp, clockwise_from, put, with_

CASTLE_SIDE = (LORD, REINFORCEMENT)


def end_turn(d: Castle, emit) -> Castle:
    """A hold ends with the held hero's turn (CH-magic-hold); CH-death-end-of-turn: the dying are settled."""
    me = d.active
    if d.seats[me].held:
        emit.emit("hold ends", "CH-magic-hold", targets=(me,))
        d = put(d, me, held=False)
    dying = tuple(i for i in clockwise_from(d, me) if d.seats[i].hp <= 0)
    return death_next(with_(d, dying=dying) if dying or d.dying else d, emit)


def death_next(d: Castle, emit) -> Castle:
    """Settle the next dying hero: everyone in turn may give it 愈 (CH-A18), else it falls; once every dying hero
    is settled, the fallen die together (CH-A43)."""
    if d.dying:
        queue = rescuers(d)
        return with_(d, phase="rescue", queue=queue) if queue else fall(d, emit)
    if d.fallen:
        return deaths(d, emit)
    # the next turn, at once unless a reward's draws are due first (flow.advance deals them)
    return with_(d, phase="next_turn") if d.draws else next_turn(d, emit)


def fall(d: Castle, emit) -> Castle:
    """The first dying hero is not back to 1 HP: it will die with the others who fall at this turn's end."""
    return death_next(with_(d, dying=d.dying[1:], fallen=(*d.fallen, d.dying[0])), emit)


def deaths(d: Castle, emit) -> Castle:
    """CH-death-end-of-turn: the fallen die, in turn order from the active hero. CH-end-lord-dies
    「城主被消灭，游戏结束」: with the lord among them they all die and the game ends there, nobody asked anything more
    (CH-A43); else each death is settled in turn (its soldiers, CH-death-soldiers-join; the end of the enemies)."""
    if d.lord in d.fallen:
        for victim in d.fallen:
            d = dead(d, victim, emit)
        return after_death(with_(d, fallen=()), d.lord, emit)
    return die(with_(d, fallen=d.fallen[1:]), d.fallen[0], emit)


def rescuers(d: Castle) -> tuple:
    return tuple(i for i in clockwise_from(d, d.active) if not d.seats[i].held)


def rescue_actions(d: Castle) -> tuple:
    who, dying = d.queue[0], d.dying[0]
    give = (A("rescue", who, target=dying),) if "heal" in d.seats[who].hand else ()
    return (*give, A("rescue", who, target=None))


def rescue(d: Castle, target, emit) -> Castle:
    """CH-death-heal-dying: each 愈 restores 1; at 1 HP the hero revives (CH-death-revive)."""
    who, dying = d.queue[0], d.dying[0]
    if target is None:
        d = with_(d, queue=d.queue[1:])
    else:
        d = heal(pay(d, who, "heal"), dying, 1, who, None, "CH-death-heal-dying", emit)
    if d.seats[dying].hp > 0:
        return death_next(with_(d, dying=d.dying[1:]), emit)
    if d.queue:
        return d
    return fall(d, emit)


def dead(d: Castle, victim: int, emit) -> Castle:
    """CH-death-end-of-turn: not back to 1 HP by the end of the turn, the hero dies; its identity is shown, its cards
    are discarded, and its killer is rewarded or penalised."""
    s = d.seats[victim]
    killer = s.killer
    eid = emit.emit("death", "CH-death-end-of-turn", actor=killer if killer >= 0 else None, targets=(victim,),
                    identity=s.identity, declared=s.declared)
    d = put(d, victim, alive=False, revealed=True, hand=(), equipment=(), soldiers=())
    d = with_(d, discard=d.discard.union(s.hand).union(s.equipment))
    return reward(d, killer, victim, s, eid, emit)


def die(d: Castle, victim: int, emit) -> Castle:
    """A hero dies (``dead``) while the game goes on: a hero of its side may take its soldiers, then the death's end
    of the game is checked (CH-death-soldiers-join, after_death). The lord's death ends the game there, so nobody
    is asked to take its soldiers (CH-end-lord-dies)."""
    s = d.seats[victim]
    d = dead(d, victim, emit)
    if s.soldiers and camp(s) and s.identity != LORD:
        queue = tuple(i for i in clockwise_from(d, victim, include_start=False)
                      if len(d.seats[i].soldiers) < d.seats[i].leadership and d.seats[i].hp > 0
                      and not d.seats[i].held)
        if queue:
            return with_(d, phase="join", orphans=s.soldiers, queue=queue, cursor=victim)
    return after_death(d, victim, emit)


def reward(d: Castle, killer: int, victim: int, dead, cause, emit) -> Castle:
    """Rewards and penalties for each pair of killer and victim (CH-reward-*, CH-penalty-*)."""
    if killer < 0 or killer == victim or not d.seats[killer].alive:
        return d
    k = d.seats[killer]
    victim_camp, killer_camp = camp(dead), camp(k)
    if dead.identity == ENEMY or (dead.identity == NEUTRAL and dead.declared == ENEMY):
        emit.emit("reward", "CH-reward-kill-enemy", actor=killer, targets=(victim,), cause=cause, cards=3)
        return with_(d, draws=d.draws + (killer,) * 3)
    if victim_camp == "castle" and dead.identity != LORD:
        if killer_camp == "enemy":
            emit.emit("reward", "CH-reward-enemy-kills-reinforcement", actor=killer, targets=(victim,), cause=cause,
                      cards=3)
            return with_(d, draws=d.draws + (killer,) * 3)
        if k.identity == LORD:
            emit.emit("penalty", "CH-penalty-lord-kills-reinforcement", actor=killer, targets=(victim,), cause=cause,
                      cards=len(k.hand) + len(k.equipment))
            d = put(d, killer, hand=(), equipment=())
            return with_(d, discard=d.discard.union(k.hand).union(k.equipment))
    emit.emit("no reward", "CH-reward-none", actor=killer, targets=(victim,), cause=cause)
    return d


def join_actions(d: Castle) -> tuple:
    who = d.queue[0]
    dead = d.seats[d.cursor]
    if camp(d.seats[who]) != camp(dead):
        return (A("join", who, soldier=None),)
    return (*(A("join", who, soldier=i) for i in range(len(d.orphans))), A("join", who, soldier=None))


def join(d: Castle, soldier, emit) -> Castle:
    """CH-death-soldiers-join: a hero of the same side may take the dead hero's soldiers, within leadership."""
    who = d.queue[0]
    if soldier is not None:
        s = d.seats[who]
        emit.emit("join", "CH-death-soldiers-join", actor=who, targets=(d.cursor,), soldier=d.orphans[soldier].kind)
        d = put(d, who, soldiers=(*s.soldiers, d.orphans[soldier]))
        d = with_(d, orphans=d.orphans[:soldier] + d.orphans[soldier + 1:])
    full = len(d.seats[who].soldiers) >= d.seats[who].leadership
    if soldier is None or full:
        d = with_(d, queue=d.queue[1:])
    if d.orphans and d.queue:
        return d
    return after_death(with_(d, orphans=()), d.cursor, emit)


def after_death(d: Castle, victim: int, emit) -> Castle:
    """CH-end-lord-dies; CH-end-enemies-dead-neutral-choice; CH-end-neutral-as-reinforcement."""
    alive = [i for i, s in enumerate(d.seats) if s.alive]
    if d.seats[victim].identity == LORD:
        neutrals = [i for i in alive if d.seats[i].identity == NEUTRAL and not d.seats[i].declared]
        if alive and len(neutrals) == len(alive):
            return over(d, tuple(neutrals), "CH-goal-neutral", emit)
        emit.emit("lord falls", "CH-end-lord-dies", targets=(victim,))
        enemies = tuple(i for i, s in enumerate(d.seats) if s.identity == ENEMY)
        return over(d, enemies, "CH-goal-enemy", emit)
    if not enemies_eliminated(d):
        return death_next(d, emit)
    return when_enemies_gone(d, "", emit)


def enemies_eliminated(d: Castle) -> bool:
    """所有敌军被消灭: no enemy alive, nor a neutral declared enemy (CH-goal-lord)."""
    return not any(s.alive and camp(s) == "enemy" for s in d.seats)


def when_enemies_gone(d: Castle, resume: str, emit) -> Castle:
    """Every enemy gone, by a death or by the last declared enemy changing side (CH-A41):
    CH-end-neutral-as-reinforcement — a neutral declared 援军 ends the game at once;
    CH-end-enemies-dead-neutral-choice — an undeclared neutral is asked to join or turn enemy (then ``resume``,
    or the dying still to settle); with no neutral left, the lord's side has won (CH-goal-lord)."""
    alive = [i for i, s in enumerate(d.seats) if s.alive]
    castle = tuple(i for i, s in enumerate(d.seats) if s.identity in CASTLE_SIDE)
    if any(d.seats[i].identity == NEUTRAL and d.seats[i].declared == REINFORCEMENT for i in alive):
        return over(d, castle, "CH-end-neutral-as-reinforcement", emit)
    neutrals = tuple(i for i in alive if d.seats[i].identity == NEUTRAL)
    if neutrals:
        return with_(d, phase="neutral_choice", queue=neutrals, after=resume)
    return over(d, castle, "CH-goal-lord", emit)


def neutral_actions(d: Castle) -> tuple:
    who = d.queue[0]
    return A("neutral_choice", who, join=True), A("neutral_choice", who, join=False)


def neutral_choice(d: Castle, join_lord: bool, emit) -> Castle:
    """CH-end-enemies-dead-neutral-choice: join the lord (the game ends) or become an enemy."""
    who = d.queue[0]
    emit.emit("neutral choice", "CH-end-enemies-dead-neutral-choice", actor=who, join=join_lord)
    if join_lord:
        return over(d, tuple(i for i, s in enumerate(d.seats) if s.identity in CASTLE_SIDE), "CH-goal-reinforcement",
                    emit)
    d = put(d, who, identity=ENEMY, declared="", revealed=True)
    d = with_(d, queue=())  # an enemy stands again: the others are asked when the enemies are next all gone (CH-A41)
    if d.after:
        return with_(d, phase=d.after, after="")
    return death_next(d, emit)


def over(d: Castle, winners: tuple, clause: str, emit) -> Castle:
    emit.emit("game over", clause, targets=winners)
    return with_(d, phase="over", winners=tuple(sorted(winners)), draws=(), queue=(), dying=(), fallen=())


def next_turn(d: Castle, emit) -> Castle:
    """CH-turn-order: the next living hero clockwise; a round ends back at the lord; CH-round-cap (CH-A14)."""
    nxt = clockwise_from(d, d.active, include_start=False)
    nxt = nxt[0] if nxt else d.active
    rnd = d.round + (1 if nxt == d.lord else 0)
    d = with_(d, active=nxt, round=rnd, turn=d.turn + 1, attacked=False, acted=False, swift=False,
              skill_used=False, phase="start_turn")
    if d.opts.round_cap and rnd > d.opts.round_cap:
        return round_cap_reached(d, emit)
    return d


def round_cap_reached(d: Castle, emit) -> Castle:
    """CH-round-cap (CH-A14, bots and simulations only): the game stops with no winner — the document's goals
    (消灭所有敌军, 消灭城主, the neutral the last one standing) are none of them reached, so nobody is handed one."""
    emit.emit("round cap", "CH-round-cap", round_cap=d.opts.round_cap)
    return over(d, (), "CH-round-cap", emit)
