# %% [markdown]
# # Balance lab · 平衡实验室
#
# The three games are prototypes written by their authors; what players and designers most want to know is
# whether they are **fair** (公平): does the first seat win more, is a character, hero or identity too strong, what
# does one reading of an unclear rule do to the balance? This notebook plays many seeded bot games and reads the
# win rates with honest 95 % intervals (Wilson score intervals, 置信区间).
#
# - `balance.Study(game, players, games, bots, variant, seed)` names a study; game *i* uses a seed made
#   from the study's seed and *i* only, so **the table never depends on how the games were spread over workers**.
# - `balance.run(study, workers=…)` plays it on a [Dask](https://docs.dask.org) cluster (a
#   `LocalCluster` of worker processes here; `scheduler="tcp://host:8786"` for an existing one) and returns one
#   pandas row per game. `summarise(df)` gives the win rates with intervals.
# - The same from a terminal: `python -m balance eternal_breath --players 4 --games 1000 --bots greedy
#   --out study.parquet` (a progress bar, then the summary; `--scheduler tcp://host:8786` for a cluster started with
#   `dask scheduler` and `dask worker tcp://host:8786` on each machine).
#
# **Bots alone need a bound.** The rule documents have no round limit (the document wins in a person's game), but
# bots could play for ever, so a study fills in each game's `simulation_limits` (e.g. 永恒之息 EB-A07 and EB-A15,
# the MOBA MB-A15 and MB-A17, 城堡之心 CH-A14); every row records the variant it used and how the game ended.
# The bots are the games' `greedy` bots: weak players, so these numbers describe greedy play, not expert play.

# %%
import json

import pandas as pd
import plotly.graph_objects as go

import explorer
from balance import Study, game_seed, run, summarise, wilson


def rates_figure(rates, title, label=lambda name: name):
    """Win rates as bars with their Wilson 95 % intervals, and the fair line."""
    fig = go.Figure(go.Bar(x=[label(r.name) for r in rates], y=[r.rate for r in rates],
                           error_y={"type": "data", "symmetric": False,
                                    "array": [r.interval[1] - r.rate for r in rates],
                                    "arrayminus": [r.rate - r.interval[0] for r in rates]},
                           customdata=[f"{r.wins}/{r.games}" for r in rates],
                           hovertemplate="%{x}: %{y:.1%} (%{customdata})<extra></extra>"))
    fig.add_hline(y=rates[0].fair, line_dash="dot", annotation_text=f"fair 公平 {rates[0].fair:.1%}")
    fig.update_layout(title=title, yaxis={"tickformat": ".0%", "range": [0, 1]}, height=340)
    return fig


# %% [markdown]
# ## 1 · 永恒之息, four players, on a cluster of two worker processes
#
# Forty games of four greedy bots. The progress bar below is tqdm's notebook bar; in a terminal it is a text bar.

# %%
eb = Study("eternal_breath", players=4, games=40, bots=("greedy",), seed=2026)
eb_table = run(eb, workers=2)
assert list(eb_table["game"]) == list(range(40))                      # every game once, in order
assert list(eb_table["seed"]) == [game_seed(2026, i) for i in range(40)]
assert json.loads(eb_table["variant"].iloc[0])["round_limit"] == 30    # the simulation limit, recorded
eb_table[["game", "character_0", "character_1", "character_2", "character_3", "winners", "rounds", "ended"]].head()

# %% [markdown]
# The same study in this one process gives the very same table (the reproducibility the balance lab promises):

# %%
again = run(Study("eternal_breath", players=4, games=8, bots=("greedy",), seed=2026), workers=0, progress=False)
pd.testing.assert_frame_equal(again, eb_table.head(8))

# %% [markdown]
# ### Win rate by seat (座位)
#
# "Fair" for a seat is its share of the winners if seats did not matter (w winners of n seats: w / n per game; a
# draw is never a win): a seat whose interval does not reach it **differs from fair beyond the interval**. With 40 games
# the intervals are wide: a difference has to be large to show.

