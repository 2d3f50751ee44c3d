# %% [markdown]
# # 城堡之心 (Castle Heart) · 1 — Identities and goals: who is who, who wants what, who knows what
#
# This is the first notebook of the 城堡之心 series. Each notebook quotes the rule document (seed 003) in its
# own Chinese words with an English paraphrase, plays **one idea at a time through the real engine** with
# every chance outcome *chosen* (every identity dealt and every card drawn is written in the notebook, so the
# story is the same on every run), checks every number with `assert`, and ends with exercises.
#
# **The rule (seed 003, 游戏规则):**
#
# > 游戏者共分为四种身份，城主，敌军，援军，中立
# >
# > 城主的目的是消灭所有敌军
# >
# > 敌军的目的是消灭城主
# >
# > 援军的目的是保护城主，消灭所有敌军
# >
# > 中立可以宣布成为敌军或者援军，并可以在每一回合之初选择变换阵营，但只有在保持中立身份并最终成为唯一存活的势力，才算胜利
#
# In English: every player has one of four identities — the **lord** (城主), an **enemy** (敌军), a
# **reinforcement** (援军) or a **neutral** (中立). The lord wants every enemy eliminated; the enemies want the
# lord eliminated; the reinforcements protect the lord and want every enemy eliminated; a neutral may
# *declare* itself an enemy or a reinforcement, and change side at the start of each of its turns, but it
# wins only by staying neutral and being the last faction standing.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | what it is |
# |---|---|---|
# | 身份 | identity | lord, enemy, reinforcement or neutral; dealt face down |
# | 城主 | lord | the one player whose castle it is; shown to everyone at the deal |
# | 敌军 | enemy | wants the lord dead |
# | 援军 | reinforcement | the lord's secret ally |
# | 中立 | neutral | on nobody's side until it declares (宣布) one |
# | 阵营 / 势力 | side / faction | 城主 + 援军 on one side, 敌军 on the other |
# | 宣布 / 变换阵营 | declare / change side | a neutral's public choice of a side |
# | 消灭 | eliminate | bring a hero down for good (notebook 5) |
# | 英雄 | hero | the character card each player plays |
# | 阵营选择规则 | count rules | how many of each identity a table may have |
#
# The engine names every rule by a **clause id** of the register (`explorer/games/castle_heart/rules.toml`).
# The clauses this notebook teaches, read from the register itself:

# %%
from collections import Counter
from fractions import Fraction
from itertools import product

import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, TERMINAL, is_hidden
from explorer.games.castle_heart.records import put
from explorer.games.castle_heart.setup import identities_for, legal_mixes
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, run, step, what_if
from widgets.games.castle_heart.lessons import (TUTORIAL_TABLE, event_lines, pass_turn, prepare, table_figure,
                                          tutorial_table)

GID = "castle_heart"
GAME = explorer.get_game(GID)
RULES = {c.id: c for c in explorer.rules(GID)}
LETTER = {"L": "lord", "R": "reinforcement", "N": "neutral", "E": "enemy"}

