# %% [markdown]
# # 城堡之心 · 5 — Dying, rescue, death, rewards and penalties, and the end of the game
#
# **The rule (seed 003, 英雄死亡 and 游戏规则):**
#
# > 英雄的生命值被削减到0或者以下时，陷入濒死状态，此期间如果对其使用愈，即可恢复其1点生命，英雄的生命值被恢复到1点时，重新复归。若回合结束未能将生命恢复到1点，该英雄死亡。
# >
# > 如果该英雄死亡时，部署的士兵没有死亡，同阵营的其他英雄可以选择将其收入麾下，不过依然要注意领导值的限制。
# >
# > 任何人消灭敌军（或者宣布为敌军的中立――这很常见），都可以获得摸3张牌的奖励。敌军消灭援军（或者宣布为援军的中立），获得摸3张牌的奖励。
# > 城主消灭援军（或者宣布为援军的中立――这不太可能，除非城主脑残），损失全部手牌及装备卡。援军消灭援军，中立被消灭，没有任何奖励与惩罚。
# >
# > 城主被消灭，游戏结束。所有敌军被消灭，中立可选择是否投靠，选择投靠则游戏结束，选择不投靠则转变阵营为敌军。中立在选择阵营为援军的时候，所有敌军被消灭，游戏结束。
#
# In English: a hero brought to 0 HP or below is **dying** (濒死). Each 愈 (heal) used on it restores 1 HP, and back
# at 1 HP it is **back on its feet** (复归); if it is not back to 1 by the end of the turn, it **dies**. A dead hero's
# surviving soldiers may join another hero of its side, within leadership. Killing an enemy earns 3 cards; an enemy
# killing a reinforcement earns 3 cards; a lord killing a reinforcement loses its hand and equipment; anything else
# earns nothing. The game ends when the lord falls, or when every enemy is gone — then a neutral chooses to join
# the lord (the end) or to become an enemy.

# %% [markdown]
# ## Vocabulary
#
# | 中文 | English | |
# |---|---|---|
# | 濒死 / 复归 / 死亡 | dying / back on its feet / death | |
# | 愈 | heal (a basic card) | `CH-A04` |
# | 消灭 | eliminate | who gets the credit: `CH-A19` |
# | 奖励 / 惩罚 | reward / penalty | |
# | 收入麾下 | take (a dead hero's soldiers) under one's command | |
# | 城主 / 敌军 / 援军 / 中立 | lord / enemy / reinforcement / neutral | |
# | 宣布 / 投靠 / 转变阵营 | declare / join (the lord) / change sides | |
# | 阵营 / 势力 | side / faction | |

# %%
import inspect

import plotly.graph_objects as go
from IPython.display import Markdown, display

import explorer
from explorer import CHANCE, TERMINAL, IllegalAction
from explorer.games.castle_heart.records import put
from widgets.learn.exercise import Exercise
from widgets.learn.lessons import assumption_markdown, clause_markdown, run, step, what_if
from widgets.games.castle_heart.lessons import TUTORIAL_TABLE, event_lines, prepare, table_figure

GID = "castle_heart"
TAUGHT = ["CH-death-dying", "CH-death-heal-dying", "CH-death-revive", "CH-death-end-of-turn", "CH-turn-play-heal",
          "CH-max-hp", "CH-death-soldiers-join", "CH-reward-kill-enemy", "CH-reward-enemy-kills-reinforcement",
          "CH-penalty-lord-kills-reinforcement", "CH-reward-none", "CH-end-lord-dies",
          "CH-end-enemies-dead-neutral-choice", "CH-end-neutral-as-reinforcement", "CH-neutral-declare",
          "CH-goal-lord", "CH-goal-enemy", "CH-goal-reinforcement", "CH-goal-neutral"]
display(Markdown(clause_markdown(GID, TAUGHT)))

# %% [markdown]
# ## The table
#
# The six seats the tutorials share (`widgets/games/castle_heart/lessons.py`): P0 the lord 莱恩子爵 Viscount Ryan with two
# knights; enemies at P1 (狂战士 Berserker, whose 剑 attacks deal 2), P3 (精灵游侠 Elf Ranger, HP 3, no soldiers) and
# P5; a reinforcement at P2 (铁卫队长 Iron-guard Captain, HP 5, a lynx); a neutral at P4 (李维 Levi). We choose the
# opening hands for this notebook, and each draw as we go.

