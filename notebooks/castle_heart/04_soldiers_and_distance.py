# %% [markdown]
# # 城堡之心 · 4 — Soldiers and distance
#
# **The rules (seed 003):**
#
# > 指挥阶段――英雄指挥所部署的士兵卡进行攻击，英雄只能为士兵指定同一组目标，而不能同时攻击一组以上的目标，如作为目标的英雄阵亡，剩余未发动攻击的士兵视为攻击完毕。
# >
# > 英雄可以直接攻击英雄，也可以攻击士兵；士兵只可以攻击士兵，当某一英雄部署的士兵全部阵亡时，士兵才可以攻击英雄。
# >
# > 骑士 …… 特性：冲锋――攻击距离3，对目标造成【距离+1】点伤害。
# >
# > 大山猫 …… 特性：潜行――大山猫无法被作为远程攻击和冲锋的目标
# >
# > 地狱梦魇：攻击时，距离－1 ／ 重装战马：攻击时，距离－1 ／ 银色飞马：被攻击时，距离+1 ／ 狮鹫之王：被攻击时，距离+1
# >
# > 备注：四种坐骑类装备卡，作用效果为同组英雄及士兵共享。
# >
# > 如果该英雄死亡时，部署的士兵没有死亡，同阵营的其他英雄可以选择将其收入麾下，不过依然要注意领导值的限制。
#
# In English: in the **command phase** a hero sends its soldiers against **one group** only; if the target hero
# falls, the soldiers that have not attacked yet are done. Heroes may attack heroes or soldiers; **soldiers attack
# soldiers**, and a hero only once all its soldiers have fallen. A **knight charges**: range 3, damage
# 【distance + 1】. A **great lynx** has **stealth**: it cannot be the target of a ranged attack or of a charge.
# Four **mounts** change distance (−1 when attacking, +1 when attacked), for the hero *and* its soldiers. The
# surviving soldiers of a dead hero may **join** another hero of the same side, within its leadership.
#
# The document starts with a stray heading, 「向同一目标进行攻击」 ("attack the same target"), before its card
# lists; we read it as a fragment of the command-phase rule (`CH-fragment-one-target`, assumption `CH-A01`).

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | what it is |
# |---|---|---|
# | 指挥阶段 | command phase | the third phase of a battle turn |
# | 组 / 同组 | group / same group | a hero and the soldiers it commands (`CH-A08`) |
# | 距离 / 攻击距离 | distance / attack distance | seats apart, then mounts (`CH-A03`) |
# | 近战 / 远程 | melee / ranged | distance 1 / distance 2 or more (`CH-A13`) |
# | 冲锋 | charge | the knight's attack: range 3, 【distance + 1】 damage |
# | 潜行 | stealth | the lynx's trait: no ranged attack, no charge at it |
# | 阵亡 | fall (die) | a soldier at 0 HP leaves play |
# | 坐骑 | mount | 地狱梦魇 nightmare, 重装战马 warhorse (attack); 银色飞马 pegasus, 狮鹫之王 griffin (defence) |
# | 收入麾下 | take under one's command | orphaned soldiers join another hero |

# %%
from fractions import Fraction

import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, IllegalAction, act
from explorer.games.castle_heart.records import HERO, put, with_
from explorer.games.castle_heart.reach import soldier_strike
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, run, step, what_if
from widgets.games.castle_heart.lessons import TUTORIAL_TABLE, distances, event_lines, pass_turn, prepare, table_figure

GID = "castle_heart"
RULES = {c.id: c for c in explorer.rules(GID)}
N = len(TUTORIAL_TABLE["identities"])

# %%
TAUGHT = ["CH-turn-command", "CH-fragment-one-target", "CH-turn-command-target-falls", "CH-attack-soldiers-first",
          "CH-soldier-falls", "CH-soldier-knight-charge", "CH-soldier-lynx-stealth", "CH-equip-mounts-shared",
          "CH-equip-nightmare", "CH-equip-warhorse", "CH-equip-pegasus", "CH-equip-griffin", "CH-death-soldiers-join"]
display(Markdown(clause_markdown(GID, TAUGHT)))
display(Markdown(assumption_markdown(GID, ["CH-A01", "CH-A08"])))


def refused(state, kind, player, **params):
    """The clause the engine names when it refuses an action."""
    try:
        state.apply(act(GID, kind, player, **params))
    except IllegalAction as err:
        return err.clause
    raise AssertionError(f"{kind} {params} was allowed")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert set(TAUGHT) <= set(RULES)

