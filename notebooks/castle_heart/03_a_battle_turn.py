# %% [markdown]
# # 城堡之心 · 3 — A battle turn, phase by phase
#
# **The rule (seed 003, 战斗回合):**
#
# > 战斗按照回合进行，从城主开始，按照顺时针顺序开启每位英雄的战斗回合，每个战斗回合分为4个阶段：
# >
# > 摸牌阶段――英雄从牌组里摸2张牌；
# >
# > 出牌阶段――可以消耗1张剑进行攻击，可以消耗愈恢复自身的生命，也可以使用魔法卡、装备卡或者英雄技能。每个回合，英雄只能发动一次剑攻击，使用愈、魔法卡和装备卡则不受限制；被攻击的英雄可以消耗1张剑，抵挡对方英雄或者士兵的普通攻击，被攻击的士兵则不能抵挡。
# >
# > 指挥阶段――英雄指挥所部署的士兵卡进行攻击……
# >
# > 弃牌阶段――英雄只能保持等同于目前生命值的手牌，多余的手牌需要弃掉。
#
# In English: each battle turn has **four phases**. **Draw**: the hero draws 2 cards. **Play**: it may spend one 剑
# to attack, spend 愈 to restore its own HP, and use magic cards, equipment cards or its hero skill — only **one
# 剑 attack a turn**, but 愈, magic and equipment without limit; a hero who is attacked may spend a 剑 to
# **block** the normal attack of a hero or a soldier, but an attacked soldier cannot block. **Command**: the
# hero's soldiers attack (notebook 4). **Discard**: the hero keeps no more cards than its current HP.
#
# We play the lord's first turn at the series' table (notebooks 1–2), then P1's answer, then the lord's
# second turn, with every draw chosen.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | what it is |
# |---|---|---|
# | 战斗回合 | battle turn | one hero's turn: four phases |
# | 摸牌阶段 | draw phase | draw 2 cards |
# | 出牌阶段 | play phase | attack, heal, magic, equipment, skills |
# | 指挥阶段 | command phase | the soldiers attack one group |
# | 弃牌阶段 | discard phase | keep at most as many cards as your HP |
# | 消耗 | spend | a card paid as a cost goes to the discard pile |
# | 剑攻击 | 剑 attack | the hero's attack, paid with one 剑; once a turn |
# | 抵挡 | block | spend a 剑 to cancel a normal attack on your hero |
# | 普通攻击 | normal attack | a hero's 剑 attack or a soldier's attack (`CH-A24`) |
# | 愈 / 恢复 | heal / restore | 1 HP back |
# | 牌组 / 弃牌堆 | deck / discard pile | |

# %%
from collections import Counter

import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, Bag, IllegalAction, act
from explorer.games.castle_heart.records import put, with_
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, run, step, what_if
from widgets.games.castle_heart.lessons import TUTORIAL_TABLE, distances, event_lines, pass_turn, prepare, table_figure

GID = "castle_heart"
GAME = explorer.get_game(GID)
RULES = {c.id: c for c in explorer.rules(GID)}

# %%
TAUGHT = ["CH-turn-four-phases", "CH-turn-draw", "CH-turn-play-one-sword", "CH-attack-hero-targets",
          "CH-turn-play-heal", "CH-max-hp", "CH-turn-play-unlimited", "CH-turn-block", "CH-turn-soldiers-cannot-block",
          "CH-turn-command", "CH-turn-discard", "CH-deck-reshuffle"]
display(Markdown(clause_markdown(GID, TAUGHT)))


def refused(state, kind, player, **params):
    """The clause the engine names when it refuses an action (and check that nothing changed)."""
    try:
        state.apply(act(GID, kind, player, **params))
    except IllegalAction as err:
        return err.clause
    raise AssertionError(f"{kind} {params} was allowed")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert set(TAUGHT) <= set(RULES)

# %% [markdown]
# ## Draw (摸牌, `CH-turn-draw`)
#
# The preparation is over; the lord's turn has begun (`CH-turn-four-phases`) and its draw phase has queued two
# draws. Each draw is a chance node over the deck; we choose the cards: 丰饶号角 (Horn of plenty, a magic card)
# and 钢铁大盾 (the steel tower shield, an equipment card).

