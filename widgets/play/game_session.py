"""GameSession: the tree of explored states that every component of a board shares.

Not a widget: a ``HasTraits`` model. The current position is ``node_id``; going back and choosing
differently grows a new branch and keeps the old one, so both can be revisited. Seats are a person
or a bot (by name, from ``Game.bots()``). Chance is rolled from ``seed`` (the same state always
rolls the same outcome, so a page and a test agree) or picked by hand (loaded dice). Without a seed
given, each session draws its own from the operating system (``secrets``), so nobody can replay a
known seed to read the bots' hands; a person who wants a reproducible game passes one.

Every action arriving here is checked against the current legal actions before it reaches the
engine; a refusal leaves everything as it was and says why in ``notice``.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import traitlets

import explorer
from explorer import CHANCE, TERMINAL, Action, IllegalAction, State
from widgets.play.session_messages import SessionMessages
from widgets.play.session_node import UNSET, Node, session_seed
from widgets.play.session_shortcuts import PERSON, SessionShortcuts

__all__ = ["PERSON", "GameSession", "Node", "session_seed"]


class GameSession(SessionShortcuts, SessionMessages, traitlets.HasTraits):
    """The explored game tree, the current node, the seats and the dice; shared by all components."""

    node_id = traitlets.Int(0)
    revision = traitlets.Int(0)  # bumps whenever the tree grows or is reset
    notice = traitlets.Dict()  # {"key": label key, "fields": {...}, "n": serial}: the last message
    seats = traitlets.Dict()  # seat → "person" or a bot name from Game.bots()
    autoplay = traitlets.Bool(False)  # after a person's choice, bots and dice play until a person decides
    take_forced = traitlets.Bool(False)  # a person's decision with one legal action is taken for them, as a step
    busy = traitlets.Bool(False)  # True while bots and dice move (the table says the bots are thinking)
    resigned = traitlets.Int(-1)  # the person's seat that resigned: the table's game is over (-1: nobody)

    def __init__(self, game_id: str, players: int, variant: dict | None = None, seed: int | None = None,
                 seats: dict[int, str] | None = None, autoplay: bool = False, start: State | None = None,
                 bots: dict[str, Callable[[], explorer.Bot]] | None = None):
        """``start``: a ready-made state to explore from (a scenario) instead of a new game; ``seed``: None
        draws a secret one for this session (:func:`session_seed`), a number replays the same game; ``bots``:
        more bots for this table's seats beside the game's own, by name → a maker (an OpenSpiel bot or a
        trained policy wrapped by ``explorer.openspiel_bot.OpenSpielBot``)."""
        super().__init__()
        self.extra_bots = dict(bots or {})
        if start is not None:
            game_id, players, variant = start.game_id, start.players, start.variant
        self.start = start
        self.game_id = game_id
        self.players = players
        self.variant = dict(variant or {})
        self.seed_is_secret = seed is None
        self.seed = session_seed() if seed is None else seed
        self._serial = itertools.count(1)
        self._bots: dict[str, explorer.Bot] = {}
        self.reset()
        if seats:
            self.seats = {**self.seats, **seats}
        self.autoplay = autoplay

    # --- validation -------------------------------------------------------------------------
    @traitlets.validate("seats")
    def _valid_seats(self, proposal):
        """Every seat is a person or a bot this game offers."""
        seats = dict(proposal["value"])
        menu = self.bot_names
        for seat, who in seats.items():
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                raise traitlets.TraitError(f"no seat {seat!r} in a {self.players}-player game")
            if who != PERSON and who not in menu:
                raise traitlets.TraitError(f"seat {seat}: {who!r} is neither 'person' nor one of {menu}")
        return seats

    def check_viewer(self, value) -> int:
        """A viewer for the components: -1 (everything) or a seat; else TraitError (values can come from
        the browser). A table set to a single person (its ``private_seat``, set by the Play table unless a
        teacher turned the teacher's view on) takes that seat alone: another seat's view or everything is
        refused, whoever asks (issue 38, item 6)."""
        if isinstance(value, bool) or not isinstance(value, int) or not -1 <= value < self.players:
            raise traitlets.TraitError(f"viewer must be -1 or a seat 0–{self.players - 1}, not {value!r}")
        only = getattr(self, "private_seat", None)
        if only is not None and value != only:
            raise traitlets.TraitError(f"this table shows seat {only}'s own view only, not {value!r} "
                                       "(the teacher's view is off)")
        return value

    @traitlets.validate("node_id")
    def _valid_node(self, proposal):
        """Only nodes of this tree."""
        if proposal["value"] not in self._nodes:
            raise traitlets.TraitError(f"no explored state {proposal['value']!r}")
        return proposal["value"]

    # --- the tree ---------------------------------------------------------------------------
    def reset(self) -> None:
        """Start again from a new game (the explored tree is dropped)."""
        start = self.start if self.start is not None else explorer.new_game(self.game_id, self.players, self.variant)
        self.root = Node(0, start)
        self._nodes: dict[int, Node] = {0: self.root}
        self._leaves: dict[int, Node] = {0: self.root}  # the tips of the branches, oldest branch first
        self._ids = itertools.count(1)
        self.seats = {p: self.seats.get(p, PERSON) for p in range(self.players)}
        if self.node_id == 0:  # already at a start: tell the components there is a new one
            self.notify_change(traitlets.Bunch(name="node_id", old=0, new=0, owner=self, type="change"))
        self.node_id = 0
        self.revision += 1
        self._say("")

    @property
    def game(self) -> explorer.Game:
        return self.root.state.game

    @property
    def node(self) -> Node:
        return self._nodes[self.node_id]

    @property
    def state(self) -> State:
        return self.node.state

    @property
    def step(self) -> int:
        """How many actions since the start (chance outcomes included)."""
        return self.node.depth

    def node_by_id(self, node_id: int) -> Node:
        return self._nodes[node_id]

    def path(self, node: Node | None = None) -> list[Node]:
        """The nodes from the start to ``node`` (default: the current one)."""
        out = []
        node = node or self.node
        while node is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    def tip(self, node: Node | None = None) -> Node:
        """Where Next would end: follow the preferred child from ``node`` as far as explored."""
        node = node or self.node
        while node.preferred is not None:
            node = node.preferred
        return node

    def leaves(self) -> list[Node]:
        """The tip of every branch (kept up to date as nodes are added, not searched for)."""
        return list(self._leaves.values())

    def fork(self, leaf: Node) -> tuple[int, Node | None]:
        """Where the branch ending at ``leaf`` leaves the line it grew from: (step, its first node)."""
        if leaf.branch is None:
            return 0, None
        return leaf.branch.parent.depth, leaf.branch

    # --- the events of a step, a turn, the game -----------------------------------------------
    SCOPES = ("step", "turn", "game")

    def events_in(self, scope: str, node: Node | None = None) -> tuple[explorer.Event, ...]:
        """The events of the last step, of the turn that step was taken in, or of the game, in resolution order."""
        node = node or self.node
        if scope == "step":
            return node.state.events
        if scope == "game":
            return node.state.log
        if scope != "turn":
            raise ValueError(f"scope must be one of {self.SCOPES}, not {scope!r}")
        if node.parent is None:
            return ()
        # a step belongs to the turn it was taken in: the turn of the state before it. The turn's
        # steps are walked back from ``node``, never the whole log.
        turn = self.turn_of(node.parent)
        steps = [node]
        while steps[-1].parent.parent is not None and self.turn_of(steps[-1].parent.parent) == turn:
            steps.append(steps[-1].parent)
        return tuple(e for step in reversed(steps) for e in step.state.events)

    def turn_of(self, node: Node):
        """The turn a state shows: its view's ("round", "turn"); (None, None) when it shows neither."""
        if node.turn is UNSET:
            view = node.state.game.full_view(node.state.data)
            node.turn = (view.get("round"), view.get("turn")) if isinstance(view, dict) else (None, None)
        return node.turn

    # --- moving without changing the game ------------------------------------------------------
    def goto(self, node_id: int) -> bool:
        """Jump to an explored state; the line through it becomes the one Next follows."""
        if node_id not in self._nodes:
            self._say("bad_value", what=node_id)
            return False
        node = self._nodes[node_id]
        # The line from the start to the current node is already preferred: only the way from where
        # the two lines meet down to ``node`` changes (one step for Next, not the whole path).
        here = self.node
        while node is not here:
            if node.depth >= here.depth:
                node.parent.preferred = node
                node = node.parent
            else:
                here = here.parent
        if self.notice.get("key") and node_id != self.node_id:
            self._say("")  # a notice belongs to the step it was said at: moving clears it
        self.node_id = node_id
        return True

    def first(self) -> bool:
        return self.goto(0)

    def back(self) -> bool:
        if self.node.parent is None:
            self._say("at_start")
            return False
        return self.goto(self.node.parent.id)

    def select_branch(self, leaf_id: int) -> bool:
        """Go to the tip of a branch (a leaf of the tree)."""
        if leaf_id not in self._nodes or self._nodes[leaf_id].children:
            self._say("bad_value", what=leaf_id)
            return False
        return self.goto(leaf_id)

    # --- moving forward ----------------------------------------------------------------------
    def forward(self) -> bool:
        """Next: follow the explored line, else roll the dice or let the seat's bot decide."""
        node = self.node
        if node.preferred is not None:
            return self.goto(node.preferred.id)
        who = node.state.current_player
        if who == TERMINAL:
            self._say("at_end")
            return False
        if who == CHANCE:
            return self.roll()
        if self.seats.get(who, PERSON) != PERSON:
            return self.bot_move()
        self._say("waiting", who=who)
        return False

    def roll(self) -> bool:
        """At CHANCE: the seeded roll of this state."""
        state = self.state
        if state.current_player != CHANCE:
            self._say("not_legal", what="roll")
            return False
        outcome = explorer.sample_chance(state.chance_outcomes(), self.rng())
        return self._advance(outcome)

    def bot_move(self) -> bool:
        """The bot in the current seat decides (its choice is checked like anyone's)."""
        who = self.state.current_player
        name = self.seats.get(who, PERSON)
        if who < 0 or name == PERSON:
            self._say("not_legal", what="bot")
            return False
        return self.choose(self._bot(name).choose(self.state, self.rng()), autoplay=False)

    def choose(self, action: Any, at_node: int | None = None, autoplay: bool | None = None) -> bool:
        """Take ``action`` (a decision or a loaded-dice outcome) if it is legal now.

        ``at_node`` is the node the button or value was made for: if the board has moved on since,
        the click is stale and refused.
        """
        if at_node is not None and at_node != self.node_id:
            then = self._nodes[at_node].depth if at_node in self._nodes else "?"
            self._say("stale", then=then, now=self.step)
            return False
        if self.resigned >= 0:
            return self.refuse("after_resign", who=self.resigned)
        if not isinstance(action, Action) or not _is_legal(self.state, action):
            self._say("not_legal", what=action if isinstance(action, Action) else repr(action)[:80])
            return False
        person = self.state.current_player >= 0 and self.seats.get(self.state.current_player) == PERSON
        if not self._advance(action):
            return False
        if (self.autoplay if autoplay is None else autoplay) and person:
            self.run_bots(mine=(self.node,))
        return True

    def choose_key(self, key: Any, at_node: int | None = None) -> bool:
        """Take the action named by ``key`` (see :meth:`key_of`): values from the browser land here."""
        action = self.action_from_key(key)
        if action is None:
            self._say("bad_value", what=str(key)[:80])
            return False
        return self.choose(action, at_node)

    def resign(self, seat: int) -> bool:
        """The person at ``seat`` resigns: the table's game is over, nobody plays on (a choice of the table, not
        a rule of the game: the engine's state is left as it is). Refused at a finished game, for a bot's seat
        or a seat that is not at the table."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            return self.refuse("bad_value", what=repr(seat)[:80])
        if self.seats.get(seat, PERSON) != PERSON or self.state.is_terminal or self.resigned >= 0:
            return self.refuse("no_resign")
        self.resigned = seat
        self._say("")  # no notice: the table's head says it, once
        return True

    def run_bots(self, limit: int = 1000, mine=(), others: int = 0) -> int:
        """Bots decide and dice roll until a person must decide or the game ends; returns the steps.

        The steps are taken on the tree first and shown once at the end, so a whole game of bots
        costs one redraw of the board, not one per step. The notice says what was played: ``mine`` (the nodes
        of the person's own steps the click already took) and the person's forced moves taken here (``take_forced``),
        then the steps of bots and dice (``others`` already played by the click, and those played here).
        """
        node, n = self.node, 0
        if self.resigned >= 0:  # nobody plays on at a table whose person resigned
            return 0
        mine = list(mine)
        self.busy = True
        while n < limit:
            action = self._decide(node)
            if action is None:
                break
            if not _is_legal(node.state, action):  # a bot's choice is checked like anyone's
                self._say("not_legal", what=action)
                self.busy = False
                return n
            who = node.state.current_player
            node, n = self._child(node, action), n + 1
            if who >= 0 and self.seats.get(who, PERSON) == PERSON:  # a person's forced move, taken for them
                mine.append(node)
            else:
                others += 1
        if n:
            self.goto(node.id)
            self.revision += 1
        self._say_played(mine, others)
        self.busy = False
        return n

    def _decide(self, node: Node) -> Action | None:
        """What chance (seeded) or the seat's bot does at ``node`` (or a person's only legal action, with
        ``take_forced``); None when a person decides or it is over."""
        state = node.state
        who = state.current_player
        if who == CHANCE:
            return explorer.sample_chance(state.chance_outcomes(), self.rng(node))
        if who == TERMINAL:
            return None
        if self.seats.get(who, PERSON) == PERSON:
            return self.forced_move(state) if self.take_forced else None
        return self._bot(self.seats[who]).choose(state, self.rng(node))

    # --- keys, dice, bots -----------------------------------------------------------------------
    @staticmethod
    def key_of(action: Action) -> str:
        """A text key for an action (JSON of its fields), usable as a widget value."""
        return json.dumps(action.to_dict(), sort_keys=True, ensure_ascii=False)

    def action_from_key(self, key: Any) -> Action | None:
        """The action a key names, or None when it is not text naming an action of this game."""
        if not isinstance(key, str) or len(key) > 10_000:
            return None
        try:
            action = Action.from_dict(self.game_id, json.loads(key))
            hash(action)  # parameters that are JSON objects cannot name an action
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            return None
        return action

    def rng(self, node: Node | None = None) -> random.Random:
        """The random source of a node (default: the current one): the same seed and the same actions
        from the start give the same rolls and the same bot choices. Constant work per step: the node
        keeps a digest of its path (``Node.dice_key``), extended by one action from its parent's."""
        return random.Random(f"{self.seed}#{(node or self.node).dice_key.hex()}")

    @property
    def bot_names(self) -> list[str]:
        """The game's bots in their ladder's order (``Game.bots()``: weakest first), then this table's own."""
        return [*self.game.bots(), *(name for name in self.extra_bots if name not in self.game.bots())]

    def _bot(self, name: str) -> explorer.Bot:
        if name not in self._bots:
            self._bots[name] = {**self.extra_bots, **self.game.bots()}[name]()
        return self._bots[name]

    def _child(self, node: Node, action: Action) -> Node:
        """The node ``action`` leads to from ``node``: explored already, or made now (the engine applies
        it; IllegalAction passes through and nothing is added)."""
        for child in node.children:
            if child.action == action:
                return child
        child = Node(next(self._ids), node.state.apply(action), node, action)
        node.children.append(child)
        self._nodes[child.id] = child
        self._leaves.pop(node.id, None)
        self._leaves[child.id] = child
        return child

    def _advance(self, action: Action) -> bool:
        node = self.node
        known = len(node.children)
        try:
            child = self._child(node, action)
        except IllegalAction as err:
            self._say("illegal", clause=err.clause, reason=err.reason)
            return False
        self.goto(child.id)
        if len(node.children) != known:
            self.revision += 1
        self._say("chose", step=child.depth, what=child)
        return True


def _is_legal(state: State, action: Action) -> bool:
    """Membership in the legal actions; an action that cannot even be hashed is not legal."""
    try:
        return state.is_legal(action)
    except TypeError:
        return False
