"""Every registered game as an OpenSpiel game: ``pyspiel.load_game("rules_explorer_<game id>", {"players": n})``.

Importing this module registers the games (as OpenSpiel's own Python games do), so OpenSpiel's algorithms (random
simulation tests, MCTS, ISMCTS, ``rl_environment``, CFR on small trees …) run on our rules unchanged, and a
pickled game or state unpickles in a fresh process. The bridge adds no rule of its own:

- moves are sequential; chance is OpenSpiel's explicit stochastic chance player, its outcomes our exact
  ``Fraction``s as floats; every game is imperfect information (hands, face-down cards, hidden identities);
- an action id is the stable integer of :mod:`explorer.openspiel_encoding` (the same kind and parameters, the
  same id in every state); ``num_distinct_actions`` is the size of that space;
- ``observation_string(p)`` is ``state.view(p)`` (without the log) as JSON; ``information_state_string(p)`` the
  same with a digest of every event ``p`` saw (perfect recall in a few KB: :mod:`explorer.openspiel_recall`);
  ``observation_tensor(p)`` / ``information_state_tensor(p)`` are fixed-shape numbers written from the same
  view (:mod:`explorer.openspiel_tensors`, each game's ``tensor.py``): built only from what ``p`` may see, so
  nothing hidden reaches a search or a learner that reads them;
- rewards come at the end: see :func:`returns`;
- ``resample_from_infostate`` asks the game's ``determinise(state, seat, rng)`` for a state the seat cannot
  tell apart from this one, and says so clearly when the game has none.

Game length. OpenSpiel needs ``max_game_length``, and a person's game has no cap (the document wins). So the
OpenSpiel game's parameters default to the game's *simulation limits* (``Game.bounded_variant``: the opt-in
round limit / action cap the bots, ``make bench`` and the conformance suite use), and ``max_game_length`` is
the game's own stated bound ``Game.max_steps(players, variant)`` for them. Setting a limit back to 0 leaves the
game unbounded, and loading it then raises ``ValueError``.

Speed. Each state works out its legal ids, the id → action map and the chance odds once; an id applied from that
map steps our engine without checking it again (it is one of the state's own legal actions); Python callers of
``legal_actions``, ``is_chance_node`` and ``current_player`` are answered without a round trip through
OpenSpiel's C++ (C++ callers reach the same caches through ``_legal_actions``); the game's start is made once
(OpenSpiel's clone begins with a new initial state). A random game through pyspiel costs about 1.1× the same
game played with our State directly (``docs/openspiel.md``).
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

try:
    import pyspiel
except ImportError as exc:  # an optional part: the engine itself never needs OpenSpiel
    raise ImportError("explorer.openspiel needs OpenSpiel: pip install open_spiel==2.0.2 "
                      "(the project's `openspiel` extra)") from exc

from .actions import CHANCE, TERMINAL, Action
from .chance import Weighted
from .openspiel_encoding import OutsideActionSpace
from .openspiel_recall import Recall, Seen
from .openspiel_spaces import action_space, has_space
from .openspiel_tensors import has_encoder, tensors
from .registry import game_ids, get_game
from .saves import from_json
from .state import State, new_game

# Our CHANCE and TERMINAL are OpenSpiel's player ids: current_player hands ours over as they are.
if (CHANCE, TERMINAL) != (int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)):  # pragma: no cover
    raise ImportError("OpenSpiel's CHANCE / TERMINAL player ids are not the engine's")

PREFIX = "rules_explorer_"
SIMPLE = (bool, int, float, str)  # the parameter types OpenSpiel carries


def zero_sum(game_id: str) -> bool:
    """Does the game's winners rule share one stake (``GameInfo.zero_sum`` says how it reads; see ``returns``)?"""
    info = getattr(get_game(game_id), "info", None)
    return bool(info is not None and info.zero_sum)


def returns(state: State) -> list[float]:
    """Rewards at TERMINAL (0 before). A zero-sum game shares the stake: with w winners among n players a winner
    gets (n/w − 1)/(n − 1) and a loser −1/(n − 1) (2 players: +1 / −1; nobody or everybody winning: 0 each).
    Other games (城堡之心: camps win together, neutrals on their own) are general-sum: +1 a winner, −1 a loser."""
    n = state.players
    if not state.is_terminal:
        return [0.0] * n
    won = set(state.winners)
    if not zero_sum(state.game_id):
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
    zero = zero_sum(game_id)
    tensor = has_encoder(game_id)
    return pyspiel.GameType(
        short_name=PREFIX + game_id, long_name=f"Rules Explorer: {game.name_en} {game.name_zh}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players, min_num_players=game.min_players,
        provides_information_state_string=True, provides_information_state_tensor=tensor,
        provides_observation_string=True, provides_observation_tensor=tensor,
        parameter_specification=_defaults(game_id))


