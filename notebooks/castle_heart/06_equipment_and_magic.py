# %% [markdown]
# # 城堡之心 · 6 — Every equipment and magic card, in play
#
# **The cards (seed 003, 装备卡 and 魔法卡):**
#
# > 骑士铠甲：50%几率抵消1次近战攻击 · 钢铁大盾：每回合抵消第1次远程攻击 · 闪电魔杖：装备者可以使用闪电束，消耗3张魔，对目标造成3点伤害 ·
# > 银合金大剑：攻击距离2，如本次攻击消灭目标，可以马上向该目标同组目标发动攻击，需要消耗1张剑 · 深渊之剑：成功对目标造成伤害，目标必须选择抛弃1张手牌，否则额外造成1点伤害。 ·
# > 飞弹戒指：随机对同一组目标造成伤害，共五点，发动后必须消耗3张魔保留该装备，否则消失。 · 熊首战斧：攻击被抵消时，可以抛弃2张手牌，此次攻击必然命中 ·
# > 毁灭战斧：攻击被抵消时，可以继续消耗1张剑发动攻击，直到成功命中对手 · 银杉木长弓：攻击距离无限，主动攻击时，可以使用任意2张手牌代替1张剑 ·
# > 淬毒匕首：成功命中目标，除造成正常伤害外，该目标在下一回合开始时，遭受1点毒性伤害。 · 地狱梦魇 / 重装战马：攻击时，距离－1 ·
# > 银色飞马 / 狮鹫之王：被攻击时，距离+1 · 备注：四种坐骑类装备卡，作用效果为同组英雄及士兵共享。
# >
# > 群体治愈：为全体英雄每人治愈1点伤害 · 爆裂火球：指定目标受到总共3点伤害，可选择平均承受还是由某一士兵承受 · 丰饶号角：额外抓2张牌 ·
# > 疾风迅行：本回合发动攻击时，无视距离限制 · 镜影憧憧：下次行动前，产生镜影效果，50%几率回避所有类型攻击 · 小裂解术：指定目标，消灭其1张手牌或者装备卡 ·
# > 定身一指：指定目标，将其定身一回合，该目标在魔法有效期间，不得进行除抓牌弃牌之外的任何操作，但具有自动防御能力的装备卡依旧生效。 ·
# > 魔力回朔：将上一回合中消耗的所有魔，放回手牌。 · 冰风暴雨：对除自己外所有目标使用，每人必须消耗1张魔进行防御，否则受到1点伤害。 ·
# > 魔法抵消：抵消任何魔法卡的作用，但定身一指如果已经对指定目标生效，该目标不得自行使用。
#
# In English: fourteen **equipment cards** (装备卡) — armour, a shield, weapons, a ring and four mounts — and ten
# **magic cards** (魔法卡). The seed lists them by name and effect only; the sample deck holds one of each
# equipment card and two of each magic card (`CH-A04`). Each card below is played through the real engine at a
# table whose every card is **chosen** (the deal, the hands, each draw, each die), so the story is the same on
# every run. Where a card has a chance — the armour, the mirror images, the missile ring, lesser disintegration —
# we show the chance node's exact outcomes, check them a second way (a brute force, a closed form, a walk over every
# branch), and then choose the outcome the story plays.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 装备卡 / 魔法卡 | equipment card / magic card | |
# | 剑 / 魔 / 愈 | sword / mana / heal | the three basic cards (`CH-A04`) |
# | 近战攻击 / 远程攻击 | melee / ranged attack | distance 1 / 2 or more (`CH-A13`) |
# | 抵消 / 命中 | cancel / hit | |
# | 坐骑 / 同组 | mount / the same group | a hero and its soldiers (`CH-A08`) |
# | 消耗 / 抛弃 / 弃 | spend / throw away / discard | only 消耗 counts for 魔力回朔 (`CH-A40`) |
# | 定身 / 镜影 / 闪电束 / 飞弹 | hold / mirror images / lightning bolt / missiles | |

# %%
import inspect
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import plotly.graph_objects as go
import sympy
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, IllegalAction
from explorer.games.castle_heart.records import put
from explorer.games.castle_heart.content import CONTENT
from explorer.games.castle_heart.reach import attack_distance
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, run, step, what_if
from widgets.games.castle_heart.lessons import distances, prepare, preparation_steps, table_figure

GID = "castle_heart"
EQUIPMENT = [c for c in CONTENT.cards.values() if c.kind == "equipment"]
MAGIC = [c for c in CONTENT.cards.values() if c.kind == "magic"]
print(", ".join(f"{c.zh} {c.en}" for c in EQUIPMENT))
print(", ".join(f"{c.zh} {c.en}" for c in MAGIC))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(EQUIPMENT) == 14 and len(MAGIC) == 10

# %%
EQUIP_CLAUSES = ["CH-equip-knight-armour", "CH-equip-steel-shield", "CH-equip-lightning-wand", "CH-equip-great-sword",
                 "CH-equip-abyss-sword", "CH-equip-missile-ring", "CH-equip-bear-axe", "CH-equip-doom-axe",
                 "CH-equip-longbow", "CH-equip-poison-dagger", "CH-equip-nightmare", "CH-equip-warhorse",
                 "CH-equip-pegasus", "CH-equip-griffin", "CH-equip-mounts-shared"]
MAGIC_CLAUSES = ["CH-magic-mass-heal", "CH-magic-fireball", "CH-magic-horn", "CH-magic-swift", "CH-magic-mirror",
                 "CH-magic-disintegrate", "CH-magic-hold", "CH-magic-recall", "CH-magic-ice-storm", "CH-magic-counter",
                 "CH-magic-counter-hold-exception"]