# %%
TAUGHT = ["CH-identity-four", "CH-goal-lord", "CH-goal-enemy", "CH-goal-reinforcement", "CH-neutral-declare",
          "CH-goal-neutral", "CH-count-one-lord", "CH-count-enemies-outnumber", "CH-count-neutrals-le-reinforcements",
          "CH-setup-heroes", "CH-end-lord-dies", "CH-round-cap", "CH-afterword"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert set(TAUGHT) <= set(RULES)

# %% [markdown]
# One of these is marked *not modelled*: `CH-afterword`, the document's closing words (the author's note
# about the story, 「以上，等待少年成长的时候……」) — it is not a rule, so nothing in the engine cites it.
# Two are ours, not the seed's (section 引擎假设): `CH-setup-heroes` (how heroes are handed out) and
# `CH-round-cap` (an opt-in limit for bots); each is backed by an assumption, shown below.

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert not RULES["CH-afterword"].modelled and RULES["CH-afterword"].reason
assert RULES["CH-setup-heroes"].section.startswith("引擎假设") and RULES["CH-round-cap"].section.startswith("引擎假设")

# %% [markdown]
# ## The count rules (阵营选择规则)
#
# > 城主只能有一名，敌军数量应该超过城主加援军的数量，中立的数量不得超过援军的数量。
#
# *There is exactly one lord; the enemies must outnumber the lord plus the reinforcements; there may not be
# more neutrals than reinforcements.* Three clauses: `CH-count-one-lord`, `CH-count-enemies-outnumber`,
# `CH-count-neutrals-le-reinforcements`.
#
# Which tables do they allow? We count by hand here — every way to split the seats other than the lord's into
# reinforcements *r*, neutrals *n* and enemies *e* — and compare with the engine's own list
# (`deal.legal_mixes`).

# %%
def mixes_by_hand(players):
    """Every (r, n, e) with 1 + r + n + e = players that the three count rules allow, as letter strings."""
    out = set()
    for r, n in product(range(players), repeat=2):
        e = players - 1 - r - n
        if e >= 0 and e > 1 + r and n <= r:
            out.add("L" + "R" * r + "N" * n + "E" * e)
    return out


agrees = {}
for players in range(2, 9):
    print(players, "players:", sorted(legal_mixes(players)) or "none")
    agrees[players] = set(legal_mixes(players)) == mixes_by_hand(players)
print("the engine's tables are the ones counted by hand · 引擎与手算一致:", all(agrees.values()))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(agrees.values())
assert legal_mixes(2) == ()    # one enemy cannot outnumber the lord

# %% [markdown]
# So a table of two is impossible (one enemy never *outnumbers* the lord), and the game starts at three
# players. The document names no upper limit; we stop at eight. That is our reading, assumption `CH-A02`
# (the register's words below), and the engine refuses a table of two, naming it:

# %%
display(Markdown(assumption_markdown(GID, ["CH-A02"])))
try:
    explorer.new_game(GID, 2)
except ValueError as err:
    refused = str(err)
    print(refused)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert "CH-A02" in refused
assert (GAME.min_players, GAME.max_players) == (3, 8)

# %% [markdown]
# A picture of how many tables each player count allows, and how many of them have a neutral:

# %%
counts = {p: len(legal_mixes(p)) for p in range(3, 9)}
with_n = {p: sum("N" in m for m in legal_mixes(p)) for p in range(3, 9)}
fig = go.Figure([go.Bar(name="mixes allowed · 允许的身份组合", x=list(counts), y=list(counts.values())),
                 go.Bar(name="… with a neutral · 含中立", x=list(with_n), y=list(with_n.values()))])
fig.update_layout(barmode="group", title="The count rules: identity mixes per player count (CH-A02)",
                  xaxis_title="players · 玩家数", yaxis_title="mixes · 组合数", height=330)
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert counts == {3: 1, 4: 1, 5: 2, 6: 3, 7: 4, 8: 5} and with_n[6] == 1 and with_n[5] == 0

# %% [markdown]
# ## Dealing the identities (`CH-identity-four`)
#
# The engine deals the identities face down, one seat at a time: each deal is a **chance node** over the
# identities still in the pool, with exact probabilities. Which mix is in the pool? By default the most varied
# one the rules allow (`identity_mix = "with_neutral"`): at six players, lord, reinforcement, neutral and three
# enemies. At the very first deal seat 0 is the lord with probability 1/6 and an enemy with 3/6:

# %%
s0 = explorer.new_game(GID, 6)
first = {a.get("identity"): p for a, p in s0.chance_outcomes()}
print({k: str(v) for k, v in first.items()})
pool = Counter(LETTER[c] for c in "LRNEEE")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s0.current_player == CHANCE
assert first == {k: Fraction(v, 6) for k, v in pool.items()}
assert Counter(identities_for(6, "with_neutral")) == pool

# %% [markdown]
# The switch `identity_mix` changes the pool. `"no_neutral"` deals no neutral (six players: lord,
# reinforcement, four enemies); `"any_legal"` first lets chance pick, with equal odds, one of the mixes the
# count rules allow (`CH-A02` lists them), then deals it. Same table of six, the three ways:

# %%
offered = {}
for mix in ("with_neutral", "no_neutral", "any_legal"):
    s = explorer.new_game(GID, 6, {"identity_mix": mix})
    outcomes = offered[mix] = s.chance_outcomes()
    print(f"{mix:13}", s.data.phase, [(a.get("identity") or a.get("mix"), str(p)) for a, p in outcomes])

no_n = explorer.new_game(GID, 6, {"identity_mix": "no_neutral"})

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [a.get("mix") for a, _ in offered["any_legal"]] == list(legal_mixes(6))
assert all(p == Fraction(1, len(legal_mixes(6))) for _, p in offered["any_legal"])
assert all(sum(p for _, p in offered[m]) == 1 for m in ("with_neutral", "no_neutral"))
assert "neutral" not in {a.get("identity") for a, _ in no_n.chance_outcomes()}

# %% [markdown]
# ## The table of this series
#
# From here on the notebooks share one six-seat table (`widgets.games.castle_heart.lessons.tutorial_table`): the
# identities, heroes, opening hands and soldiers are all chosen. Notebook 2 explains the heroes and soldiers;
# here we only look at **identities**. (Heroes are dealt at random from the sample heroes — the document names
# only one hero, 莱恩子爵 — our reading `CH-setup-heroes`, assumption `CH-A15`; their skills are sample
# content, `CH-A33`. Notebook 2 shows both.)

# %%
start = explorer.new_game(GID, 6)
table = run(start, tutorial_table())
who = {p: s.identity for p, s in enumerate(table.data.seats)}
print(who)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert who == dict(enumerate(TUTORIAL_TABLE["identities"]))
assert Counter(who.values()) == pool

# %% [markdown]
# ## What each player knows (`CH-A09`)
#
# The document does not say which identities are public. Our reading: the **lord is shown at the deal** (the
# reinforcements must know whom to protect), every other identity stays secret until its hero dies, and a
# neutral's declaration is announced to everyone.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A09"])))

# %% [markdown]
# Each player's screen shows the state **as that player sees it** (`State.view(player)`): the engine hides
# other players' hands and unrevealed identities. Here is the table as seat 3 (an enemy) sees it: P0 is known
# to be the lord, P3 knows it is an enemy itself, and the four others are "?".

# %%
fig3 = table_figure(table, viewer=3, title="After the preparation")
fig3

# %%
def known_identities(state, viewer):
    """Seat → identity, for the identities ``viewer`` can see."""
    return {k: p["identity"] for k, p in enumerate(state.view(viewer)["players"]) if not is_hidden(p["identity"])}


seen_by = {}
for viewer in range(6):
    seen_by[viewer] = known_identities(table, viewer)
    print(viewer, seen_by[viewer])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert seen_by == {v: {0: "lord", v: who[v]} for v in range(6)}
assert known_identities(table, None) == who      # no viewer: everything (the god's-eye view; label it so!)

# %% [markdown]
# The log of events is filtered the same way. The identity deal of seat 2 (the reinforcement) is private to
# seat 2; the lord's is public. Here is the deal as seat 3 read it, and as seat 2 read it:

# %%
deal_for_3 = event_lines(start, table, viewer=3)[:6]
deal_for_2 = event_lines(start, table, viewer=2)[:6]
print("\n".join(deal_for_3), "\n---")
print("\n".join(deal_for_2))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert "lord" in deal_for_3[0] and "reinforcement" not in " ".join(deal_for_3)
assert "reinforcement" in deal_for_2[2]

# %% [markdown]
# ### What seat 3 can reason out
#
# Seat 3 sees the lord at P0 and knows it is an enemy. The other four seats hold, between them, what is left
# of the pool: one reinforcement, one neutral, two enemies. So, **from seat 3's view**, P1 is a fellow enemy
# with probability 2/4. Seat 2 (the reinforcement) knows the remaining four are one neutral and *three*
# enemies: for it, P1 is an enemy with probability 3/4.
#
# Check the closed form against the engine: enumerate every deal the engine could make (its own chance
# outcomes, multiplied along each path), keep those that match what the viewer knows, and add up.

# %%
def deals(state, prob=Fraction(1)):
    """Every complete identity deal from ``state``: (identities by seat, probability), from the engine's chance."""
    if state.data.phase != "deal_identity":
        yield tuple(s.identity for s in state.data.seats), prob
        return
    for action, p in state.chance_outcomes():
        yield from deals(state.apply(action), prob * p)


ALL_DEALS = list(deals(explorer.new_game(GID, 6)))


def chance_that(viewer, seat, identity):
    """P(seat has identity | what viewer knows: its own identity and the lord's seat)."""
    known = known_identities(table, viewer)
    fits = [(d, p) for d, p in ALL_DEALS if all(d[k] == v for k, v in known.items())]
    return sum(p for d, p in fits if d[seat] == identity) / sum(p for _, p in fits)


for viewer in (3, 2):
    row = {i: str(chance_that(viewer, 1, i)) for i in ("enemy", "reinforcement", "neutral")}
    print(f"seat {viewer} on P1:", row)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert sum(p for _, p in ALL_DEALS) == 1 and len(ALL_DEALS) == 6 * 5 * 4       # 6!/3! distinct deals
assert chance_that(3, 1, "enemy") == Fraction(2, 4) and chance_that(2, 1, "enemy") == Fraction(3, 4)
assert chance_that(3, 1, "reinforcement") == Fraction(1, 4) == chance_that(3, 1, "neutral")

# %% [markdown]
# ## A neutral declares (`CH-neutral-declare`, `CH-A35`)
#
# > 中立可以宣布成为敌军或者援军，并可以在每一回合之初选择变换阵营
#
# The document says "at the start of each turn". Our reading, `CH-A35`: the declaration is the **first
# thing of the neutral's play phase** (after its draw, before any other play), once a turn, in public. That
# way no extra question is asked of every player, which would give away who the neutral is.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A35"])))

# %% [markdown]
# We let P0, P1 and P2 pass quiet turns (`pass_turn`: draw, play nothing, command nothing, discard down to HP
# — notebook 3 explains those phases). P3, an enemy, is offered no declaration: only a neutral declares.

# %%
s = table
for _ in range(3):
    s = pass_turn(s)
s = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "mana"})])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.active == 3 and s.data.phase == "play"
assert "declare" not in {a.kind for a in s.legal_actions()}

