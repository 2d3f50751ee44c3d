# %% [markdown]
# # 卡驱MOBA · 5 — The 14 statuses and the status stack
#
# **The rules (规则——状态详解, seed 001):**
#
# > 1. 昏厥：……被施加该状态的英雄将跳过其下一个行动阶段。
# > 2. \*\*：……被施加该状态的英雄将跳过其下一个摸牌阶段。
# > 3. 疲乏：……在其下一个回合内无法以任何途径获得步数。
# > 4. 禁足：……直到其下一个回合结束前无法进行任何方式的位移。
# > 5. 析构：……将跳过其下一个回合的开始、结束阶段。
# > 6. 重伤：……直到其下一个回合结束前回复生命值时效果减半，0.5按1计算。
# > 7. 沉默：……在其下一个回合中无法使用非被动技能。
# > 8. 缴械：……在其下一个回合中无法进行攻击。
# > 9. 迟缓：……拥有层级属性。……在其下一个行动阶段开始时会失去等同于迟缓层级的步数。
# > 10. 虚弱：……在其下一个回合内的攻击力不能超过1且不能暴击。
# > 11. 碎甲：……直到其下一个回合结束前的防御力不能超过1且不能获得护盾值。
# > 12. 嘲讽：……在其下一个回合内必须毗邻于嘲讽者才能攻击或使用技能。
# > 13. 中毒：……拥有层级属性和时长属性。……在其每个开始阶段都受到等同于此次中毒层级的伤害，持续等同于时长的回合
# >     （开始阶段）数。通常情况下，中毒不会导致英雄的生命值降至1以下。
# > 14. 失血：……拥有层级属性和时长属性。……在其每个开始阶段都流失等同于此次失血层级的生命值，持续等同于时长的回合
# >     （开始阶段）数。
# >
# > （以上状态均接受状态栈【参事释3.状态栈】检测）
# >
# > 3\. 状态栈[STS]：非常事件。该事件总会发生在一名英雄拥有多个相同的被动状态时。影响：该英雄无视自第一个状态后试图
# > 叠加的相同状态。
#
# In English: a **status** (状态) is a passive condition put on a hero, mostly a **control effect** (控制效果).
# Twelve of them act in the holder's **next turn** (其下一个回合): skip a phase, gain no steps, no moving, no
# skills, no attacks, lose steps, attack power at most 1, defence at most 1, stay next to the taunter. Two act at
# every start phase for a number of turns: **poison** deals damage (never below 1 HP) and **bleed** takes life.
# And the **status stack** (状态栈): a hero that already holds a status ignores a second one of the same name.
#
# We play each of them through the engine, on hand-built positions on the Arena: the sample heroes' skills put
# every status on an enemy (notebook 6 shows how those skills are unlocked; here the cards are simply in hand),
# then the holder's turn shows what it does. Every draw is chosen, so the story is the same on every run.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 状态 / 被动状态 / 控制效果 | status / passive status / control effect | |
# | 层级 / 时长 | layers / duration | only slow, poison and bleed have layers; poison and bleed a duration |
# | 其下一个回合 | its next turn | the holder's next turn that begins after the status was put on |
# | 昏厥 · \*\* · 疲乏 · 禁足 · 析构 · 重伤 · 沉默 | stun · (masked) · fatigue · root · destruct · grievous wounds · silence | |
# | 缴械 · 迟缓 · 虚弱 · 碎甲 · 嘲讽 · 中毒 · 失血 | disarm · slow · weak · armour break · taunt · poison · bleed | |
# | 嘲讽者 | the taunter | who put the taunt on |
# | 状态栈 [STS] | the status stack | a repeat of a held status is ignored |
# | 暴击 | critical hit | the seed never defines it (`MB-A06`) |

# %%
from fractions import Fraction

import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer.games.card_moba import statuses as status_rules
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, clauses_seen, run, step
from widgets.games.card_moba.lessons import events_since, map_figure, position, refusal, with_hero