display(Markdown(clause_markdown(GID, ["CH-turn-play-unlimited", *EQUIP_CLAUSES, *MAGIC_CLAUSES])))

# %% [markdown]
# ## The table
#
# Four players: seat 0 is the lord (城主) 莱恩子爵 Viscount Ryan (HP 4), seats 1–3 are enemies (敌军): 大法师
# Archmage (HP 3), 圣女 Saint (HP 3), 秘术师 Arcanist (HP 3). In the preparation phase the lord deploys a knight
# (骑士, value 5) and keeps 5 魔, the Archmage a knight (8 mana with her skill, 3 魔 left), the Saint a great lynx
# (大山猫, value 6), the Arcanist nobody (6 魔). Round the table, neighbours are at distance 1 and seats 0 and 2 (or
# 1 and 3) at distance 2 (`CH-A03`).
#
# Small helpers give the chance its chosen outcomes: `table` deals and deploys (with `prepare` from
# `widgets/games/castle_heart/lessons.py`, shown below), then gives the lord its two draws; `finish` ends a turn (no command, discards down to HP: `CH-turn-discard`); `no_counter` lets every other
# hero pass on counter-magic (`CH-magic-counter`, asked of everyone so that nobody learns who holds one: `CH-A21`).

# %%
IDENTITIES = ["lord", "enemy", "enemy", "enemy"]
HEROES = ["ryan", "archmage", "saint", "arcanist"]
SOLDIERS = [["knight"], ["knight"], ["lynx"], []]
OTHER_HANDS = [["sword", "heal"], ["sword", "mana"], ["heal", "mana"]]


def table(hand, draws, others=OTHER_HANDS, variant=None):
    """The battle's first turn, the lord's play phase: chosen identities, heroes, starting hands and draws."""
    state = prepare(IDENTITIES, HEROES, [hand, *others], SOLDIERS, variant)
    return run(state, [("draw", {"card": c}) for c in draws])


def finish(state, discards=()):
    """End the active hero's turn: no command, discard down to HP (the cards named, else the first in the hand)."""
    me, discards = state.data.active, list(discards)
    state = step(state, "end_play")
    while state.current_player != CHANCE and state.data.active == me and state.data.phase in ("command", "discard"):
        if state.data.phase == "command":
            state = step(state, "command", target=None)
        else:
            state = step(state, "discard", card=discards.pop(0) if discards else state.legal_actions()[0].get("card"))
    return state


def no_counter(state):
    """Everyone asked lets the magic card work."""
    while state.data.phase == "counter":
        state = step(state, "let_pass")
    return state


def said(state):
    """The events of the last step, one per line, with their clauses."""
    for e in state.events:
        print(f"  [{e.clause}] {e.describe('en')} / {e.describe('zh')}")


def seat(state, k):
    return state.data.seats[k]


start = table(["knight_armour", "sword"], ["sword", "heal"])
print([(s.hero, s.hp, s.hand, [x.kind for x in s.soldiers]) for s in start.data.seats])
table_figure(start, viewer=0, distances_from=0, title="城堡之心 · tutorial 6")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [s.hand.count("mana") for s in start.data.seats] == [5, 3, 1, 7]     # leftover mana (+ chosen hands)
assert start.current_player == 0 and start.data.phase == "play"
assert {k: attack_distance(start.data, 0, k) for k in (1, 2, 3)} == {1: 1, 2: 2, 3: 1}
assert distances(start, 0) == {1: (1, 1), 2: (2, 2), 3: (1, 1)}

# %% [markdown]
# ### Putting equipment on, and the slots (`CH-A11`)
#
# Using equipment is free and unlimited in the play phase (`CH-turn-play-unlimited`). The seed does not say how
# many cards a hero may wear: by default one per slot — weapon, armour, shield, ring, attack mount, defence mount —
# and a new card replaces the old one, which goes to the discard pile. The switch `equipment_slots` = `"unlimited"`
# lets a hero wear everything.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A11"])))
slots = {}
for value in ("one_per_slot", "unlimited"):
    s = table(["great_sword", "longbow"], ["sword", "heal"], variant={"equipment_slots": value})
    s = step(step(s, "equip", card="great_sword"), "equip", card="longbow")
    slots[value] = seat(s, 0).equipment
    said(s)
    print(value, "→ the lord wears", slots[value], "; discard pile", s.data.discard.counts())

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert CONTENT.cards["great_sword"].slot == CONTENT.cards["longbow"].slot == "weapon"
assert slots == {"one_per_slot": ("longbow",), "unlimited": ("great_sword", "longbow")}

# %% [markdown]
# ## 骑士铠甲 Knight armour — a coin for every melee attack
#
# The lord puts the armour on and ends its turn; the Archmage, next clockwise at distance 1, attacks the lord with
# a 剑. A melee attack on an armoured hero stops at a CHANCE node (`CH-equip-knight-armour`): saved with probability
# exactly 1/2, for each melee attack (`CH-A23`; melee is distance 1, `CH-A13`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A13", "CH-A23"])))
s = finish(step(start, "equip", card="knight_armour"), discards=["mana"] * 4)
s = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "mana"})])
attacked = step(s, "attack", target=0, member=-1, pay="sword")
said(attacked)
outcomes = {a.get("saved"): p for a, p in attacked.chance_outcomes()}
print("armour:", outcomes)
saved = step(attacked, "armour", saved=True)
said(saved)
failed = step(step(attacked, "armour", saved=False), "take_hit")
said(failed)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert attacked.data.phase == "armour" and outcomes == {True: Fraction(1, 2), False: Fraction(1, 2)}
assert seat(saved, 0).hp == 4 and seat(failed, 0).hp == 3