# %%
HANDS = [["fireball", "heal"], ["sword", "sword"], ["mana", "heal"], ["sword", "mana"], ["heal", "sword"],
         ["sword", "mana"]]


def table(draws, hands=HANDS, variant=None):
    """The lord's first play phase: the shared table with these opening hands and the lord's two draws."""
    state = prepare(TUTORIAL_TABLE["identities"], TUTORIAL_TABLE["heroes"], hands, TUTORIAL_TABLE["deployments"],
                    variant)
    return run(state, [("draw", {"card": c}) for c in draws])


def let_magic_work(state):
    """Everyone asked passes on counter-magic (CH-magic-counter, asked of all: CH-A21)."""
    while state.data.phase == "counter":
        state = step(state, "let_pass")
    return state


def nobody_helps(state):
    """Everyone asked at the end of the turn says no: no 愈 (CH-A18), no soldier taken (CH-A36)."""
    while state.data.phase in ("rescue", "join") and state.current_player != CHANCE:
        key = "target" if state.data.phase == "rescue" else "soldier"
        state = step(state, state.data.phase, **{key: None})
    return state


def show(before, after, viewer=None):
    for line in event_lines(before, after, viewer=viewer):
        print(" ", line)


start = table(["sword", "heal"])
table_figure(start, viewer=0, title="城堡之心 · tutorial 5")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [s.hp for s in start.data.seats] == [4, 4, 5, 3, 4, 4]

# %% [markdown]
# ## Dying (`CH-death-dying`)
#
# The lord throws a fireball (爆裂火球, 3 damage) at the Elf Ranger, who has 3 HP and no soldiers. At 0 HP she is
# dying — not dead: death waits for the end of the turn. Whose damage brought her to 0 is remembered: that hero
# "eliminates" her if she dies (`CH-A19`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A19"])))
fire = let_magic_work(step(start, "magic", card="fireball", target=3, what=None))
show(start, fire)
ranger = fire.data.seats[3]

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert ranger.hp == 0 and ranger.alive and ranger.killer == 0
assert [e.clause for e in fire.log if e.kind == "dying"] == ["CH-death-dying"]

# %% [markdown]
# ## Rescue with 愈 (`CH-death-heal-dying`, `CH-death-revive`)
#
# Who may give the 愈? The seed does not say (`CH-A18`). The engine lets the hero whose turn it is do it in its
# play phase, and at the end of the turn asks **every** living hero, in turn order from the active one — also
# those holding no 愈, who can only say no, so that the question itself reveals no hand.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A18"])))
print([a.describe("en") for a in fire.legal_actions() if a.kind == "heal"])
saved_now = step(fire, "heal", target=3)
show(fire, saved_now)

end_of_turn = run(fire, [("end_play", {}), ("command", {"target": None})])
print("asked, in order:", end_of_turn.data.queue, "about the dying:", end_of_turn.data.dying)
options = {}
s = end_of_turn
while s.data.phase == "rescue" and s.current_player != 4:
    options[s.current_player] = [a.describe("en") for a in s.legal_actions()]
    s = step(s, "rescue", target=None)
for seat_, opts in options.items():
    print(f"P{seat_}: {opts}")
rescued = step(s, "rescue", target=3)                                # the neutral Levi gives his 愈
show(s, rescued)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert saved_now.data.seats[3].hp == 1 and any(e.clause == "CH-death-revive" for e in saved_now.events)
assert end_of_turn.data.phase == "rescue" and end_of_turn.data.queue == (0, 1, 2, 3, 4, 5)
assert options[1] == ["Player 1 gives no Heal card"]                # no 愈 in hand: only "no"
assert rescued.data.seats[3].hp == 1 and rescued.data.seats[3].alive

# %% [markdown]
# A 愈 restores 1 HP each; healing never goes above a hero's starting HP (`CH-turn-play-heal`, `CH-max-hp`,
# `CH-A06`): the lord, unhurt, has no "heal myself" among its actions.

# %%
try:
    step(start, "heal", target=0)
except IllegalAction as refusal:
    refused_heal = refusal
    print("refused:", refusal)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert refused_heal.clause == "CH-max-hp"                # NameError if it was allowed
