# %% [markdown]
# # 卡驱MOBA · 7 — Ruler mode: every setting, both ways
#
# **The rules (规则——模式详解, seed 001):**
#
# > - 经典模式：使用上述所有标准规则的模式。
# > - Ruler模式：在经典模式和不破坏游戏性的基础上，充分给予玩家们定制部分规则的权利。
# >
# > Ruler模式下可修改的全局条目：
# > - 生命值上限。可选数值范围：60\~inf，默认为60。
# > - 体力值上限。可选数值范围：8\~inf，默认为12。
# > - 开始阶段体力值获得数。可选择数值范围：1\~4，默认为1。
# > - 手牌上限。可选数值范围：6\~inf，默认为inf。结束阶段检查手牌，若超过手牌上限，则需要弃置手牌直到等同于手牌上限。
# > - 状态栈。可选择状态：开、关，默认为开。
# > - 中毒死亡。可选状态：开、关，默认为关
# > - 地图特殊格子效果。可选择状态：开、关，默认为开。
# > - 击杀偷取体力值。可选状态：开、关，默认为关。
# > - 击杀偷取手牌。可选状态：开、关，默认为关。
#
# In English: the **classic mode** (经典模式) plays every standard rule. **Ruler mode** (Ruler模式) is the classic
# game with nine global settings the table may change: the HP cap (60 to inf), the stamina cap (8 to inf), the
# stamina gained at the start phase (1 to 4), a hand limit (6 to inf, none by default), the status stack (on),
# poison death (off), special cells (on), and whether a kill steals the victim's stamina or hand (both off).
#
# Each setting is a `variant` key (`ruler_hp_cap`, …). We run each one both ways — its default and a changed
# value — in the same hand-built position, and watch what changes.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 模式 / 经典模式 / Ruler模式 | mode / classic / Ruler | |
# | 全局条目 / 可选数值范围 / 默认 | global setting / range / default | |
# | inf | inf | no upper end, no cap (`MB-A18`) |
# | 生命值上限 / 体力值上限 / 手牌上限 | HP cap / stamina cap / hand limit | |
# | 开始阶段体力值获得数 | stamina gained at the start phase | |
# | 状态栈 / 中毒死亡 / 特殊格子效果 | status stack / poison death / special-cell effects | |
# | 击杀偷取体力值 / 手牌 | a kill steals the stamina / the hand | |
# | 开 / 关 | on / off | |
# | 弃置 / 置牌堆 | discard / discard pile | |

# %%
import plotly.graph_objects as go
from plotly.subplots import make_subplots
from IPython.display import Markdown, display

import explorer
from explorer import VariantError
from explorer.games.card_moba import ruler
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, clauses_seen, run, step
from widgets.games.card_moba.lessons import events_since, position, refusal, story_setup, with_hero

GID = "card_moba"
GAME = explorer.get_game(GID)
TAUGHT = ["MB-mode-classic", "MB-mode-ruler", "MB-ruler-hp-cap", "MB-ruler-stamina-cap", "MB-ruler-start-stamina",
          "MB-ruler-hand-limit", "MB-ruler-status-stack", "MB-ruler-poison-death", "MB-ruler-special-cells",
          "MB-ruler-steal-stamina", "MB-ruler-steal-hand", "MB-card-no-hand-limit", "MB-card-discard-pile",
          "MB-hero-hp-cap", "MB-term-1-stamina"]
display(Markdown(clause_markdown(GID, TAUGHT)))


def show(before, after):
    """Print the events ``after`` added, each with its clause."""
    for line in events_since(before, after):
        print(line)


def table(variant, heroes=("gale", "reaver"), cells=((2, 3), (3, 4)), **kw):
    """A hand-built position at a Ruler table with these settings (P0's action phase)."""
    return position(heroes, cells, variant=variant, mode="ruler", **kw)


def next_turn(draws=("O1", "M1")):
    return [("end", {}), *[("draw", {"card": c}) for c in draws]]


runs = []           # every position played below (their events cite the clauses)
measured = {}       # setting → (what was measured, default value, changed value): the picture at the end

# %% [markdown]
# ## Classic or Ruler (`MB-mode-classic`, `MB-mode-ruler`)
#
# The mode is the first choice of the setup (notebook 1). A game whose variant changes no Ruler setting is offered
# both modes; the classic mode then plays the standard rules whatever the Ruler settings say. A table that changed
# a setting is offered Ruler mode only: the seed does not say, but a changed setting means nothing elsewhere
# (`MB-A16`). After the choice, the game's rules are the classic ones or the table's:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A16"])))
plain = explorer.new_game(GID, 2)
custom = explorer.new_game(GID, 2, {"ruler_hp_cap": 80, "ruler_hand_limit": 6})
print("offered — plain table:", [a["mode"] for a in plain.legal_actions()],
      "· table with settings:", [a["mode"] for a in custom.legal_actions()])