# %% [markdown]
# ## 镜影憧憧 Mirror images — another coin, for every kind of attack
#
# Mirror images last until the user's next turn and protect its hero (`CH-A28`). With the armour **and** the
# images, a melee attack must pass two coins and then the 剑 block (`CH-turn-block`). The engine asks the armour
# first, then the mirror; we walk every chance branch and add up the exact chance that the lord is hit (taking no
# block), and check it against the product 1/2 × 1/2.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A28"])))
s = table(["knight_armour", "mirror"], ["sword", "heal"])
mirrored = no_counter(step(step(s, "equip", card="knight_armour"), "magic", card="mirror", target=None, what=None))
said(mirrored)
s = finish(mirrored, discards=["mana"] * 4)
s = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "mana"})])
attack_on_lord = step(s, "attack", target=0, member=-1, pay="sword")


def chance_hit(state):
    """The exact probability that the attack reaches the block decision (the lord then takes the hit)."""
    if state.current_player == CHANCE:
        return sum(p * chance_hit(state.apply(a)) for a, p in state.chance_outcomes())
    return Fraction(1) if state.data.phase == "block" else Fraction(0)


p_hit = chance_hit(attack_on_lord)
print("P(the attack gets through armour and images) =", p_hit)
dodged = step(step(attack_on_lord, "armour", saved=False), "mirror", saved=True)
said(dodged)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert seat(mirrored, 0).mirror
assert p_hit == Fraction(1, 2) * Fraction(1, 2)
assert dodged.data.phase == "play" and seat(dodged, 0).hp == 4

# %% [markdown]
# ## 钢铁大盾 Steel tower shield and 银杉木长弓 Silver-fir longbow
#
# The longbow has no range limit, and when its wielder attacks, **any two hand cards** stand in for the 剑
# (`CH-equip-longbow`): they are paid one by one. The Saint (seat 2, distance 2) shoots the lord that way; the lord
# wears the steel shield, which cancels the first ranged attack on it in each turn (`CH-equip-steel-shield`,
# `CH-A23`). Paying a 魔 as one of the two cards counts as spending it (消耗, `CH-A40`).

# %%
s = table(["steel_shield", "sword"], ["sword", "heal"], others=[["sword", "heal"], ["longbow", "heal"], ["heal", "mana"]])
s = finish(step(s, "equip", card="steel_shield"), discards=["mana"] * 4)
s = finish(run(s, [("draw", {"card": "sword"}), ("draw", {"card": "mana"})]), discards=["mana"] * 3)
s = run(s, [("draw", {"card": "mana"}), ("draw", {"card": "heal"})])
s = step(s, "equip", card="longbow")
print([a.describe("en") for a in s.legal_actions() if a.kind == "attack"])
shot = run(s, [("attack", {"target": 0, "member": -1, "pay": "any_two"}), ("pay_card", {"card": "mana"}),
               ("pay_card", {"card": "heal"})])
said(shot)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.active == 2 and "sword" not in seat(s, 2).hand           # no 剑: only the longbow's way to pay
assert [e.clause for e in shot.events if e.kind == "attack cancelled"] == ["CH-equip-steel-shield"]
assert seat(shot, 0).hp == 4 and seat(shot, 0).shield_turn == shot.data.turn and seat(shot, 2).spent == 1

# %% [markdown]
# ## 闪电魔杖 Lightning wand — damage, not an attack (`CH-A22`)
#
# The wand spends 3 魔 for 3 damage. The document writes it as damage, with no range: so nothing that answers an
# **attack** applies — no block, no mirror, no shield, and no 潜行 stealth (`CH-soldier-lynx-stealth`). The lord
# cannot attack the Saint's great lynx with a 剑 from distance 2 (a ranged attack), but the wand reaches it.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A22"])))
s = step(table(["lightning_wand", "sword"], ["sword", "heal"]), "equip", card="lightning_wand")
try:
    step(s, "attack", target=2, member=0, pay="sword")
except IllegalAction as refusal:
    refused_far = refusal
    print("refused:", refusal)
bolt = step(s, "lightning", target=2, member=0)
said(bolt)
WAND_TURN = bolt        # used again for 魔力回朔 below

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refused_far.clause in ("CH-soldier-lynx-stealth", "CH-attack-hero-targets")     # NameError if it was allowed
assert seat(bolt, 2).soldiers == () and seat(bolt, 0).hand.count("mana") == 5 - 3 and seat(bolt, 0).spent == 3

