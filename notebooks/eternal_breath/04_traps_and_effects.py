# %% [markdown]
# # 永恒之息 · 4 — Traps and effect cards: costs, triggers, declarations
#
# **The rule (§2.4 陷阱卡, §2.5 效果卡, §3.2 陷阱卡 / 效果卡 / 触发事件 / 声明事件 / 检定 / 反置事件):**
#
# > 陷阱卡 — 可部署在任意玩家区域陷阱区，在满足一定条件时生效的卡牌
# >
# > 玩家区域可同时存在**至多3张**陷阱卡……在其他玩家区域陷阱卡需要支付**1枚**金币。部署时或玩家的出牌阶段，玩家可支付**1枚**金币以反置**任意至多1张**陷阱卡；玩家的出牌阶段，可支付**2枚金币**解除**任意至多1张**陷阱卡。
# >
# > 倒置的陷阱卡仍能生效，玩家可不在目标触发倒置陷阱卡效果时进行陷阱声明，但正置陷阱卡触发时须立即生效。
# >
# > 声明事件 — 当一名玩家触发陷阱卡，该陷阱卡的放置者可声明对应玩家触发陷阱……此时正置该陷阱卡，如效果被触发，则陷阱卡进入检定。如效果实际上并没有触发，该牌视为无效，并立即移除对应陷阱卡。
# >
# > 效果卡 — 在其他玩家区域放置持续性效果卡需要支付**1枚**金币，目标可支付**1枚**金币阻止该效果卡的放置，但玩家可额外支付**3枚**金币强行放置。持续性效果卡类似于陷阱卡，触发时须立即生效。
#
# In English: a trap goes into any player's trap zone — face up, a card's basic state (正置状态是卡牌的基础状态),
# unless its placer pays 1 coin when deploying it to turn it face down; 1 coin if it is not your own zone; at most 3
# per zone. When its condition is met it **triggers**; a face-down trap only takes effect if its placer
# **declares** it (turning it face up; it then waits in 检定, where it can be cancelled); a face-up trap takes
# effect at once. Declaring a trap that was not triggered voids it. Persistent effect cards sit in an effect
# zone: 1 coin to put one in another player's zone, which they may refuse for 1 coin, which you may override
# for 3 more.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 陷阱卡 / 陷阱区 | trap card / trap zone | |
# | 部署 / 放置者 | deploy / placer | |
# | 触发 | trigger | the condition of a trap or an effect is met |
# | 声明 (陷阱声明) | declare (a trap) | not the character declaration (角色声明) of notebook 2 |
# | 检定 | check | an event waiting to be cancelled; if nothing cancels it, it takes effect |
# | 生效 / 抵消 | take effect / cancel | |
# | 反置 / 解除 / 移除 | flip / remove (pay to clear) / removal to a pile | |
# | 效果卡 (立即 / 持续性) | effect card (instant / persistent) | |
# | 效果区 | effect zone | a player's, and each character's own |
# | 阻止 / 强行放置 | refuse / force | |

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
TAUGHT = ["EB-2.4-trap-card", "EB-2.5-effect-card", "EB-3.2-trap-limit", "EB-3.2-trap-cost", "EB-3.2-trap-flip",
          "EB-3.2-trap-remove", "EB-3.2-trap-hidden", "EB-3.2-trap-face-up", "EB-3.2-effect-cost", "EB-3.2-effect-refuse",
          "EB-3.2-effect-force", "EB-3.2-effect-trigger", "EB-3.2-flip", "EB-3.2-remove", "EB-3.2-trigger",
          "EB-3.2-trap-declare", "EB-3.2-check", "EB-3.2-event", "EB-3.2-damage-taken", "EB-3.2-damage-kinds",
          "EB-3.2-conflict-cause", "EB-3.1-zones", "EB-1.2.6-expire", "EB-1.2.1-settle", "EB-1.2.6-end"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# ## The story: P0 lays a poison, a fortification and a trap
#
# The same setup as notebooks 1–2. This time P0 draws Poison 剧毒 and Fortify 坚守 (two **persistent** effect
# cards) in its first draw phase.

# %%
from explorer import evolve
from explorer.games.eternal_breath import content, records

SETUP = tutorial_setup()   # the table of notebook 1 (widgets/games/eternal_breath/lessons.py)
TO_PLAY = [("draw", {"card": "eff_poison"}), ("draw", {"card": "eff_fortify"}), ("done", {}), ("pass", {})]
play = run(run(explorer.new_game(GID, players=2), SETUP), TO_PLAY)
for cid in ("eff_fortify", "eff_poison", "trap_spikes"):
    c = content.card(cid)
    print(f"{c.en} {c.zh}: {c.kind}, trigger {c.trigger!r}, persistent {c.persistent}, place {c.place!r}, effects {[(e.do, e.amount, e.to) for e in c.effects]}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert play.data.phase == "play" and play.data.seats[0].coins == 7

# %% [markdown]
# ### Placing persistent effect cards (`EB-2.5-effect-card`, `EB-3.1-zones`)
#
# Fortify in P0's own effect zone is free. Poison acts on a character, so it goes into **that character's**
# effect zone (P1's Shield Guard) — 1 coin, because it is another player's zone (`EB-3.2-effect-cost`). P1 may
# refuse for 1 coin (`EB-3.2-effect-refuse`), and then P0 may force it in for 3 more (`EB-3.2-effect-force`).
# Each of these choices is a decision of its own player: `current_player` says who must decide.

# %%
placed_own = step(play, "place", card="eff_fortify", seat=0, target="")
offered = step(placed_own, "place", card="eff_poison", seat=1, target="n_guard")
print("now deciding:", offered.current_player, [a.describe("en") for a in offered.legal_actions()])
refused = step(offered, "refuse")
print("now deciding:", refused.current_player, [a.describe("en") for a in refused.legal_actions()])
forced = step(refused, "force")
accepted = step(offered, "accept")          # the other branch: P1 accepts, the card goes in for 1 coin
for e in forced.log[len(placed_own.log) - 1:]:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
print("had P1 accepted:", accepted.events[-1].describe("en"), f"[{accepted.events[-1].clause}]")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (offered.current_player, refused.current_player) == (1, 0)
assert forced.data.seats[0].coins == 7 - 1 - 3 and forced.data.seats[1].coins == 5 - 1
assert forced.view()["players"][1]["characters"][1]["effects"][0]["card"] == "eff_poison"     # in the Guard's own zone
assert accepted.events[-1].clause == "EB-3.1-zones" and accepted.data.seats[0].coins == 7 - 1

# %% [markdown]
# ### Assumption `EB-A11`: a refused card that is not forced
#
# If P0 gives up instead of forcing, where does the Poison go? Our default: the discard pile, like any card
# that was cancelled. The switch `refused_effect_card = "hand"` returns it to P0's hand. Both variants:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A11"])))
gave_up = {}
for reading in ("discard", "hand"):
    t = run(run(explorer.new_game(GID, 2, {"refused_effect_card": reading}), SETUP), TO_PLAY)
    t = run(t, [("place", {"card": "eff_poison", "seat": 1, "target": "n_guard"}), ("refuse", {}), ("give_up", {})])
    gave_up[reading] = ("eff_poison" in t.data.discard, "eff_poison" in t.data.seats[0].hand, t.data.seats[0].coins)
    print(reading, "→ in the discard pile:", gave_up[reading][0], "· back in P0's hand:", gave_up[reading][1], "· P0's coins:", gave_up[reading][2])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert gave_up == {"discard": (True, False, 6), "hand": (False, True, 6)}

# %% [markdown]
# ### The trap
#
# Spikes 地刺 (trigger: the start of the zone owner's turn; 2 damage) goes into P1's trap zone for 1 coin
# (`EB-3.2-trap-cost`). A card's basic state is face up (`EB-3.1-face-up`), so by default (`EB-A12`) a trap is
# deployed face up, for all to see; paying 1 more coin at deployment (部署时…可支付1枚金币以反置,
# `EB-3.2-trap-flip`) turns it face down — that is the turn's one flip. P0 pays to hide it: the deploy event is
# private to P0 (`EB-2.4-trap-card`), and P1 sees only that *some* trap lies in its zone. The branch `up` keeps
# the other choice (deployed face up). The switch `trap_deployed = "face_down"` plays the former reading: every
# trap goes in face down, for free.

# %%
display(Markdown(assumption_markdown(GID, ["EB-A12"])))
up = step(forced, "trap", card="trap_spikes", zone=1)
laid = step(forced, "trap", card="trap_spikes", zone=1, face="down")
deploy = next(e for e in laid.events if e.kind == "trap")
print("face up, as P1 sees it:", up.view(1)["players"][1]["traps"])
print("face down, as P0 sees it:", laid.view(0)["players"][1]["traps"], "· as P1 sees it:", laid.view(1)["players"][1]["traps"])
readings = {}
for reading in ("face_up", "face_down"):
    t = step(run(run(explorer.new_game(GID, 2, {"trap_deployed": reading}), SETUP), TO_PLAY), "trap", card="trap_spikes", zone=1)
    readings[reading] = (t.data.seats[1].traps[0].face_up, t.data.seats[0].coins)
print("trap_deployed → (face up?, P0's coins):", readings)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert up.data.seats[1].traps[0].face_up and up.view(1)["players"][1]["traps"][0]["card"] == "trap_spikes"
assert deploy.clause == "EB-2.4-trap-card" and deploy.private_to == (0,)
assert explorer.is_hidden(laid.view(1)["players"][1]["traps"][0])
assert up.data.seats[0].coins == 3 - 1 and laid.data.seats[0].coins == 3 - 1 - 1
assert readings == {"face_up": (True, 7 - 1), "face_down": (False, 7 - 1)}

# %% [markdown]
# ## P1's turn starts: two things trigger
#
# In P1's settle phase (`EB-1.2.1-settle`) both the Poison and the Spikes meet their condition
# (`EB-3.2-trigger`). One influence, two events: the engine states the order (`EB-3.2-conflict-cause`) and
# resolves them one after the other — naming the Spikes only as a *face-down trap*, since the order is public and
# the card is not. The Poison is a persistent effect: it takes effect at once
# (`EB-3.2-effect-trigger`) — 1 effect damage to its host (`EB-3.2-damage-taken`). The Spikes are face down:
# P0 must now decide whether to declare them.

# %%
at_declare = step(laid, "end_play")
for e in at_declare.events:
    if e.kind != "phase":
        print(f"#{e.id} [{e.clause}] {e.describe('en')}")
order = next(e for e in at_declare.events if e.clause == "EB-3.2-conflict-cause")
print("P0 may:", [a.describe("en") for a in at_declare.legal_actions()])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert order.number("order") == ("eff_poison", "face-down trap")     # the hidden card is not named (EB-A30)
assert records.find_char(at_declare.data, 1, "n_guard") == 1 and at_declare.data.seats[1].chars[1].hp == 12 - 1
assert at_declare.current_player == 0

# %% [markdown]
# States never change, so from this one position we can follow **every** answer, each a branch of its own:
#
# 1. P0 keeps the trap hidden (`EB-3.2-trap-hidden`): nothing happens; the trap stays.
# 2. P0 declares (`EB-3.2-trap-declare`): the trap turns face up (`EB-3.2-flip`) and waits in 检定 (`EB-3.2-check`).
#    P1 holds a Dispel 破咒, so P1 is asked:
#    * 2a. P1 allows it: it takes effect (`EB-3.2-event`): 2 damage to P1's **front** character (`EB-A10`, `EB-A26`).
#    * 2b. P1 cancels it with the Dispel: the trap event is cancelled and the trap removed (`EB-3.2-remove`).

# %%
display(Markdown(assumption_markdown(GID, ["EB-A26", "EB-A10", "EB-A20"])))
kept = step(at_declare, "keep_hidden")
declared = step(at_declare, "declare_trap", zone=1, card="trap_spikes")
allowed = step(declared, "allow")
dispelled = step(declared, "dispel", card="eff_dispel")
branches = {"1 kept hidden": kept, "2 declared (in 检定)": declared, "2a allowed": allowed, "2b dispelled": dispelled}
for name, b in branches.items():
    new = b.log[len(at_declare.log):]
    print(name, "→", [f"[{e.clause}] {e.kind}{' ✗' if e.cancelled else ''}" for e in new if e.kind != "phase"])
guard_hp = {name: b.data.seats[1].chars[1].hp for name, b in branches.items()}
print("Shield Guard HP:", guard_hp)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert guard_hp == {"1 kept hidden": 11, "2 declared (in 检定)": 11, "2a allowed": 11 - 2, "2b dispelled": 11}
assert [tr.face_up for tr in kept.data.seats[1].traps] == [False] and declared.data.seats[1].traps[0].face_up
assert declared.current_player == 1 and {a.kind for a in declared.legal_actions()} == {"allow", "dispel"}
assert allowed.data.seats[1].traps == () and dispelled.data.seats[1].traps == ()
assert any(e.cancelled and e.clause == "EB-3.2-event" for e in dispelled.log)
assert "trap_spikes" in allowed.data.discard and "trap_spikes" in dispelled.data.discard

# %% [markdown]
# Who is asked in 检定? The trap's target, **whether or not** it holds a card that can cancel (`EB-A20`): were
# only holders asked, everyone would learn what is in P1's hand. A what-if with P1's Dispel taken out of its hand:
# P1 is asked all the same, and its only choice is to let the trap take effect:

# %%
no_dispel = explorer.State(at_declare.game, 2, at_declare.variant,
                           records.seat_set(at_declare.data, 1, hand=tuple(c for c in at_declare.data.seats[1].hand if c != "eff_dispel")))
asked_anyway = step(no_dispel, "declare_trap", zone=1, card="trap_spikes")
print("after the declaration:", f"P{asked_anyway.current_player}", asked_anyway.data.tasks[0].kind, [a.describe("en") for a in asked_anyway.legal_actions()])
straight = step(asked_anyway, "allow")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (asked_anyway.current_player, asked_anyway.data.tasks[0].kind) == (declared.current_player, declared.data.tasks[0].kind)
assert asked_anyway.view(0)["waiting"] == declared.view(0)["waiting"]      # P0 cannot tell the two apart
assert straight.data.seats[1].chars[1].hp == 11 - 2 and straight.current_player == CHANCE    # then P1's draw

# %% [markdown]
# The same holds for the trap itself (`EB-A30`): at every trigger moment of a zone, the placer of **each** face-down
# trap there is asked, whatever the hidden card is — here at P1's turn start P0 would be asked just the same about a
# Snare 绊索 (it triggers on attacks). Declaring a trap that did not trigger voids it (next section), so an honest
# placer keeps it hidden, and nobody learns anything from the question:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A30"])))
snare = explorer.State(laid.game, 2, laid.variant, records.seat_set(laid.data, 1, traps=(records.Trap("trap_snare", 0),)))
snare_turn = step(snare, "end_play")
print("Snare instead of Spikes → asked:", f"P{snare_turn.current_player}", snare_turn.data.tasks[0].kind)
wrong = step(snare_turn, "declare_trap", zone=1, card="trap_snare")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (snare_turn.current_player, snare_turn.data.tasks[0].kind) == (at_declare.current_player, "trap_declare")
assert snare_turn.view(1)["players"][1]["traps"] == at_declare.view(1)["players"][1]["traps"]   # P1 sees the same
assert wrong.data.seats[1].traps == () and any(e.kind == "trap declared" and e.cancelled for e in wrong.events)

# %% [markdown]
# ### Declaring a trap that did **not** trigger
#
# A placer may declare their own face-down trap at any time in their play phase; if its condition was not met,
# the card is void and removed at once (`EB-3.2-trap-declare`). P0 bluffs right after deploying:

# %%
bluff = step(laid, "declare_trap", zone=1, slot=0)
for e in bluff.events:
    print(f"[{e.clause}] {e.describe('en')} {e.outcome}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert bluff.data.seats[1].traps == () and bluff.events[0].cancelled and bluff.events[0].number("true") is False

# %% [markdown]
# ### Face-up traps fire at once; flipping and removing cost coins
#
# `EB-3.2-trap-flip`: when deploying or in the play phase a player may pay 1 coin to flip one trap — at most one
# a turn (`EB-A12`). P0 already spent its flip hiding the Spikes at deployment, so a second flip is refused. Had P0
# left them face up (`up`), they take effect at P1's turn start **without** any declaration
# (`EB-3.2-trap-face-up`); and from `up` P0 could still spend its one flip later in the play phase, turning them
# face down for 1 coin. `EB-3.2-trap-remove`: paying 2 coins removes a trap (once a turn too).

# %%
try:
    laid.apply(explorer.act(GID, "flip_trap", 0, zone=1, slot=0))
    second_flip = None
except IllegalAction as err:
    second_flip = err.clause
    print(err)
fired = step(up, "end_play")
fire = next(e for e in fired.log if e.kind == "trap effect")
hidden_later = step(up, "flip_trap", zone=1, slot=0)
print(fire.describe("en"), f"[{fire.clause}]", "· decisions asked:", fired.data.tasks[0].kind)
print(next(e for e in hidden_later.events if e.kind == "flip").describe("en"), "· P0's coins:", hidden_later.data.seats[0].coins)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert second_flip == "EB-3.2-trap-flip" and fire.clause == "EB-3.2-trap-face-up"
assert fired.data.seats[1].chars[1].hp == 12 - 1 - 2
assert not hidden_later.data.seats[1].traps[0].face_up and hidden_later.data.seats[0].coins == 2 - 1

# %%
# P1 answers on its own turn: draw, then pay 2 coins to remove the hidden trap (branch 1)
p1_play = run(kept, [("draw", {"card": "atk_thunder"}), ("draw", {"card": "eff_insight"}), ("done", {}), ("pass", {})])
removed = step(p1_play, "remove_trap", zone=1, slot=0)
print([f"[{e.clause}] {e.describe('en')}" for e in removed.events])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert removed.data.seats[1].traps == () and removed.data.seats[1].coins == p1_play.data.seats[1].coins - 2

# %% [markdown]
# `EB-3.2-trap-limit`: a zone holds at most 3 traps. A what-if: P1's zone already holds three, P0 tries a fourth.

# %%
full_zone = tuple(records.Trap(c, 0) for c in ("trap_snare", "trap_toll", "trap_curse"))
crowded = explorer.State(forced.game, 2, forced.variant, records.seat_set(forced.data, 1, traps=full_zone))
try:
    crowded.apply(explorer.act(GID, "trap", 0, card="trap_spikes", zone=1))
    fourth = None
except IllegalAction as err:
    fourth = err
print(fourth)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert fourth.clause == "EB-3.2-trap-limit"
assert all(a["zone"] != 1 for a in crowded.legal_actions() if a.kind == "trap")      # P0's own zone is still open

# %% [markdown]
# ## Instant effect cards and what "effect damage" is
#
# P1's Bomb 炸弹 is an **instant** effect card: it takes effect and goes to the discard pile. Damage from a
# card or a skill against an enemy is *effect damage* (效果伤害); with attack damage it is "damage taken"
# (`EB-3.2-damage-kinds`). Effects may only choose face-up characters (`EB-A13`): P0's face-down Lingxi is not
# a target.

# %%
display(Markdown(assumption_markdown(GID, ["EB-A13"])))
p1_allowed = run(allowed, [("draw", {"card": "atk_thunder"}), ("draw", {"card": "eff_insight"}), ("done", {}), ("pass", {})])
bomb_targets = sorted({(a["seat"], a["target"]) for a in p1_allowed.legal_actions() if a.kind == "effect" and a["card"] == "eff_bomb"})
bombed = step(p1_allowed, "effect", card="eff_bomb", seat=0, target="n_swordsman")
hit = next(e for e in bombed.events if e.kind == "effect damage")
print("Bomb targets:", bomb_targets, "·", hit.describe("en"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (0, "sp_lingxi") not in bomb_targets and (0, "n_swordsman") in bomb_targets
assert hit.number("damage") == 2 and "eff_bomb" in bombed.data.discard

# %% [markdown]
# ## Effect cards expire (`EB-1.2.6-expire`)
#
# In each player's end phase (`EB-1.2.6-end`), effect cards in their zones that were **not placed this round**
# leave (a round starts with the dealer's turn). That includes the effect zones of their characters (`EB-A25`).
# Fortify (P0's zone, round 1) leaves at the end of P0's round-2 turn; Poison (on P1's Guard, round 1) hurts
# the Guard once more at P1's round-2 turn start, then leaves at its end.

# %%
display(Markdown(assumption_markdown(GID, ["EB-A25"])))
ROUND_2 = [("end_play", {}),                                                      # P1 ends round 1
           ("draw", {"card": "atk_slash"}), ("draw", {"card": "atk_slash"}), ("done", {}), ("pass", {}), ("end_play", {}),
           ("draw", {"card": "atk_rage"}), ("draw", {"card": "def_guard"}), ("done", {}), ("pass", {}), ("end_play", {}),
           ("discard", {"card": "atk_rage"})]
later = run(bombed, ROUND_2)
def round_at(state, event):
    return [p.number("round") for p in state.log if p.kind == "phase" and p.id < event.id][-1]

expired = [(e.actor, e.number("cards"), round_at(later, e)) for e in later.log if e.clause == "EB-1.2.6-expire"]
poison_hits = [e.number("hp") for e in later.log if e.kind == "effect damage" and e.targets == (1, "n_guard") and e.clause == "EB-3.2-damage-taken"]
print("expired (player, cards, round):", expired, "· Guard HP after each poison or trap hit:", poison_hits)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert expired == [(0, ("eff_fortify",), 2), (1, ("eff_poison",), 2)]
assert poison_hits == [11, 9, 8]              # poison round 1, spikes, poison round 2
assert later.data.seats[1].effects == () and later.data.seats[0].effects == ()

# %% [markdown]
# ### A picture: the Shield Guard's HP card through the story

# %%
hp_events = [e for e in later.log if e.targets == (1, "n_guard") and e.number("hp") is not None]
xs = [0] + [e.id for e in hp_events]
ys = [12] + [e.number("hp") for e in hp_events]
fig = go.Figure(go.Scatter(x=xs, y=ys, mode="lines+markers", line_shape="hv",
                           text=["start"] + [f"[{e.clause}] {e.kind}" for e in hp_events]))
fig.update_layout(title="P1's Shield Guard 盾卫: HP by event id", xaxis_title="event id", yaxis_title="HP", height=320)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert ys == [12, 11, 9, 8]
seen = clauses_seen(kept, allowed, dispelled, bluff, fired, removed, bombed, later, forced, accepted) | {second_flip, fourth.clause}
SHOWN_OTHERWISE = {"EB-3.2-damage-kinds": "the Bomb above is effect damage (its event cites EB-3.2-damage-taken; notebook 3's thorns cite EB-3.2-damage-kinds)"}
assert set(TAUGHT) - seen == set(SHOWN_OTHERWISE)

# %% [markdown]
# ## Summary
#
# * A trap costs 1 coin in another player's zone and is deployed face up, unless its placer pays 1 coin to turn
#   it face down (the turn's one flip); max 3 per zone; flip (1 coin) and removal (2 coins) are once a turn each.
# * When it triggers, a face-down trap needs its placer's declaration: face up, then 检定, where the target can
#   cancel it with a Dispel; a false declaration voids the trap. A face-up trap fires at once.
# * Persistent effect cards: 1 coin in another's zone; the target may refuse for 1; the placer may force for
#   3 more; a refused card goes to the discard pile (`EB-A11`, or back to hand with the switch). An effect on a
#   character sits in that character's effect zone; effect cards leave at the end of their holder's turn in a
#   later round.
# * One influence that triggers several things resolves them in a stated order.
#
# Next: **05_characters_life_and_victory.ipynb**.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
spent_total = play.data.seats[0].coins - laid.data.seats[0].coins

# %%
ex1 = Exercise("1. In this story P0 places Poison on P1's Guard (refused, then forced) and deploys a trap face down in P1's zone. How many coins did that cost P0 in all?",
               "1. 本例中 P0 把剧毒放在 P1 的盾卫上（被阻止后强行放置），并向 P1 陷阱区倒置部署陷阱。P0 一共花了多少金币？",
               answer=spent_total, game=GID, clause="EB-3.2-effect-force",
               hint_en="add the price of each step: placing, forcing, the trap in another zone, deploying face down",
               hint_zh="把每一步的价格相加：放置、强行放置、他人陷阱区、倒置部署")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert spent_total == 1 + 3 + 1 + 1
damage_if_declared = guard_hp["1 kept hidden"] - guard_hp["2a allowed"]

# %%
ex2 = Exercise("2. If P0 declares the Spikes and P1 lets them take effect, how much damage does P1's Guard take?",
               "2. 如果 P0 声明地刺且 P1 让其生效，P1 的盾卫受到多少伤害？", answer=damage_if_declared, game=GID, clause="EB-3.2-trap-declare")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
from explorer.games.eternal_breath import effects
force_total = effects.EFFECT_COST + effects.FORCE_COST

# %%
ex3 = Exercise("3. To put a persistent effect card into another player's zone against their refusal, how many coins must you pay in all?",
               "3. 对方阻止时，要把持续性效果卡强行放置到其区域，一共需要支付多少金币？", answer=force_total, game=GID, clause="EB-3.2-effect-force")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert force_total == 4
for ex, right in ((ex1, spent_total), (ex2, damage_if_declared), (ex3, force_total)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