# %%
table = prepare(**TUTORIAL_TABLE)
print([e.describe("en") for e in table.log[-2:]])
s = run(table, [("draw", {"card": "horn"}), ("draw", {"card": "steel_shield"})])
hand0 = s.data.seats[0].hand
print("P0's hand:", hand0)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert table.current_player == CHANCE and table.data.draws == (0, 0)
assert [e.clause for e in table.log[-2:]] == ["CH-turn-four-phases", "CH-turn-draw"]
assert sorted(hand0) == sorted(TUTORIAL_TABLE["hands"][0] + ("horn", "steel_shield"))

# %% [markdown]
# ## Play (出牌): what the lord may do
#
# Everything the engine offers P0 now. Note what is *missing*: attacks on P2, P3 and P4 (too far: see below),
# and healing itself (it is at full HP).

# %%
offered = s.legal_actions()
for a in offered:
    print(" ", a.describe("en"), "/", a.describe("zh"))
kinds = Counter(a.kind for a in offered)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert kinds["attack"] == 4 and kinds["magic"] == 1 and kinds["equip"] == 1 and kinds["end_play"] == 1
assert "heal" not in kinds

# %% [markdown]
# ### Whom a hero can reach (`CH-attack-hero-targets`, `CH-A07`)
#
# > 英雄可以直接攻击英雄，也可以攻击士兵
#
# A hero may attack a hero or a soldier. The document gives no range for a hero's 剑 attack; our reading
# (`CH-A07`): range 1, 1 damage (skills and weapons change both). Distance is counted in seats round the table
# (notebook 4). So P0 reaches P1 and P5 and their soldiers, and nobody else:

# %%
display(Markdown(assumption_markdown(GID, ["CH-A07"])))
reach = distances(s, 0)
print("seats apart / attack distance from P0:", reach)
in_range = {t for t, (_, d) in reach.items() if d <= 1}
print(refused(s, "attack", 0, target=3, member=-1, pay="sword"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert {a.get("target") for a in offered if a.kind == "attack"} == in_range == {1, 5}
assert refused(s, "attack", 0, target=3, member=-1, pay="sword") == "CH-attack-hero-targets"

# %% [markdown]
# ### Healing only what was lost (`CH-turn-play-heal`, `CH-max-hp`, `CH-A06`)
#
# 愈 "restores" HP. Can it go above the starting HP? The document says 恢复 (restore); our reading `CH-A06`:
# never above the starting HP. So at full HP, P0 is not offered 愈, and the refusal names the rule:

# %%
display(Markdown(assumption_markdown(GID, ["CH-A06"])))
print(refused(s, "heal", 0, target=0))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.seats[0].hp == s.data.seats[0].max_hp == 4
assert refused(s, "heal", 0, target=0) == "CH-max-hp"

# %% [markdown]
# ### Equipment and magic, without limit (`CH-turn-play-unlimited`)
#
# P0 puts on the shield (equipment stays in front of its hero; notebook 6 shows every card at work), then plays
# the horn: "draw 2 more cards" (`CH-magic-horn`). A magic card first waits while every other player in turn is
# asked whether to cancel it with 魔法抵消 (counter-magic, `CH-magic-counter`) — everyone is asked, whether they
# hold one or not, so the question gives nothing away (notebook 6). All let it pass; P0 draws a 剑 and a 魔.

# %%
before = s
s = step(s, "equip", card="steel_shield")
s = step(s, "magic", card="horn", target=None, what=None)
asked = []
while s.data.phase == "counter":
    asked.append(s.current_player)
    s = step(s, "let_pass")
s = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "mana"})])
print("\n".join(event_lines(before, s)))
print("asked about counter-magic:", asked, "· P0's hand:", s.data.seats[0].hand)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert asked == [1, 2, 3, 4, 5]
assert {"CH-turn-play-unlimited", "CH-magic-horn"} <= {e.clause for e in s.log[len(before.log):]}
assert s.data.seats[0].equipment == ("steel_shield",)
assert sorted(s.data.seats[0].hand) == ["heal", "mana", "sword", "sword"]
assert s.data.discard.count("horn") == 1

# %% [markdown]
# Does a magic card also cost a 魔? The document names 魔 costs on the wand, the ring and the ice storm only.
# Our reading `CH-A12`: no (switch `magic_cost` = 0). With `magic_cost` = 1, the same hand — no 魔 in it — could
# not play the horn at all:

