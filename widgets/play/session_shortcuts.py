"""Fewer clicks for a person at the table (issue 14, point 3), mixed into ``GameSession``.

- :meth:`end_turn`: the person's "end turn" takes, for them, the pass of every remaining *optional* phase of
  their own turn (the game names it: ``Game.turn_pass(data)``), one step each in the history; dice and bots
  answer in between as they would anyway; it stops at the first choice the person must make themselves
  (a discard, a defence…) or when the turn has passed to the next player.
- :meth:`choose_many`: several choices of the same decision at once (discard three cards), checked as a
  whole on the side first: if any is not legal in turn, nothing changes and the reason is said.
- ``take_forced``: a decision of the person's with a single legal action (no choice: "end the draw phase"
  after buying the extra draw) is taken for them when the bots answer, still a step of its own.
- :meth:`walks` / :meth:`walk_to`: a walk of several steps of the same kind (the MOBA's moves, one cell each) in one
  click, to a destination the steps reach; the path is the first one found, named on the button, every step a
  step of its own (Back undoes them one by one); with ``then_pass`` the phase's pass follows.
- ``busy`` is True while bots and dice move, so the table can say that the bots are thinking.

What a click played is said truly (issue 31): the person's own steps it took (their choice, a shortcut's steps, a
forced move), then how many steps bots and dice played (:meth:`_say_played`, the ``played`` notice).
"""

from __future__ import annotations

from collections.abc import Sequence

from explorer import CHANCE, TERMINAL, Action, IllegalAction
from widgets.games import walk_kind

PERSON = "person"
MAX_MANY = 60  # a hand is never larger; a longer list from the browser is refused
MAX_STEPS = 100_000  # a bound on one click's steps (a turn of every game ends long before)
MAX_WALK = 12  # a walk's longest path (a MOBA hero's steps in a turn are far fewer)