class ExplorerGame(pyspiel.Game):
    """One of our games with its players and variant fixed (OpenSpiel's parameters)."""

    game_id = ""  # set by each game's subclass below

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
        self._start: State | None = None
        n = self.players
        zero = zero_sum(self.game_id)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size, max_chance_outcomes=self.space.size, num_players=n,
            min_utility=-1.0 / (n - 1) if zero else -1.0, max_utility=1.0, utility_sum=0.0 if zero else None,
            max_game_length=length)
        super().__init__(game_type(self.game_id), info, {"players": n, **{
            k: v for k, v in self.variant.items() if v.__class__ in SIMPLE}})

    def new_initial_state(self, state: State | None = None) -> ExplorerState:
        """The start of a game, or ``state`` (one of ours, of this game and table) wrapped for OpenSpiel."""
        if state is None:
            state = self._start
            if state is None:  # made once: our State never changes, and OpenSpiel's clone starts from a new one
                state = self._start = new_game(self.game_id, self.players, self.variant)
        elif not isinstance(state, State) or (state.game_id, state.players) != (self.game_id, self.players):
            raise ValueError(f"not a state of {self.game_id} at a table of {self.players}: {state!r}")
        return ExplorerState(self, state)

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        return ViewObserver(self, iig_obs_type, params)

    def __reduce__(self):
        """Pickled as its name and parameters; unpickling imports this module, which registers the games."""
        return _unpickle_game, (self.get_type().short_name, self.get_parameters())


@cache
def game_class(game_id: str) -> type[ExplorerGame]:
    """The OpenSpiel game class of a game (``EternalBreathGame`` for ``eternal_breath``), made once and kept in this
    module under its name, so that it pickles: ``rules_explorer_<id>``."""
    name = "".join(part.title() for part in game_id.split("_")) + "Game"
    cls = type(name, (ExplorerGame,), {"game_id": game_id, "__module__": __name__, "__qualname__": name,
                                       "__doc__": f"{get_game(game_id).name_en} in OpenSpiel: ``{PREFIX}{game_id}``."})
    globals()[name] = cls
    return cls


def _unpickle_game(name: str, params: dict[str, Any]) -> ExplorerGame:
    return pyspiel.load_game(name, params)


def _unpickle_state(game: ExplorerGame, text: str) -> ExplorerState:
    """OpenSpiel's own state text: its history, then our attributes (our save among them)."""
    return game.deserialize_state(text)


