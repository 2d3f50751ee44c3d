# %% [markdown]
# # 城堡之心 · 7 — A whole game, replayed from one seat
#
# **The rule (seed 003, 游戏规则):**
#
# > 城主的目的是消灭所有敌军 · 敌军的目的是消灭城主 · 援军的目的是保护城主，消灭所有敌军 ·
# > 中立可以宣布成为敌军或者援军，并可以在每一回合之初选择变换阵营，但只有在保持中立身份并最终成为唯一存活的势力，才算胜利
# >
# > 战斗按照回合进行，从城主开始，按照顺时针顺序开启每位英雄的战斗回合
#
# In English: the lord wants every enemy gone, the enemies want the lord gone, the reinforcements protect the lord,
# and a neutral wins only by staying neutral to the end. Turns go clockwise from the lord.
#
# Notebooks 1–6 took the rules one at a time. Here six bots play a whole game, and we read it back **from the lord's
# seat**: what the lord could see at each moment, what it learned and when, and what it never knew. Chance is not
# chosen by hand this time: it comes from a seeded random generator, which is the same thing one level up — the
# history records every chance outcome as an action, so the game is the same on every run.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 回合 / 轮 | turn / round | a round ends when play comes back to the lord |
# | 视角 | view (one seat's) | `state.view(seat)`: no other hand, no hidden identity, no deck |
# | 身份公开 | identity shown | the lord's at the deal; the others' at their death (`CH-A09`) |
# | 胜利 / 无人获胜 | victory / no winner | only the bots' opt-in round cap ends a game with no winner (`CH-A14`) |

# %%
import inspect
from collections import Counter
from itertools import pairwise

import ipywidgets as ipw
import networkx as nx
import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, RandomBot
from explorer.games.castle_heart.bots import GreedyBot, foes
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown
from widgets.games.castle_heart.lessons import event_lines, table_figure

GID = "castle_heart"
GAME = explorer.get_game(GID)
PLAYERS = 6
RULES = {c.id: c for c in explorer.rules(GID)}
display(Markdown(clause_markdown(GID, ["CH-turn-order", "CH-goal-lord", "CH-goal-enemy", "CH-goal-reinforcement",
                                       "CH-goal-neutral", "CH-round-cap"])))

# %% [markdown]
# ## The players, and why bots need a bound
#
# `GreedyBot` plays every seat. It decides from what its seat may know — its own identity, the lord (public), and
# identities shown at a death — and picks the first kind of move that serves its side: block, rescue a friend,
# heal, equip, skills, magic at a foe, attack a foe, command…

# %% [markdown]
# A person's game has no round limit: the document ends a game only as its goals say (`CH-A14`). Bots left alone
# might go on for ever — random play can circle without end — so the engine gives no step bound for the document's
# game (`max_steps` is `None`). A bots' game states its bound: `GAME.bounded_variant(6)` fills in the opt-in limits
# `GAME.simulation_limits(6)` names (a round cap of 20, reached → the game stops with **no** winner, `CH-round-cap`).
# Then `max_steps` is a number, and every bots' game is certain to finish.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A14"])))
BOTS_VARIANT = GAME.bounded_variant(PLAYERS)
persons_game = explorer.new_game(GID, PLAYERS)
bots_game = explorer.new_game(GID, PLAYERS, BOTS_VARIANT)
print(BOTS_VARIANT, "| person's game:", persons_game.variant["round_cap"], GAME.max_steps(PLAYERS, persons_game.variant),
      "| bots' game:", GAME.max_steps(PLAYERS, bots_game.variant))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert BOTS_VARIANT == {"round_cap": 20} == GAME.simulation_limits(PLAYERS)
assert persons_game.variant["round_cap"] == 0 and GAME.max_steps(PLAYERS, persons_game.variant) is None
assert GAME.max_steps(PLAYERS, bots_game.variant) > 0

# %% [markdown]
# Which game? Most greedy games end quickly with the lord's death. We take the first seed whose game the lord's side
# wins — a choice made by the engine's own play, not typed in:

# %%
bots = GreedyBot()


def game_of(seed, variant=None, bot=bots):
    return explorer.play_out(explorer.new_game(GID, PLAYERS, GAME.bounded_variant(PLAYERS, variant)), bot, seed=seed)


outcomes = {}
for seed in range(40):
    outcomes[seed] = game_of(seed)
    if outcomes[seed].data.lord in outcomes[seed].winners:
        SEED = seed
        break