# %%
eb_summary = summarise(eb_table)
seats = eb_summary["seat"]
assert sum(r.wins for r in seats) == sum(len(json.loads(w)) for w in eb_table["winners"])
for r in seats:
    low, high = r.interval
    assert low <= r.rate <= high and (low, high) == wilson(r.wins, r.games)
rates_figure(seats, "永恒之息 ×4: win rate by seat · 按座位胜率")

# %% [markdown]
# ### Win rate by self character (自身角色)
#
# Each seat of each game counts once for the character it drafted (EB-1.1.2-special-pick).

# %%
game = explorer.get_game("eternal_breath")
chars = eb_summary["character"]
assert sum(r.games for r in chars) == 40 * 4
rates_figure(chars, "永恒之息: win rate by self character · 按自身角色胜率",
             label=lambda cid: f"{game.fact_label('character', cid, 'zh')} {game.fact_label('character', cid, 'en')}")

# %% [markdown]
# ### How long the games were, and how they ended
#
# Greedy bots often stall: the games that reach the bots' round limit end with no winner (EB-A07, a limit the
# document does not have). A study says how many, so that nobody reads a stalled game as a balanced one.

# %%
fig = go.Figure(go.Histogram(x=eb_table["rounds"], nbinsx=15))
fig.update_layout(title="永恒之息 ×4: rounds per game · 每局轮数", xaxis_title="rounds 轮", yaxis_title="games 局",
                  height=300)
ended = eb_table["ended"].value_counts()
assert ended.sum() == 40
print(ended.to_string())
capped = int(eb_table["capped"].sum())
assert (eb_table[eb_table["capped"]]["winners"] == "[]").all()   # the bots' 30-round limit (EB-A07): no winner
print(f"{capped} of 40 games reached the bots' round limit (EB-A07) and ended with no winner")
fig

# %% [markdown]
# ## 2 · 城堡之心: win rate by hidden identity (身份)
#
# Five players: the count rules deal a lord (城主), enemies (敌军), a reinforcement (援军) or a neutral (中立).
# Sides win together, so each identity is counted **once per game** (it wins the game when its seats do): n is a
# number of games, never of seats, and the intervals are honest.

# %%
ch_table = run(Study("castle_heart", players=5, games=150, bots=("greedy",), seed=7), workers=2)
ch = summarise(ch_table)
castle = explorer.get_game("castle_heart")
assert {r.name: r.games for r in ch["identity"]} == {"lord": 150, "reinforcement": 150, "enemy": 150}  # per game
rates_figure(ch["identity"], "城堡之心 ×5: win rate by identity · 按身份胜率",
             label=lambda v: f"{castle.fact_label('identity', v, 'zh')} {castle.fact_label('identity', v, 'en')}")

# %% [markdown]
# ## 3 · What if? The same seeds under two readings
#
# 城堡之心 never says how far apart two seats are (assumption CH-A03, switch `distance`): our default counts
# seats round the table; the other reading makes every seat adjacent. Playing the **same seeds** under both
# readings compares like with like (the deals are the same; what differs is what the rule lets happen).

# %%
readings = {}
for value in ("seats", "adjacent_all"):
    readings[value] = run(Study("castle_heart", players=5, games=150, bots=("greedy",), variant={"distance": value},
                                seed=7), workers=2, progress=False)
assert list(readings["seats"]["seed"]) == list(readings["adjacent_all"]["seed"])
pd.testing.assert_frame_equal(readings["seats"], ch_table)             # the default reading is the table above
fig = go.Figure()
for value, df in readings.items():
    rates = summarise(df)["identity"]
    fig.add_bar(name=f"distance = {value}", x=[castle.fact_label("identity", r.name) for r in rates],
                y=[r.rate for r in rates],
                error_y={"type": "data", "symmetric": False, "array": [r.interval[1] - r.rate for r in rates],
                         "arrayminus": [r.rate - r.interval[0] for r in rates]})
fig.update_layout(barmode="group", title="城堡之心: identity win rates under two readings of CH-A03",
                  yaxis={"tickformat": ".0%", "range": [0, 1]}, height=340)
fig

