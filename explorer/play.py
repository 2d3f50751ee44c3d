"""Bots and seeded self-play. Chance is sampled exactly: an integer draw over the common denominator."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction

from .actions import CHANCE, TERMINAL, Action
from .state import State


class Bot:
    """A seat's decision-maker. Subclass and implement ``choose``; it must return a legal action."""

    name = "bot"

    def choose(self, state: State, rng: random.Random) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


def sample_chance(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """One outcome drawn with exactly its probability (no float rounding)."""
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    ticket = rng.randrange(denominator)
    for action, p in outcomes:
        share = p.numerator * (denominator // p.denominator)
        if ticket < share:
            return action
        ticket -= share
    raise ValueError("chance outcomes do not sum to 1")


def play(state: State, bots: Mapping[int, Bot] | Sequence[Bot] | Bot | None = None, seed: int | None = 0,
         max_steps: int | None = None) -> Iterator[State]:
    """Yield each state after the start, with bots deciding and chance sampled from ``seed``.

    ``bots`` maps seats to bots (a single bot plays every seat; default: RandomBot everywhere).
    Stops at TERMINAL, after ``max_steps``, or at a seat with no bot (a person's turn).
    """
    rng = random.Random(seed)
    if bots is None:
        bots = RandomBot()
    if isinstance(bots, Bot):
        seat_bots: Mapping[int, Bot] = {p: bots for p in range(state.players)}
    elif isinstance(bots, Mapping):
        seat_bots = bots
    else:
        seat_bots = dict(enumerate(bots))
    steps = 0
    while max_steps is None or steps < max_steps:
        who = state.current_player
        if who == TERMINAL:
            return
        if who == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        elif who in seat_bots:
            action = seat_bots[who].choose(state, rng)
        else:
            return
        state = state.apply(action)
        steps += 1
        yield state


def play_out(state: State, bots=None, seed: int | None = 0, max_steps: int | None = None) -> State:
    """The last state of ``play``."""
    last = state
    for last in play(state, bots, seed, max_steps):  # noqa: B007 - only the last state is wanted
        pass
    return last