assert not any(a.kind == "heal" and a.get("target") == 0 for a in start.legal_actions())

# %% [markdown]
# ## Death, and the reward for an enemy (`CH-death-end-of-turn`, `CH-reward-kill-enemy`)
#
# If everyone says no, the Ranger dies at the end of the lord's turn. Her identity is shown — she was an enemy —
# and her hand and equipment go to the discard pile (`CH-A34`, `CH-A09`). The lord eliminated an enemy: it draws 3
# cards (three CHANCE draws).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A34", "CH-A09"])))
s = end_of_turn
s = nobody_helps(s)
dead = s
show(end_of_turn, dead)
ranger = dead.data.seats[3]
rewarded = run(dead, [("draw", {"card": c}) for c in ("sword", "mana", "heal")])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert not ranger.alive and ranger.revealed and ranger.identity == "enemy" and ranger.hand == ()
assert dead.current_player == CHANCE and dead.data.draws == (0, 0, 0)
assert any(e.clause == "CH-reward-kill-enemy" and e.actor == 0 for e in dead.events)
assert dead.view(1)["players"][3]["identity"] == "enemy"          # shown to everyone now
assert explorer.is_hidden(start.view(1)["players"][3]["identity"])  # hidden before
assert len(rewarded.data.seats[0].hand) == len(dead.data.seats[0].hand) + 3

# %% [markdown]
# ## An enemy kills a reinforcement; the orphaned lynx joins the lord
#
# A hand-built position (`what_if`, which starts a fresh log: event numbers begin again at #0): say the Iron-guard Captain (P2, the reinforcement) is down to 2 HP. The lord
# ends its turn; the Berserker (P1, an enemy) hits him for 2. Nobody saves him: the enemy draws 3
# (`CH-reward-enemy-kills-reinforcement`). His lynx survives; a hero of the **same side** with free leadership may
# take it (`CH-death-soldiers-join`). Everyone with free leadership is asked, in turn from the dead hero's seat;
# heroes of the other side may only decline, so the question reveals no side (`CH-A36`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A36"])))
hurt = what_if(start, put(start.data, 2, hp=2))
s = run(hurt, [("end_play", {}), ("command", {"target": None}), ("draw", {"card": "sword"}), ("draw", {"card": "mana"})])
s = run(s, [("attack", {"target": 2, "member": -1, "pay": "sword"}), ("take_hit", {}), ("end_play", {}),
            ("command", {"target": None})])
s = nobody_helps(s)
s = run(s, [("draw", {"card": c}) for c in ("sword", "sword", "heal")])
asked = {}
while s.data.phase == "join":
    asked[s.current_player] = [a.describe("en") for a in s.legal_actions()]
    s = step(s, "join", soldier=0 if s.current_player == 0 else None)
for seat_, opts in asked.items():
    print(f"P{seat_}: {opts}")
show(hurt, s)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert list(asked) == [3, 4, 5, 0] and all(len(asked[p]) == 1 for p in (3, 4, 5)) and len(asked[0]) == 2  # join phase
assert any(e.clause == "CH-reward-enemy-kills-reinforcement" and e.actor == 1 for e in s.log)
assert [x.kind for x in s.data.seats[0].soldiers] == ["knight", "knight", "lynx"]
assert len(s.data.seats[0].soldiers) <= s.data.seats[0].leadership

# %% [markdown]
# ## The lord kills a reinforcement: the penalty (`CH-penalty-lord-kills-reinforcement`)
#
# Now say the Captain is down to 1 HP. The lord puts on the knight armour and throws its fireball at him; he shares
# the 3 damage evenly with his lynx (2 to him, 1 to the lynx: `CH-A10`), which leaves him at −1: two 愈 are needed to
# bring him back to 1. The lord gives one (still dying), then nobody else: he dies, and the lord loses its whole
# hand and its equipment.