# %%
display(Markdown(assumption_markdown(GID, ["CH-A12"])))
may_play = {}
for cost in (0, 1):
    t = prepare(**TUTORIAL_TABLE, variant={"magic_cost": cost})
    t = run(t, [("draw", {"card": "horn"}), ("draw", {"card": "steel_shield"})])
    may_play[cost] = any(a.kind == "magic" for a in t.legal_actions())
    print(f'"magic_cost": {cost} → may play the horn: {may_play[cost]}')

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert may_play == {0: True, 1: False}

# %% [markdown]
# How much equipment may a hero wear? The document does not say. Our reading `CH-A11`: one card per slot (weapon,
# armour, shield, ring, attack mount, defence mount); a new one replaces the old (switch `equipment_slots`).
# A what-if hand with two attack mounts, 地狱梦魇 and 重装战马, put on one after the other, both ways:

# %%
display(Markdown(assumption_markdown(GID, ["CH-A11"])))
worn = {}
for slots in ("one_per_slot", "unlimited"):
    t = prepare(**TUTORIAL_TABLE, variant={"equipment_slots": slots})
    t = run(t, [("draw", {"card": "nightmare"}), ("draw", {"card": "warhorse"})])
    t = run(t, [("equip", {"card": "nightmare"}), ("equip", {"card": "warhorse"})])
    worn[slots] = (t.data.seats[0].equipment, distances(t, 0)[3][1])
    print(f'"equipment_slots": "{slots}" → wears {worn[slots][0]}; to P3 the attack distance is', worn[slots][1])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert worn == {"one_per_slot": (("warhorse",), 2), "unlimited": (("nightmare", "warhorse"), 1)}

# %% [markdown]
# ### The one 剑 attack, and the block (`CH-turn-play-one-sword`, `CH-turn-block`, `CH-A24`)
#
# P0 spends a 剑 to attack P1's hero (狂战士, the berserker). P1 is asked: block with a 剑, or take the hit. It
# holds two 剑, and blocks; the attack is cancelled. A second 剑 attack this turn is refused, by name.

# %%
before = s
attacked = step(s, "attack", target=1, member=-1, pay="sword")
print("P1 may:", [a.describe("en") for a in attacked.legal_actions()])
s = step(attacked, "block")
print("\n".join(event_lines(before, s)))
print(refused(s, "attack", 0, target=5, member=-1, pay="sword"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert attacked.current_player == 1 and {a.kind for a in attacked.legal_actions()} == {"block", "take_hit"}
assert s.data.seats[1].hp == 4 and Counter(s.data.seats[1].hand)["sword"] == 1
assert Counter(s.data.seats[0].hand)["sword"] == 1 and s.data.discard.count("sword") == 2
assert refused(s, "attack", 0, target=5, member=-1, pay="sword") == "CH-turn-play-one-sword"

# %% [markdown]
# Which attacks may be blocked? 「普通攻击」, "a normal attack", of a hero or a soldier. Our reading `CH-A24`:
# a hero's 剑 attack and every soldier's attack on a hero, charges included; not the lightning wand, the missile
# ring or magic.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A24"])))

# %% [markdown]
# ## Command (指挥, `CH-turn-command`) — and soldiers cannot block (`CH-turn-soldiers-cannot-block`)
#
# P0 ends its play phase. In the command phase it sends its soldiers against **one** group; notebook 4 is all
# about this. Here P0's two knights attack P1's knight: P1 is *not* asked to block — an attacked soldier cannot —
# and the knight falls after two charges of 2 damage each (distance 1 + 1).

# %%
s = step(s, "end_play")
at_command = before = s
s = step(s, "command", target=1)
first_hit = step(s, "soldier_attack", member=0)
print(refused(first_hit, "block", 1, soldier=0))
s = step(first_hit, "soldier_attack", member=0)
print("\n".join(event_lines(before, s)))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert at_command.data.phase == "command"
assert first_hit.current_player == 0 and first_hit.data.phase == "soldier"       # nobody else was asked anything
assert refused(first_hit, "block", 1, soldier=0) == "CH-turn-soldiers-cannot-block"
assert s.data.seats[1].soldiers == ()

# %% [markdown]
# ## Discard (弃牌, `CH-turn-discard`)
#
# P0 holds 3 cards and has 4 HP: nothing to discard, and the turn ends; P1's turn begins.

# %%
print([e.describe("en") for e in s.log[-2:]])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(s.data.seats[0].hand) == 3 and s.data.active == 1 and s.current_player == CHANCE

# %% [markdown]
# ## P1 answers
#
# P1 (the berserker, whose sample skill adds 1 to its 剑 damage) draws two 剑 and attacks the lord. Now P0 is
# the one asked to block. The shield does not help: it stops the first *ranged* attack each turn
# (`CH-equip-steel-shield`), and this is a melee attack (distance 1). P0 keeps its last 剑 and takes the 2 damage.

# %%
before = s
s = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "sword"}),
            ("attack", {"target": 0, "member": -1, "pay": "sword"})])