# %% [markdown]
# ## 爆裂火球 Fireball, then 银合金大剑 Silver-alloy great sword
#
# The fireball deals 3 damage in all to a group; the target's owner chooses: shared evenly, or one soldier takes
# all 3 (`CH-magic-fireball`). "Even" cannot be exact with 3 points over 2: 3 // 2 each, the remainder one by
# one, the hero first (`CH-A10`). Then the great sword (range 2): if its attack brings the target down — a soldier
# falls, or a hero is brought to 0 (dying) — the wielder may spend another 剑 at once on the same group
# (`CH-equip-great-sword`, `CH-A32`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A10", "CH-A32"])))
s = step(table(["great_sword", "sword"], ["sword", "fireball"]), "equip", card="great_sword")
s = no_counter(step(s, "magic", card="fireball", target=1, what=None))
print([a.describe("en") for a in s.legal_actions()])
one_soldier = step(s, "fireball_split", soldier=0)
said(one_soldier)
even = step(s, "fireball_split", soldier=None)
said(even)
struck = step(step(even, "attack", target=1, member=-1, pay="sword"), "take_hit")
said(struck)
s = step(struck, "follow_up", member=0)
said(s)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert struck.data.phase == "great_sword" and seat(struck, 1).hp == 0
assert seat(one_soldier, 1).soldiers == () and seat(one_soldier, 1).hp == 3
assert seat(even, 1).hp == 3 - (3 // 2 + 1) and seat(even, 1).soldiers[0].hp == 3 - 3 // 2
assert [e.clause for e in s.events if e.kind == "attack"] == ["CH-equip-great-sword"]

# %% [markdown]
# ## 深渊之剑 Sword of the abyss
#
# After it deals damage, the target throws away one hand card or takes 1 more damage (`CH-equip-abyss-sword`). A
# soldier holds no card, so it always takes the extra point (`CH-A37`). Throwing away is not spending (`CH-A40`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A37", "CH-A40"])))
s = step(table(["abyss_sword", "sword"], ["sword", "heal"]), "equip", card="abyss_sword")
hit = step(step(s, "attack", target=1, member=-1, pay="sword"), "take_hit")
print([a.describe("en") for a in hit.legal_actions()])
threw = step(hit, "abyss_discard", card="mana")
took = step(hit, "abyss_take")
said(threw)
said(took)
on_knight = step(s, "attack", target=1, member=0, pay="sword")
said(on_knight)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (seat(threw, 1).hp, seat(took, 1).hp) == (2, 1) and seat(threw, 1).spent == 0
assert seat(on_knight, 1).soldiers[0].hp == 3 - 1 - 1

# %% [markdown]
# ## 飞弹戒指 Missile ring — five missiles at random
#
# Five points of damage fall at random over one group (`CH-equip-missile-ring`); the engine reads 随机 as: each
# missile falls on a member uniformly (`CH-A10`), one CHANCE node for the whole split. Afterwards the wearer spends
# 3 魔 to keep the ring, or it is gone. On the Archmage's group (hero + knight) the split (hero, knight) = (k, 5 − k)
# has probability C(5, k) / 2⁵. We check the engine's outcomes against a brute force over all 2⁵ ways the missiles
# can fall, and against the binomial formula in sympy.

# %%
s = step(table(["missile_ring", "sword"], ["sword", "heal"]), "equip", card="missile_ring")
fired = step(s, "missiles", target=1)
ring_odds = {tuple(a.get("split")): p for a, p in fired.chance_outcomes()}
p_knight_falls = sum(p for (hero, knight), p in ring_odds.items() if knight >= 3)
print("P(the knight, HP 3, falls) =", p_knight_falls, f"= {float(p_knight_falls):.2%}")
fig = go.Figure(go.Bar(x=[f"hero {h} · knight {n}" for h, n in sorted(ring_odds)],
                       y=[float(ring_odds[x]) for x in sorted(ring_odds)],
                       text=[str(ring_odds[x]) for x in sorted(ring_odds)]))
fig.update_layout(title="飞弹戒指: how 5 missiles fall on a hero and one soldier", yaxis_title="probability", height=330)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
brute = Counter(tuple(fall.count(m) for m in range(2)) for fall in product(range(2), repeat=5))
assert ring_odds == {k: Fraction(n, 2**5) for k, n in brute.items()}
assert all(ring_odds[(j, 5 - j)] == sympy.binomial(5, j) / sympy.Integer(2) ** 5 for j in range(6))
assert p_knight_falls == Fraction(comb(5, 3) + comb(5, 4) + comb(5, 5), 32)
assert sum(fig.data[0].y) == 1

# %%
landed = step(fired, "missile_split", split=(2, 3))
said(landed)
print([a.describe("en") for a in landed.legal_actions()])
kept, lost = step(landed, "keep_ring", keep=True), step(landed, "keep_ring", keep=False)
said(kept)
said(lost)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert seat(landed, 1).hp == 1 and seat(landed, 1).soldiers == ()
assert seat(kept, 0).equipment == ("missile_ring",) and seat(lost, 0).equipment == ()
assert seat(kept, 0).hand.count("mana") == 2 and lost.data.discard.count("missile_ring") == 1

# %% [markdown]
# **Why** did the soldier fall? `explorer.why` follows each event's cause back: its fall, the damage, the split
# of the missiles (the chance node, a step after the firing) and the firing itself.
# 士兵为什么倒下：倒下 ← 伤害 ← 飞弹分配（随机节点）← 发射飞弹。

# %%
fall = next(e for e in landed.log if e.kind == "soldier falls")
chain = explorer.why(landed.log, fall.id)
print(*(f"#{e.id} [{e.clause}] {e.describe('en')}" for e in chain), sep="\n")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [e.kind for e in chain] == ["missiles", "missile split", "damage", "soldier falls"] and chain[-1] == fall

# %% [markdown]
# ## 熊首战斧 Bear-head axe and 毁灭战斧 Axe of ruin — when the attack is cancelled
#
# The Archmage blocks the lord's 剑 attack with a 剑 of her own (`CH-turn-block`; a hero's 剑 attack is a "normal"
# attack, `CH-A24`). With the bear-head axe the lord may throw away 2 hand cards and the attack hits anyway
# (`CH-equip-bear-axe`); with the axe of ruin it may spend another 剑 and attack again, until it hits
# (`CH-equip-doom-axe`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A24"])))
s = step(table(["bear_axe", "sword"], ["sword", "heal"]), "equip", card="bear_axe")
blocked = step(step(s, "attack", target=1, member=-1, pay="sword"), "block")
said(blocked)
forced = run(blocked, [("bear_axe", {"use": True}), ("pay_card", {"card": "mana"}), ("pay_card", {"card": "mana"})])
said(forced)

s = step(table(["doom_axe", "sword"], ["sword", "sword"], others=[["sword", "sword"], ["sword", "mana"], ["heal", "mana"]]),
         "equip", card="doom_axe")
again = run(s, [("attack", {"target": 1, "member": -1, "pay": "sword"}), ("block", {}), ("doom_axe", {"again": True}),
                ("block", {}), ("doom_axe", {"again": True}), ("take_hit", {})])
attacks = [e for e in again.log if e.kind == "attack"]
print([f"[{e.clause}]" for e in attacks], "→ Archmage HP", seat(again, 1).hp)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert blocked.data.phase == "bear_axe"
assert seat(forced, 1).hp == 2 and seat(forced, 0).spent == 0          # thrown away (抛弃), not spent (CH-A40)
assert [e.clause for e in attacks] == ["CH-turn-play-one-sword", "CH-equip-doom-axe", "CH-equip-doom-axe"]
assert seat(again, 1).hp == 2 and "sword" not in seat(again, 1).hand and "sword" not in seat(again, 0).hand

# %% [markdown]
# ## 淬毒匕首 Poisoned dagger — 1 more at the start of the target's own next turn
#
# Besides the normal damage the target takes 1 poison damage "at the start of the next turn": the **target's** own
# next turn (`CH-A39`); a poisoned soldier bites at its hero's next turn (`CH-A31`), and the wielder counts as the
# one who did it (`CH-A19`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A39", "CH-A31"])))
s = step(table(["poison_dagger", "sword"], ["sword", "heal"]), "equip", card="poison_dagger")
stabbed = step(step(s, "attack", target=1, member=-1, pay="sword"), "take_hit")
said(stabbed)
s = finish(stabbed, discards=["mana"] * 4)
said(s)
poison = [e for e in s.events if e.clause == "CH-equip-poison-dagger" and e.kind == "damage"]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert seat(stabbed, 1).hp == 2 and seat(stabbed, 1).poisoned == 0
assert s.data.active == 1 and seat(s, 1).hp == 1 and poison[0].actor == 0

# %% [markdown]
# ## The four mounts: 地狱梦魇, 重装战马, 银色飞马, 狮鹫之王
#
# Attack mounts (地狱梦魇 Hell nightmare, 重装战马 Armoured warhorse) take 1 off the distance when their group
# attacks; defence mounts (银色飞马 Silver pegasus, 狮鹫之王 Griffin king) add 1 when their group is attacked; never
# below 1 (`CH-A03`). Their effect is shared by the hero **and its soldiers** (`CH-equip-mounts-shared`). A knight's
# charge deals 【distance + 1】, so a mount changes its damage too.
#
# The lord equips the warhorse: the Saint, 2 seats away, is now at distance 1 — a plain 剑 reaches her (the event
# cites `CH-equip-warhorse`), and in the command phase the lord's knight reaches her lynx in melee (the shared rule).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A03", "CH-A08"])))
mounted = step(table(["warhorse", "nightmare"], ["sword", "heal"]), "equip", card="warhorse")
s = step(mounted, "attack", target=2, member=-1, pay="sword")
said(s)
s = run(s, [("take_hit", {}), ("end_play", {}), ("command", {"target": 2}), ("soldier_attack", {"member": 0})])
said(s)
mounts = [e.clause for e in s.log if e.kind == "mount"]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert attack_distance(start.data, 0, 2) == 2 and attack_distance(mounted.data, 0, 2) == 1
assert mounts == ["CH-equip-warhorse", "CH-equip-mounts-shared"] and seat(s, 2).soldiers[0].hp == 1

# %% [markdown]
# Then the lord swaps in the nightmare (the same slot, `CH-A11`); the Archmage rides the pegasus and the Saint the
# griffin king. In the next round the lord's 剑 attack on the Archmage is at 1 − 1 + 1 = 1, and the Saint is out of
# reach again: 2 − 1 + 1 = 2.

# %%
s = step(table(["warhorse", "nightmare"], ["sword", "heal"],
               others=[["pegasus", "sword"], ["griffin", "mana"], ["heal", "mana"]]), "equip", card="warhorse")
swapped = step(s, "equip", card="nightmare")
said(swapped)
s = finish(swapped, discards=["mana"] * 4)
s = finish(step(run(s, [("draw", {"card": "sword"}), ("draw", {"card": "heal"})]), "equip", card="pegasus"))
s = finish(step(run(s, [("draw", {"card": "sword"}), ("draw", {"card": "heal"})]), "equip", card="griffin"))
s = finish(run(s, [("draw", {"card": "sword"}), ("draw", {"card": "heal"})]))
s = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "heal"})])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert seat(swapped, 0).equipment == ("nightmare",) and swapped.data.discard.count("warhorse") == 1
assert s.data.active == 0 and s.data.round == 2
assert attack_distance(put(s.data, 2, equipment=()), 0, 2) == 1           # without her griffin, 1