# %% [markdown]
# ## Distance round the table (`CH-A03`)
#
# The document gives ranges (the charge: 3) and mounts (±1) but never says how distance is measured. Our
# reading: **seats round the table, counting living heroes only, the shorter way round** (neighbours are at 1); a
# group's soldiers stand at their hero's seat; mounts then add or subtract, never below 1. The picture: the
# series' table, distances from P0 written as *seats apart / attack distance*.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A03"])))
table = prepare(**TUTORIAL_TABLE)
fig = table_figure(table, distances_from=0, title="Distances from the lord")
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for a in range(N):
    for b, (apart, attack) in distances(table, a).items():
        assert apart == attack == min(abs(a - b), N - abs(a - b))     # the closed form, no mounts yet

# %% [markdown]
# Only the living count: when a hero dies, the circle closes up. A what-if with P1 dead: P0 and P2 become
# neighbours. And the switch `distance = "adjacent_all"` makes every group a neighbour of every other.

# %%
p1_dead = what_if(table, put(table.data, 1, alive=False))
print("P1 dead:", distances(p1_dead, 0))
spread = {}
for mode in ("seats", "adjacent_all"):
    t = prepare(**TUTORIAL_TABLE, variant={"distance": mode})
    spread[mode] = set(distances(t, 0).values())
    print(f'"distance": "{mode}" →', distances(t, 0))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert spread == {"seats": {(1, 1), (2, 2), (3, 3)}, "adjacent_all": {(1, 1)}}
assert 1 not in distances(p1_dead, 0) and distances(p1_dead, 0)[2] == (1, 1) and distances(p1_dead, 0)[3] == (2, 2)

# %% [markdown]
# ## Melee and ranged (`CH-A13`)
#
# The document uses 近战 (melee) and 远程 (ranged) without defining them. Ours: an attack at distance 1 is melee,
# at 2 or more ranged. That is what stealth and the armour and shield (notebook 6) depend on.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A13"])))

# %% [markdown]
# ## The command phase: one group (`CH-turn-command`, `CH-fragment-one-target`, `CH-A30`)
#
# P0 — two knights — passes its play phase. In the command phase it may send its soldiers against one group
# within their reach, or keep them back. Which groups? A knight charges up to distance 3, so P1, P3, P4 and P5.
# **Not P2**: P2's only soldier is a lynx, and P2's hero may not be attacked while it has a soldier; the lynx
# cannot be charged (stealth), and a knight's plain attack reaches only distance 1 — P2 is at 2.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A30"])))
s = run(table, [("draw", {"card": "sword"}), ("draw", {"card": "heal"}), ("end_play", {})])
groups = [a.get("target") for a in s.legal_actions() if a.get("target") is not None]
print("P0 may command against:", groups)
print(refused(s, "command", 0, target=2))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert groups == [1, 3, 4, 5]
assert refused(s, "command", 0, target=2) == "CH-turn-command"

# %% [markdown]
# ## Soldiers attack soldiers first; the lynx's stealth (`CH-attack-soldiers-first`, `CH-soldier-lynx-stealth`)
#
# P0 sends both knights against P5's group: P5's hero (黑骑士) and its lynx (3 HP: the Black Knight's sample skill).
# The hero may not be attacked — it still has a soldier — and the lynx may not be **charged**: so each knight makes
# a plain melee attack on the lynx, for 1. The soldiers attack in the order they were deployed (`CH-A30`).

# %%
before = s
commanded = step(s, "command", target=5)
print("knight 1 may attack:", [a.get("member") for a in commanded.legal_actions()])
print(refused(commanded, "soldier_attack", 0, member=HERO))
s5 = run(commanded, [("soldier_attack", {"member": 0}), ("soldier_attack", {"member": 0})])
print("\n".join(event_lines(before, s5)))
charges = [e for e in s5.log[len(before.log):] if e.kind == "attack"]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [a.get("member") for a in commanded.legal_actions()] == [0]
assert refused(commanded, "soldier_attack", 0, member=HERO) == "CH-attack-soldiers-first"
assert [(e.number("charge"), e.number("damage")) for e in charges] == [(False, 1), (False, 1)]
assert s5.data.seats[5].soldiers[0].hp == 3 - 2

# %% [markdown]
# The engine's reason for refusing a charge at the lynx, straight from its rule function `soldier_strike`, for a
# knight at every distance (what-if: the same two groups moved apart):

# %%
rows = []
for dist in (1, 2, 3, 4):
    ok, res = soldier_strike(s.data, 0, 0, 5, 0, dist)
    rows.append((dist, ok, res))
    print(dist, "→", res)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert rows[0][1:] == (True, (False, 1))                       # melee: a plain attack for 1