GID = "card_moba"
GAME = explorer.get_game(GID)
TAUGHT = ["MB-status-1-stun", "MB-status-2-masked", "MB-status-3-fatigue", "MB-status-4-root",
          "MB-status-5-destruct", "MB-status-6-grievous", "MB-status-7-silence", "MB-status-8-disarm",
          "MB-status-9-slow", "MB-status-10-weak", "MB-status-11-armour-break", "MB-status-12-taunt",
          "MB-status-13-poison", "MB-status-14-bleed", "MB-event-STS"]
display(Markdown(clause_markdown(GID, TAUGHT)))


def show(before, after):
    """Print the events ``after`` added, each with its clause."""
    for line in events_since(before, after):
        print(line)


# The holder's turn comes round: the current player ends its action phase, and the next player draws two cards.
def next_turn(draws=("O1", "M1")):
    return [("end", {}), *[("draw", {"card": c}) for c in draws]]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert set(status_rules.CLAUSE.values()) == set(TAUGHT[:14]) and len(status_rules.CLAUSE) == 14

# %% [markdown]
# ## Put on now, acting in "its next turn" (`MB-A23`)
#
# Warden 守望 (P0) stands next to Gale 疾风 (P1). Warden holds O1, O1 and D1: playing them in that order unlocks
# his skill Daze 震慑 【O O D】, which stuns and disarms an enemy within 1. The statuses are put on at once, but
# they are **pending**: the seed says they act in the holder's *next* turn (其下一个回合). When is that, if a
# status is put on during the holder's own turn? The seed does not say: it is the next turn that *begins* after
# the status was put on (`MB-A23`).

# %%
display(Markdown(assumption_markdown(GID, ["MB-A23"])))
s = position(("warden", "gale"), ((1, 3), (2, 3)), hands=(("O1", "O1", "D1"), ()), steps=0)
t = run(s, [("play", {"card": "O1"}), ("play", {"card": "O1"}), ("play", {"card": "D1"})])
dazed = step(t, "skill", skill="daze#0", target=1)
show(t, dazed)
held = {x.name: x.active for x in dazed.data.heroes[1].statuses}
print("P1 holds:", held)
map_figure(dazed, title="Warden (P0) has dazed Gale (P1)")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert held == {"stun": False, "disarm": False}         # pending until P1's turn begins

# %% [markdown]
# ### 1. Stun 昏厥 (`MB-status-1-stun`): the next action phase is skipped
#
# Warden ends his turn. Gale's turn begins: the statuses become active, the start phase and the draw phase
# happen as usual, and then the action phase is skipped: the turn goes straight to the end phase. The disarm
# (`MB-status-8-disarm`) had nothing to forbid — and ends with the turn, like every one-turn status.

# %%
gale_turn = run(dazed, next_turn())
show(dazed, gale_turn)
kinds = [e.kind for e in gale_turn.log[len(dazed.log):]]
skip = kinds.index("action phase skipped")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert "action phase skipped" in kinds and "action phase" not in kinds
assert kinds[skip - 2:skip] == ["draw", "draw"] and kinds[skip + 1] == "end phase"      # after the draws, before the end
assert gale_turn.data.heroes[1].statuses == () and gale_turn.data.seat == 0     # back to Warden; nothing left

# %% [markdown]
# ### 8. Disarm 缴械 (`MB-status-8-disarm`): no attack in the next turn
#
# On its own, a disarm leaves the hero free to do everything but attack. Bulwark 巨岩's bloodline fragment
# Shield bash 盾击 disarms whatever he attacks (a bloodline piece that fires "after an attack", notebook 6).
# Bulwark (P0) attacks Gale; in Gale's turn the attack is refused with the clause, while moving is allowed:

# %%
bash_line = ("aegis", "bastion", "plating", "bash", "dust_def")
s = position(("bulwark", "gale"), ((1, 3), (2, 3)), pieces=(bash_line, ()), steps=0)
hit = step(s, "attack", target=1)
show(s, hit)
gale_turn = run(hit, next_turn())
no_attack = refusal(gale_turn, "attack", target=0)
print(no_attack)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert any(a.kind == "move" for a in gale_turn.legal_actions())
assert no_attack.clause == "MB-status-8-disarm"
assert not any(a.kind == "attack" for a in gale_turn.legal_actions())

