# %% [markdown]
# # 城堡之心 · 2 — Preparation (备战阶段): heroes, leadership, mana and soldiers
#
# **The rules (seed 003, 游戏规则 and 士兵卡):**
#
# > 除莱恩子爵外，每位英雄都具有2点领导值，担任城主时，该英雄拥有4点领导值。每点领导值可以部署1张士兵卡。
# >
# > 士兵卡的部署是在游戏开始前的备战阶段，此时每位英雄都获得6点法力值（担任城主的英雄获得10点法力值），可以选择用于部署士兵卡，所有剩余未使用的法力值，在进入战斗阶段的时候，都会一次性转换为魔，转换比率为1：1。
# >
# > 骑士　生命：3　价值：5 …… 大山猫　生命：2　价值：6
# >
# > 战斗按照回合进行，从城主开始，按照顺时针顺序开启每位英雄的战斗回合
#
# In English: every hero except Viscount Ryan (莱恩子爵) has **2 leadership**, **4 as the lord**; each point lets
# it deploy one soldier card. Soldiers are deployed before the game, in the **preparation phase**: each hero gets
# **6 mana** (the lord **10**) to spend on soldiers at their **value**; whatever mana is left becomes **魔**
# cards, one for one, when the battle begins. A knight has 3 HP and costs 5; a great lynx has 2 HP and costs 6.
# The battle then runs in turns, from the lord, clockwise.
#
# This notebook builds the series' table (notebook 1 met its identities) step by step.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | what it is |
# |---|---|---|
# | 英雄 | hero | each player's character card: HP and a skill |
# | 生命 / 生命值 | HP | hit points |
# | 领导值 | leadership | how many soldier cards a hero may command |
# | 备战阶段 | preparation phase | before the battle: soldiers are deployed |
# | 法力值 | mana | points to pay for soldiers, this phase only |
# | 价值 | value | a soldier card's price in mana |
# | 部署 | deploy | put a soldier card into play under your hero |
# | 士兵卡 / 骑士 / 大山猫 | soldier card / knight / great lynx | |
# | 剑 / 魔 / 愈 | sword / mana card / heal | the three basic cards (attack or block; pay costs; heal 1) |
# | 战斗阶段 / 战斗回合 | battle / battle turn | everything after the preparation |
# | 顺时针 | clockwise | the turn order |

# %%
import tomllib
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement

import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, IllegalAction
from explorer.games.castle_heart.records import put
from explorer.games.castle_heart.content import CONTENT, HERE
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, run, step, what_if
from widgets.games.castle_heart.lessons import (TUTORIAL_TABLE, event_lines, pass_turn, preparation_steps, prepare,
                                          table_figure, tutorial_table)

GID = "castle_heart"
GAME = explorer.get_game(GID)
RULES = {c.id: c for c in explorer.rules(GID)}

# The seed's numbers, typed from the quote above (the engine's are checked against them below):
SEED_LEADERSHIP = {"hero": 2, "lord": 4}
SEED_MANA = {"hero": 6, "lord": 10}
SEED_SOLDIERS = {"knight": {"hp": 3, "value": 5}, "lynx": {"hp": 2, "value": 6}}

