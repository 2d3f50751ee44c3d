# %% [markdown]
# # 城堡之心 · 8 — Event resolution: counters of counters, blocks, read on the graph
#
# **The rules (魔法卡, 战斗回合, seed 003):**
#
# > 魔法抵消：抵消任何魔法卡的作用，但定身一指如果已经对指定目标生效，该目标不得自行使用。
# >
# > 出牌阶段――……对手可以打出剑来抵挡攻击……
#
# In English: **counter-magic** (魔法抵消) cancels a magic card; and since it is itself a magic card, it can be
# countered in turn. So a card and its counters resolve like a stack: **the last counter played resolves first**
# and cancels the one below it; then the next, and so on, until the card itself is left cancelled or working.
# An attack can be **blocked** (抵挡) by spending a 剑, which cancels it.
#
# On the event graph: each counter **cancels** the card or the counter before it; the last one **resolves
# before** the outcome it decides (the card cancelled, or its effect). A weapon that works on a hit is
# **triggered** by it, and 愈 that brings a dying hero back **replaces** its dying. We build each case, draw the
# graph and check it with `assert`.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 魔法卡 / 魔法抵消 | magic card / counter-magic | |
# | 抵消 | cancel | |
# | 抵挡 | block | one 剑 spent cancels an attack |
# | 魔 | mana | the magic cost switch makes each magic card spend one |
# | 先于…结算 | resolves before | the graph's green long-dashed edge |
# | 触发 · 取代 | triggers · replaces | a weapon fired by the hit · a revive instead of the death |

# %%
import networkx as nx
import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer.event_scopes import compare_logs, summary_graph, under_reading
from explorer.games.castle_heart.records import HERO
from explorer.games.castle_heart.scenarios import hero_dying
from widgets.event_graph.picture import chain_picture
from widgets.event_graph.figure import KindColours, summary_spec
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, run, step
from widgets.games.castle_heart.lessons import prepare

GID = "castle_heart"
TAUGHT = ["CH-magic-counter", "CH-magic-fireball", "CH-turn-block"]
display(Markdown(clause_markdown(GID, TAUGHT)))
display(Markdown(assumption_markdown(GID, ["CH-A21", "CH-A12"])))
COLOURS = KindColours()
IDENTITIES = ["lord", "enemy", "enemy", "enemy"]
HEROES = ["ryan", "archmage", "saint", "arcanist"]
SOLDIERS = [["knight"], ["knight"], ["lynx"], []]


def table(hands, variant=None):
    """The battle's first turn, the lord's play phase, with chosen opening hands of two (and the leftover 魔)."""
    return run(prepare(IDENTITIES, HEROES, hands, SOLDIERS, variant), [("draw", {"card": "sword"})] * 2)


def answers(state, *counters):
    """Counter-magic asked in turn: the seats in ``counters`` answer with 魔法抵消, everyone else lets it pass;
    a fireball that works is then shared by the target's group (its target's choice, `CH-A10`)."""
    todo = list(counters)
    while state.data.phase == "counter":
        if todo and state.current_player == todo[0]:
            state = step(state, "counter", card="counter")
            todo.pop(0)
        else:
            state = step(state, "let_pass")
    if state.data.spell is not None:
        state = step(state, "fireball_split", soldier=None)
    return state


def draw(log, **marks):
    """The event chain of ``log`` as the app's Event chains tab draws it: a box per event, one under another in
    resolution order, indented by depth in the chain of causes; edges coloured by relation (hover one for its
    sentence and clause)."""
    return chain_picture(explorer.event_graph(log), "en", COLOURS, **marks)


def since(before, after):
    """The events ``after`` added to ``before``'s log."""
    return list(after.log[len(before.log):])

# %% [markdown]
# ## 1. One counter: it resolves first, and the fireball is cancelled

# %%
start = table([["fireball", "sword"], ["counter", "sword"], ["counter", "sword"], ["sword", "heal"]])
cast = step(start, "magic", card="fireball", target=1, what=None)
one = answers(cast, 1)
log = since(start, one)
for e in log:
    print(f"#{e.id:<4} {e.clause:<24} {e.describe('en')}  {e.links or ''}")
