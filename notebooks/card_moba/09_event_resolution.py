# %% [markdown]
# # 卡驱MOBA · 9 — Event resolution: what goes first, what stops what, read on the graph
#
# **The rules (规则——事件诠释, 回合详解, 英雄详解, seed 001):**
#
# > 1. 堵塞事件[BLK]：……即时修正：将堵塞者向进行堵塞位移前的位置挤出一格。
# > 3. 状态栈[STS]：……该英雄无视自第一个状态后试图叠加的相同状态。
# > 4. 伤害诠释[DS]：英雄受到的伤害值并非是计算了护盾值后的伤害值。
# >
# > 开始阶段：进行某些处理，当前回合玩家获得1点体力值和等同于英雄速度的步数，并获得一次攻击机会。
# >
# > ……在执行完毕这三张卡牌的效果后，其就会立即获得一次"飓风"技能的使用机会。
#
# In English: the MOBA's **event interpretations** (事件诠释) say how a clash resolves: a blocked move is pushed
# back one cell (BLK *replaces* where the move ended); a repeated status is ignored (STS *prevents* it); the
# damage a hero takes is counted before shields (DS: the shield *prevents* part of its effect, not its amount).
# And two orders: the start phase does "some processing" (poison, bleed) **before** the gains; a skill's use is
# granted **after** the cards' effects are done. A 【被动】 passive or a special cell fires on an event: that
# event **triggers** it. On the event graph each of these is an edge with its relation and its clause; the two
# orders are **resolves before** edges. We build each one, draw it and `assert` it.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 事件诠释 | event interpretation | the seed's rules for clashes |
# | 堵塞事件 [BLK] | blocking event | a solid object on an occupied cell |
# | 状态栈 [STS] | status stack | a repeat of a held status is ignored |
# | 伤害诠释 [DS] | damage interpretation | damage counted before shields |
# | 护盾值 | shield | absorbs non-true damage |
# | 进行某些处理 | some processing | poison and bleed at the start phase |
# | 触发 · 取代 · 阻止 · 先于…结算 | triggers · replaces · prevents · resolves before | the graph's relations |

# %%
import networkx as nx
import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import Emitter, act
from explorer.event_scopes import compare_logs, summary_graph, under_reading
from explorer.games.card_moba.records import Hero, Status
from explorer.games.card_moba.scenarios import charge_into_hero, one_card_short_of_a_skill, poisoned_with_shield
from explorer.games.card_moba.statuses import apply_status
from widgets.event_graph.picture import chain_picture
from widgets.event_graph.figure import KindColours, summary_spec
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown

GID = "card_moba"
TAUGHT = ["MB-event-BLK", "MB-event-STS", "MB-event-DS", "MB-turn-start", "MB-hero-skill-sequence",
          "MB-term-2-shield"]
display(Markdown(clause_markdown(GID, TAUGHT)))
COLOURS = KindColours()


def do(state, kind, **params):
    """The current player's (or chance's) action ``kind``."""
    return state.apply(act(GID, kind, state.current_player, **params))


def draw(log, **marks):
    """The event chain of ``log`` as the app's Event chains tab draws it: a box per event, one under another in
    resolution order, indented by depth in the chain of causes; edges coloured by relation (hover one for its
    sentence and clause)."""
    return chain_picture(explorer.event_graph(log), "en", COLOURS, **marks)


def show(events):
    for e in events:
        print(f"#{e.id:<4} {e.clause:<24} {e.describe('en')}  {e.links or ''}")

# %% [markdown]
# ## 1. The skill comes after the cards' effects (`MB-hero-skill-sequence`)
#
# 疾风 Gale has played 移动·一 (M) and plays another: Hurricane's 【M M】 is complete. The card's effect (steps)
# and Gale's passive resolve first; the skill use is granted once they are done.