# %%
s = table(["knight_armour", "sword"])
s = step(what_if(s, put(s.data, 2, hp=1)), "equip", card="knight_armour")
burnt = step(let_magic_work(step(s, "magic", card="fireball", target=2, what=None)), "fireball_split", soldier=None)
s = run(burnt, [("end_play", {}), ("command", {"target": None}), ("rescue", {"target": 2})])
before_penalty = s
s = nobody_helps(s)
show(before_penalty, s)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert burnt.data.seats[2].hp == -1
assert before_penalty.data.seats[2].hp == 0 and before_penalty.data.phase == "rescue"       # one 愈 is not enough from −1
assert s.data.seats[0].hand == () and s.data.seats[0].equipment == ()
assert any(e.clause == "CH-penalty-lord-kills-reinforcement" for e in s.log[len(before_penalty.log):])

# %% [markdown]
# ## No reward, no penalty (`CH-reward-none`)
#
# A neutral eliminated (or a reinforcement killing a reinforcement) earns nothing: say Levi, the undeclared neutral,
# is down to 1 HP and the lord's fireball takes him.

# %%
s = table(["sword", "heal"])
s = step(let_magic_work(step(what_if(s, put(s.data, 4, hp=1)), "magic", card="fireball", target=4, what=None)),
         "fireball_split", soldier=None)
s = run(s, [("end_play", {}), ("command", {"target": None})])
s = nobody_helps(s)
rewards = [e for e in s.events if e.kind in ("reward", "penalty", "no reward")]
print([f"[{e.clause}] {e.describe('en')}" for e in rewards])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert [e.clause for e in rewards] == ["CH-reward-none"] and s.data.draws == (1, 1)   # only P1's own draw phase

# %% [markdown]
# ## The end: the lord falls (`CH-end-lord-dies`)
#
# Say the lord is down to 2 HP (so it keeps 2 cards, `CH-turn-discard`: two 愈). The Berserker hits it for 2 (HP 0).
# When the lord is asked at the end of the Berserker's turn it can save itself — or, if it does not, it dies and the game is over. Who wins? The
# enemies — every enemy, alive or not (`CH-goal-enemy`, `CH-A20`). Nothing is asked after the lord's death, not even
# who takes its knights.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A20"])))
s = table(["heal", "mana"], hands=[["heal", "mana"], *HANDS[1:]])
s = what_if(s, put(s.data, 0, hp=2))
s = run(s, [("end_play", {}), ("command", {"target": None}), ("discard", {"card": "mana"}), ("discard", {"card": "mana"}),
            ("draw", {"card": "sword"}), ("draw", {"card": "mana"})])
s = lord_dying = run(s, [("attack", {"target": 0, "member": -1, "pay": "sword"}), ("take_hit", {}), ("end_play", {}),
                         ("command", {"target": None})])
while s.current_player != 0:
    s = step(s, "rescue", target=None)
lord_saves_itself = step(s, "rescue", target=0)
show(s, lord_saves_itself)
lord_dies = step(s, "rescue", target=None)
show(s, lord_dies)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert lord_dying.data.seats[0].hp == 0 and lord_dying.data.seats[0].hand == ("heal", "heal") and lord_dying.data.queue[0] == 1
assert lord_saves_itself.data.seats[0].hp == 1 and not lord_saves_itself.is_terminal
assert lord_dies.is_terminal and lord_dies.winners == (1, 3, 5)
assert [e.clause for e in lord_dies.events if e.kind in ("lord falls", "game over")] == ["CH-end-lord-dies", "CH-goal-enemy"]

# %% [markdown]
# ### Two heroes fall at one turn's end (`CH-A43`)
#
# 「若回合结束未能将生命恢复到1点，该英雄死亡」 puts every death at the same moment, the turn's end, and 「城主被消灭，游戏结束」
# ends the game as the lord dies. Say the Black Knight (P5, an enemy with a lynx) is dying too when the Berserker ends
# its turn: it comes before the lord in turn order, and the Berserker has room for the lynx. Every rescue is asked
# first; then both die and the game is over — nobody is asked to take the lynx.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A43"])))
s = table(["heal", "mana"], hands=[["heal", "mana"], *HANDS[1:]])
s = what_if(s, put(s.data, 0, hp=2))
s = run(s, [("end_play", {}), ("command", {"target": None}), ("discard", {"card": "mana"}), ("discard", {"card": "mana"}),
            ("draw", {"card": "sword"}), ("draw", {"card": "mana"})])
