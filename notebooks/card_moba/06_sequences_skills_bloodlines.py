# %% [markdown]
# # 卡驱MOBA · 6 — Cards in sequence: skills, passives, marks and bloodlines
#
# **The rules (规则——英雄详解, 血统详解, 卡牌详解, seed 001):**
#
# > 英雄的技能名后面的【】括号内的内容为技能动作，说明了获得该技能使用机会所要求的卡牌打出顺序，若括号内的内容被“/”分隔开，
# > 即表示该技能有多种打出顺序和效果。比如在上面的范例图片中，一名玩家控制该英雄在出牌阶段连续打出三张攻势牌，则在执行完毕
# > 这三张卡牌的效果后，其就会立即获得一次“飓风”技能的使用机会。若为【被动】，则不需要打出卡牌，而是通过技能描述中的条件来触发。
# >
# > 标记名后面的()括号内的内容为一名英雄最多被叠加多少次该标记，(-1)为无限。
# >
# > （上图有误，技能动作中的“A”应改为“O”……）
# >
# > 血统是英雄们额外获得的能力，组合多样；血统提供的能力在一局中一直生效……
# >
# > 卡牌的打出是英雄行动、释放技能的主要手段……卡牌中的费用说明了打出该卡牌所需消耗的体力值，通常情况下不足则无法打出。
#
# In English: the 【】 after a skill's name is its **action sequence** (技能动作): the order in which cards must be
# played to earn one **use** (使用机会) of the skill. Play three offensive cards in a row, and once their effects
# are done you *immediately* gain one use of Hurricane 飓风 【O O O】 (the example card prints 【A A A】). A "/" separates alternatives, each with its own
# effect. A 【被动】 (passive) skill needs no cards: it fires on its condition. A mark's (n) is how many times a
# hero can carry it; (-1) is unlimited. The picture of the example hero printed "A" where it meant "O" (errata).
# A bloodline's abilities last the whole game. Playing cards is the main way to act and to unlock skills, and a
# card costs stamina.
#
# Notebook 1 built the bloodlines; here we see what they *do*, and we unlock every skill of every sample hero.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 技能 / 技能动作 | skill / action sequence | the 【】 after the name |
# | 使用机会 | a use (of a skill) | gained by playing the sequence |
# | 被动 | passive | fires on its trigger, no cards |
# | 标记 / 叠加 | mark / stack | (n) = most stacks; (-1) = no limit |
# | 血统 · 基石 · 碎片 · 尘 | bloodline · keystone · fragment · dust | notebook 1 |
# | 费用 / 体力值 | cost / stamina | |
# | 攻势 O · 防御 D · 移动 M · 技巧 S | offensive · defence · movement · skill | card types |
# | 勘误 | errata | "A" reads "O" |

# %%
from collections import Counter

import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer.games.card_moba.content import sample
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, clauses_seen, run, step
from widgets.games.card_moba.lessons import events_since, position, refusal, with_hero