# %%
reach = {t: attack_distance(s.data, 0, t) for t in (1, 2)}
print("distances from the lord:", reach, [a.describe("en") for a in s.legal_actions() if a.kind == "attack"])
try:
    step(s, "attack", target=2, member=-1, pay="sword")
except IllegalAction as refusal:
    refused_saint = refusal
    print("refused:", refusal)
s = step(s, "attack", target=1, member=-1, pay="sword")
said(s)
MOUNT_ROUND = s

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert reach == {1: 1, 2: 2}
assert refused_saint.clause == "CH-attack-hero-targets"         # out of reach: NameError if it was allowed
assert sorted(e.clause for e in s.events if e.kind == "mount") == ["CH-equip-nightmare", "CH-equip-pegasus"]

# %% [markdown]
# ### One more picture: the distance from the lord, with and without each mount
#
# Each bar is the engine's own `attack_distance` (reach.py) at the start table with one mount added.

# %%
cases = {"no mount": start.data, "lord: 重装战马 warhorse": put(start.data, 0, equipment=("warhorse",)),
         "target: 狮鹫之王 griffin": start.data}
dist = {name: [attack_distance(d, 0, t) for t in (1, 2, 3)] for name, d in cases.items()}
dist["target: 狮鹫之王 griffin"] = [attack_distance(put(start.data, t, equipment=("griffin",)), 0, t) for t in (1, 2, 3)]
fig = go.Figure([go.Bar(name=name, x=["seat 1", "seat 2", "seat 3"], y=ys) for name, ys in dist.items()])
fig.update_layout(barmode="group", title="Attack distance from the lord (CH-A03)", yaxis_title="distance", height=320)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert dist == {"no mount": [1, 2, 1], "lord: 重装战马 warhorse": [1, 1, 1], "target: 狮鹫之王 griffin": [2, 3, 2]}

