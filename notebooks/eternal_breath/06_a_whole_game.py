# %% [markdown]
# # 永恒之息 · 6 — A whole game, replayed and explained
#
# Notebooks 1–5 took the rules one at a time. Here two bots play a whole 2-player game from the draft to the
# victory (§1.4 游戏胜利: 当场上玩家剩余**1名**(2\~4人游戏)……这些玩家胜利并结束游戏), and we read it back: the
# rounds, the fights, the moment it was decided and its chain of causes, and what each player could see.
#
# The dice are not loaded by hand this time: they are drawn from a seeded random generator, which is the same
# thing one level up — the game's `history` records every chance outcome as an action, so replaying the history
# reproduces the game exactly, on every run.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 轮 / 回合 | round / turn | |
# | 事件 / 影响 | event / influence | every event names the clause it applied and the event that caused it |
# | 击败 / 胜利 / 平局 | defeat / victory / draw | the document has no draw; only the bots' opt-in round limit (`EB-A07`) ends a game without winners |

# %%
import inspect
from fractions import Fraction

import ipywidgets as ipw
import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, TERMINAL, IllegalAction
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import (assumption_markdown, clause_markdown, clauses_seen, run, states, step)
from widgets.games.eternal_breath.lessons import setup_steps, tutorial_setup

GID = "eternal_breath"
GAME = explorer.get_game(GID)
RULES = {c.id: c for c in explorer.rules(GID)}
ASSUMPTIONS = {a.id: a for a in explorer.assumptions(GID)}

