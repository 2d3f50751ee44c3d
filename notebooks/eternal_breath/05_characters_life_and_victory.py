# %% [markdown]
# # 永恒之息 · 5 — Characters: skills, life, dying, rescue, defeat and victory
#
# **The rule (§3.1 技能, §3.2 角色机制 / 死亡事件 / 击败玩家事件, §1.3, §1.4):**
#
# > 技能 — 被动技能：条件(如未说明，则永远生效)与效果；主动技能：代价、限制(如未说明，出牌阶段仅限一次)与效果。如未说明，主动技能只能在自己的回合使用。
# >
# > 预备事件 — 将角色卡从手牌中置入角色池；召唤事件 — 出牌阶段，如玩家的召唤角色上限未满，可从角色池中召唤角色到自己的角色区。
# >
# > 死亡事件 — 当角色生命值降低为**0及以下**，角色进入濒死状态。任意玩家使用立即恢复类效果卡，且角色生命恢复至**0以上**时，退出濒死状态，否则角色死亡。当召唤角色死亡，玩家可立即选择角色池内的召唤角色代替上场，如角色池为空且自身卡牌从未正置过，玩家需发出角色声明。
# >
# > 击败玩家事件 — 击杀对方的自身角色后视为击败一名玩家。当首次击败一名玩家后，可同时存在的召唤角色上限变为**2名**。
# >
# > 1.3 当玩家的自身角色死亡，则游戏失败；失败玩家区域内所有卡牌和其手牌置入弃牌堆。
# >
# > 1.4 当场上玩家剩余**1名**(2\~4人游戏)/**2名**(5\~6人游戏)，这些玩家胜利并结束游戏。
#
# In English: characters have passive skills (a condition and an effect) and active skills (a cost, a limit and
# an effect). Normal characters are **prepared** (hand → pool) and **summoned** (pool → character zone). At 0 HP
# or less a character is **dying**; anyone may save it with an instant heal card that brings it above 0, or it
# **dies**. A dead summon may be replaced from the pool; with an empty pool and a never-revealed self character,
# the player must declare. Killing a player's self character defeats them; the killer's summon limit becomes 2.
# The last player (2–4 players) or the last two (5–6) win.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 被动技能 / 主动技能 | passive / active skill | |
# | 代价 / 限制 | cost / limit | coins, or life (生命流失: life loss) |
# | 判定 (1d / 2d) | judgment with one / two dice | |
# | 预备 / 召唤 / 召唤角色上限 | prepare / summon / summon limit | |
# | 回复 / 吸血 | heal / lifesteal | never above the HP card's maximum |
# | 濒死 / 死亡 / 救援 | dying / death / rescue | |
# | 代替上场 | replacement | a pool character takes the dead summon's place |
# | 击败 / 失败 / 胜利 | defeat / loss / victory | |

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
TAUGHT = ["EB-3.1-passive", "EB-3.1-active", "EB-3.1-judge", "EB-3.2-influence", "EB-3.2-life-loss", "EB-3.2-heal",
          "EB-3.2-pay", "EB-3.2-conflict-turn-order", "EB-3.2-conflict-active-first", "EB-1.2.4-skill-limit",
          "EB-3.2-prepare", "EB-1.2.4-prepare-any", "EB-3.2-summon", "EB-1.2.4-summon-once", "EB-2.1.2-normal",
          "EB-3.2-dying", "EB-3.2-rescue", "EB-3.2-death", "EB-3.2-leave", "EB-3.1-destroyed", "EB-3.2-replace",
          "EB-3.2-forced-declare", "EB-3.2-declaration", "EB-2.7-hp-card", "EB-3.2-defeat", "EB-3.2-summon-limit",
          "EB-1.3-loss", "EB-1.3-loser-cards", "EB-3.1-bank", "EB-1.4-victory"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# Most situations here are built from the ready-made combat scenario (`scenarios.combat_ready`) by changing a
# few cards: `what_if` keeps the game and its variant and swaps the data; every action is still checked by the
# engine.

# %%
from explorer import evolve
from explorer.games.eternal_breath import characters, content, effects, records, scenarios
from explorer.games.eternal_breath.records import Character
from widgets.learn.lessons import what_if
from probability.eternal_breath import judgment, judgment_chance

ready = scenarios.combat_ready(attack_points=3, base_defence=2, defence_points=1)
ATTACK = ("attack", {"by": scenarios.ATTACKER, "cards": ["scn-attack-3"], "seat": 1, "target": "scn-normal-2-20"})

def with_chars(state, seat, *chars, **seat_changes):
    '''``state`` with ``seat``'s character zone replaced (and other seat fields changed).'''
    return what_if(state, records.seat_set(state.data, seat, chars=tuple(chars), **seat_changes))

# %% [markdown]
# ## Skills (技能)
#
# ### A passive skill with a judgment (`EB-3.1-passive`, `EB-3.1-judge`, `EB-3.2-life-loss`)
#
# Iron Wall 铁壁: "When you are attacked, make a 1d judgment: on an odd result lose 1 life." A judgment is a
# chance node like any die. P1's Iron Wall stands face up and alone; P0 attacks it (dice 4 and 3), then the
# judgment shows 5 (loaded): odd, so Iron Wall loses 1 life — *life loss* (生命流失), damage one's own card or
# skill does to oneself.

# %%
iron = with_chars(ready, 1, Character("sp_tiebi", 20, True, True, True))
attack_iron = ("attack", {"by": scenarios.ATTACKER, "cards": ["scn-attack-3"], "seat": 1, "target": "sp_tiebi"})
before_judge = run(iron, [attack_iron, ("roll", {"die": 4}), ("block", {"card": "scn-defence-1"}), ("roll", {"die": 3})])
outcomes = before_judge.chance_outcomes()
print("the judgment's outcomes:", [(a["result"], p) for a, p in outcomes])
odd = sum(p for a, p in outcomes if a["result"] % 2)
judged = step(before_judge, "judge", result=5)
for e in judged.log[len(before_judge.log) - 3:]:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
hit = next(e for e in judged.log if e.kind == "damage")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert odd == judgment_chance({"op": "odd"}, dice=1) == Fraction(1, 2)
assert hit.number("damage") == max(1, (4 + 3) - (3 + 3 + 1)) == 1
assert judged.data.seats[1].chars[0].hp == 20 - 1 - 1
assert any(e.clause == "EB-3.2-life-loss" for e in judged.events)

# %% [markdown]
# ### A 2d judgment is the sum of two dice (`EB-A08`)
#
# The seed's own joke: Lucky Star 幸运星 "make a 2d judgment: on a result of 1 you win the game". Read as the sum
# (2–12), a 1 is impossible. The engine's chance node and the odds package agree:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A08"])))
lucky = with_chars(ready, 0, Character("sp_xingyun", 17, True, True, True), Character(scenarios.ATTACKER, 10, True))
used = step(lucky, "skill", char="sp_xingyun", seat=-1, target="")
two_dice = {a["result"]: p for a, p in used.chance_outcomes()}
print("2d outcomes:", two_dice)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert two_dice == judgment(2) and min(two_dice) == 2 and two_dice.get(1, 0) == 0
assert two_dice[7] == Fraction(6, 36)            # hand check: 1+6, 2+5, 3+4, 4+3, 5+2, 6+1

# %% [markdown]
# ### An active skill with a coin cost, aimed at everyone (`EB-3.1-active`, `EB-3.2-pay`, `EB-3.2-conflict-turn-order`)
#
# Flame Dragon 炎龙: "Pay 2 coins: deal 1 damage to every player." Paying puts the coins in the bank. "Every
# player" resolves in seat order from the player whose turn it is; each player's **front** character takes it
# (a summon if they have one, `EB-A10`) — the Dragon's own summon too. But damage a card or skill does to its
# user's **own** character is not effect damage: it is *life loss* (卡牌或角色技能对自己造成的伤害称为生命流失,
# `EB-3.2-life-loss`), which is not "damage taken" — so "when you take damage" passives do not fire on it.
#
# `EB-1.2.4-skill-limit`: active skills of at most *summon limit* characters a turn (1 here): after the Dragon's
# skill, P0's Archer may not use its own.

# %%
dragon = with_chars(ready, 0, Character("sp_yanlong", 18, True, True, True), Character("n_archer", 8, True))
skills_now = [a.describe("en") for a in dragon.legal_actions() if a.kind == "skill"]
burnt = step(dragon, "skill", char="sp_yanlong", seat=-1, target="")
for e in burnt.events:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
order = next(e for e in burnt.events if e.clause == "EB-3.2-conflict-turn-order")
hits = [(e.kind, e.targets, e.number("hp")) for e in burnt.events if e.kind in ("effect damage", "life loss")]
try:
    burnt.apply(explorer.act(GID, "skill", 0, char="n_archer", seat=1, target="scn-normal-2-20"))
    limit_clause = None
except IllegalAction as err:
    limit_clause = err.clause
print("skills offered before:", len(skills_now), "· after:", [a for a in burnt.legal_actions() if a.kind == "skill"], "· refusal:", limit_clause)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert order.number("seats") == (0, 1) and burnt.data.seats[0].coins == 5 - 2
assert hits == [("life loss", (0, "n_archer"), 7), ("effect damage", (1, "scn-normal-2-20"), 19)]
assert limit_clause == "EB-1.2.4-skill-limit"

# %% [markdown]
# ### A life cost may kill (`EB-A21`)
#
# Bright Moon 明月: "Lose 1 life: gain 2 coins (no limit)." The seed's own example pays more life than any
# character has (扣除114514点生命), so a life cost may be paid down to 0 or less — and then the character is
# dying like any other. P0's Bright Moon at 1 HP, its only character, pays once more; nobody rescues it (every
# player is asked in turn and passes, see *Dying, rescue and death* below) — and P0 loses the game by its own hand:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A21"])))
moon = with_chars(ready, 0, Character("sp_mingyue", 1, True, True, True))
def everyone_passes(state):
    # every player still asked to rescue declines, in the engine's order
    while state.data.tasks and state.data.tasks[0].kind == "rescue":
        state = step(state, "pass")
    return state

paid = everyone_passes(step(moon, "skill", char="sp_mingyue", seat=-1, target=""))
for e in paid.log:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [e.kind for e in paid.log][:4] == ["skill", "life loss", "dying", "coins"]     # dying at 0; the gain still resolves
assert paid.is_terminal and paid.winners == (1,)           # P0's self character died: P0 lost, P1 is the last

# %% [markdown]
# ### A passive that fires on another player's turn (`EB-3.2-influence`)
#
# Influences (影响: using a card, moving a card, changing its state) cause events. Radiance 辉光: "When you lose a
# card outside your turn, gain 1 coin." P1's Radiance stands face up behind a summon; when P1 blocks with its
# defence card during P0's turn, the card leaves P1's hand — an influence that fires the passive:

# %%
off_turn = [c for c in content.sample().cards.values()
            if c.is_character and c.skill.type == "passive" and c.skill.when == "lose_card_off_turn"]
print("characters with this passive:", [(c.id, c.en, c.zh) for c in off_turn])
radiance = with_chars(ready, 1, Character("sp_huiguang", 17, True, True, True), Character("scn-normal-2-20", 20, True))
blocked = run(radiance, [ATTACK, ("roll", {"die": 2}), ("block", {"card": "scn-defence-1"})])
for e in blocked.events:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert "sp_huiguang" in [c.id for c in off_turn]
assert [e.clause for e in blocked.events][1:4] == ["EB-3.2-influence", "EB-3.1-passive", "EB-2.6-coin-cap"]
assert blocked.data.seats[1].coins == 5 + 1

# %% [markdown]
# ### Skills in another player's play phase (`EB-A23`)
#
# Shadow Dancer 影舞: "In another player's play phase, pay 2 coins: deal 2 damage to that player (once a turn)."
# When may it be used? We offer it once, at the start of each other player's play phase. Using the story game of
# notebook 2 with P1's self character swapped for a face-up Shadow Dancer: when P0 enters its play phase, P1 is
# asked first.

# %%
display(Markdown(assumption_markdown(GID, ["EB-A23"])))
SETUP = tutorial_setup()   # the table of notebook 1 (widgets/games/eternal_breath/lessons.py)
story = run(run(explorer.new_game(GID, players=2), SETUP), [("draw", {"card": "atk_slash"}), ("draw", {"card": "eff_insight"})])
dancer = what_if(story, records.seat_set(story.data, 1, chars=(Character("sp_yingwu", 15, True, True, True), story.data.seats[1].chars[1])))
offered = run(dancer, [("done", {}), ("pass", {})])
print("now deciding:", offered.current_player, [a.describe("en") for a in offered.legal_actions()])
danced = step(offered, "skill", char="sp_yingwu", seat=-1, target="")
hurt = next(e for e in danced.events if e.kind == "effect damage")
print(hurt.describe("en"), "· then P0 plays:", danced.current_player)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert offered.current_player == 1 and offered.data.phase == "play"
assert hurt.targets == (0, "n_swordsman") and hurt.number("damage") == 2 and danced.current_player == 0

# %% [markdown]
# ### Active before passive (`EB-3.2-conflict-active-first`)
#
# When one influence sets off both an active skill's effect and a passive skill, the active one resolves first.
# P0's Archer 弓手 shoots P1's Sentinel 哨兵 ("when you take damage, gain 1 coin"): the Archer's damage comes
# first, the engine states the order, then the Sentinel's passive takes effect.

# %%
c = RULES["EB-3.2-conflict-active-first"]
shoot = what_if(ready, records.seat_set(
    records.seat_set(ready.data, 1, chars=(Character("sp_mingyue", 15, False, True), Character("n_sentinel", 11, True))),
    0, chars=(Character("sp_lingxi", 16, False, True), Character("n_archer", 8, True))))
shot = step(shoot, "skill", char="n_archer", seat=1, target="n_sentinel")
for e in shot.events:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
clauses_in_order = [e.clause for e in shot.events]
order = next(e for e in shot.events if e.clause == "EB-3.2-conflict-active-first")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert c.modelled and order.number("order") == ("n_archer", "n_sentinel")
assert clauses_in_order.index("EB-3.2-damage-taken") < clauses_in_order.index("EB-3.2-conflict-active-first") < clauses_in_order.index("EB-3.1-passive")
assert shot.data.seats[1].coins == 5 + 1 and shot.data.seats[0].coins == 5 - 1

# %% [markdown]
# ## Preparing and summoning (`EB-3.2-prepare`, `EB-3.2-summon`)
#
# Normal characters (`EB-2.1.2-normal`) drawn into the hand may be **prepared** — any number a turn
# (`EB-1.2.4-prepare-any`) — into the pool, and **summoned** from the pool in the play phase while the character
# zone is below the summon limit, at most one a turn (`EB-1.2.4-summon-once`). With the limit at 1 and a summon
# already in play, P0 can prepare but not summon; with a limit of 2 (after a defeat, below) it summons one, and a
# second summon the same turn is refused:

# %%
recruits = what_if(ready, records.seat_set(ready.data, 0, hand=("n_archer", "n_knight", "scn-attack-3")))
prepared = run(recruits, [("prepare", {"card": "n_archer"}), ("prepare", {"card": "n_knight"})])
print("pool:", prepared.data.seats[0].pool, "· summon offered at limit 1:", [a for a in prepared.legal_actions() if a.kind == "summon"])
wider = what_if(prepared, records.seat_set(prepared.data, 0, summon_limit=2))
summoned = step(wider, "summon", card="n_archer")
refusals = []
for state in (prepared, summoned):
    try:
        state.apply(explorer.act(GID, "summon", 0, card="n_knight"))
    except IllegalAction as err:
        refusals.append(err.clause)
print(summoned.events[0].describe("en"), "· refusals:", refusals)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert prepared.data.seats[0].pool == ("n_archer", "n_knight")
assert [c.card for c in summoned.data.seats[0].chars] == ["sp_lingxi", scenarios.ATTACKER, "n_archer"]
assert refusals == ["EB-3.2-summon-limit", "EB-1.2.4-summon-once"]

# %% [markdown]
# ## Dying, rescue and death
#
# Our attacker hits P1's dummy (2 HP left) for 5: it is **dying** at −3 (`EB-3.2-dying`). Rescue (`EB-3.2-rescue`):
# any player may use **instant heal** cards (任意玩家使用立即恢复类效果卡); the character is saved only if its HP
# ends **above 0**. Who is asked, in which order, with how many cards? Every living player, from the player whose
# turn it is, in seat order (`EB-A09`, after the rule of 事件冲突) — holders of a heal card or not, so being asked
# shows nothing about a hand (`EB-A20`). Each may use as many heal cards as they like (the document sets no limit);
# the character dies only when every living player has passed in a row. Four branches from the same dying dummy:
#
# * nobody heals (both pass) → death (`EB-3.2-death`): the card leaves the game for the destroyed pile
#   (`EB-3.2-leave`, `EB-3.1-destroyed`); P1's pool is empty and its self character never face up, so P1 **must**
#   declare (`EB-3.2-forced-declare`, `EB-3.2-declaration`; the self character takes its HP card, `EB-2.7-hp-card`);
# * P1 holds a Healing Potion 治疗药水 (+3): −3 + 3 = 0 is not above 0 → still dying; nobody has more → it dies;
# * P1 holds an Elixir 灵药 (+5): −3 + 5 = 2 → saved (and heals never go above the maximum, `EB-3.2-heal`);
# * P1 holds **two** Healing Potions: −3 + 3 + 3 = 3 → saved by its second card.

# %%
display(Markdown(assumption_markdown(GID, ["EB-A09"])))
low = scenarios.combat_ready(attack_points=3, base_defence=2, defence_points=1, defender_hp=2)
KILL = [("attack", {"by": scenarios.ATTACKER, "cards": ["scn-attack-3"], "seat": 1, "target": "scn-normal-2-2"}),
        ("roll", {"die": 6}), ("block", {"card": "scn-defence-1"}), ("roll", {"die": 1})]
died = everyone_passes(run(low, KILL))
for e in died.log[4:]:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
me = died.data.seats[1].chars[0]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert next(e for e in died.log if e.kind == "dying").number("hp") == 2 - ((6 + 3) - (2 + 1 + 1))
assert "scn-normal-2-2" in died.data.destroyed
assert (me.card, me.face_up, me.ever_up) == ("sp_mingyue", True, True)
assert [e.clause for e in died.log if e.kind == "declaration"] == ["EB-3.2-forced-declare"]

# %%
rescues, rescue_ends = {}, {}
for name, hand in (("eff_potion", ("eff_potion",)), ("eff_elixir", ("eff_elixir",)), ("2 × eff_potion", ("eff_potion",) * 2)):
    holder = what_if(low, records.seat_set(low.data, 1, hand=("scn-defence-1", *hand)))
    asked = step(run(holder, KILL), "pass")          # P0, the player to move, is asked first: it has no heal card
    who = asked.current_player
    end = asked
    while end.data.tasks and end.data.tasks[0].kind == "rescue" and any(a.kind == "rescue" for a in end.legal_actions()):
        end = step(end, "rescue", card=hand[0])
    end = everyone_passes(end)
    alive = records.find_char(end.data, 1, "scn-normal-2-2") >= 0
    new_events = end.log[len(asked.log):]
    rescues[name] = (who, alive, [e.kind for e in new_events])
    rescue_ends[name] = end
    print(name, "· asked:", f"P{who}", "· saved:", alive, "·", [f"[{e.clause}] {e.kind}" for e in new_events])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert rescues["eff_potion"][:2] == (1, False) and rescues["eff_elixir"][:2] == (1, True)
assert rescues["2 × eff_potion"][:2] == (1, True) and rescues["2 × eff_potion"][2].count("rescue") == 2
assert "saved" in rescues["eff_elixir"][2] and "death" in rescues["eff_potion"][2]
assert records.find_char(rescue_ends["2 × eff_potion"].data, 1, "scn-normal-2-2") >= 0

# %% [markdown]
# When **both** players hold a heal card, who is asked first? The player whose turn it is (P0, the attacker!),
# then the others in seat order (`EB-A09`) — exactly as when nobody holds one. P0 passes; then P1 saves its dummy:

# %%
both = what_if(low, records.seat_set(records.seat_set(low.data, 0, hand=("scn-attack-3", "eff_elixir")), 1, hand=("scn-defence-1", "eff_elixir")))
first = run(both, KILL)
second = step(first, "pass")
saved_by_p1 = step(second, "rescue", card="eff_elixir")
print("asked first:", f"P{first.current_player}", "· then:", f"P{second.current_player}", "·", saved_by_p1.events[-1].describe("en"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (first.current_player, second.current_player) == (0, 1)
assert records.find_char(saved_by_p1.data, 1, "scn-normal-2-2") >= 0

# %% [markdown]
# ### Replacement (`EB-3.2-replace`, `EB-A24`)
#
# Had P1 a Monk 僧侣 in its pool, it could bring it in at once in place of the dead summon — no forced declaration
# then. A replacement is not the turn's one summon (it is not even P1's turn):

# %%
display(Markdown(assumption_markdown(GID, ["EB-A24"])))
with_pool = what_if(low, records.seat_set(low.data, 1, pool=("n_monk",)))
asked = everyone_passes(run(with_pool, KILL))
print("P1 may:", [a.describe("en") for a in asked.legal_actions()])
replaced = step(asked, "replace", card="n_monk")
print(replaced.events[0].describe("en"), f"[{replaced.events[0].clause}]")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert asked.current_player == 1 and [c.card for c in replaced.data.seats[1].chars] == ["sp_mingyue", "n_monk"]
assert not replaced.data.seats[1].chars[0].face_up and replaced.current_player == 0

# %% [markdown]
# ## Defeat, loss and victory
#
# Killing a player's **self** character defeats that player (`EB-3.2-defeat`). The loser (`EB-1.3-loss`) puts every
# card of its area and hand into the discard pile (`EB-1.3-loser-cards`); its coins go back to the bank
# (`EB-3.1-bank`). The killer's summon limit becomes 2 (`EB-3.2-summon-limit`). With 2–4 players the last one
# standing wins (`EB-1.4-victory`).
#
# Three players this time, so the game goes on after the first defeat. P1's Bright Moon stands face up and alone,
# at 2 HP; it has a Monk in its pool and a card in hand.

# %%
def three_player_kill(variant=None):
    start = scenarios.combat_ready(attack_points=3, base_defence=2, defence_points=1, players=3, variant=variant)
    start = with_chars(start, 1, Character("sp_mingyue", 2, True, True, True), pool=("n_monk",))
    kill = [("attack", {"by": scenarios.ATTACKER, "cards": ["scn-attack-3"], "seat": 1, "target": "sp_mingyue"}),
            ("roll", {"die": 6}), ("block", {"card": "scn-defence-1"}), ("roll", {"die": 1})]
    return start, everyone_passes(run(start, kill))

start3, after3 = three_player_kill()
for e in after3.log[4:]:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
loser = after3.data.seats[1]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert not loser.alive and loser.chars == loser.hand == loser.pool == () and loser.coins == 0
assert [e.clause for e in after3.log if e.kind in ("loss", "defeat", "summon limit")] == ["EB-1.3-loss", "EB-3.2-defeat", "EB-3.2-summon-limit"]
assert [s.summon_limit for s in after3.data.seats] == [2, 1, 1] and not after3.is_terminal

# %% [markdown]
# ### Assumption `EB-A06`: whose summon limit becomes 2?
#
# The text follows "killing the other's self character", so our default raises the **killer's** limit. The switch
# `summon_limit_after_defeat = "everyone"` raises every living player's. Same kill, both readings:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A06"])))
limits = {reading: [s.summon_limit for s in three_player_kill({"summon_limit_after_defeat": reading})[1].data.seats]
          for reading in ("killer", "everyone")}
print(limits)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert limits == {"killer": [2, 1, 1], "everyone": [2, 1, 2]}        # the defeated P1 stays at 1: it is out

# %% [markdown]
# ### Assumption `EB-A17`: the loser's characters — discard pile or destroyed pile?
#
# §1.3 says *all* the loser's cards go to the discard pile; the rule for characters leaving play says the destroyed
# pile. Our default follows §1.3 literally; the switch `loser_characters = "destroyed"` follows the other. P1's Monk
# (in its pool) under both readings — the dead Bright Moon itself is destroyed either way:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A17"])))
piles = {}
for reading in ("discard", "destroyed"):
    end = three_player_kill({"loser_characters": reading})[1]
    piles[reading] = ("n_monk" in end.data.discard, "n_monk" in end.data.destroyed)
print(piles)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert piles == {"discard": (True, False), "destroyed": (False, True)}

# %% [markdown]
# ### Victory (`EB-1.4-victory`)
#
# With 2–4 players the game ends when **one** is left; with 5–6 when **two** are left — and both win. The engine's
# rule, then two checks: our 2-player kill ends the game at once; a 5-player table where P3 and P4 are already out
# ends when P1 falls, with P0 **and** P2 as winners.

# %%
print(inspect.getsource(characters.check_victory))
two = scenarios.combat_ready(attack_points=3, base_defence=2, defence_points=1)
two = with_chars(two, 1, Character("sp_mingyue", 2, True, True, True))
two_end = everyone_passes(run(two, [("attack", {"by": scenarios.ATTACKER, "cards": ["scn-attack-3"], "seat": 1, "target": "sp_mingyue"}),
                    ("roll", {"die": 6}), ("block", {"card": "scn-defence-1"}), ("roll", {"die": 1})]))
five = scenarios.combat_ready(attack_points=3, base_defence=2, defence_points=1, players=5)
data = five.data
for out in (3, 4):
    data = records.seat_set(data, out, alive=False, chars=())
five = with_chars(what_if(five, data), 1, Character("sp_mingyue", 2, True, True, True))
five_end = everyone_passes(run(five, [("attack", {"by": scenarios.ATTACKER, "cards": ["scn-attack-3"], "seat": 1, "target": "sp_mingyue"}),
                      ("roll", {"die": 6}), ("block", {"card": "scn-defence-1"}), ("roll", {"die": 1})]))
print("2 players:", two_end.winners, "· 5 players:", five_end.winners)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert two_end.is_terminal and two_end.winners == (0,)
assert five_end.is_terminal and five_end.winners == (0, 2)

# %% [markdown]
# ### A picture: how many attacks until a character falls?
#
# From notebook 3's single attack (3 points vs base defence 2, a 1-point card) to a whole fight: the exact
# probability that a 10-HP character falls on exactly the n-th attack if nobody heals it, blocking every time or
# dodging every time (`probability.eternal_breath.turns_to_kill`). A hand check for a small case first: a 2-HP
# character falls on attack 1 with P(damage ≥ 2), otherwise on attack 2 — P(damage = 1) — since every attack does at least 1.

# %%
from probability.dist import at_least
from probability.eternal_breath import STANDING, damage, turns_to_kill
block, dodge = damage(3, 2, 1, response="block"), damage(3, 2, 1, response="dodge")
small = turns_to_kill(2, block, 5)
curves = {name: turns_to_kill(10, dist, 12) for name, dist in (("block 格挡", block), ("dodge 闪避", dodge))}
fig = go.Figure([go.Bar(name=name, x=[n for n in c if n is not STANDING], y=[float(p) for n, p in c.items() if n is not STANDING])
                 for name, c in curves.items()])
fig.update_layout(barmode="group", title="A 10-HP character: P(falls on exactly the n-th attack)", xaxis_title="attack",
                  yaxis_title="probability", height=340)
for name, c in curves.items():
    print(name, "· still standing after 12 attacks:", c.get(STANDING, 0), f"({float(c.get(STANDING, 0)):.2%})")
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(sum(c.values()) == 1 for c in curves.values())
assert small == {1: at_least(block, 2), 2: block[1]}
assert curves["block 格挡"].get(1, 0) == 0             # at most 5 damage from one attack: never on the first
assert curves["block 格挡"].get(STANDING, 0) == 0       # every block lets at least 1 through: 10 attacks always suffice
assert curves["dodge 闪避"][STANDING] > 0                # 12 successful dodges in a row are possible: (5/12)^12 at least
assert curves["dodge 闪避"][STANDING] >= Fraction(5, 12) ** 12
seen = clauses_seen(judged, used, burnt, paid, blocked, danced, shot, prepared, summoned, died, replaced, after3, two_end, five_end)
seen |= clauses_seen(*rescue_ends.values())
seen |= set(refusals) | {limit_clause}
SHOWN_OTHERWISE = {"EB-3.2-declaration": "the forced declaration above: the self character face up for good",
                   "EB-2.1.2-normal": "the Archer and the Knight, normal characters prepared and summoned above",
                   "EB-1.2.4-prepare-any": "two characters prepared in one play phase above",
                   "EB-3.1-destroyed": "the dead dummy is in the destroyed pile (asserted above; its event cites EB-3.2-leave)"}
assert set(TAUGHT) - seen <= set(SHOWN_OTHERWISE)

# %% [markdown]
# ## Summary
#
# * Passive skills fire on their condition (a judgment is a chance node; a 2d judgment is a sum, so "a result of 1"
#   never happens); active skills pay a cost (coins to the bank, or life — even to death) within limits: at most
#   *summon limit* characters' skills a turn.
# * Normal characters are prepared (any number) and summoned (one a turn, within the summon limit).
# * At 0 HP or less a character is dying; an instant heal that lifts it **above** 0 saves it; otherwise it dies and
#   is destroyed; a pool character may replace a dead summon, or the player must declare.
# * Killing a self character defeats its player: their cards go to the discard pile (`EB-A17`), coins to the
#   bank, and the killer's summon limit becomes 2 (`EB-A06`). One player left (2–4) or two (5–6): they win.
#
# Next: **06_a_whole_game.ipynb** — a whole game between bots, replayed and explained.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
saved = rescue_ends["eff_elixir"].data
hp_after_elixir = saved.seats[1].chars[records.find_char(saved, 1, "scn-normal-2-2")].hp

# %%
ex1 = Exercise("1. The dummy is dying at −3 HP and P1 uses an Elixir (+5). What is its HP afterwards?",
               "1. 木人濒死（生命 −3），P1 使用灵药（+5）。之后它的生命值是多少？", answer=hp_after_elixir, game=GID, clause="EB-3.2-rescue")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hp_after_elixir == -3 + 5
p_win_lucky = sum((p for r, p in judgment(2).items() if r == 1), Fraction(0))

# %%
ex2 = Exercise("2. Lucky Star's 2d judgment: what is the probability of a result of 1? (exact fraction)",
               "2. 幸运星的2d判定：结果为1的概率是多少？（精确分数）", answer=p_win_lucky, kind="fraction", game=GID, clause="EB-A08",
               hint_en="list the 36 pairs of two dice and the sum each gives", hint_zh="列出两颗骰子的36种组合及各自之和")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
winners_five = len(five_end.winners)

# %%
ex3 = Exercise("3. In a 6-player game, how many players win when the game ends?",
               "3. 6人游戏结束时有几名玩家胜利？", answer=winners_five, game=GID, clause="EB-1.4-victory",
               hint_en="§1.4 depends on the table size", hint_zh="§1.4 的结果取决于人数")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert winners_five == 2
for ex, right in ((ex1, hp_after_elixir), (ex2, p_win_lucky), (ex3, winners_five)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