GID = "card_moba"
GAME = explorer.get_game(GID)
CONTENT = sample()
TAUGHT = ["MB-hero-skill-sequence", "MB-hero-skill-alternatives", "MB-hero-errata", "MB-hero-passive",
          "MB-hero-marks", "MB-card-main", "MB-card-cost", "MB-play-exceptions", "MB-bloodline-permanent",
          "MB-bloodline-keystone", "MB-bloodline-fragments", "MB-bloodline-dust"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# One card of each type that needs no target and draws nothing (so no chance node interrupts a sequence).
CARD_OF = {"O": "O1", "D": "D1", "M": "M1", "S": "S2"}


def show(before, after):
    """Print the events ``after`` added, each with its clause."""
    for line in events_since(before, after):
        print(line)


def plays(sequence):
    """The steps that play one card of each type of ``sequence`` (e.g. "OOD"), in order."""
    return [("play", {"card": CARD_OF[t]}) for t in sequence]

# %% [markdown]
# ## The seed's own example: Gale's Hurricane 飓风 【A A A / M M】 (`MB-hero-errata`)
#
# The example hero card is missing from the seed; the sample hero Gale carries its skill (`MB-A12`). The hero
# file writes the sequence as printed, "AAA/MM"; the engine reads each "A" as "O", as the errata says:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A12"])))
hurricane = CONTENT.heroes["gale"]["skills"][0]
print(hurricane["en"], hurricane["zh"], "printed:", hurricane["actions"], "→ read:", [a["seq"] for a in hurricane["alts"]])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert hurricane["actions"] == "AAA/MM" and [a["seq"] for a in hurricane["alts"]] == ["OOO", "MM"]

# %% [markdown]
# Gale (P0) holds three O1 cards (O1: gain an attack chance). She plays them one by one. Each card is paid
# (`MB-card-cost`), its effect is done (an extra attack chance: a card's effect may break the usual "one attack
# a turn", `MB-play-exceptions`), and only after the third card's effect comes the grant:

# %%
s = position(("gale", "bulwark"), ((1, 3), (2, 3)), hands=(("O1", "O1", "O1"), ()), steps=0)
ooo = run(s, plays("OOO"))
show(s, ooo)
log = ooo.log[len(s.log):]
grant = [e for e in log if e.clause == "MB-hero-skill-sequence"]
used = step(ooo, "skill", skill="hurricane#0", target=1)
show(ooo, used)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(grant) == 1 and grant[0] is log[-1] and grant[0].number("skill") == "hurricane#0"
assert dict(ooo.data.heroes[0].uses) == {"hurricane#0": 1} and ooo.data.heroes[0].attacks == 1 + 3
assert used.data.heroes[0].uses == ()

# %% [markdown]
# ### What counts as "in a row"? (`MB-A20`)
#
# The seed says 「连续打出三张攻势牌」 and 「立即获得」 but leaves questions open: do moves and attacks between the
# cards break the row? Can one card count toward two skills? Which cards does a grant use up? Do unused uses
# last? Our reading:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A20"])))

# %% [markdown]
# Checked through the engine: six O cards give two uses (each grant spends its three cards); an attack and a
# move between the cards do not break the row; a D card among them does; unused uses are gone when the turn
# ends.

# %%
six = run(position(("gale", "bulwark"), ((1, 3), (4, 3)), hands=(("O1",) * 6, ()), steps=2), plays("OOOOOO"))
with_moves = run(position(("gale", "bulwark"), ((1, 3), (2, 3)), hands=(("O1",) * 3, ()), steps=2),
                 [*plays("O"), ("attack", {"target": 1}), *plays("O"), ("move", {"to": (1, 2)}), *plays("O")])
broken = run(position(("gale", "bulwark"), ((1, 3), (4, 3)), hands=(("O1", "O1", "D1", "O1"), ()), steps=0),
             plays("OODO"))
print("six O:", dict(six.data.heroes[0].uses), "· O attack O move O:", dict(with_moves.data.heroes[0].uses),
      "· O O D O:", dict(broken.data.heroes[0].uses))
turn_over = run(six, [("end", {}), ("draw", {"card": "O1"}), ("draw", {"card": "O1"})])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert dict(six.data.heroes[0].uses) == {"hurricane#0": 2}
assert dict(with_moves.data.heroes[0].uses) == {"hurricane#0": 1}
assert dict(broken.data.heroes[0].uses) == {}
assert turn_over.data.heroes[0].uses == () and turn_over.data.heroes[0].played == ""

# %% [markdown]
# ### One card, several skills
#
# Sage 贤者 has Radiance 圣光 【S S】, Arcane missile 奥术飞弹 【S O】 and Unravel 解构 【S S O】. Played S, S, O: the second S
# completes Radiance; the O then completes *both* Arcane missile (S O) and Unravel (S S O) — the S cards Radiance
# spent are spent for Radiance only. Under a reading where every grant cleared a shared row, Unravel could never be
# reached after Radiance (the rejected alternative of `MB-A20`).
#
# A picture of that row: each card played, and the skills each card completed.

# %%
s = position(("sage", "gale"), ((1, 3), (3, 3)), hands=(("S2", "S2", "O1"), ()), steps=0)
rows, state = [], s
for card in ("S2", "S2", "O1"):
    nxt = step(state, "play", card=card)
    rows.append((card, [e.number("skill") for e in nxt.log[len(state.log):] if e.kind == "skill unlocked"]))
    state = nxt
sso = state
print(rows)
fig = go.Figure()
fig.add_trace(go.Scatter(x=[1, 2, 3], y=[0, 0, 0], mode="markers+text", text=[c for c, _ in rows],
                         textposition="middle center", textfont={"color": "white", "size": 13},
                         marker={"size": 40, "symbol": "square", "color": "#337ab7"}, name="card played"))
names = {f"{k['id']}#0": f"{k['en']} 【{k['actions']}】" for k in CONTENT.heroes["sage"]["skills"]}
for level, key in enumerate(["radiance#0", "missile#0", "unravel#0"], start=1):
    seq = next(a["seq"] for k in CONTENT.heroes["sage"]["skills"] for a in k["alts"] if f"{k['id']}#0" == key)
    done = next(i for i, (_, keys) in enumerate(rows, start=1) if key in keys)
    fig.add_trace(go.Scatter(x=list(range(done - len(seq) + 1, done + 1)), y=[level] * len(seq), mode="lines+markers",
                             line={"width": 6}, name=f"{names[key]} granted after card {done}"))
fig.update_layout(title="Sage plays S, S, O<br><sup>three skill uses from three cards</sup>", height=400,
                  xaxis={"title": "card played (in order)", "dtick": 1, "range": [0.5, 3.5]},
                  yaxis={"visible": False, "range": [-0.7, 3.5]}, legend={"orientation": "h", "y": -0.4})
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert rows == [("S2", []), ("S2", ["radiance#0"]), ("O1", ["missile#0", "unravel#0"])]

# %% [markdown]
# ## Every sample hero, every skill
#
# For each sample hero and each alternative of each skill, a fresh position: the hero (P0) holds one card per
# letter of the sequence (O1, D1, M1 or S2, none of which needs a target), plays them, gains the use, and uses
# it against Reaver (P1; Gale, for Reaver himself) standing next to it. The table is built from the engine's events:

# %%
def unlock_and_use(hero_id, skill, alt_index, alt):
    """Play ``alt``'s sequence as P0 ``hero_id`` next to an enemy, then use the skill once."""
    key = f"{skill['id']}#{alt_index}"
    enemy = "reaver" if hero_id != "reaver" else "gale"
    hand = tuple(CARD_OF[t] for t in alt["seq"])
    s = position((hero_id, enemy), ((1, 3), (2, 3)), hands=(hand, ()), steps=0, stamina=12)
    t = run(s, plays(alt["seq"]))
    granted = [e.number("skill") for e in t.log[len(s.log):] if e.kind == "skill unlocked"]
    options = [a for a in t.legal_actions() if a.kind == "skill" and a["skill"] == key]
    choice = next((a for a in options if a.get("target") == 1 or a.get("direction") == "E"), options[0])
    u = t.apply(choice)
    return key, granted, u, t


table = ["| hero | skill | printed | played | skills granted | first effect of the use |", "|---|---|---|---|---|---|"]
results = {}
for hid, hero in CONTENT.heroes.items():
    for skill in hero["skills"]:
        if skill["actions"] == "被动":
            continue
        for i, alt in enumerate(skill["alts"]):
            key, granted, used_state, before_use = unlock_and_use(hid, skill, i, alt)
            effect = next(e for e in used_state.log[len(before_use.log) + 1:])
            results[(hid, key)] = (granted, used_state)
            table.append(f"| {hero['en']} {hero['zh']} | {skill['en']} {skill['zh']} | 【{skill['actions']}】 | "
                         f"{' '.join(CARD_OF[t] for t in alt['seq'])} | {', '.join(granted)} | "
                         f"[{effect.clause}] {effect.describe('en')} |")
display(Markdown("\n".join(table)))
alternatives = sum(len(k["alts"]) for h in CONTENT.heroes.values() for k in h["skills"] if k["actions"] != "被动")
print(len(results), "skill alternatives of", len(CONTENT.heroes), "heroes unlocked and used")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert len(results) == alternatives and {h for h, _ in results} == set(CONTENT.heroes)
for (_, key), (granted, used_state) in results.items():
    assert key in granted
    assert any(e.kind == "skill" and e.number("skill") == key for e in used_state.log)

# %% [markdown]
# Phantom's row shows the same sharing as Sage's: O then M completes Assassinate 【O M】 *and* Flicker's first
# alternative 【M】 at once.

# %%
granted, _ = results[("phantom", "assassinate#0")]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert granted == ["flicker#0", "assassinate#0"]

# %% [markdown]
# ### A card needs a target; a card needs stamina
#
# A card or skill that names a target is offered only when a legal one exists (`MB-A26`): O2 (attack power + 1
# damage to an enemy within 1) with nobody near is refused, naming `MB-card-main`; so is a skill use without a
# target. A card that costs more stamina than the hero has is refused by `MB-card-cost`:

# %%
display(Markdown(assumption_markdown(GID, ["MB-A26"])))
far = position(("gale", "bulwark"), ((0, 3), (6, 3)), hands=(("O2", "O3"), ()), stamina=2)
errors = {card: refusal(far, "play", card=card, target=1) for card in ("O2", "O3")}
for err in errors.values():
    print(err)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert errors["O2"].clause == "MB-card-main" and errors["O3"].clause == "MB-card-cost"
assert not [a for a in far.legal_actions() if a.kind == "play"]

# %% [markdown]
# ### The blank card set (`MB-A01`, switch `card_set`)
#
# The seed names the card types and costs but never what a card *does*: the sample cards are ours. The
# alternative reading is that cards do nothing by themselves: they only pay stamina and build sequences. Switch
# `card_set = "blank"`: the same O O O still unlocks Hurricane, but the three O1 cards give no attack chances.

# %%
display(Markdown(assumption_markdown(GID, ["MB-A01"])))
outcome = {}
for card_set in ("sample", "blank"):
    s = position(("gale", "bulwark"), ((1, 3), (2, 3)), hands=(("O1", "O1", "O1"), ()), steps=0,
                 variant={"card_set": card_set})
    t = run(s, plays("OOO"))
    outcome[card_set] = (t.data.heroes[0].attacks, dict(t.data.heroes[0].uses))
    print(f"card_set = {card_set!r}: attack chances {outcome[card_set][0]}, uses {outcome[card_set][1]}")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert outcome == {"sample": (4, {"hurricane#0": 1}), "blank": (1, {"hurricane#0": 1})}

# %% [markdown]
# ## Passives 【被动】 (`MB-hero-passive`) and marks (`MB-hero-marks`)
#
# Six of the seven sample heroes have a passive (Warden has none). A passive fires on its trigger — when a card of a type is played, after an attack,
# when damaged (by at least some amount), on a kill, at the start phase — with no cards and no use spent
# (`MB-A14` says which triggers exist, and when).
#
# Two passives put **marks**. Reaver's Fury 狂暴 gives him a Rage 怒气 stack after each attack, Rage (3): at most 3
# stacks, each +1 attack power. Venom's Erode 侵蚀 puts Sunder 破势 on whom she attacks, Sunder (-1): no limit, each
# −1 attack power — which can take a hero's attack power below 1 (the low-attack event, `MB-event-LA`). Five
# attacks each (O1 cards give the attack chances):

# %%
passives = {h["en"]: [k["en"] for k in h["skills"] if k["actions"] == "被动"] for h in CONTENT.heroes.values()}
print(passives)


def five_attacks(attacker, victim):
    s = position((attacker, victim), ((1, 3), (2, 3)), hands=(("O1",) * 4, ()), steps=0, stamina=12)
    s = with_hero(s, 1, hp=60)
    return run(s, [*plays("OOOO"), *[("attack", {"target": 1})] * 5])


rage = five_attacks("reaver", "bulwark")
sunder = five_attacks("venom", "bulwark")
rage_marks = dict(rage.data.heroes[0].marks)
sunder_marks = dict(sunder.data.heroes[1].marks)
powers = [e.number("power") for e in rage.log if e.kind == "attack"]
bulwark_power = sunder.view(None, with_log=False)["players"][1]["attack_power"]
print("Reaver's attack power at each attack:", powers, "· Rage:", rage_marks)
print("Bulwark's Sunder:", sunder_marks, "→ attack power", bulwark_power)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [h for h, p in passives.items() if not p] == ["Warden"] and all(len(p) <= 1 for p in passives.values())
assert CONTENT.marks["rage"]["max"] == 3 and CONTENT.marks["sunder"]["max"] == -1
assert powers == [3, 4, 5, 6, 6] and rage_marks == {"rage": 3}
assert sunder_marks == {"sunder": 5} and bulwark_power == CONTENT.heroes["bulwark"]["atk"] - 5 == -3

# %% [markdown]
# A passive's damage fires no further "when damaged" passive (`MB-A14`), or two recoiling heroes would trade blows
# for ever. Bulwark's Recoil 反震 answers a hit of 4 or more with 1 true damage; give the attacker the Great-shield
# keystone Thorns 荆棘 (on taking damage, 1 true damage to the source): Recoil's damage does not fire Thorns.

# %%
thorny = ("aegis", "thorns", "plating", "anchor", "dust_atk")
s = position(("reaver", "bulwark"), ((1, 3), (2, 3)), pieces=(thorny, ()), steps=0)
hit = step(s, "attack", target=1)           # Reaver's attack power 3 + 1 (dust) = 4
show(s, hit)
fired = [e.number("source") for e in hit.log if e.kind == "passive"]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert "recoil" in fired and "thorns" not in fired and "fury" in fired

# %% [markdown]
# ## Bloodline pieces at work (`MB-bloodline-permanent`)
#
# A bloodline's abilities last the whole game. Some pieces are static (a stat bonus, like every dust); the
# others fire on the same triggers as the heroes' passives. The seed lists only one piece, 「残暴——统领」 (the
# keystone Command, +1 attack power); every other piece is sample content (`MB-A13`).
#
# For each of the 40 pieces, one position where its trigger comes up: the piece alone on Gale (P0, a hand-built
# what-if), against Reaver (P1); the engine's event (or the changed stat) proves it worked.

# %%
display(Markdown(assumption_markdown(GID, ["MB-A13"])))
STAT_FIELD = {"atk": "attack_power", "def": "defence", "speed": "speed", "range": "range", "hp": "hp"}


def piece_at_work(pid, entry):
    """(what happened, proof) when the bloodline piece ``pid`` is Gale's and its trigger comes up."""
    s = position(("gale", "reaver"), ((1, 3), (2, 3)), hands=(("O1", "D1", "M1", "S2", "S1"), ()), steps=0,
                 pieces=((pid,), ()))
    trigger = entry.get("trigger", "static")
    if trigger == "static":
        e = entry["effects"][0]
        plain = position(("gale", "reaver"), ((1, 3), (2, 3)))
        field = STAT_FIELD[e["stat"]]
        if field == "hp":
            gained = s.data.heroes[0].hp - plain.data.heroes[0].hp
        else:
            gained = s.view(None, with_log=False)["players"][0][field] - plain.view(None, with_log=False)["players"][0][field]
        return f"{e['stat']} {gained:+d}", gained == e["amount"]
    if trigger == "turn_start":
        t = run(s, [("end", {}), ("draw", {"card": "O1"}), ("draw", {"card": "O1"}),
                    ("end", {}), ("draw", {"card": "O1"}), ("draw", {"card": "O1"})])
    elif trigger == "on_attack":
        t = step(s, "attack", target=1)
    elif trigger == "on_kill":
        t = step(with_hero(s, 1, hp=1), "attack", target=1)
    elif trigger == "on_damaged":
        t = run(s, [("end", {}), ("draw", {"card": "O1"}), ("draw", {"card": "O1"}), ("attack", {"target": 0})])
    else:  # on_card
        card = CARD_OF[entry["card"]] if entry["card"] != "S" else "S2"
        t = step(s, "play", card=card)
    fired = [e for e in t.log[len(s.log):] if e.kind == "passive" and e.number("source") == pid]
    after = [x for x in t.log if fired and x.cause == fired[0].id]
    return (f"{trigger}: " + "; ".join(x.describe("en") for x in after)), bool(fired) and bool(after)


table = ["| piece | 中文 | system | slot | trigger | at work |", "|---|---|---|---|---|---|"]
worked = {}
for pid, entry in [*CONTENT.pieces.items(), *CONTENT.dusts.items()]:
    what, ok = piece_at_work(pid, entry)
    worked[pid] = ok
    table.append(f"| {entry['en']} | {entry['zh']} | {entry.get('system', '—')} | {entry.get('slot', 'dust')} | "
                 f"{entry.get('trigger', 'static')} | {what} |")
display(Markdown("\n".join(table)))
print(sum(worked.values()), "of", len(worked), "pieces seen at work")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(worked.values()) and len(worked) == 4 * 9 + len(CONTENT.dusts)
assert Counter(x["slot"] for x in CONTENT.pieces.values()) == {"keystone": 12, "fragment_a": 12, "fragment_b": 12}

# %% [markdown]
# A bloodline's passive fires like a hero's passive, and its event cites `MB-bloodline-permanent` (a hero's cites
# `MB-hero-passive`). Each column gave one fragment (`MB-bloodline-fragments`), the keystone came from the system
# (`MB-bloodline-keystone`), and the dust from the shared dust column (`MB-bloodline-dust`), as notebook 1 built them.

# %%
story = position(("gale", "bulwark"), ((1, 3), (2, 3)), hands=(("M1",), ()), steps=0,
                 pieces=(("storm", "eye", "drift", "squall", "dust_atk"), ()))
t = step(story, "play", card="M1")
show(story, t)
clauses = {e.number("source"): e.clause for e in t.log if e.kind == "passive"}

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert clauses == {"tailwind": "MB-hero-passive", "drift": "MB-bloodline-permanent"}

# %% [markdown]
# Every clause taught here was cited by an event or a refusal:

# %% tags=["remove-input"] jupyter={"source_hidden": true}
seen = clauses_seen(ooo, used, sso, hit, t, rage, *[u for _, u in results.values()]) | {e.clause for e in errors.values()}
SHOWN_OTHERWISE = {"MB-hero-errata": "the printed 【A A A】 read as O O O",
                   "MB-bloodline-keystone": "the keystones in the table of pieces",
                   "MB-bloodline-fragments": "the fragments of both columns in the table of pieces",
                   "MB-bloodline-dust": "the dust column in the table of pieces"}
assert set(TAUGHT) - seen <= set(SHOWN_OTHERWISE)

# %% [markdown]
# ## Summary
#
# * A skill's 【】 is the order of card types to play; "A" reads "O". When the cards' effects are done, the use is
#   granted at once; "/" gives alternatives with their own effects.
# * Each alternative reads the cards since its own last grant: moves and attacks do not break a row, another card
#   does; one card may complete several skills; the uses go at the end of the turn (`MB-A20`).
# * Every skill of the seven sample heroes can be unlocked and used.
# * A passive fires on its trigger; marks stack to their (n), (-1) without limit; a passive's damage fires no
#   further passive.
# * Bloodline pieces are static bonuses or passives that last the whole game.
#
# Next: **07_ruler_mode.ipynb** — the settings a Ruler table may change.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
seven = run(position(("gale", "bulwark"), ((1, 3), (4, 3)), hands=(("O1",) * 7, ()), steps=0, stamina=12), plays("O" * 7))
ex1_uses = dict(seven.data.heroes[0].uses)["hurricane#0"]

# %%
ex1 = Exercise("1. Gale plays seven O1 cards in a row. How many uses of Hurricane 【O O O】 has she?",
               "1. 疾风连续打出七张O1。她获得了几次“飓风”【O O O】的使用机会？", answer=ex1_uses, game=GID,
               clause="MB-hero-skill-sequence")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
bulk = run(position(("sage", "gale"), ((1, 3), (3, 3)), hands=(("S2", "S2", "S2", "O1"), ()), steps=0, stamina=12),
           plays("SSSO"))
ex2_uses = sum(n for _, n in bulk.data.heroes[0].uses)

# %%
ex2 = Exercise("2. Sage plays S, S, S, O. How many skill uses has she gained in all (Radiance 【S S】, Arcane missile "
               "【S O】, Unravel 【S S O】)?",
               "2. 贤者依次打出S、S、S、O。她一共获得了几次技能使用机会（圣光【S S】、奥术飞弹【S O】、解构【S S O】）？",
               answer=ex2_uses, game=GID, clause="MB-hero-skill-sequence", hint_en="each skill reads the cards since its own last grant",
               hint_zh="每个技能只看自己上次获得之后打出的牌")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
four = run(position(("reaver", "bulwark"), ((1, 3), (2, 3)), hands=(("O1",) * 3, ()), steps=0), [
    *plays("OOO"), *[("attack", {"target": 1})] * 3])
ex3_power = four.view(None, with_log=False)["players"][0]["attack_power"]

# %%
ex3 = Exercise("3. Reaver (attack 3, passive Fury: +1 Rage after each attack, Rage (3), +1 attack power per stack) "
               "attacks three times. What is his attack power now?",
               "3. 掠夺者（攻击力3，被动狂暴：每次攻击后获得1层怒气，怒气(3)，每层攻击力+1）攻击了三次。他现在的攻击力是多少？",
               answer=ex3_power, game=GID, clause="MB-hero-marks")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, ex1_uses), (ex2, ex2_uses), (ex3, ex3_power)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