asked_to_block = s
s = step(s, "take_hit")
print("\n".join(event_lines(before, s)))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert asked_to_block.current_player == 0 and {a.kind for a in asked_to_block.legal_actions()} == {"block", "take_hit"}
assert s.data.seats[0].hp == 4 - 2

# %% [markdown]
# The moment P0 was asked, as P0 saw the table: the arrow is the attack being resolved.

# %%
fig_attack = table_figure(asked_to_block, viewer=0, title="P1 attacks the lord; P0 decides whether to block")
fig_attack

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert asked_to_block.view(0)["attack"]["attacker"] == 1 and asked_to_block.view(0)["attack"]["target"] == 0

# %% [markdown]
# P1, P2 and P3 finish quietly. P3 (精灵游侠, HP 3) started with 8 cards (its 6 魔 from unspent mana): in its
# discard phase it must come down to 3.

# %%
s = pass_turn(s)                     # the rest of P1's turn
s = pass_turn(s)                     # P2
before = s
s = pass_turn(s)                     # P3
discards = [e for e in s.log[len(before.log):] if e.clause == "CH-turn-discard"]
print(len(discards), "discards:", [e.describe("en") for e in discards][:2], "…")
s = pass_turn(pass_turn(s))          # P4, P5

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(discards) == 8 + 2 - 3 and len(s.data.seats[3].hand) == 3      # P4's and P5's quiet turns leave P3's hand
assert s.data.active == 0 and s.data.seats[0].hp == 2 and sorted(s.data.seats[0].hand) == ["heal", "mana", "sword"]

# %% [markdown]
# ## The lord's second turn: heal, then discard down to HP
#
# P0 is at 2 HP with 3 cards (愈, 魔, 剑) and draws a 愈 and a 剑: 5 cards. It spends a 愈 on itself (now it may:
# it has lost HP), back to 3. With 3 HP it may keep 3 cards: it discards 1 of its 4. HP is your hand size —
# every point of damage taken also costs a card at the end of your turn.

# %%
before = s
second_play = run(s, [("draw", {"card": "heal"}), ("draw", {"card": "sword"})])
at_discard = run(second_play, [("heal", {"target": 0}), ("end_play", {}), ("command", {"target": None})])
s = step(at_discard, "discard", card="mana")
print("\n".join(event_lines(before, s)))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert at_discard.data.phase == "discard" and at_discard.data.seats[0].hp == 3 and len(at_discard.data.seats[0].hand) == 4
assert len(s.data.seats[0].hand) == s.data.seats[0].hp == 3 and s.data.active == 1

# %% [markdown]
# HP and hand over these turns, as a picture (from the log: each event's HP, and the hand counted step by step):

# %%
hp_line, hand_line, steps = [], [], []
t = table
for i, action in enumerate(s.history[len(table.history):]):
    t = t.apply(action)
    hp_line.append(t.data.seats[0].hp)
    hand_line.append(len(t.data.seats[0].hand))
    steps.append(i)
fig = go.Figure([go.Scatter(x=steps, y=hp_line, name="P0 HP · 生命", mode="lines", line={"shape": "hv"}),
                 go.Scatter(x=steps, y=hand_line, name="P0 hand · 手牌", mode="lines", line={"shape": "hv"})])
fig.update_layout(title="The lord's HP and hand, action by action (CH-turn-discard: hand ≤ HP at each turn's end)",
                  xaxis_title="actions since the battle began", height=330)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hp_line[-1] == 3 and hand_line[-1] == 3