s = run(s, [("attack", {"target": 0, "member": -1, "pay": "sword"}), ("take_hit", {})])
s = what_if(s, put(s.data, 5, hp=0))       # the Black Knight lies dying as well
s = run(s, [("end_play", {}), ("command", {"target": None})])
both_fall = nobody_helps(s)
show(s, both_fall)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert both_fall.is_terminal and not any(e.kind == "join" for e in both_fall.log)
assert s.data.phase == "rescue" and s.data.dying == (5, 0)
assert [(e.kind, e.targets) for e in both_fall.events if e.kind in ("death", "lord falls")] == [
    ("death", (5,)), ("death", (0,)), ("lord falls", (0,))]
assert both_fall.winners == (1, 3, 5)

# %% [markdown]
# ## The end: every enemy gone, and the neutral's choice (`CH-end-enemies-dead-neutral-choice`)
#
# A late-game position: two enemies (P3, P5) are already dead, and the Berserker is down to 1 HP. The lord's 剑
# takes him; at the end of the lord's turn he dies — the last enemy. The lord has reached its goal
# (`CH-goal-lord`), but a neutral is still standing: Levi must choose, to **join** the lord (the game ends: the lord
# and the reinforcement win, `CH-goal-reinforcement`; Levi does not, he did not stay neutral: `CH-goal-neutral`,
# `CH-A20`) or **refuse**, and become an enemy — and the game goes on (`CH-A41`).

# %%
display(Markdown(assumption_markdown(GID, ["CH-A41"])))


def late_game(declared="", variant=None):
    """P3 and P5 dead (identities shown), the Berserker at 1 HP, Levi's declaration as given."""
    s = table(["sword", "heal"], variant=variant)
    d = s.data
    for p in (3, 5):
        d = put(d, p, alive=False, revealed=True, hp=0, hand=(), soldiers=())
    return what_if(s, put(put(d, 1, hp=1), 4, declared=declared))


s = late_game()
s = run(s, [("attack", {"target": 1, "member": -1, "pay": "sword"}), ("take_hit", {}), ("end_play", {}),
            ("command", {"target": None})])
s = nobody_helps(s)
s = nobody_helps(run(s, [("draw", {"card": c}) for c in ("sword", "sword", "heal")]))  # the lord's reward; his knight
print(s.data.phase, "— decided by P", s.current_player, [a.describe("en") for a in s.legal_actions()])
joins, refuses = step(s, "neutral_choice", join=True), step(s, "neutral_choice", join=False)
show(s, joins)
show(s, refuses)
table_figure(refuses, viewer=0, title="Levi refused: an enemy again")

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.phase == "neutral_choice" and s.current_player == 4
assert joins.is_terminal and joins.winners == (0, 2)
assert not refuses.is_terminal and refuses.data.seats[4].identity == "enemy" and refuses.data.seats[4].revealed

# %% [markdown]
# ## The neutral declares (`CH-neutral-declare`) — and the game can end on a declaration
#
# At the start of each of its play phases, before anything else, a neutral may publicly declare itself an enemy or
# a reinforcement, or go back to neutral (`CH-A35`). If Levi stands declared a reinforcement when the last enemy
# falls, the game ends at once (`CH-end-neutral-as-reinforcement`) — nobody is asked.

# %%
display(Markdown(assumption_markdown(GID, ["CH-A35"])))
s = late_game(declared="reinforcement")
s = run(s, [("attack", {"target": 1, "member": -1, "pay": "sword"}), ("take_hit", {}), ("end_play", {}),
            ("command", {"target": None})])
s = nobody_helps(run(nobody_helps(s), [("draw", {"card": c}) for c in ("sword", "sword", "heal")]))
print([e.describe("en") for e in s.events if e.kind == "game over"])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.is_terminal and s.winners == (0, 2)
assert [e.clause for e in s.events if e.kind == "game over"] == ["CH-end-neutral-as-reinforcement"]

# %% [markdown]
# The same end comes without a death: with the Berserker dead too and Levi **declared enemy**, the enemies are not
# all gone — until Levi, at the start of his next turn, declares himself a reinforcement (`CH-A41`). His declaration
# is public: every seat's view of the events shows it.

# %%
s = late_game(declared="enemy")
s = what_if(s, put(s.data, 1, alive=False, revealed=True, hp=0, hand=(), soldiers=()))
s = run(s, [("end_play", {}), ("command", {"target": None}), ("draw", {"card": "sword"}), ("draw", {"card": "heal"}),
            ("end_play", {}), ("command", {"target": None})])
