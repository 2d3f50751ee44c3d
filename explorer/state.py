"""The step-through state: immutable, with ``apply`` returning a new state and every event kept."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import repeat
from operator import is_
from typing import Any

from .actions import CHANCE, TERMINAL, Action, OpenNumber, wrong_types
from .chain import EMPTY, Chain
from .chance import Weighted
from .errors import GAME_OVER, IllegalAction
from .events import Emitter, Event, visible_log
from .records import _compiled, encode
from .registry import Game, get_game
from .save_format import document

HIDDEN = "hidden"


class State:
    """One moment of a game. Immutable: ``apply`` returns a new State and leaves this one alone."""

    __slots__ = ("_chance", "_events", "_hash", "_history", "_legal", "_legal_set", "_log", "_start", "_who", "data",
                 "game", "players", "variant")

    def __init__(self, game: Game, players: int, variant: dict[str, Any], data: Any,
                 history: Chain = EMPTY, log: Chain = EMPTY, events: tuple[Event, ...] = (), start: Any = None):
        put = object.__setattr__
        put(self, "game", game)
        put(self, "players", players)
        put(self, "variant", variant)
        put(self, "data", data)
        put(self, "_history", history)
        put(self, "_log", log)
        put(self, "_events", events)
        put(self, "_start", data if start is None and not len(history) else start)  # for saves
        put(self, "_who", None)
        put(self, "_legal", None)
        put(self, "_legal_set", None)
        put(self, "_chance", None)
        put(self, "_hash", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("State is immutable: use apply() to get a new one")

    # --- whose move ----------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def current_player(self) -> int:
        """A player index, CHANCE or TERMINAL (worked out once: the data never changes)."""
        who = self._who
        if who is None:
            who = self.game.current_player(self.data)
            object.__setattr__(self, "_who", who)
        return who

    @property
    def is_terminal(self) -> bool:
        who = self._who  # set by every step (_advance): read at once, without current_player's call
        return (self.current_player if who is None else who) == TERMINAL

    @property
    def is_chance(self) -> bool:
        who = self._who
        return (self.current_player if who is None else who) == CHANCE

    def legal_actions(self) -> tuple[Action, ...]:
        """The choices now; at CHANCE the outcome actions; at TERMINAL nothing."""
        if self._legal is None:
            who = self._who
            if who is None:
                who = self.current_player
            if who == TERMINAL:
                legal: tuple[Action, ...] = ()
            elif who == CHANCE:
                outcomes = self.chance_outcomes()
                legal = outcomes.outcomes if outcomes.__class__ is Weighted else tuple(a for a, _ in outcomes)
            else:
                legal = tuple(self.game.legal_actions(self.data))
            object.__setattr__(self, "_legal", legal)
        return self._legal

    def chance_outcomes(self) -> Sequence[tuple[Action, Fraction]]:
        """At CHANCE: (outcome, exact probability) pairs summing to 1; elsewhere empty. A game's ``Weighted``
        is kept as it is (it reads as the pairs, and ``sample_chance`` draws from its weights without making a
        Fraction per outcome)."""
        who = self._who
        if (self.current_player if who is None else who) != CHANCE:
            return ()
        if self._chance is None:
            outcomes = self.game.chance_outcomes(self.data)
            object.__setattr__(self, "_chance", outcomes if outcomes.__class__ is Weighted else tuple(outcomes))
        return self._chance

    def is_legal(self, action: Action) -> bool:
        """One of ``legal_actions``, or a number the decision leaves open (``Game.open_number``: the listed
        actions are a menu of it)."""
        if self._legal_set is None:
            object.__setattr__(self, "_legal_set", frozenset(self.legal_actions()))
        if action in self._legal_set:
            return True
        spec = self.open_number()
        return spec is not None and spec.fits(action)

    def open_number(self) -> OpenNumber | None:
        """The decision's open-ended whole-number parameter, if it has one (``Game.open_number``)."""
        return self.game.open_number(self.data) if self.current_player >= 0 else None

    # --- stepping ------------------------------------------------------------------------------
    def apply(self, action: Action) -> State:
        """A new state after ``action``. Illegal → IllegalAction naming the clause; self unchanged.

        An action that *is* one of this state's own listed choices (the same object, taken from
        ``legal_actions()`` once they were worked out) needs no check: it is stepped at once."""
        legal = self._legal
        if legal is None:
            chance = self._chance  # at CHANCE, read off the outcomes already worked out
            if chance is not None:
                if chance.__class__ is Weighted:
                    drawn = chance.drawn  # the outcome sample_chance drew from them: no walk through the outcomes
                    if drawn >= 0 and chance.outcomes[drawn] is action:
                        return self._advance(action)
                    legal = chance.outcomes
                else:
                    legal = self.legal_actions()
        if legal is not None and any(map(is_, legal, repeat(action))):
            return self._advance(action)
        if not isinstance(action, Action) or action.game != self.game.id:
            raise IllegalAction("core.action", f"not an action of {self.game.id}: {action!r}")
        try:
            hash(action.params)
        except TypeError:
            raise IllegalAction("core.action", "malformed action: parameters must be plain values", action) from None
        if self.current_player == TERMINAL:
            raise IllegalAction("core.terminal", GAME_OVER, action)
        if not self.is_legal(action):
            problem = wrong_types(action, self.legal_actions())
            if problem:
                raise IllegalAction("core.action", problem, action)
            raise self.game.why_illegal(self.data, action)
        return self._advance(action)

    def _advance(self, action: Action) -> State:
        """The step itself, for an action known to be legal (taken from ``legal_actions`` or
        ``chance_outcomes`` of this state): the checks of ``apply`` are skipped, nothing else. The new state is
        built without ``__init__`` (``_stepped``), whose player to move is worked out at once: every caller reads it
        (is the game over? chance or a seat?), and the data it is read from never changes."""
        game, log = self.game, self._log
        emitter = Emitter(game.id, log._len, log)  # resolve(), inline; the chain's length read, not asked (a call)
        data = game.apply(self.data, action, emitter)
        events = tuple(emitter.events)
        return _stepped(game, self.players, self.variant, data, self._history.append(action), log.extend(events),
                        events, self._start, game.current_player(data))

    def child(self, action: Action) -> State:
        """Alias of apply, in the words of game-tree search."""
        return self.apply(action)

    # --- what happened -------------------------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        """The events the last step produced."""
        return self._events

    @property
    def log(self) -> Chain:
        """Every event since the start, in resolution order: an immutable sequence that compares equal to
        the tuple of the events; O(1) to read however long the game (slices are tuples)."""
        return self._log

    @property
    def history(self) -> Chain:
        """Every action since the start, chance outcomes included (an immutable sequence, like ``log``)."""
        return self._history

    @property
    def winners(self) -> tuple[int, ...]:
        """At TERMINAL, the winning players; elsewhere empty."""
        return tuple(self.game.winners(self.data)) if self.is_terminal else ()

    # --- what a player sees ---------------------------------------------------------------------
    def view(self, player: int | None = None, with_log: bool = True) -> dict[str, Any]:
        """What ``player`` may see (None: everything): others' secrets and the deck are masked.

        ``view["log"]`` is the log as that player sees it (others' private events redacted); pass
        ``with_log=False`` to leave it out when only the table is wanted (it grows with the game)."""
        full = self.game.full_view(self.data)
        if player is None:
            out = full
        else:
            paths = list(self.game.hidden_paths(self.data))
            for other in range(self.players):
                if other != player:
                    paths.extend(self.game.private_paths(self.data, other))
            out = _masked(full, paths)
        if with_log:
            out["log"] = [e.to_dict() for e in visible_log(self.log, player)]
        out["current_player"] = self.current_player
        return out

    # --- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole state as JSON text: exact (fractions as text), round-trips with from_json."""
        doc = document(self)
        return json.dumps(doc, ensure_ascii=False, sort_keys=True)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (self.game.id == other.game.id and self.players == other.players
                and self.variant == other.variant and self.data == other.data
                and self._history == other._history and self._log == other._log)

    def __hash__(self) -> int:
        """From what equal states share and what is cheap to read: the game, players, variant, the data
        (frozen records hash themselves), how many steps and the last one. Independent of the log's length."""
        if self._hash is None:
            last = self._history[-1] if len(self._history) else None
            key = (self.game.id, self.players, _frozen(self.variant), _data_hash(self.data), len(self._history),
                   last)
            object.__setattr__(self, "_hash", hash(key))
        return self._hash

    def __repr__(self) -> str:
        who = {CHANCE: "CHANCE", TERMINAL: "TERMINAL"}.get(self.current_player, f"p{self.current_player}")
        return f"<State {self.game.id} players={self.players} step={len(self._history)} to move={who}>"