# %% [markdown]
# Then P4 — the neutral — draws (three cards: its hero 李维 Levi has the sample skill "draws 1 more"), and is
# offered its declarations before anything else:

# %%
s = pass_turn(s)
p4_draws = s.data.draws
s = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "heal"}), ("draw", {"card": "mana"})])
offers = [a for a in s.legal_actions() if a.kind == "declare"]
print("P4 draws", len(p4_draws), "cards, then may declare:", [a.get("camp") for a in offers])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert p4_draws == (4, 4, 4)
assert s.data.active == 4 and s.current_player == 4
assert sorted(a.get("camp") for a in offers) == ["enemy", "reinforcement"]

# %%
before = s
s = step(s, "declare", camp="enemy")
print(event_lines(before, s, viewer=3))
p4_for_3 = s.view(3)["players"][4]
print("seat 3 now sees P4:", {k: p4_for_3[k] for k in ("identity", "declared")})

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert p4_for_3["declared"] == "enemy" and is_hidden(p4_for_3["identity"])
assert [a.kind for a in s.legal_actions()].count("declare") == 0          # once a turn

# %% [markdown]
# Seat 3 now sees "declared: enemy" — but the identity itself stays hidden. Still, only a neutral can declare,
# so by declaring P4 has told everyone that it is the neutral; in exchange it has a side. (The reward rules of
# notebook 5 treat a declared neutral like the side it declared: 「或者宣布为敌军的中立——这很常见」.)

