# %% [markdown]
# # 永恒之息 · 7 — Event resolution: which event goes first, read on the graph
#
# **The rule (§3.2 事件冲突):**
#
# > 如果一个影响触发了多个事件，请遵循以下优先级处理事件
# > 1. 导致事件发生的事件 > 发生的事件
# > 2. 攻击卡效果＞防御卡效果
# > 3. 当前回合玩家触发的事件优先，其余按从其开始的玩家顺序结算
# > 4. 主动技能效果 > 被动技能效果
#
# In English: when one influence sets off several events at once, they resolve in this priority: (1) the event
# that causes another before the event it causes; (2) attack-card effects before defence-card effects; (3) the
# current player's events first, then the others in seat order from them; (4) active skill effects before
# passive ones.
#
# The engine records each event with the clause it applied, and **how events name each other**: an edge of
# the event graph says *causes*, *triggers*, *cancels*, *prevents*, *replaces* or **resolves before** — the last
# one is what this notebook is about: two events were due together, and a priority clause put one first. We
# build each situation, draw its graph, and check with `assert` that the graph says what the rule says.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 事件冲突 | event conflict | several events due at once |
# | 优先级 | priority | the order of the four rules above |
# | 结算 | resolve | an event takes its effect |
# | 攻击卡效果 / 防御卡效果 | attack-card / defence-card effect | lifesteal (吸血) is one, thorns (荆棘) the other |
# | 主动技能 / 被动技能 | active / passive skill | |
# | 先于…结算 | resolves before | the graph's green long-dashed edge |

# %%
import dataclasses
import itertools

import networkx as nx
import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, act
from explorer.event_scopes import around, compare_logs, summary_graph, under_reading
from explorer.games.eternal_breath.scenarios import ATTACKER, combat_ready
from explorer.games.eternal_breath.records import Character
from widgets.event_graph.picture import chain_picture
from widgets.event_graph.figure import KindColours, summary_spec
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, what_if

GID = "eternal_breath"
TAUGHT = ["EB-3.2-conflict-cause", "EB-3.2-conflict-attack-first", "EB-3.2-conflict-turn-order",
          "EB-3.2-conflict-active-first", "EB-3.2-lifesteal", "EB-3.2-damage-kinds"]
display(Markdown(clause_markdown(GID, TAUGHT)))
COLOURS = KindColours()  # one colour per kind of event, the same in every picture below


def draw(log, **marks):
    """The event chain of ``log`` as the app's Event chains tab draws it: a box per event, one under another in
    resolution order, indented by depth in the chain of causes; edges coloured by relation (hover one for its
    sentence and clause)."""
    return chain_picture(explorer.event_graph(log), "en", COLOURS, **marks)


def links(log, relation):
    """Every link of that relation in ``log``: (subject, object, clause)."""
    return [(s, o, c) for e in log for r, s, o, c in e.links if r == relation]

# %% [markdown]
# ## 1. Attack-card effects before defence-card effects (`EB-3.2-conflict-attack-first`)
#
# P0's summon attacks with **吸魂 Soul Drain** (2 points; lifesteal ½: the attacker heals half the damage it
# deals, `EB-3.2-lifesteal`). P1 blocks with **荆棘甲 Thorn Mail** (1 point; thorns 1: the attacker takes 1
# effect damage, `EB-3.2-damage-kinds`). Both card effects are due the moment the damage is dealt. The attacker
# has 4 HP left: if the thorns came first it would have 3 before healing; the rule says the heal comes first.

# %%
start = combat_ready()
me, you = start.data.seats[0], start.data.seats[1]
wounded = tuple(dataclasses.replace(c, hp=4) if c.card == ATTACKER else c for c in me.chars)
seats = (dataclasses.replace(me, hand=("atk_soul_drain",), chars=wounded),
         dataclasses.replace(you, hand=("def_thorn_mail",)), *start.data.seats[2:])
duel = what_if(start, dataclasses.replace(start.data, seats=seats))
attack = next(a for a in duel.legal_actions() if a.kind == "attack" and a["by"] == ATTACKER and a["seat"] == 1)
moves = [attack, act(GID, "roll", CHANCE, die=6), act(GID, "block", 1, card="def_thorn_mail"),
         act(GID, "roll", CHANCE, die=1)]
s = duel
for move in moves:
    s = s.apply(move)
for e in s.log:
    print(f"#{e.id:<3} {e.clause:<30} {e.describe('en')}")

