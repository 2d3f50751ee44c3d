"""Every registered game as an OpenSpiel game: ``pyspiel.load_game("rules_explorer_<game id>", {"players": n})``.

After :func:`register`, OpenSpiel's algorithms (random simulation tests, MCTS, ISMCTS, CFR on small trees …) run
on our rules unchanged. The bridge adds no rule of its own:

- moves are sequential; chance is OpenSpiel's explicit stochastic chance player, its outcomes our exact
  ``Fraction``s as floats; every game is imperfect information (hands, face-down cards, hidden identities);
- an action id is the stable integer of :mod:`explorer.openspiel_encoding` (the same kind and parameters, the
  same id in every state); ``num_distinct_actions`` is the size of that space;
- ``information_state_string(p)`` is ``state.view(p)`` with the log as ``p`` sees it (perfect recall);
  ``observation_string(p)`` the same view without the log: built only from what ``p`` may see, so nothing
  hidden reaches a search that reads them;
- rewards come at the end: see :func:`returns`;
- ``resample_from_infostate`` asks the game's ``determinise(state, seat, rng)`` for a state the seat cannot
  tell apart from this one, and says so clearly when the game has none.

Game length. OpenSpiel needs ``max_game_length``, and a person's game has no cap (the document wins). So the
OpenSpiel game's parameters default to the game's *simulation limits* (``Game.bounded_variant``: the opt-in
round limit / action cap the bots, ``make bench`` and the conformance suite use), and ``max_game_length`` is
the game's own stated bound ``Game.max_steps(players, variant)`` for them. Setting a limit back to 0 leaves the
game unbounded, and loading it then raises ``ValueError``.
"""

from __future__ import annotations

import json
import random
from typing import Any

try:
    import pyspiel
except ImportError as exc:  # an optional part: the engine itself never needs OpenSpiel
    raise ImportError("explorer.openspiel needs OpenSpiel: pip install open_spiel==2.0.2 "
                      "(the project's `openspiel` extra)") from exc

from .actions import CHANCE, TERMINAL
from .openspiel_spaces import SPACES, action_space
from .registry import game_ids, get_game
from .state import State, from_json, new_game

PREFIX = "rules_explorer_"
SIMPLE = (bool, int, float, str)  # the parameter types OpenSpiel carries
# How each game's winners rule reads as OpenSpiel utility (see ``returns``).
ZERO_SUM_GAMES = {
    "eternal_breath": "the last player with a living character wins; everyone else loses (EB-1.4-victory)",
    "card_moba": "the first hero to reach the winning score wins; everyone else loses (MB-choice-4-score)",
}


def returns(state: State) -> list[float]:
    """Rewards at TERMINAL (0 before). A zero-sum game shares the stake: with w winners among n players a winner
    gets (n/w − 1)/(n − 1) and a loser −1/(n − 1) (2 players: +1 / −1; nobody or everybody winning: 0 each).
    Other games (城堡之心: camps win together, neutrals on their own) are general-sum: +1 a winner, −1 a loser."""
    n = state.players
    if not state.is_terminal:
        return [0.0] * n
    won = set(state.winners)
    if state.game_id not in ZERO_SUM_GAMES:
        return [1.0 if p in won else -1.0 for p in range(n)]
    if not 0 < len(won) < n:
        return [0.0] * n
    return [(n / len(won) - 1) / (n - 1) if p in won else -1 / (n - 1) for p in range(n)]


def _defaults(game_id: str) -> dict[str, Any]:
    """OpenSpiel parameters: ``players`` and every simple variant switch, simulation limits filled in."""
    game = get_game(game_id)
    players = game.min_players
    variant = game.resolve_variant(game.bounded_variant(players))
    return {"players": players, **{k: v for k, v in variant.items() if v.__class__ in SIMPLE}}


def game_type(game_id: str) -> pyspiel.GameType:
    game = get_game(game_id)
    zero = game_id in ZERO_SUM_GAMES
    return pyspiel.GameType(
        short_name=PREFIX + game_id, long_name=f"Rules Explorer: {game.name_en} {game.name_zh}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players, min_num_players=game.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification=_defaults(game_id))


class ExplorerGame(pyspiel.Game):
    """One of our games with its players and variant fixed (OpenSpiel's parameters)."""

    game_id = ""  # set by the subclass ``register`` makes for each game

    def __init__(self, params: dict[str, Any] | None = None):
        game = get_game(self.game_id)
        given = {**_defaults(self.game_id), **(params or {})}
        self.players = given.pop("players")
        self.variant = game.resolve_variant(given)
        length = game.max_steps(self.players, self.variant)
        if length is None:
            raise ValueError(f"{self.game_id}: this variant leaves the game unbounded, and OpenSpiel needs a "
                             f"max_game_length; keep the simulation limits {game.simulation_limits(self.players)}")
        self.space = action_space(self.game_id, self.players)
        n = self.players
        zero = self.game_id in ZERO_SUM_GAMES
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size, max_chance_outcomes=self.space.size, num_players=n,
            min_utility=-1.0 / (n - 1) if zero else -1.0, max_utility=1.0, utility_sum=0.0 if zero else None,
            max_game_length=length)
        super().__init__(game_type(self.game_id), info, {"players": n, **{
            k: v for k, v in self.variant.items() if v.__class__ in SIMPLE}})

    def new_initial_state(self, state: State | None = None) -> ExplorerState:
        """The start of a game, or ``state`` (one of ours, of this game and table) wrapped for OpenSpiel."""
        return ExplorerState(self, state or new_game(self.game_id, self.players, self.variant))

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return ViewObserver(perfect_recall, params)


