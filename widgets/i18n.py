"""Labels in English and 中文, and the one LanguageSwitch that turns every component.

Components own a ``lang`` traitlet ("en" or "zh"); the app links each to the switch with
:func:`link_lang`. Game terms come from the engine (``describe(lang)``, clause texts); this table
holds only the words of the interface itself.
"""

from __future__ import annotations

import html

import ipywidgets as ipw
import traitlets

import explorer

LANGS = ("zh", "en")

LABELS: dict[str, dict[str, str]] = {
    # step controls
    "first": {"en": "⇤ First", "zh": "⇤ 开局"},
    "back": {"en": "◀ Back", "zh": "◀ 后退"},
    "next": {"en": "Next ▶", "zh": "下一步 ▶"},
    "speed": {"en": "Speed (ms)", "zh": "速度（毫秒）"},
    "branch": {"en": "Branch", "zh": "分支"},
    "branch_item": {"en": "Branch {n}: {desc} (forks at step {fork}, ends at step {end})",
                    "zh": "分支 {n}：{desc}（第 {fork} 步分叉，至第 {end} 步）"},
    "main_line": {"en": "Branch 1: the first line (ends at step {end})", "zh": "分支 1：主线（至第 {end} 步）"},
    "step_of": {"en": "Step {step} / {depth}", "zh": "第 {step} 步 / 共 {depth} 步"},
    # who decides
    "chance": {"en": "Chance", "zh": "随机"},
    "game_over": {"en": "Game over. Winners: {who}", "zh": "游戏结束。胜者：{who}"},
    "game_over_none": {"en": "Game over: nobody won.", "zh": "游戏结束：无人获胜。"},
    "resigned": {"en": "{who} resigned: this table's game is over. (Resigning is the table's choice, not a rule of "
                       "the game.)", "zh": "{who} 认输：本桌对局结束。（认输是牌桌的选择，不是游戏规则。）"},
    "after_resign": {"en": "Refused: {who} resigned, so this table's game is over. Start a new game or a rematch.",
                     "zh": "已拒绝：{who} 已认输，本桌对局已结束。请开始新游戏或再来一局。"},
    "no_resign": {"en": "Refused: only a person at a game still being played can resign.",
                  "zh": "已拒绝：只有仍在进行的对局中的真人玩家可以认输。"},
    "new_game": {"en": "New game", "zh": "新游戏"},
    "new_game_tip": {"en": "A new game at this table: the same game and players, new dice.",
                     "zh": "本桌开始新游戏：相同的游戏与人数，新的骰子。"},
    "rematch": {"en": "Rematch", "zh": "再来一局"},
    "rematch_tip": {"en": "The same start again (new game, scenario or opened game) with the same seats, new dice.",
                    "zh": "以相同的开局（新游戏、场景或打开的对局）和相同的座位再来一局，新的骰子。"},
    "resign": {"en": "Resign", "zh": "认输"},
    "resign_tip": {"en": "End this game here: the table stops playing (the table's choice, not a rule of the game).",
                   "zh": "在此结束本局：牌桌停止对局（牌桌的选择，不是游戏规则）。"},
    "ended_by": {"en": "Ended by the rule: {text}", "zh": "结束依据：{text}"},
    "you": {"en": "you", "zh": "你"},
    "end_turn": {"en": "End turn ⇥", "zh": "结束回合 ⇥"},
    "end_turn_tip": {"en": "Pass the optional phases left in your turn, one step each; stops at any choice you "
                           "must make",
                     "zh": "替你放弃本回合剩余的可选阶段（每步仍记入历史）；遇到必须由你做的选择时停下"},
    "no_turn_pass": {"en": "Nothing to pass now: this is a choice you must make.",
                     "zh": "现在没有可放弃的阶段：这是你必须做的选择。"},
    "played_yours": {"en": "Your {n} steps: {what}.", "zh": "你的 {n} 步：{what}。"},
    "list_sep": {"en": "; ", "zh": "；"},
    "walk_row": {"en": "Walk", "zh": "多步移动"},
    "walk": {"en": "{what} · {n} steps", "zh": "{what}（{n} 步）"},
    "walk_tip": {"en": "One click, one step each (Back undoes them one by one): {path}",
                 "zh": "一键走完，每步仍记入历史（可逐步后退）：{path}"},
    "no_walk": {"en": "Refused: {what} is not the end of a walk you can make now; nothing was changed.",
                "zh": "已拒绝：{what} 不是你现在可以走到的终点；什么都没有改变。"},
    "many_mode": {"en": "Choose several", "zh": "多选"},
    "many_go": {"en": "Take the {n} chosen ✓", "zh": "确认所选 {n} 项 ✓"},
    "many_clear": {"en": "Clear", "zh": "清除"},
    "many_chosen": {"en": "Chosen: {list}", "zh": "已选：{list}"},
    "many_none": {"en": "Click the choices to add them, then confirm.", "zh": "点击选项加入，然后确认。"},
    "many_refused": {"en": "Refused: choice {n} ({what}) is not legal at that point; nothing was changed.",
                     "zh": "已拒绝：第 {n} 项（{what}）在那一步不合法；什么都没有改变。"},
    "then_pass": {"en": "{what}, then end the phase ⇥", "zh": "{what}，然后结束此阶段 ⇥"},
    "then_pass_short": {"en": "then end the phase ⇥", "zh": "然后结束此阶段 ⇥"},  # joined to its choice's button
    "walk_show": {"en": "Show the {n} walks ▸", "zh": "展开 {n} 个多步移动 ▸"},
    "walk_hide": {"en": "Hide the walks ▾", "zh": "收起多步移动 ▾"},
    "then_pass_tip": {"en": "One click: this choice, then the pass of this phase (each a step of its own)",
                      "zh": "一键：先做此选择，再结束此阶段（每步仍记入历史）"},
    "thinking": {"en": "Bots are thinking…", "zh": "机器人思考中…"},
    "players_range": {"en": "{game} is for {lo}–{hi} players [{clause}]: {n} is not possible.",
                      "zh": "{game}为 {lo}–{hi} 人游戏 [{clause}]：不能是 {n} 人。"},
    "nobody": {"en": "nobody", "zh": "无人"},
    "to_decide": {"en": "{who} must decide", "zh": "{who} 需要决定"},
    "bot_seat": {"en": "(a bot's seat: your choice explores instead of the bot)",
                 "zh": "（机器人座位：你的选择将代替机器人，开辟新分支）"},
    "chance_node": {"en": "Chance: roll with the seeded dice, or pick an outcome (loaded dice)",
                    "zh": "随机：用种子骰子掷出，或直接指定结果（灌铅骰子）"},
    "chance_hidden": {"en": "Chance: roll with the seeded dice (outcomes hidden in a player's view)",
                      "zh": "随机：用种子骰子掷出（玩家视角下不显示各结果）"},
    "others_hidden": {"en": "(their choices are hidden in this player's view)", "zh": "（此玩家视角下不显示其选项）"},
    "roll": {"en": "Roll (seed {seed})", "zh": "掷骰（种子 {seed}）"},
    "secret_seed": {"en": "drawn for this session", "zh": "本局随机生成"},
    "pick": {"en": "Pick", "zh": "指定"},
    "other_number": {"en": "Another number", "zh": "其他数字"},
    "choose_number": {"en": "Choose {value}", "zh": "选定 {value}"},
    # messages
    "stale": {"en": "Ignored: that button belongs to step {then}; the board is now at step {now}.",
              "zh": "已忽略：该按钮属于第 {then} 步，当前为第 {now} 步。"},
    "not_legal": {"en": "Refused: {what} is not a legal action now.", "zh": "已拒绝：{what} 当前不是合法动作。"},
    "bad_value": {"en": "Refused: {what!r} is not a valid choice.", "zh": "已拒绝：{what!r} 不是有效选项。"},
    "illegal": {"en": "Refused by the rules [{clause}]: {reason}", "zh": "规则拒绝 [{clause}]：{reason}"},
    "rule_broken": {"en": "this action is not allowed now", "zh": "此时不允许这一动作"},
    "not_yours": {"en": "Refused: in {who}'s view only {who}'s own decisions can be taken.",
                  "zh": "已拒绝：在{who}的视角下只能做{who}自己的决定。"},
    "at_start": {"en": "Already at the start.", "zh": "已在开局。"},
    "at_end": {"en": "The game is over.", "zh": "游戏已结束。"},
    "waiting": {"en": "Waiting for {who} to choose an action.", "zh": "等待 {who} 选择动作。"},
    "chose": {"en": "Step {step}: {what}", "zh": "第 {step} 步：{what}"},
    "bots_played": {"en": "Bots and dice played {n} step(s).", "zh": "机器人与骰子共进行了 {n} 步。"},
    "nothing_over": {"en": "The game is over: nothing left for bots or dice to play.",
                     "zh": "游戏已结束：机器人与骰子没有可进行的步骤。"},
    "nothing_yours": {"en": "Nothing for bots or dice to play: a person decides now.",
                      "zh": "机器人与骰子没有可进行的步骤：现在由真人玩家决定。"},
    # event log
    "events": {"en": "Events (resolution order)", "zh": "事件（结算顺序）"},
    "cancelled": {"en": "cancelled", "zh": "已抵消"},
    "redacted": {"en": "(hidden)", "zh": "（不公开）"},
    "clause": {"en": "Clause", "zh": "条款"},
    "section": {"en": "seed section", "zh": "原文章节"},
    "seed_quote": {"en": "seed", "zh": "原文"},
    "engine_record": {"en": "The engine's record (its own field names)", "zh": "引擎记录（引擎自己的字段名）"},
    "no_event": {"en": "Select an event to read its clause.", "zh": "选择一个事件以查看其条款。"},
    "this_step": {"en": "this step", "zh": "本步"},
    "this_turn": {"en": "this turn", "zh": "本回合"},
    "whole_game": {"en": "whole game", "zh": "整局"},
    # board
    "viewer": {"en": "View as", "zh": "视角"},
    "everything": {"en": "Teacher's / spectator's view (shows secrets)", "zh": "教师／旁观者视角（显示秘密）"},
    "secrets_note": {"en": "⚠ Teacher's / spectator's view: every hand, face-down card and hidden identity is shown. "
                           "Choose your own seat to play fairly.",
                     "zh": "⚠ 教师／旁观者视角：所有手牌、倒置的牌和隐藏身份都可见。选择你自己的座位才能公平对局。"},
    "teacher_on": {"en": "Teacher's view on: every seat's cards are shown (pick a seat or the teacher's view in "
                         "“View as”).",
                   "zh": "教师视角已开启：每个座位的牌都可查看（在“视角”中选择座位或教师视角）。"},
    "own_view": {"en": "{who} (you)", "zh": "{who}（你）"},
    "turn": {"en": "Turn", "zh": "回合"},
    "round": {"en": "Round {n}", "zh": "第 {n} 轮"},  # 中文 puts the number inside: 第 7 轮, never 轮 7
    "phase": {"en": "Phase", "zh": "阶段"},
    "deck": {"en": "Deck", "zh": "牌堆"},
    "discard": {"en": "Discard", "zh": "弃牌堆"},
    "destroyed": {"en": "Destroyed", "zh": "销毁堆"},
    "characters": {"en": "Character zone", "zh": "角色区"},
    "pool": {"en": "Pool", "zh": "角色池"},
    "effects": {"en": "Effect zone", "zh": "效果区"},
    "traps": {"en": "Trap zone", "zh": "陷阱区"},
    "hand": {"en": "Hand", "zh": "手牌"},
    "coins": {"en": "Coins", "zh": "金币"},
    "hp": {"en": "HP", "zh": "生命"},
    "face_down": {"en": "face down", "zh": "倒置"},
    "face_up": {"en": "face up", "zh": "正置"},
    "hidden": {"en": "hidden", "zh": "隐藏"},
    "defeated": {"en": "defeated", "zh": "已失败"},
    "dealer": {"en": "dealer", "zh": "庄家"},
    "empty": {"en": "—", "zh": "—"},
    "picks": {"en": "Draft picks", "zh": "已选角色"},
    "offer": {"en": "On offer", "zh": "可选卡牌"},
    "self_char": {"en": "self", "zh": "自身"},
    "placed_by": {"en": "placed by {who}", "zh": "{who} 放置"},
    "combat": {"en": "Attack", "zh": "攻击事件"},
    # graph
    "graph_scope": {"en": "Events of", "zh": "事件范围"},
    "graph_title": {"en": "Event chain: {n} events", "zh": "事件链：{n} 个事件"},
    "earlier_cause": {"en": "earlier cause", "zh": "先前的起因"},
    "no_events": {"en": "No events in this scope yet: take a step in Play (or choose “whole game”) and the chain "
                        "of what happened appears here.",
                  "zh": "此范围内还没有事件：在“对局”中走一步（或选择“整局”），这里就会显示事件链。"},
    "why_chain": {"en": "why? chain", "zh": "“为什么”链"},
    "why_pick": {"en": "Why?", "zh": "为什么？"},
    "why_none": {"en": "(choose an event)", "zh": "（选择一个事件）"},
    "why_intro": {"en": "How it came to happen, from the root cause:", "zh": "它是怎样发生的（从根本起因开始）："},
    # seats
    "seat": {"en": "Seat", "zh": "座位"},
    "person": {"en": "Person", "zh": "真人"},
    "bot": {"en": "Bot: {name}", "zh": "机器人：{name}"},
    "autoplay": {"en": "Bots play on their turn", "zh": "轮到机器人时自动行动"},
    "bots_go": {"en": "Let bots play", "zh": "让机器人行动"},
    # an Odds view's question, made the first time it is opened (widgets/components/lazy_question.py)
    "question": {"en": "Question", "zh": "问题"},
    "preparing_question": {"en": "Preparing this question…", "zh": "正在准备这个问题……"},
}