magic = next(e for e in log if e.kind == "magic")
counter = next(e for e in log if e.kind == "counter")
cancelled = next(e for e in log if e.kind == "magic cancelled")
draw(log)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert counter.links == (("cancels", counter.id, magic.id, "CH-magic-counter"),)
assert cancelled.links == (("resolves_before", counter.id, cancelled.id, "CH-magic-counter"),)
assert not any(e.clause == "CH-magic-fireball" for e in log)

# %% [markdown]
# ## 2. A counter of the counter: the last resolves first, and the fireball works
#
# The second counter cancels the first; the first no longer cancels the fireball, so its 3 damage goes through.
# The fireball's damage names the last counter with *resolves before*; **why?** reads the chain back to the cast.

# %%
two = answers(cast, 1, 2)
log2 = since(start, two)
first, second = [e for e in log2 if e.kind == "counter"]
burn = next(e for e in log2 if e.clause == "CH-magic-fireball")
chain = explorer.why(two.log, burn.id)
print([f"#{e.id} {e.kind}" for e in chain])
draw(log2, chain=tuple(e.id for e in chain))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert second.links == (("cancels", second.id, first.id, "CH-magic-counter"),)
assert ("resolves_before", second.id, burn.id, "CH-magic-counter") in burn.links
assert chain[0].kind == "magic" and chain[-1] == burn

# %% [markdown]
# Counting counters: with *k* counters the card works when *k* is even. We check it both ways — by the engine
# for 0, 1 and 2 counters, and by the parity rule.

# %%
works = {}
for k, state in ((0, answers(cast)), (1, one), (2, two)):
    works[k] = any(e.clause == "CH-magic-fireball" for e in since(start, state))
    print(k, "counter(s): the fireball", "works" if works[k] else "is cancelled")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert works == {0: True, 1: False, 2: True}

# %% [markdown]
# ## 3. A block cancels an attack (`CH-turn-block`)

# %%
armed = table([["sword", "heal"], ["sword", "heal"], ["heal", "heal"], ["heal", "heal"]])
swing = step(armed, "attack", target=1, member=HERO, pay="sword")
blocked = step(swing, "block")
log3 = since(armed, blocked)
attack = next(e for e in log3 if e.kind == "attack")
stop = next(e for e in log3 if e.clause == "CH-turn-block")
draw(log3)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert stop.cancelled and stop.links == (("cancels", stop.id, attack.id, "CH-turn-block"),)

# %% [markdown]
# A hit is not blocked: 淬毒匕首 (the poison dagger) 「成功命中目标」 — the hit's damage **triggers** the poison
# (`CH-equip-poison-dagger`). And a hero brought to 0 HP is dying until the end of the turn: 愈 that brings it
# back to 1 HP **replaces** the dying, since no death follows (`CH-death-revive`), even steps later.

# %%
armed = table([["poison_dagger", "sword"], ["heal", "heal"], ["heal", "heal"], ["heal", "heal"]])
bit = step(step(step(armed, "equip", card="poison_dagger"), "attack", target=1, member=HERO, pay="sword"), "take_hit")
hit = next(e for e in since(armed, bit) if e.kind == "damage")
poisoned = next(e for e in since(armed, bit) if e.kind == "poisoned")
saved = hero_dying()
while saved.data.phase == "rescue":   # each hero in turn: 愈 if it holds one (CH-A18)
    holds = "heal" in saved.data.seats[saved.current_player].hand
    saved = step(saved, "rescue", target=saved.data.dying[0] if holds else None)
