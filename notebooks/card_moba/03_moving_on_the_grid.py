# %% [markdown]
# # 卡驱MOBA · 3 — Moving on the grid: move, charge, blink, knockback, pull, projectiles, blocking
#
# **The rules (规则——术语详解 4–10, 13, 14; 事件诠释 1; 地图详解):**
#
# > 5. 移动：……属于有轨迹位移。具体表现为将英雄的位置换到毗邻的一个空格子中，移动需要消耗步数。移动不能穿过障碍物。
# > 6. 障碍物：常见的障碍物有地形墙体、地图边界、英雄以及各种实体对象。
# > 7. 对象：……非实对象……无体积，无法碰撞与被碰撞，可自由穿越与被穿越；而后者（实体对象）则被允许碰撞和阻挡移动、
# >    飞行道具，英雄就是最常见的一种实体对象。
# > 8. 冲锋：……以英雄为中心延伸出的一条直线路径，将英雄的位置以逐格移动的方式换到路径其中一个格子中。通常情况下，冲锋仅
# >    通过技能执行，不消耗步数，并且可以穿过障碍物。注意：整个冲锋过程执行完毕后才会检测堵塞事件。
# > 9. 闪现：……属于无轨迹位移。具体表现为直接将英雄的位置换到另一个空格子中。
# > 10. 飞行道具：是一种有轨迹的实体对象……
# > 13. 击退：……被击退英雄向击退来源的反方向强制移动。“后撤”与该行为相似，但为主动行为。
# > 14. 拖拽：……被拖拽英雄向拖拽来源的方向强制移动。
# >
# > 堵塞事件[BLK]：……总会发生在两个实体对象出现在同一个格子中时。即时修正：将堵塞者向进行堵塞位移前的位置挤出一格。
# >
# > 地形墙体始终无法被位移。
#
# In English: a **move** takes a hero to an adjacent empty cell for one step and never passes an obstacle (walls,
# the map's edge, heroes, solid objects). A **charge** runs cell by cell along a straight line from the hero, costs
# no steps and passes through obstacles — blocking is checked only when it is over. A **blink** jumps straight to
# an empty cell. A **projectile** is a solid object in flight. **Knockback** forces a hero away from the source,
# **pull** toward it. When two solid objects share a cell (**BLK**), the one that came last is pushed back one
# cell toward where it came from. Walls never move.
#
# Each idea is shown on its own hand-built position on the Arena (heroes placed where the lesson needs them, in
# P0's action phase), with the skill already unlocked where one is needed (how skills are unlocked: notebook 6).

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 位移：有轨迹 / 无轨迹 | displacement: with / without trajectory | |
# | 移动 / 冲锋 / 闪现 | move / charge / blink | |
# | 击退 / 拖拽 / 后撤 | knockback / pull / retreat | forced, forced, active |
# | 毗邻 / 空格子 | adjacent / empty cell | |
# | 障碍物 / 地图边界 / 墙体 | obstacle / map edge / wall | |
# | 对象：实体对象 / 非实对象 | object: solid / non-solid | |
# | 飞行道具 | projectile | |
# | 堵塞事件 [BLK] | the blocking event | |
# | 特殊格子 | special cell | |

# %%
from collections import deque

import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer.games.card_moba.content import sample
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, clauses_seen, step
from widgets.games.card_moba.lessons import events_since, map_figure, position, refusal, with_hero

GID = "card_moba"
ARENA = sample().maps["arena"]


def show(before, after):
    """Print what one step did: each event with its clause."""
    for line in events_since(before, after):
        print(line)