KINDS: dict[str, tuple[str, str]] = {  # group headers of the action picker: the kinds of the three games' actions
    "mode": ("Mode", "模式"), "map": ("Map", "地图"), "hero": ("Hero", "英雄"), "bloodline": ("Bloodline", "血统"),
    "win_score": ("Winning score", "胜利分数"), "spawn": ("Spawn point", "出生点"), "play": ("Play a card", "出牌"),
    "move": ("Move", "移动"), "attack": ("Attack", "攻击"), "skill": ("Skill", "技能"), "end": ("End", "结束"),
    "discard": ("Discard", "弃牌"), "deploy": ("Deploy", "部署"), "end_deploy": ("End deployment", "结束部署"),
    "declare": ("Declare", "声明"), "heal": ("Heal", "治疗"), "magic": ("Magic", "魔法"), "equip": ("Equip", "装备"),
    "missiles": ("Missiles", "飞弹"), "pay_card": ("Pay a card", "支付卡牌"), "block": ("Block", "格挡"),
    "take_hit": ("Take the hit", "不格挡"), "abyss_discard": ("Abyss: discard", "深渊：弃牌"),
    "abyss_take": ("Abyss: take", "深渊：拿取"), "follow_up": ("Follow-up", "追击"), "counter": ("Counter", "抵消"),
    "let_pass": ("Let it work", "让其生效"), "command": ("Command", "指挥"),
    "soldier_attack": ("Soldier attack", "士兵攻击"), "rescue": ("Rescue", "救援"), "keep_ring": ("Ring", "戒指"),
    "join": ("Join", "加入"), "pick": ("Pick", "选取"), "ritual": ("Ritual", "仪式"), "done": ("End draw", "结束摸牌"),
    "buy_draw": ("Buy a draw", "购买摸牌"), "pass": ("Pass", "放弃"), "end_play": ("End play", "结束出牌"),
    "trap": ("Trap", "陷阱"), "flip_trap": ("Flip a trap", "反置陷阱"), "remove_trap": ("Remove a trap", "移除陷阱"),
    "declare_trap": ("Declare a trap", "声明陷阱"), "keep_hidden": ("Keep hidden", "保持倒置"),
    "effect": ("Effect card", "效果卡"), "place": ("Place", "放置"), "prepare": ("Prepare", "预备"),
    "summon": ("Summon", "召唤"), "dodge": ("Dodge", "闪避"), "allow": ("Allow", "允许"), "dispel": ("Dispel", "驱散"),
    "accept": ("Accept", "接受"), "refuse": ("Refuse", "拒绝"), "force": ("Force", "强制"),
    "give_up": ("Give up", "放弃"), "replace": ("Replace", "替换"),
}