# %% [markdown]
# ### 2. The masked status \*\* (`MB-status-2-masked`) and 5. destruct 析构 (`MB-status-5-destruct`)
#
# The seed hides the name of status 2 behind 「\*\*」; we do not guess it (`MB-A19`): the engine calls it
# "\*\* (masked)". It skips the holder's next **draw** phase. Destruct skips the **start** and **end** phases of
# its next turn. Sage 贤者's Unravel 解构 【S S O】 (the card's printed A reads O, the errata) puts both on an enemy within 2.
#
# In Gale's next turn: no start phase (no stamina, no steps, no new attack chance), no draw phase (so no chance
# node at all: the engine goes straight to the action phase), and when Gale ends, no end phase (no stamina).

# %%
display(Markdown(assumption_markdown(GID, ["MB-A19"])))
s = position(("sage", "gale"), ((1, 3), (3, 3)), hands=(("S2", "S2", "O1"), ("O1",)), steps=0, stamina=6)
t = run(s, [("play", {"card": "S2"}), ("play", {"card": "S2"}), ("play", {"card": "O1"})])
unravelled = step(t, "skill", skill="unravel#0", target=1)
show(t, unravelled)
gale_before = unravelled.data.heroes[1]
gale_turn = step(unravelled, "end")          # no draws: the draw phase is skipped
show(unravelled, gale_turn)
g = gale_turn.data.heroes[1]
after_gale = step(gale_turn, "end")
show(gale_turn, after_gale)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert gale_turn.current_player == 1 and gale_turn.data.phase == "action"
assert (g.stamina, g.steps, g.attacks, g.hand) == (gale_before.stamina, gale_before.steps, gale_before.attacks,
                                                   gale_before.hand)
assert after_gale.data.heroes[1].stamina == gale_before.stamina          # no end phase either: no +1
assert "end phase skipped" in [e.kind for e in after_gale.log[len(gale_turn.log):]]

# %% [markdown]
# ### 3. Fatigue 疲乏 (`MB-status-3-fatigue`) and 7. silence 沉默 (`MB-status-7-silence`)
#
# Warden's Hush 静默 【S D】 silences and fatigues an enemy within 2. In its next turn a fatigued hero gains no
# steps **by any means** (无法以任何途径): not at the start phase, not from an M1 card, not from its passive
# Tailwind 顺风. A silenced hero cannot use non-passive skills: Gale plays O O O and unlocks Hurricane 飓风 —
# but cannot use it this turn. (Passives still fire: a passive is not "used".)

# %%
s = position(("warden", "gale"), ((1, 3), (3, 3)), hands=(("S2", "D1"), ("O1", "O1", "O1", "M1")), steps=0)
hushed = run(s, [("play", {"card": "S2"}), ("play", {"card": "D1"}), ("skill", {"skill": "hush#0", "target": 1})])
gale_turn = run(hushed, next_turn())
t = run(gale_turn, [("play", {"card": c}) for c in ("M1", "O1", "O1", "O1")])
show(gale_turn, t)
g = t.data.heroes[1]
no_skill = refusal(t, "skill", skill="hurricane#0", target=0)
print(no_skill)
refusals = [e for e in t.log[len(hushed.log):] if e.clause == "MB-status-3-fatigue"]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert g.steps == 0 and len(refusals) == 3         # start phase, the M1 card, the Tailwind passive: all refused
assert dict(g.uses) == {"hurricane#0": 1} and no_skill.clause == "MB-status-7-silence"

