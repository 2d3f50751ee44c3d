# %% [markdown]
# # 卡驱MOBA · 4 — Damage and shields: attack, shield, true damage, lifesteal, life loss, low attack, death
#
# **The rules (规则——术语详解 2, 3, 11, 12, 15, 16; 事件诠释 2, 4; 英雄详解):**
#
# > 2. 护盾值：英雄的一种临时属性。当一名拥有护盾值的英雄受到非真实伤害时，若护盾值大于或等于此次伤害值，则扣减等同于
# >    伤害值的护盾值，抵消全额伤害；否则先扣减所有护盾值，抵消等同于护盾值的伤害值，再用生命值承受剩下的伤害值（参考炉石传说）。
# > 3. 攻击：……伤害的一种子类，继承普通伤害的所有特性。……造成指定伤害（未指定即等同于英雄的攻击力）。
# > 11. 回复：……英雄的生命值以非零正整数增加，来源可以是任意对象。
# > 12. 流失：……英雄的生命值以非零正整数减少，这种行为与伤害最大的区别是没有来源、直接扣减生命值。
# > 15. 真实伤害：……该伤害无视目标护盾值。
# > 16. 偷取生命值：……该伤害会恢复伤害来源等同于此次对目标生命值的直接伤害的生命值（对护盾值造成的伤害无法令伤害来源恢复生命值）。
# >
# > 低攻击力事件[LA]：……该英雄的攻击依旧有效。注意：伤害值小于1不代表没有伤害。负数伤害即为你给目标敌人回复生命值。
# >
# > 伤害诠释[DS]：英雄受到的伤害值并非是计算了护盾值后的伤害值。
# >
# > 所有英雄的生命上限均为60。当一名英雄的生命值不大于0时即为死亡，通常情况下最后对该英雄造成伤害的对象的最终归属为其击杀者。
#
# In English: a **shield** takes non-true damage first — all of it if it is large enough, otherwise the whole
# shield goes and HP takes the rest. An **attack** is normal damage equal to the attack power unless stated.
# **True damage** ignores shields. **Lifesteal** heals its source by the damage that reached HP (not the part the
# shield took). **Life loss** has no source and goes straight to HP. A **heal** raises HP (up to 60). With attack
# power below 1 an attack still counts, and negative damage *heals* the target (**LA**). The damage a hero takes
# is the number **before** shields (**DS**). HP 0 or less is death; the owner of the last thing that damaged the
# hero is its **killer**.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 伤害 / 普通伤害 | damage / normal damage | |
# | 护盾值 | shield | absorbs non-true damage |
# | 真实伤害 | true damage | ignores shields |
# | 偷取生命值 | lifesteal | heals the source |
# | 流失 | life loss | no source, ignores shields |
# | 回复 | heal | |
# | 生命值 / 生命上限 | HP / HP cap (60) | |
# | 暴击 | critical hit | |
# | 死亡 / 击杀者 / 得分 | death / killer / score | |
# | 低攻击力事件 [LA] / 伤害诠释 [DS] | low attack event / damage interpretation | |

# %%
import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer.games.card_moba.content import sample
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, clauses_seen, run, step
from widgets.games.card_moba.lessons import events_since, hero_table, position, with_hero

GID = "card_moba"
HEROES = sample().heroes


def show(before, after):
    for line in events_since(before, after):
        print(line)


def hp_shield(state, seat):
    h = state.data.heroes[seat]
    return h.hp, h.shield