def kind_name(kind: str, lang: str) -> str:
    """A kind of action as a person reads it (a kind no game has named yet: its words, spaced)."""
    en, zh = KINDS.get(kind, (kind.replace("_", " ").capitalize(), ""))
    return (zh or en) if lang == "zh" else en


def event_kind_name(game_id: str, kind: str, lang: str) -> str:
    """A kind of event as a person reads it, from the game's own table beside its event texts
    (``explorer/games/<id>/event_kinds.py``); a kind the table lacks: its words, spaced."""
    try:
        table = explorer.get_game(game_id).event_kinds
    except Exception:  # an unknown or broken game must not break a legend
        table = {}
    en, zh = table.get(kind, (kind[:1].upper() + kind[1:], ""))
    return (zh or en) if lang == "zh" else en


HIDDEN = {"draw": ("{who} draws a card (hidden)", "{who} 摸了一张牌（不公开）")}  # kinds with a sentence of their own


def redacted_event(event: explorer.Event, lang: str) -> str:
    """An event the viewer may not read, named by who did it: "Player 1 draws a card (hidden)", else the kind,
    e.g. "Player 2: Identity (hidden)" / "玩家 2：身份（不公开）" (without an actor: "Identity (hidden)")."""
    kind = event_kind_name(event.game, event.kind, lang)
    hidden = label("redacted", lang)
    if event.actor is None or event.actor < 0:
        return kind + ("" if lang == "zh" else " ") + hidden
    who = explorer.seat_name(event.actor, lang)
    if event.kind in HIDDEN:
        return HIDDEN[event.kind][lang == "zh"].format(who=who)
    return f"{who}：{kind}{hidden}" if lang == "zh" else f"{who}: {kind} {hidden}"


