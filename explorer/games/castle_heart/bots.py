"""Bots for 城堡之心: the greedy bot plays to its faction's goal, from what its seat may see; the tactical bot
reads identities from the public log and scores every action with the exact odds (``tactics.py``); the strong
bot searches (ISMCTS from its own view, ``explorer.search``) with greedy rollouts."""

from __future__ import annotations

import random

from explorer import Bot
from explorer.search import StrongBot as _Search

from .content import CONTENT
from .records import ENEMY, LORD, NEUTRAL, camp

PREFERENCE = ("block", "rescue", "heal", "equip", "skill", "magic", "lightning", "missiles", "attack", "follow_up",
              "doom_axe", "bear_axe", "command", "soldier_attack", "counter", "keep_ring", "ice", "abyss_discard",
              "join", "deploy", "fireball_split")
HARMFUL = ("fireball", "hold", "disintegrate")
YES = {"ice": "spend", "keep_ring": "keep", "bear_axe": "use", "doom_axe": "again"}


def foes(d, me: int) -> set[int]:
    """Whom the seat fights (CH-goal-*): enemies go for the lord; the lord's side for anyone not known to be a
    friend; an undeclared neutral for everyone."""
    mine = d.seats[me]
    alive = {i for i, s in enumerate(d.seats) if s.alive and i != me}
    if mine.identity == ENEMY or (mine.identity == NEUTRAL and mine.declared == ENEMY):
        return {d.lord} & alive or alive
    if mine.identity == NEUTRAL and not mine.declared:
        return alive
    friends = {i for i in alive
               if d.seats[i].identity == LORD or (d.seats[i].revealed and camp(d.seats[i]) == "castle")}
    return (alive - friends) or alive


def wanted(a, d, me: int, bad: set[int]) -> bool:
    """Does this action serve the seat's side?"""
    k, t = a.kind, a.get("target")
    if k in ("attack", "lightning", "missiles", "command"):
        return t in bad
    if k == "magic":
        effect = CONTENT.cards[a.get("card")].effect
        if effect in HARMFUL:
            return t in bad
        return t not in bad if effect == "counter" else True
    if k == "counter":
        return d.spell.caster in bad
    if k in ("heal", "rescue"):
        return t is not None and (t == me or t not in bad)
    if k in YES:
        return bool(a.get(YES[k]))
    if k in ("follow_up", "join", "fireball_split"):
        return a.get("member" if k == "follow_up" else "soldier") is not None
    return k in ("block", "equip", "skill", "soldier_attack", "abyss_discard", "deploy")


class GreedyBot(Bot):
    """Blocks, rescues friends, heals, equips, plays magic at foes, then hits a foe of its faction."""

    name = "greedy"

    def choose(self, state, rng: random.Random):
        d, legal = state.data, state.legal_actions()
        me = legal[0].player
        bad = foes(d, me)
        good = [a for a in legal if wanted(a, d, me, bad)]
        for kind in PREFERENCE:
            options = [a for a in good if a.kind == kind]
            if options:
                return rng.choice(options)
        passive = [a for a in legal if is_passive(a)]
        return rng.choice(passive or legal)


class TacticalBot(Bot):
    """Fast tactics from the seat's own view (``tactics.py``): identity reads from public behaviour (who attacked
    the lord, who healed or rescued him, who declared, the rewards for a kill), focus fire on the foe it can
    bring down, the lord's life first on his side (CH-goal-lord), the lord for the enemies (CH-goal-enemy), and a
    neutral playing to be the last camp standing (CH-goal-neutral). Depends only on the state as the seat sees it
    (its log may be the seat's redacted one, or empty: then only the board is read) and the rng, which breaks
    ties. One bot may play every seat; it keeps what it read of the log, and reads only the new events."""

    name = "tactical"

    def __init__(self):
        from .tactics import Reader

        self.reader = Reader()

    def choose(self, state, rng: random.Random):
        from .tactics import choose

        return choose(state, rng, self.reader)


def is_passive(a) -> bool:
    """Saying no: ending the phase, letting a card work, declining a choice."""
    if a.kind in ("end_play", "let_pass", "take_hit", "end_deploy", "abyss_take"):
        return True
    if a.kind in YES:
        return not a.get(YES[a.kind])
    if a.kind == "neutral_choice":
        return not a.get("join")
    return any(value is None for _, value in a.params) and a.kind != "magic"


def _health(seats) -> float:
    """The mean share of starting HP left over some heroes (a dead one counts 0), or 0 for none."""
    return sum(max(s.hp, 0) / s.max_hp for s in seats if s.alive and s.max_hp) / len(seats) if seats else 0.0


def evaluate(d, players: int) -> list[float]:
    """An unfinished game's value per seat, by side (CH-goal-lord, CH-goal-enemy): ½ plus half the lead of its
    side's health over the other side's (the lord counts double: the enemies win when he falls). An undeclared
    neutral (CH-goal-neutral) is scored ½: its goal depends on how the others fare."""
    castle = [s for s in d.seats if camp(s) == "castle"]
    enemies = [s for s in d.seats if camp(s) == "enemy"]
    lord = d.seats[d.lord] if d.lord >= 0 else None
    castle_health = (_health(castle) + (_health([lord]) if lord else 0.0)) / 2
    lead = castle_health - _health(enemies)
    side = {"castle": 0.5 + lead / 2, "enemy": 0.5 - lead / 2}
    return [side.get(camp(s), 0.5) for s in d.seats]


class StrongBot(_Search):
    """The tactical bot's move, kept unless a flat search from its own seat's view (``determinise.py``: hands,
    deck and hidden identities redrawn) finds a clearly better one (``explorer.search.PairedRollouts``: every
    candidate played in the same worlds, the field halved each round): tactical bots in every seat to the end (at
    most 1,000 decisions, then the side-health evaluation). 24 rollouts at most: ~0.03 s CPU a decision (median).
    ``StrongBot(iterations=…)`` sets the strength."""

    name = "strong"
    prior = TacticalBot
    rollout = TacticalBot
    depth = 1
    rollout_steps = 1000
    default_iterations = 24
    keep_prior = 2.0
    evaluate = staticmethod(evaluate)