class _Held:
    """Our immutable State inside an OpenSpiel state, with what the bridge works out about it once: the legal ids
    (``keys`` in the state's own order, ``ids`` sorted), the chance odds, and what each seat has seen (``recall``;
    until then ``prior``, the nearest earlier state's, to fold on from), and the player to move (``who``: OpenSpiel
    asks it three or four times a step). Shared by clones (nothing here changes what it describes); pickled as
    our save."""

    __slots__ = ("actions", "chance", "ids", "keys", "prior", "recall", "space", "state", "who")

    def __init__(self, state: State, space, prior: Recall | None = None):
        self.state, self.space, self.prior, self.who = state, space, prior, state.current_player
        self.actions = self.keys = self.ids = self.chance = self.recall = None

    def __deepcopy__(self, memo) -> _Held:
        return self

    def __reduce__(self):
        return _from_save, (self.state.to_json(),)

    def legal(self) -> list[int]:
        """The sorted ids of the state's legal actions (or chance outcomes), worked out once."""
        if self.ids is None:
            if self.who == CHANCE:
                self.odds()  # the outcomes and their odds in one go
            else:
                self._index(self.state.legal_actions())
        return self.ids

    def action(self, action_id: int) -> Action | None:
        """The state's own legal action (or chance outcome) object with this id; None for an id not legal here."""
        keys = self.keys
        if keys is None:
            self.legal()
            keys = self.keys
        try:  # a scan in C of a few ids beats building a dictionary per state
            return self.actions[keys.index(action_id)]
        except ValueError:
            return None

    def _index(self, actions) -> list[int]:
        keys = self.space.encode_legal(actions)
        ids = sorted(keys)
        if len(set(ids)) != len(ids):
            raise OutsideActionSpace(f"{self.state.game_id}: two legal actions share an id")
        self.actions, self.keys, self.ids = actions, keys, ids
        return keys

    def odds(self) -> list[tuple[int, float]]:
        """The chance outcomes as (id, probability) sorted by id, each float the nearest to our exact odds."""
        chance = self.chance
        if chance is None:
            outcomes = self.state.chance_outcomes()
            if outcomes.__class__ is Weighted:  # w / total is rounded once, as float(Fraction(w, total)) is
                ids, self.actions, order = self.space.encode_sorted(outcomes.outcomes)
                total, weights = outcomes.total, outcomes.weights
                if order is not None:
                    weights = map(weights.__getitem__, order)
                chance = self.chance = list(zip(ids, map(total.__rtruediv__, weights), strict=True))
                self.keys = self.ids = ids
            else:
                odds = [p.numerator / p.denominator for _, p in outcomes]
                chance = self.chance = sorted(zip(self._index([a for a, _ in outcomes]), odds, strict=True))
        return chance

    def seen(self, seat: int) -> Seen:
        """What ``seat`` has seen, folded on from the nearest earlier state that knows it."""
        recall = self.recall
        if recall is None:
            recall = self.recall = Recall(len(self.state.log), self.state.players, self.prior)
            self.prior = None
        return recall.seen(seat, self.state.log)


def _from_save(text: str) -> _Held:
    state = from_json(text)
    return _Held(state, action_space(state.game_id, state.players))