# %%
heal = next(e for e in s.log if e.clause == "EB-3.2-lifesteal")
thorns = next(e for e in s.log if e.kind == "effect damage")
damage = next(e for e in s.log if e.kind == "damage")
graph = explorer.event_graph(s.log)
draw(s.log)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert heal.number("healed") == damage.number("damage") // 2       # lifesteal ½, rounded down
assert links(s.log, "resolves_before") == [(heal.id, thorns.id, "EB-3.2-conflict-attack-first")]
assert graph.edges[heal.id, thorns.id]["relation"] == "resolves_before"
assert heal.number("hp") == 4 + heal.number("healed") and thorns.number("hp") == heal.number("hp") - 1

# %% [markdown]
# Hover the green edge: *"… resolves before …"* with its clause. The heal was computed on 4 HP, then the thorns
# took 1. **Why?** — the chain of causes from the root of the thorns' damage (`explorer.why`):

# %%
chain = explorer.why(s.log, thorns.id)
for e in chain:
    print(f"#{e.id} {e.kind:<14} {e.clause}")
draw(s.log, chain=tuple(e.id for e in chain))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert chain[0].kind == "attack" and chain[-1] == thorns

# %% [markdown]
# ## 2. The current player first, then seat order (`EB-3.2-conflict-turn-order`)
#
# **火法师 Pyromancer**'s active skill: *pay 2 coins, deal 1 damage to every player*. Three players, P0 to move.
# All three damages are due at once; the current player's comes first (to its own character it is life loss,
# `EB-3.2-life-loss`), then P1's, then P2's. Each names the one before it with *resolves before*.

# %%
three = combat_ready(players=3)
pyro = (dataclasses.replace(three.data.seats[0], chars=(three.data.seats[0].chars[0], Character("n_pyromancer", 9, True))),
        *three.data.seats[1:])
p = what_if(three, dataclasses.replace(three.data, seats=pyro))
p = p.apply(next(a for a in p.legal_actions() if a.kind == "skill"))
hits = [e for e in p.events if e.kind in ("effect damage", "life loss")]
for e in hits:
    print(f"#{e.id} {e.describe('en')}  links: {e.links}")
seat_order = [(p.data.turn + k) % 3 for k in range(3)]
draw(p.log)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [e.targets[0] for e in hits] == seat_order == [0, 1, 2]
assert links(p.log, "resolves_before") == [(a.id, b.id, "EB-3.2-conflict-turn-order") for a, b in itertools.pairwise(hits)]

# %% [markdown]
# ## 3. The cause before what it causes; active before passive (`EB-3.2-conflict-cause`, `EB-3.2-conflict-active-first`)
#
# The first priority is the graph itself: every edge goes from an earlier event to a later one (the graph is
# **acyclic**, drawn top to bottom in resolution order), so nothing resolves before its cause. When one
# influence triggers several things — passive skills, persistent effects, traps — the engine records the order
# it used in an `order` event with clause `EB-3.2-conflict-cause`; when an active skill's effects set off a
# passive, the active skill's effects come first (`EB-3.2-conflict-active-first`). Here we check the first
# rule on every edge of both graphs above.

# %%
forward = []
for log in (s.log, p.log):
    g = explorer.event_graph(log)
    order = {e.id: i for i, e in enumerate(log)}
    forward.append(nx.is_directed_acyclic_graph(g) and all(order[a] < order[b] for a, b in g.edges))
print("every edge goes forward in resolution order · 每条边都沿结算顺序向前:", all(forward))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert forward == [True, True]

# %% [markdown]
# ## 4. The same attack under two readings (`EB-A05`)
#
# The seed does not say how a block *without* a defence card is counted. Our default reads it as base defence
# + die; the switch `block_without_card` = `"zero"` reads it as no defence at all. The view's **Compare**
# replays the same moves under both readings (`under_reading`) and rings the events one has and the other not
# (`compare_logs`). Here: a plain attack (3 points) blocked without a card. Under `"zero"` the defender rolls
# no defence die, so the replay stops one move early: the view says after how many moves the readings part.
# Under the default the block's total defence is taken off the damage: the block **prevents** that part of it
# (`EB-3.2-block`, the orange dashed edge from the block to the damage); under `"zero"` it prevents nothing.

# %%
display(Markdown(assumption_markdown(GID, ["EB-A05"])))
plain = combat_ready()
line = [next(a for a in plain.legal_actions() if a.kind == "attack" and a["by"] == ATTACKER),
        act(GID, "roll", CHANCE, die=4), act(GID, "block", 1, card=""), act(GID, "roll", CHANCE, die=2)]