# %% [markdown]
# The seed never says how distance is counted (`CH-A03`). By default it is seats round the table; the switch
# `distance` = `"adjacent_all"` puts every other group at 1 before mounts. Then the Saint and her lynx are in melee
# reach of the lord's 剑 from the start.

# %%
reach_by = {}
for value in ("seats", "adjacent_all"):
    s = table(["sword", "heal"], ["sword", "heal"], variant={"distance": value})
    reach_by[value] = (distances(s, 0), sorted({(a.get("target"), a.get("member")) for a in s.legal_actions()
                                                if a.kind == "attack"}))
    print(f"{value:13} distances (seats apart, attack distance): {reach_by[value][0]}; 剑 targets {reach_by[value][1]}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert reach_by["seats"][0][2] == (2, 2) and reach_by["adjacent_all"][0][2] == (1, 1)
assert (2, 0) in reach_by["adjacent_all"][1] and (2, 0) not in reach_by["seats"][1]

# %% [markdown]
# ## 疾风迅行 Swift as the wind
#
# This turn, the user's attacks ignore distance (`CH-magic-swift`) — only the hero's own, not its soldiers'
# (`CH-A42`). A 剑 from distance 2 is still a ranged attack, so stealth still protects the lynx.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A42"])))
s = table(["swift", "sword"], ["sword", "heal"])
before = {a.get("target") for a in s.legal_actions() if a.kind == "attack"}
s = no_counter(step(s, "magic", card="swift", target=None, what=None))
said(s)
after = {(a.get("target"), a.get("member")) for a in s.legal_actions() if a.kind == "attack"}
print("targets before:", sorted(before), "after:", sorted(after))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert 2 not in before and (2, -1) in after and (2, 0) not in after

# %% [markdown]
# ## 丰饶号角 Horn of plenty and 群体治愈 Mass heal
#
# The horn draws 2 more cards (two CHANCE draws, `CH-magic-horn`). Mass heal heals every hero 1 damage
# (`CH-magic-mass-heal`), never above its starting HP (`CH-max-hp`, `CH-A06`).

# %%
blown = no_counter(step(table(["horn", "mass_heal"], ["sword", "heal"]), "magic", card="horn", target=None, what=None))
s = run(blown, [("draw", {"card": "fireball"}), ("draw", {"card": "sword"})])
said(s)
s = no_counter(step(s, "magic", card="fireball", target=1, what=None))
s = step(s, "fireball_split", soldier=None)
hp_before = [x.hp for x in s.data.seats]
s = no_counter(step(s, "magic", card="mass_heal", target=None, what=None))
said(s)
hp_after = [x.hp for x in s.data.seats]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert blown.current_player == CHANCE and len(blown.data.draws) == 2
assert hp_before == [4, 1, 3, 3] and hp_after == [4, 2, 3, 3]

# %% [markdown]
# ## 小裂解术 Lesser disintegration — a hand card at random, or a chosen equipment card
#
# The caster cannot see the target's hand, so a hand card is destroyed at random (`CH-A29`): a CHANCE node where
# each card is as likely as its share of the hand. An equipment card on the table is named.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A29"])))
s = table(["disintegrate", "disintegrate"], ["sword", "heal"])
s = no_counter(step(s, "magic", card="disintegrate", target=1, what="hand"))
hand = seat(s, 1).hand
odds = {a.get("card"): p for a, p in s.chance_outcomes()}
print("the Archmage's hand", hand, "→", odds)
s = step(s, "destroy_card", card="mana")
said(s)
# the second copy, at a card on the table: a hand-built position where the Archmage wears the steel shield
worn = what_if(s, put(s.data, 1, equipment=("steel_shield",)))
print([a.describe("en") for a in worn.legal_actions() if a.kind == "magic" and a.get("target") == 1])
gone = no_counter(step(worn, "magic", card="disintegrate", target=1, what="steel_shield"))
said(gone)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert odds == {c: Fraction(hand.count(c), len(hand)) for c in set(hand)}
assert seat(s, 1).hand.count("mana") == 2
assert seat(gone, 1).equipment == () and gone.data.discard.count("steel_shield") == 1

# %% [markdown]
# ## 定身一指 Finger of holding, and 魔法抵消 Counter-magic
#
# A held hero may only draw and discard until the end of its next turn (`CH-magic-hold`, `CH-A25`); its automatic
# defences (armour, shield, mirror) still work. Counter-magic cancels any magic card when it is played
# (`CH-magic-counter`); everyone else is asked in turn and a counter may itself be countered (`CH-A21`). A held
# hero may not use counter-magic itself (`CH-magic-counter-hold-exception`) — but another hero may play it in its
# play phase to lift the hold.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A25", "CH-A21"])))
holders = [["counter", "counter"], ["sword", "mana"], ["heal", "mana"]]   # the deck's two counter-magic cards
s = table(["hold", "hold"], ["sword", "heal"], others=holders)
s = step(s, "magic", card="hold", target=1, what=None)
print("asked, in turn:", s.data.spell.ask, [a.describe("en") for a in s.legal_actions()])
countered = no_counter(step(s, "counter", card="counter"))
said(countered)
held_again = no_counter(step(countered, "magic", card="hold", target=1, what=None))
said(held_again)
s = finish(held_again, discards=["mana"] * 4)
held_turn = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "sword"})])
print("the held Archmage may:", [a.describe("en") for a in held_turn.legal_actions()])
try:
    step(held_turn, "magic", card="counter", target=1, what=None)