class _Held:
    """Our immutable State inside an OpenSpiel state: shared by clones (nothing changes it), pickled as a save."""

    __slots__ = ("state",)

    def __init__(self, state: State):
        self.state = state

    def __deepcopy__(self, memo) -> _Held:
        return self

    def __reduce__(self):
        return _from_save, (self.state.to_json(),)


def _from_save(text: str) -> _Held:
    return _Held(from_json(text))


class ExplorerState(pyspiel.State):
    """An OpenSpiel state around one of our States (OpenSpiel's ``apply_action`` moves it on to the child)."""

    def __init__(self, game: ExplorerGame, state: State):
        super().__init__(game)
        self._held = _Held(state)  # the only attribute: OpenSpiel's clone deep-copies them, and _Held is shared

    @property
    def _space(self):
        """The game's action space (cached per game and table size, never copied with the state)."""
        return action_space(self._held.state.game_id, self._held.state.players)

    @property
    def explorer_state(self) -> State:
        """Our State here: the engine's events, views, descriptions and exact odds."""
        return self._held.state

    def current_player(self) -> int:
        who = self._held.state.current_player
        return {CHANCE: pyspiel.PlayerId.CHANCE, TERMINAL: pyspiel.PlayerId.TERMINAL}.get(who, who)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._space.encode(a) for a in self._held.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted((self._space.encode(a), float(p)) for a, p in self._held.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        state = self._held.state
        self._held = _Held(state.apply(self._space.decode(int(action), state.current_player)))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._space.decode(int(action), player).describe("en")

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal

    def returns(self) -> list[float]:
        return returns(self._held.state)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> ExplorerState:
        """A state ``player_id`` cannot tell from this one, the hidden parts redrawn by the game's
        ``determinise(state, seat, rng)`` (its rng seeded from ``probability_sampler``)."""
        game = self._held.state.game
        determinise = getattr(game, "determinise", None)
        if determinise is None:
            raise NotImplementedError(f"{game.id} has no determinise(state, seat, rng): OpenSpiel cannot resample "
                                      "the hidden cards from an information state of this game")
        rng = random.Random(int(probability_sampler() * 2**53))
        return ExplorerState(self.get_game(), determinise(self._held.state, player_id, rng))

    def __str__(self) -> str:
        """Everything (a debugging aid, as OpenSpiel's own games do): not what any player sees."""
        return json.dumps(self._held.state.view(None, with_log=False), ensure_ascii=False, sort_keys=True,
                          default=str)


class ViewObserver:
    """OpenSpiel's observer over ``state.view(player)``: with the visible log (information state) or without it
    (observation). No tensors: our views are nested JSON, not fixed-size tables."""

    def __init__(self, perfect_recall: bool, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.perfect_recall = perfect_recall
        self.tensor, self.dict = None, {}

    def set_from(self, state: ExplorerState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: ExplorerState, player: int) -> str:
        return view_string(state.explorer_state, player, self.perfect_recall)


def view_string(state: State, player: int, with_log: bool = True) -> str:
    """``player``'s view as canonical JSON text: the seat, then what it may see (and its log, ``with_log``)."""
    view = state.view(player, with_log=with_log)
    return json.dumps({"seat": player, "view": view}, ensure_ascii=False, sort_keys=True, default=str)


def register() -> list[str]:
    """Register every game we have an action space for with pyspiel (again is harmless); their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for gid in game_ids():
        if gid not in SPACES:
            continue
        name = PREFIX + gid
        if name not in registered:
            cls = type(f"ExplorerGame_{gid}", (ExplorerGame,), {"game_id": gid})
            pyspiel.register_game(game_type(gid), cls)
        names.append(name)
    return names


SAVE_KEYS = ("openspiel", "parameters", "save")


def save_text(state: ExplorerState) -> str:
    """A state as text to keep or to send: JSON of the OpenSpiel game's name, its parameters and our own save
    (``State.to_json``). No pickle: :func:`load_text` reads it back. (OpenSpiel's ``serialize_game_and_state``
    pickles the state, and ``deserialize_game_and_state`` unpickles whatever text it is given.)"""
    game = state.get_game()
    return json.dumps({"openspiel": game.get_type().short_name, "parameters": game.get_parameters(),
                       "save": json.loads(state.explorer_state.to_json())}, ensure_ascii=False)


def load_text(text: str | bytes) -> ExplorerState:
    """The state of :func:`save_text`, read as JSON only (never unpickled): the game must be one of ours, its
    parameters resolve as a variant, and the save is checked and replayed by ``from_json``; anything else is a
    ``SaveError`` naming the field. OpenSpiel's ``history()`` starts at the loaded state."""
    from .errors import SaveError

    try:
        doc = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        raise SaveError("text", "not the JSON text save_text writes") from None
    if not isinstance(doc, dict) or sorted(doc) != sorted(SAVE_KEYS):
        raise SaveError("text", f"expected an object with exactly {', '.join(SAVE_KEYS)}")
    name, params = doc["openspiel"], doc["parameters"]
    if not isinstance(name, str) or not name.startswith(PREFIX) or name[len(PREFIX):] not in SPACES:
        raise SaveError("openspiel", f"not a game of this project: {str(name)[:60]!r}")
    if not isinstance(params, dict) or not all(isinstance(v, SIMPLE) for v in params.values()):
        raise SaveError("parameters", "expected an object of plain values")
    state = from_json(json.dumps(doc["save"]))
    if state.game_id != name[len(PREFIX):]:
        raise SaveError("save", f"a save of {state.game_id}, not of {name}")
    try:
        game = pyspiel.load_game(name, params)
    except (pyspiel.SpielError, ValueError) as exc:
        raise SaveError("parameters", str(exc)[:200]) from None
    if (game.players, game.variant) != (state.players, dict(state.variant)):
        raise SaveError("parameters", "the save's players and switches are not the game's parameters")
    return game.new_initial_state(state)