runs = {v: under_reading(plain, line, "block_without_card", v) for v in ("base_and_die", "zero")}
played = {v: k for v, (_, k) in runs.items()}
print(played)   # under "zero" no defence die is rolled: the last move (that die) is not legal, the readings part
logs = {v: st.log for v, (st, _) in runs.items()}
only_default, only_zero = compare_logs(logs["base_and_die"], logs["zero"])
hit = {v: next(e for e in log if e.kind == "damage") for v, log in logs.items()}
print({v: (e.number("total_defence"), e.number("damage")) for v, e in hit.items()})
block = {v: next(e for e in log if e.kind == "block") for v, log in logs.items()}
display(draw(logs["base_and_die"], changed=only_default))
draw(logs["zero"], changed=only_zero)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert played == {"base_and_die": len(line), "zero": len(line) - 1}
assert hit["zero"].number("damage") > hit["base_and_die"].number("damage")
assert hit["base_and_die"].id in only_default and hit["zero"].id in only_zero
assert links(logs["base_and_die"], "prevents") == [(block["base_and_die"].id, hit["base_and_die"].id, "EB-3.2-block")]
assert links(logs["zero"], "prevents") == []

# %% [markdown]
# ## 5. Scopes: around one event, and a whole game by round
#
# A whole game has a thousand events or more: drawn all at once it is a strip nobody reads. Two scopes help:
# **around** an event keeps what led to it and what it led to (`around`, networkx's ancestors and descendants),
# and **the game by turn** draws one point per round (`summary_graph`; 永恒之息 marks each round with a `round`
# event), with its events counted by kind and the links between rounds.

# %%
full = explorer.event_graph(s.log)
small = around(full, thorns.id)
print(f"around the thorns: {len(small)} of {len(full)} events")
game = explorer.get_game(GID)
variant = game.bounded_variant(3)
end = explorer.play_out(explorer.new_game(GID, 3, variant), {q: game.bots()["random"]() for q in range(3)}, seed=5,
                        max_steps=game.max_steps(3, game.resolve_variant(variant)))
rounds = summary_graph(end.log)
print(f"{len(end.log)} events in {len(rounds)} rounds (and the setup before the first)")
go.Figure(summary_spec(rounds, "en")).update_layout(template="none")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert {e.id for e in chain} <= set(small) and all(nx.has_path(full, n, thorns.id) or nx.has_path(full, thorns.id, n)
                                                   for n in small)
assert sum(d["events"] for _, d in rounds.nodes(data=True)) == len(end.log)

# %% [markdown]
# ## Summary
#
# - Where two events were due together, the later one names the earlier with **resolves before** and the clause
#   of 事件冲突 that decided it: attack-card effects first (`EB-3.2-conflict-attack-first`), the current player
#   then seat order (`EB-3.2-conflict-turn-order`), causes before what they cause (`EB-3.2-conflict-cause`),
#   active before passive (`EB-3.2-conflict-active-first`).
# - `explorer.why` reads the chain of causes of any event; the app's Event chains tab rings it.
# - Two readings of an assumption can be compared on the same moves; a long game is read by round.

# %% [markdown]
# ## Exercises

# %%
ex1 = Exercise("1. In section 1, how many HP did the attacker's Soul Drain heal before the thorns hit?",
               "1. 第1节中，在荆棘造成伤害之前，吸魂为攻击者回复了多少生命值？", answer=lambda: heal.number("healed"), game=GID, clause="EB-3.2-lifesteal")
ex1

# %%
ex2 = Exercise("2. In section 2, which player's damage resolved last (a seat number)?",
               "2. 第2节中，哪位玩家的伤害最后结算（座位号）？", answer=lambda: hits[-1].targets[0], game=GID, clause="EB-3.2-conflict-turn-order")
ex2

# %%
ex3 = Exercise("3. In section 4, how much more damage did the block without a card let through under 'zero'?",
               "3. 第4节中，在 'zero' 解读下，无卡格挡多放过了多少伤害？",
               answer=lambda: hit["zero"].number("damage") - hit["base_and_die"].number("damage"),
               game=GID, clause="EB-A05")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, heal.number("healed")), (ex2, hits[-1].targets[0]),
                  (ex3, hit["zero"].number("damage") - hit["base_and_die"].number("damage"))):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