# State(...) for a step's new state: each slot set by a plain store (records._compiled), the lazy ones empty
_stepped = _compiled(State, "def make(game, players, variant, data, history, log, events, start, who):", {
    "game": "game", "players": "players", "variant": "variant", "data": "data", "_history": "history", "_log": "log",
    "_events": "events", "_start": "start", "_who": "who", "_legal": "None", "_legal_set": "None", "_chance": "None",
    "_hash": "None"})


def resolve(game: Game, data: Any, action: Action, next_event_id: int,
            past: Sequence[Event] = ()) -> tuple[Any, tuple[Event, ...]]:
    """One step of the game's rules: the new data and the events it produced (ids from ``next_event_id``;
    ``past``, the log so far, for the links a rule makes to an earlier step's event: ``Emitter.latest``)."""
    emitter = Emitter(game.id, next_event_id, past)
    return game.apply(data, action, emitter), tuple(emitter.events)


def _frozen(variant: Mapping[str, Any]) -> int:
    """A hash of the variant (its values may be lists: then of its JSON text); equal variants, equal hashes."""
    try:
        return hash(frozenset(variant.items()))
    except TypeError:
        return hash(json.dumps(variant, sort_keys=True, default=repr))


def _data_hash(data: Any) -> int:
    """hash(data) for frozen game data; data holding a dict or a list falls back to its exact JSON form."""
    try:
        return hash(data)
    except TypeError:
        return hash(json.dumps(encode(data), sort_keys=True))


