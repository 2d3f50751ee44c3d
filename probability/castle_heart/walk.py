"""城堡之心 exactly, by walking the engine itself: a staged table and the tree of what may follow.

Every figure of ``probability.castle_heart`` that depends on an attack goes through the game's own
``State.apply`` and ``State.chance_outcomes`` (armour and mirror 1/2 each, CH-equip-knight-armour,
CH-magic-mirror): the same rule code decides damage in play and in the odds. Decisions are made by a
stated policy (who blocks, who takes the hit), or by the attacker maximising a chance (expectimax).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

from explorer import CHANCE, TERMINAL, Bag, State, get_game, sample_chance
from explorer.games.castle_heart.content import CONTENT
from explorer.games.castle_heart.records import Castle, Seat
from explorer.games.castle_heart.setup import options
from probability.dist import mixture, point

GAME = get_game("castle_heart")
Policy = Callable[[State], object]


def seat(identity: str, hp: int | None = None, hand=(), equipment=(), soldiers=(), hero: str = "levi",
         **more) -> Seat:
    """A hero in battle (levi: a skill that changes no attack); leadership by CH-leadership."""
    h = CONTENT.heroes[hero]
    lead = h.lord_leadership if identity == "lord" else h.leadership
    return Seat(hero=hero, identity=identity, revealed=identity == "lord", hp=h.hp if hp is None else hp,
                max_hp=h.hp, hand=tuple(sorted(hand)), equipment=tuple(equipment), soldiers=tuple(soldiers),
                leadership=lead, **more)


def staged(seats, active: int = 0, phase: str = "play", variant=None, **fields) -> State:
    """A State whose data is exactly ``seats``, in ``phase`` of ``active``'s turn (a what-if table)."""
    v = GAME.resolve_variant(variant or {})
    opts = options(v)
    lord = next(i for i, s in enumerate(seats) if s.identity == "lord")
    data = Castle(seats=tuple(seats), deck=Bag({"sword": 10, "mana": 10, "heal": 10}), discard=Bag(), phase=phase,
                  opts=opts, active=active, lord=lord, turn=1, round=1, **fields)
    return State(GAME, len(seats), v, data)


def outcome(state: State, done: Callable[[State], bool], value: Callable[[State], object], policy: Policy) -> dict:
    """The exact distribution of ``value`` where ``done`` first holds: chance nodes branch with the engine's
    Fractions, every decision is ``policy``'s."""
    if done(state) or state.current_player == TERMINAL:
        return point(value(state))
    if state.current_player == CHANCE:
        return mixture((p, outcome(state.apply(a), done, value, policy)) for a, p in state.chance_outcomes())
    return outcome(state.apply(policy(state)), done, value, policy)


def best_chance(state: State, done: Callable[[State], bool], success: Callable[[State], bool], chooser: int,
                policy: Policy, memo: dict | None = None) -> Fraction:
    """The highest chance of ``success`` when ``done`` first holds: ``chooser`` picks the best action at each of
    its decisions (expectimax), every other decision is ``policy``'s, chance nodes branch exactly."""
    memo = {} if memo is None else memo
    if state in memo:
        return memo[state]
    if done(state) or state.current_player == TERMINAL:
        got = Fraction(int(success(state)))
    elif state.current_player == CHANCE:
        got = sum((p * best_chance(state.apply(a), done, success, chooser, policy, memo)
                   for a, p in state.chance_outcomes()), Fraction(0))
    elif state.current_player == chooser:
        got = max(best_chance(state.apply(a), done, success, chooser, policy, memo) for a in state.legal_actions())
    else:
        got = best_chance(state.apply(policy(state)), done, success, chooser, policy, memo)
    memo[state] = got
    return got


def pick(kinds: dict[str, object]) -> Policy:
    """A policy by action kind: ``{"block": True}`` blocks whenever it may; otherwise the last legal action
    of the phase (the engine lists "decline" — take the hit, no axe, no follow-up — last)."""
    def choose(state: State):
        legal = state.legal_actions()
        for action in legal:
            if kinds.get(action.kind) is True:
                return action
        return legal[-1]
    return choose


def sample(state: State, done: Callable[[State], bool], policy: Policy, rng: random.Random) -> State:
    """One seeded playout of the real engine: ``policy`` decides, chance is sampled with the engine's odds,
    until ``done`` (the Monte-Carlo peer of :func:`outcome`)."""
    while not done(state) and state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            state = state.apply(sample_chance(state.chance_outcomes(), rng))
        else:
            state = state.apply(policy(state))
    return state


def tolerance(p: Fraction, n: int, sigmas: float = 4.5) -> float:
    """How far a frequency of ``n`` seeded samples may stray from ``p``: ``sigmas`` standard errors (≥ 1/n)."""
    q = float(p)
    return max(sigmas * math.sqrt(q * (1 - q) / n), 1 / n)