assert all(not ok and res[0] == "CH-soldier-lynx-stealth" for _, ok, res in rows[1:])

# %% [markdown]
# Stealth also stops heroes' ranged attacks. P3's hero (精灵游侠, sample skill: range +1) reaches distance 2. From
# P3, P5 is at 2: P3 may attack P5's *hero* there (heroes may attack heroes directly), but not P5's lynx.

# %%
s3 = pass_turn(pass_turn(pass_turn(s)))
s3 = run(s3, [("draw", {"card": "sword"}), ("draw", {"card": "sword"})])
targets = sorted({(a.get("target"), a.get("member")) for a in s3.legal_actions() if a.kind == "attack"})
print("P3 may attack (seat, member):", targets)
print(refused(s3, "attack", 3, target=5, member=0, pay="sword"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s3.data.active == 3
assert (5, HERO) in targets and (5, 0) not in targets
assert refused(s3, "attack", 3, target=5, member=0, pay="sword") == "CH-soldier-lynx-stealth"

# %% [markdown]
# ## The knight's charge (`CH-soldier-knight-charge`, `CH-A07`)
#
# A knight's attack at a non-lynx target is a charge: range 3, damage 【distance + 1】. Other soldiers' attacks —
# and a knight's at a lynx — reach 1 and deal 1 (our reading `CH-A07`; the document gives the lynx no attack).
# The damage a knight of P0's deals to each group's hero or soldier, from the engine's own rule function, against
# the closed form:

# %%
display(Markdown(assumption_markdown(GID, ["CH-A07"])))
strikes = {}
for t in range(1, N):
    d = distances(table, 0)[t][1]
    members = [HERO, *range(len(table.data.seats[t].soldiers))]
    out = strikes[t] = {m: soldier_strike(table.data, 0, 0, t, m)[1] for m in members}
    print(f"P{t} at {d}:", out)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for t, out in strikes.items():
    d = distances(table, 0)[t][1]
    for m, res in out.items():
        lynx = m != HERO and table.data.seats[t].soldiers[m].kind == "lynx"
        if m == HERO and table.data.seats[t].soldiers:
            assert res[0] == "CH-attack-soldiers-first"
        elif not lynx and d <= 3:
            assert res == (True, d + 1)
        elif lynx and d == 1:
            assert res == (False, 1)

# %% [markdown]
# P0 charges P3's group: P3 has no soldiers, so its hero is the target — 4 damage at distance 3. A charge is a
# soldier's normal attack, so P3 may block it with a 剑 (`CH-A24`). It does not: at 3 HP it falls to −1 and is
# **dying** (`CH-death-dying`, notebook 5). The target hero has fallen, so P0's second knight is done (`CH-turn-command-target-falls`).

# %%
before = s
s3c = step(s, "command", target=3)
s3c = step(s3c, "soldier_attack", member=HERO)
charging = s3c
s3c = step(s3c, "take_hit")
print("\n".join(event_lines(before, s3c)))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert charging.current_player == 3 and {a.kind for a in charging.legal_actions()} == {"block", "take_hit"}
assert "CH-turn-command-target-falls" in {e.clause for e in s3c.log[len(before.log):]}
assert s3c.data.seats[3].hp == 3 - 4
assert sum(e.kind == "attack" for e in s3c.log[len(before.log):]) == 1

# %% [markdown]
# The charge as P3 saw it when asked to block — P0's group at distance 3, the arrow from P0 to P3:

# %%
fig_charge = table_figure(charging, viewer=3, distances_from=0, title="A knight of P0 charges P3")
fig_charge

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert charging.view(3)["attack"]["damage"] == 3 + 1

# %% [markdown]
# ## Mounts (`CH-equip-mounts-shared` and the four mount cards)
#
# 地狱梦魇 (`CH-equip-nightmare`) and 重装战马 (`CH-equip-warhorse`): distance −1 when attacking. 银色飞马
# (`CH-equip-pegasus`) and 狮鹫之王 (`CH-equip-griffin`): +1 when attacked. Shared by the hero and the soldiers of
# its group (`CH-equip-mounts-shared`). Since the charge deals 【distance + 1】, a mount changes its **damage**
# too: a warhorse brings P0's knights closer, and they hit *softer*. A what-if: P0 rides the warhorse, P3 the
# griffin, both, or neither:

# %%
def mounted(p0=(), p3=()):
    return what_if(table, put(put(table.data, 0, equipment=tuple(p0)), 3, equipment=tuple(p3)))


cases = {"none": mounted(), "P0 warhorse": mounted(p0=["warhorse"]), "P3 griffin": mounted(p3=["griffin"]),
         "both": mounted(p0=["warhorse"], p3=["griffin"])}
damage = {}
for name, st in cases.items():
    d = distances(st, 0)[3][1]
    ok, res = soldier_strike(st.data, 0, 0, 3, HERO)
    damage[name] = res[1] if ok else 0
    print(f"{name:12} attack distance P0→P3 = {d} · knight: {res}")
fig = go.Figure(go.Bar(x=list(damage), y=list(damage.values()), text=list(damage.values()), textposition="outside"))
fig.update_layout(title="A knight's charge at P3's hero: mounts change distance, so damage (0 = out of reach)",
                  yaxis_title="damage", height=320)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert damage == {"none": 4, "P0 warhorse": 3, "P3 griffin": 0, "both": 4}

# %% [markdown]
# With the griffin, P3 is at 4 — beyond the charge. The warhorse is shared by P0's knights: in the what-if, P0's
# soldiers reach P3 again at 3 and the attack event names the mount (here the soldiers use it, so the event cites
# the shared rule):

# %%
both = cases["both"]
both = run(both, [("draw", {"card": "sword"}), ("draw", {"card": "heal"}), ("end_play", {}),
                  ("command", {"target": 3}), ("soldier_attack", {"member": HERO})])
mount_events = [e for e in both.log if e.kind == "mount"]
print([(e.describe("en"), e.clause) for e in mount_events])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert {e.clause for e in mount_events} == {"CH-equip-mounts-shared"} and len(mount_events) == 2

# %% [markdown]
# ## Swift as the wind does not carry the soldiers (`CH-A42`)
#
# 疾风迅行: "this turn, attacks ignore distance" (`CH-magic-swift`). Our reading: the hero's own attacks only, not its soldiers'. P0
# plays it: its 剑 now reaches P2, P3 and P4 — but in the command phase the same four groups as before.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A42"])))
sw = run(table, [("draw", {"card": "swift"}), ("draw", {"card": "sword"}),
                 ("magic", {"card": "swift", "target": None, "what": None})])
while sw.data.phase == "counter":
    sw = step(sw, "let_pass")
hero_reach = sorted({a.get("target") for a in sw.legal_actions() if a.kind == "attack"})
sw = step(sw, "end_play")
soldier_reach = [a.get("target") for a in sw.legal_actions() if a.get("target") is not None]
print("hero may attack:", hero_reach, "· soldiers may be sent against:", soldier_reach)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hero_reach == [1, 2, 3, 4, 5] and soldier_reach == groups

# %% [markdown]
# ## Orphaned soldiers join (`CH-death-soldiers-join`, `CH-A36`)
#
# When a hero dies with soldiers still standing, another hero **of the same side** may take them, within its
# leadership. Who is "the same side"? Ours: lord, reinforcements and neutrals declared reinforcement on one side;
# enemies and neutrals declared enemy on the other. Every living hero with free leadership is **asked**, in turn
# from the dead hero's seat — the others can only decline — so the question does not reveal anyone's side.
#
# A what-if: P5 (an enemy, with its 3-HP lynx) is down to 1 HP. P0 attacks it; P5 does not block, is dying, and
# no one gives it a 愈 at the end of P0's turn (`CH-death-heal-dying`, `CH-death-end-of-turn`; notebook 5): P5
# dies. P0 draws its reward for eliminating an enemy (3 cards, `CH-reward-kill-enemy`, notebook 5).
# Then the lynx looks for a commander: P0 is asked first and can only decline; P1 — an enemy — takes it.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A36"])))
weak = what_if(table, put(table.data, 5, hp=1))
w = run(weak, [("draw", {"card": "sword"}), ("draw", {"card": "sword"}),
               ("attack", {"target": 5, "member": HERO, "pay": "sword"}), ("take_hit", {}), ("end_play", {}),
               ("command", {"target": None})])
while w.data.phase == "rescue":
    w = step(w, "rescue", target=None)
w = run(w, [("draw", {"card": "sword"})] * 3)            # the reward for eliminating an enemy
offers = {}
while w.data.phase == "join":
    who, acts = w.current_player, w.legal_actions()
    offers[who] = [a.get("soldier") for a in acts]
    take = [a for a in acts if a.get("soldier") is not None]
    w = w.apply(take[0] if take else acts[0])
print("asked, and offered:", offers)
print("\n".join(line for line in event_lines(weak, w) if "CH-death-soldiers-join" in line))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert offers == {0: [None], 1: [0, None]}              # so the join phase had begun, after the reward
assert not w.data.seats[5].alive
assert [(x.kind, x.hp) for x in w.data.seats[1].soldiers] == [("knight", 3), ("lynx", 3)]
assert len(w.data.seats[1].soldiers) == w.data.seats[1].leadership          # now full

# %% [markdown]
# And leadership binds here: P1 is now full (2 of 2). Had P1 been full before, it would not have been asked, and
# the next enemy round the table (P3) would have been.

# %%
full = what_if(weak, put(weak.data, 1, soldiers=weak.data.seats[1].soldiers * 2))
f = run(full, [("draw", {"card": "sword"}), ("draw", {"card": "sword"}),
               ("attack", {"target": 5, "member": HERO, "pay": "sword"}), ("take_hit", {}), ("end_play", {}),
               ("command", {"target": None})])
while f.data.phase == "rescue":
    f = step(f, "rescue", target=None)
f = run(f, [("draw", {"card": "sword"})] * 3)
asked = []
while f.data.phase == "join":
    asked.append(f.current_player)
    acts = f.legal_actions()
    take = [a for a in acts if a.get("soldier") is not None]
    f = f.apply(take[0] if take else acts[0])
print("asked:", asked, "· P3's soldiers now:", [x.kind for x in f.data.seats[3].soldiers])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert 1 not in asked and asked[-1] == 3 and [x.kind for x in f.data.seats[3].soldiers] == ["lynx"]

# %% [markdown]
# ## Summary
#
# - Distance: seats round the table among the living, the shorter way (`CH-A03`, switch `distance`); melee at 1,
#   ranged from 2 (`CH-A13`).
# - Command: all soldiers against one group (`CH-turn-command`, `CH-fragment-one-target`, `CH-A01`), in deployment
#   order (`CH-A30`); the rest are done when the target hero falls (`CH-turn-command-target-falls`).
# - Soldiers attack soldiers first (`CH-attack-soldiers-first`); a soldier at 0 falls (`CH-soldier-falls`).
# - Knight: charge, range 3, 【distance + 1】 (`CH-soldier-knight-charge`, `CH-A07`). Lynx: no ranged attack, no
#   charge at it (`CH-soldier-lynx-stealth`).
# - Mounts move distance for the whole group (`CH-equip-mounts-shared`, `CH-A08`; `CH-equip-nightmare`,
#   `CH-equip-warhorse`, `CH-equip-pegasus`, `CH-equip-griffin`) — and so change a charge's damage. 疾风迅行 helps
#   the hero only (`CH-A42`).
# - Orphaned soldiers join a hero of the same side within leadership; everyone with room is asked (`CH-death-soldiers-join`,
#   `CH-A36`).
#
# Next: **05_dying_death_and_the_end.ipynb**.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
with_horse = mounted(p0=["nightmare"])
ok, res = soldier_strike(with_horse.data, 0, 0, 4, 0)
charge_at_p4 = res[1] if ok else 0

# %%
ex1 = Exercise("1. P0 rides the nightmare (地狱梦魇). How much damage does one of its knights deal charging P4's knight?",
               "1. P0 骑着地狱梦魇。它的一名骑士冲锋 P4 的骑士，造成多少点伤害？", answer=charge_at_p4,
               game=GID, clause="CH-soldier-knight-charge",
               hint_en="the distance comes first, and the mount changes it (CH-A03)", hint_zh="先算距离，坐骑会改变距离（CH-A03）")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
p2_turn = pass_turn(pass_turn(table))
p2_turn = run(p2_turn, [("draw", {"card": "sword"}), ("draw", {"card": "heal"}), ("end_play", {})])
lynx_groups = len([a for a in p2_turn.legal_actions() if a.get("target") is not None])

# %%
ex2 = Exercise("2. In P2's first command phase, against how many different groups can it send its great lynx?",
               "2. P2 的第一个指挥阶段，它可以派大山猫攻击多少个不同的组？", answer=lynx_groups, game=GID, clause="CH-soldier-lynx")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert p2_turn.data.active == 2 and p2_turn.data.phase == "command"
p4_dead = what_if(table, put(table.data, 4, alive=False))
d35 = distances(p4_dead, 3)[5][0]

# %%
ex3 = Exercise("3. If P4 had died, how many seats apart would P3 and P5 be?",
               "3. 如果 P4 已阵亡，P3 与 P5 相距几个座位？", answer=d35, game=GID, clause="CH-A03")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, charge_at_p4), (ex2, lynx_groups), (ex3, d35)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
