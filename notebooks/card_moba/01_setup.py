# %% [markdown]
# # 卡驱MOBA · 1 — Setup: mode, map, hero, bloodline, score, order, spawns
#
# **The rules (规则——概述, seed 001):**
#
# > 1.准备 — 邀请1至5名小伙伴来与你一起成为游戏里的玩家；确保游戏必需品的齐备；开点玩笑，活跃气氛；仔细阅读规则
# >
# > 2.抉择 — 游戏正式开始前，玩家们需要执行以下流程：
# > 1. 选择模式，再从地图池中协商选择一张地图
# > 2. 从英雄池中选择各自的英雄
# > 3. 从血统池中选择各自的血统
# > 4. 协商决定获胜所需的得分
# > 5. 用公平的任意方式决定先后行动顺序
# > 6. 玩家们按行动顺序选择各自英雄的出生点（地图中有标识可选出生点）
# > 7. 按照行动顺序开始第一个玩家的回合
# >
# > 3.进行 — 将卡牌洗切、摆放。按照决定好的行动顺序执行各个玩家的回合。
#
# In English: you and 1 to 5 friends play (2 to 6 players). Before the game the table (1) picks a mode and
# agrees on a map, (2) each player picks a hero, (3) builds a bloodline, (4) the table agrees on the score that
# wins, (5) decides the turn order in any fair way, (6) in that order each player picks a spawn point marked on
# the map, and (7) the first player's turn begins. Then the cards are shuffled and set out.
#
# This notebook plays that whole setup through the engine, one choice at a time, for the table that notebooks
# 2–4 go on with: **Gale 疾风 (P0) against Bulwark 巨岩 (P1) on the Arena 角斗场**. Every choice and every chance
# outcome (the turn order, each card dealt) is written down, so the story is the same on every run.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 准备 / 抉择 / 进行 | preparation / choices / play | the three stages of the overview |
# | 模式：经典模式 / Ruler模式 | mode: classic / Ruler | Ruler lets the table change some global settings |
# | 地图池 / 地图 | map pool / map | a grid of cells |
# | 墙体 / 特殊格子 / 普通格子 | wall / special cell / normal cell | |
# | 出生点 | spawn point | marked on the map |
# | 英雄池 / 英雄 | hero pool / hero | the piece a player controls |
# | 生命值 / 攻击力 / 防御力 / 速度 | HP / attack power / defence / speed | a hero's four stats |
# | 血统 / 系 / 基石 / 碎片 / 尘 | bloodline / system / keystone / fragment / dust | extra abilities |
# | 得分 / 获胜所需的得分 | score / winning score | |
# | 行动顺序 | turn order | |
# | 牌堆 / 牌堆组成 / 洗切 | deck / deck composition / shuffle | |
# | 攻势 O / 防御 D / 移动 M / 技巧 S | offensive / defence / movement / skill | the four card types |

# %%
import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path

from IPython.display import Markdown, display

import explorer
from explorer import CHANCE
from explorer.games.card_moba.content import sample, sequence_alternatives
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, clauses_seen, run, step
from widgets.games.card_moba.lessons import (STORY_BLOODLINES, STORY_HANDS, STORY_HEROES, STORY_SPAWNS, hero_table,
                                       map_figure, position, refusal, setup_steps, story_setup)

GID = "card_moba"
GAME = explorer.get_game(GID)
CONTENT = sample()          # the sample heroes, cards, maps and bloodlines (the seed's pictures are missing)