# %%
TAUGHT = ["MB-term-3-attack", "MB-term-2-shield", "MB-event-DS", "MB-term-15-true-damage", "MB-term-16-lifesteal",
          "MB-term-12-life-loss", "MB-term-11-heal", "MB-hero-hp-cap", "MB-event-LA", "MB-hero-death",
          "MB-hero-killer", "MB-choice-4-score"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# ## An attack, and a shield
#
# Gale (attack 3) and Bulwark stand side by side. Bulwark's defence does nothing by itself: the document defines
# an attack's damage as the attack power and never subtracts defence; effects that name defence use it, like D2's
# shield of 2 + defence (`MB-A22`). Bulwark (defence 3) playing D2 therefore gets a shield of 5.
#
# Gale attacks twice (the second chance from O1): 3 damage against the shield of 5 — the shield absorbs all of it
# (5 → 2), HP untouched; then 3 against the shield of 2 — the shield absorbs 2, HP takes 1 (`MB-term-2-shield`).

# %%
display(Markdown(assumption_markdown(GID, ["MB-A22"])))
bulwark_turn = position(("bulwark", "gale"), ((1, 3), (0, 3)), hands=(("D2",), ()))
shielded = step(bulwark_turn, "play", card="D2")
show(bulwark_turn, shielded)

table = position(("gale", "bulwark"), ((0, 3), (1, 3)), hands=(("O1",), ()))
table = with_hero(table, 1, shield=shielded.data.heroes[0].shield)
hp0 = table.data.heroes[1].hp
first = step(table, "attack", target=1)
second = run(first, [("play", {"card": "O1"}), ("attack", {"target": 1})])
show(table, second)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert shielded.data.heroes[0].shield == 2 + HEROES["bulwark"]["def"]
assert hp_shield(first, 1) == (hp0, 5 - 3) and hp_shield(second, 1) == (hp0 - 1, 0)

# %% [markdown]
# ### A picture: where 4 damage goes, for every shield from 0 to 6
#
# The engine's answer (an attack of 4 by Phantom, and the same 4 as *true* damage by Phantom's Assassinate),
# checked against the rule's arithmetic: the shield absorbs min(shield, damage), HP takes the rest; true damage
# goes to HP whole.

# %%
def hit(shield, true):
    t = with_hero(position(("phantom", "bulwark"), ((0, 3), (1, 3))), 1, shield=shield)
    if true:
        t = with_hero(t, 0, uses=(("assassinate#0", 1),))
        t = step(t, "skill", skill="assassinate#0", target=1)
    else:
        t = step(t, "attack", target=1)
    damage = next(e for e in t.log if e.kind == "damage" and e.targets == (1,))
    return damage.number("absorbed"), damage.number("hp_loss")

shields = list(range(7))
normal = [hit(x, False) for x in shields]
true = [hit(x, True) for x in shields]
fig = go.Figure([go.Bar(x=shields, y=[a for a, _ in normal], name="normal: absorbed by the shield 护盾抵消",
                        offsetgroup="normal"),
                 go.Bar(x=shields, y=[h for _, h in normal], name="normal: to HP 生命值承受", offsetgroup="normal",
                        base=[a for a, _ in normal]),
                 go.Bar(x=shields, y=[h for _, h in true], name="true damage: to HP 真实伤害", offsetgroup="true")])
fig.update_layout(title="4 damage against a shield", xaxis_title="shield 护盾值", yaxis_title="damage",
                  height=380, barmode="group")
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert normal == [(min(x, 4), 4 - min(x, 4)) for x in shields]
assert true == [(0, 4)] * len(shields)

# %% [markdown]
# ## Damage is counted before shields (DS)
#
# `MB-event-DS`: 「英雄受到的伤害值并非是计算了护盾值后的伤害值」. It matters for anything that asks *how much damage
# a hero took*. Bulwark's passive Recoil 反震 answers damage of 4 or more with 1 true damage to the attacker.
# Phantom (attack 4) hits a Bulwark holding a shield of 10: the shield absorbs all 4, HP is untouched — and Recoil
# still fires, because Bulwark *took* 4 damage. Every damage fires such passives, but damage a passive caused
# fires none, so two Recoils cannot bounce for ever (`MB-A14`).

# %%
display(Markdown(assumption_markdown(GID, ["MB-A14"])))
ds = with_hero(position(("phantom", "bulwark"), ((0, 3), (1, 3))), 1, shield=10)
ds_after = step(ds, "attack", target=1)
show(ds, ds_after)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hp_shield(ds_after, 1) == (ds.data.heroes[1].hp, 10 - 4)
assert ds_after.data.heroes[0].hp == ds.data.heroes[0].hp - 1

# %% [markdown]
# ## True damage, lifesteal, life loss
#
# * **True damage** (`MB-term-15-true-damage`) — shown in the picture above: the shield is ignored and kept.
# * **Lifesteal** (`MB-term-16-lifesteal`): Reaver's Bloodthirst 嗜血 deals 1 + attack power (3) = 4 lifesteal
#   damage. Against Gale's shield of 3, only 1 reaches HP, so Reaver heals 1 — the shield's part heals nothing.
# * **Life loss** (`MB-term-12-life-loss`): Reaver's Lacerate 撕裂 makes the target lose 2 HP and Reaver 1. Shields
#   do not help, there is no source, and nothing that reacts to *damage* fires.

# %%
reaver = with_hero(position(("reaver", "gale"), ((0, 3), (1, 3))), 0, hp=20,
                   uses=(("bloodthirst#0", 1), ("lacerate#0", 1)))
reaver = with_hero(reaver, 1, shield=3)
stolen = step(reaver, "skill", skill="bloodthirst#0", target=1)
show(reaver, stolen)
lost = step(with_hero(reaver, 1, shield=5), "skill", skill="lacerate#0", target=1)
show(reaver, lost)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hp_shield(stolen, 1) == (reaver.data.heroes[1].hp - 1, 0) and stolen.data.heroes[0].hp == 20 + 1
assert hp_shield(lost, 1) == (reaver.data.heroes[1].hp - 2, 5) and lost.data.heroes[0].hp == 20 - 1
assert not any(e.clause == "MB-hero-passive" for e in lost.events)          # Recoil only answers damage

# %% [markdown]
# ## Heals and the HP cap
#
# `MB-term-11-heal`: HP rises by a positive whole number; `MB-hero-hp-cap`: never above 60 — the cap of every
# hero, not its starting HP. Sage's Radiance 圣光 heals 6: from 20 to 26; from 57 only to 60, the rest is lost.

# %%
sage = with_hero(position(("sage", "gale"), ((0, 3), (6, 3))), 0, hp=20, uses=(("radiance#0", 1),))
healed = step(sage, "skill", skill="radiance#0")
near_cap = step(with_hero(sage, 0, hp=57), "skill", skill="radiance#0")
show(sage, healed)
show(sage, near_cap)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert healed.data.heroes[0].hp == 26 and near_cap.data.heroes[0].hp == 60

# %% [markdown]
# ## Low attack (LA) and critical hits
#
# `MB-event-LA`: Sage's attack power is 0 — its attack still counts (it uses the attack chance and is an attack
# for everything that reacts to attacks), it just deals 0. With attack power below 0 the damage is negative and
# *heals* the target: Sage carrying 2 stacks of Venom's Sunder 破势 mark (−1 attack each) attacks for −2 and
# heals Gale by 2.
#
# Critical hits (暴击) are named by the seed (weak heroes cannot crit) but never explained: here an effect that
# grants one makes the hero's next attack deal double damage; there are no random crits (`MB-A06`). Gale (attack
# 3) plays S3 (draw 2 and a critical hit), then attacks for 6.

# %%
display(Markdown(assumption_markdown(GID, ["MB-A06"])))
la = with_hero(position(("sage", "gale"), ((0, 3), (1, 3))), 1, hp=20)
zero = step(la, "attack", target=1)
negative = step(with_hero(la, 0, marks=(("sunder", 2),)), "attack", target=1)
show(la, zero)
show(la, negative)
crit = position(("gale", "bulwark"), ((0, 3), (1, 3)), hands=(("S3",), ()))
crit = run(crit, [("play", {"card": "S3"}), ("draw", {"card": "O1"}), ("draw", {"card": "O1"}),
                  ("attack", {"target": 1})])
crit_damage = next(e for e in crit.log if e.kind == "damage").number("damage")
print("Gale's critical attack deals", crit_damage)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert zero.data.heroes[0].attacks == 0 and zero.data.heroes[1].hp == 20
assert negative.data.heroes[1].hp == 20 + 2
assert crit_damage == 2 * HEROES["gale"]["atk"]

# %% [markdown]
# ## Death, the killer, the score
#
# `MB-hero-death`: HP 0 or less is death. `MB-hero-killer`: the owner of whatever last *damaged* the hero is the
# killer — and, since the seed names a killer and a winning score but not the link, a kill gives the killer 1
# point (`MB-A08`, switch `kill_score`). Reaching the agreed winning score ends the game at once
# (`MB-choice-4-score`).
#
# Who may be attacked? The seed speaks of enemies (敌人) but never of teams, and the score is personal, so every
# player plays for themselves: every other hero is an enemy (`MB-A27`). Here Gale and Reaver both go after Sage.
#
# Gale hits Sage (4 HP) for 3; at its own turn Sage's passive Meditate 冥想 heals 1 (2 HP); then Reaver's Lacerate
# takes its last 2 HP by life loss. Life loss has no source, so the killer is Gale, the last one to *damage* Sage.

# %%
display(Markdown(assumption_markdown(GID, ["MB-A08", "MB-A27"])))
three = position(("gale", "sage", "reaver"), ((0, 3), (1, 3), (2, 3)))
three = with_hero(with_hero(three, 1, hp=4), 2, uses=(("lacerate#0", 1),))
targets = sorted(a["target"] for a in with_hero(three, 2, pos=(0, 4)).legal_actions() if a.kind == "attack")
t = step(three, "attack", target=1)
t = run(t, [("end", {}), ("draw", {"card": "O1"}), ("draw", {"card": "O1"}), ("end", {}),
            ("draw", {"card": "O1"}), ("draw", {"card": "O1"})])
t = with_hero(t, 2, uses=(("lacerate#0", 1),))
killed = step(t, "skill", skill="lacerate#0", target=1)
show(t, killed)
sage_dead = killed.data.heroes[1]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert targets == [1, 2]                  # Gale (range 1) may attack both neighbours: everyone is an enemy
assert t.data.heroes[1].hp == 4 - 3 + 1
assert not sage_dead.alive and sage_dead.pos is None and killed.data.heroes[0].score == 1
assert killed.data.heroes[2].score == 0

# %% [markdown]
# The switch `kill_score`, both ways, and the end of the game. The table plays to 2: with `kill_score = 1` Gale's
# first kill gives 1 point and the game goes on; with `kill_score = 2` the same kill reaches 2 and ends the game
# at once, Gale the winner.

# %%
kills = {}
for kill_score in (1, 2):
    base = position(("gale", "sage"), ((0, 3), (1, 3)), variant={"kill_score": kill_score})
    base = with_hero(base, 1, hp=3)
    base = explorer.State(base.game, base.players, base.variant, explorer.evolve(base.data, win_score=2))
    first_kill = step(base, "attack", target=1)
    print(f"kill_score {kill_score}: Gale's score {first_kill.data.heroes[0].score}, game over:",
          first_kill.is_terminal, first_kill.winners)
    kills[kill_score] = (first_kill.data.heroes[0].score, first_kill.is_terminal)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(kills[k] == (k, k == 2) for k in (1, 2))      # a kill scores kill_score; 2 reaches the win score

# %% [markdown]
# What happens to a dead hero? The seed defines death, not what follows (`MB-A09`): the hero leaves the map and
# loses its shield, statuses and marks; at its next turn it comes back at its spawn point with its starting HP.
# A hero dying in its own turn loses the rest of it. Reaver ends its turn, then Gale's turn passes, and Sage's
# turn begins:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A09"])))
back = run(killed, [("end", {}), ("draw", {"card": "O1"}), ("draw", {"card": "O1"}), ("end", {})])
show(killed, back)
sage_back = back.data.heroes[1]
respawn = next(e for e in back.events if e.kind == "respawn")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sage_back.alive and sage_back.pos == (1, 3) and respawn.number("hp") == HEROES["sage"]["hp"]
assert sage_back.hp == HEROES["sage"]["hp"] + 1          # then its start phase: Meditate heals 1

# %% [markdown]
# ## How long does a shield last?
#
# The document calls the shield 「英雄的一种临时属性」 — temporary — but never says when it goes. Its other
# temporary attribute, steps, goes with the turn; so a shield lasts until its holder's next turn begins: it guards
# the hero through the other players' turns (`MB-A28`). The switch `shield_lasts = "game"` keeps it until used up,
# like Hearthstone's armour the document refers to. Bulwark plays D2 (shield 5) and ends its turn; Gale ends its
# turn; Bulwark's next turn begins:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A28"])))
kept = {}
for lasts in ("next_turn", "game"):
    t = position(("bulwark", "gale"), ((0, 3), (6, 3)), hands=(("D2",), ()), variant={"shield_lasts": lasts})
    t = run(t, [("play", {"card": "D2"}), ("end", {}), ("draw", {"card": "O1"}), ("draw", {"card": "O1"}),
                ("end", {})])
    kept[lasts] = t.data.heroes[0].shield
    print(f"shield_lasts {lasts!r}: Bulwark's shield when its next turn begins = {kept[lasts]}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert kept == {"next_turn": 0, "game": 2 + HEROES["bulwark"]["def"]}
display(Markdown(hero_table(killed)))
seen = clauses_seen(second, ds_after, stolen, lost, healed, near_cap, zero, negative, killed, first_kill, crit)
assert set(TAUGHT) <= seen

# %% [markdown]
# ## Summary
#
# * An attack is normal damage equal to the attack power (a critical hit doubles it, `MB-A06`); defence does
#   nothing by itself (`MB-A22`).
# * A shield absorbs non-true damage up to its size; true damage ignores it; lifesteal heals by the HP part only.
# * Life loss has no source and ignores shields; heals stop at 60.
# * Attack power below 1 still attacks; negative damage heals the target (LA).
# * The damage a hero takes is counted before shields (DS) — Recoil fires behind a shield.
# * The last damager is the killer and scores (`MB-A08`); the dead hero returns at its next turn (`MB-A09`).
# * A shield lasts until its holder's next turn (`MB-A28`).
#
# Next: **05_statuses.ipynb** — the 14 statuses and the status stack.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
ex_state = with_hero(position(("gale", "bulwark"), ((0, 3), (1, 3))), 1, shield=1)
ex_hp_loss = hp_shield(ex_state, 1)[0] - hp_shield(step(ex_state, "attack", target=1), 1)[0]

# %%
ex1 = Exercise("1. Gale (attack 3) attacks Bulwark, who holds a shield of 1. How much HP does Bulwark lose?",
               "1. 疾风（攻击力3）攻击持有1点护盾值的巨岩。巨岩失去多少生命值？", answer=ex_hp_loss, game=GID, clause="MB-term-2-shield")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert ex_hp_loss == HEROES["gale"]["atk"] - 1
ls_state = with_hero(with_hero(position(("reaver", "gale"), ((0, 3), (1, 3))), 0, hp=10,
                               uses=(("bloodthirst#0", 1),)), 1, shield=2)
ls_heal = step(ls_state, "skill", skill="bloodthirst#0", target=1).data.heroes[0].hp - 10

# %%
ex2 = Exercise("2. Reaver (10 HP) uses Bloodthirst (1 + attack power 3, lifesteal) on Gale holding a shield of 2. "
               "How much HP does Reaver heal?",
               "2. 掠夺者（10点生命值）对持有2点护盾值的疾风使用嗜血（1+攻击力3，偷取生命值）。掠夺者回复多少生命值？",
               answer=ls_heal, game=GID, clause="MB-term-16-lifesteal")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert ls_heal == (1 + HEROES["reaver"]["atk"]) - 2
recoil_state = with_hero(position(("gale", "bulwark"), ((0, 3), (1, 3)), hands=(("O2",), ())), 1, shield=6)
recoil_fired = any(e.clause == "MB-hero-passive" for e in step(recoil_state, "play", card="O2", target=1).events)

# %%
ex3 = Exercise("3. Gale plays O2 (attack power + 1 = 4 damage) on Bulwark, who holds a shield of 6. Does Bulwark's "
               "Recoil (damage of 4 or more) fire? (yes / no)",
               "3. 疾风对持有6点护盾值的巨岩打出O2（攻击力+1=4点伤害）。巨岩的反震（受到不少于4点伤害）会触发吗？（yes / no）",
               answer="yes" if recoil_fired else "no", kind="choice", choices=("yes", "no"), game=GID,
               clause="MB-event-DS")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert recoil_fired
for ex, right in ((ex1, ex_hp_loss), (ex2, ls_heal), (ex3, "yes" if recoil_fired else "no")):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