def _masked(view: dict[str, Any], paths: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """A copy of ``view`` with each path's value replaced by a marker; only the containers along the
    paths are copied, so the full view (and anything a game shares between calls) is never changed."""
    root = dict(view)
    copied = {id(root)}
    for path in paths:
        node = root
        for key in path[:-1]:
            try:
                child = node[key]
            except (KeyError, IndexError, TypeError):
                break
            if not isinstance(child, dict | list) or is_hidden(child):
                break
            if id(child) not in copied:
                child = dict(child) if isinstance(child, dict) else list(child)
                copied.add(id(child))
                node[key] = child
            node = child
        else:
            _mask(node, path[-1])
    return root


def _mask(node: Any, last: Any) -> None:
    """Replace ``node[last]`` by a marker that keeps only its size."""
    try:
        value = node[last]
    except (KeyError, IndexError, TypeError):
        return
    marker: dict[str, Any] = {HIDDEN: True}
    if isinstance(value, list):
        marker["count"] = len(value)
    elif isinstance(value, dict):
        ints = [v for v in value.values() if isinstance(v, int) and not isinstance(v, bool)]
        marker["count"] = sum(ints) if len(ints) == len(value) else len(value)
    node[last] = marker


def is_hidden(value: Any) -> bool:
    return isinstance(value, dict) and value.get(HIDDEN) is True


def new_game(game_id: str, players: int, variant: Mapping[str, Any] | None = None) -> State:
    """The initial state of a game for ``players`` players with ``variant`` switches."""
    game = get_game(game_id)
    if players.__class__ is not int or not game.min_players <= players <= game.max_players:
        rule = f" ({game.players_clause})" if game.players_clause else ""
        raise ValueError(f"{game_id} is for {game.min_players}–{game.max_players} players{rule}, not {players!r}")
    resolved = game.resolve_variant(variant)
    return State(game, players, resolved, game.initial(players, resolved))


def replay(game_id: str, players: int, history: Sequence[Action], variant: Mapping[str, Any] | None = None,
           start: State | None = None) -> State:
    """Apply ``history`` from the start (or from ``start``); equals the state that made it."""
    state = start if start is not None else new_game(game_id, players, variant)
    for action in history:
        state = state.apply(action)
    return state