classic_rules = step(plain, "mode", mode="classic").data.rules
ruler_rules = step(custom, "mode", mode="ruler").data.rules
print("classic:", classic_rules.hp_cap, classic_rules.hand_limit, "· Ruler:", ruler_rules.hp_cap, ruler_rules.hand_limit)
story = run(explorer.new_game(GID, 2), story_setup())

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [a["mode"] for a in plain.legal_actions()] == ["classic", "ruler"]
assert [a["mode"] for a in custom.legal_actions()] == ["ruler"]
assert (classic_rules.hp_cap, classic_rules.hand_limit) == (60, None)
assert (ruler_rules.hp_cap, ruler_rules.hand_limit) == (80, 6)
assert step(plain, "mode", mode="ruler").data.rules == classic_rules       # Ruler with every default = classic
assert story.data.mode == "classic" and any(e.clause == "MB-mode-classic" for e in story.log)

# %% [markdown]
# ## The ranges, and "inf" (`MB-A18`)
#
# 「60\~inf」: how is inf written, and how high may a number go? Any whole number from the minimum up is inside
# 「60\~inf」, so none is refused (10¹² is as good as 61); and the document's own word `"inf"` means no cap at all.
# The start-phase stamina's range 1\~4 is closed. A value outside a range is refused with the setting's clause:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A18"])))
rows = ["| variant key | rules field | default | range | clause |", "|---|---|---|---|---|"]
for key, (field, default, low, high, clause) in ruler.RULER.items():
    rng = f"{low} ~ {'inf' if high is None else high}" if low is not None else " / ".join(map(str, high))
    rows.append(f"| `{key}` | {field} | {default!r} | {rng} | {clause} |")
display(Markdown("\n".join(rows)))

