"""城堡之心's neutral can win (issue 34, item 1): 6-player games with a neutral (the default mix L R N E E E),
greedy bots in every seat and then tactical bots in every seat, ``GAMES`` seeded games each under the simulation
limits.

Each row: how the games ended (the clause of the last event: the lord's side, the enemies, the neutral as neutral
``CH-goal-neutral``, the round cap), with Wilson 95 % intervals. The seeds are the balance lab's own
(``balance.study.game_seed``), the same for both bots. Greedy's neutral never declares, so when the last
enemy falls it must choose a camp and cannot win as neutral; the tactical neutral plays for its own goal (CH-A41).
A few seconds: in the default set.
"""

from __future__ import annotations

import os
from collections import Counter

import explorer
from balance.study import game_seed
from balance.summary import wilson

GAMES = int(os.environ.get("NEUTRAL_GAMES", "600"))
PLAYERS = 6
ENDS = {"CH-goal-lord": "the lord's side won", "CH-goal-reinforcement": "the lord's side won",
        "CH-end-neutral-as-reinforcement": "the lord's side won", "CH-goal-enemy": "the enemies won",
        "CH-goal-neutral": "the neutral won, as neutral", "CH-round-cap": "the round cap stopped it"}


def endings(bot: str, games: int = GAMES) -> Counter:
    """How ``games`` seeded 6-player games with ``bot`` in every seat ended, by ``ENDS``."""
    game = explorer.get_game("castle_heart")
    variant = game.resolve_variant(game.bounded_variant(PLAYERS))
    cls = game.bots()[bot]
    out: Counter = Counter()
    for i in range(games):
        start = explorer.new_game("castle_heart", PLAYERS, variant)
        end = explorer.play_out(start, {p: cls() for p in range(PLAYERS)}, seed=game_seed(0, i),
                                max_steps=game.max_steps(PLAYERS, variant))
        clause = end.log[-1].clause if end.is_terminal else "unfinished"
        out[ENDS.get(clause, clause)] += 1
    return out


def run():
    for bot in ("greedy", "tactical"):
        ends = endings(bot)
        for what in dict.fromkeys(ENDS.values()):
            wins = ends[what]
            low, high = wilson(wins, GAMES)
            row = {"bench": "neutral", "case": f"castle_heart 6p, {bot} everywhere: {what} in {wins}/{GAMES}, "
                   f"Wilson 95 % {low:.1%}–{high:.1%}", "value": wins / GAMES, "unit": "share"}
            if what == ENDS["CH-goal-neutral"] and bot == "tactical":
                row.update(target="> 0 (the neutral can win, issue 34)", ok=low > 0)
            yield row
        other = sum(c for k, c in ends.items() if k not in ENDS.values())
        if other:
            yield {"bench": "neutral", "case": f"castle_heart 6p, {bot} everywhere: other ends {dict(ends)}",
                   "value": other / GAMES, "unit": "share"}