# %% [markdown]
# ## 4 · The MOBA: win rate by hero (英雄), two players

# %%
mb_table = run(Study("card_moba", players=2, games=100, bots=("greedy",), seed=3), workers=0)
moba = explorer.get_game("card_moba")
heroes = summarise(mb_table)["hero"]
assert sum(r.games for r in heroes) == 200
rates_figure(heroes, "MOBA ×2: win rate by hero · 按英雄胜率",
             label=lambda h: f"{moba.fact_label('hero', h, 'zh')} {moba.fact_label('hero', h, 'en')}")

# %% [markdown]
# ## Reading the intervals honestly
#
# A Wilson interval is the set of win rates *p* for which the observed rate is within 1.96 standard errors:
# the roots of (p̂ − p)² = z² p (1 − p) / n. A fair coin thrown 100 times with 50 heads gives [40.4 %, 59.6 %]:

# %%
low, high = wilson(50, 100)
assert round(low, 3) == 0.404 and round(high, 3) == 0.596
print(f"50 of 100: [{low:.1%}, {high:.1%}]")

# %% [markdown]
# ## 5 · Three findings a designer can act on · 三个可据以行动的发现
#
# The tools behind the app's Balance tab, one real finding per game. Each study is small (seconds) and seeded, so
# the numbers below are the same on every machine; each cell **asserts what it shows**.
#
# - `card_rates(df)`: per card, the win rate of the games where some seat played it against those where some seat
#   did not (Wilson 95 %, n = games); the test is the exact conditional (Poisson-binomial) test of the played seats'
#   wins against their chance if the card did not matter, Holm-corrected over all the cards.
# - `matchups(df, facet)`: hero × hero (MOBA), character × character (永恒之息), the row's win rate against the
#   column, each cell tested the same way, Holm over the cells.
# - `by_length(df)` and `length_trend(df)`: the win rate against game length, and the linear-by-linear
#   (Mantel–Haenszel trend) test of the first player's win against the length.
# - `replay(row)`: any game of a table, played again from its row (same seed, bots and switches): its final State.
#
# The charts are the Balance tab's own (`widgets.balance.figures`).

# %%
from scipy import stats

from balance import replay
from balance.analysis import by_length, card_label, card_rates, length_trend, matchups
from balance.summary import first_player, homogeneity_tests
from explorer.links import link_code
from widgets.balance.figures import card_figure, length_figure, matchup_figure, place_label
from widgets.balance.lab import T

words = T["en"]

# %% [markdown]
# ### 永恒之息 · a card that goes with winning: Twin Blade (双刃)
#
# Four hundred two-player games of greedy bots (about ten seconds). Nearly every game sees Twin Blade played by
# both seats, which says nothing; what tells is the **games where only one seat played it**. For two players the
# exact test is then the sign test of those games: did the seat that played it win?

# %%
eb2 = run(Study("eternal_breath", players=2, games=400, bots=("greedy",), seed=2026), workers=0, progress=False)
cards = card_rates(eb2)
twin = cards[0]
assert twin.card == "atk_twin_blade" and twin.differs          # the smallest p, and below 0.05 after Holm
assert all(not c.differs for c in cards[1:])                    # the only card flagged among all of them
played = [set(json.loads(eb2[f"cards_{p}"].iloc[g])) for p in range(2) for g in range(len(eb2))]
alone = [(g, p) for g in range(len(eb2)) for p in range(2)
         if "atk_twin_blade" in played[p * len(eb2) + g] and "atk_twin_blade" not in played[(1 - p) * len(eb2) + g]
         and not eb2["draw"].iloc[g]]
won = sum(int(eb2[f"win_{p}"].iloc[g]) for g, p in alone)
assert abs(twin.p - stats.binomtest(won, len(alone), 0.5).pvalue) < 1e-9  # the sign test, as scipy has it
print(f"{card_label('eternal_breath', twin.card)} / {card_label('eternal_breath', twin.card, 'zh')}: when only one "
      f"seat played it, that seat won {won} of {len(alone)} decided games (p = {twin.p:.2g}, Holm over {len(cards)} "
      f"cards {twin.p_holm:.2g})")