class SessionShortcuts:
    """Needs the session's ``node``, ``seats``, ``autoplay``, ``busy``, ``_child``, ``_decide``, ``goto``."""

    def turn_pass(self, state=None) -> Action | None:
        """The action that only passes an optional phase of the current player's own turn (the game's
        ``turn_pass``), if it is legal now; None at a mandatory choice, or in a game that names none."""
        state = state or self.state
        if state.current_player < 0:
            return None
        action = state.game.turn_pass(state.data)
        return action if action is not None and state.is_legal(action) else None

    @staticmethod
    def forced_move(state) -> Action | None:
        """The only legal action of a decision that offers one (no choice to make), else None."""
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def can_end_turn(self) -> bool:
        """The person decides now and the game names a pass for this decision."""
        who = self.state.current_player
        return who >= 0 and self.seats.get(who, PERSON) == PERSON and self.turn_pass() is not None

    def end_turn(self, at_node: int | None = None) -> bool:
        """Pass every remaining optional phase of the person's turn (each pass a step of its own); stop at a
        choice they must make or when the turn moves on; then bots play as usual."""
        if not self._fresh(at_node):
            return False
        if not self.can_end_turn():
            return self.refuse("no_turn_pass")
        return self._pass_on(self.node, 10_000)

    def choose_then_pass(self, action: Action, at_node: int | None = None) -> bool:
        """One click for a choice and then the pass of the phase it is in ("buy a draw, then end the draw
        phase"): the choice, the dice and bots that answer it, then the pass if it is still the person's to
        take in the same turn; each a step of its own."""
        if not self._fresh(at_node):
            return False
        if not self.can_end_turn() or not self.state.is_legal(action):
            return self.refuse("not_legal", what=action)
        child = self._child(self.node, action)
        return self._pass_on(child, 1, self.node, (child,))

    def walks(self, state=None) -> dict[Action, tuple[Action, ...]]:
        """The walks the person deciding now can make in one click: destination (the last step's action) → the
        path (two steps or more of the game's walk kind, ``widgets.games.walk_kind``, each legal in turn and each
        leaving the decision with them, no die or other player in between). The shortest path found first (in the
        engine's order of the legal actions) is the one offered; a destination one step away is an ordinary button."""
        state = state or self.state
        kind, me = walk_kind(state.game_id), state.current_player
        if kind is None or me < 0 or self.seats.get(me, PERSON) != PERSON:
            return {}
        out: dict[Action, tuple[Action, ...]] = {}
        seen: set[Action] = set()
        frontier = [(state, ())]
        while frontier:
            grown = []
            for here, path in frontier:
                for action in here.legal_actions():
                    if action.kind != kind or action in seen:
                        continue
                    seen.add(action)
                    way = (*path, action)
                    if len(way) >= 2:
                        out[action] = way
                    if len(way) < MAX_WALK:
                        after = here.apply(action)
                        if after.current_player == me:
                            grown.append((after, way))
            frontier = grown
        return out

    def walk_to(self, action: Action, at_node: int | None = None, then_pass: bool = False) -> bool:
        """One click for a walk (:meth:`walks`): its steps, each a step of its own; with ``then_pass`` the
        phase's pass after it (if still the person's to take in the same turn). A destination the walks do not
        reach is refused and nothing changes."""
        if not self._fresh(at_node):
            return False
        path = self.walks().get(action) if isinstance(action, Action) else None
        if path is None or (then_pass and not self.can_end_turn()):
            return self.refuse("no_walk", what=action if isinstance(action, Action) else repr(action)[:80])
        origin, node, mine = self.node, self.node, []
        for step in path:
            node = self._child(node, step)
            mine.append(node)
        return self._pass_on(node, 1 if then_pass else 0, origin, tuple(mine))

    def _pass_on(self, node, passes: int, origin=None, mine: tuple = ()) -> bool:
        """From ``node`` (reached by the person's steps ``mine``): dice and bots answer, and the person's turn
        passes are taken (at most ``passes``); stop at a choice of theirs, another person's, or a new turn. Shown
        once, saying what was played, then bots play on."""
        origin = origin or node
        me, taken, steps = origin.state.current_player, 0, 0
        start = self.turn_of(origin)
        mine, others = list(mine), 0
        self.busy = True
        try:
            while taken < passes and steps < MAX_STEPS:
                steps += 1
                state = node.state
                who = state.current_player
                if who == TERMINAL:
                    break
                if who == me:
                    action = self.turn_pass(state)
                    taken += 1
                elif who == CHANCE or self.seats.get(who, PERSON) != PERSON:
                    action = self._decide(node)
                else:
                    action = None  # another person decides: they press their own buttons
                if action is None or not state.is_legal(action):
                    break
                node = self._child(node, action)
                if who == me:
                    mine.append(node)
                else:
                    others += 1
                if self.turn_of(node) != start:
                    break
            self.goto(node.id)
            self.revision += 1
            if self.autoplay:
                self.run_bots(mine=mine, others=others)
            else:
                self._say_played(mine, others)
        finally:
            self.busy = False
        return True

    def _say_played(self, mine, others: int) -> None:
        """The notice after a click: the person's own steps it took (``mine``: their nodes, the choice, a
        shortcut's steps, a forced move) and the number of steps bots and dice played; with no step of theirs,
        the bots' count alone."""
        if mine:
            self._say("played", mine=tuple(mine), n=others)
        elif others:
            self._say("bots_played", n=others)
        else:  # nothing moved: say why rather than "0 steps"
            self._say("nothing_over" if self.state.current_player == TERMINAL else "nothing_yours")

    def check_many(self, actions: Sequence) -> dict:
        """Why ``actions`` cannot be taken one after another by the person deciding now: the notice's fields
        (``n``: which one, ``what``: it), or {} when they can."""
        if not isinstance(actions, list | tuple) or not 1 <= len(actions) <= MAX_MANY:
            return {"n": 0, "what": f"1–{MAX_MANY}"}
        state, me = self.state, self.state.current_player
        kind = actions[0].kind if isinstance(actions[0], Action) else None
        for i, action in enumerate(actions):
            if not isinstance(action, Action) or action.kind != kind:
                return {"n": i + 1, "what": repr(action)[:60]}
            if state.current_player != me or not state.is_legal(action):
                return {"n": i + 1, "what": action}
            try:
                state = state.apply(action)
            except IllegalAction as err:
                return {"n": i + 1, "what": f"[{err.clause}] {err.reason}"}
        return {}

    def choose_many(self, actions: Sequence, at_node: int | None = None) -> bool:
        """Take several choices of the same kind, one step each, if every one is legal in turn; else nothing."""
        if not self._fresh(at_node):
            return False
        why = self.check_many(actions)
        if why:
            return self.refuse("many_refused", **why)
        node = self.node
        person = self.seats.get(node.state.current_player, PERSON) == PERSON
        mine = []
        for action in actions:
            node = self._child(node, action)
            mine.append(node)
        self.goto(node.id)
        self.revision += 1
        if self.autoplay and person:
            self.run_bots(mine=mine)
        else:
            self._say_played(mine, 0)
        return True

    def repeats(self, state=None) -> bool:
        """Whether this decision comes again at once for the same player with the same kind of choice
        (a discard down to the hand limit): then the table offers to choose several at once."""
        state = state or self.state
        who = state.current_player
        legal = state.legal_actions() if who >= 0 else ()
        if len(legal) < 2 or len({a.kind for a in legal}) != 1:
            return False
        after = state.apply(legal[0])
        return after.current_player == who and {a.kind for a in after.legal_actions()} == {legal[0].kind}

    def walk(self, history: Sequence[Action]) -> None:
        """Explore ``history`` from the start, one node per action, and show its end (a checked save or link:
        IllegalAction passes through and the tree keeps only the legal steps before it)."""
        node = self.root
        for action in history:
            node = self._child(node, action)
        self.goto(node.id)
        self.revision += 1

    def _fresh(self, at_node: int | None) -> bool:
        """The click was made for the state now shown (else it is stale and refused, saying so), at a table whose
        game is still being played (after Resign nobody plays on)."""
        if self.resigned >= 0:
            return self.refuse("after_resign", who=self.resigned)
        if at_node is None or at_node == self.node_id:
            return True
        then = self.node_by_id(at_node).depth if at_node in self._nodes else "?"
        self._say("stale", then=then, now=self.step)
        return False