# %%
s = do(one_card_short_of_a_skill(), "play", card="M1")
show(s.events)
play = next(e for e in s.events if e.kind == "play")
unlocked = next(e for e in s.events if e.kind == "skill unlocked")
before = [e for e in s.events if play.id < e.id < unlocked.id]
draw(s.log[-len(s.events) - 6:])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert before and unlocked.links == (("resolves_before", before[-1].id, unlocked.id, "MB-hero-skill-sequence"),)

# %% [markdown]
# Gale's passive 顺风 Tailwind (【被动】: +1 step on an M card) fired on the card played: the play **triggers**
# it (`MB-hero-passive`). Earlier in the same game Bulwark walked onto the spring (泉水, a special cell): the
# move **triggers** the spring's heal (`MB-map-cells`, `MB-A11`).

# %%
passive = next(e for e in s.events if e.kind == "passive")
spring = next(e for e in s.log if e.kind == "special cell")
walk = next(e for e in s.log if e.id == spring.links[0][1])
show([walk, spring])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert passive.links == (("triggers", play.id, passive.id, "MB-hero-passive"),)
assert walk.kind == "move" and spring.links == (("triggers", walk.id, spring.id, "MB-map-cells"),)

# %% [markdown]
# ## 2. A charge onto a hero is pushed back (`MB-event-BLK`)
#
# Gale charges 2 cells east onto 巨岩 Bulwark's cell: the move is **replaced** by one that ends a cell back.

# %%
into = do(charge_into_hero(), "skill", skill="hurricane#1", direction="E", distance=2)
show(into.events)
blocked = next(e for e in into.events if e.clause == "MB-event-BLK")
(relation, subject, replaced, clause), = blocked.links
draw(into.events)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (relation, subject, clause) == ("replaces", blocked.id, "MB-event-BLK") and replaced == blocked.cause
assert explorer.event_graph(into.log).edges[replaced, blocked.id]["relation"] == "replaces"

# %% [markdown]
# ## 3. The start phase: the shield goes, poison, then the gains (`MB-turn-start`, `MB-term-2-shield`, `MB-event-DS`)
#
# 毒蛛 Venom has poisoned Bulwark (2 layers), who holds a 2-point shield from its own turn. Venom ends its turn.
# By our default reading of how long a shield lasts (`MB-A28`) the shield is gone when its holder's turn begins
# — **before** the start phase's processing — so the poison hits HP; and the processing resolves **before**
# the stamina gain.

# %%
display(Markdown(assumption_markdown(GID, ["MB-A28"])))
start = poisoned_with_shield()
after = do(start, "end")
show(after.events[:8])
gone = next(e for e in after.events if e.kind == "shield expires")
hit = next(e for e in after.events if e.kind == "damage")
stamina = next(e for e in after.events if e.kind == "stamina" and e.clause == "MB-turn-start")
draw(after.events)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert ("resolves_before", gone.id, hit.id, "MB-term-2-shield") in hit.links
assert ("resolves_before", hit.id, stamina.id, "MB-turn-start") in stamina.links
assert gone.id < hit.id < stamina.id

# %% [markdown]
# The other reading, `shield_lasts = "game"`: the shield stays and **prevents** the poison it absorbs. The
# damage taken is still the amount before the shield (`MB-event-DS`): 2, of which 2 absorbed. Compared on the
# same move (the view's **Compare**), the graphs differ exactly there (the boxes ringed in red).

# %%
runs = {v: under_reading(start, [act(GID, "end", start.current_player)], "shield_lasts", v)
        for v in ("next_turn", "game")}
logs = {v: st.log[len(start.log):] for v, (st, _) in runs.items()}
only_default, only_game = compare_logs(logs["next_turn"], logs["game"])
absorbs = next(e for e in logs["game"] if e.kind == "shield absorbs")
poison = next(e for e in logs["game"] if e.kind == "damage")
display(draw(logs["next_turn"], changed=only_default))
draw(logs["game"], changed=only_game)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert absorbs.links == (("prevents", absorbs.id, poison.id, "MB-term-2-shield"),)
assert poison.number("damage") == hit.number("damage") == 2 and poison.number("absorbed") == 2   # DS
assert absorbs.id in only_game and gone.id in only_default

