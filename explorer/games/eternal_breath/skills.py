"""§3.1 技能: active skills (cost, limit, effect) and passive skills (condition, effect) of face-up characters."""

from __future__ import annotations

from explorer import SELF

from . import characters, effects  # (characters imports this module: module form)
from .content import card
from .flow import NO_AIM, A, aimed, auto, decision
from .records import Ctx, Table, Task, evolve, find_char, order_from, pay, pop, push, with_now, with_skill_chars


def _aims(t: Table) -> list[tuple[int, str]]:
    """Characters an effect may choose: face-up characters in play (EB-A13)."""
    return [(q, c.card) for q, s in enumerate(t.seats) if s.alive for c in s.chars if c.face_up]


def _usable(t: Table, p: int, c, sk, limits: tuple[str, ...]) -> bool:
    """Whether ``p`` may use character ``c``'s skill ``sk`` now (``limits``: the skill limits this moment allows)."""
    if sk.type != "active" or not c.face_up or sk.limit not in limits:
        return False
    if t.seats[p].coins < sk.cost_coins:
        return False
    used = t.now.skill_chars
    if c.card in used:
        return sk.limit == "unlimited"
    # EB-1.2.4-skill-limit: active skills of at most 'summon limit' characters a turn
    return len(used) < t.seats[p].summon_limit


_WHEN = {"play": ("once", "unlimited"), "draw_phase": ("draw_phase",), "others_play": ("others_play",)}


def active_actions(t: Table, p: int, when: str) -> list:
    """EB-3.1-active: skills usable now (own turn unless the skill says otherwise), with their targets."""
    out = []
    limits = _WHEN[when]
    for c in t.seats[p].chars:
        sk = card(c.card).skill
        if sk is None or sk.limit not in limits or not _usable(t, p, c, sk, limits):  # (most skills: not now)
            continue
        out += aimed("skill", p, "char", c.card, tuple(_aims(t)) if effects.needs_target(sk) else NO_AIM)
    return out


def use_active(t: Table, p: int, a, emit) -> Table:
    """EB-3.1-active: pay the cost (coins, or life loss EB-3.2-life-loss), then the effect takes effect."""
    c = a["char"]
    sk = card(c).skill
    eid = emit.emit_pairs("skill", "EB-3.1-active", p, (("char", c), ("limit", sk.limit)),
                          (a["seat"], a["target"]) if a["target"] else ())
    if sk.cost_coins:
        t = pay(t, p, sk.cost_coins)
        emit.emit_pairs("pay", "EB-3.2-pay", p, (("coins", sk.cost_coins),), cause=eid)
    used = t.now.skill_chars if c in t.now.skill_chars else (*t.now.skill_chars, c)
    t = with_now(t, with_skill_chars(t.now, used))
    dying = ()
    if sk.cost_life:
        t, dying = characters.hurt(t, p, c, sk.cost_life, emit, kind="life loss", clause="EB-3.2-life-loss", cause=eid)
    ctx = Ctx(p, char=c, player=a["seat"], target=a["target"], source=c)
    t = effects.resolve(t, sk.effects, ctx, emit, eid)
    return push(t, *dying) if dying else t


def offer_others(t: Table, p: int, emit) -> Table:
    """EB-3.1-active: at the start of ``p``'s play phase, the others (in order) may use an
    'in another player's play phase' skill, at most once a turn (EB-3.2-conflict-turn-order)."""
    tasks = []
    for q in order_from(t, p)[1:]:
        for c in t.seats[q].chars:
            if _others_ok(t, q, c):
                tasks.append(Task("others_skill", q, target=p))
                break
    return push(t, *tasks) if tasks else t


def _others_ok(t, q, c) -> bool:
    sk = card(c.card).skill
    return (c.face_up and sk is not None and sk.limit == "others_play" and sk.type == "active"
            and t.seats[q].coins >= sk.cost_coins)


def _others_legal(t, task):
    q, out = task.player, [A("pass", task.player)]
    for c in t.seats[q].chars:
        if _others_ok(t, q, c):
            out += aimed("skill", q, "char", c.card, tuple(_aims(t)) if effects.needs_target(card(c.card).skill)
                         else NO_AIM)
    return tuple(out)


def _others(t, task, a, emit):
    t = pop(t)
    if a.kind == "pass":
        return t
    now = t.now
    t = use_active(t, task.player, a, emit)
    return evolve(t, now=evolve(t.now, skill_chars=now.skill_chars))  # another player's use: not the mover's


def _others_skip(t, task, emit):
    return None if t.seats[task.player].alive and len(_others_legal(t, task)) > 1 else pop(t)


def passive_tasks(t: Table, p: int, when: str) -> list[Task]:
    """EB-3.1-passive: face-up characters of ``p`` whose passive condition is ``when``."""
    return [Task("passive", p, char=c.card, ctx=Ctx(p, char=c.card, source=c.card)) for c in t.seats[p].chars
            if c.face_up and card(c.card).skill is not None and card(c.card).skill.type == "passive"
            and card(c.card).skill.when == when]


def passives(t: Table, p: int, when: str, emit) -> Table:
    """Fire ``p``'s passives for ``when`` now (used for 'when you lose a card outside your turn')."""
    for task in passive_tasks(t, p, when):
        emit.emit("trigger", "EB-3.2-influence", actor=p, condition=when, char=task.char)
        t = _fire(push(t, task), task, emit)
    return t


def _fire(t, task, emit):
    """EB-3.1-passive: a passive skill takes effect when its condition is met (its character face up)."""
    t = pop(t)
    i = find_char(t, task.player, task.char)
    if i < 0 or not t.seats[task.player].chars[i].face_up:
        return t
    sk = card(task.char).skill
    fired_by = task.cause if task.cause >= 0 else None
    eid = emit.emit("passive", "EB-3.1-passive", actor=task.player, char=task.char, when=sk.when, cause=fired_by,
                    links=[(fired_by, "triggers", SELF)] if fired_by is not None else ())
    return effects.resolve(t, sk.effects, task.ctx, emit, eid)


def register() -> None:
    decision("others_skill", _others_legal, _others, "EB-3.1-active", skip=_others_skip)
    auto("passive", _fire)