verdicts = {}
for key, value in [("ruler_hp_cap", 59), ("ruler_hp_cap", 10**12), ("ruler_hp_cap", "inf"), ("ruler_stamina_cap", 7),
                   ("ruler_stamina_cap", "inf"), ("ruler_start_stamina", 5), ("ruler_start_stamina", "inf"),
                   ("ruler_hand_limit", 5), ("ruler_hand_limit", 6)]:
    try:
        explorer.new_game(GID, 2, {key: value})
        verdicts[(key, value)] = "accepted"
    except VariantError as err:
        verdicts[(key, value)] = str(err).split(": ", 1)[1]
    print(f"{key} = {value!r}: {verdicts[(key, value)]}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(ruler.RULER) == 9
assert [k for k, v in verdicts.items() if v == "accepted"] == [
    ("ruler_hp_cap", 10**12), ("ruler_hp_cap", "inf"), ("ruler_stamina_cap", "inf"), ("ruler_hand_limit", 6)]
assert "MB-ruler-start-stamina" in verdicts[("ruler_start_stamina", "inf")]

# %% [markdown]
# ## 1. The HP cap 生命值上限 (`MB-ruler-hp-cap`, classic: `MB-hero-hp-cap`)
#
# Sage has 58 HP and heals 3 + 3 + 6 = 12 (two S2 cards, then Radiance 【S S】). With the classic cap of 60 she stops
# at 60 and the rest is lost; with a cap of 65 at 65; with "inf" she reaches 70, above any hero's starting HP.

# %%
hp_after, capped_by = {}, {}
for cap in (60, 65, "inf"):
    s = with_hero(table({"ruler_hp_cap": cap}, heroes=("sage", "reaver"), hands=(("S2", "S2"), ())), 0, hp=58)
    t = run(s, [("play", {"card": "S2"}), ("play", {"card": "S2"}), ("skill", {"skill": "radiance#0"})])
    runs.append(t)
    hp_after[cap] = t.data.heroes[0].hp
    capped = [e for e in t.log if e.kind == "hp cap"]
    capped_by[cap] = {e.clause for e in capped}
    print(f"HP cap {cap!r}: HP {hp_after[cap]}", "·", capped[-1].describe("en") if capped else "nothing lost")
measured["HP cap"] = ("Sage's HP after healing 12 from 58", hp_after[60], hp_after["inf"])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hp_after == {60: 60, 65: 65, "inf": 58 + 12}
assert capped_by == {60: {"MB-hero-hp-cap"}, 65: {"MB-ruler-hp-cap"}, "inf": set()}

# %% [markdown]
# ## 2. The stamina cap 体力值上限 (`MB-ruler-stamina-cap`, classic: `MB-term-1-stamina`)
#
# Stamina stops at the cap. What happens to the excess? The seed sends us to a 「体力溢出事件」 (stamina overflow
# event) that it never defines; we read the simplest thing — the excess is lost, and the event shows how much
# (`MB-A04`). Gale has 12 stamina and ends her turn (+1 at the end phase):

# %%
display(Markdown(assumption_markdown(GID, ["MB-A04"])))
stamina_after = {}
for cap in (12, 20, "inf"):
    s = table({"ruler_stamina_cap": cap}, stamina=12)
    t = step(s, "end")
    runs.append(t)
    gain = next(e for e in t.log if e.clause == "MB-turn-end" and e.kind == "stamina")
    stamina_after[cap] = t.data.heroes[0].stamina
    print(f"stamina cap {cap!r}: {gain.describe('en')}")
measured["stamina cap"] = ("Gale's stamina after the end phase, from 12", stamina_after[12], stamina_after["inf"])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert stamina_after == {12: 12, 20: 13, "inf": 13}

# %% [markdown]
# ## 3. Stamina at the start phase 开始阶段体力值获得数 (`MB-ruler-start-stamina`)
#
# The start phase gives 1 stamina (`MB-turn-start`); a Ruler table may make it 1 to 4. The end phase's +1 does not
# change (`MB-turn-end`). Reaver's start phase, each way:

# %%
gained, p0_stamina = {}, {}
for value in (1, 2, 3, 4):
    s = table({"ruler_start_stamina": value}, stamina=5)
    t = run(s, next_turn())
    runs.append(t)
    gained[value] = t.data.heroes[1].stamina - 5
    p0_stamina[value] = t.data.heroes[0].stamina
print("stamina gained by Reaver's start phase:", gained)
measured["start-phase stamina"] = ("stamina from Reaver's start phase", gained[1], gained[4])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert gained == {v: v for v in (1, 2, 3, 4)}
assert set(p0_stamina.values()) == {5 + 1}            # P0's end phase: still +1

# %% [markdown]
# ## 4. The hand limit 手牌上限 (`MB-ruler-hand-limit`; classic: `MB-card-no-hand-limit`)
#
# 「通常情况下手牌没有上限」: normally there is no hand limit, and Ruler's default is "inf". Gale ends her turn
# holding 9 cards and keeps them all; asking to discard is refused, naming the rule. With a limit of 6 her end
# phase finds 9 > 6 and she must discard three cards of her choice, one at a time; they go to the discard pile
# (置牌堆, `MB-card-discard-pile`), which is shuffled into a new deck when the deck runs out.

# %%
nine = ("O1", "O1", "O2", "D1", "D2", "M1", "M2", "S1", "S3")
kept = step(table({}, hands=(nine, ())), "end")
no_discard = refusal(table({}, hands=(nine, ())), "discard", card="O1")
print(no_discard)

limited = step(table({"ruler_hand_limit": 6}, hands=(nine, ())), "end")
print("phase:", limited.data.phase, "· offered:", sorted({a["card"] for a in limited.legal_actions()}))
done = run(limited, [("discard", {"card": c}) for c in ("O1", "S1", "M2")])
show(limited, done)
measured["hand limit"] = ("Gale's hand after her end phase, from 9", len(kept.data.heroes[0].hand), len(done.data.heroes[0].hand))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(kept.data.heroes[0].hand) == 9 and no_discard.clause == "MB-card-no-hand-limit"
assert limited.data.phase == "discard" and limited.current_player == 0
assert len(done.data.heroes[0].hand) == 6 and done.data.discard.counts() == {"O1": 1, "S1": 1, "M2": 1}
assert done.data.seat == 1                           # the limit met, Reaver's turn began

# %% [markdown]
# ## 5. The status stack 状态栈 (`MB-ruler-status-stack`)
#
# On (the default) a hero ignores a second status of a name it holds (`MB-event-STS`, notebook 5); off, the
# repeat merges into the held one — layers add up, the longer duration stays (`MB-A10`). Phantom assassinates
# Reaver twice (O M O M; 4 true damage and 2 layers of slow each): at Reaver's action phase he loses 2 steps,
# or all 3 of his steps when the stack is off (2 + 2 = 4 layers).

# %%
steps_left = {}
for stack in (True, False):
    s = table({"ruler_status_stack": stack}, heroes=("phantom", "reaver"), cells=((2, 3), (3, 3)),
              hands=(("O1", "M1", "O1", "M1"), ()), steps=0, stamina=8)
    assassinate = [("play", {"card": "O1"}), ("play", {"card": "M1"}), ("skill", {"skill": "assassinate#0", "target": 1})]
    t = run(s, assassinate + assassinate + next_turn())
    runs.append(t)
    steps_left[stack] = t.data.heroes[1].steps
    slowed = next(e for e in t.log if e.kind == "slowed")
    print(f"status stack {'on' if stack else 'off'}: {slowed.describe('en')} → {steps_left[stack]} step(s) left")
measured["status stack"] = ("Reaver's steps after two slows", steps_left[True], steps_left[False])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert steps_left == {True: 3 - 2, False: 0}

# %% [markdown]
# ## 6. Poison death 中毒死亡 (`MB-ruler-poison-death`)
#
# Normally poison cannot take HP below 1 (`MB-status-13-poison`). With poison death on, it kills like any damage —
# and poison is damage *from whoever put it on* (`MB-A23`), so that player is the killer and scores. Reaver (2 HP)
# starts his turn with 3 layers of Venom's poison:

# %%
poisoned = {}
for on in (False, True):
    s = table({"ruler_poison_death": on}, heroes=("venom", "reaver"), steps=0)
    s = with_hero(s, 1, hp=2, statuses=(("poison", 3, 2, False, 0),))
    t = run(s, next_turn())
    runs.append(t)
    poisoned[on] = (t.data.heroes[1].hp if t.data.heroes[1].alive else "dead", t.data.heroes[0].score)
    print(f"poison death {'on' if on else 'off'}: Reaver {poisoned[on][0]}, Venom's score {poisoned[on][1]}")
    if on:
        show(s, t)
measured["poison death"] = ("Venom's score after poisoning a 2-HP Reaver", poisoned[False][1], poisoned[True][1])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert poisoned == {False: (1, 0), True: ("dead", 1)}

# %% [markdown]
# ## 7. Special cells 地图特殊格子效果 (`MB-ruler-special-cells`)
#
# The Arena's middle cell (3, 3) is a Spring 泉水: a hero whose displacement ends there heals 3 (sample content,
# `MB-A11`). Hurt Gale steps onto it, with special cells on and off:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A11"])))
spring = {}
for on in (True, False):
    s = with_hero(table({"ruler_special_cells": on}, cells=((2, 3), (5, 5))), 0, hp=20)
    t = step(s, "move", to=(3, 3))
    runs.append(t)
    spring[on] = t.data.heroes[0].hp
    print(f"special cells {'on' if on else 'off'}:", "; ".join(e.describe("en") for e in t.events))
measured["special cells"] = ("Gale's HP after stepping onto the Spring, from 20", spring[True], spring[False])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert spring == {True: 23, False: 20}

# %% [markdown]
# ## 8. and 9. A kill steals stamina 击杀偷取体力值 (`MB-ruler-steal-stamina`) and the hand 击杀偷取手牌 (`MB-ruler-steal-hand`)
#
# Gale (5 stamina) kills Reaver (1 HP, 6 stamina, holding D1 and M2). With the settings on, the killer takes the
# victim's stamina (still up to her own cap) and his whole hand. Which cards were taken is seen only by the two
# of them: a third player, Sage, sees that a hand changed owner, not what was in it.

# %%
loot = {}
for on in (False, True):
    s = table({"ruler_steal_stamina": on, "ruler_steal_hand": on}, heroes=("gale", "reaver", "sage"),
              cells=((2, 3), (3, 3), (6, 6)), hands=((), ("D1", "M2"), ()), stamina=5)
    s = with_hero(with_hero(s, 1, hp=1, stamina=6), 0, stamina=5)
    t = step(s, "attack", target=1)
    runs.append(t)
    loot[on] = (t.data.heroes[0].stamina, t.data.heroes[0].hand, t.data.heroes[1].stamina, t.data.heroes[1].hand)
    print(f"steals {'on' if on else 'off'}: Gale has {loot[on][0]} stamina and {loot[on][1]}; "
          f"Reaver {loot[on][2]} stamina and {loot[on][3]}")
    if on:
        stolen = t
theft = next(e for e in stolen.log if e.clause == "MB-ruler-steal-hand")
print("Gale sees:", theft.describe("en"), "· Sage sees:", explorer.visible_log([theft], 2)[0].describe("en"))
measured["steal stamina"] = ("Gale's stamina after the kill, from 5", loot[False][0], loot[True][0])
measured["steal hand"] = ("cards in Gale's hand after the kill", len(loot[False][1]), len(loot[True][1]))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert loot == {False: (5, (), 6, ("D1", "M2")), True: (5 + 6, ("D1", "M2"), 0, ())}
assert theft.private_to == (0, 1) and explorer.visible_log([theft], 2)[0].numbers == ()

# %% [markdown]
# ## A picture: what each setting changed

# %%
labels = list(measured)
fig = make_subplots(rows=3, cols=3, subplot_titles=[f"{k}<br><sup>{measured[k][0]}</sup>" for k in labels],
                    vertical_spacing=0.16)
for i, k in enumerate(labels):
    values = [measured[k][1], measured[k][2]]
    fig.add_trace(go.Bar(x=["default", "changed"], y=values, text=values, textposition="auto",
                         marker_color=["#337ab7", "#d9534f"], showlegend=False), row=i // 3 + 1, col=i % 3 + 1)
fig.update_annotations(font_size=11)
fig.update_layout(height=720, title="Each Ruler setting: the same position, default vs changed",
                  margin={"t": 90})
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(labels) == 9 and all(measured[k][1] != measured[k][2] for k in labels)

# %% [markdown]
# Every clause of this notebook was cited by an event of the engine, a refusal or a check above:

# %% tags=["remove-input"] jupyter={"source_hidden": true}
seen = clauses_seen(*runs, done, story, step(custom, "mode", mode="ruler")) | {no_discard.clause}
SHOWN_OTHERWISE = {"MB-card-discard-pile": "the three discarded cards on the discard pile",
                   "MB-ruler-poison-death": "Reaver dead or at 1 HP, and Venom's score",
                   "MB-ruler-start-stamina": "the stamina each start phase gave",
                   "MB-ruler-stamina-cap": "the stamina after the end phase",
                   "MB-term-1-stamina": "the excess over the cap of 12, lost (the end phase's event counts it)"}
assert set(TAUGHT) - seen <= set(SHOWN_OTHERWISE)

# %% [markdown]
# ## Summary
#
# * Classic mode plays the standard rules; a Ruler table changes some of nine settings — and a changed setting
#   means the table plays Ruler mode (`MB-A16`).
# * Open ranges (60\~inf, 8\~inf, 6\~inf) take any whole number from the minimum, or "inf" for no cap; 1\~4 is closed.
# * Caps: HP, stamina (the excess is lost), the hand (discard down at the end phase; none by default).
# * Start-phase stamina 1–4; the status stack on or off; poison that kills (and scores for its source); special
#   cells on or off; kills that steal stamina and the hand.
#
# Next: **08_a_whole_game.ipynb** — a whole game, replayed and explained.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
eleven = ("O1",) * 4 + ("D1",) * 4 + ("M1",) * 3
ex1_state = step(table({"ruler_hand_limit": 7}, hands=(eleven, ())), "end")
ex1_discards = 0
while ex1_state.data.phase == "discard":
    ex1_state = step(ex1_state, "discard", card=ex1_state.data.heroes[0].hand[0])
    ex1_discards += 1

# %%
ex1 = Exercise("1. Hand limit 7. Gale ends her turn holding 11 cards. How many must she discard?",
               "1. 手牌上限为7。疾风结束回合时有11张手牌。她需要弃置几张？", answer=ex1_discards, game=GID,
               clause="MB-ruler-hand-limit")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
ex2_state = run(table({"ruler_start_stamina": 3}, stamina=10), next_turn())
ex2_stamina = ex2_state.data.heroes[1].stamina

# %%
ex2 = Exercise("2. Start-phase stamina 3, stamina cap 12 (the default). Reaver has 10 stamina when his turn begins. "
               "How much has he after his start phase?",
               "2. 开始阶段体力值获得数为3，体力值上限12（默认）。掠夺者回合开始时有10点体力值。开始阶段之后他有多少体力值？",
               answer=ex2_stamina, game=GID, clause="MB-ruler-stamina-cap")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
s = table({"ruler_steal_stamina": True}, cells=((2, 3), (3, 3)), stamina=7)
ex3_state = step(with_hero(s, 1, hp=1, stamina=9), "attack", target=1)
ex3_stamina = ex3_state.data.heroes[0].stamina

# %%
ex3 = Exercise("3. Kills steal stamina; the stamina cap is 12. Gale (7 stamina) kills Reaver (9 stamina). How much "
               "stamina has Gale now?",
               "3. 击杀偷取体力值开启；体力值上限为12。疾风（7点体力值）击杀掠夺者（9点体力值）。疾风现在有多少体力值？",
               answer=ex3_stamina, game=GID, clause="MB-ruler-steal-stamina")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, ex1_discards), (ex2, ex2_stamina), (ex3, ex3_stamina)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