# %% [markdown]
# ### 4. Root 禁足 (`MB-status-4-root`): no displacement at all, starting at once
#
# Warden's Chain 锁链 【M O】 pulls an enemy within 3 two cells toward him and roots it. Root is one of the three
# statuses worded 「直到其下一个回合结束前」 ("until the end of its next turn"): it acts **from the moment it is
# put on**, and it forbids **any** displacement — moving, blinking and charging, and also being knocked back or
# pulled by someone else. The seed does not say which way a knockback goes off a straight line, or whether root
# stops *forced* movement; we read 「任何方式」 literally (`MB-A21`).
#
# Here Gale is chained: pulled from (4, 3) to (2, 3), then rooted. In her turn she cannot move, and her M2
# (blink 2) is not even offered.

# %%
display(Markdown(assumption_markdown(GID, ["MB-A21"])))
s = position(("warden", "gale"), ((1, 3), (4, 3)), hands=(("M1", "O1"), ("M1", "M2")), steps=0)
chained = run(s, [("play", {"card": "M1"}), ("play", {"card": "O1"}), ("skill", {"skill": "chain#0", "target": 1})])
show(s, chained)
gale_turn = run(chained, next_turn())
no_move = refusal(gale_turn, "move", to=(3, 3))
print(no_move)
map_figure(chained, paths=[[(4, 3), (3, 3), (2, 3)]], title="Chain: Gale pulled two cells, then rooted")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert chained.data.heroes[1].pos == (2, 3)
assert no_move.clause == "MB-status-4-root"
assert not [a for a in gale_turn.legal_actions() if a.kind == "move" or a.get("card") == "M2"]

# %% [markdown]
# And a forced displacement, which root stops too: Gale (P0) hits Reaver 掠夺者 with Hurricane's first
# alternative 【O O O】 (damage and a knockback of 2). A free Reaver is knocked two cells back; a rooted one stays
# where he is — the damage still lands. (The root is put on by hand here, as if someone had chained him.)

# %%
s = position(("gale", "reaver"), ((1, 3), (2, 3)), hands=(("O1", "O1", "O1"), ()), steps=0)
ready = run(s, [("play", {"card": "O1"})] * 3)
free_blow = step(ready, "skill", skill="hurricane#0", target=1)
rooted = with_hero(ready, 1, statuses=(("root", 1, 1, False, 0),))
rooted_blow = step(rooted, "skill", skill="hurricane#0", target=1)
show(rooted, rooted_blow)
print("without root: Reaver ends on", free_blow.data.heroes[1].pos, "· with root:", rooted_blow.data.heroes[1].pos)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert free_blow.data.heroes[1].pos == (4, 3) and rooted_blow.data.heroes[1].pos == (2, 3)
assert free_blow.data.heroes[1].hp == rooted_blow.data.heroes[1].hp

# %% [markdown]
# ### 9. Slow 迟缓 (`MB-status-9-slow`): steps lost when the action phase begins
#
# Slow has **layers** (层级). Phantom 幻影's Assassinate 暗杀 【O M】 deals 4 true damage and puts 2 layers of slow.
# Gale's start phase gives steps equal to her speed (3); when her action phase begins she loses 2 of them:

# %%
s = position(("phantom", "gale"), ((1, 3), (2, 3)), hands=(("O1", "M1"), ()), steps=0)
slowed = run(s, [("play", {"card": "O1"}), ("play", {"card": "M1"}), ("skill", {"skill": "assassinate#0", "target": 1})])
gale_turn = run(slowed, next_turn())
show(slowed, gale_turn)
speed = gale_turn.view(None, with_log=False)["players"][1]["speed"]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert gale_turn.data.heroes[1].steps == speed - 2 == 1