# %% [markdown]
# ## The goals, played to an end (`CH-goal-enemy`, `CH-end-lord-dies`, `CH-A20`)
#
# How the game ends is notebook 5's subject. One ending, to make the goals concrete: the enemies reach
# theirs when the lord falls. We jump to P1's next turn and — a **what-if position**, not the story — set the
# lord's HP to 2. P1's hero (狂战士, the berserker) hits for 2 with its one 剑 attack; the lord chooses not
# to block; nobody spends 愈 to save it (notebook 5).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A20"])))

# %%
s = pass_turn(pass_turn(pass_turn(s)))          # P4 ends its turn quietly; P5 and P0 pass theirs
s = run(s, [("draw", {"card": "sword"}), ("draw", {"card": "sword"})])
weak_lord = what_if(s, put(s.data, 0, hp=2))
hit = run(weak_lord, [("attack", {"target": 0, "member": -1, "pay": "sword"}), ("take_hit", {})])
end = pass_turn(hit)   # P1 ends its turn; every hero in turn is asked for 愈 and declines
print(event_lines(weak_lord, end)[-4:])
print("winners:", end.winners)
enemies = tuple(p for p, i in who.items() if i == "enemy")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hit.data.seats[0].hp == 0
assert s.data.active == 1 and s.data.phase == "play"
assert end.is_terminal and end.winners == enemies == (1, 3, 5)
assert 4 not in end.winners          # P4 declared enemy, but its goal was to stay neutral (CH-goal-neutral)

