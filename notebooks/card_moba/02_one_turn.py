# %% [markdown]
# # 卡驱MOBA · 2 — One turn, phase by phase
#
# **The rule (规则——回合详解):**
#
# > 一名玩家的完整回合依次由以下四个阶段组成：开始阶段、摸牌阶段、行动阶段、结束阶段。通常情况下，除行动阶段外，玩家
# > 不能在其他阶段行动。行动阶段由当前回合玩家提出结束。
# >
# > 开始阶段：进行某些处理，当前回合玩家获得1点体力值和等同于英雄速度的步数，并获得一次攻击机会。
# >
# > 摸牌阶段：当前回合玩家从牌堆顶部摸两张牌到手牌。
# >
# > 行动阶段：当前回合玩家可在此阶段内出牌从而控制英雄的行动，或命令英雄移动。
# >
# > 结束阶段：进行某些处理，当前回合玩家获得1点体力值、消除当前回合剩余的步数，后进入到下一位玩家的回合。
#
# A turn has four phases in order: **start** (+1 stamina, steps equal to the hero's speed, one attack chance),
# **draw** (two cards from the top of the deck), **action** (play cards, move, attack — until the player says
# the phase is over) and **end** (+1 stamina, leftover steps cleared, then the next player's turn). Outside the
# action phase nobody acts.
#
# We go on with the table of notebook 1 (Gale 疾风 P0 against Bulwark 巨岩 P1 on the Arena) and play P0's first
# turn, then P1's, with every card drawn chosen.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 回合 / 阶段 | turn / phase | |
# | 开始阶段 / 摸牌阶段 / 行动阶段 / 结束阶段 | start / draw / action / end phase | |
# | 体力值 | stamina | pays for cards; capped at 12 |
# | 步数 | steps | spent by moving; cleared at the end phase |
# | 攻击机会 | attack chance | one attack each |
# | 攻击力 / 攻击距离 | attack power / attack range | |
# | 费用 | cost | the stamina a card needs |
# | 手牌 / 牌堆 / 置牌堆 | hand / deck / discard pile | |
# | 出牌 / 移动 / 攻击 | play a card / move / attack | |

# %%
from fractions import Fraction
from math import comb

import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, Bag, IllegalAction, evolve
from explorer.games.card_moba.content import sample
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, clauses_seen, run, states, step, what_if
from widgets.games.card_moba.lessons import (events_since, hero_table, map_figure, position, refusal, story_start,
                                       with_hero)

GID = "card_moba"
GAME = explorer.get_game(GID)
CARDS = sample().cards