# %%
TAUGHT = ["MB-term-4-steps", "MB-term-5-move", "MB-term-6-obstacle", "MB-term-7-object", "MB-term-8-charge",
          "MB-event-BLK", "MB-term-9-blink", "MB-term-10-projectile", "MB-term-13-knockback", "MB-term-14-pull",
          "MB-map-walls-fixed", "MB-map-cells"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# ## Moving (移动) and obstacles (障碍物)
#
# What is 毗邻 (adjacent)? The document does not say; we read it as the 4 orthogonal neighbours, and measure
# every range in steps of that kind (Manhattan distance) — `MB-A05`, switch `adjacency`.
#
# Gale stands in the north-west corner (0, 0) with 3 steps; Bulwark at (0, 1) just south of it; the wall (1, 1)
# is diagonal. Each refusal names its rule and changes nothing:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A05"])))
p = position(("gale", "bulwark"), ((1, 0), (0, 1)), steps=3)
moves = sorted(a["to"] for a in p.legal_actions() if a.kind == "move")
print("Gale at (1, 0) may move to:", moves)
why = {"onto Bulwark": refusal(with_hero(p, 0, pos=(0, 0)), "move", to=(0, 1)),
       "into the wall (1, 1)": refusal(p, "move", to=(1, 1)),
       "off the map": refusal(p, "move", to=(1, -1)),
       "two cells at once": refusal(p, "move", to=(3, 0)),
       "with no step left": refusal(with_hero(p, 0, steps=0), "move", to=(2, 0))}
for what, err in why.items():
    print(f"{what:22} → {err}")
moved = step(p, "move", to=(2, 0))
show(p, moved)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert moves == [(0, 0), (2, 0)]
assert [e.clause for e in why.values()] == ["MB-term-6-obstacle"] * 3 + ["MB-term-5-move", "MB-term-4-steps"]
assert moved.data.heroes[0].steps == 3 - 1

# %% [markdown]
# ### A picture: where can a hero walk with its steps?
#
# From Gale's spawn (0, 3), the fewest steps to every cell, found two ways: by walking the engine's legal moves
# (breadth first, the hero really moved each time) and by a plain breadth-first search over the map rows. The
# colour is the number of steps; walls are blank.

# %%
def steps_by_engine(state, limit):
    """Fewest moves to each cell, walking the engine's own legal moves."""
    seen = {state.data.heroes[0].pos: 0}
    frontier = deque([state])
    while frontier:
        t = frontier.popleft()
        here = seen[t.data.heroes[0].pos]
        if here == limit:
            continue
        for a in t.legal_actions():
            if a.kind == "move" and a["to"] not in seen:
                seen[a["to"]] = here + 1
                frontier.append(with_hero(step(t, "move", to=a["to"]), 0, steps=9))
    return seen


def steps_by_hand(start, limit, walls, width, height, blocked=()):
    dist, queue = {start: 0}, deque([start])
    while queue:
        x, y = queue.popleft()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (0 <= nxt[0] < width and 0 <= nxt[1] < height and nxt not in walls and nxt not in blocked
                    and nxt not in dist and dist[(x, y)] < limit):
                dist[nxt] = dist[(x, y)] + 1
                queue.append(nxt)
    return dist


walker = position(("gale", "bulwark"), ((0, 3), (6, 3)), steps=9)
by_engine = steps_by_engine(walker, 9)
by_hand = steps_by_hand((0, 3), 9, ARENA.walls, ARENA.width, ARENA.height, blocked={(6, 3)})
z = [[by_engine.get((x, y)) for x in range(ARENA.width)] for y in range(ARENA.height)]
labels = [["wall 墙" if (x, y) in ARENA.walls else "P1" if (x, y) == (6, 3) else "P0" if (x, y) == (0, 3)
           else str(by_engine[(x, y)]) for x in range(ARENA.width)] for y in range(ARENA.height)]
fig = go.Figure(go.Heatmap(z=z, text=labels, texttemplate="%{text}", colorscale="Blues", showscale=False,
                           hoverinfo="text"))
fig.update_yaxes(autorange="reversed", scaleanchor="x", dtick=1)
fig.update_xaxes(range=[-0.5, ARENA.width - 0.5], dtick=1, constrain="domain")
fig.update_layout(title="Fewest steps from Gale's spawn (0, 3)<br>(Bulwark on (6, 3) blocks its cell)",
                  height=440, width=460)
print("with 5 steps (Gale's speed in the story) Gale reaches", sum(1 for v in by_engine.values() if 0 < v <= 5), "cells")
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert by_engine == by_hand

# %% [markdown]
# With the other reading of 毗邻, `adjacency = 8` (the 8 surrounding cells, Chebyshev distance), the same 3
# steps reach more cells, and diagonal moves slip past the wall's corner:

# %%
reach = {}
for adjacency in (4, 8):
    t = position(("gale", "bulwark"), ((0, 3), (6, 3)), steps=3, variant={"adjacency": adjacency})
    first = sorted(a["to"] for a in t.legal_actions() if a.kind == "move")
    reach[adjacency] = len(steps_by_engine(with_hero(t, 0, steps=9), 3)) - 1
    print(f"adjacency {adjacency}: first moves {first}; cells within 3 moves: {reach[adjacency]}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert reach[4] == sum(1 for v in by_hand.values() if 0 < v <= 3)
assert reach[8] > reach[4]

# %% [markdown]
# ## Objects (对象): heroes are the solid ones
#
# `MB-term-7-object`: solid objects collide and block moves and projectiles; non-solid ones can be passed
# through. Heroes are solid objects. Which other objects exist? No card, hero or map of the seed creates one, so
# on our maps the solid objects are the heroes and a projectile in flight; no non-solid object appears, and
# special cells are terrain (`MB-A25`).

# %%
display(Markdown(assumption_markdown(GID, ["MB-A25"])))

# %% [markdown]
# ## Charge (冲锋) and the blocking event (BLK)
#
# Gale's Hurricane 飓风 has a second form, 【M M】: charge up to 3 cells in a straight line. It costs no steps and
# passes through obstacles; only when the whole charge is done is blocking checked (`MB-term-8-charge`). Three
# charges south from (0, 0), with Bulwark at (0, 2):
#
# * 3 cells: through Bulwark to (0, 3) — nothing blocks at the end;
# * 2 cells: the charge ends *on* Bulwark: two solid objects share (0, 2), so the charger is pushed back one cell
#   toward where it came from, to (0, 1) (`MB-event-BLK`);
# * east 1 cell from (0, 1): into the wall (1, 1) — a charge ending on a wall is pushed back like a blocked one
#   (`MB-A21`).

# %%
display(Markdown(assumption_markdown(GID, ["MB-A21"])))
charger = with_hero(position(("gale", "bulwark"), ((0, 0), (0, 2))), 0, uses=(("hurricane#1", 1),))
through = step(charger, "skill", skill="hurricane#1", direction="S", distance=3)
blocked = step(charger, "skill", skill="hurricane#1", direction="S", distance=2)
walled = step(with_hero(charger, 0, pos=(0, 1)), "skill", skill="hurricane#1", direction="E", distance=1)
for name, t, base in (("through", through, charger), ("blocked", blocked, charger), ("into a wall", walled, charger)):
    print(name)
    show(base, t)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert through.data.heroes[0].pos == (0, 3) and through.data.heroes[0].steps == charger.data.heroes[0].steps
assert blocked.data.heroes[0].pos == (0, 1) and blocked.data.heroes[1].pos == (0, 2)
assert walled.data.heroes[0].pos == (0, 1) and [e.clause for e in walled.events][-1] == "MB-event-BLK"

# %%
map_figure(blocked, paths=[[(0, 0), (0, 1), (0, 2)], [], [(0, 2), (0, 1)]], marks={(0, 2): "BLK"},
           title="Charge south 2 (red) ends on Bulwark;<br>BLK pushes Gale back to (0, 1) (green)")

# %% [markdown]
# A charge, like every card or skill with a target, is only played with a legal target (`MB-A26`): a direction
# whose whole path stays on the map. From the corner (0, 0) no charge goes north or west:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A26"])))
directions = sorted({a["direction"] for a in charger.legal_actions() if a.kind == "skill"})
print("charges offered from (0, 0):", directions)
off_map = refusal(charger, "skill", skill="hurricane#1", direction="N", distance=1)
print(off_map)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert directions == ["E", "S"]
assert off_map is not None

# %% [markdown]
# ## Blink (闪现)
#
# No trajectory: the hero is simply somewhere else, so walls and heroes in between do not matter; the cell itself
# must be empty (`MB-term-9-blink`). Phantom's Flicker 闪烁 【M】 blinks up to 3 cells: from (0, 0) it goes to
# (2, 1) although the wall (1, 1) stands in the way; it cannot land on Bulwark.

# %%
blinker = with_hero(position(("phantom", "bulwark"), ((0, 0), (2, 2))), 0, uses=(("flicker#0", 1),))
jumped = step(blinker, "skill", skill="flicker#0", cell=(2, 1))
show(blinker, jumped)
onto_hero = refusal(blinker, "skill", skill="flicker#0", cell=(2, 2))
print(onto_hero)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert jumped.data.heroes[0].pos == (2, 1) and onto_hero is not None

# %% [markdown]
# ## Knockback (击退), pull (拖拽) and retreat (后撤)
#
# Forced displacements have a trajectory: they go cell by cell and stop before an obstacle. The document gives
# the direction only as "away from" / "toward" the source; off a straight line we go along the axis of the larger
# distance (x on a tie), and a pull stops next to its source (`MB-A21`).
#
# * Gale's Hurricane 【O O O】 hits Bulwark and knocks it back 2 cells: from (3, 3) to (5, 3)
#   (`MB-term-13-knockback`).
# * The same hit with Bulwark at (2, 1), Gale at (3, 1): the wall (1, 1) is right behind. Walls are never
#   displaced (`MB-map-walls-fixed`), so Bulwark does not move. (The hit itself — 2 + attack power damage, and
#   Bulwark's passive Recoil hitting back — is notebook 4.)
# * Warden's Chain 锁链 【M O】 pulls an enemy 2 cells toward it (`MB-term-14-pull`), then roots it.
# * Venom's Fang 毒牙 【O S】 makes Venom *retreat* one cell — the active cousin of knockback.

# %%
hurricane = with_hero(position(("gale", "bulwark"), ((2, 3), (3, 3))), 0, uses=(("hurricane#0", 1),))
knocked = step(hurricane, "skill", skill="hurricane#0", target=1)
show(hurricane, knocked)
against_wall = with_hero(hurricane, 0, pos=(3, 1))
against_wall = with_hero(against_wall, 1, pos=(2, 1))
stopped = step(against_wall, "skill", skill="hurricane#0", target=1)
show(against_wall, stopped)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert knocked.data.heroes[1].pos == (5, 3) and stopped.data.heroes[1].pos == (2, 1)
assert any(e.clause == "MB-map-walls-fixed" for e in stopped.events)

# %%
chain = with_hero(position(("warden", "gale"), ((0, 3), (3, 3))), 0, uses=(("chain#0", 1),))
pulled = step(chain, "skill", skill="chain#0", target=1)
show(chain, pulled)
fang = with_hero(position(("venom", "gale"), ((3, 3), (4, 3))), 0, uses=(("fang#0", 1),))
retreated = step(fang, "skill", skill="fang#0", target=1)
show(fang, retreated)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert pulled.data.heroes[1].pos == (1, 3) and retreated.data.heroes[0].pos == (2, 3)

# %%
map_figure(pulled, paths=[[(3, 3), (2, 3), (1, 3)]], marks={(3, 3): "○"},
           title="Warden's Chain pulls Gale 2 cells<br>(and roots it)")

# %% [markdown]
# ## Projectiles (飞行道具)
#
# A projectile is a solid object with a trajectory (`MB-term-10-projectile`): Sage's Arcane missile 奥术飞弹
# 【S O】 flies up to 4 cells in a direction and hits the *first* solid object on its way (`MB-term-7-object`) —
# here Gale, standing in front of Bulwark. A wall stops it: shot east from (0, 1), it meets the wall (1, 1) at once.

# %%
missile = with_hero(position(("sage", "gale", "bulwark"), ((0, 3), (2, 3), (4, 3))), 0, uses=(("missile#0", 1),))
shot = step(missile, "skill", skill="missile#0", direction="E")
show(missile, shot)
walled_shot = step(with_hero(missile, 0, pos=(0, 1)), "skill", skill="missile#0", direction="E")
show(missile, walled_shot)
hp = [h.hp for h in shot.data.heroes]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hp[1] == missile.data.heroes[1].hp - 4 and hp[2] == missile.data.heroes[2].hp
assert [h.hp for h in walled_shot.data.heroes] == [h.hp for h in missile.data.heroes]

# %% [markdown]
# ## Special cells (特殊格子)
#
# `MB-map-cells`: a map has walls, special cells and normal cells. What a special cell does is not in the seed
# (its pictures are missing): the sample maps' cells are the Spring 泉水 (heal 3), the Rune 符文 (+1 stamina),
# the Gust 风口 (+2 steps) and the Bastion 盾阵 (+2 shield), and a hero gets the effect each time a displacement
# ends on the cell (`MB-A11`) — a move, a charge, a blink, even a knockback. Gale walks onto the Gust at (2, 2):

# %%
display(Markdown(assumption_markdown(GID, ["MB-A11"])))
gust = position(("gale", "bulwark"), ((2, 1), (6, 6)), steps=1)
on_gust = step(gust, "move", to=(2, 2))
show(gust, on_gust)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert on_gust.data.heroes[0].steps == 1 - 1 + 2

# %% [markdown]
# A Ruler table may turn the special cells off (`MB-ruler-special-cells`, notebook 7): the same walk, both ways.

# %%
gust_steps = {}
for on in (True, False):
    t = position(("gale", "bulwark"), ((2, 1), (6, 6)), steps=1, mode="ruler", variant={"ruler_special_cells": on})
    walked = step(t, "move", to=(2, 2))
    gust_steps[on] = walked.data.heroes[0].steps
    print("special cells", "on " if on else "off", "→ steps after the move:", gust_steps[on], "·",
          [e.describe("en") for e in walked.events][1:])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert gust_steps == {True: 2, False: 0}
seen = clauses_seen(moved, through, blocked, walled, jumped, knocked, stopped, pulled, retreated, shot, on_gust)
seen |= {e.clause for e in why.values()}
assert set(TAUGHT) <= seen

# %% [markdown]
# ## Summary
#
# * Move: one step, one adjacent empty cell (4 neighbours by default, `MB-A05`); walls, the edge and heroes block.
# * Charge: a straight line through anything, no steps; BLK afterwards pushes the charger back one cell.
# * Blink: to any empty cell within range, whatever lies between.
# * Knockback / pull: forced, cell by cell, stopped by obstacles; walls never move.
# * Projectiles: solid objects in flight that hit the first hero on their line and stop at walls.
# * Special cells act whenever a displacement ends on them (`MB-A11`).
#
# Next: **04_damage_and_shields.ipynb** — what the attacks and skills above did to HP and shields.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
five_steps = sum(1 for v in steps_by_hand((6, 3), 5, ARENA.walls, ARENA.width, ARENA.height, blocked={(0, 3)}).values()
                 if 0 < v <= 5)
engine_five = len(steps_by_engine(position(("bulwark", "gale"), ((6, 3), (0, 3)), steps=9), 5)) - 1
assert engine_five == five_steps

# %%
ex1 = Exercise("1. Bulwark stands on its spawn (6, 3), Gale on (0, 3). How many cells can Bulwark reach with at "
               "most 5 moves (not counting its own cell)?",
               "1. 巨岩在出生点(6, 3)，疾风在(0, 3)。巨岩最多移动5步能到达多少个格子（不算自己所在的格子）？",
               answer=engine_five, game=GID, clause="MB-term-5-move")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
charge_end = step(with_hero(position(("gale", "bulwark"), ((0, 3), (2, 3))), 0, uses=(("hurricane#1", 1),)),
                  "skill", skill="hurricane#1", direction="E", distance=2).data.heroes[0].pos

# %%
ex2 = Exercise("2. Gale at (0, 3), Bulwark at (2, 3). Gale charges 2 cells east. On which x does Gale end? "
               "(type the number)",
               "2. 疾风在(0, 3)，巨岩在(2, 3)。疾风向东冲锋2格。疾风最终停在哪个x坐标？（输入数字）",
               answer=charge_end[0], game=GID, clause="MB-term-8-charge")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
pull_end = step(with_hero(position(("warden", "gale"), ((0, 0), (0, 2))), 0, uses=(("chain#0", 1),)),
                "skill", skill="chain#0", target=1).data.heroes[1].pos

# %%
ex3 = Exercise("3. Warden at (0, 0) uses Chain (pull 2) on Gale at (0, 2). On which y does Gale end?",
               "3. 守望在(0, 0)对(0, 2)的疾风使用锁链（拖拽2格）。疾风最终停在哪个y坐标？", answer=pull_end[1], game=GID,
               clause="MB-term-14-pull")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, engine_five), (ex2, charge_end[0]), (ex3, pull_end[1])):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
