"""Bots and seeded self-play. Chance is sampled exactly: an integer draw over the common denominator."""

from __future__ import annotations

import gc
import math
import random
import warnings
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction

from .actions import CHANCE, TERMINAL, Action
from .bot import Bot, RandomBot
from .chance import Weighted
from .events import Emitter
from .state import State

__all__ = ["Bot", "RandomBot", "play", "play_out", "sample_chance"]


def sample_chance(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """One outcome drawn with exactly its probability (no float rounding); from a ``Weighted`` directly."""
    if outcomes.__class__ is Weighted:
        return outcomes.sample(rng)
    denominators = [p.denominator for _, p in outcomes]
    denominator = math.lcm(*set(denominators))
    ticket = rng.randrange(denominator)
    for (action, p), d in zip(outcomes, denominators, strict=True):
        share = p.numerator * (denominator // d)
        if ticket < share:
            return action
        ticket -= share
    raise ValueError("chance outcomes do not sum to 1")


def _seat_bots(state: State, bots) -> Mapping[int, Bot]:
    """Seats → bots: a single bot plays every seat; default RandomBot everywhere."""
    if bots is None:
        bots = RandomBot()
    if isinstance(bots, Bot):
        return {p: bots for p in range(state.players)}
    if isinstance(bots, Mapping):
        return bots
    return dict(enumerate(bots))


def _picks_a_legal_action(bot: Bot) -> bool:
    """True for a bot whose choice is one of ``legal_actions()`` by construction (RandomBot's own choose),
    so the step may skip the legality check of ``State.apply``."""
    return type(bot).choose is RandomBot.choose


def play(state: State, bots: Mapping[int, Bot] | Sequence[Bot] | Bot | None = None, seed: int | None = 0,
         max_steps: int | None = None) -> Iterator[State]:
    """Yield each state after the start, with bots deciding and chance sampled from ``seed``.

    ``bots`` maps seats to bots (a single bot plays every seat; default: RandomBot everywhere).
    Stops at TERMINAL, after ``max_steps``, or at a seat with no bot (a person's turn).
    """
    rng = random.Random(seed)
    seat_bots = _seat_bots(state, bots)
    steps = 0
    while max_steps is None or steps < max_steps:
        who = state.current_player
        if who == TERMINAL:
            return
        if who == CHANCE:
            state = state._advance(sample_chance(state.chance_outcomes(), rng))
        elif who in seat_bots:
            bot = seat_bots[who]
            action = bot.choose(state, rng)
            state = state._advance(action) if _picks_a_legal_action(bot) else state.apply(action)
        else:
            return
        steps += 1
        yield state


class _Logged:
    """A playout's log so far, for ``Emitter.latest``: the state's log, then the events not yet joined to it."""

    __slots__ = ("log", "logged")

    def __init__(self, log, logged: list):
        self.log, self.logged = log, logged

    def __reversed__(self):
        yield from reversed(self.logged)
        yield from reversed(self.log)


def play_out(state: State, bots=None, seed: int | None = 0, max_steps: int | None = None) -> State:
    """The last state of ``play`` with the same bots and seed: the same state, reached faster.

    The bots' playout path: between the start and the end no State is built (only the game's data
    moves on, through the same rules, with exact chance and every event kept; the steps' actions and
    events join the history and the log once, at the end); a bot other than RandomBot still gets a State
    to look at, and its action is checked as ``State.apply`` checks it.

    A game as its document states it may never end between bots: 永恒之息 has no round limit, the MOBA ends only
    at the agreed score, 城堡之心 only when a camp is gone (``Game.max_steps`` is then None). Without
    ``max_steps`` such a game warns (RuntimeWarning) and can run until memory is gone: pass ``max_steps``, or
    start from ``game.bounded_variant(players)``, the simulation limits bots and studies use.
    """
    if max_steps is None and state.game.max_steps(state.players, state.variant) is None:
        warnings.warn(f"{state.game.id} with these switches has no simulation limits: a game of bots may never end "
                      f"(pass max_steps, or start from game.bounded_variant({state.players}))", RuntimeWarning,
                      stacklevel=2)
    seat_bots = _seat_bots(state, bots)
    randoms = {p for p, bot in seat_bots.items() if _picks_a_legal_action(bot)}
    # Random bots alone make no reference cycles (the data is immutable records and tuples, freed as it is dropped):
    # the cycle collector would only walk the growing log again and again, so it rests until the playout ends.
    pause = len(randoms) == len(seat_bots) == state.players and gc.isenabled()
    if pause:
        gc.disable()
    try:
        return _play_out(state, seat_bots, randoms, seed, max_steps)
    finally:
        if pause:
            gc.enable()


def _play_out(state: State, seat_bots: Mapping[int, Bot], randoms: set[int], seed: int | None,
              max_steps: int | None) -> State:
    rng = random.Random(seed)
    game, players, variant, game_id = state.game, state.players, state.variant, state.game.id
    current, legal, outcomes, rules, choice = (game.current_player, game.legal_actions, game.chance_outcomes,
                                               game.apply, rng.choice)
    data, history, log, events = state.data, state._history, state._log, state._events
    actions: list[Action] = []  # this playout's steps, not yet in ``history``
    logged: list = []           # and their events, not yet in ``log``
    # one emitter for the playout (the log so far, for Emitter.latest: ``logged`` grows in place); each step
    # starts it on a fresh list of events, ids running on
    emitter = Emitter(game_id, len(log), _Logged(log, logged))
    steps, limit = 0, math.inf if max_steps is None else max_steps
    while steps < limit:
        who = current(data)
        if who == TERMINAL:
            break
        if who == CHANCE:
            chances = outcomes(data)
            if chances.__class__ is Weighted:  # sample_chance's own first test, without the call
                action = chances.sample(rng)
            else:
                action = sample_chance(chances if chances.__class__ is tuple else tuple(chances), rng)
        elif who in randoms:
            action = choice(tuple(legal(data)))
        elif who in seat_bots:
            history, log, actions, logged = history.extend(actions), log.extend(logged), [], []
            here = State(game, players, variant, data, history, log, events, state._start)
            after = here.apply(seat_bots[who].choose(here, rng))
            data, history, log, events = after.data, after._history, after._log, after._events
            emitter.next_id, emitter.past = len(log), _Logged(log, logged)
            steps += 1
            continue
        else:
            break
        emitter.events = events = []  # resolve(), inline: one step of the rules, its events in a list of their own
        data = rules(data, action, emitter)
        actions.append(action)
        logged += events
        steps += 1
    if steps == 0:
        return state
    return State(game, players, variant, data, history.extend(actions), log.extend(logged), tuple(events),
                 state._start)