except IllegalAction as refusal:
    refused_counter = refusal
    print("refused:", refusal)
s = finish(held_turn)
said(s)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert not seat(countered, 1).held and [e.kind for e in countered.log[-2:]] == ["counter", "magic cancelled"]
assert seat(held_again, 1).held
assert [a.kind for a in held_turn.legal_actions()] == ["end_play"]
assert refused_counter.clause == "CH-magic-counter-hold-exception"
assert not seat(s, 1).held and any(e.kind == "hold ends" for e in s.events)

# %% [markdown]
# Another hero may lift a hold in its own play phase: the lord holds the Arcanist (seat 3); the Archmage, whose turn
# comes first, plays counter-magic on her.

# %%
s = no_counter(step(table(["hold", "sword"], ["sword", "heal"], others=holders), "magic", card="hold", target=3, what=None))
s = run(finish(s, discards=["mana"] * 4), [("draw", {"card": "sword"}), ("draw", {"card": "heal"})])
lift = [a for a in s.legal_actions() if a.kind == "magic" and a.get("card") == "counter"]
print("the Archmage may:", [a.describe("en") for a in lift])
s = no_counter(step(s, "magic", card="counter", target=3, what=None))
said(s)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [a.get("target") for a in lift] == [3] and not seat(s, 3).held

# %% [markdown]
# ## 魔力回朔 Mana recall
#
# 「将上一回合中消耗的所有魔，放回手牌」: every 魔 **spent** (消耗) in the last round — by anyone, from the start of the
# user's previous turn to the start of this one — comes back from the discard pile (`CH-magic-recall`, `CH-A26`);
# thrown-away or discarded 魔 do not count (`CH-A40`). The lord spent 3 魔 on the lightning bolt above and nobody
# else spent any; a round later it draws mana recall.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A26"])))
s = finish(WAND_TURN, discards=["mana"])
for _ in range(3):
    s = finish(run(s, [("draw", {"card": "sword"}), ("draw", {"card": "heal"})]))
recall_turn = run(s, [("draw", {"card": "recall"}), ("draw", {"card": "sword"})])
mana_before = seat(recall_turn, 0).hand.count("mana")
s = no_counter(step(recall_turn, "magic", card="recall", target=None, what=None))
said(s)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert recall_turn.data.active == 0 and seat(recall_turn, 0).recall == 3
assert seat(s, 0).hand.count("mana") == mana_before + 3

# %% [markdown]
# 「所有魔」 names no spender, so by default the 魔 others spent count too (`mana_recall` = `"everyone"`); the switch
# `"own"` brings back only the user's own. Here the lord casts the ice storm, two heroes each spend a 魔 to ward it
# off and the lord spends none; a round later it plays mana recall.