# %%
TAUGHT = ["EB-1.4-victory", "EB-1.3-loss", "EB-3.2-defeat", "EB-1.2-round", "EB-3.2-attack", "EB-3.2-damage",
          "EB-3.2-conflict-cause", "EB-3.1-hand"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# ## The players
#
# `GreedyBot` attacks where the expected damage is highest (computed exactly with the combat rules of
# notebook 3), defends with the answer of least expected damage, and otherwise summons, prepares and heals. It
# plays both seats.

# %%
from explorer.games.eternal_breath.bots import GreedyBot, expected_damage
bots = {0: GreedyBot(), 1: GreedyBot()}

# %% [markdown]
# A person's game has no round limit: the document ends a game only when one player is left (`EB-1.4-victory`).
# Bots playing alone might go on for ever, so a bots' game states its bound: `GAME.bounded_variant(2)` adds the
# opt-in limits of `GAME.simulation_limits(2)` (`EB-A07`: 30 rounds, then a draw with no winner; `EB-A15`: 40 actions
# per play phase). Many greedy games run into that limit. We take the first seed whose game ends with a winner —
# a choice made by the engine's own play, not typed in:

# %%
BOTS_VARIANT = GAME.bounded_variant(2)      # the bots' stated limits
print(BOTS_VARIANT)

def game_of(seed, variant=None):
    return explorer.play_out(explorer.new_game(GID, players=2, variant=GAME.bounded_variant(2, variant)), bots, seed=seed)

outcomes = {}
for seed in range(20):
    outcomes[seed] = game_of(seed)
    if outcomes[seed].winners:
        SEED = seed
        break
end = outcomes[SEED]
print({seed: (g.winners, g.data.round) for seed, g in outcomes.items()})
print(f"seed {SEED}: {len(end.history)} actions, {len(end.log)} events, {end.data.round} rounds, winners {end.winners}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert BOTS_VARIANT == {"round_limit": 30, "play_action_cap": 40}
assert end.is_terminal and len(end.winners) == 1
assert all(not g.winners and g.data.round == 30 for seed, g in outcomes.items() if seed != SEED)

# %% [markdown]
# ## The history is the game
#
# `explorer.replay` applies the recorded history (chance outcomes included) to a new game; the result equals the
# end state — and a saved game (`to_json`) loads back equal too.

# %%
again = explorer.replay(GID, players=2, variant=end.variant, history=end.history)
chance_steps = sum(1 for a in end.history if a.player == CHANCE)
print(f"{chance_steps} of {len(end.history)} actions were chance: dealer, reveals, draws, dice, judgments")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert again == end and again.log == end.log
assert explorer.from_json(end.to_json()) == end

# %% [markdown]
# ## The game in rounds
#
# For each round: the attacks, the damage each player's characters took, and the coins. Every figure comes from
# the events' own numbers.

# %%
rounds = {}
current = 0
for e in end.log:
    if e.kind in ("game start", "round"):
        current = e.number("round")
    r = rounds.setdefault(current, {"attacks": 0, "damage to P0": 0, "damage to P1": 0, "deaths": 0})
    if e.kind == "attack":
        r["attacks"] += 1
    if e.kind in ("damage", "effect damage", "life loss") and e.targets:
        r[f"damage to P{e.targets[0]}"] += e.number("damage")
    if e.kind == "death":
        r["deaths"] += 1
for rnd, r in rounds.items():
    if rnd:
        print(f"round {rnd:2}: {r}")
total_damage = sum(e.number("damage") for e in end.log if e.kind in ("damage", "effect damage", "life loss"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sum(r["damage to P0"] + r["damage to P1"] for r in rounds.values()) == total_damage
assert max(rounds) == end.data.round
assert sum(r["attacks"] for r in rounds.values()) == sum(1 for e in end.log if e.clause == "EB-3.2-attack")

# %% [markdown]
# ### A picture: damage taken per round

# %%
xs = [rnd for rnd in rounds if rnd]
fig = go.Figure([go.Bar(name=f"damage to P{p}'s characters", x=xs, y=[rounds[x][f"damage to P{p}"] for x in xs]) for p in (0, 1)])
fig.update_layout(barmode="group", title=f"Seed {SEED}: damage taken per round", xaxis_title="round", yaxis_title="damage", height=330)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sum(sum(bar.y) for bar in fig.data) == total_damage

# %% [markdown]
# ## How it was decided
#
# The loss (`EB-1.3-loss`) and the victory (`EB-1.4-victory`) are events like any other; following `cause`
# backwards through the event graph gives the chain that decided the game — usually an attack (`EB-3.2-attack`),
# its damage (`EB-3.2-damage`), the dying self character, its death. The causing event always resolves before the
# events it causes (`EB-3.2-conflict-cause`): in the graph every edge points forward in resolution order.

# %%
graph = explorer.event_graph(end.log)
victory = next(e for e in end.log if e.clause == "EB-1.4-victory")
chain, node = [], victory.id
while node is not None:
    chain.append(graph.nodes[node]["event"])
    node = chain[-1].cause
for e in reversed(chain):
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
loser = next(e for e in end.log if e.clause == "EB-1.3-loss").targets[0]
kinds = [e.kind for e in chain]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert set(end.winners) == {0, 1} - {loser}
assert all(graph.nodes[a]["order"] < graph.nodes[b]["order"] for a, b in graph.edges)
assert chain[-1].cause is None and kinds[:2] == ["victory", "loss"]           # from the victory back to a root
assert any(e.kind == "death" and e.targets[0] == loser for e in chain)

# %% [markdown]
# ### A picture: the decisive turn as an event chain
#
# Every event of the turn in which the game ended, as the app's Event chains tab draws it: a box per event with
# its sentence, kind and clause, one under another in resolution order and indented by its depth in the chain of
# causes; independent chains side by side; an edge from cause to effect, coloured by relation.

# %%
from widgets.event_graph.picture import chain_picture
from widgets.event_graph.layout import spec_boxes

last_turn_start = max(e.id for e in end.log if e.kind == "phase" and e.number("phase") == "settle")
turn_log = [e for e in end.log if e.id >= last_turn_start]
g = explorer.event_graph(turn_log)
picture = chain_picture(g, "en")
drawn = {b["id"]: b for b in spec_boxes(picture.spec)}
picture

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert g.number_of_nodes() == len(turn_log) == len(drawn) and victory.id in drawn
assert all(drawn[e.id]["depth"] == drawn[e.cause]["depth"] + 1 for e in turn_log if e.cause in drawn)

# %% [markdown]
# ## Which rules did this game use?
#
# Each event cites one clause. Counting them shows what a real game is made of (and what it never needed):

# %%
from collections import Counter
cited = Counter(e.clause for e in end.log)
top = cited.most_common(15)
for clause, n in top:
    print(f"{n:5}  {clause:28} {RULES[clause].en}")
never = sorted(c for c in RULES if c not in cited)
print(len(cited), "clauses cited;", len(never), "never needed in this game, e.g.", never[:6])
fig = go.Figure(go.Bar(x=[n for _, n in top], y=[c for c, _ in top], orientation="h"))
fig.update_layout(title="The 15 most cited clauses", yaxis={"autorange": "reversed"}, height=420)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sum(cited.values()) == len(end.log) and set(cited) <= set(RULES)

# %% [markdown]
# ## What each player saw (`EB-3.1-hand`)
#
# The omniscient log above is for us. A player sees their own hand and picks, but not the other's: `State.view(p)`
# masks hidden things, and events private to the other player are redacted (who did what kind of thing, without
# the cards).

# %%
private = [e for e in end.log if e.private_to is not None]
seen_by_1 = explorer.visible_log(end.log, 1)
redacted_for_1 = [e for e, v in zip(end.log, seen_by_1, strict=True) if v != e]
print(f"{len(private)} private events; P1 sees {len(redacted_for_1)} of them redacted, e.g. {redacted_for_1[0].kind!r} without its numbers")
mid = explorer.replay(GID, players=2, variant=end.variant, history=end.history[: len(end.history) // 2])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(e.private_to == (0,) for e in redacted_for_1)
assert all(v.numbers == () for e, v in zip(end.log, seen_by_1, strict=True) if v != e)
assert explorer.is_hidden(mid.view(1)["players"][0]["hand"]) and not explorer.is_hidden(mid.view(0)["players"][0]["hand"])

# %% [markdown]
# ## Assumption `EB-A07` once more: what the bots' round limit changes
#
# Some seeds end in a draw at the bots' 30-round limit; take the first. Under `round_limit = 60` the **same** seed plays the **same**
# game up to that point — the switch changes only when the game may stop — and then goes on:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A07"])))
drawn_seed = next(seed for seed in range(20) if not (outcomes.get(seed) or game_of(seed)).winners)
short, longer = game_of(drawn_seed), game_of(drawn_seed, {"round_limit": 60})
same = next(i for i, (a, b) in enumerate(zip(short.history, longer.history, strict=False)) if a != b) if short.history != longer.history[: len(short.history)] else len(short.history)
print(f"seed {drawn_seed}: 30 rounds → winners {short.winners}, {len(short.history)} actions; "
      f"60 rounds → winners {longer.winners}, round {longer.data.round}, {len(longer.history)} actions; identical for the first {same}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert short.winners == () and short.data.round == 30
assert same == len(short.history) and len(longer.history) > len(short.history)

# %% [markdown]
# ## Step through it yourself
#
# The board below holds the whole game (a `GameSession` with every action of the history); move with the step
# controls, view it as either player, or branch off by choosing differently. The **Learn** tour replays the six
# lessons of these notebooks step by step, with their clauses.

# %%
from widgets.play.game_session import GameSession
from widgets.learn.guided_tour import GuidedTour
session = GameSession(GID, 2, variant=BOTS_VARIANT, seed=SEED)
accepted = [session.choose(action, autoplay=False) for action in end.history]
tour = GuidedTour(game_id=GID)
tour.reset()
tour

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(accepted)
assert session.state == end
assert tour.forward() and tour.step == 1
tour.reset()

# %%
from widgets.games.eternal_breath.board import EternalBreathBoard
from widgets.components.step_controls import StepControls
session.goto(0)
board = ipw.VBox([StepControls(session), EternalBreathBoard(session)])
board

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert session.step == 0

# %% [markdown]
# ## Summary
#
# * A game is its history: every choice and every chance outcome. Replaying it reproduces every event; saving and
#   loading it changes nothing.
# * The decisive chain runs from an attack through damage, dying and death to the loss and the victory, each event
#   citing its clause and its cause.
# * Players see only what the rules let them: their own hand and picks; the rest is masked or redacted.
# * The document has no draw; the bots' opt-in round limit (`EB-A07`) only decides when an endless bots' game
#   stops, and a person's game has none.
#
# The registers (`rules.toml`, `assumptions.toml`) hold every clause and every assumption; each of them is
# taught somewhere in this series (`tests/notebooks/test_tutorials.py` checks). Next: **07_event_resolution.ipynb**
# — which event resolves first, read on the event graph.
#
# ## Exercises

# %%
ex1 = Exercise("1. How many rounds did the seeded game last?", "1. 这局游戏持续了多少轮？", answer=lambda: end.data.round,
               game=GID, clause="EB-1.2-round")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
attacks_by_winner = sum(1 for e in end.log if e.clause == "EB-3.2-attack" and e.actor == end.winners[0])

# %%
ex2 = Exercise("2. How many attacks did the winner declare in the whole game?", "2. 胜者整局共发动了多少次攻击？", answer=attacks_by_winner,
               game=GID, clause="EB-3.2-attack",
               hint_en="count the events citing EB-3.2-attack whose actor is the winner", hint_zh="数一数胜者发起、引用 EB-3.2-attack 的事件")
ex2

# %%
ex3 = Exercise("3. Which seat won? (0 or 1)", "3. 哪个座位获胜？（0 或 1）", answer=lambda: end.winners[0], kind="choice", choices=("0", "1"),
               game=GID, clause="EB-1.4-victory")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, end.data.round), (ex2, attacks_by_winner), (ex3, end.winners[0])):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