# %% [markdown]
# ## 4. The status stack prevents a repeat (`MB-event-STS`)
#
# A hero holding poison is poisoned again: with the stack on (classic mode) the second is ignored, and the
# graph says what prevented what. (The Ruler mode can turn the stack off: notebook 7.)

# %%
emit = Emitter(GID, 1)
cause = emit.emit("skill", "MB-hero-skill-sequence", actor=0)
held = Hero(seat=1, hp=30, statuses=(Status("poison", 2, 2, False, 0),))
same = apply_status(held, "poison", 2, 2, 0, True, emit, cause)
ignored = emit.events[-1]
show(emit.events)
stacked = apply_status(held, "poison", 2, 2, 0, False, Emitter(GID, 1), cause)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert same == held and ignored.links == (("prevents", ignored.id, cause, "MB-event-STS"),)
assert stacked.statuses[0].layers == 4    # the stack off: the layers add up instead

# %% [markdown]
# ## 5. A whole game, turn by turn
#
# A game between bots has hundreds of events; the **game by turn** scope draws one point per turn (each
# MOBA turn starts with a `turn` event) with its events by kind and the links between turns.

# %%
game = explorer.get_game(GID)
variant = game.bounded_variant(2)
end = explorer.play_out(explorer.new_game(GID, 2, variant), {q: game.bots()["greedy"]() for q in range(2)},
                        seed=2, max_steps=game.max_steps(2, game.resolve_variant(variant)))
turns = summary_graph(end.log)
orders = sum(d["relations"]["resolves_before"] for _, d in turns.nodes(data=True))
print(f"{len(end.log)} events in {len(turns)} turns; {orders} 'resolves before' links inside turns")
go.Figure(summary_spec(turns, "en")).update_layout(template="none")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sum(d["events"] for _, d in turns.nodes(data=True)) == len(end.log) and nx.is_directed_acyclic_graph(turns)

# %% [markdown]
# ## Summary
#
# - BLK **replaces** where a blocked move ended; STS **prevents** a repeated status; a shield **prevents** the
#   part it absorbs while the damage taken stays the amount before it (DS).
# - The event a passive or a special cell fires on **triggers** it (`MB-hero-passive`, `MB-map-cells`).
# - **Resolves before**: the start phase's processing before its gains (`MB-turn-start`), a shield that goes at
#   the turn's start before the poison (`MB-term-2-shield`, `MB-A28`), the cards' effects before the skill use
#   they grant (`MB-hero-skill-sequence`).
# - The same moves under two readings can be compared; a whole game is read turn by turn.

# %% [markdown]
# ## Exercises

# %%
ex1 = Exercise("1. In section 3 (default reading), how much HP did the poison take?",
               "1. 第3节（默认解读）中，中毒扣了多少生命值？", answer=lambda: hit.number("hp_loss"), game=GID,
               clause="MB-status-13-poison")
ex1

# %%
ex2 = Exercise("2. Under shield_lasts = game, how many events of the end-turn step differ from the default?",
               "2. 在 shield_lasts = game 下，结束回合这一步有多少个事件与默认解读不同？", answer=lambda: len(only_game), game=GID,
               clause="MB-A28")
ex2

# %%
ex3 = Exercise("3. With the status stack off, how many poison layers does the hero hold after the repeat?",
               "3. 状态栈关闭时，重复施加后该英雄有几层中毒？", answer=lambda: stacked.statuses[0].layers,
               game=GID, clause="MB-ruler-status-stack")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, hit.number("hp_loss")), (ex2, len(only_game)), (ex3, stacked.statuses[0].layers)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
