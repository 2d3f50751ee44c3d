# %% [markdown]
# # Our games inside OpenSpiel · 在 OpenSpiel 中运行
#
# [OpenSpiel](https://github.com/google-deepmind/open_spiel) is the library game-AI researchers and teachers use
# for search and learning in games. Our engine already has its shape: chance (机会) is a player with exact
# outcomes, and every state has its legal actions. `explorer.openspiel.register()` makes each of our games an
# OpenSpiel game named `rules_explorer_<game id>`, so OpenSpiel's algorithms run on our rules unchanged.
#
# - **Actions are integers.** Each action (kind and parameters) has one stable id, enumerated from the game's
#   content files (cards, characters, heroes, maps): the same action has the same id in every state.
# - **Chance** outcomes are our exact `Fraction`s given to OpenSpiel as floats.
# - **Hidden information stays hidden** (隐藏信息): a player's information-state string is built from
#   `state.view(player)` only.
# - **Bots alone need a bound.** OpenSpiel needs a `max_game_length`; a person's game has no round limit (the
#   document wins), so the OpenSpiel game's parameters default to the game's *simulation limits*, the same opt-in
#   switches bots and `make bench` use.

# %%
from fractions import Fraction

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import explorer
from explorer import openspiel as bridge

bridge.register()

# %% [markdown]
# ## 1 · Load a game with pyspiel
#
# The card MOBA (卡牌 MOBA) for two players. Its parameters are `players` and every variant switch; the round cap
# and action cap are filled in from `simulation_limits`.

# %%
game = pyspiel.load_game("rules_explorer_card_moba", {"players": 2})
print(game)
print("distinct actions:", game.num_distinct_actions(), "· longest game:", game.max_game_length(),
      "· utility:", game.get_type().utility)
ours = explorer.get_game("card_moba")
assert game.max_game_length() == ours.max_steps(2, ours.resolve_variant(ours.bounded_variant(2)))

# %% [markdown]
# The id layout: one block of ids per action kind and its parameters (the `play` kind has several, one per way
# a card is aimed).

# %%
for kind, names, first, size in game.space.layout()[:12]:
    print(f"{first:>6} … {first + size - 1:<6} {kind}({', '.join(names)})")

# %% [markdown]
# ## 2 · Chance: exact odds as floats
#
# The first draw of the game, from OpenSpiel and from our engine: each float is the nearest float to our
# `Fraction`, and the Fractions sum to exactly 1.

# %%
state = game.new_initial_state()
rng = np.random.RandomState(0)
while not state.is_chance_node() or state.explorer_state.chance_outcomes()[0][0].kind != "draw":
    state.apply_action(int(rng.choice(state.legal_actions())) if not state.is_chance_node() else
                       int(rng.choice([i for i, _ in state.chance_outcomes()])))
exact = {game.space.encode(a): p for a, p in state.explorer_state.chance_outcomes()}
for i, p in state.chance_outcomes():
    print(f"{state.action_to_string(pyspiel.PlayerId.CHANCE, i):<30} {p:.4f} ({exact[i]})")
assert sum(exact.values(), Fraction(0)) == 1
assert all(p == float(exact[i]) for i, p in state.chance_outcomes())

# %% [markdown]
# ## 3 · What each player knows
#
# Player 0's information state shows their own hand; player 1's shows only how many cards player 0 holds.

# %%
state.apply_action(int(rng.choice([i for i, _ in state.chance_outcomes()])))
mine, theirs = state.information_state_string(0), state.information_state_string(1)
print(mine[:300], "…")
assert mine != theirs and "\"hidden\": true" in theirs
hand = state.explorer_state.view(0)["players"][0]["hand"]
print("P0's hand:", hand, "· seen by P1 as:", state.explorer_state.view(1)["players"][0]["hand"])
assert "hidden" in state.explorer_state.view(1)["players"][0]["hand"] and "hidden" not in hand

# %% [markdown]
# ## 4 · Random rollouts
#
# Five games played by uniform random choices, chance sampled with its odds. Returns are +1 / −1 for a win and a
# loss (0 each if the round cap ends the game first).

# %%
def play_to_end(s, rs, bot=None):
    """Chance sampled with its odds; seat 0 asks ``bot`` when one is given; every other choice is uniform."""
    while not s.is_terminal():
        if s.is_chance_node():
            ids, odds = zip(*s.chance_outcomes(), strict=True)
            s.apply_action(int(rs.choice(ids, p=odds)))
        elif bot is not None and s.current_player() == 0:
            s.apply_action(bot.step(s))
        else:
            s.apply_action(int(rs.choice(s.legal_actions())))
    return s


for seed in range(5):
    end = play_to_end(game.new_initial_state(), np.random.RandomState(seed))
    print(f"game {seed}: {len(end.history())} steps, returns {end.returns()}")

# %% [markdown]
# ## 5 · OpenSpiel's MCTS bot plays a game
#
# `MCTSBot` with random rollouts takes seat 0; seat 1 plays at random. OpenSpiel's MCTS is a perfect-information
# search: it reads the whole state, so it cheats at a card game. A search that respects hidden information
# (ISMCTS) resamples the hidden cards with `resample_from_infostate`, which calls the game's `determinise`.

# %%
rs = np.random.RandomState(7)
bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, random_state=rs, solve=False,
                   evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs))
s = play_to_end(game.new_initial_state(), rs, bot)
print("steps:", len(s.history()), "· returns:", s.returns(), "· winners:", s.explorer_state.winners)
assert s.explorer_state.is_terminal

# %% [markdown]
# ## Summary
#
# `explorer.openspiel.register()` then `pyspiel.load_game("rules_explorer_<id>", {"players": n})` gives any of our
# three games to OpenSpiel: stable action ids, exact chance, views without leaks, a stated game length. The
# engine's own State stays one step away: `state.explorer_state` has the events, views and sentences.
#
# ## Exercises
#
# 1. Load `rules_explorer_eternal_breath` for three players and print its `num_distinct_actions`; which kind's
#    block is the largest, and why?
# 2. Give the MCTS bot more simulations (`max_simulations=20`) and play ten games against random: does it win more?
# 3. Load 城堡之心 with `round_cap=0`: why does it refuse, and what does the document say about a round limit?