# %% [markdown]
# ## When the deck runs out (`CH-deck-reshuffle`, `CH-A17`)
#
# The document never says. Our reading: the discard pile is shuffled back into the deck; if both are empty, no
# card is drawn. Two what-if positions at the start of P1's turn: an empty deck over a discard pile, and both empty.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A17"])))
d = at_command.data                  # P0's first turn, about to command: P1's draw phase comes next
reshuffles = {}
for name, deck, discard in (("empty deck", Bag(), d.deck.union(d.discard)), ("both empty", Bag(), Bag())):
    t = what_if(at_command, with_(d, deck=deck, discard=discard))
    t = step(t, "command", target=None)
    notes = [e.describe("en") for e in t.log if e.clause == "CH-deck-reshuffle"]
    reshuffles[name] = (notes, t)
    print(f"{name}: {notes}; P1 still to draw: {len(t.data.draws)}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(len(notes) == 1 and t.data.active == 1 for notes, t in reshuffles.values())
t = reshuffles["empty deck"][1]            # the discard pile became the deck
assert t.data.draws == (1, 1) and len(t.data.deck) == len(d.deck.union(d.discard)) and len(t.data.discard) == 0
t = reshuffles["both empty"][1]            # nothing to draw: P1 goes straight to its play phase
assert t.data.draws == () and t.current_player == 1 and t.data.phase == "play"

# %% [markdown]
# ## Summary
#
# - A battle turn: draw 2 (`CH-turn-draw`), play, command, discard (`CH-turn-four-phases`).
# - Play: one 剑 attack (`CH-turn-play-one-sword`) at range 1 for 1 (`CH-attack-hero-targets`, `CH-A07`); 愈 on
#   yourself up to your starting HP (`CH-turn-play-heal`, `CH-max-hp`, `CH-A06`); magic, equipment and skills
#   without limit (`CH-turn-play-unlimited`; `CH-A12`, `CH-A11`).
# - An attacked hero may spend a 剑 to block a normal attack (`CH-turn-block`, `CH-A24`); a soldier cannot
#   (`CH-turn-soldiers-cannot-block`).
# - Command: the soldiers attack one group (`CH-turn-command`, notebook 4).
# - Discard down to your HP (`CH-turn-discard`); an empty deck takes the discard pile back (`CH-deck-reshuffle`,
#   `CH-A17`).
#
# Next: **04_soldiers_and_distance.ipynb**.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
ex_state = prepare(**TUTORIAL_TABLE)
ex_state = run(ex_state, [("draw", {"card": "sword"}), ("draw", {"card": "heal"})])
attacks_p5 = len([a for a in ex_state.legal_actions() if a.kind == "attack" and a.get("target") == 5])

# %%
ex1 = Exercise("1. At the start of the battle, how many different 剑 attacks (target hero or soldier) can P0 "
               "make against P5's group?",
               "1. 战斗开始时，P0 对 P5 的组可以发动多少种不同的剑攻击（目标为英雄或士兵）？", answer=attacks_p5, game=GID,
               clause="CH-attack-hero-targets")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
t = pass_turn(pass_turn(s))                   # P1 and P2: now P3's draws wait
t_after = pass_turn(t, ["sword", "sword"])
p3_discards = sum(e.clause == "CH-turn-discard" for e in t_after.log[len(t.log):])

# %%
ex2 = Exercise("2. P3 has 3 HP and 3 cards. Next turn it draws 2 and plays nothing. How many cards must it "
               "discard?",
               "2. P3 有 3 点生命、3 张手牌。下回合摸 2 张且不出牌。它必须弃几张？", answer=p3_discards, game=GID, clause="CH-turn-discard")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (t.data.seats[3].hp, len(t.data.seats[3].hand)) == (3, 3)
t = what_if(second_play, put(second_play.data, 0, hp=1, hand=("heal",) * 5))
heals_possible = 0
while any(a.kind == "heal" and a.get("target") == 0 for a in t.legal_actions()):
    t = step(t, "heal", target=0)
    heals_possible += 1

# %%
ex3 = Exercise("3. P0 (starting HP 4) is down to 1 HP with five 愈 in hand. How many can it spend on itself "
               "this turn?",
               "3. P0（初始生命 4）只剩 1 点生命，手里有五张愈。本回合它最多能对自己使用几张？", answer=heals_possible,
               game=GID, clause="CH-max-hp")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, attacks_p5), (ex2, p3_discards), (ex3, heals_possible)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