# %% [markdown]
# ### 6. Grievous wounds 重伤 (`MB-status-6-grievous`) and 10. weak 虚弱 (`MB-status-10-weak`)
#
# Venom 毒蛛's Rend 割裂 has two alternatives, 【S O / S S】; the second puts grievous wounds and weak on an enemy
# within 2. Grievous wounds (from the moment it is put on, until the end of the holder's next turn) halve every
# heal, 0.5 counting as 1: an S2 card's heal of 3 becomes ⌈3/2⌉ = 2. Weak (in the next turn) holds the attack
# power at 1 and forbids critical hits. The seed never says what a critical hit is: here an effect readies one,
# and it doubles the next attack (`MB-A06`); a weak hero's crit is spent for nothing.
#
# Reaver 掠夺者 (attack 3) has been hurt (25 of 36 HP) and holds an S3 (draw 2 and ready a crit) and an S2:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A06"])))
s = position(("venom", "reaver"), ((1, 3), (2, 3)), hands=(("S2", "S2"), ("S3", "S2")), steps=0, stamina=8)
s = with_hero(s, 1, hp=25)
rent = run(s, [("play", {"card": "S2"}), ("play", {"card": "S2"}), ("skill", {"skill": "rend#1", "target": 1})])
reaver_turn = run(rent, next_turn(("O1", "O1")))
t = run(reaver_turn, [("play", {"card": "S2"}), ("play", {"card": "S3"}), ("draw", {"card": "D1"}),
                      ("draw", {"card": "D1"}), ("attack", {"target": 0})])
