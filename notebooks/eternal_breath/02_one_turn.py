# %% [markdown]
# # 永恒之息 · 2 — One turn, phase by phase
#
# **The rule (§1.2 游戏过程):**
#
# > 开始游戏，进入轮，一轮即为一轮玩家回合的总称。从庄家开始轮流进入玩家回合，玩家回合分为以下阶段：
# >
# > 1.2.1 清算阶段 — 结算回合初触发的效果卡和陷阱卡；如玩家的自身角色曾正置过且目前倒置，则其变为正置
# >
# > 1.2.2 摸牌阶段 — 从卡组中摸取**2张**卡牌，并获得**2枚**金币；可在该阶段一次性支付**2枚**金币以额外摸取**1张**卡牌
# >
# > 1.2.3 声明阶段 — 玩家可以在本阶段发出角色声明
# >
# > 1.2.4 出牌阶段 — 至多1次攻击、至多1个陷阱、至多1次召唤、任意数量的效果卡、任意数量的预备……
# >
# > 1.2.5 弃牌阶段 — 玩家至多同时持有6张手牌，多余牌需弃，可自选弃牌
# >
# > 1.2.6 结算阶段 — 结算回合末触发的效果卡和陷阱卡，并且移除玩家效果区所有非本轮放置的效果卡
#
# A **round** (轮) is one turn of every player, starting with the dealer. A **turn** (回合) has six phases:
# settle, draw, declare, play, discard, end. This notebook plays P0's first turn and P1's answer, with the
# story game of notebook 1 and loaded draws and dice.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 轮 / 回合 / 阶段 | round / turn / phase | |
# | 清算阶段 | settle phase | start-of-turn triggers resolve |
# | 摸牌阶段 | draw phase | 2 cards + 2 coins; once, pay 2 coins for 1 more card |
# | 声明阶段 | declare phase | the character declaration (角色声明): turn your self character face up |
# | 出牌阶段 | play phase | attack, traps, summons, effect cards, preparing, skills |
# | 弃牌阶段 | discard phase | down to the hand limit (手牌上限) |
# | 结算阶段 | end phase | end-of-turn triggers; old effect cards leave |
# | 金币堆 / 支付 | the bank / paying | coins not held by a player are in the bank |
# | 弃牌堆 / 销毁堆 | discard pile / destroyed pile | |

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
TAUGHT = ["EB-1.2-round", "EB-1.2.1-settle", "EB-1.2.1-reface", "EB-1.2.2-draw", "EB-1.2.2-buy",
          "EB-1.2.3-declare", "EB-1.2.4-play", "EB-1.2.4-attack-once", "EB-1.2.4-trap-once", "EB-1.2.4-effects-any",
          "EB-1.2.5-discard", "EB-1.2.6-end", "EB-2.6-coin-cap", "EB-3.1-bank", "EB-3.2-draw",
          "EB-3.1-reshuffle", "EB-3.1-discard-pile", "EB-3.1-destroyed", "EB-2.7-hp-card", "EB-3.2-declaration"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# ## The story so far
#
# The setup of notebook 1, as a script (every step checked by the engine). The game now waits for chance:
# P0's two cards of the draw phase.

# %%
SETUP = tutorial_setup()   # the table of notebook 1 (widgets/games/eternal_breath/lessons.py)
start = run(explorer.new_game(GID, players=2), SETUP)
phases = [(e.actor, e.number("phase")) for e in start.log if e.kind == "phase"]
print("phases so far:", phases, "· waiting for:", "chance" if start.current_player == CHANCE else start.current_player)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert phases == [(0, "settle"), (0, "draw")] and start.current_player == CHANCE

# %% [markdown]
# ## Settle (清算) and draw (摸牌)
#
# The settle phase (`EB-1.2.1-settle`) found nothing to resolve: no trap, no effect card yet. The draw phase
# (`EB-1.2.2-draw`): two cards (each a chance node `EB-3.2-draw`, loaded here: a Slash and a Snare), then
# 2 coins. Then P0 decides: stop, or pay 2 coins **once** for one more card (`EB-1.2.2-buy`). P0 buys, and
# draws a Gold Pouch.

# %%
DRAW = [("draw", {"card": "atk_slash"}), ("draw", {"card": "trap_snare"})]
s = run(start, DRAW)
print([e.describe("en") for e in s.log[-3:]])
print("P0 may now:", [a.describe("en") for a in s.legal_actions()])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.seats[0].coins == 5 + 2
assert {a.kind for a in s.legal_actions()} == {"done", "buy_draw"}

# %%
BUY = [("buy_draw", {}), ("draw", {"card": "eff_gold_pouch"})]
s = run(s, BUY)
print("coins:", s.data.seats[0].coins, "· hand:", s.data.seats[0].hand)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.seats[0].coins == 5 + 2 - 2 and len(s.data.seats[0].hand) == 4 + 2 + 1
assert "buy_draw" not in {a.kind for a in s.legal_actions()}      # once a turn

# %% [markdown]
# ## Declare (声明)
#
# `EB-1.2.3-declare`: in this phase a player may turn their self character face up — the **character
# declaration** (`EB-3.2-declaration`), once and for ever. P0 keeps Lingxi hidden for now: a face-down self character cannot be attacked
# and its skill does not work (P1 declares below).

# %%
s = step(s, "done")
print("P0 may:", [a.describe("en") + " / " + a.describe("zh") for a in s.legal_actions()])
s = step(s, "pass")
print(s.events[-1].describe("en"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.phase == "play" and not s.data.seats[0].chars[0].face_up

# %% [markdown]
# ## Play (出牌)
#
# `EB-1.2.4-play`: the player acts until ending the phase. Any number of effect cards
# (`EB-1.2.4-effects-any`): P0 uses the Gold Pouch (+3 coins) and a Healing Potion on its Swordsman (who is
# at full HP, so it heals 0 — heals never go above the maximum). At most one trap (`EB-1.2.4-trap-once`):
# Spikes into P1's trap zone, which costs 1 coin (`EB-3.2-trap-cost`), and 1 coin more to deploy it face down,
# hidden (a trap's basic state is face up; details in notebook 4). At most one attack
# (`EB-1.2.4-attack-once`): the Swordsman attacks P1's Shield Guard with the Slash; the dice are loaded
# (4 for the attacker, 3 for the defender; notebook 3 explains the arithmetic). Being attacked is a trigger
# moment of P1's zone, so P0 is asked whether to declare its face-down trap there; it keeps it hidden.

# %%
PLAY = [("effect", {"card": "eff_gold_pouch", "seat": -1, "target": ""}),
        ("effect", {"card": "eff_potion", "seat": 0, "target": "n_swordsman"}),
        ("trap", {"card": "trap_spikes", "face": "down", "zone": 1}),
        ("attack", {"by": "n_swordsman", "cards": ["atk_slash"], "seat": 1, "target": "n_guard"}),
        ("roll", {"die": 4}), ("block", {"card": ""}), ("roll", {"die": 3}),
        ("keep_hidden", {})]    # P1 was attacked: a trigger moment, so P0 is asked about its hidden trap (EB-A30)
before_play = s
s = run(s, PLAY)
for e in s.log[len(before_play.log):]:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")

# %% [markdown]
# Hand check of P0's coins: 5 at the start, +2 (draw phase), −2 (extra card), +3 (Gold Pouch), −1 (trap in
# another player's zone), −1 (deployed face down) = 6. Paid coins go to the bank (`EB-3.1-bank`); so *coins held + coins paid =
# coins gained*, which we check against the events themselves:

# %%
p0 = s.data.seats[0]
gained = sum(e.number("gained") for e in s.log if e.kind == "coins" and e.actor == 0)
paid = sum(e.number("coins") for e in s.log if e.kind == "pay" and e.actor == 0)
print("P0 coins:", p0.coins, "· gained:", gained, "· paid to the bank:", paid)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert p0.coins == 5 + 2 - 2 + 3 - 1 - 1 == 6
assert gained - paid == p0.coins
assert len(p0.hand) == 7 - 4       # four cards left the hand: pouch, potion, spikes, slash

# %% [markdown]
# Now the limits. A second attack and a second trap are refused, and the error names the clause; the state
# is unchanged (a refused action changes nothing):

# %%
second_attack = explorer.act(GID, "attack", 0, by="n_swordsman", cards=("atk_fireball",), seat=1, target="n_guard")
second_trap = explorer.act(GID, "trap", 0, card="trap_snare", zone=1)
refusals = {}
for action in (second_attack, second_trap):
    try:
        s.apply(action)
    except IllegalAction as err:
        refusals[action.kind] = err.clause
        print(err)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refusals == {"attack": "EB-1.2.4-attack-once", "trap": "EB-1.2.4-trap-once"}

# %% [markdown]
# ## Assumption `EB-A15`: no bound on one play phase (bots may opt in)
#
# Effect cards are unlimited (可使用**任意数量**的效果卡) and some draw cards, so a play phase could in
# principle go on for ever. The document sets no limit, so a person's game has none (`play_action_cap = 0`).
# Bots playing alone could loop for ever, so simulations pass the opt-in switch `play_action_cap = 40` (or 100)
# explicitly: after that many actions their only choice is to end the phase. Same position, every variant,
# after pretending 40 actions were already taken:

# %%
from explorer import evolve
display(Markdown(assumption_markdown(GID, ["EB-A15"])))

from widgets.learn.lessons import what_if as position      # a hand-built what-if: same game, other data

def after_40_actions(variant):
    t = run(run(explorer.new_game(GID, 2, variant), SETUP), DRAW + BUY + [("done", {}), ("pass", {})])
    return position(t, evolve(t.data, now=evolve(t.data.now, plays=40)))

capped = {cap: after_40_actions({"play_action_cap": cap}).legal_actions() for cap in (0, 40, 100)}
print({cap: len(acts) for cap, acts in capped.items()}, "· the bots' limits:", GAME.simulation_limits(2))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [a.kind for a in capped[40]] == ["end_play"]
assert len(capped[0]) > 1 and len(capped[100]) > 1
assert GAME.simulation_limits(2)["play_action_cap"] == 40

# %% [markdown]
# ## Discard (弃牌) and end (结算), then P1's turn
#
# P0 ends the play phase. With 3 cards it has nothing to discard (`EB-1.2.5-discard`); the end phase
# (`EB-1.2.6-end`) resolves nothing. P1's turn starts: its settle phase **does** find something: the Spikes
# trap triggers; P0 decides to keep it hidden (notebook 4). P1 draws Flame Dragon 炎龙 (a special character,
# in the deck as the draft's leftover) and Insight, buys a Thunderbolt — buying is a trigger moment too, and
# P0 is asked again about its face-down trap (whatever it is, so the question tells nothing, `EB-A30`; it keeps
# it hidden) — and declares its self character Iron
# Wall: it turns face up and takes its HP card (`EB-2.7-hp-card`).

# %%
P1_TURN = [("end_play", {}), ("keep_hidden", {}),
           ("draw", {"card": "sp_yanlong"}), ("draw", {"card": "eff_insight"}),
           ("buy_draw", {}), ("keep_hidden", {}), ("draw", {"card": "atk_thunder"}), ("done", {}), ("declare", {})]
s = run(s, P1_TURN)
declared = [e for e in s.log if e.clause in ("EB-1.2.3-declare", "EB-2.7-hp-card") and e.kind != "phase"]
for e in declared:
    print(f"[{e.clause}] {e.describe('en')}")
iron_wall = s.data.seats[1].chars[0]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (iron_wall.card, iron_wall.face_up, iron_wall.ever_up, iron_wall.hp) == ("sp_tiebi", True, True, 20)
assert [a.kind for a in s.legal_actions()].count("declare") == 0      # once only

# %% [markdown]
# Can P1 prepare the Flame Dragon it drew? No: only normal characters can be prepared; a special character
# drawn from the deck can only be discarded (`EB-A18`). The refusal names the clause `EB-2.1.1-special`:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A18"])))
try:
    s.apply(explorer.act(GID, "prepare", 1, card="sp_yanlong"))
    refusal = None
except IllegalAction as err:
    refusal = err
print(refusal)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refusal.clause == "EB-2.1.1-special"

# %% [markdown]
# P1 ends its play phase with 7 cards: one too many. It discards the Flame Dragon; a discarded character goes
# to the **destroyed** pile (`EB-3.1-destroyed`), other cards to the discard pile (`EB-3.1-discard-pile`).
# P1's end phase is a trigger moment of its zone, so P0 is asked once more about its face-down trap and keeps it
# hidden (`EB-A30`). Then the dealer's turn comes round again: a new round (`EB-1.2-round`).

# %%
at_discard = step(s, "end_play")
print("P1 must discard:", [a.describe("en") for a in at_discard.legal_actions()])
DISCARD = [("discard", {"card": "sp_yanlong"}), ("keep_hidden", {})]     # P1 discards; P0 keeps its trap hidden
s = run(at_discard, DISCARD)
for e in s.log[len(at_discard.log):]:
    print(f"[{e.clause}] {e.describe('en')}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(at_discard.data.seats[1].hand) == 7 and len(s.data.seats[1].hand) == 6
assert s.data.destroyed == ("sp_yanlong",)
assert s.data.discard == ("eff_gold_pouch", "eff_potion", "atk_slash")
assert [e.number("round") for e in s.log if e.kind == "round"] == [2] and s.data.round == 2

# %% [markdown]
# ### A picture: the turn as a sequence of phases
#
# Each bar is a phase of a turn; its length is the number of events it produced.

# %%
spans, current = [], None
for e in s.log:
    if e.kind == "phase":
        current = [f"P{e.actor} r{e.number('round')} {e.number('phase')}", 0]
        spans.append(current)
    elif current is not None:
        current[1] += 1
fig = go.Figure(go.Bar(x=[n for _, n in spans], y=[name for name, _ in spans], orientation="h"))
fig.update_layout(title="Events per phase", xaxis_title="events", yaxis={"autorange": "reversed"}, height=420)
names = [name for name, _ in spans]
first_phase = next(i for i, e in enumerate(s.log) if e.kind == "phase")
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert names[:6] == ["P0 r1 settle", "P0 r1 draw", "P0 r1 declare", "P0 r1 play", "P0 r1 discard", "P0 r1 end"]
assert sum(n for _, n in spans) + len(spans) == len(s.log) - first_phase     # every event after setup is in one bar

# %% [markdown]
# ## What-ifs the story did not reach
#
# No sample card turns a character face down again, so `EB-1.2.1-reface` (a self character that was face up
# and is face down now turns face up in the settle phase) never arises in this game. A hand-built position
# shows it: the same game at P1's discard, but with Lingxi once face up and now face down. The same what-if
# gives P0 19 coins, to show the coin cap (`EB-2.6-coin-cap`): gains above 20 are cut.

# %%
from explorer.games.eternal_breath import records
lingxi_once_up = position(at_discard, records.seat_set(records.set_char(at_discard.data, 0, "sp_lingxi", face_up=False, ever_up=True), 0, coins=19))
t_reface = run(lingxi_once_up, DISCARD + [("draw", {"card": "atk_slash"}), ("draw", {"card": "atk_slash"})])
refaced = [e for e in t_reface.log if e.clause == "EB-1.2.1-reface"]
income = [e for e in t_reface.log if e.clause == "EB-1.2.2-draw" and e.kind == "coins"][-1]
print(refaced[0].describe("en"), "·", income.describe("en"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert t_reface.data.seats[0].chars[0].face_up and len(refaced) == 1
assert (income.number("gained"), t_reface.data.seats[0].coins) == (1, 20)     # 19 + 2 is cut to 20

# %% [markdown]
# When the deck runs out, the discard pile is shuffled into a new deck (`EB-3.1-reshuffle`); if both are
# empty nothing is drawn (`EB-A22`). Two more what-ifs at P1's discard: an empty deck, then an empty deck and
# an empty discard pile:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A22"])))
no_deck = run(position(at_discard, evolve(at_discard.data, deck=explorer.Bag({}))), DISCARD)
reshuffle = [e for e in no_deck.log if e.kind == "reshuffle"]
print(reshuffle[0].describe("en"), "· the new deck:", no_deck.data.deck.counts())
nothing = run(position(at_discard, evolve(at_discard.data, deck=explorer.Bag({}), discard=())), DISCARD)
empty_draws = [e for e in nothing.log if e.kind == "no card"]
print(len(empty_draws), "draws found no card:", empty_draws[0].outcome)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert reshuffle[0].number("count") == 3 and len(no_deck.data.deck) == 3 and no_deck.data.discard == ()
assert len(empty_draws) == 2 and all(e.cancelled for e in empty_draws)

# %% [markdown]
# ## Assumption `EB-A07`: no round limit (bots may opt in)
#
# The document has no turn limit and no draw: a game ends only when one player (two, with 5–6 players) is left
# (`EB-1.4-victory`). So a person's game has no round limit (`round_limit = 0`) and `max_steps` is `None`.
# Bots alone might never finish, so simulations pass the opt-in switch `round_limit = 30` (or 60) explicitly
# (`GAME.simulation_limits`); their game then stops after that round with no winner, and `max_steps` is a stated
# bound. Every variant, at P1's discard in round 30:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A07"])))
STORY = DRAW + BUY + [("done", {}), ("pass", {})] + PLAY + P1_TURN + [("end_play", {})]
ends = {}
for limit in (0, 30, 60):
    t = run(run(explorer.new_game(GID, 2, {"round_limit": limit}), SETUP), STORY)
    t = run(position(t, evolve(t.data, round=30)), DISCARD)
    ends[limit] = (t.is_terminal, t.data.round, t.winners)
    last = [e.describe("en") for e in t.events if e.kind in ("game over", "round")]
    print(limit, "→ terminal:", t.is_terminal, "· round:", t.data.round, "·", last)
bounded = GAME.bounded_variant(2)
print("max_steps: default", GAME.max_steps(2, explorer.new_game(GID, 2).variant), "· bots", GAME.max_steps(2, explorer.new_game(GID, 2, bounded).variant))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert ends[0] == (False, 31, ()) and ends[30] == (True, 30, ()) and ends[60] == (False, 31, ())
assert GAME.max_steps(2, explorer.new_game(GID, 2).variant) is None
assert GAME.max_steps(2, {**bounded, "round_limit": 60}) > GAME.max_steps(2, bounded)
seen = clauses_seen(s, t_reface, no_deck, nothing) | set(refusals.values())
SHOWN_OTHERWISE = {"EB-3.1-bank": "coins held + coins paid = coins gained, checked above",
                   "EB-3.2-declaration": "P1's declaration above (its event cites the phase clause EB-1.2.3-declare; the irreversibility is the missing second declare)"}
assert set(TAUGHT) - seen == set(SHOWN_OTHERWISE)

# %% [markdown]
# ## Summary
#
# * A round is a turn of every player from the dealer; a turn has six phases: settle, draw, declare, play,
#   discard, end.
# * Draw phase: 2 cards and 2 coins; once, pay 2 coins for a third card. Coins are capped at 20.
# * Declare phase: turning the self character face up is optional, once, irreversible; it takes its HP card.
# * Play phase: any number of effect cards; at most one attack and one trap (a second is refused, naming
#   the clause); a person's play phase has no bound, bots opt in to 40 actions (`EB-A15`).
# * Discard down to the hand limit (6, or 8 with Lingxi's passive): characters go to the destroyed pile,
#   other cards to the discard pile; an empty deck is refilled from the discard pile.
#
# Next: **03_combat_and_odds.ipynb** — what happened in that attack, and the odds of every attack.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
fresh = run(run(explorer.new_game(GID, players=2), SETUP), DRAW)
coins_after_buy_and_pouch = run(fresh, BUY + [("done", {}), ("pass", {}), PLAY[0]]).data.seats[0].coins

# %%
ex1 = Exercise("1. P0 starts the turn with 5 coins, takes the draw-phase income, buys a card and plays a Gold Pouch (+3). How many coins now?",
               "1. P0 回合开始时有5枚金币，获得摸牌阶段的金币，额外买一张牌，再使用金袋（+3）。现在有多少金币？",
               answer=coins_after_buy_and_pouch, game=GID, clause="EB-1.2.2-buy",
               hint_en="follow the coins phase by phase: income, the extra card's price, the pouch",
               hint_zh="逐阶段跟踪金币：收入、额外摸牌的价格、金袋")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert coins_after_buy_and_pouch == 8
cap_test = position(at_discard, records.seat_set(at_discard.data, 0, coins=18))
cap_test = run(cap_test, DISCARD + [("draw", {"card": "atk_slash"}), ("draw", {"card": "atk_slash"})])
gained_at_18 = [e for e in cap_test.log if e.clause == "EB-1.2.2-draw" and e.kind == "coins"][-1].number("gained")

# %%
ex2 = Exercise("2. A player with 18 coins takes the draw-phase income. How many coins do they actually gain?",
               "2. 持有18枚金币的玩家获得摸牌阶段的金币。实际获得多少枚？", answer=gained_at_18, game=GID, clause="EB-2.6-coin-cap")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert gained_at_18 == 2
from explorer.games.eternal_breath import effects      # the hand limit comes from the standing effects
declared_lingxi = position(at_discard, records.set_char(at_discard.data, 0, "sp_lingxi", face_up=True, ever_up=True))
limit_with_lingxi = effects.hand_limit(declared_lingxi.data, 0)

# %%
ex3 = Exercise("3. Lingxi's passive skill: 'your hand limit rises to 8'. Once Lingxi is face up, how many cards may P0 keep after the discard phase?",
               "3. 灵汐的被动技能：“你的手牌上限提升至8”。灵汐正置后，P0 在弃牌阶段后最多保留多少张牌？", answer=limit_with_lingxi, game=GID, clause="EB-1.2.5-discard")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert limit_with_lingxi == 8 and effects.hand_limit(at_discard.data, 0) == 6
for ex, right in ((ex1, coins_after_buy_and_pouch), (ex2, gained_at_18), (ex3, limit_with_lingxi)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
