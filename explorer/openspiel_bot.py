"""An OpenSpiel bot or policy as one of our ``Bot``s (``choose(state, rng) -> Action``): searched or trained in
OpenSpiel, played anywhere our bots play (``explorer.play``, ``play_out``, a seat of the Play tab).

``OpenSpielBot(player)`` takes

- an OpenSpiel bot: anything with ``step(state) -> action id`` (``MCTSBot``, ``ISMCTSBot``, a ``pyspiel.Bot``);
- an OpenSpiel policy: anything with ``action_probabilities(state, player) -> {id: probability}`` (a
  ``TabularPolicy``, ``UniformRandomPolicy``, an agent wrapped by ``rl_agent_policy``); the bot draws from it
  with the ``rng`` our play loop gives (``greedy=True``: the most probable action, ties to the lowest id);
- or a maker: a callable taking the OpenSpiel game and returning one of those, called once for each table the
  bot meets (its players and switches), so one bot serves any table of a game.

At each decision it wraps our State for OpenSpiel (``game.new_initial_state(state)``: nothing copied), asks,
and hands back the state's own legal action for the id. The OpenSpiel game must be the state's: the same game,
table and switches (a person's game without the simulation limits has no OpenSpiel game: ``ValueError``).

:class:`ISMCTS` is a ready one: OpenSpiel's information-set MCTS with random rollouts, which reads only what its
seat may see (it resamples the hidden cards with the game's ``determinise``), its randomness drawn from our rng
so a seeded game is the same game.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from . import openspiel
from .actions import Action
from .bot import Bot
from .state import State


def _key(state: State) -> tuple:
    return state.game_id, state.players, tuple(sorted((k, repr(v)) for k, v in state.variant.items()))


class OpenSpielBot(Bot):
    """One of our bots deciding by an OpenSpiel bot or policy (see the module's docstring)."""

    name = "openspiel"

    def __init__(self, player: Any, game: Any = None, name: str | None = None, greedy: bool = False):
        self.player, self.greedy = player, greedy
        if name is not None:
            self.name = name
        self._made: dict[tuple, tuple[Any, Any]] = {}  # table -> (OpenSpiel game, bot or policy)
        if _is_bot(player) or _is_policy(player):
            game = game or getattr(player, "game", None) or getattr(player, "_game", None)
            if game is None:
                raise ValueError("give the OpenSpiel game the bot or policy was made for (game=...)")
            self._fixed = (game, player)
        elif callable(player):
            self._fixed = None
        else:
            raise TypeError(f"not an OpenSpiel bot (step), policy (action_probabilities) or maker: {player!r}")

    def _for(self, state: State) -> tuple[Any, Any]:
        """The OpenSpiel game and bot or policy for ``state``'s table."""
        if self._fixed is not None:
            game, player = self._fixed
            ours = (getattr(game, "game_id", None), getattr(game, "players", None), getattr(game, "variant", None))
            if ours != (state.game_id, state.players, dict(state.variant)):
                raise ValueError(f"this bot plays {game} and the state is {state.game_id} at a table of "
                                 f"{state.players} with other switches")
            return game, player
        key = _key(state)
        made = self._made.get(key)
        if made is None:
            params = {k: v for k, v in state.variant.items() if v.__class__ in openspiel.SIMPLE}
            game = openspiel.load(state.game_id, state.players, **params)
            if game.variant != dict(state.variant):
                raise ValueError(f"{state.game_id}: the state's switches are not OpenSpiel parameters")
            made = self._made[key] = (game, self.player(game))
        return made

    def choose(self, state: State, rng: random.Random) -> Action:
        game, player = self._for(state)
        theirs = game.new_initial_state(state)
        if _is_bot(player):
            action = player.step(theirs)
        else:
            probs = player.action_probabilities(theirs, state.current_player)
            action = _pick(probs, rng, self.greedy)
        return theirs.explorer_action(int(action))


def _is_bot(x: Any) -> bool:
    return callable(getattr(x, "step", None))


def _is_policy(x: Any) -> bool:
    return callable(getattr(x, "action_probabilities", None))


def _pick(probs: dict[int, float], rng: random.Random, greedy: bool) -> int:
    ids = sorted(i for i, p in probs.items() if p > 0)
    if not ids:
        raise ValueError("the policy gives no action a positive probability")
    if greedy:
        return max(ids, key=lambda i: (probs[i], -i))
    return rng.choices(ids, weights=[probs[i] for i in ids])[0]


class ISMCTS(OpenSpielBot):
    """OpenSpiel's information-set MCTS (``ISMCTSBot``, random-rollout evaluator) as one of our bots.

    It decides from its seat's information only: each simulation starts from ``resample_from_infostate`` (the
    game's ``determinise``). ``simulations`` per decision; its random numbers come from the ``rng`` of our play
    loop. Needs an OpenSpiel game for the state's table (the simulation limits set)."""

    name = "openspiel-ismcts"

    def __init__(self, simulations: int = 100, uct_c: float = 2.0, rollouts: int = 1):
        self.simulations, self.uct_c, self.rollouts = simulations, uct_c, rollouts
        self.random_state = np.random.RandomState(0)
        super().__init__(self._make)

    def _make(self, game):
        from open_spiel.python.algorithms import ismcts, mcts

        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=self.rollouts, random_state=self.random_state)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=self.uct_c, max_simulations=self.simulations,
                               random_state=self.random_state)
        # its own resampler draws from an unseeded C++ sampler: ours draws from the same random_state
        bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, self.random_state.uniform))
        return bot

    def choose(self, state: State, rng: random.Random) -> Action:
        self.random_state.seed(rng.randrange(2**32))  # the search's randomness from our seeded rng
        return super().choose(state, rng)