# %%
TAUGHT = ["MB-prep-players", "MB-prep-table", "MB-choice-1-mode-map", "MB-mode-classic", "MB-mode-ruler",
          "MB-map-cells", "MB-choice-2-hero", "MB-hero-stats", "MB-hero-fixed", "MB-hero-hp-cap",
          "MB-choice-3-bloodline", "MB-bloodline-system", "MB-bloodline-keystone", "MB-bloodline-fragments",
          "MB-bloodline-dust", "MB-bloodline-total", "MB-bloodline-permanent", "MB-choice-4-score",
          "MB-choice-5-order", "MB-choice-6-spawn", "MB-play-shuffle", "MB-card-deck", "MB-card-types",
          "MB-choice-7-first-turn"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# ## 准备: 2 to 6 players
#
# `MB-prep-players`: 「邀请1至5名小伙伴来与你一起」 — you plus 1 to 5 friends. A game of one, or of seven, is
# refused. The rest of 准备 (`MB-prep-table`: gather the materials, joke, read the rules) is advice to people
# and is not modelled — its reason is in the table above.

# %%
accepted = []
for n in range(1, 8):
    try:
        explorer.new_game(GID, n)
        accepted.append(n)
    except ValueError as err:
        print(n, "players refused:", err)
print("accepted:", accepted)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert accepted == [1 + friends for friends in range(1, 6)]
assert not GAME.clause_index["MB-prep-table"].modelled

# %% [markdown]
# ## 抉择 1: the mode and the map
#
# The classic mode (`MB-mode-classic`) uses every standard rule; Ruler mode (`MB-mode-ruler`) lets the table
# change some global settings (notebook 7 shows each of them). Who speaks in a negotiation? The document does
# not say, so seat 0 speaks for the table (`MB-A07`). And a table that already changed a Ruler setting is
# playing Ruler mode, so it is offered nothing else (`MB-A16`):

# %%
display(Markdown(assumption_markdown(GID, ["MB-A07", "MB-A16"])))
s0 = explorer.new_game(GID, 2)
offered = [a["mode"] for a in s0.legal_actions()]
ruler_table = explorer.new_game(GID, 2, {"ruler_hp_cap": 80})
print("a classic table is offered:", offered, "· a table with an 80 HP cap:",
      [a["mode"] for a in ruler_table.legal_actions()])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s0.current_player == 0 and offered == ["classic", "ruler"]
assert [a["mode"] for a in ruler_table.legal_actions()] == ["ruler"]

# %% [markdown]
# Then the map, from the map pool. A map (`MB-map-cells`) has **walls** (墙体), **special cells** (特殊格子) and
# normal cells; some normal cells are marked as **spawn points**. The seed's map pictures are missing, so the
# maps are sample content (`MB-A12`); what a special cell does is `MB-A11` (notebook 3). Each map's cells,
# counted from the map file's rows by hand (`#` wall, `P` spawn, a letter a special cell) and by the engine:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A12"])))
s = step(s0, "mode", mode="classic")
print("maps offered:", [a["map"] for a in s.legal_actions()])
rows_of = {m["id"]: m["rows"] for m in tomllib.loads(
    (Path(GAME.folder) / "maps.sample.toml").read_text(encoding="utf-8"))["map"]}
by_hand = {}
for map_id, board in CONTENT.maps.items():
    text = "".join(rows_of[map_id])
    by_hand[map_id] = (text.count("#"), text.count("P"), sum(ch.isalpha() and ch != "P" for ch in text))
    print(f"{board.en} {board.zh}: {board.width}×{board.height}, walls {len(board.walls)}, "
          f"spawns {len(board.spawns)}, special cells {len(board.special)}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert by_hand == {m: (len(b.walls), len(b.spawns), len(b.special)) for m, b in CONTENT.maps.items()}
assert [a["map"] for a in s.legal_actions()] == list(CONTENT.maps)

# %%
s = step(s, "map", map="arena")
print(s.events[-1].describe("en"), "/", s.events[-1].describe("zh"))
map_figure(s, title="The Arena 角斗场: walls dark, special cells gold,<br>spawn points green")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.map == "arena" and s.data.phase == "hero"

# %% [markdown]
# The other two maps of the pool, for comparison (the narrow Canyon 峡谷 and the Little ring 小擂台):

# %%
others = {m: position(map_id=m, cells=CONTENT.maps[m].spawns[:2]) for m in ("canyon", "duel")}
map_figure(others["canyon"], title="Canyon 峡谷 (two heroes on spawn points)")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(t.data.map == m and t.data.heroes[0].pos in CONTENT.maps[m].spawns for m, t in others.items())

# %%
map_figure(others["duel"], title="Little ring 小擂台 (two heroes on spawn points)")

# %% [markdown]
# ## 抉择 2: heroes
#
# `MB-choice-2-hero`: each player picks a hero from the hero pool; `MB-hero-stats`: every hero has four stats —
# HP (its starting HP), attack power (which may be below 1), defence and speed. The pool (sample content,
# `MB-A12`; the example hero card's 飓风【A A A】 is Gale's Hurricane). The seed's errata (`MB-hero-errata`) says
# the card's "A" means O (攻势, offensive), so the table writes O:

# %%
pool = ["| hero | 英雄 | HP | attack | defence | speed | skills |", "|---|---|---|---|---|---|---|"]
for hid, h in CONTENT.heroes.items():
    skills = ", ".join(f"{k['en']} 【{' / '.join(' '.join(p) for p in sequence_alternatives(k['actions']))}】"
                       if k["actions"] != "被动" else f"{k['en']} 【passive 被动】" for k in h["skills"])
    pool.append(f"| {h['en']} | {h['zh']} | {h['hp']} | {h['atk']} | {h['def']} | {h['speed']} | {skills} |")
display(Markdown("\n".join(pool)))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(h["hp"] <= 60 for h in CONTENT.heroes.values())

# %% [markdown]
# Heroes are picked in seat order (turn order is only decided at step 5), each hero once per table (`MB-A07`).
# P0 takes Gale; P1 may not take Gale too — the refusal names the clause and changes nothing:

# %%
s = step(s, "hero", hero="gale")
for e in s.events:
    print(f"[{e.clause}] {e.describe('en')}")
refused_twin = refusal(s, "hero", hero="gale")
print(refused_twin)
s = step(s, "hero", hero="bulwark")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refused_twin.clause == "MB-choice-2-hero"
assert [h.hero for h in s.data.heroes] == list(STORY_HEROES)

# %% [markdown]
# `MB-hero-fixed`: 「玩家决定此局使用的英雄后，则本局内不能更换英雄」 — once chosen, a hero is kept all game.
# Asking to change it now is refused with that clause:

# %%
refused_change = refusal(s, "hero", 0, hero="phantom")
print(refused_change)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refused_change.clause == "MB-hero-fixed"

# %% [markdown]
# ## 抉择 3: bloodlines
#
# > 玩家们需要先选择一个系，系目前分为：残暴、风眼、巨盾、变革。然后选择基石，每个系有3个基石。之后选择碎片，每个系有
# > 3\*2=6个碎片，分为两栏，玩家们只能在每栏的3个碎片中选择一个碎片，总共得到2个碎片。最后在尘栏中选择1个尘，尘一般为
# > 基础属性加成。选择完毕后，玩家总共获得：1个基石、2个碎片、1个尘。
#
# First a **system** (`MB-bloodline-system`: 残暴 Brutality, 风眼 Eye of the Storm, 巨盾 Great Shield, 变革 Reform),
# then one of its 3 **keystones** (`MB-bloodline-keystone`), one **fragment** from each of its two columns of 3
# (`MB-bloodline-fragments`), and one **dust** (`MB-bloodline-dust`, usually a stat bonus): in total 1 keystone,
# 2 fragments, 1 dust (`MB-bloodline-total`). The seed's list stops after 「残暴——统领」, so the other pieces
# are sample content and one dust column serves every system (`MB-A13`).
#
# The options the engine offers at each of P0's five picks (the counts are the rule's 4, 3, 3, 3 and the dust
# column's length):

# %%
display(Markdown(assumption_markdown(GID, ["MB-A13"])))
offers = []
t = s
for piece in STORY_BLOODLINES[0]:
    offers.append([a["piece"] for a in t.legal_actions()])
    t = step(t, "bloodline", piece=piece)
for slot, options in zip(["system", "keystone", "fragment (column 1)", "fragment (column 2)", "dust"], offers,
                         strict=True):
    print(f"{slot:20}", options)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [len(o) for o in offers] == [4, 3, 3, 3, len(CONTENT.dusts)]
assert offers[1] == [p for p, x in CONTENT.pieces.items() if x["system"] == "storm" and x["slot"] == "keystone"]

# %% [markdown]
# Gale takes Eye of the Storm: the keystone Cyclone (+1 speed), the fragments Breeze (+1 speed) and Tempest (+1 attack
# range), and Keen dust (+1 attack power). Bulwark takes Great Shield: Bastion (+2 defence), Vigor (+6 starting
# HP), Anchor (+4 starting HP) and Vital dust (+4 HP). These are all *static* pieces: they add to the hero's
# stats for the whole game (`MB-bloodline-permanent`). Hand count from the hero cards and the pieces:
# Gale's speed 3 + 1 + 1 = 5, range 1 + 1 = 2, attack 3 + 1 = 4; Bulwark's defence 3 + 2 = 5 and HP
# 44 + 6 + 4 + 4 = 58 — under the HP cap of 60 (`MB-hero-hp-cap`: 「所有英雄的生命上限均为60」).

# %%
s = run(s, [("bloodline", {"piece": p}) for line in STORY_BLOODLINES for p in line])
for e in s.log:
    if e.kind == "bloodline complete":
        print(f"[{e.clause}] {e.describe('en')} / {e.describe('zh')}")
gale, bulwark = (CONTENT.heroes[h] for h in STORY_HEROES)
view = s.view(None, with_log=False)["players"]
print({k: view[0][k] for k in ("speed", "range", "attack_power")}, {k: view[1][k] for k in ("defence", "hp_cap")})

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert (view[0]["speed"], view[0]["range"], view[0]["attack_power"]) == (gale["speed"] + 2, 1 + 1, gale["atk"] + 1)
assert view[1]["defence"] == bulwark["def"] + 2 and view[1]["hp_cap"] == 60

# %% [markdown]
# A built bloodline cannot be changed (`MB-bloodline-permanent`):

# %%
refused_rebuild = refusal(s, "bloodline", 0, piece="brutal")
print(refused_rebuild)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refused_rebuild.clause == "MB-bloodline-permanent"

# %% [markdown]
# How many different bloodlines can a player build? Count them two ways: walk every path of the engine's offers
# (system → keystone → fragment → fragment → dust), and multiply the rule's numbers, 4 × 3 × 3 × 3 × dusts.

# %%
def bloodline_count(state):
    """Every complete bloodline reachable from seat 0's first pick, walked through the engine's offers."""
    def walk(t, depth):
        if depth == 5:
            return 1
        return sum(walk(step(t, "bloodline", piece=a["piece"]), depth + 1) for a in t.legal_actions())
    return walk(state, 0)

before_bloodlines = run(explorer.new_game(GID, 2), story_setup()[:4])
walked = bloodline_count(before_bloodlines)
closed = len(CONTENT.systems) * 3 * 3 * 3 * len(CONTENT.dusts)
print("bloodlines a player can build:", walked, "=", closed)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert walked == closed

# %% [markdown]
# ## 抉择 4 and 5: the winning score and the turn order
#
# `MB-choice-4-score`: the table agrees on the score that wins (「协商决定获胜所需的得分」): any positive whole
# number. The document never says how score is earned: a kill gives the killer 1 point (switch `kill_score`,
# notebook 4, `MB-A08`). The engine lists 1 to 5, a menu for bots and OpenSpiel; the Play tab's number box and
# the API take any other number, and a score below 1 is refused naming the rule. A table that agreed before
# sitting down passes the variant switch `win_score` and is not asked. Our table plays to 3.
#
# `MB-choice-5-order`: 「用公平的任意方式决定先后行动顺序」 — any fair way. Here it is a chance node over every
# order of the seats, each equally likely (`MB-A24`). With 2 players each order has chance 1/2; with 3 players
# 1/6 (3! orders):

# %%
display(Markdown(assumption_markdown(GID, ["MB-A08", "MB-A24"])))
offered = [a["score"] for a in s.legal_actions()]
print("scores offered:", offered)
print("a score of 12, beyond the menu:", s.apply(explorer.act(GID, "win_score", 0, score=12)).events[-1].describe("en"))
refused_zero = refusal(s, "win_score", 0, score=0)
print("a score of 0:", refused_zero)
agreed = run(explorer.new_game(GID, 2, {"win_score": 12}), story_setup()[:14])
print("agreed before the game:", agreed.data.phase, agreed.data.win_score)
s = step(s, "win_score", score=3)
orders = {a["order"]: p for a, p in s.chance_outcomes()}
print("orders:", orders)
three = run(explorer.new_game(GID, 3), setup_steps(["gale", "bulwark", "sage"], [STORY_BLOODLINES[0]] * 3,
                                                   [(0, 0), (6, 0), (0, 6)], [()] * 3)[:21])
first_seat = Counter()
for a, p in three.chance_outcomes():
    first_seat[a["order"][0]] += p
print("3 players, chance of going first:", dict(first_seat))

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert offered == [1, 2, 3, 4, 5]
assert refused_zero.clause == "MB-choice-4-score"
assert agreed.data.phase == "order" and agreed.data.win_score == 12
assert s.current_player == CHANCE
assert orders == {(0, 1): Fraction(1, 2), (1, 0): Fraction(1, 2)}
assert len(three.chance_outcomes()) == 6 and set(first_seat.values()) == {Fraction(1, 3)}

# %% [markdown]
# We give chance the order (0, 1): P0 (Gale) goes first.
#
# ## 抉择 6: spawn points, in turn order
#
# `MB-choice-6-spawn`: players pick their spawn points, in turn order, among those the map marks. P0 takes the
# west middle spawn (0, 3); P1 is then offered the other five, and P0's is refused:

# %%
s = step(s, "order", order=(0, 1))
print(s.events[-1].describe("en"))
s = step(s, "spawn", cell=STORY_SPAWNS[0])
left = [a["cell"] for a in s.legal_actions()]
print("P1 may pick:", left)
refused_spawn = refusal(s, "spawn", cell=STORY_SPAWNS[0])
print(refused_spawn)
s = step(s, "spawn", cell=STORY_SPAWNS[1])
for e in s.events:
    print(f"#{e.id} [{e.clause}] {e.describe('en')}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refused_spawn.clause == "MB-choice-6-spawn"
assert set(left) == set(CONTENT.maps["arena"].spawns) - {STORY_SPAWNS[0]}

# %% [markdown]
# ## 进行: shuffle, deal, and the first turn
#
# `MB-play-shuffle`: the cards are shuffled and set out. The deck is the seed's **deck composition**
# (`MB-card-deck`): 【O1 O3 D1 M1 S1 S3】×7 and 【O2 D2 M2 S2】×5 = 62 cards, of the four types
# (`MB-card-types`) 攻势 O, 防御 D, 移动 M, 技巧 S; the number is the cost. What each card *does* is not in the
# seed; the sample cards are `MB-A01` (notebook 2).
#
# The seed deals no starting hand and gives no starting stamina, but the first turns would be empty without
# them: each hero starts with **3 stamina** (`MB-A02`, switch `start_stamina`) and **3 cards**, dealt in turn
# order after the spawns (`MB-A03`, switch `start_hand`). Each card dealt is a chance node: the first card is an
# O1 with chance 7/62.

# %%
display(Markdown(assumption_markdown(GID, ["MB-A02", "MB-A03"])))
counts = Counter()
for group, copies in (("O1 O3 D1 M1 S1 S3", 7), ("O2 D2 M2 S2", 5)):
    for card in group.split():
        counts[card] += copies
print("deck:", dict(s.data.deck.counts()))
first_card = {a["card"]: p for a, p in s.chance_outcomes()}

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.deck.counts() == dict(counts) and len(s.data.deck) == 6 * 7 + 4 * 5 == 62
assert {CONTENT.cards[c]["type"] for c in counts} == {"O", "D", "M", "S"}
assert s.current_player == CHANCE and first_card["O1"] == Fraction(counts["O1"], 62) == Fraction(7, 62)
assert sum(first_card.values()) == 1

# %%
deal = [("draw", {"card": c}) for seat in (0, 1) for c in STORY_HANDS[seat]]
s = run(s, deal)
print("hands:", [h.hand for h in s.data.heroes], "· deck left:", len(s.data.deck))
for e in s.log:
    if e.clause in ("MB-play-shuffle", "MB-card-deck", "MB-choice-7-first-turn"):
        print(f"[{e.clause}] {e.describe('en')} / {e.describe('zh')}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [sorted(h.hand) for h in s.data.heroes] == [sorted(x) for x in STORY_HANDS]
assert len(s.data.deck) == 62 - 6 and [h.stamina for h in s.data.heroes] == [3 + 1, 3]   # P0's turn gave +1
assert s.current_player == CHANCE and s.data.draws == (0, 0)        # P0's draw phase waits for two cards

# %% [markdown]
# `MB-choice-7-first-turn`: P0's turn has begun — its start phase already gave it 1 stamina, steps and an attack
# chance, and its draw phase now waits for two cards. That is notebook 2.
#
# ### Both switches, both ways
#
# The same setup with each value of `start_stamina` and `start_hand` (a table without a starting hand simply
# has no deal):

# %%
def after_setup(variant):
    hand = variant.get("start_hand", 3)
    hands = [("O1",) * hand, ("D1",) * hand]
    steps = setup_steps(STORY_HEROES, STORY_BLOODLINES, STORY_SPAWNS, hands)
    return run(explorer.new_game(GID, 2, variant), steps)

start_stamina, start_hand = {}, {}
for value in (3, 0, 6):
    t = after_setup({"start_stamina": value})
    start_stamina[value] = [h.stamina for h in t.data.heroes]
    print("start_stamina", value, "→ stamina:", start_stamina[value])
for value in (3, 0, 5):
    t = after_setup({"start_hand": value})
    start_hand[value] = ([len(h.hand) for h in t.data.heroes], len(t.data.deck))
    print("start_hand", value, "→ hands:", start_hand[value][0], "deck:", start_hand[value][1])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(start_stamina[v] == [v + 1, v] for v in start_stamina)    # the first player's start phase gave +1
assert all(start_hand[v] == ([v, v], 62 - 2 * v) for v in start_hand)

# %% [markdown]
# ### The table, and the map with its heroes
#
# The narrator's view of both heroes (a player would see only their own hand):

# %%
display(Markdown(hero_table(s)))
map_figure(s, title="Gale (P0) and Bulwark (P1) at their spawn points")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [h.pos for h in s.data.heroes] == list(STORY_SPAWNS)
assert s.data.heroes[1].hp == bulwark["hp"] + 6 + 4 + 4 == 58 and s.data.heroes[0].hp == gale["hp"]

# %% [markdown]
# Every clause taught above was cited by an event or a refusal of the engine, or shown by a check:

# %% tags=["remove-input"] jupyter={"source_hidden": true}
seen = clauses_seen(s) | {refused_twin.clause, refused_change.clause, refused_rebuild.clause, refused_spawn.clause}
SHOWN_OTHERWISE = {"MB-prep-players": "new games of 1 and 7 players refused",
                   "MB-prep-table": "not modelled (advice to people)",
                   "MB-mode-ruler": "the modes offered, and a Ruler table offered only Ruler",
                   "MB-map-cells": "the cells of each map counted",
                   "MB-hero-hp-cap": "the hp cap in the view (notebook 4 heals into it)",
                   "MB-choice-3-bloodline": "the offers at each pick (the events cite the step's own clause)",
                   "MB-card-types": "the four types of the deck",
                   "MB-bloodline-permanent": "the refused rebuild (static pieces in the stats)"}
assert set(TAUGHT) - seen <= set(SHOWN_OTHERWISE)

# %% [markdown]
# ## Summary
#
# * 2 to 6 players. Seat 0 speaks for the table in the negotiated choices (`MB-A07`).
# * Mode (classic, or Ruler when a setting changed), then a map: walls, special cells, spawn points.
# * Heroes in seat order, each once, kept all game; four stats, HP capped at 60.
# * A bloodline is five picks: system, keystone, a fragment from each column, a dust; static pieces add to
#   the stats for the whole game; a player has hundreds of bloodlines to choose from.
# * The winning score: any positive whole number (1 to 5 listed); the turn order is a fair chance node; spawns are picked in turn order.
# * The 62-card deck is shuffled; 3 cards and 3 stamina each (assumptions); the first player's turn begins.
#
# Next: **02_one_turn.ipynb** — P0's first turn, phase by phase.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
phantom_line = ("aegis", "bastion", "vigor", "anchor", "dust_hp")
phantom_spawned = run(explorer.new_game(GID, 2), setup_steps(["phantom", "sage"], [phantom_line, STORY_BLOODLINES[0]],
                                                             STORY_SPAWNS, STORY_HANDS)[:17])     # through P0's spawn
phantom_hp = phantom_spawned.data.heroes[0].hp

# %%
ex1 = Exercise("1. Phantom (幻影) builds the same bloodline as Bulwark: Great Shield, Bastion, Vigor, Anchor, "
               "Vital dust. With how much HP does Phantom spawn?",
               "1. 幻影构建与巨岩相同的血统：巨盾、堡垒、活力、锚定、生尘。幻影出生时有多少生命值？",
               answer=phantom_hp, game=GID, clause="MB-bloodline-total",
               hint_en="start from Phantom's hero card, then add what each fragment of the line gives",
               hint_zh="从幻影的英雄卡出发，再加上血统中每块碎片给出的数值")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert phantom_hp == CONTENT.heroes["phantom"]["hp"] + 14
four = run(explorer.new_game(GID, 4), setup_steps(["gale", "bulwark", "sage", "venom"], [STORY_BLOODLINES[0]] * 4,
                                                  [(0, 0), (6, 0), (0, 6), (6, 6)], [()] * 4)[:27])
p_seat2_last = sum(p for a, p in four.chance_outcomes() if a["order"][-1] == 2)

# %%
ex2 = Exercise("2. Four players. What is the chance that seat 2 takes the last turn of each round? (a fraction)",
               "2. 四名玩家。座位2在每轮最后行动的概率是多少？（分数）", answer=p_seat2_last, kind="fraction", game=GID, clause="MB-choice-5-order")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert p_seat2_last == Fraction(1, 4)
spawn_options = len(run(four, [("order", {"order": (3, 2, 1, 0)}), ("spawn", {"cell": (0, 0)}),
                               ("spawn", {"cell": (6, 6)})]).legal_actions())

# %%
ex3 = Exercise("3. Four players on the Arena. The first two players in turn order have picked their spawn points. "
               "How many spawn points is the third player offered?",
               "3. 四名玩家在角斗场。行动顺序中的前两名玩家已选好出生点。第三名玩家有多少个出生点可选？",
               answer=spawn_options, game=GID, clause="MB-choice-6-spawn")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert spawn_options == len(CONTENT.maps["arena"].spawns) - 2
for ex, right in ((ex1, phantom_hp), (ex2, "1/4"), (ex3, spawn_options)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
