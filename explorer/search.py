"""Information-set Monte Carlo tree search (ISMCTS) with determinisation: the search behind every game's
``strong`` bot, generic over the engine's ``State`` API.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search"): one
tree for the searching seat, whose nodes are sequences of decisions. Each iteration starts by drawing a world
the seat cannot tell apart from the real one, ``game.determinise(state, seat, rng)`` (everything hidden from
the seat redrawn at random, consistently with its view); then it walks down the tree through that world,
choosing by UCB among the actions legal *in that world* (the "availability" count of a child is how often
it was legal when its parent was visited), adds one node, plays on with the game's rollout bot for at most
``rollout_steps`` decisions and scores the end by the game's ``evaluate`` (a finished game scores its winners).
Chance is sampled with its exact Fractions (``explorer.sample_chance``) and never has a node: chance outcomes
are part of the information the tree merges, like the hidden cards.

The strong bots (issue 33) use it as a **rollout policy improvement** over their game's tactical bot:
- the *prior* (the tactical bot's move) is tried first, gets a bias that fades with its visits
  (``PRIOR_BIAS / visits``) and is **kept unless the search's pick beats its mean reward by ``keep_prior``
  standard errors** (``ISMCTS._better``): a short search is mostly noise, and a good prior should not be thrown
  away for a lucky rival;
- ``depth=1`` makes the search flat: only the seat's own moves get nodes, and below them the rollout bot plays
  every seat — Tesauro & Galperin's rollout algorithm (1996), which improves on its base policy as the estimates
  sharpen. 永恒之息 and 城堡之心 roll out with their tactical bots to the end of the game (their tactical bots cost
  ~0.05 ms a decision); the MOBA's costs ~1 ms, so it rolls out 40 greedy decisions and evaluates.
- A strong bot's flat search is ``PairedRollouts`` (``StrongBot.paired``): every candidate is played in the same
  worlds with the same rollout seeds (common random numbers) and judged by its paired differences with the prior's
  move, the budget spent by sequential halving and only where a rival still beats the prior. Measured with
  ``bench/strength.py``: independent means at 2 standard errors almost never left the prior (strong vs tactical
  37/60 and 26.5/60 games), paired differences do when the worlds agree.
- The candidates are the prior bot's best by its own scores (``Bot.ranked``: the tactical bots rank the moves they
  score), and a game may give the few decisions that shape a whole game (永恒之息's draft: ``StrongBot.setup``) a
  search of their own with a larger budget.
- Strength is a budget in iterations, never seconds (``seconds`` is an opt-in cap): a choice depends only on the
  seat's view and the rng. ``bench/strength.py`` measures it against greedy and tactical.

Why our own search and not OpenSpiel's ``ISMCTSBot`` through ``explorer.openspiel``: that bot keys every tree
node by the state's ``information_state_string``, asks ``resample_from_infostate`` (our ``determinise``) and
clones pyspiel states; even with the bridge's bounded strings (the view plus a digest of the seat's events, ~2 KB)
each node visit costs a view as JSON. Our tree is keyed by the actions themselves (a node is the sequence of
decisions from the root, which is the seat's information set in single-observer ISMCTS), the search walks the
engine's immutable data directly (``resolve``; no ``State`` per step but for the rollout bot's look, no encoding
round-trip), chance stays exact, and each game supplies its own rollout policy and evaluation.

What the bot assumes (not the game): a determinisation is uniform among the arrangements consistent with the
seat's current view; it draws no inference from other players' past choices (a player who kept a card may
hold a good one) — each game's ``determinise.py`` says what it redraws.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from .actions import CHANCE, TERMINAL, Action
from .bot import Bot
from .chain import EMPTY, Chain
from .chance import Weighted
from .events import visible_log
from .play import sample_chance
from .state import State, resolve

PRIOR_BIAS = 1.0  # progressive bias toward the rollout bot's own move at the root, divided by its visits
Evaluate = Callable[[Any, int], Sequence[float]]  # (game data, players) -> a value in [0, 1] per seat


class Node:
    """One decision sequence of the tree: the player who chose the action into it, its visits, how often it
    was available, and the reward summed for that player."""

    __slots__ = ("avail", "children", "player", "reward", "visits")

    def __init__(self, player: int = -1):
        self.player = player
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(math.log(max(self.avail, 1)) / self.visits)


def _size(node: Node) -> int:
    """The nodes of a tree."""
    return 1 + sum(_size(child) for child in node.children.values())


def seat_state(state: State, data: Any, seat: int) -> State:
    """A state holding ``data`` with the log as ``seat`` sees it (others' private events redacted). Its history
    starts here, as a position set up by hand: the actions before (chance draws included) would tell the seat
    what it may not know, so they are not carried over."""
    cached = _SEEN.get(seat)
    if cached is None or cached[0] is not state:
        cached = _SEEN[seat] = (state, Chain(visible_log(state.log, seat)), tuple(visible_log(state.events, seat)))
    return State(state.game, state.players, state.variant, data, EMPTY, cached[1], cached[2], data)


_SEEN: dict[int, tuple] = {}  # seat -> (the last state seen, its log and last events as that seat sees them):
# a search determinises the same state hundreds of times, and the log only grows with the game


def shuffled(items, rng: random.Random) -> list:
    """``items`` in a canonical order (by repr, so the result never depends on where they came from), then
    shuffled by ``rng``: a uniformly random arrangement that depends only on the multiset and the rng."""
    out = sorted(items, key=repr)
    rng.shuffle(out)
    return out


def draw(outcomes, rng: random.Random) -> Action:
    """One chance outcome, drawn exactly (``sample_chance``) from a game's ``Weighted`` as it is (no Fraction made
    per outcome) or from its pairs."""
    return sample_chance(outcomes if outcomes.__class__ is Weighted or outcomes.__class__ is tuple
                         else tuple(outcomes), rng)


def terminal_values(winners: Sequence[int], players: int) -> list[float]:
    """A finished game: 1 for each winner, 0 for the others; ½ each when nobody won (a draw)."""
    if not winners:
        return [0.5] * players
    return [1.0 if p in winners else 0.0 for p in range(players)]


class ISMCTS:
    """The search: ``choose(state, rng)`` returns the action with the most visits at the root."""

    def __init__(self, evaluate: Evaluate, rollout_bot: Bot | None = None, iterations: int = 200,
                 seconds: float | None = None, exploration: float = 0.7, rollout_steps: int = 40,
                 prior_bot: Bot | None = None, keep_prior: float = 0.0, depth: int = 1 << 30):
        if iterations < 1:
            raise ValueError("at least one iteration")
        self.evaluate = evaluate
        self.rollout_bot = rollout_bot
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_steps = rollout_steps
        self.prior_bot = prior_bot or rollout_bot
        self.keep_prior = keep_prior
        self.depth = depth
        self.last: dict[str, Any] = {}

    def _forced(self, state: State) -> Action | None:
        """The only legal action, when there is one (nothing to search)."""
        legal = state.legal_actions()
        if len(legal) != 1:
            return None
        self.last = {"iterations": 0, "visits": {legal[0]: 0}}
        return legal[0]

    def choose(self, state: State, rng: random.Random) -> Action:
        forced = self._forced(state)
        if forced is not None:
            return forced
        seat = state.current_player
        root = Node(seat)
        game = state.game
        prior = self._prior(state, rng)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline or not done):
            world = game.determinise(state, seat, rng)
            self._iterate(root, world.data, len(world.log), game, state.players, state.variant, rng, prior)
            done += 1
        self.last = {"iterations": done, "visits": {a: n.visits for a, n in root.children.items()}, "prior": prior,
                     "tree": _size(root)}
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[0] == prior, kv[1].reward))[0]
        return best if self._better(root, best, prior) else prior

    def _better(self, root: Node, best: Action, prior: Action | None) -> bool:
        """Does the search's pick beat the prior's move clearly enough to leave it? Its mean reward must exceed the
        prior's by ``keep_prior`` standard errors of the difference (rewards lie in [0, 1], so each mean's variance
        is at most ¼ over its visits). A short search is mostly noise: without this, a few dozen iterations spread
        over ten moves would throw away a good prior for a lucky rival."""
        if prior is None or best == prior or prior not in root.children:
            return True
        b, p = root.children[best], root.children[prior]
        if not b.visits or not p.visits:
            return not p.visits
        gap = b.reward / b.visits - p.reward / p.visits
        return gap > self.keep_prior * math.sqrt(0.25 / b.visits + 0.25 / p.visits)

    def _prior(self, state: State, rng: random.Random) -> Action | None:
        """The prior bot's own choice here (the game's tactical bot, else the rollout bot; both read only what the
        seat may see): tried first, favoured by a bias that fades with visits, and chosen on a tie, so a short
        search keeps that move unless it found better."""
        if self.prior_bot is None:
            return None
        return self.prior_bot.choose(state, random.Random(rng.random()))

    def _iterate(self, root: Node, data: Any, next_id: int, game, players: int, variant, rng,
                 prior: Action | None = None) -> None:
        """One iteration: select and expand through this world, roll out, back up."""
        path = [root]
        node = root
        while True:
            who = game.current_player(data)
            if who == TERMINAL:
                break
            if who == CHANCE:
                action = draw(game.chance_outcomes(data), rng)
            else:
                legal = game.legal_actions(data)
                untried = [a for a in legal if a not in node.children]
                for a in legal:
                    child = node.children.get(a)
                    if child is not None:
                        child.avail += 1
                if untried:
                    action = prior if node is root and prior in untried else rng.choice(untried)
                    child = node.children[action] = Node(who)
                    child.avail = 1
                    path.append(child)
                    data, events = resolve(game, data, action, next_id)
                    next_id += len(events)
                    break
                action = max(legal, key=lambda a: node.children[a].ucb(self.exploration)
                             + (PRIOR_BIAS / node.children[a].visits if node is root and a == prior else 0.0))
                node = node.children[action]
                path.append(node)
                if len(path) > self.depth:  # a shallow tree: below it, the rollout policy plays every seat
                    data, events = resolve(game, data, action, next_id)
                    next_id += len(events)
                    break
            data, events = resolve(game, data, action, next_id)
            next_id += len(events)
        values = self._rollout(data, next_id, game, players, variant, rng)
        for n in path:
            n.visits += 1
            if n.player >= 0:
                n.reward += values[n.player]

    def _rollout(self, data: Any, next_id: int, game, players: int, variant, rng) -> Sequence[float]:
        """At most ``rollout_steps`` decisions by the rollout bot (chance sampled exactly), then the value."""
        steps = 0
        while steps < self.rollout_steps:
            who = game.current_player(data)
            if who == TERMINAL:
                return terminal_values(game.winners(data), players)
            if who == CHANCE:
                action = draw(game.chance_outcomes(data), rng)
            else:
                steps += 1
                if self.rollout_bot is None:
                    action = rng.choice(tuple(game.legal_actions(data)))
                else:
                    action = self.rollout_bot.choose(State(game, players, variant, data), rng)
            data, events = resolve(game, data, action, next_id)
            next_id += len(events)
        if game.current_player(data) == TERMINAL:
            return terminal_values(game.winners(data), players)
        return self.evaluate(data, players)


class PairedRollouts(ISMCTS):
    """A flat rollout search with **common random numbers** (the strong bots' search, issue 33): every candidate
    move is played in the same worlds — the same determinisation from the seat's view and the same rollout seed —
    and judged by its *paired* differences with the prior's move in each world. A world's luck (the cards drawn,
    the dice) is shared by every candidate and cancels in the difference, so far fewer rollouts tell a better move
    from the prior's than independent means do (the 2-standard-error rule of ``ISMCTS._better`` rarely let a flat
    search with 16 rollouts over ten moves leave its prior).

    The budget (``iterations``) is the number of rollouts. It is spent by sequential halving over the candidates
    (Karnin, Koren & Somekh 2013): each round plays every surviving candidate in the next worlds, then keeps the
    prior's move and the better half of the others by their mean paired difference; a decision where no rival does
    better than the prior in the worlds played so far is settled at once (the budget goes where a decision is
    close). It plays ``rounds`` rounds at least: two by default, so that with two candidates (a defence, a draw
    bought or not) a rival no better than the prior in the first half of the worlds is dropped there and the other
    half of the budget is not spent; the draft's search (``StrongBot.setup``) plays one round, every world for each
    candidate (a draft pick's gain is large but needs many worlds to show). At most ``width`` candidates are played:
    the prior's move, then the prior bot's next best by its own scores (``Bot.ranked``; the legal order left
    永恒之息's good play-phase moves unseen). The search leaves the prior's move only for the candidate whose mean
    paired difference exceeds ``keep_prior`` standard errors (``clearly_better``). A choice depends only on the
    seat's view, the rng and the budget."""

    def __init__(self, *args, width: int = 8, rounds: int = 2, **kwargs):
        super().__init__(*args, **kwargs)
        self.width = width
        self.rounds = rounds

    def choose(self, state: State, rng: random.Random) -> Action:
        forced = self._forced(state)
        if forced is not None:
            return forced
        total = self.iterations
        seat = state.current_player
        ranked = self._ranked(state, rng)
        prior = ranked[0]
        candidates = ranked[:max(2, min(self.width, total))]
        game = state.game
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        worlds: list[tuple] = []  # (data, next event id, rollout seed): the same for every candidate
        scores: dict[Action, list[float]] = {a: [] for a in candidates}
        alive = list(candidates)
        budget = total
        rounds = max(self.rounds, math.ceil(math.log2(len(alive))))
        for r in range(rounds):
            per = max(1, budget // ((rounds - r) * len(alive)))
            upto = len(scores[prior]) + per
            while len(worlds) < upto:
                world = game.determinise(state, seat, rng)
                worlds.append((world.data, len(world.log), rng.getrandbits(64)))
            for a in alive:
                while len(scores[a]) < upto:
                    data, next_id, seed = worlds[len(scores[a])]
                    scores[a].append(self._play(game, state, data, next_id, a, seat, seed))
                    budget -= 1
            gain = {a: _mean(_gaps(scores[a], scores[prior])) for a in alive[1:]}
            rivals = sorted((a for a in alive[1:] if gain[a] > 0), key=lambda a: -gain[a])
            alive = [prior, *rivals[:max(1, len(alive[1:]) // 2)]]
            if len(alive) == 1 or budget < len(alive) or (deadline is not None and time.perf_counter() > deadline):
                break
        best = alive[1] if len(alive) > 1 else prior
        self.last = {"iterations": total - budget, "prior": prior, "worlds": len(worlds),
                     "visits": {a: len(v) for a, v in scores.items()}}
        return best if best != prior and clearly_better(_gaps(scores[best], scores[prior]), self.keep_prior) \
            else prior

    def _ranked(self, state: State, rng: random.Random) -> list[Action]:
        """The legal actions, the prior's move first and then in the prior bot's own ranking (``Bot.ranked``: the
        tactical bots order them by their scores), else the legal order: the search plays the first ``width``. With
        more moves than that (永恒之息's play phase often has 10–20) the legal order left good moves unseen."""
        if self.prior_bot is None:
            return list(state.legal_actions())
        return self.prior_bot.ranked(state, random.Random(rng.random()))

    def _play(self, game, state: State, data: Any, next_id: int, action: Action, seat: int, seed: int) -> float:
        """The seat's value after ``action`` in this world, played out with the rollout seed ``seed``."""
        data, events = resolve(game, data, action, next_id)
        return self._rollout(data, next_id + len(events), game, state.players, state.variant,
                             random.Random(seed))[seat]


def _gaps(a: Sequence[float], b: Sequence[float]) -> list[float]:
    """Paired differences, world by world, over the worlds both were played in."""
    return [x - y for x, y in zip(a, b, strict=False)]


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def clearly_better(gaps: Sequence[float], keep: float, prior_variance: float = 0.25) -> bool:
    """Is the mean of these paired differences above ``keep`` standard errors? The variance is the sample's, with
    one pseudo-observation of ``prior_variance`` (a rival that won the only world played is not yet proof)."""
    n = len(gaps)
    if not n:
        return False
    m = _mean(gaps)
    variance = (sum((g - m) ** 2 for g in gaps) + prior_variance) / n
    return m > keep * math.sqrt(variance / n)


class StrongBot(Bot):
    """A game's strong bot: a search from its own seat's view (``PairedRollouts`` when flat, ``depth = 1``, else
    ISMCTS). A game subclasses it and sets ``evaluate`` (a value per seat in [0, 1] for an unfinished position),
    ``rollout`` (the bot class played in the rollouts) and ``prior`` (the bot whose move the search starts from and
    keeps unless it finds better: the game's tactical bot; the rollout bot when None).

    Strength is a budget in iterations (``iterations``, default ``default_iterations``), so a choice depends only
    on the seat's view and the rng, never on how busy the machine is (issue 33). ``seconds`` is an optional
    wall-clock cap for a page that must answer in time whatever the load; it is off by default, and off in the
    tests and the bench."""

    name = "strong"
    rollout: type | None = None
    prior: type | None = None
    rollout_steps = 40
    default_iterations = 200
    keep_prior = 1.0  # standard errors by which the search's pick must beat the prior's move (ISMCTS._better)
    depth = 1 << 30   # decisions the tree keeps below the root (1: a flat search of the seat's moves)
    paired = True     # a flat search (depth 1) plays every candidate in the same worlds (PairedRollouts)
    width = 8         # the candidates a paired search plays: the prior bot's best (Bot.ranked)
    rounds = 2        # the least rounds of its sequential halving (PairedRollouts)
    setup_iterations = 0  # the budget of a decision ``setup`` picks (0: the usual search), scaled like ``iterations``

    def __init__(self, iterations: int | None = None, seconds: float | None = None, exploration: float = 0.7,
                 rollout_steps: int | None = None, keep_prior: float | None = None):
        search = PairedRollouts if self.paired and self.depth == 1 else ISMCTS
        self.search = search(type(self).evaluate, self.rollout() if self.rollout else None,
                             iterations or self.default_iterations, seconds, exploration,
                             rollout_steps if rollout_steps is not None else self.rollout_steps,
                             self.prior() if self.prior else None,
                             self.keep_prior if keep_prior is None else keep_prior, self.depth,
                             **({"width": self.width, "rounds": self.rounds} if search is PairedRollouts else {}))
        self.setup_search = None
        if self.setup_iterations and search is PairedRollouts:
            budget = max(1, round(self.setup_iterations * self.search.iterations / self.default_iterations))
            self.setup_search = PairedRollouts(
                type(self).evaluate, self.search.rollout_bot, budget, seconds, exploration, self.search.rollout_steps,
                self.search.prior_bot, self.search.keep_prior, 1, width=self.width, rounds=1)

    @staticmethod
    def evaluate(data: Any, players: int) -> Sequence[float]:
        return [0.5] * players

    def setup(self, state: State) -> bool:
        """Is this one of the game's few decisions that shape the whole game (a draft)? They get their own search
        (``setup_iterations``, one round of sequential halving): measured with 80–100 paired tactical rollouts, a
        永恒之息 draft pick or ritual moved the seat's winning chance by 0.1–0.7 where a play-phase move rarely moved
        it by 0.05. A few decisions a game, so they barely move the median and p90 CPU per decision."""
        return False

    def choose(self, state: State, rng: random.Random) -> Action:
        if self.setup_search is not None and self.setup(state):
            return self.setup_search.choose(state, rng)
        return self.search.choose(state, rng)