# %% [markdown]
# Every enemy wins — P3 and P5 too, though they did nothing this turn — and the neutral who *declared* enemy
# does not: its goal was to stay neutral and be the last one standing (`CH-goal-neutral`).
#
# ## No round limit (`CH-A14`)
#
# The document sets no limit on the number of rounds, so a person's game has none (`round_cap = 0`, the
# default): it ends only as the goals say. Bots playing each other could go on for ever, so **simulations
# only** pass an opt-in cap; `GAME.simulation_limits` names it. At the cap the game stops and nobody wins
# (`CH-round-cap`): the document hands no one a win for lasting. Ten quiet rounds, both ways:

# %%
display(Markdown(assumption_markdown(GID, ["CH-A14"])))


def quiet_rounds(variant, turns):
    s = run(explorer.new_game(GID, 6, variant), tutorial_table())
    for _ in range(turns):
        if s.is_terminal:
            break
        s = pass_turn(s)
    return s


capped = quiet_rounds({"round_cap": 10}, 6 * 10 + 1)
uncapped = quiet_rounds({"round_cap": 0}, 6 * 10 + 1)
print("capped:", capped.is_terminal, capped.winners, "· uncapped: round", uncapped.data.round,
      "· the bots' limit:", GAME.simulation_limits(6))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert capped.is_terminal and capped.winners == () and "CH-round-cap" in {e.clause for e in capped.log}
assert not uncapped.is_terminal and uncapped.data.round == 11
assert GAME.simulation_limits(6) == {"round_cap": 20} and explorer.new_game(GID, 6).variant["round_cap"] == 0

# %% [markdown]
# ## Summary
#
# - Four identities (`CH-identity-four`): one lord (`CH-count-one-lord`), more enemies than lord plus
#   reinforcements (`CH-count-enemies-outnumber`), no more neutrals than reinforcements
#   (`CH-count-neutrals-le-reinforcements`); so three to eight players (`CH-A02`, switch `identity_mix`).
# - Goals: lord and reinforcements — every enemy eliminated (`CH-goal-lord`, `CH-goal-reinforcement`);
#   enemies — the lord eliminated (`CH-goal-enemy`); the neutral — stay neutral and be the last one standing
#   (`CH-goal-neutral`).
# - Only the lord is public; a neutral's declaration is public, but not the identity behind it (`CH-A09`,
#   `CH-A35`). Each player's view hides the rest, and what a player can infer is exact arithmetic over the deal.
# - No round limit in a person's game (`CH-A14`).
#
# Next: **02_preparation.ipynb** — heroes, leadership, mana and soldiers.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
eight_any = explorer.new_game(GID, 8, {"identity_mix": "any_legal"})
p_neutral_at_8 = sum((p for a, p in eight_any.chance_outcomes() if "N" in a.get("mix")), Fraction(0))

# %%
ex1 = Exercise('1. Eight players, identity_mix = "any_legal". What is the chance that a neutral sits at the '
               "table? (exact fraction)",
               '1. 8 名玩家，identity_mix = "any_legal"。牌桌上有中立的概率是多少？（精确分数）',
               answer=p_neutral_at_8, kind="fraction", game=GID, clause="CH-A02",
               hint_en="chance first picks one of the mixes the count rules allow, each equally likely",
               hint_zh="先由机会从阵营选择规则允许的组合中等可能地选出一种")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
p5_neutral_for_3 = chance_that(3, 5, "neutral")

# %%
ex2 = Exercise("2. At the series' table, before anyone declares: for seat 3 (an enemy), what is the chance that "
               "P5 is the neutral? (exact fraction)",
               "2. 本系列的牌桌上，尚无人宣布阵营时：在 3 号座位（敌军）看来，P5 是中立的概率是多少？（精确分数）",
               answer=str(p5_neutral_for_3), kind="fraction", game=GID, clause="CH-A09")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
p4_enemy_for_2 = chance_that(2, 4, "enemy")

# %%
ex3 = Exercise("3. And for seat 2 (the reinforcement): what is the chance that P4 is an enemy?",
               "3. 在 2 号座位（援军）看来，P4 是敌军的概率是多少？", answer=str(p4_enemy_for_2), kind="fraction",
               game=GID, clause="CH-A09")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, p_neutral_at_8), (ex2, p5_neutral_for_3), (ex3, p4_enemy_for_2)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