show(reaver_turn, t)
heal = next(e for e in t.log[len(reaver_turn.log):] if e.kind == "heal")
blow = next(e for e in t.log[len(reaver_turn.log):] if e.kind == "attack")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert heal.number("amount") == 2 == -(-3 // 2)
assert blow.number("power") == 1 and blow.number("crit") is False and blow.number("damage") == 1

# %% [markdown]
# Without the weakness, the same crit doubles Reaver's 3 attack power to 6 — the crit is what weak takes away:

# %%
strong = with_hero(reaver_turn, 1, statuses=())
t2 = run(strong, [("play", {"card": "S3"}), ("draw", {"card": "D1"}), ("draw", {"card": "D1"}),
                  ("attack", {"target": 0})])
blow2 = next(e for e in t2.log[len(strong.log):] if e.kind == "attack")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (blow2.number("power"), blow2.number("crit"), blow2.number("damage")) == (3, True, 6)

# %% [markdown]
# ### 11. Armour break 碎甲 (`MB-status-11-armour-break`) and 12. taunt 嘲讽 (`MB-status-12-taunt`)
#
# Bulwark's Provoke 挑衅 【D O】 taunts an enemy within 2 and breaks its armour. Armour break acts at once (直到…结束前):
# defence at most 1 and **no shield can be gained**. Taunt acts in the next turn: the hero must stand **next to the
# taunter** (毗邻于嘲讽者) to attack or use a skill — even against someone else.
#
# Three players: Bulwark (P0) provokes Gale (P1) from two cells away; Phantom (P2) stands right beside Gale.
# The seed speaks of enemies but never of teams: every other hero is an enemy (`MB-A27`).

# %%
display(Markdown(assumption_markdown(GID, ["MB-A27"])))
s = position(("bulwark", "gale", "phantom"), ((1, 3), (3, 3), (3, 4)), hands=(("D1", "O1"), ("D1", "O1"), ()),
             steps=0)
s = with_hero(s, 1, pieces=("aegis", "bastion", "plating", "anchor", "dust_def"))   # Gale with defence 1+2+1+1
provoked = run(s, [("play", {"card": "D1"}), ("play", {"card": "O1"}), ("skill", {"skill": "provoke#0", "target": 1})])
view = provoked.view(None, with_log=False)["players"][1]
print("Gale's defence now:", view["defence"], "(5 without the armour break)")
gale_turn = run(provoked, next_turn())
t = step(gale_turn, "play", card="D1")
show(gale_turn, t)
no_hit = refusal(t, "attack", target=2)
print(no_hit)
map_figure(provoked, title="Taunted by P0, Gale (P1) may not hit P2 beside her")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert view["defence"] == 1 and s.view(None, with_log=False)["players"][1]["defence"] == 5
assert t.data.heroes[1].shield == 0 and any(e.kind == "shield refused" for e in t.log[len(gale_turn.log):])
assert no_hit.clause == "MB-status-12-taunt"

# %% [markdown]
# Once Gale steps next to Bulwark, she may attack again — anyone within her range. And if the taunter is dead or
# off the map, the taunt restricts nothing (`MB-A27`):

# %%
moved = run(t, [("move", {"to": (2, 3)})])
taunter_gone = with_hero(t, 0, alive=False, pos=None)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert any(a.kind == "attack" for a in moved.legal_actions())
assert refusal(taunter_gone, "attack", target=2) is None

# %% [markdown]
# ### 13. Poison 中毒 (`MB-status-13-poison`) and 14. bleed 失血 (`MB-status-14-bleed`)
#
# Both have layers and a duration, and act at each of the holder's start phases until the duration is used up.
# The difference is the word: poison deals **damage** (受到……伤害, so it has a source — whoever put it on — and it
# counts as damage taken, firing "when damaged" passives, `MB-A14`) but normally never takes HP below 1;
# bleed is **life loss** (流失: no source, shields ignored) and can kill.
#
# Venom's Fang 毒牙 【O S】 poisons (2 layers, 3 turns) and steps back one cell; Rend's first alternative
# 【S O】 bleeds (1 layer, 3 turns). We follow a 5-HP Sage through three of her start phases, poisoned in one
# game and bleeding in the other. Sage also heals 1 at each start phase (her passive Meditate 冥想), after
# poison and bleed have acted.

# %%
display(Markdown(assumption_markdown(GID, ["MB-A14"])))


def start_phases(skill_cards, skill, rounds=3):
    """Venom (P0) uses ``skill`` on a 5-HP Sage (P1); then full rounds go by. Sage's HP after each start phase."""
    s = position(("venom", "sage"), ((1, 3), (2, 3)), hands=(skill_cards, ()), steps=0)
    s = with_hero(s, 1, hp=5)
    s = run(s, [("play", {"card": c}) for c in skill_cards] + [("skill", {"skill": skill, "target": 1})])
    hp, states = [], [s]
    for _ in range(rounds):
        s = run(s, next_turn())              # Sage's turn: start phase, draw
        hp.append(s.data.heroes[1].hp if s.data.heroes[1].alive else 0)
        states.append(s)
        s = run(s, next_turn())              # Venom's turn
    return hp, states


poison_hp, poison_states = start_phases(("O1", "S2"), "fang#0")
bleed_hp, bleed_states = start_phases(("S2", "O1"), "rend#0")
show(poison_states[0], poison_states[1])
print("Sage's HP after each start phase — poisoned:", poison_hp, "· bleeding:", bleed_hp)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [e.clause for e in poison_states[1].log if e.kind == "damage"] == ["MB-event-DS"]
assert [e.clause for e in bleed_states[1].log if e.kind == "life loss"] == ["MB-status-14-bleed"]

# %% [markdown]
# Hand count. Poisoned: 5 − 2 = 3, +1 (Meditate) = 4; 4 − 2 = 2, +1 = 3; 3 − 2 = 1, +1 = 2. Bleeding: 5 − 1 + 1 = 5,
# three times. Now a weaker Sage at 2 HP: 2 layers of poison cannot take her below 1 (she ends at 1 + 1), while
# 2 layers of bleed kill her. Bleed has no source, so the killer is whoever damaged her last (`MB-hero-killer`,
# `MB-A23`): nobody had, so nobody scores.

# %%
s = position(("venom", "sage"), ((1, 3), (2, 3)), steps=0)
weak_sage = with_hero(s, 1, hp=2, statuses=(("poison", 2, 1, False, 0),))
after_poison = run(weak_sage, next_turn())
dying_sage = with_hero(s, 1, hp=2, statuses=(("bleed", 2, 1, False, 0),))
after_bleed = run(dying_sage, next_turn())
show(dying_sage, after_bleed)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert not any(e.kind == "death" for e in after_poison.log)
assert poison_hp == [4, 3, 2] and bleed_hp == [5, 5, 5]
# the duration counts down: after the third start phase both are gone
assert status_rules.find(poison_states[3].data.heroes[1], "poison") is None
assert status_rules.find(bleed_states[3].data.heroes[1], "bleed") is None
assert after_poison.data.heroes[1].hp == 1 + 1                     # held at 1, then Meditate
assert any(e.kind == "death" for e in after_bleed.log) and after_bleed.data.heroes[0].score == 0

# %% [markdown]
# Poison is damage taken, bleed is not: give Sage the Storm's-eye fragment Updraft 上升气流 ("on taking damage, gain
# 1 step", a bloodline passive, notebook 6). One layer of poison fires it; one layer of bleed does not (`MB-A14`):

# %%
fired = {}
for name in ("poison", "bleed"):
    hurt = with_hero(s, 1, hp=10, pieces=("updraft",), statuses=((name, 1, 1, False, 0),))
    after = run(hurt, next_turn())
    fired[name] = [e.describe("en") for e in after.log if e.kind == "passive" and e.number("source") == "updraft"]
print(fired)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(fired["poison"]) == 1 and fired["bleed"] == []

# %% [markdown]
# ### A picture: HP at each start phase

# %%
fig = go.Figure([go.Scatter(x=[0, 1, 2, 3], y=[5, *poison_hp], mode="lines+markers", name="poison 中毒 (2 layers)"),
                 go.Scatter(x=[0, 1, 2, 3], y=[5, *bleed_hp], mode="lines+markers", name="bleed 失血 (1 layer)")])
fig.update_layout(title="Sage's HP after each of her start phases<br><sup>Meditate heals 1 each time</sup>",
                  xaxis_title="start phase", yaxis_title="HP", height=360, yaxis_range=[0, 6],
                  xaxis_dtick=1, legend={"orientation": "h", "y": -0.3})
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert list(fig.data[0].y[1:]) == poison_hp

# %% [markdown]
# ## The status stack 状态栈 (`MB-event-STS`)
#
# 「该英雄无视自第一个状态后试图叠加的相同状态」: a hero that holds a status ignores every later status of the same
# name. Venom poisons Gale twice in one turn (O S O S unlocks Fang twice): the second poison is ignored and the
# event says so.

# %%
cards = ("O1", "S2", "O1", "S2")
s = position(("venom", "gale"), ((1, 3), (2, 3)), hands=(cards, ()), steps=0, stamina=8)


def double_fang(state):
    """Venom plays O S, uses Fang, steps back in, and does it again."""
    t = run(state, [("play", {"card": "O1"}), ("play", {"card": "S2"}), ("skill", {"skill": "fang#0", "target": 1})])
    t = with_hero(t, 0, pos=(1, 3))          # Fang stepped Venom back; put her next to Gale again
    return run(t, [("play", {"card": "O1"}), ("play", {"card": "S2"}), ("skill", {"skill": "fang#0", "target": 1})])


twice = double_fang(s)
ignored = [e for e in twice.log if e.clause == "MB-event-STS"]
print([e.describe("en") for e in ignored])
poison = status_rules.find(twice.data.heroes[1], "poison")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(ignored) == 1 and (poison.layers, poison.duration) == (2, 3)

# %% [markdown]
# The status stack is a Ruler setting (`MB-ruler-status-stack`, notebook 7). What does turning it **off** do?
# The seed does not say; we merge the repeat into the held status: layers add up and the longer duration is kept
# (`MB-A10`). The same two Fangs at a Ruler table with the stack off give 4 layers:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A10"])))
s_off = position(("venom", "gale"), ((1, 3), (2, 3)), hands=(cards, ()), steps=0, stamina=8, mode="ruler",
                 variant={"ruler_status_stack": False})
twice_off = double_fang(s_off)
poison_off = status_rules.find(twice_off.data.heroes[1], "poison")
show(s_off, twice_off)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (poison_off.layers, poison_off.duration) == (4, 3)
assert any(e.clause == "MB-ruler-status-stack" for e in twice_off.log) and not any(
    e.clause == "MB-event-STS" for e in twice_off.log)

# %% [markdown]
# ## Every status, seen
#
# Every clause of this notebook was cited by an event of the engine or a refusal:

# %% tags=["remove-input"] jupyter={"source_hidden": true}
all_states = [dazed, gale_turn, hit, unravelled, after_gale, hushed, t, chained, rooted_blow, slowed, rent,
              provoked, twice, after_bleed, *poison_states, *bleed_states]
seen = clauses_seen(*all_states) | {no_attack.clause, no_skill.clause, no_move.clause, no_hit.clause}
assert set(TAUGHT) <= seen

# %% [markdown]
# ## Summary
#
# | status | when it acts | what it does |
# |---|---|---|
# | 昏厥 stun | next turn | skip the action phase |
# | \*\* (masked) | next turn | skip the draw phase |
# | 析构 destruct | next turn | skip the start and end phases |
# | 疲乏 fatigue | next turn | no steps by any means |
# | 沉默 silence | next turn | no non-passive skills |
# | 缴械 disarm | next turn | no attacks |
# | 迟缓 slow (layers) | next action phase | lose steps = layers |
# | 虚弱 weak | next turn | attack power ≤ 1, no crit |
# | 嘲讽 taunt | next turn | attack or use skills only next to the taunter |
# | 禁足 root | at once, until the end of the next turn | no displacement of any kind |
# | 重伤 grievous wounds | at once, until the end of the next turn | heals halved, 0.5 → 1 |
# | 碎甲 armour break | at once, until the end of the next turn | defence ≤ 1, no shield gained |
# | 中毒 poison (layers, duration) | each start phase | damage = layers, never below 1 HP |
# | 失血 bleed (layers, duration) | each start phase | life loss = layers; can kill |
#
# And a hero ignores a second status of a name it holds (状态栈), unless a Ruler table turned the stack off.
#
# Next: **06_sequences_skills_bloodlines.ipynb** — how the skills used here are unlocked.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
s = position(("venom", "reaver"), ((1, 3), (2, 3)), steps=0)
ex1_state = run(with_hero(s, 1, hp=7, statuses=(("poison", 3, 2, False, 0),)), next_turn() + next_turn() + next_turn())
ex1_hp = ex1_state.data.heroes[1].hp

# %%
ex1 = Exercise("1. Reaver (no passive heal) has 7 HP and 3 layers of poison for 2 turns. What is his HP after "
               "his second start phase?",
               "1. 掠夺者（没有回复被动）有7点生命值，中毒3层、持续2回合。他的第二个开始阶段之后生命值是多少？",
               answer=ex1_hp, game=GID, clause="MB-status-13-poison",
               hint_en="read how far poison may take HP", hint_zh="读一读中毒最多能把生命值扣到多少")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
ex2_state = run(with_hero(s, 1, statuses=(("slow", 5, 1, False, 0),)), next_turn())
ex2_steps = ex2_state.data.heroes[1].steps

# %%
ex2 = Exercise("2. Reaver (speed 3) holds 5 layers of slow when his turn begins. How many steps has he when his "
               "action phase begins?",
               "2. 掠夺者（速度3）回合开始时有5层迟缓。他的行动阶段开始时有多少步数？", answer=ex2_steps, game=GID, clause="MB-status-9-slow")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
healer = with_hero(position(("sage", "reaver"), ((1, 3), (4, 3)), hands=(("S2", "S2"), ()), steps=0), 0, hp=10,
                   statuses=(("grievous", 1, 1, False, 1),))
ex3_state = run(healer, [("play", {"card": "S2"}), ("play", {"card": "S2"}), ("skill", {"skill": "radiance#0"})])
ex3_hp = ex3_state.data.heroes[0].hp

# %%
ex3 = Exercise("3. Sage has 10 HP and grievous wounds. She plays S2 (heal 3), S2 (heal 3), then uses Radiance "
               "(heal 6). What is her HP now?",
               "3. 贤者有10点生命值且处于重伤。她打出S2（回复3）、S2（回复3），再使用圣光（回复6）。她现在的生命值是多少？",
               answer=ex3_hp, game=GID, clause="MB-status-6-grievous")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, ex1_hp), (ex2, ex2_steps), (ex3, ex3_hp)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
