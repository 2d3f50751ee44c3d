# %% [markdown]
# # 永恒之息 (Eternal Breath) · 1 — Setting up: the dealer, the drafts and the mystic ritual
#
# This is the first of seven notebooks that teach 永恒之息 from nothing. Each one quotes the rule, names the
# words, runs the real engine one idea at a time with **loaded dice** (every die and every draw is chosen by
# the notebook, so the story is the same on every run), checks the numbers by hand, draws a picture, sums up,
# and ends with exercises you answer in a box: it tells you whether you are right and which rule decides.
#
# **The rule (seed 000, §1.1 游戏准备):**
#
# > 1.1.1 定庄定序 — 选定庄家玩家和一个顺序(例如顺时针)
# >
# > 1.1.2 选取卡牌 — 从所有特殊角色卡中抽取**玩家数+1**的特殊角色卡，从庄家开始选取一张特殊角色卡作为自身角色；
# >
# > 从所有普通角色卡中抽取**3×玩家数-2**的普通角色卡，从最后一名玩家向庄家方向，再由庄家向最后一名玩家方向选取普通角色卡，总共选取两张作为召唤角色
# >
# > 1.1.3 神秘仪式 — 各玩家将自身角色倒置于自己区域角色区，并选择一名召唤角色正置于自己区域角色区，另一张召唤角色正置于玩家角色池
# >
# > 1.1.4 游戏初始化 — 各玩家轮流摸取**4张**卡牌并获得**5枚**金币
#
# In English: choose a dealer and a seating order; draw players+1 special characters and let each player,
# from the dealer on, pick one as their own character; draw 3×players−2 normal characters and pick two each
# in snake order; put your own character face down and one summon face up; then everyone draws 4 cards and
# takes 5 coins. The game is for 2–6 players (`EB-players`) with one deck and two dice (`EB-props`).

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | what it is |
# |---|---|---|
# | 庄家 | dealer | the player who starts; a round (轮) begins with the dealer's turn |
# | 特殊角色卡 | special character card | a strong character; each player's **self character** (自身角色) |
# | 普通角色卡 | normal character card | a **summon** (召唤角色): the characters that fight in front |
# | 角色区 / 角色池 | character zone / character pool | characters in play / summons waiting to be summoned |
# | 正置 / 倒置 | face up / face down | 倒置 hides a card: a face-down character has no skill and cannot be attacked |
# | 血条卡 | HP card | a character's life (生命值) |
# | 牌堆 / 手牌 / 金币 | deck / hand / coins | |
# | 选取 | draft (pick) | take one card of those on offer, pass the rest on |
#
# The engine names every rule by a **clause id** of the clause register (`rules.toml`). The clauses this
# notebook teaches, read from the register itself:

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
TAUGHT = ["EB-players", "EB-props", "EB-1.1.1-dealer", "EB-1.1.1-order", "EB-1.1.2-special-draw",
          "EB-1.1.2-special-pick", "EB-1.1.2-normal-draw", "EB-1.1.2-snake", "EB-1.1.2-pass", "EB-1.1.3-ritual",
          "EB-1.1.3-hp", "EB-1.1.3-chant", "EB-1.1.4-init", "EB-1.1.4-limits", "EB-2.1.1-special",
          "EB-2.1.2-normal", "EB-3.1-deck", "EB-3.1-table", "EB-3.1-hand", "EB-3.1-face-up", "EB-3.1-face-down",
          "EB-3.1-zones"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert set(TAUGHT) <= set(RULES)

# %% [markdown]
# ## A new game waits for chance
#
# `explorer.new_game` gives the first state. Nobody has acted yet: the engine says the next move belongs to
# **chance** (`CHANCE`), because the dealer is chosen at random (our reading of 定庄, assumption `EB-A16`).
# Chance moves are ordinary actions with exact probabilities, so a notebook can *choose* them: that is what
# "loaded dice" means here.

# %%
s0 = explorer.new_game(GID, players=2)
outcomes = s0.chance_outcomes()
for action, p in outcomes:
    print(action.describe("en"), "·", action.describe("zh"), "· probability", p)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [p for _, p in outcomes] == [Fraction(1, 2), Fraction(1, 2)]   # hand check: 2 players, 1/2 each
assert s0.current_player == CHANCE
assert sum(p for _, p in outcomes) == 1

# %% [markdown]
# `EB-players`: the game is for 2 to 6 players. Asking for 7 is refused before anything is built:

# %%
try:
    explorer.new_game(GID, players=7)
    refused = None
except ValueError as err:
    refused = str(err)
print(refused)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refused is not None and "2–6" in refused

# %% [markdown]
# ### Assumption `EB-A16`: how is the dealer chosen?
#
# The seed only says 选定庄家 (choose a dealer). Our default is chance (1/n each); the switch `dealer = "seat0"`
# lets seat 0 deal. Both variants, side by side — switching changes the chance node from two outcomes to one:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A16"])))
fixed = explorer.new_game(GID, players=2, variant={"dealer": "seat0"})
print("random:", [(str(a), p) for a, p in s0.chance_outcomes()])
print("seat0: ", [(str(a), p) for a, p in fixed.chance_outcomes()])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(s0.chance_outcomes()) == 2 and [p for _, p in fixed.chance_outcomes()] == [1]

# %% [markdown]
# ## The whole setup as a script
#
# Our story game has two players. P0 will play **Lingxi 灵汐** and P1 **Iron Wall 铁壁**; the summons are
# Swordsman 剑士 + Healer 医师 (P0) and Shield Guard 盾卫 + Monk 僧侣 (P1). Every reveal, pick, ritual choice and
# draw is one step. `setup_steps` writes the steps; it only *lists* them: each is checked by the engine when
# taken (`step` takes the action of whoever must act now).

# %%
from widgets.learn import lessons

# %%
SETUP = tutorial_setup()   # the table of notebook 1 (widgets/games/eternal_breath/lessons.py)
path = states(s0, SETUP)          # the state after every step
s = path[-1]
print(len(SETUP), "steps; now:", s)
for kind, params in SETUP[:6]:
    print(" ", kind, params)

# %% [markdown]
# ## The drafts, event by event
#
# The log (`s.log`) keeps every event with the clause it applied. Count the reveals: `EB-1.1.2-special-draw`
# shows players+1 = 3 specials, `EB-1.1.2-normal-draw` shows 3×players−2 = 4 normals.

# %%
def of(state, clause):
    return [e for e in state.log if e.clause == clause]

n = s.players
specials_shown = [e.number("card") for e in of(s, "EB-1.1.2-special-draw")]
normals_shown = [e.number("card") for e in of(s, "EB-1.1.2-normal-draw")]
print("specials shown:", specials_shown)
print("normals shown: ", normals_shown)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(specials_shown) == n + 1 == 3          # hand check: 2 + 1
assert len(normals_shown) == 3 * n - 2 == 4       # hand check: 3×2 − 2

# %% [markdown]
# Who picks when? `EB-1.1.2-special-pick`: from the dealer on (P0 is the dealer we loaded, and
# `EB-1.1.1-order` fixes the order clockwise: seat +1). `EB-1.1.2-snake`: the normals go from the **last**
# player back to the dealer, then from the dealer to the last — here P1, P0, P0, P1. After each pick
# (`EB-1.1.2-pass`) the rest is passed on, one card fewer each time.

# %%
print("dealer:", [e.describe("en") for e in of(s, "EB-1.1.1-dealer")],
      "· order:", of(s, "EB-1.1.1-order")[0].targets)
special_pickers = [e.actor for e in of(s, "EB-1.1.2-special-pick")]
snake_pickers = [e.actor for e in of(s, "EB-1.1.2-snake")]
left_after_pick = [e.number("left") for e in of(s, "EB-1.1.2-pass")]
print("special picks by", special_pickers, "· normal picks by", snake_pickers, "· cards left after each pick", left_after_pick)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert of(s, "EB-1.1.1-order")[0].targets == (0, 1)
assert special_pickers == [0, 1]
assert snake_pickers == [1, 0, 0, 1]
assert left_after_pick == [2, 1, 3, 2, 1, 0]

# %% [markdown]
# Picks are **secret** while the draft runs (选择自己的卡牌并暂时倒置: kept face down). The engine marks the pick
# event `private_to` the picker, and `State.view(p)` masks what `p` may not see. Mid-draft, P1 cannot see
# which special P0 kept:

# %%
mid = path[4]                                    # just after both specials were picked
pick_event = of(mid, "EB-1.1.2-special-pick")[0]
print("P0's pick, as P0 sees it:", mid.view(0)["players"][0]["picks"])
print("P0's pick, as P1 sees it:", mid.view(1)["players"][0]["picks"])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert pick_event.private_to == (0,)
assert mid.view(0)["players"][0]["picks"] == ["sp_lingxi"]
assert explorer.is_hidden(mid.view(1)["players"][0]["picks"])

# %% [markdown]
# ## The mystic ritual (神秘仪式)
#
# `EB-1.1.3-ritual`: the self character goes **face down** into the character zone, one summon **face up**
# into the zone, the other into the pool. `EB-1.1.3-hp`: only the summon takes its HP card now; the self
# character takes its HP card when it is declared (notebook 2). `EB-3.1-face-up` is a card's basic state;
# `EB-3.1-face-down` hides the self character: P1 sees only that P0 has a hidden character. (`EB-A19`: we
# take the ritual choices one by one from the dealer; both summons are public anyway.)
# The players' areas (`EB-3.1-zones`: character zone 角色区, pool 角色池, effect zone 效果区, trap zone 陷阱区):

# %%
view = s.view(None)
for p, seat in enumerate(view["players"]):
    chars = [(c["en"], c["zh"], "face up" if c["face_up"] else "face down", c["hp"]) for c in seat["characters"]]
    print(f"P{p}: characters {chars} · pool {[c['en'] for c in seat['pool']]} · effects {seat['effects']} · traps {seat['traps']}")
hp_cards = [(e.actor, e.number("card"), e.number("hp")) for e in of(s, "EB-1.1.3-hp")]
print("HP cards taken:", hp_cards)
display(Markdown(assumption_markdown(GID, ["EB-A19"])))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [c["face_up"] for c in view["players"][0]["characters"]] == [False, True]
assert hp_cards == [(0, "n_swordsman", 10), (1, "n_guard", 12)]
assert [e.actor for e in of(s, "EB-1.1.3-ritual")] == [0, 1]                 # EB-A19: one by one, from the dealer
assert explorer.is_hidden(s.view(1)["players"][0]["characters"][0])       # P1 cannot see P0's self character

# %% [markdown]
# Special characters (`EB-2.1.1-special`) are strong: more HP (生命值) and base defence (基础防御) than the
# normal ones (`EB-2.1.2-normal`) that serve as summons. The seed lists **no** cards (and its card pictures are
# missing), so the cards are our sample set, marked as such (`EB-A01`):

# %%
from explorer.games.eternal_breath import content
cat = content.sample()
specials = [content.card(c) for c in cat.specials]
normals = [content.card(c) for c in cat.normals]
print(len(specials), "specials, HP", sorted(c.hp for c in specials))
print(len(normals), "normals, HP", sorted(c.hp for c in normals))
display(Markdown(assumption_markdown(GID, ["EB-A01", "EB-A02"])))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(specials) >= 6 + 1 and len(normals) >= 3 * 6 - 2     # enough for the largest game: 6 players
assert min(c.hp for c in specials) > max(c.hp for c in normals)       # every special outlives every normal

# %% [markdown]
# ## 4 cards and 5 coins (游戏初始化)
#
# `EB-1.1.4-init`: in turn each player takes 5 coins and draws 4 cards; `EB-1.1.4-limits` states the starting
# figures (hand 4, hand limit 6, coins 5, coin cap 20, summon limit 1). The hand is private (`EB-3.1-hand`):

# %%
limits = of(s, "EB-1.1.4-limits")[0].values
coins = [seat.coins for seat in s.data.seats]
hands = [seat.hand for seat in s.data.seats]
print("limits:", limits, "· coins:", coins, "· P0's hand:", hands[0])
print("P0's hand as P1 sees it:", s.view(1)["players"][0]["hand"])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert limits == {"coins": 20, "hand": 6, "summons": 1}
assert coins == [5, 5] and [len(h) for h in hands] == [4, 4]
assert s.view(1)["players"][0]["hand"] == {"hidden": True, "count": 4}

# %% [markdown]
# ## What is left makes the deck (牌堆)
#
# `EB-3.1-deck`: the deck is every card that is neither a character nor a coin, plus "the character cards
# left after the draft". Which ones? The seed is ambiguous (`EB-A04`): our default adds only the **offered**
# cards nobody picked (here the unpicked special, Flame Dragon); characters never offered stay off the table
# (`EB-3.1-table`: only cards on the table affect the game). The switch `leftover_characters = "all"` adds
# every unpicked character. Run the same setup under both readings and compare — a hand check first:
# offered-but-unpicked = 3 − 2 = 1 special and 4 − 4 = 0 normals; all unpicked = (specials − 2) + (normals − 4).

# %%
display(Markdown(assumption_markdown(GID, ["EB-A04"])))
s_all = run(explorer.new_game(GID, players=2, variant={"leftover_characters": "all"}), SETUP)
base = sum(cat.deck_cards().values())        # the non-character cards of the sample deck
dealt = 8                                    # 4 cards each
sizes = {"offered (default)": len(s.data.deck), "all": len(s_all.data.deck)}
print("sample non-character cards:", base, "· deck after setup:", sizes)
all_unpicked = (len(specials) - 2) + (len(normals) - 4)
print("all unpicked characters:", all_unpicked)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sizes["offered (default)"] == base + 1 - dealt
assert sizes["all"] == base + all_unpicked - dealt
assert sizes["all"] - sizes["offered (default)"] == all_unpicked - 1
assert [e.kind for e in of(s, "EB-3.1-table")] == ["off table", "off table"]

# %% [markdown]
# ### A picture: the deck by kind of card, under both readings

# %%
def by_kind(state):
    counts = {}
    for card_id, k in state.data.deck.counts().items():
        kind = content.card(card_id).kind
        counts[kind] = counts.get(kind, 0) + k
    return counts

kinds = ["attack", "defence", "trap", "effect", "special", "normal"]
fig = go.Figure([go.Bar(name=name, x=kinds, y=[by_kind(st).get(k, 0) for k in kinds])
                 for name, st in (("offered (default)", s), ("all", s_all))])
fig.update_layout(barmode="group", title="Deck after setup, by kind (EB-A04)", yaxis_title="cards", height=350)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sum(by_kind(s).values()) == len(s.data.deck) and by_kind(s)["special"] == 1 and by_kind(s_all)["normal"] == len(normals) - 4

# %% [markdown]
# Every draw is a chance node over what is left in the deck (`EB-props`): the next draw's probabilities are
# the card counts over the deck size, exactly.

# %%
draw_odds = dict((a.get("card"), p) for a, p in s.chance_outcomes())
deck = s.data.deck.counts()
print("next card is a Slash:", draw_odds["atk_slash"], "=", deck["atk_slash"], "/", len(s.data.deck))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.current_player == CHANCE and sum(draw_odds.values()) == 1
assert draw_odds["atk_slash"] == Fraction(deck["atk_slash"], len(s.data.deck))

# %% [markdown]
# One clause is in the register but deliberately not modelled: `EB-1.1.3-chant`, the mystic chant
# (神秘咒语) players may recite during the ritual. The register says why:

# %% tags=["remove-input"] jupyter={"source_hidden": true}
chant = RULES["EB-1.1.3-chant"]
assert not chant.modelled and "EB-1.1.3-chant" not in clauses_seen(s)
seen = clauses_seen(s, s_all)
assert set(TAUGHT) - seen == {"EB-players", "EB-props", "EB-1.1.3-chant", "EB-2.1.1-special", "EB-2.1.2-normal",
                              "EB-3.1-hand", "EB-3.1-face-down", "EB-3.1-zones"}   # shown above, not logged as events

# %% [markdown]
# ## Summary
#
# * Chance picks the dealer (`EB-1.1.1-dealer`, `EB-A16`); play goes clockwise (`EB-1.1.1-order`).
# * players+1 specials are offered and picked from the dealer on; 3×players−2 normals are picked in snake
#   order, two each; picks stay secret and the rest is passed on.
# * The ritual: self character face down, one summon face up, the other in the pool; only the summon takes
#   its HP card now.
# * 5 coins and 4 cards each; hand limit 6, coin cap 20, summon limit 1.
# * The deck: every non-character card plus the offered characters nobody picked (`EB-A04`; the switch
#   `leftover_characters = "all"` adds every other unpicked character too).
#
# Next: **02_one_turn.ipynb** plays P0's first turn phase by phase.
#
# ## Exercises
#
# Type your answer and press **Check**: the widget says whether it is right and names the rule to read. The
# expected answers are computed by the engine when you check, never written here.

# %% tags=["remove-input"] jupyter={"source_hidden": true}
five = explorer.new_game(GID, players=5)
five = step(five, "dealer", seat=0)
normals_offered_5 = sum(1 for task in five.data.tasks if task.kind == "offer_normal")

# %%
ex1 = Exercise("1. How many normal character cards are offered in a 5-player game?",
               "1. 5人游戏中展示多少张普通角色卡？", answer=normals_offered_5, game=GID, clause="EB-1.1.2-normal-draw",
               hint_en="the normal draft's clause gives the number in terms of the players",
               hint_zh="普通角色选取的条款按玩家人数给出数量")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert normals_offered_5 == 13
four = step(explorer.new_game(GID, players=4), "dealer", seat=2)
first_normal_picker = next(task.player for task in four.data.tasks if task.kind == "pick_normal")

# %%
ex2 = Exercise("2. Four players, seat 2 deals. Which seat picks the first normal character? (0–3)",
               "2. 4人游戏，座位2为庄家。哪个座位最先选取普通角色卡？（0–3）", answer=first_normal_picker, game=GID, clause="EB-1.1.2-snake",
               hint_en="the snake order does not start at the dealer", hint_zh="蛇形顺序并不从庄家开始")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert first_normal_picker == 1
three_all = step(explorer.new_game(GID, players=3, variant={"leftover_characters": "all"}), "dealer", seat=0)
specials_offered_3 = sum(1 for task in three_all.data.tasks if task.kind == "offer_special")

# %%
ex3 = Exercise("3. Three players: how many special characters are offered for the draft?",
               "3. 3人游戏：展示多少张特殊角色卡供选取？", answer=specials_offered_3, game=GID, clause="EB-1.1.2-special-draw")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert specials_offered_3 == 4
for ex, right in ((ex1, str(normals_offered_5)), (ex2, str(first_normal_picker)), (ex3, str(specials_offered_3))):
    assert ex.check(right) and ex.solved
    ex.reset()