# %%
recalled = {}
for value in ("everyone", "own"):
    s = table(["ice_storm", "recall"], ["sword", "heal"], variant={"mana_recall": value})
    s = no_counter(step(s, "magic", card="ice_storm", target=None, what=None))
    s = run(s, [("ice", {"spend": True}), ("ice", {"spend": False}), ("ice", {"spend": True})])
    s = finish(s)
    for _ in range(3):
        s = finish(run(s, [("draw", {"card": "sword"}), ("draw", {"card": "heal"})]))
    s = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "sword"})])
    before = seat(s, 0).hand.count("mana")
    s = no_counter(step(s, "magic", card="recall", target=None, what=None))
    recalled[value] = seat(s, 0).hand.count("mana") - before
    print(f"{value:9} 魔 back: {recalled[value]}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert recalled == {"everyone": 2, "own": 0}

# %% [markdown]
# ## 冰风暴雨 Ice storm, and what `ice_storm_soldiers` changes (`CH-A27`)
#
# Every target except the caster spends a 魔 or takes 1 damage (`CH-magic-ice-storm`). Soldiers are targets and
# hold no 魔. A 目标 is a hero's group on the fireball and the missile ring, so by default 自己 is the caster's group:
# every soldier of the **other** groups takes 1, the caster's own are spared (`"other_groups"`). The switch reads
# 自己 as the caster alone, so its own soldiers are hit too (`"every_soldier"`), or 每人 as heroes only (`"none"`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A27"])))
storm = {}
for value in ("every_soldier", "other_groups", "none"):
    s = table(["ice_storm", "sword"], ["sword", "heal"], variant={"ice_storm_soldiers": value})
    s = no_counter(step(s, "magic", card="ice_storm", target=None, what=None))
    s = run(s, [("ice", {"spend": True}), ("ice", {"spend": False}), ("ice", {"spend": True})])
    storm[value] = [(x.hp, [y.hp for y in x.soldiers]) for x in s.data.seats]
    print(f"{value:14}", storm[value])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert storm["every_soldier"] == [(4, [2]), (3, [2]), (2, [1]), (3, [])]
assert storm["other_groups"] == [(4, [3]), (3, [2]), (2, [1]), (3, [])]
assert storm["none"] == [(4, [3]), (3, [3]), (2, [2]), (3, [])]

# %% [markdown]
# ## What `magic_cost` changes (`CH-A12`)
#
# The seed names a 魔 cost on the wand, the ring and the ice storm only; by default a magic card costs just itself.
# With `magic_cost` = 1 every magic card (counter-magic too) also spends a 魔 — and a hero with no 魔 can play none.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A12", "CH-A04"])))
costs = {}
for value in (0, 1):
    s = table(["horn", "sword"], ["sword", "heal"], variant={"magic_cost": value})
    after_horn = step(s, "magic", card="horn", target=None, what=None)
    costs[value] = s.data.seats[0].hand.count("mana") - after_horn.data.seats[0].hand.count("mana")
broke = table(["horn", "sword"], ["sword", "heal"], others=[["sword", "heal"], ["sword", "mana"], ["heal", "mana"]],
              variant={"magic_cost": 1})
broke = what_if(broke, put(broke.data, 0, hand=("horn", "sword")))      # a hand-built position: no 魔 at all
print("魔 spent on the horn:", costs, "; with no 魔:", [a.describe("en") for a in broke.legal_actions()])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert costs == {0: 0, 1: 1} and not any(a.kind == "magic" for a in broke.legal_actions())

# %% [markdown]
# ## Summary
#
# * Equipment goes on for free, one card per slot by default (`CH-A11`); magic cards cost only themselves unless
#   `magic_cost` says otherwise (`CH-A12`), and everyone may answer them with counter-magic.
# * Four cards bring chance: the armour and the mirror images (1/2 each, per attack), the missile ring (a binomial —
#   in general multinomial — split of five missiles), lesser disintegration (a hand card in proportion).
# * Damage from the wand, the ring and magic is not an attack: no block, mirror, shield, armour or stealth (`CH-A22`).
# * Mounts change distance for the whole group; a held hero only draws and discards, but its armour still works.
#
# ## Exercises
#
# The widget says whether your answer is right and names the rule; the engine computes the expected answers
# when you check.

# %% tags=["remove-input"] jupyter={"source_hidden": true}
ring_at_saint = step(step(table(["missile_ring", "sword"], ["sword", "heal"]), "equip", card="missile_ring"),
                     "missiles", target=2)
lynx_falls = sum(p for a, p in ring_at_saint.chance_outcomes() if a.get("split")[1] >= 2)

# %%
ex1 = Exercise("1. The lord fires the missile ring at the Saint's group (the Saint + her great lynx, HP 2). What is the "
               "exact chance that the lynx falls? (a fraction)",
               "1. 城主对圣女组（圣女 + 生命2的大山猫）发动飞弹戒指。大山猫阵亡的精确概率是多少？（分数）",
               answer=lynx_falls, kind="fraction", game=GID, clause="CH-equip-missile-ring", hint_en="each of the 5 missiles picks one of the 2 members",
               hint_zh="5枚飞弹各自在两名成员中等可能地选择")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
s = table(["knight_armour", "mirror"], ["sword", "heal"], others=[["sword", "heal"], ["longbow", "heal"], ["heal", "mana"]])
s = no_counter(step(step(s, "equip", card="knight_armour"), "magic", card="mirror", target=None, what=None))
s = finish(s, discards=["mana"] * 4)
s = finish(run(s, [("draw", {"card": "sword"}), ("draw", {"card": "mana"})]), discards=["mana"] * 3)
s = step(run(s, [("draw", {"card": "mana"}), ("draw", {"card": "heal"})]), "equip", card="longbow")
s = run(s, [("attack", {"target": 0, "member": -1, "pay": "any_two"}), ("pay_card", {"card": "mana"}),
            ("pay_card", {"card": "heal"})])
both = chance_hit(s)

# %%
ex2 = Exercise("2. The lord wears the knight armour and has mirror images up. The Saint, two seats away, shoots it with "
               "the longbow. What is the exact chance that the arrow reaches the lord's block decision?",
               "2. 城主装备骑士铠甲并有镜影效果。相隔两个座位的圣女用银杉木长弓射击城主。箭矢到达城主决定是否抵挡的精确概率是多少？",
               answer=both, kind="fraction", game=GID, clause="CH-A13", hint_en="which of the two defences answers a ranged attack? (CH-A13)",
               hint_zh="两种防御中，哪一种对远程攻击有效？（CH-A13）")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
wand_reach = sum(1 for a in step(table(["lightning_wand", "sword"], ["sword", "heal"]), "equip",
                                 card="lightning_wand").legal_actions() if a.kind == "lightning")

# %%
ex3 = Exercise("3. Right after putting on the lightning wand at the start table, how many different lightning targets "
               "(a hero or a soldier) may the lord choose?",
               "3. 在初始牌桌上，城主刚装备闪电魔杖时，可以选择多少个不同的闪电束目标（英雄或士兵）？",
               answer=wand_reach, game=GID, clause="CH-equip-lightning-wand", hint_en="the bolt is not an attack: no range, no stealth (CH-A22)",
               hint_zh="闪电束不是攻击：没有距离限制，也不受潜行影响（CH-A22）")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, lynx_falls), (ex2, both), (ex3, wand_reach)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