def label(key: str, lang: str, **fields) -> str:
    """The interface text ``key`` in ``lang``, with ``fields`` filled in."""
    text = LABELS[key].get(lang) or LABELS[key]["en"]
    return text.format(**fields) if fields else text


def player_name(k: int, lang: str) -> str:
    """A seat's name as the engine numbers seats (0, 1, …): the engine's own (``explorer.seat_name``)."""
    return explorer.seat_name(k, lang)


def check_lang(value) -> str:
    """The value if it is a known language, else TraitError (values can come from the browser)."""
    if value not in LANGS:
        raise traitlets.TraitError(f"lang must be one of {list(LANGS)}, not {value!r}")
    return value


class LanguageSwitch(ipw.HBox):
    """ToggleButtons 中文 / English; its ``lang`` drives every linked component."""

    lang = traitlets.Unicode("en")

    def __init__(self, lang: str = "en", **kwargs):
        self._toggle = ipw.ToggleButtons(options=[("中文", "zh"), ("English", "en")], value=lang,
                                         style={"button_width": "80px"})
        self._toggle.add_class("re-lang")
        super().__init__(children=[self._toggle], **kwargs)
        self.add_class("re-language-switch")
        self.lang = lang
        self._toggle.observe(self._on_toggle, "value")

    @traitlets.validate("lang")
    def _valid_lang(self, proposal):
        """Only "en" and "zh"."""
        return check_lang(proposal["value"])

    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when ``lang`` is set from Python or a link: show it on the toggle."""
        self._toggle.value = change["new"]

    def _on_toggle(self, change):
        """Fires when the person clicks 中文 or English."""
        if change["new"] in LANGS:
            self.lang = change["new"]

    def reset(self) -> None:
        self._toggle.value = self.lang


def link_lang(switch: LanguageSwitch, *components) -> list[traitlets.link]:
    """Link the switch's ``lang`` to each component's ``lang`` (both ways)."""
    return [traitlets.link((switch, "lang"), (c, "lang")) for c in components]


CLAUSE_TAG = "color: #555; border: 1px solid #bbb; border-radius: 3px; padding: 0 3px; white-space: nowrap"


def clause_tag(clause_id: str) -> str:
    """A clause id shown as a small tag beside the words it backs, never inside a sentence (issue 31 point 5)."""
    return f"<small class='re-clause-id' style='{CLAUSE_TAG}'>{html.escape(clause_id)}</small>"