# %%
TAUGHT = ["CH-setup-heroes", "CH-leadership", "CH-leadership-ryan", "CH-setup-hand", "CH-deploy-mana",
          "CH-soldier-knight", "CH-soldier-lynx", "CH-deploy-leftover-mana", "CH-turn-order"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert set(TAUGHT) <= set(RULES)

# %% [markdown]
# ## Heroes (`CH-setup-heroes`, `CH-A15`, `CH-A33`)
#
# The document speaks of heroes (英雄) and their skills (英雄技能) but lists none; it names a single hero,
# 莱恩子爵. So the heroes are **sample content** (`heroes.sample.toml`: copy it to make your own), and each seat is
# dealt one at random after the identities — our reading, since the document does not say how heroes are
# chosen.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A15", "CH-A33"])))
rows = ["| id | 中文 | English | HP | leadership (lord) | skill |", "|---|---|---|---|---|---|"]
rows += [f"| `{h.id}` | {h.zh} | {h.en} | {h.hp} | {h.leadership} ({h.lord_leadership}) | {h.skill_en} {h.skill_zh} |"
         for h in CONTENT.heroes.values()]
display(Markdown("\n".join(rows)))

# %% [markdown]
# After six identities, the first hero deal is a chance node over the nine sample heroes, 1/9 each; the second
# over the eight left, and so on:

# %%
s = run(explorer.new_game(GID, 6), preparation_steps(**TUTORIAL_TABLE)[:6])    # the six identities only
first_hero = dict((a.get("hero"), p) for a, p in s.chance_outcomes())
second_hero = dict((a.get("hero"), p) for a, p in step(s, "deal_hero", hero="ryan").chance_outcomes())
print(s.data.phase, {h: str(p) for h, p in first_hero.items()})

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.current_player == CHANCE and set(first_hero) == set(CONTENT.heroes)
assert set(first_hero.values()) == {Fraction(1, 9)} and set(second_hero.values()) == {Fraction(1, 8)}
assert "ryan" not in second_hero

# %% [markdown]
# ## Leadership (`CH-leadership`, `CH-leadership-ryan`, `CH-A16`)
#
# 2 points, 4 as the lord — except 莱恩子爵, whose own numbers the document leaves out. Our reading, `CH-A16`:
# one more than the rule, 3 and 5. The engine announces each hero's leadership as it is dealt (an event citing
# `CH-leadership`, or `CH-leadership-ryan` for him):

# %%
display(Markdown(assumption_markdown(GID, ["CH-A16"])))
table = prepare(**TUTORIAL_TABLE)
for e in table.log:
    if e.kind == "leadership":
        print(e.describe("en"), "·", e.clause)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for p, seat in enumerate(table.data.seats):
    role = "lord" if seat.identity == "lord" else "hero"
    expected = {"hero": 3, "lord": 5}[role] if seat.hero == "ryan" else SEED_LEADERSHIP[role]
    assert seat.leadership == expected, (p, seat.hero)
assert table.data.seats[0].hero == "ryan" and table.data.seats[0].leadership == 5

# %% [markdown]
# ## The opening hand (`CH-setup-hand`, `CH-A05`)
#
# The document gives no starting hand. Our reading: each hero draws **2 cards** (one draw phase's worth)
# before deploying — switch `starting_hand` (0, 2 or 4). Each card is a chance draw from the sample deck: 30 剑,
# 12 魔, 12 愈, one of each of the 14 equipment cards and two of each of the 10 magic cards (`CH-A04`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A05", "CH-A04"])))
deck_file = tomllib.loads((HERE / "deck.sample.toml").read_text(encoding="utf-8"))
by_file = {c["id"]: c["count"] for c in deck_file["card"]}
after_heroes = run(explorer.new_game(GID, 6), preparation_steps(**TUTORIAL_TABLE)[:12])
odds = dict((a.get("card"), p) for a, p in after_heroes.chance_outcomes())
total = sum(by_file.values())
print("deck:", total, "cards · first opening card is a 剑 with probability", odds["sword"])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert total == 30 + 12 + 12 + 14 + 2 * 10 == 88
assert odds == {c: Fraction(n, total) for c, n in by_file.items()}

# %% [markdown]
# The switch, three ways: how many opening cards the engine queues for the six seats.

# %%
opened = {}
for size in (0, 2, 4):
    t = run(explorer.new_game(GID, 6, {"starting_hand": size}), preparation_steps(**TUTORIAL_TABLE)[:12])
    opened[size] = (len(t.data.draws), t.data.phase)
    print(f'"starting_hand": {size} → {len(t.data.draws)} opening draws, phase {t.data.phase}')

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert opened == {n: (6 * n, "deploy") for n in (0, 2, 4)}

# %% [markdown]
# ## Mana and deployment (`CH-deploy-mana`, `CH-soldier-knight`, `CH-soldier-lynx`)
#
# Each hero now gets mana: 6, or 10 for the lord (the sample 大法师 Archmage has 2 more, a skill). With it, it
# deploys soldiers at their value, at most one per point of leadership. What may a plain hero and the lord
# deploy? By hand: every multiset of soldiers whose values add up to no more than the mana and whose size is at
# most the leadership. By the engine: walk every sequence of `deploy` actions it offers until `end_deploy`.

# %%
def by_hand(mana, leadership):
    """Every army (sorted soldier kinds) the seed's numbers allow."""
    out = {()}
    for k in range(1, leadership + 1):
        for army in combinations_with_replacement(sorted(SEED_SOLDIERS), k):
            if sum(SEED_SOLDIERS[s]["value"] for s in army) <= mana:
                out.add(army)
    return out


def by_engine(state):
    """Every army the engine lets the deploying hero end with (its legal actions, explored)."""
    seat = state.data.cursor
    out = set()
    for action in state.legal_actions():
        if action.kind == "end_deploy":
            out.add(tuple(sorted(x.kind for x in state.data.seats[seat].soldiers)))
        else:
            out |= by_engine(state.apply(action))
    return out


at_lord = run(explorer.new_game(GID, 6), preparation_steps(**TUTORIAL_TABLE)[:24])   # the lord deploys first
at_p1 = step(at_lord, "end_deploy")                                                  # then P1
mana_of, same_by_hand = {}, {}
for name, st, role in (("P0, the lord (莱恩子爵)", at_lord, "lord"), ("P1 (狂战士)", at_p1, "hero")):
    seat = st.data.seats[st.data.cursor]
    armies = by_engine(st)
    mana_of[role], same_by_hand[role] = seat.mana, armies == by_hand(seat.mana, seat.leadership)
    print(f"{name}: mana {seat.mana}, leadership {seat.leadership} → {sorted(armies)} · "
          f"the same by hand 手算相同: {same_by_hand[role]}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(same_by_hand.values()) and mana_of == SEED_MANA
assert by_engine(at_lord) == {(), ("knight",), ("lynx",), ("knight", "knight")}

# %% [markdown]
# Notice: with the seed's numbers **mana runs out before leadership does**. The cheapest soldier costs 5, so 6
# mana buys one soldier and 10 buys two, while leadership allows 2 and 4. For every sample hero, as lord or not:

# %%
cheapest = min(v["value"] for v in SEED_SOLDIERS.values())
can_fill = []
for h in CONTENT.heroes.values():
    bonus = h.amount if h.skill == "mana_bonus" else 0
    for role, lead in (("hero", h.leadership), ("lord", h.lord_leadership)):
        if (SEED_MANA[role] + bonus) // cheapest >= lead:
            can_fill.append((h.id, role))
print("sample heroes that can fill their leadership at deployment · 部署时能用满统率的样例英雄:", can_fill or "none 无")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert can_fill == []

# %% [markdown]
# So at the start leadership never binds. It matters later, when a dead hero's soldiers look for a new commander
# (notebook 4: they may join only "within leadership"). The engine checks it all the same — here a what-if
# hero with 30 mana tries a third soldier, and the refusal names the clause:

# %%
rich = what_if(at_p1, put(at_p1.data, 1, mana=30))
rich = run(rich, [("deploy", {"soldier": "knight"}), ("deploy", {"soldier": "lynx"})])
refusals = {}
for kind, st in (("leadership", rich), ("mana", at_p1)):
    try:
        run(st, [("deploy", {"soldier": "knight"}), ("deploy", {"soldier": "knight"})] if kind == "mana"
            else [("deploy", {"soldier": "knight"})])
    except IllegalAction as err:
        refusals[kind] = err.clause
        print(err)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refusals == {"leadership": "CH-leadership", "mana": "CH-deploy-mana"}

# %% [markdown]
# ## Leftover mana becomes 魔 (`CH-deploy-leftover-mana`, `CH-A34`)
#
# Mana not spent is converted, **all at once when the battle begins**, into 魔 cards, one for one. Those 魔
# cards come from outside the deck (our reading `CH-A34`): the deck's own 12 魔 are not touched. What each choice leaves:

# %%
display(Markdown(assumption_markdown(GID, ["CH-A34"])))
choices = {"lord": sorted(by_hand(10, 4)), "hero": sorted(by_hand(6, 2))}
fig = go.Figure()
for role, armies in choices.items():
    left = [SEED_MANA[role] - sum(SEED_SOLDIERS[s]["value"] for s in a) for a in armies]
    fig.add_trace(go.Bar(name=f"{role} ({SEED_MANA[role]} mana)", x=[" + ".join(a) or "nothing" for a in armies],
                         y=left, text=left, textposition="outside"))
fig.update_layout(title="魔 cards left after deployment, by army (CH-deploy-leftover-mana)", barmode="group",
                  yaxis_title="魔 cards", height=340)
fig

# %% [markdown]
# In the series' table: P0 (lord) deploys two knights (10 → 0), P1 a knight (6 → 1), P2 a lynx (6 → 0), P3
# nothing (6 → 6), P4 a knight (6 → 1), P5 a lynx (6 → 0). Count the 魔 in each hand after the conversion,
# against hand arithmetic: opening cards + leftover mana.

# %%
for e in table.log:
    if e.clause == "CH-deploy-leftover-mana":
        print(e.describe("en"), "/", e.describe("zh"))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for p, seat in enumerate(table.data.seats):
    role = "lord" if seat.identity == "lord" else "hero"
    spent = sum(SEED_SOLDIERS[k]["value"] for k in TUTORIAL_TABLE["deployments"][p])
    opening = Counter(TUTORIAL_TABLE["hands"][p])
    assert Counter(seat.hand)["mana"] == opening["mana"] + SEED_MANA[role] - spent, p
assert table.data.deck.count("mana") == 12 - sum(Counter(h)["mana"] for h in TUTORIAL_TABLE["hands"])
assert [len(s.hand) for s in table.data.seats] == [2, 3, 2, 8, 3, 2]

# %% [markdown]
# And the soldiers themselves: a knight enters with 3 HP, a lynx with 2 — except P5's: its hero 黑骑士 (Black
# Knight) has the sample skill "soldiers he deploys have 1 more HP".

# %%
print({p: [(x.kind, x.hp) for x in s.soldiers] for p, s in enumerate(table.data.seats)})

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for p, seat in enumerate(table.data.seats):
    bonus = 1 if seat.hero == "black_knight" else 0
    assert [(x.kind, x.hp) for x in seat.soldiers] == [(k, SEED_SOLDIERS[k]["hp"] + bonus)
                                                      for k in TUTORIAL_TABLE["deployments"][p]]

# %% [markdown]
# ## Who deploys when, and who sees it (`CH-A38`); the battle starts with the lord (`CH-turn-order`)
#
# The document does not order the deployment. Ours: from the lord, clockwise — the battle's own order — and
# soldiers on the table are public. The deploy events of the series' table, and the first six turns:

# %%
display(Markdown(assumption_markdown(GID, ["CH-A38"])))
deployers = [e.actor for e in table.log if e.kind == "deploy"]
print("deploy events by seat:", deployers)
s, order = table, []
for _ in range(7):
    order.append(s.data.active)
    s = pass_turn(s)
print("turns:", order)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert deployers == [0, 0, 1, 2, 4, 5]
assert order == [0, 1, 2, 3, 4, 5, 0] and s.data.round == 2

# %% [markdown]
# With the lord elsewhere, everything starts from the lord's seat. Four players, the lord at seat 2:

# %%
four = prepare(("enemy", "enemy", "lord", "enemy"), ("levi", "saint", "arcanist", "berserker"),
               (("sword", "sword"),) * 4, ((), ("knight",), ("knight", "knight"), ()))
deployed_by = [e.actor for e in four.log if e.kind == "deploy"]
print("deploy order:", deployed_by, "· first turn:", four.data.active)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert deployed_by == [2, 2, 1] and four.data.active == 2 and four.data.lord == 2
assert [e.actor for e in four.log if e.clause == "CH-turn-order"] == [2]

# %% [markdown]
# Everyone's soldiers are on the table for everyone to see. The series' table as P2 (the reinforcement) sees it
# — the soldiers of all six groups, but only its own identity and the lord's:

# %%
fig2 = table_figure(table, viewer=2, title="The series' table after the preparation")
seen = table.view(2)["players"]
fig2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [len(p["soldiers"]) for p in seen] == [len(d) for d in TUTORIAL_TABLE["deployments"]]

# %% [markdown]
# ## Summary
#
# - Heroes are dealt at random from sample content (`CH-setup-heroes`, `CH-A15`, `CH-A33`).
# - Leadership: 2, the lord 4 (`CH-leadership`); 莱恩子爵 3 and 5 (`CH-leadership-ryan`, `CH-A16`). With the seed's
#   prices it never binds at deployment.
# - An opening hand of 2 (`CH-setup-hand`, `CH-A05`, switch `starting_hand`) from an 88-card sample deck (`CH-A04`).
# - Mana 6, the lord 10 (`CH-deploy-mana`); knight 3 HP for 5 (`CH-soldier-knight`), lynx 2 HP for 6
#   (`CH-soldier-lynx`); deployment from the lord clockwise, in public (`CH-A38`).
# - Leftover mana becomes 魔 cards one for one when the battle begins (`CH-deploy-leftover-mana`, `CH-A34`); the
#   battle starts with the lord and goes clockwise (`CH-turn-order`).
#
# Next: **03_a_battle_turn.ipynb** — one battle turn, phase by phase.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
archmage_lord = run(explorer.new_game(GID, 3), preparation_steps(("lord", "enemy", "enemy"),
                                                                 ("archmage", "levi", "saint"),
                                                                 (("sword", "heal"),) * 3, ((), (), ()))[:-3])
archmage_armies = by_engine(archmage_lord)

# %%
ex1 = Exercise("1. The sample 大法师 (Archmage) gets 2 more mana. As the lord, how many different armies can he "
               "deploy (counting 'nothing' as one)?",
               "1. 样例英雄大法师多获得 2 点法力值。他担任城主时，可以部署多少种不同的军队（“不部署”也算一种）？",
               answer=len(archmage_armies), game=GID, clause="CH-deploy-mana",
               hint_en="first work out his mana and his leadership, then list what they afford",
               hint_zh="先算出他的法力值和领导值，再列出能负担的军队")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert archmage_armies == by_hand(12, 4)
left_after_k_l = run(archmage_lord, [("deploy", {"soldier": "knight"}), ("deploy", {"soldier": "lynx"}),
                                     ("end_deploy", {}), ("end_deploy", {}), ("end_deploy", {})])
mana_cards = Counter(left_after_k_l.data.seats[0].hand)["mana"]

# %%
ex2 = Exercise("2. He deploys a knight and a great lynx. How many 魔 cards does he hold when the battle begins "
               "(his opening hand was 剑 and 愈)?",
               "2. 他部署一名骑士和一只大山猫。战斗开始时他手里有几张魔（起始手牌为剑和愈）？", answer=mana_cards, game=GID,
               clause="CH-deploy-leftover-mana")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
both_swords = sum(p for a, p in after_heroes.chance_outcomes() if a.get("card") == "sword") * \
    sum(p for a, p in step(after_heroes, "draw", card="sword").chance_outcomes() if a.get("card") == "sword")

# %%
ex3 = Exercise("3. What is the chance that seat 0's two opening cards are both 剑? (exact fraction)",
               "3. 0 号座位的两张起始手牌都是剑的概率是多少？（精确分数）", answer=str(both_swords), kind="fraction",
               game=GID, clause="CH-setup-hand")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert both_swords == Fraction(30, 88) * Fraction(29, 87)
for ex, right in ((ex1, len(archmage_armies)), (ex2, mana_cards), (ex3, both_swords)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
