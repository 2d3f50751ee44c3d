"""The task stack that drives 永恒之息: which tasks are chance, which are decisions, which run by themselves.

Each rule module registers its tasks here with :func:`chance`, :func:`decision` or :func:`auto`.
``run`` resolves automatic tasks until a decision or a chance node is at the head of the stack.
"""

from __future__ import annotations

from functools import lru_cache

from explorer.actions import action_of

from .records import evolve

GAME_ID = "eternal_breath"

CHANCE_TASKS: dict[str, tuple] = {}   # kind → (outcomes(t, task), apply(t, task, action, emit))
DECISIONS: dict[str, tuple] = {}      # kind → (legal(t, task), apply(t, task, action, emit), clause)
AUTO: dict[str, object] = {}          # kind → run(t, task, emit) → Table (pops or replaces the task)
SKIPS: dict[str, object] = {}         # kind → normalise(t, task, emit) → Table | None (None: a real decision)
APPLY: dict[str, object] = {}         # kind → apply(t, task, action, emit), chance or decision (one look-up a step)
RUN: dict[str, object] = {}           # kind → AUTO's or SKIPS' function: what ``run`` calls (one look-up a task)


def A(kind: str, player: int, **params):
    """An action of this game (parameters in canonical order, as ``explorer.act`` makes them)."""
    return _many(kind, player, tuple(params.items()))


@lru_cache(maxsize=65536)
def AP(kind: str, player: int, params: tuple):
    """An action from parameters already in canonical (alphabetical) order: the fast path for long lists (the
    same choice is the same object, made once)."""
    return action_of(GAME_ID, kind, player, params)


NO_AIM = ((-1, ""),)  # the (seat, target) of a card or skill that chooses no character


@lru_cache(maxsize=65536)
def aimed(kind: str, player: int, name: str, used: str, aims: tuple) -> tuple:
    """``kind`` actions of ``player`` using ``used`` (a card or a character, as parameter ``name``) at each
    (seat, target) of ``aims`` (``NO_AIM``: at no one): made once per choice of those, so the play phase's longest
    lists (an effect card or a skill at every character) cost one look-up, and the same choice is the same object."""
    return tuple(AP(kind, player, ((name, used), ("seat", q), ("target", x))) for q, x in aims)


@lru_cache(maxsize=65536)
def _many(kind, player, items):
    return action_of(GAME_ID, kind, player, tuple(sorted(items)))


def chance(kind: str, outcomes, apply) -> None:
    CHANCE_TASKS[kind] = (outcomes, apply)
    APPLY[kind] = apply


def decision(kind: str, legal, apply, clause: str, skip=None) -> None:
    DECISIONS[kind] = (legal, apply, clause)
    APPLY[kind] = apply
    if skip is not None:
        skip_when(kind, skip)


def skip_when(kind: str, skip) -> None:
    """``skip(t, task, emit)`` runs before a ``kind`` task is offered: a new Table, or None (a real decision or a
    chance node stays at the head)."""
    SKIPS[kind] = RUN[kind] = skip


def auto(kind: str, fn) -> None:
    AUTO[kind] = RUN[kind] = fn


def run(t, emit):
    """Resolve automatic tasks (and decisions with nothing to decide) until someone must act.

    One look-up per task (``RUN``: an automatic task's function never answers None, a skip's answers None when
    the task is a real decision or chance node), the commonest path of every step."""
    step = RUN.get
    for _ in range(10_000):
        if t.over:
            return t
        tasks = t.tasks
        if not tasks:
            return evolve(t, over=True)
        task = tasks[0]
        fn = step(task.kind)
        if fn is None:
            return t
        changed = fn(t, task, emit)
        if changed is None:
            return t
        t = changed
    raise RuntimeError("automatic tasks did not settle")