# %%
TAUGHT = ["MB-turn-phases", "MB-turn-start", "MB-term-1-stamina", "MB-term-4-steps", "MB-term-3-attack",
          "MB-turn-draw", "MB-turn-action", "MB-card-main", "MB-card-cost", "MB-card-discard-pile",
          "MB-play-exceptions", "MB-turn-end", "MB-card-no-hand-limit"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# ## Start phase (开始阶段)
#
# The setup of notebook 1 ended as P0's turn began (`MB-turn-phases`). Its start phase (`MB-turn-start`) has
# already happened: +1 stamina (`MB-term-1-stamina`: 3 at the spawn, `MB-A02`, so 4 now), steps equal to Gale's
# speed (`MB-term-4-steps`: 3 on the card, +2 from the bloodline = 5) and the attack chances first cleared, then
# one given (`MB-term-3-attack`: 「回合开始时会先将攻击机会清零，再获得一次攻击机会」).

# %%
start = story_start(first_draw=False)
turn_events = [e for e in start.log if e.id >= next(e.id for e in start.log if e.kind == "turn")]
for e in turn_events:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
gale = start.data.heroes[0]
print("stamina", gale.stamina, "· steps", gale.steps, "· attack chances", gale.attacks)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (gale.stamina, gale.steps, gale.attacks) == (3 + 1, sample().heroes["gale"]["speed"] + 2, 1)
assert start.current_player == CHANCE and start.data.draws == (0, 0)

# %% [markdown]
# ## Draw phase (摸牌阶段)
#
# `MB-turn-draw`: two cards from the top of the deck. Each draw is a chance node over the 56 cards left (62 minus
# the 6 dealt): the chance of each card is its count over 56. Chance gives an O2, then an M1.

# %%
first = {a["card"]: p for a, p in start.chance_outcomes()}
left = start.data.deck.counts()
print({c: str(p) for c, p in first.items()})
DRAW = [("draw", {"card": "O2"}), ("draw", {"card": "M1"})]
s = run(start, DRAW)
print("hand:", s.data.heroes[0].hand)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(first[c] == Fraction(left[c], 56) for c in left) and sum(first.values()) == 1
assert s.data.phase == "action" and sorted(s.data.heroes[0].hand) == sorted(("M1", "O1", "D1", "O2", "M1"))

# %% [markdown]
# ## Action phase (行动阶段)
#
# `MB-turn-action`: the player plays cards or moves the hero, in any order, until ending the phase. What P0 may
# do now — every legal action, from the engine:

# %%
for a in s.legal_actions():
    print(" ", a.describe("en"), "/", a.describe("zh"))
kinds = {a.kind for a in s.legal_actions()}

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert kinds == {"end", "play", "move"}           # Bulwark is 6 cells away: no attack yet

# %% [markdown]
# Outside one's own action phase nobody acts (`MB-turn-phases`). P1 asking to move now is refused:

# %%
refused_out_of_turn = refusal(s, "move", 1, to=(5, 3))
print(refused_out_of_turn)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refused_out_of_turn.clause == "MB-turn-phases"

# %% [markdown]
# **Moving** costs one step per cell (notebook 3 has the details). Gale walks four cells east, over the Spring
# 泉水 at (3, 3) — a special cell that heals 3 (`MB-A11`, notebook 3) — to (4, 3). Bulwark at (6, 3) is now at
# distance 2: inside Gale's attack range (1, +1 from the Tempest fragment). One step is left.
#
# **Attacking** uses the attack chance; its damage is the attack power, 4 (`MB-term-3-attack`; notebook 4 covers
# damage). Bulwark's passive skill Recoil 反震 answers a hit of 4 or more with 1 true damage (passives are
# notebook 6).
#
# **Playing a card** costs its stamina (`MB-card-cost`) and does what the card says (`MB-card-main`); the cards
# are sample content (`MB-A01`). O1 gives one more attack chance: one of the 「某些通常情况可能被一些技能或效果打破」
# (`MB-play-exceptions`) — usually a hero attacks once a turn. P0 keeps that second chance and ends the phase.

# %%
WALK = [("move", {"to": (x, 3)}) for x in (1, 2, 3, 4)]
ACT = WALK + [("attack", {"target": 1}), ("play", {"card": "O1"})]
trail = states(s, ACT)
for e in trail[-1].log[len(s.log):]:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
after = trail[-1]
g, b = after.data.heroes
print("Gale: stamina", g.stamina, "steps", g.steps, "attack chances", g.attacks, "HP", g.hp, "· Bulwark HP", b.hp)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert g.steps == 5 - 4 and g.stamina == 4 - CARDS["O1"]["cost"] and g.attacks == 1 - 1 + 1
assert b.hp == 58 - 4 and g.hp == 32 + 3 - 1          # spring +3, recoil −1
assert after.data.discard.counts() == {"O1": 1}          # a played card goes to the discard pile

# %% [markdown]
# The played O1 is now in the **discard pile** (置牌堆, `MB-card-discard-pile`).
#
# A card needs its cost in stamina (`MB-card-cost`: 「通常情况下不足则无法打出」). The same position with Gale down to
# 1 stamina and standing next to Bulwark: O2 (cost 2) is refused, naming the clause; nothing changes.

# %%
poor = with_hero(after, 0, stamina=1, pos=(5, 3))
refused_cost = refusal(poor, "play", card="O2", target=1)
print(refused_cost)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refused_cost.clause == "MB-card-cost"

# %% [markdown]
# ### A picture: P0's stamina, steps and attack chances through the action phase

# %%
labels = ["action phase begins"] + [a.describe("en") for a in (explorer.act(GID, k, 0, **p) for k, p in ACT)]
values = [s, *trail]
fig = go.Figure()
for name, field in (("stamina 体力值", "stamina"), ("steps 步数", "steps"), ("attack chances 攻击机会", "attacks")):
    fig.add_trace(go.Scatter(x=list(range(len(values))), y=[getattr(v.data.heroes[0], field) for v in values],
                             mode="lines+markers", line_shape="hv", name=name))
fig.update_layout(title="Gale's resources after each action", height=360,
                  xaxis={"tickmode": "array", "tickvals": list(range(len(labels))), "ticktext": labels})
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [v.data.heroes[0].steps for v in values] == [5, 4, 3, 2, 1, 1, 1]

# %%
map_figure(after, paths=[[(0, 3), (1, 3), (2, 3), (3, 3), (4, 3)]], marks={(6, 3): "⚔"},
           title="Gale's walk (4 steps)<br>and the attack at range 2")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert after.data.heroes[0].pos == (4, 3)

# %% [markdown]
# ## End phase (结束阶段), and P1's turn
#
# P0 ends the action phase (「行动阶段由当前回合玩家提出结束」). The end phase (`MB-turn-end`): +1 stamina, and the
# step left over is cleared. There is no hand limit (`MB-card-no-hand-limit`: 「通常情况下手牌没有上限」), so nothing
# is discarded however many cards a player holds (a Ruler table may set one, notebook 7). Then P1's turn
# begins: start phase, two cards drawn (a D1 and an S1), and Bulwark plays D2 (a shield of 2 + defence 5 = 7),
# steps next to Gale and hits it for its attack power, 2.

# %%
end = step(after, "end")
for e in events_since(after, end):
    print(e)
P1_TURN = [("draw", {"card": "D1"}), ("draw", {"card": "S1"}), ("play", {"card": "D2"}),
           ("move", {"to": (5, 3)}), ("attack", {"target": 0}), ("end", {})]
s2 = run(end, P1_TURN)
for e in events_since(end, s2):
    print(e)
g, b = s2.data.heroes

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (end.data.heroes[0].stamina, end.data.heroes[0].steps) == (3 + 1, 0)
assert end.data.seat == 1 and end.current_player == CHANCE
assert b.shield == 2 + 5 and g.hp == 34 - 2 and b.stamina == 3 + 1 - 2 + 1

# %% [markdown]
# No hand limit, however full the hand: the same end of P0's turn with 20 cards in hand goes straight on to P1's
# turn, and asking to discard is refused with `MB-card-no-hand-limit`:

# %%
big_hand = with_hero(after, 0, hand=tuple(sorted(("O1", "D1", "M1", "S1") * 5)))
big_end = step(big_hand, "end")
refused_discard = refusal(big_hand, "discard", 0, card="O1")
print("hand kept:", len(big_end.data.heroes[0].hand), "· next:", big_end.data.seat, "·", refused_discard)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(big_end.data.heroes[0].hand) == 20 and big_end.data.seat == 1
assert refused_discard.clause == "MB-card-no-hand-limit"

# %% [markdown]
# Round 2: P0's turn begins again. Gale had kept one attack chance from O1, but the start phase **clears** the
# attack chances before giving one (`MB-term-3-attack`), so it has 1, not 2; its steps are its speed again (5);
# its stamina is 4 + 1 = 5.

# %%
display(Markdown(hero_table(s2)))
g = s2.data.heroes[0]
kept = after.data.heroes[0].attacks
print("attack chances kept at the end of turn 1:", kept, "· at the start of turn 2:", g.attacks)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert kept == 1 and g.attacks == 1 and g.steps == 5 and g.stamina == 5 and s2.data.round == 2

# %% [markdown]
# ## Stamina's cap, and a full turn more: what the document leaves open
#
# `MB-term-1-stamina`: stamina is 「一般情况下上限为12」 and refers to a 「体力溢出事件」 that the seed never defines
# (`MB-A04`): stamina above the cap is lost, and the event says how much. Gale at 12 stamina reaching its end
# phase:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A04"])))
full = step(with_hero(after, 0, stamina=12), "end")
gain = next(e for e in full.events if e.kind == "stamina")
print(gain.describe("en"), "/", gain.describe("zh"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert full.data.heroes[0].stamina == 12 and gain.number("overflow") == 1

# %% [markdown]
# The draws: when the deck runs out, the discard pile is shuffled into a new deck (`MB-card-discard-pile`); with
# no card anywhere the draw gets nothing (`MB-A03`). P1's draw phase above, with an empty deck, then with an empty
# deck and discard pile:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A03"])))
no_deck = what_if(end, evolve(end.data, deck=Bag()))
print("draw chances from the reshuffled discard pile:", {a["card"]: str(p) for a, p in no_deck.chance_outcomes()})
reshuffled = step(no_deck, "draw", card="O1")
print([e.describe("en") for e in reshuffled.events])
nothing = what_if(end, evolve(end.data, deck=Bag(), discard=Bag()))
drew_nothing = run(nothing, [("draw", {"card": None}), ("draw", {"card": None})])
print([e.describe("en") for e in drew_nothing.log[len(nothing.log):] if e.clause == "MB-card-discard-pile"])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [e.kind for e in reshuffled.events][:2] == ["reshuffle", "draw"] and len(reshuffled.data.discard) == 0
assert [(a["card"], p) for a, p in nothing.chance_outcomes()] == [(None, 1)]
assert len(drew_nothing.data.heroes[1].hand) == len(end.data.heroes[1].hand) and drew_nothing.data.phase == "action"

# %% [markdown]
# ## Switches: what cards do, and limits only bots ask for
#
# The seed gives the card types, costs and the deck, but not what a card *does* (`MB-A01`). The sample cards
# give each type an effect; the switch `card_set = "blank"` makes them effect-less (they only pay stamina and
# build skill sequences). The same play of O1, both ways:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A01"])))
o1 = {}
for cards in ("sample", "blank"):
    t = position(variant={"card_set": cards}, hands=(("O1",), ()))
    t = step(t, "play", card="O1")
    o1[cards] = (t.data.heroes[0].attacks, t.data.heroes[0].stamina)
    print(cards, "→ attack chances", o1[cards][0], "· stamina", o1[cards][1])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert o1 == {"sample": (2, 5), "blank": (1, 5)}

# %% [markdown]
# The action phase ends when the player says so, and the game ends at the winning score: the document has no
# action cap and no round limit, so a person's game has neither (`action_cap = 0`, `round_cap = 0`). Bots alone
# could walk back and forth for ever, so simulations ask for limits explicitly (`MB-A17`, `MB-A15`): after 30
# actions only "end" is legal; after round 12 the highest score wins.

# %%
display(Markdown(assumption_markdown(GID, ["MB-A17", "MB-A15"])))
print("what simulations pass:", GAME.simulation_limits(2))
capped = {}
for cap in (0, 30, 15, 60):
    t = with_hero(position(variant={"action_cap": cap}), 0, acted=30)
    capped[cap] = [a.kind for a in t.legal_actions()]
    print("action_cap", cap, "after 30 actions →", sorted(set(capped[cap])))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert capped[30] == ["end"] and capped[15] == ["end"] and len(capped[0]) > 1 and len(capped[60]) > 1

# %% [markdown]
# With the round cap on, the game stops after that round (the highest score wins, ties share); without it, the
# next round simply begins. Round 12, P1's turn ending, both ways:

# %%
def in_variant(state, variant):
    """The same position in a game whose variant has these switches (the rules record is rebuilt)."""
    fresh = explorer.new_game(GID, 2, variant)
    return what_if(fresh, evolve(state.data, rules=fresh.data.rules))


def after_round_12(variant):
    t = in_variant(what_if(end, evolve(end.data, round=12)), variant)
    return run(t, [("draw", {"card": "D1"}), ("draw", {"card": "S1"}), ("end", {})])


ends = {cap: after_round_12({"round_cap": cap}) for cap in (0, 12)}
for cap, t in ends.items():
    print("round_cap", cap, "→ terminal:", t.is_terminal, "· winners:", t.winners, "· round:", t.data.round)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert ends[12].is_terminal and ends[12].winners == (0, 1)      # nobody scored: 0 – 0, a shared win
assert not ends[0].is_terminal and ends[0].data.round == 13
seen = clauses_seen(s2, full, reshuffled, drew_nothing) | {refused_out_of_turn.clause, refused_cost.clause,
                                                           refused_discard.clause}
SHOWN_OTHERWISE = {"MB-card-main": "O1's effect, sample and blank (the play event cites the cost clause)",
                   "MB-term-1-stamina": "the cap of 12 and what goes over it (the gains cite their phase)"}
assert set(TAUGHT) - seen <= set(SHOWN_OTHERWISE)

# %% [markdown]
# ## Summary
#
# * Start: +1 stamina, steps = speed, attack chances cleared then one given.
# * Draw: two cards, each a chance node over the deck (an empty deck is refilled from the discard pile).
# * Action: play cards (pay their cost), move (a step a cell), attack (an attack chance) — in any order, until
#   the player ends it. Only the current player acts, only in this phase.
# * End: +1 stamina (the cap is 12; more is lost), leftover steps cleared, no hand limit; next player.
# * A person's game has no action cap and no round limit; bots ask for them (`MB-A17`, `MB-A15`).
#
# Next: **03_moving_on_the_grid.ipynb** — moving, charging, blinking, being pushed and pulled.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
m1_steps = step(after, "play", card="M1").data.heroes[0].steps

# %%
ex1 = Exercise("1. Back in P0's first action phase, after the walk, the attack and O1, Gale plays M1 (+2 steps). "
               "Gale's passive Tailwind 顺风 gives 1 step for every M card played. How many steps does Gale have now?",
               "1. 回到P0的第一个行动阶段：移动、攻击、打出O1之后，疾风打出M1（+2步数）。疾风的被动“顺风”在每次打出移动牌时"
               "获得1步数。疾风现在有多少步数？", answer=m1_steps, game=GID, clause="MB-term-4-steps")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert m1_steps == after.data.heroes[0].steps + 2 + 1
def both_offensive(state):
    """The chance that both draw-phase cards are O cards: the exact tree of two chance nodes."""
    total = Fraction(0)
    for a, p in state.chance_outcomes():
        if CARDS[a["card"]]["type"] == "O":
            total += p * sum(q for b, q in step(state, "draw", card=a["card"]).chance_outcomes()
                             if CARDS[b["card"]]["type"] == "O")
    return total
p_two_o = both_offensive(start)
o_left = sum(n for c, n in start.data.deck.counts().items() if CARDS[c]["type"] == "O")
assert p_two_o == Fraction(comb(o_left, 2), comb(len(start.data.deck), 2))      # the hypergeometric closed form

# %%
ex2 = Exercise("2. At P0's first draw phase the deck holds 56 cards. What is the chance that both cards drawn are "
               "offensive (O) cards? (an exact fraction)",
               "2. P0第一个摸牌阶段时牌堆有56张牌。摸到的两张都是攻势牌（O）的概率是多少？（精确分数）",
               answer=p_two_o, kind="fraction", game=GID, clause="MB-turn-draw")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
stamina_turn3 = run(s2, [("draw", {"card": "S1"}), ("draw", {"card": "S1"}), ("play", {"card": "O2", "target": 1}),
                         ("end", {})]).data.heroes[0].stamina

# %%
ex3 = Exercise("3. In round 2 Gale (5 stamina) plays O2 on Bulwark and ends the turn. How much stamina does Gale "
               "have when P1's turn begins?",
               "3. 第2轮疾风（5点体力值）对巨岩打出O2后结束回合。P1的回合开始时疾风有多少体力值？", answer=stamina_turn3, game=GID,
               clause="MB-term-1-stamina")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert stamina_turn3 == 5 - CARDS["O2"]["cost"] + 1
for ex, right in ((ex1, m1_steps), (ex2, f"{p_two_o.numerator}/{p_two_o.denominator}"), (ex3, stamina_turn3)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
