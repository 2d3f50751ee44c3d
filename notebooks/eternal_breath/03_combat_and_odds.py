# %% [markdown]
# # 永恒之息 · 3 — Combat: block, dodge, and the odds
#
# **The rule (§3.2 攻击事件 / 攻击力计算 / 防御力计算):**
#
# > 攻击事件本质上是一个角色攻击另外一位角色。在攻击时需声明自己攻击所用角色……通常情况下，一次攻击只能使用一张攻击卡发动攻击。
# >
# > 攻击方率先进行1d判定，随后由防御方进行操作。最终伤害等于**总攻击力-总防御力**，向下取整，如果该数**小于1**，则伤害**固定为1**。
# >
# > 攻击的目标必须是角色，特别的，当玩家的召唤角色数量**不为0**，攻击的目标不能为其自身角色。
# >
# > 攻击方投掷**1枚**骰子，该点数视为攻击力，总攻击力即为**攻击力+攻击点**。
# >
# > 防御方投掷**1枚**骰子……可使用**至多1张**防御卡阻挡攻击，此时总防御力即为**基础防御+防御力+防御点**。
# >
# > 也可选择闪避，当闪避力大于攻击力，闪避生效且本次攻击被抵消，否则总防御力视为**0**(即使基础防御不为0)。
#
# In English: one character attacks another with (normally) one attack card. The attacker rolls a die first:
# total attack = die + the card's attack points. Then the defender chooses: **block** (格挡) — total defence =
# base defence + the defender's die + the defence card's points — or **dodge** (闪避) — if the defender's die
# beats the attacker's die the attack is cancelled (抵消), otherwise total defence is 0. Damage = total attack −
# total defence, rounded down, and at least 1.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English |
# |---|---|
# | 攻击卡 / 攻击点 / 属性 | attack card / attack points / attribute |
# | 防御卡 / 防御点 | defence card / defence points |
# | 基础防御 | base defence (printed on the character) |
# | 攻击力 / 防御力 / 闪避力 | the attacker's die / the defender's die when blocking / when dodging |
# | 总攻击力 / 总防御力 | total attack / total defence |
# | 格挡 / 闪避 / 抵消 | block / dodge / cancel |
# | 伤害 / 血条卡 | damage / HP card |
# | 吸血 | lifesteal |

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
TAUGHT = ["EB-2.2-attack-card", "EB-2.3-defence-card", "EB-3.2-attack", "EB-3.2-multi-attack", "EB-3.2-target",
          "EB-3.2-attack-power", "EB-3.2-block", "EB-3.2-dodge", "EB-3.2-damage", "EB-3.2-damage-taken",
          "EB-3.2-attribute", "EB-3.2-lifesteal", "EB-3.2-conflict-attack-first", "EB-3.2-event"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# ## The rule as code
#
# The engine resolves an attack with four small functions named after the rule. The odds package
# (`probability`) calls the *same* functions, so play and odds cannot disagree:

# %%
from explorer.games.eternal_breath import attack, combat, content, records, scenarios
print(inspect.getsource(combat.total_attack))
print(inspect.getsource(combat.total_defence_block))
print(inspect.getsource(combat.dodge_succeeds))
print(inspect.getsource(combat.final_damage))

# %% [markdown]
# ## A ready-made scenario
#
# `scenarios.combat_ready` builds P0's play phase one step before an attack: P0's Training dummy holds an
# attack card of 3 points; P1's dummy has base defence 2 and 20 HP, and P1 holds a defence card of 1 point.

# %%
print(scenarios.combat_ready.__doc__)
ready = scenarios.combat_ready(attack_points=3, base_defence=2, defence_points=1, defender_hp=20)
attacks = [a for a in ready.legal_actions() if a.kind == "attack"]
for a in attacks:
    print(a.describe("en"), "·", a.describe("zh"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sorted(a["by"] for a in attacks) == sorted([scenarios.ATTACKER, "sp_lingxi"])

# %% [markdown]
# Two attacks, not one: P0's **face-down** self character (Lingxi 灵汐) may be named as the attacker too. The
# 倒置 rule bars a face-down character's skills and its being attacked — not attacking (`EB-A29`). Its attack is
# public, but the others see only *a face-down character* attack; the card itself is told to P0 alone:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A29"])))
hidden_attack = step(ready, "attack", by="sp_lingxi", cards=["scn-attack-3"], seat=1, target=attacks[0]["target"])
public, private = [e for e in hidden_attack.events if e.kind in ("attack", "attacker")]
print("P1 sees:", [e["kind"] for e in hidden_attack.view(1)["log"]][-2:], "·", public.describe("en"), "· P0 alone:", private.describe("en"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert public.number("by") == "" and private.private_to == (0,) and explorer.is_hidden(hidden_attack.view(1)["combat"]["by"])
assert not hidden_attack.data.seats[0].chars[0].face_up

# %% [markdown]
# ### Who may be attacked (`EB-3.2-target`)
#
# Only another player's **face-up** character, and not their self character while they have a summon. P1's
# self character (Bright Moon 明月) is face down (`EB-3.1-face-down`); even face up, it would be shielded by P1's
# summon. Both attacks are refused, each naming its clause:

# %%
at_self = explorer.act(GID, "attack", 0, by=scenarios.ATTACKER, cards=("scn-attack-3",), seat=1, target="sp_mingyue")
face_up_self = explorer.State(ready.game, 2, ready.variant, records.set_char(ready.data, 1, "sp_mingyue", face_up=True, ever_up=True))
clauses = []
for state in (ready, face_up_self):
    try:
        state.apply(at_self)
    except IllegalAction as err:
        clauses.append(err.clause)
        print(f"refused [{err.clause}]: {err.reason}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert clauses == ["EB-3.1-face-down", "EB-3.2-target"]

# %% [markdown]
# ## One attack, blocked
#
# Loaded dice: the attacker rolls 5 (`EB-3.2-attack-power`), P1 blocks with its defence card
# (`EB-3.2-block`) and rolls 2. Hand check first: total attack = 5 + 3 = 8; total defence = 2 + 2 + 1 = 5;
# damage = 8 − 5 = 3, so the HP card goes from 20 to 17 (`EB-3.2-damage-taken`).

# %%
ATTACK = ("attack", {"by": scenarios.ATTACKER, "cards": ["scn-attack-3"], "seat": 1, "target": attacks[0]["target"]})
CARD = scenarios.defence_card(ready)          # P1's defence card (1 point)


def attack_line(attack_die, answer, defence_die):
    """The attack, its die, the defender's answer (dodge, or block with ``CARD``), the defence die."""
    answer = ("dodge", {}) if answer == "dodge" else ("block", {"card": CARD})
    return [ATTACK, ("roll", {"die": attack_die}), answer, ("roll", {"die": defence_die})]


blocked = run(ready, attack_line(5, "block", 2))
for e in blocked.log:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")
hit = next(e for e in blocked.log if e.kind == "damage")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (hit.number("total_attack"), hit.number("total_defence"), hit.number("damage"), hit.number("hp")) == (5 + 3, 2 + 2 + 1, 3, 17)
assert hit.number("damage") == combat.resolve_attack(5, 2, 3, combat.BLOCK, 2, 1)

# %% [markdown]
# The events form a chain: each names the event that caused it (`cause`), so the attack is the root of the
# rolls, the block and the damage. The card used leaves for the discard pile afterwards (`EB-3.1-discard-pile`).

# %%
graph = explorer.event_graph(blocked.log)
root = next(e.id for e in blocked.log if e.kind == "attack")
print({e.id: (e.kind, e.cause) for e in blocked.log})

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sorted(graph.successors(root)) == [e.id for e in blocked.log if e.cause == root]
assert {graph.nodes[n]["kind"] for n in graph.successors(root)} >= {"roll", "block", "damage"}

# %% [markdown]
# ## Dodging
#
# A dodge succeeds only when the defender's die is **greater** than the attacker's (`EB-3.2-dodge`). Three
# loaded cases: 2 vs 5 — cancelled (the damage event is marked `cancelled`, `EB-3.2-event`: a cancelled event
# has no effect); 4 vs 4 — a tie fails, total defence counts 0 even with base defence 2, damage 4 + 3 = 7;
# and, for contrast, the smallest hit: a block where attack 1 + 3 = 4 meets defence 2 + 6 + 1 = 9 still deals
# the minimum of 1 (`EB-3.2-damage`).

# %%
cases = {"dodge 2 vs 5": (2, "dodge", 5), "dodge 4 vs 4": (4, "dodge", 4), "block 1 vs 6": (1, "block", 6)}
results = {}
for name, (a, response, d) in cases.items():
    end = run(ready, attack_line(a, response, d))
    hit = next(e for e in end.log if e.kind == "damage")
    results[name] = (hit.outcome, hit.number("damage"), hit.clause)
    print(f"{name}: {hit.describe('en')} [{hit.clause}] {hit.outcome}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert results == {"dodge 2 vs 5": (explorer.CANCELLED, 0, "EB-3.2-dodge"),
                   "dodge 4 vs 4": (explorer.TOOK_EFFECT, 7, "EB-3.2-damage"),
                   "block 1 vs 6": (explorer.TOOK_EFFECT, 1, "EB-3.2-damage")}

# %% [markdown]
# ### Assumption `EB-A28`: is a dodged attack still an attack?
#
# Shield Guard 盾卫 gains 1 coin "when you are attacked". If it dodges and the attack is cancelled, was it attacked?
# Our reading: yes — the attack was declared against it; only its damage is cancelled. The same 2 vs 5 dodge
# against a Shield Guard:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A28"])))
guard = explorer.State(ready.game, 2, ready.variant, records.seat_set(ready.data, 1, chars=(
    records.Character("sp_mingyue", 15, False, True), records.Character("n_guard", 12, True))))
dodged = run(guard, [("attack", {"by": scenarios.ATTACKER, "cards": ["scn-attack-3"], "seat": 1, "target": "n_guard"}),
                     ("roll", {"die": 2}), ("dodge", {}), ("roll", {"die": 5})])
for e in dodged.log[4:]:
    print(f"#{e.id} [{e.clause}] {e.describe('en')} {'✗' if e.cancelled else ''}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert next(e for e in dodged.log if e.kind == "damage").cancelled
assert any(e.kind == "passive" for e in dodged.log) and dodged.data.seats[1].coins == 5 + 1

# %% [markdown]
# ## The odds of one attack
#
# Before the dice, what damage should P1 expect? `probability.eternal_breath.damage` gives the exact
# distribution. We check it against an **independent** derivation: play all 36 dice pairs through the real
# engine and count.

# %%
from probability.dist import at_least, mean
from probability.eternal_breath import best_response_table, damage

exact = damage(3, base_defence=2, defence_points=1, response="block")
counts = {}
for a in range(1, 7):
    for d in range(1, 7):
        end = run(ready, attack_line(a, "block", d))
        dmg = next(e for e in end.log if e.kind == "damage").number("damage")
        counts[dmg] = counts.get(dmg, 0) + 1
by_engine = {k: Fraction(v, 36) for k, v in sorted(counts.items())}
for k, p in exact.items():
    print(f"damage {k}: {float(p):6.2%} ({p})")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert exact == by_engine
assert exact[1] == Fraction(13, 18)        # 26 of the 36 pairs: total attack − total defence ≤ 1

# %% [markdown]
# A third check, the way a player meets the odds: many attacks with **random** (seeded) dice, played through the
# engine with `explorer.sample_chance`, which draws each chance outcome with exactly its probability. The
# frequencies must land within 4 standard errors of the exact values (the seed makes the run the same every time).

# %%
import math
import random

rng = random.Random(2026)
N = 6000
declared = ready.apply(scenarios.attack_action(ready))
seen_damage = {}
for _ in range(N):
    t = declared
    while not any(e.kind == "damage" for e in t.events):
        if t.current_player == CHANCE:
            t = t.apply(explorer.sample_chance(t.chance_outcomes(), rng))
        else:                                   # the defender blocks with its card
            t = step(t, "block", card=scenarios.defence_card(t))
    dmg = next(e for e in t.events if e.kind == "damage").number("damage")
    seen_damage[dmg] = seen_damage.get(dmg, 0) + 1
gaps = {}
for k, p in exact.items():
    freq = seen_damage.get(k, 0) / N
    se = math.sqrt(p * (1 - p) / N)
    gaps[k] = abs(freq - p) / se
    print(f"damage {k}: simulated {freq:.4f} · exact {float(p):.4f} ({p}) · |gap| / standard error = {gaps[k]:.2f}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert max(gaps.values()) <= 4                       # every simulated frequency within 4 standard errors
assert set(seen_damage) <= set(exact) and sum(seen_damage.values()) == N

# %% [markdown]
# And dodging: P(the dodge succeeds) = P(defender's die > attacker's die) = 15/36 = 5/12, whatever the points
# (hand count: for attacker's die a there are 6 − a better faces; 5 + 4 + 3 + 2 + 1 + 0 = 15). The sympy closed
# form of `probability.eternal_breath.symbolic` agrees, and so does the expected damage of a block at point
# difference x = 3 − 2 − 1 = 0:

# %%
from probability.eternal_breath import symbolic as sym
dodge = damage(3, base_defence=2, defence_points=1, response="dodge")
print("P(cancelled) =", dodge[0], "· closed form:", sym.dodge_succeeds())
print("E[damage | block] =", mean(exact), "· closed form at x = 0:", sym.block_expected().subs(sym.x, 0))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert dodge[0] == Fraction(sum(6 - a for a in range(1, 7)), 36) == Fraction(5, 12)
assert sym.dodge_succeeds() == Fraction(5, 12)
assert Fraction(str(sym.block_expected().subs(sym.x, 0))) == mean(exact)

# %% [markdown]
# ### A picture: block or dodge?
#
# Blocking keeps the damage small but certain; dodging gambles: 5/12 of nothing, otherwise the full blow.

# %%
outcomes = sorted(set(exact) | set(dodge))
fig = go.Figure([go.Bar(name="block 格挡", x=outcomes, y=[float(exact.get(k, 0)) for k in outcomes]),
                 go.Bar(name="dodge 闪避", x=outcomes, y=[float(dodge.get(k, 0)) for k in outcomes])])
fig.update_layout(barmode="group", title="Damage of one attack (3 points vs base defence 2, card 1)",
                  xaxis_title="damage (0 = cancelled)", yaxis_title="probability", height=350)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(abs(sum(bar.y) - 1) < 1e-12 for bar in fig.data)          # each answer's bars sum to 1

# %% [markdown]
# The defender chooses **after** seeing the attacker's die (§3.2: 攻击方率先进行1d判定，随后由防御方进行操作). So
# the real question is per die. `best_response_table` compares the expected damage of both answers:

# %%
table_rows = best_response_table(3, base_defence=2, defence_points=1)
for row in table_rows:
    print(f"attacker rolled {row['attack_die']}: block {float(row['block']):.2f} ({row['block']}), "
          f"dodge {float(row['dodge']):.2f} ({row['dodge']}) → {row['better']}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
# hand check, attacker's die 1: a dodge cancels on 2..6 (5/6), else 1 + 3 = 4 damage → E = 4/6
assert table_rows[0]["dodge"] == Fraction(4, 6) and table_rows[0]["better"] == "dodge"
assert [r["better"] for r in table_rows] == ["dodge", "block", "block", "block", "block", "block"]
# die 2: a block gives 1 whatever the defender rolls; a dodge: 4/6 cancel, else 2 + 3 = 5 → 2/6 × 5 = 5/3
assert table_rows[1]["dodge"] == Fraction(2, 6) * 5 and table_rows[1]["block"] == 1

# %% [markdown]
# ## Assumption `EB-A05`: blocking without a card
#
# If the defender neither dodges nor has a defence card, does "block" still add base defence and a die? Our
# default says yes (the card's points are simply 0); the alternative reading `block_without_card = "zero"`
# makes the total defence 0 — and then no defence die is rolled at all. The same loaded attack (die 5, and a
# 2 for the defender where it is rolled) under both readings:

# %%
display(Markdown(assumption_markdown(GID, ["EB-A05"])))
readings = {}
for reading in ("base_and_die", "zero"):
    start = scenarios.combat_ready(attack_points=3, base_defence=2, defence_points=1, variant={"block_without_card": reading})
    end = scenarios.drive_attack(start, attack_die=5, response="block", defence_die=2)
    hit = next(e for e in end.log if e.kind == "damage")
    rolled = [e.number("die") for e in end.log if e.kind == "roll"]
    readings[reading] = (hit.number("damage"), rolled)
    print(reading, "→ damage", hit.number("damage"), "· dice rolled", rolled,
          "· E[damage] over all dice:", mean(damage(3, 2, 0, block_without_card=reading)))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert readings == {"base_and_die": (max(1, 5 + 3 - (2 + 2)), [5, 2]), "zero": (5 + 3, [5])}
# over all dice: with "zero" the damage is just die + 3, so E = 7/2 + 3; by default it is the block of x = 3 − 2 − 0 = 1
assert mean(damage(3, 2, 0, block_without_card="zero")) == Fraction(7, 2) + 3
assert mean(damage(3, 2, 0)) == Fraction(str(sym.block_expected().subs(sym.x, 1)))

# %% [markdown]
# ## Assumption `EB-A14`: does the defender see the attacker's die first?
#
# Our default follows the text: the attacker rolls, then the defender chooses. With `response_timing =
# "before_attack_die"` the defender must choose blind. The engine changes the order of the nodes; the odds of
# a defender who always picks the better answer change too (choosing blind cannot be better):

# %%
display(Markdown(assumption_markdown(GID, ["EB-A14"])))
order = {}
for timing in ("after_attack_die", "before_attack_die"):
    start = scenarios.combat_ready(variant={"response_timing": timing})
    declared = start.apply(scenarios.attack_action(start))
    order[timing] = [task.kind for task in declared.data.tasks[:3]]
best_after = mean(damage(3, 2, 1, response="best"))
best_before = mean(damage(3, 2, 1, response="best", response_timing="before_attack_die"))
print(order, "· E[damage], best answer:", best_after, "(sees the die) vs", best_before, "(blind)")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert order == {"after_attack_die": ["roll_attack", "defend", "roll_defence"],
                 "before_attack_die": ["defend", "roll_attack", "roll_defence"]}
assert best_after < best_before == min(mean(exact), mean(dodge))

# %% [markdown]
# ## Card texts: several cards, attributes, lifesteal
#
# Attack and defence cards (`EB-2.2-attack-card`, `EB-2.3-defence-card`) have points and an attribute (属性);
# some have effects. The sample set:

# %%
cat = content.sample()
fighting = [c for c in cat.cards.values() if c.kind in ("attack", "defence")]
for c in fighting:
    print(f"{c.kind:8} {c.id:18} {c.en:13} {c.zh:4} points {c.points} attribute {c.attribute} effects {[e.do for e in c.effects]}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert {c.kind for c in fighting} == {"attack", "defence"} and all(c.points >= 1 for c in fighting)

# %% [markdown]
# **Several attack cards** (`EB-3.2-multi-attack`): normally one card per attack, but Twin Blade 连斩 may be
# combined with another. With ambiguous effects — Twin Blade adds 1 point, Rage 狂怒 adds 50 % — the order
# giving the **highest** total is used. Hand check: points 1 + 2 = 3; (3 + 1) × 1.5 = 6 beats 3 × 1.5 + 1 = 5.5.

# %%
print(inspect.getsource(attack.attack_points))
pts = attack.attack_points(("atk_twin_blade", "atk_rage"))
two_cards = explorer.State(ready.game, 2, ready.variant, records.seat_set(ready.data, 0, hand=("atk_rage", "atk_twin_blade")))
combo = next(a for a in two_cards.legal_actions() if a.kind == "attack" and len(a["cards"]) == 2)
end = run(two_cards, [(combo.kind, combo.args), ("roll", {"die": 2}), ("block", {"card": ""}), ("roll", {"die": 1})])
hit = next(e for e in end.log if e.kind == "damage")
print(combo.describe("en"), "→", hit.describe("en"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert pts == max((3 + 1) * Fraction(3, 2), 3 * Fraction(3, 2) + 1) == 6
assert hit.number("total_attack") == 2 + 6 and hit.number("damage") == 8 - (2 + 1)

# %% [markdown]
# **Attributes** (`EB-3.2-attribute`) do nothing by themselves; only card text refers to them (`EB-A03`). Water
# Wall 水幕 says "+2 against a 火 (fire) card": blocking a Fireball 火球 with it adds 2 to the defence.

# %%
display(Markdown(assumption_markdown(GID, ["EB-A03"])))
fire = explorer.State(ready.game, 2, ready.variant,
                      records.seat_set(records.seat_set(ready.data, 0, hand=("atk_fireball",)), 1, hand=("def_water_wall",)))
fire_end = run(fire, [("attack", {"by": scenarios.ATTACKER, "cards": ["atk_fireball"], "seat": 1, "target": "scn-normal-2-20"}),
                 ("roll", {"die": 6}), ("block", {"card": "def_water_wall"}), ("roll", {"die": 1})])
bonus = next(e for e in fire_end.log if e.kind == "attribute")
hit = next(e for e in fire_end.log if e.kind == "damage")
print(bonus.describe("en"), bonus.values, "·", hit.describe("en"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert bonus.number("defence_bonus") == 2 and hit.number("total_defence") == 2 + 1 + 2 + 2
assert hit.number("damage") == (6 + 3) - (2 + 1 + 2 + 2)

# %% [markdown]
# **Lifesteal** (吸血, `EB-3.2-lifesteal`): Soul Drain 吸魂 heals the attacker half the damage it deals. Against
# Thorn Mail 荆棘甲 (1 effect damage back to the attacker after a block), both card effects trigger: attack-card
# effects resolve **before** defence-card effects (`EB-3.2-conflict-attack-first`). Our attacker starts at 6 of
# 10 HP. Hand check: damage (6 + 2) − (2 + 1 + 1) = 4; lifesteal ⌊4 × 1/2⌋ = 2 → 8 HP; thorns −1 → 7 HP.

# %%
drain = explorer.State(ready.game, 2, ready.variant,
                       records.set_char(records.seat_set(records.seat_set(ready.data, 0, hand=("atk_soul_drain",)), 1, hand=("def_thorn_mail",)),
                                      0, scenarios.ATTACKER, hp=6))
end = run(drain, [("attack", {"by": scenarios.ATTACKER, "cards": ["atk_soul_drain"], "seat": 1, "target": "scn-normal-2-20"}),
                  ("roll", {"die": 6}), ("block", {"card": "def_thorn_mail"}), ("roll", {"die": 1})])
after = [e for e in end.log if e.kind in ("damage", "heal", "effect damage")]
for e in after:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [(e.kind, e.clause) for e in after] == [("damage", "EB-3.2-damage"), ("heal", "EB-3.2-lifesteal"),
                                              ("effect damage", "EB-3.2-damage-kinds")]
assert after[2].number("order") == "EB-3.2-conflict-attack-first"
assert [e.number("hp") for e in after] == [20 - 4, 6 + 2, 6 + 2 - 1]

# %% [markdown]
# ### Assumption `EB-A27`: how is lifesteal rounded?
#
# Half of an odd damage is not a whole HP point. Our reading rounds **down**, like damage itself. The same Soul
# Drain, blocked without a card this time: damage (6 + 2) − (2 + 1) = 5, lifesteal ⌊5 × 1/2⌋ = 2, so 6 → 8 HP.

# %%
display(Markdown(assumption_markdown(GID, ["EB-A27"])))
odd = explorer.State(ready.game, 2, ready.variant,
                     records.set_char(records.seat_set(records.seat_set(ready.data, 0, hand=("atk_soul_drain",)), 1, hand=()),
                                    0, scenarios.ATTACKER, hp=6))
odd_end = run(odd, [("attack", {"by": scenarios.ATTACKER, "cards": ["atk_soul_drain"], "seat": 1, "target": "scn-normal-2-20"}),
                    ("roll", {"die": 6}), ("block", {"card": ""}), ("roll", {"die": 1})])
hit, back = (next(e for e in odd_end.log if e.kind == k) for k in ("damage", "heal"))
print(hit.describe("en"), "·", back.describe("en"))
ratio = next(e.ratio for e in content.card("atk_soul_drain").effects if e.do == "lifesteal")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hit.number("damage") == 5 and back.number("healed") == math.floor(5 * ratio) == 2 and back.number("hp") == 8
seen = clauses_seen(blocked, end, fire_end, dodged, odd_end) | set(clauses) | {after[2].number("order")}
for name, (a, response, d) in cases.items():
    seen |= clauses_seen(run(ready, attack_line(a, response, d)))
SHOWN_OTHERWISE = {"EB-2.2-attack-card": "the sample attack cards listed above", "EB-2.3-defence-card": "the sample defence cards listed above",
                   "EB-3.2-multi-attack": "Twin Blade + Rage above (attack_points)", "EB-3.2-event": "the cancelled dodge above",
                   "EB-3.2-damage-taken": "the HP card going from 20 to 17 (attack damage cites EB-3.2-damage; effect damage, notebook 4, cites EB-3.2-damage-taken)"}
assert set(TAUGHT) - seen <= set(SHOWN_OTHERWISE)

# %% [markdown]
# ## Summary
#
# * total attack = attacker's die + attack points; block: total defence = base defence + defender's die +
#   defence points; damage = the difference, rounded down, at least 1.
# * A dodge cancels the attack only on a strictly higher die (P = 5/12); a failed dodge counts defence 0.
# * With 3 points against base defence 2 and a 1-point card, a block lets through 1 damage 13/18 of the time;
#   the defender should dodge only after an attacker's 1, and block otherwise.
# * Card texts: a combo takes the best order; attributes act only through text; attack-card effects
#   (lifesteal) resolve before defence-card effects (thorns).
# * Two switches change combat: `block_without_card` (`EB-A05`) and `response_timing` (`EB-A14`).
#
# Next: **04_traps_and_effects.ipynb**.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
p_at_least_3 = at_least(damage(4, base_defence=1, defence_points=2, response="block"), 3)

# %%
ex1 = Exercise("1. Attack points 4 against base defence 1 and a 2-point defence card (block). P(damage ≥ 3)? Give an exact fraction.",
               "1. 攻击点4，对基础防御1并用2点防御卡格挡。P(伤害 ≥ 3)？请给出精确分数。",
               answer=p_at_least_3, kind="fraction", game=GID, clause="EB-3.2-damage",
               hint_en="write the damage as a difference of the two dice, then count the 36 pairs",
               hint_zh="把伤害写成两颗骰子之差，再数36种组合")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert p_at_least_3 == Fraction(10, 36)
row = best_response_table(2, base_defence=3, defence_points=2)[3 - 1]

# %%
ex2 = Exercise("2. Attack points 2, your base defence 3, you hold a 2-point defence card. The attacker rolled 3. Block or dodge?",
               "2. 攻击点2，你的基础防御3，手持2点防御卡。攻击方掷出3。格挡还是闪避？",
               answer=row["better"], kind="choice", choices=("block", "dodge", "either"), game=GID, clause="EB-3.2-dodge",
               hint_en="compare the expected damage of each response against the known attack die",
               hint_zh="比较已知攻击骰下两种应对的期望伤害")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
ex3_answer = dodge[0]

# %%
ex3 = Exercise("3. What is the probability that a dodge cancels an attack? (exact fraction)",
               "3. 闪避使攻击被抵消的概率是多少？（精确分数）", answer=ex3_answer, kind="fraction", game=GID, clause="EB-3.2-dodge")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, str(p_at_least_3)), (ex2, row["better"]), (ex3, str(ex3_answer))):
    assert ex.check(right) and ex.solved
    ex.reset()