dying = [e for e in saved.log if e.kind == "dying"][-1]
revive = next(e for e in saved.log if e.kind == "revive")
print(f"#{dying.id} {dying.describe('en')}  …  #{revive.id} {revive.describe('en')}  {revive.links}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert poisoned.links == (("triggers", hit.id, poisoned.id, "CH-equip-poison-dagger"),)
assert revive.links == (("replaces", revive.id, dying.id, "CH-death-revive"),)

# %% [markdown]
# ## 4. The same moves under two readings of the magic cost (`CH-A12`)
#
# The seed does not say whether a magic card costs anything. Our default: nothing (`magic_cost = 0`); the
# other reading: each magic card also spends one 魔 (`magic_cost = 1`). The counter-of-a-counter moves of
# section 2, replayed under both (`under_reading`), and what differs (`compare_logs`). P2 holds no 魔 (its
# opening hand was 魔法抵消 and a 剑): under the other reading its counter is not legal, the readings part
# there, and the fireball is cancelled instead of working.

# %%
moves = tuple(two.history[len(start.history):])
runs = {v: under_reading(start, moves, "magic_cost", v) for v in (0, 1)}
played = {v: k for v, (_, k) in runs.items()}
print("moves played under each reading:", played, "of", len(moves))
logs = {v: since(start, st) for v, (st, _) in runs.items()}
only_free, only_paid = compare_logs(logs[0], logs[1])
print("only with magic_cost = 0:", sorted({e.kind for e in logs[0] if e.id in only_free}))
display(draw(logs[0], changed=only_free))
draw(logs[1], changed=only_paid)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert "mana" not in start.data.seats[2].hand and played[0] == len(moves) > played[1]
assert next(m for m in moves[played[1]:] if m.kind != "let_pass").player == 2   # P2's counter is where they part
assert second.id in only_free and burn.id in only_free

# %% [markdown]
# ## 5. A whole game, turn by turn

# %%
game = explorer.get_game(GID)
variant = game.bounded_variant(4)
end = explorer.play_out(explorer.new_game(GID, 4, variant), {q: game.bots()["random"]() for q in range(4)}, seed=4,
                        max_steps=game.max_steps(4, game.resolve_variant(variant)))
turns = summary_graph(end.log)
print(f"{len(end.log)} events in {len(turns)} turns")
go.Figure(summary_spec(turns, "en")).update_layout(template="none")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sum(d["events"] for _, d in turns.nodes(data=True)) == len(end.log) and nx.is_directed_acyclic_graph(turns)

# %% [markdown]
# ## Summary
#
# - Each 魔法抵消 **cancels** the card or counter before it; the last one **resolves before** the outcome
#   (`CH-magic-counter`, `CH-A21`): an even number of counters lets the card work.
# - A block **cancels** the attack (`CH-turn-block`); a hit **triggers** the poison dagger's poison; 愈 that
#   brings a dying hero back **replaces** its dying (`CH-death-revive`).
# - Two readings of the magic cost (`CH-A12`) compared on the same moves; a whole game read turn by turn.

# %% [markdown]
# ## Exercises

# %%
ex1 = Exercise("1. In section 2, how much damage did the fireball deal?",
               "1. 第2节中，火球造成了多少伤害？", answer=lambda: burn.number("damage"), game=GID,
               clause="CH-magic-fireball")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
mirror_held = table([["mirror", "sword"], ["counter", "sword"], ["counter", "sword"], ["sword", "heal"]])
mirror_said = answers(step(mirror_held, "magic", card="mirror", target=None, what=None), 1, 2)
mirror_works = "yes" if any(e.clause == "CH-magic-mirror" for e in since(mirror_held, mirror_said)) else "no"
assert sum(e.kind == "counter" for e in since(mirror_held, mirror_said)) == 2

# %%
ex2 = Exercise("2. The lord casts mirror images; P1 counters it, and P2 counters P1's counter. Do the mirror "
               "images work? (yes/no)",
               "2. 城主施放镜影；P1 对其打出魔法抵消，P2 又抵消了 P1 的魔法抵消。镜影生效吗？（yes/no）",
               answer=mirror_works, kind="choice",
               choices=("yes", "no"), game=GID, clause="CH-magic-counter")
ex2

# %% jupyter={"source_hidden": true} tags=["remove-input"]
ex3 = Exercise("3. In section 4, how many of the moves are legal under magic_cost = 1?",
               "3. 第4节中，在 magic_cost = 1 下有几步合法？", answer=lambda: played[1], game=GID, clause="CH-A12")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, burn.number("damage")), (ex2, mirror_works), (ex3, played[1])):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