s = run(s, [("draw", {"card": c}) for c in ("sword", "heal", "mana")])   # Levi draws 3 (his skill)
print([a.describe("en") for a in s.legal_actions() if a.kind == "declare"])
ended = step(s, "declare", camp="reinforcement")
show(s, ended, viewer=0)

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.data.active == 4 and s.data.phase == "play"
assert ended.is_terminal and ended.winners == (0, 2)
assert all(e.private_to is None for e in ended.events)

# %% [markdown]
# Going back to **中立** is another matter: it destroys (消灭) no enemy, so nothing is checked and nobody is asked —
# Levi stays neutral and may still win as the last camp standing (`CH-goal-neutral`, below). With `side_change_ends`
# = `"any"` (the reading before issue 34) the same declaration counted as the enemies' end: Levi was asked to join
# the lord or turn enemy, so a neutral could never win.

# %%
back = {}
for value in ("reinforcement", "any"):
    s = late_game(declared="enemy", variant={"side_change_ends": value})
    s = what_if(s, put(s.data, 1, alive=False, revealed=True, hp=0, hand=(), soldiers=()))
    s = run(s, [("end_play", {}), ("command", {"target": None}), ("draw", {"card": "sword"}),
                ("draw", {"card": "heal"}), ("end_play", {}), ("command", {"target": None})])
    s = run(s, [("draw", {"card": c}) for c in ("sword", "heal", "mana")])
    back[value] = step(s, "declare", camp="neutral")
    print(f"{value:13}", back[value].data.phase, [a.describe("en") for a in back[value].legal_actions()][:2])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert back["reinforcement"].data.phase == "play" and back["reinforcement"].current_player == 4
assert back["any"].data.phase == "neutral_choice" and back["any"].current_player == 4

# %% [markdown]
# ## When only a neutral is left standing (`CH-goal-neutral`)
#
# The neutral wins only by staying neutral and being the last faction standing. Say only the lord (1 HP) and the
# undeclared Levi are left. Levi hits the lord; nobody saves it; the lord's death would give the enemies the win —
# but no enemy is alive and only an undeclared neutral is: Levi wins.

# %%
s = table(["sword", "mana"])
d = s.data
for p in (1, 2, 3, 5):
    d = put(d, p, alive=False, revealed=True, hp=0, hand=(), soldiers=())
s = what_if(s, put(d, 0, hp=1))
s = run(s, [("end_play", {}), ("command", {"target": None})] + [("discard", {"card": c}) for c in ("fireball", "mana", "sword")])
s = run(s, [("draw", {"card": c}) for c in ("sword", "heal", "mana")])
s = run(s, [("attack", {"target": 0, "member": -1, "pay": "sword"}), ("take_hit", {}), ("end_play", {}),
            ("command", {"target": None})])
while not s.is_terminal and s.data.phase == "discard":
    s = step(s, "discard", card=s.legal_actions()[0].get("card"))
s = nobody_helps(s)
print(s.winners, [e.describe("en") for e in s.events if e.kind == "game over"])

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert s.current_player == TERMINAL and s.winners == (4,)
assert [e.clause for e in s.events if e.kind == "game over"] == ["CH-goal-neutral"]

# %% [markdown]
# ### A picture: how a game of 城堡之心 can end
#
# The four ends this notebook reached, with the clause each one cites and who won.

# %%
ends = {"the lord falls": lord_dies, "the neutral joins": joins, "the last declared enemy declares 援军": ended,
        "only the neutral left": s}
fig = go.Figure(go.Table(
    header={"values": ["how it ended", "clause", "winners"]},
    cells={"values": [list(ends), [next(e.clause for e in g.log if e.kind == "game over") for g in ends.values()],
                      [", ".join(f"P{p}" for p in g.winners) for g in ends.values()]]}))
fig.update_layout(title="Four ends of 城堡之心", height=260, margin={"t": 40, "b": 0})
fig

# %% tags=["remove-input"] jupyter={"source_hidden": true}
assert all(g.is_terminal for g in ends.values())