card_figure(cards, lambda c: card_label("eternal_breath", c), words)

# %% [markdown]
# An association, not yet a cause: a seat that lives longer plays more cards. The next study a designer would run is
# a what-if that changes the card (a sample-set edit) on the same seeds.
#
# ### The MOBA · a hero too strong for greedy play: Reaver (掠夺者)
#
# A hundred four-player games (two seconds). The chi-square screen says the heroes differ; the per-hero score
# tests (Holm over the seven heroes) say which; the heatmap shows whom Reaver beats.

# %%
mb4 = run(Study("card_moba", players=4, games=100, bots=("greedy",), seed=3), workers=0, progress=False)
tests = {h.facet: h for h in homogeneity_tests(mb4)}
assert tests["hero"].differs and not tests["seat"].differs and not tests["turn"].differs
heroes = {r.name: r for r in summarise(mb4)["hero"]}
reaver = heroes["reaver"]
assert [name for name, r in heroes.items() if r.unfair] == ["reaver"] and reaver.rate > 2 * reaver.fair
print(tests["hero"].line())
print(reaver.line(f"{moba.fact_label('hero', 'reaver')} {moba.fact_label('hero', 'reaver', 'zh')}"))
values, cells = matchups(mb4, "hero")
assert cells[("reaver", "bulwark")].differs and all(c.name.startswith("reaver") for c in cells.values() if c.differs)
matchup_figure(values, cells, lambda h: moba.fact_label("hero", h),
               words["matchup_title"].format(facet=words["hero"]), words)

# %% [markdown]
# More than half of these games stop at the bots' round cap (MB-A15, a draw for everyone): Reaver's edge holds in
# the finished games too (`summarise(mb4, finished_only=True)`).

# %%
assert summarise(mb4, finished_only=True)["hero"][[r.name for r in summarise(mb4)["hero"]].index("reaver")].unfair

# %% [markdown]
# ### 城堡之心 · the lord moves first and never survives a short game
#
# The lord takes the first turn (CH-turn-order), so the first player's advantage here is the lord's. A hundred
# five-player games (three seconds): the lord loses far more than any later place, and the **win rate against game
# length** shows why: about half the games end within two rounds, and the lord wins none of them.

# %%
ch5 = run(Study("castle_heart", players=5, games=100, bots=("greedy",), seed=7), workers=0, progress=False)
assert all(ch5[f"identity_dealt_{int(f)}"].iloc[g] == "lord" for g, f in enumerate(ch5["first"]))
assert all(x.interval[1] < 0 and x.p_holm < 0.05 for x in first_player(ch5))   # 1st − every later place
bins = by_length(ch5)
short = bins[0]
assert short.high <= 2 and short.games >= 40 and short.rates[0].wins == 0           # the lord: no short game won
trend = length_trend(ch5)
assert trend.r > 0 and trend.p < 0.001
print(trend.line())
length_figure(bins, "rounds", words, lambda name: place_label(name, 5, words))

# %% [markdown]
# A finding about greedy bots, first: an enemy team that attacks at once beats a lord who has not yet built
# defences. Whether people play like that is for a playtest; the document's rules allow it (the register's
# CH-A14 is only the bots' round cap).
#
# ## 6 · Reproduce any game · 复现任意一局
#
# Every row says how to play its game again: `replay(row)` takes the row's seed, bots and switches and returns the
# game's final State — the same winners, the same number of steps. The Balance tab's "Open in Play" does this and
# opens the game in the Play tab (a `?play=` link: the actions from a new game; the table shows Player 0's view only).

# %%
shortest = ch5.loc[ch5["steps"].idxmin()]
end = replay(shortest)
assert sorted(end.winners) == json.loads(shortest["winners"]) and len(end.history) == shortest["steps"]
print(f"game {shortest['game']}: {len(end.history)} steps, won by seats {sorted(end.winners)}; the lord sat at "
      f"seat {shortest['first']}; a Play link of {len(link_code(end))} characters")
print("\n".join(e.clause for e in end.log[-3:]))