end = outcomes[SEED]
LORD = end.data.lord
print({s: g.winners for s, g in outcomes.items()})
print(f"seed {SEED}: {len(end.history)} actions, {len(end.log)} events, {end.data.round} rounds; the lord is P{LORD}; "
      f"winners {end.winners}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert end.is_terminal and LORD in end.winners
assert all(g.data.lord not in g.winners for s, g in outcomes.items() if s != SEED)

# %% [markdown]
# ## The history is the game
#
# `explorer.replay` applies the recorded history — chance outcomes included — to a new game and gets the same end;
# a saved game loads back equal. `explorer.play` yields every state on the way: we keep them all to look back.

# %%
again = explorer.replay(GID, players=PLAYERS, variant=end.variant, history=end.history)
states = [bots_game, *explorer.play(bots_game, bots, seed=SEED)]
chance_steps = sum(1 for a in end.history if a.player == CHANCE)
print(f"{chance_steps} of {len(end.history)} actions were chance: the deal, every card drawn, every coin")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert again == end and again.log == end.log and explorer.from_json(end.to_json()) == end
assert states[-1] == end and len(states) == len(end.history) + 1

# %% [markdown]
# ## The deal, as the lord saw it
#
# The lord sees its own hand and identity, every hero, HP and soldier on the table, and the lord (itself: `CH-A09`).
# It does not see anyone else's identity or hand, nor the deck (`CH-identity-four`). The picture is drawn from
# `state.view(LORD)`: the other identities are "?".

# %%
display(Markdown(assumption_markdown(GID, ["CH-A09"])))
battle = next(s for s in states if s.data.turn == 1)
seen = battle.view(LORD)
for p, player in enumerate(seen["players"]):
    hidden = explorer.is_hidden(player["identity"])
    print(f"P{p} {player['hero_en']:20} HP {player['hp']}  identity {'?' if hidden else player['identity']:14} "
          f"hand {'?' if explorer.is_hidden(player['hand']) else player['hand']}")
table_figure(battle, viewer=LORD, distances_from=LORD, title=f"Seed {SEED}: the battle begins")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(explorer.is_hidden(seen["players"][p]["identity"]) for p in range(PLAYERS) if p != LORD)
assert all(explorer.is_hidden(seen["players"][p]["hand"]) for p in range(PLAYERS) if p != LORD)
assert explorer.is_hidden(seen["deck"]) and seen["players"][LORD]["identity"] == "lord"

# %% [markdown]
# ## What the lord knew, turn by turn
#
# At the start of each turn we ask the lord's view which identities it can read. An identity is shown when its hero
# dies (`CH-death-end-of-turn`), and a neutral's **declaration** is public (`CH-neutral-declare`), though its identity
# is not. The picture: one row per seat, one column per turn; grey "?" = the lord could not know; † = dead.

# %%
turn_starts = [s for s in states if any(e.kind == "turn" for e in s.events)]
known = [[0 if explorer.is_hidden(s.view(LORD)["players"][p]["identity"]) else 1 for s in turn_starts]
         for p in range(PLAYERS)]
words = [[(s.view(LORD)["players"][p]["identity"] if k else "?") + (" †" if not s.data.seats[p].alive else "")
          for s, k in zip(turn_starts, known[p], strict=True)] for p in range(PLAYERS)]
fig = go.Figure(go.Heatmap(z=known, x=[f"t{s.data.turn} (P{s.data.active})" for s in turn_starts],
                           y=[f"P{p} {battle.view(LORD)['players'][p]['hero_en']}" for p in range(PLAYERS)],
                           text=words, texttemplate="%{text}", textfont={"color": "#111"},
                           colorscale=[[0, "#a8a8a8"], [1, "#f4efe2"]],
                           showscale=False))
fig.update_layout(title=f"What P{LORD} (the lord) knew of each identity, at the start of each turn",
                  height=360, yaxis={"autorange": "reversed"})
deaths = [e for e in end.log if e.kind == "death"]
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [s.data.turn for s in turn_starts] == list(range(1, end.data.turn + 1))
assert sum(known[p][-1] for p in range(PLAYERS)) == 1 + len([e for e in deaths if e.targets[0] != LORD])
assert all(known[LORD])

# %% [markdown]
# ## The game, turn by turn
#
# Hit points are public, so the lord saw every one of these numbers. Every figure comes from the events' own
# numbers (`damage`, `heal`) — and we check it against the HP in the states.

# %%
hp = {p: [] for p in range(PLAYERS)}
for s in turn_starts:
    for p in range(PLAYERS):
        player = s.view(LORD)["players"][p]
        hp[p].append(player["hp"] if player["alive"] else None)      # the line stops when the hero dies
damage_taken = Counter()
for e in end.log:
    if e.kind == "damage" and e.number("member") in (None, -1):
        damage_taken[e.targets[0]] += e.number("damage")
healed = Counter(e.targets[0] for e in end.log for _ in range(e.number("healed") or 0) if e.kind == "heal")
fig = go.Figure([go.Scatter(x=[s.data.turn for s in turn_starts], y=hp[p], mode="lines+markers",
                            name=f"P{p} {battle.view(LORD)['players'][p]['hero_en']}") for p in range(PLAYERS)])
fig.update_layout(title="HP at the start of each turn (a line stops at its hero's death)", xaxis_title="turn",
                  yaxis_title="HP", height=360)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sum(v is None for v in hp[deaths[0].targets[0]]) > 0
for p in range(PLAYERS):
    assert end.data.seats[p].max_hp - damage_taken[p] + healed[p] == end.data.seats[p].hp

# %% [markdown]
# The deaths, in order — what the lord learned from each (the identity shown, the reward or penalty), and the
# neutral's choice when the enemies were all gone (`CH-end-enemies-dead-neutral-choice`, `CH-A41`):

# %%
for e in end.log:
    if e.kind in ("death", "reward", "penalty", "no reward", "neutral choice", "declare", "join", "game over"):
        print(f"#{e.id:4} [{e.clause}] {e.describe('en')} / {e.describe('zh')}")
choice = [e for e in end.log if e.kind == "neutral choice"]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(e.private_to is None for e in end.log if e.kind in ("death", "neutral choice", "game over"))
assert [e.clause for e in end.log if e.kind == "game over"] == ["CH-goal-lord"]

# %% [markdown]
# ## The log as the lord saw it (`explorer.visible_log`)
#
# The omniscient log above is for us. The lord's log is the same list of events, but every event private to another
# seat — each card another hero drew, each identity dealt to another seat — is redacted: the lord sees that P3 drew
# a card, not which.

# %%
lords_log = explorer.visible_log(end.log, LORD)
redacted = [(e, v) for e, v in zip(end.log, lords_log, strict=True) if v != e]
print(f"{len(redacted)} of {len(end.log)} events reached the lord redacted:",
      Counter(e.kind for e, _ in redacted).most_common())
their_turn = event_lines(turn_starts[1], turn_starts[2], viewer=LORD)
print(f"P{turn_starts[1].data.active}'s first turn, as the lord saw it:", *their_turn[:8], sep="\n  ")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(e.private_to is not None and LORD not in e.private_to for e, _ in redacted)
assert all(v.numbers == () for _, v in redacted)
assert any("hidden from you" in line for line in their_turn)

# %% [markdown]
# ## How it was decided
#
# The last enemy's death: following each event's `cause` back through the event graph gives the chain — an attack
# (or a spell), the damage, dying. The cause always resolves before the effect: every edge of the graph points
# forward in resolution order.

# %%
graph = explorer.event_graph(end.log)
last_death = deaths[-1]
last_dying = [e for e in end.log if e.kind == "dying" and e.targets == last_death.targets][-1]
chain = [graph.nodes[n]["event"] for n in sorted(nx.ancestors(graph, last_dying.id) | {last_dying.id},
                                                   key=lambda n: graph.nodes[n]["order"])]
print(*(f"#{e.id} [{e.clause}] {e.describe('en')}" for e in [*chain, last_death]), sep="\n")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(graph.nodes[a]["order"] < graph.nodes[b]["order"] for a, b in graph.edges)
assert chain[-1] == last_dying and chain[0].cause is None and len(chain) >= 2
assert all(later.cause == earlier.id for earlier, later in pairwise(chain))   # one line of causes

# %% [markdown]
# ### Which rules did this game use?

# %%
cited = Counter(e.clause for e in end.log)
top = cited.most_common(12)
fig = go.Figure(go.Bar(x=[n for _, n in top], y=[c for c, _ in top], orientation="h",
                       hovertext=[RULES[c].en for c, _ in top]))
fig.update_layout(title="The 12 most cited clauses in this game", yaxis={"autorange": "reversed"}, height=400)
never = sorted(c for c in RULES if c not in cited)
print(len(cited), "clauses cited;", len(never), "never needed in this game, e.g.", never[:5])
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sum(cited.values()) == len(end.log) and set(cited) <= set(RULES)

# %% [markdown]
# ## The round cap once more (`CH-A14`, `CH-round-cap`)
#
# Under `round_cap` = 40 the **same** seed plays the **same** game — the cap only decides when an endless bots'
# game stops. Random bots do sometimes circle until the cap; the first such seed (at `round_cap` = 10) ends with no
# winner: none of the document's goals was reached, so nobody is handed one.

# %%
longer = game_of(SEED, {"round_cap": 40})
capped_seed = next(seed for seed in range(40) if not game_of(seed, {"round_cap": 10}, RandomBot()).winners)
capped = game_of(capped_seed, {"round_cap": 10}, RandomBot())
print(f"random seed {capped_seed}: round {capped.data.round}, winners {capped.winners},",
      [e.describe("en") for e in capped.log if e.kind in ("round cap", "game over")])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert longer.history == end.history and longer.winners == end.winners
assert capped.is_terminal and capped.winners == () and capped.data.round == 11
assert [e.clause for e in capped.log if e.kind == "game over"] == ["CH-round-cap"]

# %% [markdown]
# ## Step through it yourself
#
# The board below holds the whole game (a `GameSession` with every action of the history). Move with the step
# controls and switch the viewer to any seat — or to the lord, to see exactly what it saw. The **Learn** tab of the
# app replays the lessons of these notebooks step by step.

# %%
from widgets.games.castle_heart.board import CastleHeartBoard
from widgets.play.game_session import GameSession
from widgets.components.step_controls import StepControls

session = GameSession(GID, PLAYERS, variant=BOTS_VARIANT, seed=SEED)
accepted = [session.choose(action, autoplay=False) for action in end.history]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(accepted)
assert session.state == end

# %%
session.goto(0)
ipw.VBox([StepControls(session, viewer=LORD), CastleHeartBoard(session, viewer=LORD)])

# %% [markdown]
# ## Summary
#
# * A game is its history: every decision and every chance outcome. Replaying it reproduces every event.
# * A seat sees the table, the HP, the soldiers and the equipment; its own hand and identity; the lord; each identity
#   shown at a death; every public declaration and choice. Never another hand, an undisclosed identity, or the deck.
# * Bots need a stated bound (`bounded_variant`: a round cap, `CH-A14`); a person's game has none, and at the cap
#   nobody wins.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
round_three = next(s for s in turn_starts if s.data.round == 3)
known_then = sum(0 if explorer.is_hidden(round_three.view(LORD)["players"][p]["identity"]) else 1
                 for p in range(PLAYERS) if p != LORD)

# %%
ex1 = Exercise("1. At the start of round 3, how many OTHER seats' identities could the lord read?",
               "1. 第3轮开始时，城主能看到多少名其他玩家的身份？", answer=known_then,
               game=GID, clause="CH-A09")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
reward_cards = sum(e.number("cards") for e in end.log if e.kind == "reward" and e.actor in end.winners)

# %%
ex2 = Exercise("2. How many cards in all did the winners draw as rewards during the game?",
               "2. 整局游戏中，获胜者一共通过奖励摸了多少张牌？", answer=reward_cards, game=GID, clause="CH-reward-kill-enemy",
               hint_en="count the reward events of the winning seats (CH-reward-kill-enemy, CH-reward-enemy-kills-reinforcement)", hint_zh="数一数获胜座位的奖励事件")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
lord_attacks = sum(1 for e in end.log if e.kind == "attack" and e.actor == LORD and e.number("by") == -1)

# %%
ex3 = Exercise("3. How many attacks did the lord's hero itself make in the whole game (not its soldiers')?",
               "3. 整局游戏中，城主英雄本人（不含其士兵）共发动了多少次攻击？", answer=lord_attacks, game=GID, clause="CH-attack-hero-targets",
               hint_en="count the attack events whose actor is the lord and whose attacker is the hero (by = -1)",
               hint_zh="数一数由城主英雄本人发起（by = -1）的攻击事件")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
dealt = {e.targets[0]: e.number("identity") for e in end.log if e.kind == "identity"}
assert all(e.actor in dealt and dealt[e.actor] == "neutral" for e in choice)      # only a dealt neutral is asked
for ex, right in ((ex1, known_then), (ex2, reward_cards), (ex3, lord_attacks)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