# %% [markdown]
# ## Summary
#
# * 0 HP or below: dying. Each 愈 restores 1; at 1 HP the hero is back. Everyone is asked at the end of the turn;
#   not back to 1 by then, the hero dies, its identity is shown and its cards are discarded.
# * Rewards: kill an enemy (anyone) or a reinforcement (an enemy): 3 cards. The lord killing a reinforcement loses
#   everything in hand and equipped. Anything else: nothing.
# * The lord's death ends the game for the enemies; the last enemy gone ends it for the lord's side — unless a
#   neutral refuses and becomes an enemy. A neutral wins only by staying neutral and being the last one standing.
#
# ## Exercises

# %% tags=["remove-input"] jupyter={"source_hidden": true}
s = table(["sword", "heal"])
s = let_magic_work(step(what_if(s, put(s.data, 3, hp=2)), "magic", card="fireball", target=3, what=None))
heals_needed = 1 - s.data.seats[3].hp

# %%
ex1 = Exercise("1. The Elf Ranger has 2 HP when the lord's fireball hits her. How many 愈 must she be given to be back "
               "on her feet?", "1. 精灵游侠剩 2 点生命时被城主的爆裂火球击中。需要对她使用几张愈才能让她重新复归？",
               answer=heals_needed, game=GID, clause="CH-death-heal-dying",
               hint_en="first work out her HP after the fireball", hint_zh="先算出火球之后她的生命值")
ex1

# %% tags=["remove-input"] jupyter={"source_hidden": true}
s = table(["knight_armour", "pegasus"])
s = run(what_if(s, put(s.data, 2, hp=1)), [("equip", {"card": "knight_armour"}), ("equip", {"card": "pegasus"})])
s = step(let_magic_work(step(s, "magic", card="fireball", target=2, what=None)), "fireball_split", soldier=None)
s = nobody_helps(run(s, [("end_play", {}), ("command", {"target": None})]))
lost = next(e.number("cards") for e in s.log if e.clause == "CH-penalty-lord-kills-reinforcement")

# %%
ex2 = Exercise("2. The lord puts on the knight armour and the silver pegasus, then its fireball kills the reinforcement "
               "(at 1 HP). How many cards does the lord lose?",
               "2. 城主装备骑士铠甲和银色飞马，然后用爆裂火球消灭了（仅剩1点生命的）援军。城主损失多少张牌？",
               answer=lost, game=GID, clause="CH-penalty-lord-kills-reinforcement",
               hint_en="count the lord's hand when the fireball lands, and what it wears",
               hint_zh="数一数火球命中时城主的手牌和装备")
ex2

# %% tags=["remove-input"] jupyter={"source_hidden": true}
s = table(["sword", "heal"])
d = s.data
for p in (2, 3, 5):
    d = put(d, p, alive=False, revealed=True, hp=0, hand=(), soldiers=())
s = what_if(s, put(put(d, 0, hp=2), 4, declared="enemy"))
s = run(s, [("end_play", {}), ("command", {"target": None}), ("discard", {"card": "fireball"}),
            ("discard", {"card": "sword"}), ("draw", {"card": "sword"}), ("draw", {"card": "mana"})])
s = run(s, [("attack", {"target": 0, "member": -1, "pay": "sword"}), ("take_hit", {}), ("end_play", {}),
            ("command", {"target": None})])
s = nobody_helps(s)
levi_wins = "yes" if 4 in s.winners else "no"
assert s.is_terminal

# %%
ex3 = Exercise("3. Only the lord (2 HP), the Berserker and Levi — a neutral declared enemy — are alive. The Berserker "
               "kills the lord. Does Levi win?",
               "3. 场上只剩城主（2点生命）、狂战士和宣布为敌军的中立李维。狂战士消灭了城主。李维获胜吗？",
               answer=levi_wins, kind="choice", choices=("yes", "no"),
               game=GID, clause="CH-goal-neutral",
               hint_en="who wins when the lord falls? (CH-A20, CH-goal-neutral)", hint_zh="城主被消灭时谁获胜？（CH-A20、CH-goal-neutral）")
ex3

# %% tags=["remove-input"] jupyter={"source_hidden": true}
for ex, right in ((ex1, heals_needed), (ex2, lost), (ex3, levi_wins)):
    assert ex.check(str(right)) and ex.solved
    ex.reset()
