"""Bots: the core's random bot, a greedy one that walks toward the nearest enemy and attacks, a tactical one that
looks a few of its own actions ahead (``tactics.py``), and a strong one that searches (ISMCTS from its own view,
``explorer.search``) with greedy rollouts judged as the tactical bot judges a position."""

from __future__ import annotations

import math
import random

from explorer import Bot
from explorer.search import StrongBot as _Search

from . import grid, tactics

# MB-A17: the document lets the current player end the action phase whenever they like, and sets no cap. A hero on
# a special cell can gain back the step it spent (MB-A11: Gust gives +2 steps each time a move ends there), so a bot
# that likes steps could walk back and forth for ever at a person's table, which has no cap. The greedy, tactical
# and strong bots therefore end their own action phase after this many actions, by choice (ending is always legal):
# a bound on the bots, not a rule of the game; a table with the opt-in `action_cap` is bounded by it as before.
BOT_ACTIONS = 30


def enough(state):
    """The end of the action phase when the bot to move has taken BOT_ACTIONS actions in it, else None."""
    d = state.data
    if d.phase != "action" or d.draws or d.heroes[d.seat].acted < BOT_ACTIONS:
        return None
    return state.game.turn_pass(d)


class GreedyBot(Bot):
    """Attacks when it can, else uses a damaging skill or card, else steps toward the nearest enemy,
    else plays a card, else ends the phase. Setup choices are random."""

    name = "greedy"

    def choose(self, state, rng: random.Random):
        legal = state.legal_actions()
        d = state.data
        if d.phase != "action":
            return rng.choice(legal)
        stop = enough(state)
        if stop is not None:
            return stop
        for kind in ("attack", "skill"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return rng.choice(options)
        plays = [a for a in legal if a.kind == "play" and "target" in a.args]
        if plays:
            return rng.choice(plays)
        me = d.heroes[d.seat]
        enemies = [h.pos for h in d.heroes if h.seat != me.seat and h.alive and h.pos]
        moves = [a for a in legal if a.kind == "move"]
        if enemies and moves:
            def gap(cell):
                return min(grid.distance(cell, e) for e in enemies)
            best = min(moves, key=lambda a: gap(a["to"]))
            if gap(best["to"]) < gap(me.pos):
                return best
        cheap = [a for a in legal if a.kind == "play" and a["card"][0] in "OMD"]
        if cheap and me.stamina > 2:
            return rng.choice(cheap)
        return next(a for a in legal if a.kind == "end")


class TacticalBot(Bot):
    """Fast and reading only its seat's view (``tactics.py``). Setup: the classic mode, the map whose spawns are
    closest, a strong hero with an attack bloodline, a winning score of 3, the spawn nearest the enemies. In its
    action phase it searches its own next actions (at most three deep, a fixed budget of engine steps, never a
    draw) and scores where each line stops: score, the enemies' HP through their shields with poison and bleed to
    come, a kill, its own HP against the damage the enemies can bring before its next turn, stamina and cards kept,
    a skill sequence begun, attacks and skill uses still in reach. The rng only breaks ties."""

    name = "tactical"

    def choose(self, state, rng: random.Random):
        legal = state.legal_actions()
        d = state.data
        if len(legal) == 1:
            return legal[0]
        if d.phase == "action":
            return enough(state) or tactics.plan(state.game, d, legal, rng)
        if d.phase == "discard":
            return min(legal, key=lambda a: tactics.keep_worth(a["card"]))
        return tactics.setup_choice(d, legal)

    def ranked(self, state, rng: random.Random):
        """In its action phase, its choice then every action by the worth of the best line it opens
        (``tactics.ranked``); elsewhere its choice, then the legal order."""
        legal = state.legal_actions()
        if state.data.phase != "action" or len(legal) == 1 or enough(state):
            return super().ranked(state, rng)
        return tactics.ranked(state.game, state.data, legal, rng)


def evaluate(d, players: int) -> list[float]:
    """An unfinished game's value per seat, as the tactical bot judges a position (``tactics.Judge``, the action phase
    ended there: the score lead, the enemies' HP and statuses, its own HP against the damage coming, stamina, cards,
    reach): each seat's worth against the best other seat's, squashed into (0, 1) with a point of score
    (``tactics.SCORE``) as the unit. Before every hero has spawned (setup) nothing is judged: ½ each. Measured
    against the score-and-HP value it replaced (greedy rollouts, 60 of them), strong vs tactical went from 21/40 to
    27/40 and 28/40 games on seeds the bench does not use."""
    if any(h.alive and h.pos is None for h in d.heroes):
        return [0.5] * players
    worth = [tactics.Judge(d, p)(d, False)[0] for p in range(players)]
    out = []
    for p, w in enumerate(worth):
        lead = (w - max(worth[:p] + worth[p + 1:])) / tactics.SCORE
        out.append(1 / (1 + math.exp(-max(-30.0, min(30.0, lead)))))
    return out


class StrongBot(_Search):
    """The tactical bot's move, kept unless a flat search from its own seat's view (``determinise.py``) finds a
    clearly better one (``explorer.search.PairedRollouts``: every candidate played in the same worlds, judged by its
    world-by-world difference from the tactical move, the field halved each round): greedy rollouts of 40 decisions
    (the tactical bot's three-deep look costs ~1 ms a decision, too much to roll out with), then the tactical bot's
    judgement of where they stop (``evaluate``). 80 rollouts at most: ~0.07 s CPU a decision (median, p90 ~0.17 s).
    ``StrongBot(iterations=…)`` sets the strength.

    Measured on seeds 1000+ (bench/strength.py keeps 0–29 for its own check), 20 seed pairs against tactical: the
    score-and-HP value 21/40 games; rollouts by the tactical bot one action deep (5× cheaper than its three-deep
    look, still 8× dearer than greedy) to the seat's next turn, or for 20 decisions, 22/40 and 25/40; greedy
    rollouts with the Judge's value 27/40 at 60 rollouts, 31.5/40 at 100 (to the seat's next turn only 16.5/40;
    for 30, 60 or 80 decisions at about the same CPU 27, 25.5 and 20.5/40). At 100, 30 pairs: 45.5/60 (seeds
    1000–1029) and 43/60 (2000–2029) against tactical, p90 ~0.13 s CPU; 59.5/60 against greedy. On the bench's own
    seeds (0–99 against tactical, 0–29 against greedy, seats swapped) 100 rollouts had a p90 of 0.21 s CPU, over
    issue 33's 0.2 s, for 126/200 and 59.5/60; 80 rollouts: 133/200 (sign test p = 1.3e-5) and 60/60, median
    0.071 s, p90 0.174 s."""

    name = "strong"
    prior = TacticalBot
    rollout = GreedyBot
    depth = 1
    default_iterations = 80
    keep_prior = 2.0
    evaluate = staticmethod(evaluate)

    def choose(self, state, rng: random.Random):
        return enough(state) or super().choose(state, rng)