class ExplorerState(pyspiel.State):
    """An OpenSpiel state around one of our States (OpenSpiel's ``apply_action`` moves it on to the child)."""

    def __init__(self, game: ExplorerGame, state: State):
        super().__init__(game)
        self._held = _Held(state, game.space)  # the only attribute: OpenSpiel's clone deep-copies them, and
        # _Held is shared

    @property
    def _space(self):
        """The game's action space (one per game and table size, never copied with the state)."""
        return self._held.space

    @property
    def explorer_state(self) -> State:
        """Our State here: the engine's events, views, descriptions and exact odds."""
        return self._held.state

    def explorer_action(self, action: int) -> Action:
        """Our Action for an id here: the state's own legal action (for an id not legal here, the action the id
        names, taken by the player to move)."""
        found = self._held.action(action)
        return found if found is not None else self._space.decode(int(action), self._held.who)

    def current_player(self) -> int:
        return self._held.who  # our CHANCE and TERMINAL are OpenSpiel's ids

    def is_chance_node(self) -> bool:
        return self._held.who == CHANCE

    def is_player_node(self) -> bool:
        return self._held.who >= 0

    def is_terminal(self) -> bool:
        return self._held.who == TERMINAL

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions``: the sorted ids (at a chance node the outcomes' ids; none for a seat not
        to move, nor at the end), answered here for Python callers; C++ callers reach ``_legal_actions``."""
        held = self._held
        who = held.who
        if who == TERMINAL:
            return []
        if player is None or player == who or who == CHANCE:
            return list(held.ids or held.legal())  # a copy: callers may shuffle it
        if player.__class__ is not int or player < 0:
            return super().legal_actions(player)  # OpenSpiel's own answer (an error) for a pseudo-player
        return []

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        return held.ids or held.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._held.who != CHANCE:
            return []
        return list(self._held.odds())

    def _apply_action(self, action: int) -> None:
        held = self._held
        state = held.state
        chosen = held.action(action)
        if chosen is None:  # not legal here: our engine says why (IllegalAction naming the clause)
            after = state.apply(held.space.decode(int(action), state.current_player))
        else:  # one of this state's own legal actions: stepped without checking it again
            after = state._advance(chosen)
        self._held = _Held(after, held.space, held.recall if held.recall is not None else held.prior)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._space.decode(int(action), player).describe("en")

    def returns(self) -> list[float]:
        return returns(self._held.state)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> ExplorerState:
        """A state ``player_id`` cannot tell from this one, the hidden parts redrawn by the game's
        ``determinise(state, seat, rng)`` (its rng seeded from ``probability_sampler``)."""
        rng = random.Random(int(probability_sampler() * 2**53))  # Game.determinise: NotImplementedError if it has none
        sample = ExplorerState(self.get_game(), self._held.state.game.determinise(self._held.state, player_id, rng))
        seen, held = self._held.seen(player_id), sample._held
        if len(held.state.log) == seen.length:  # determinise keeps the seat's view, its log included: the seat's
            held.recall = Recall(seen.length, held.state.players)  # memory carries over rather than re-folded
            held.recall.seats[player_id] = seen
        return sample

    def __str__(self) -> str:
        """Everything (a debugging aid, as OpenSpiel's own games do): not what any player sees."""
        return json.dumps(self._held.state.view(None, with_log=False), ensure_ascii=False, sort_keys=True,
                          default=str)

    def __reduce__(self):
        """Pickled as the game and OpenSpiel's own state text (its history, then our save)."""
        return _unpickle_state, (self.get_game(), self.serialize())


class ViewObserver:
    """OpenSpiel's observer of one seat: its view as text and as numbers.

    - observation (no perfect recall; also ``iig_obs_type=None``): ``state.view(p)`` without the log as
      canonical JSON, and the ``table`` and ``seats`` tensors of :mod:`explorer.openspiel_tensors`;
    - information state (perfect recall): the same, and what ``p`` saw (:mod:`explorer.openspiel_recall`): in the
      string how many events and their digest, in the tensor the ``memory`` block.

    Only a seat's own view is offered (``PrivateInfoType.SINGLE_PLAYER`` with public information): an observer
    of public information alone, or of every seat, would need views our games do not define."""

    def __init__(self, game: ExplorerGame, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                                         or not iig_obs_type.public_info):
            raise ValueError("only a seat's own view is observed (private_info=SINGLE_PLAYER, public_info=True)")
        self.perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        self.tensors = tensors(game.game_id, game.players) if has_encoder(game.game_id) else None
        if self.tensors is None:
            self.tensor, self.dict = None, {}
        else:
            self.tensor, self.dict = self.tensors.arrays(information=self.perfect_recall)

    def set_from(self, state: ExplorerState, player: int) -> None:
        if self.tensors is not None:
            held = state._held
            self.tensors.write_view(self.dict, held.state.view(player, with_log=False), player)
            if self.perfect_recall:
                self.tensors.write_memory(self.dict["memory"], held.seen(player), player)

    def string_from(self, state: ExplorerState, player: int) -> str:
        held = state._held
        if self.perfect_recall:
            return information_string(held.state, player, held.seen(player))
        return view_string(held.state, player, with_log=False)


def view_string(state: State, player: int, with_log: bool = True) -> str:
    """``player``'s view as canonical JSON text: the seat, then what it may see (and its log, ``with_log``)."""
    view = state.view(player, with_log=with_log)
    return json.dumps({"seat": player, "view": view}, ensure_ascii=False, sort_keys=True, default=str)


def information_string(state: State, player: int, seen: Seen | None = None) -> str:
    """``player``'s information state as canonical JSON: the seat, its view now (no log) and the events it has
    seen, as their number and BLAKE2b digest (:mod:`explorer.openspiel_recall`): bounded however long the game."""
    if seen is None:
        seen = Seen.empty().then(state.log, player)
    view = state.view(player, with_log=False)
    return json.dumps({"seat": player, "seen": {"digest": seen.hexdigest(), "events": seen.length}, "view": view},
                      ensure_ascii=False, sort_keys=True, default=str)


def registered_ids() -> set[str]:
    """The ids of the games that have an OpenSpiel action space (the ones :func:`register` registers)."""
    return {gid for gid in game_ids() if has_space(gid)}


def register() -> list[str]:
    """Register every game we have an action space for with pyspiel (again is harmless); their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for gid in sorted(registered_ids()):
        name = PREFIX + gid
        if name not in registered:
            pyspiel.register_game(game_type(gid), game_class(gid))
        names.append(name)
    return names


def load(game_id: str, players: int, **params: Any) -> ExplorerGame:
    """``pyspiel.load_game("rules_explorer_<game_id>", {"players": players, **params})``."""
    return pyspiel.load_game(PREFIX + game_id, {"players": players, **params})


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
    if not isinstance(name, str) or not name.startswith(PREFIX) or name[len(PREFIX):] not in registered_ids():
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


register()  # as OpenSpiel's own Python games do: importing this module makes the games loadable and unpicklable
