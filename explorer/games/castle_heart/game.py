"""城堡之心 (Castle Heart) as an ``explorer.Game``: the phase table in ``flow.py`` decides who acts."""

from __future__ import annotations

from pathlib import Path

import explorer
from explorer import CHANCE, TERMINAL, Game, GameInfo, IllegalAction, W
from explorer.errors import GAME_OVER, NOT_LEGAL_NOW

from . import flow, text, view
from .board import HERO
from .bots import GreedyBot
from .cards import CONTENT
from .deal import deploy_problem, initial
from .event_kinds import EVENT_KINDS
from .reach import hero_may_attack, soldier_strike

CLAUSE_OF_PHASE = {
    "choose_mix": "CH-count-enemies-outnumber", "deal_identity": "CH-identity-four",
    "deal_hero": "CH-setup-heroes", "deploy": "CH-deploy-mana",
    "play": "CH-turn-play-unlimited", "pay": "CH-turn-play-unlimited", "block": "CH-turn-block",
    "armour": "CH-equip-knight-armour", "mirror": "CH-magic-mirror", "bear_axe": "CH-equip-bear-axe",
    "doom_axe": "CH-equip-doom-axe", "abyss": "CH-equip-abyss-sword", "great_sword": "CH-equip-great-sword",
    "counter": "CH-magic-counter", "fireball": "CH-magic-fireball", "ice": "CH-magic-ice-storm",
    "disintegrate": "CH-magic-disintegrate", "missiles": "CH-equip-missile-ring", "ring_keep": "CH-equip-missile-ring",
    "command": "CH-turn-command", "soldier": "CH-turn-command", "discard": "CH-turn-discard",
    "rescue": "CH-death-heal-dying", "join": "CH-death-soldiers-join",
    "neutral_choice": "CH-end-enemies-dead-neutral-choice",
}


SIMULATION_ROUND_CAP = 20  # CH-A14: opt-in, for bots and simulations only

HELD = W("a held hero may only draw and discard", "被定身的英雄除抓牌弃牌外不得进行任何操作")  # CH-magic-hold
PLAY_CLAUSE = {"heal": "CH-turn-play-heal", "lightning": "CH-equip-lightning-wand",
               "missiles": "CH-equip-missile-ring"}


class CastleHeart(Game):
    info = GameInfo(
        id="castle_heart", name_en="Castle Heart", name_zh="城堡之心", seed_file="003_b98971d23e3f3437.txt",
        min_players=3, max_players=8, players_clause="CH-A02", clause_prefix="CH",  # CH-A02: no table of 2
        # CH-A14: bots and simulations stop at round 20; a person's game has no round cap (0 = none)
        simulation_limits={"round_cap": SIMULATION_ROUND_CAP})
    folder = Path(__file__).parent
    event_kinds = EVENT_KINDS  # each kind of event in English and 中文 (widgets.i18n.event_kind_name)

    def initial(self, players, variant):
        return initial(players, variant)

    # The four the core calls at every step are the phase table's own functions (flow.py), not methods that call
    # them: one call a step less each.
    current_player = staticmethod(flow.current_player)
    legal_actions = staticmethod(flow.legal_actions)
    chance_outcomes = staticmethod(flow.chance_outcomes)
    apply = staticmethod(flow.apply)

    def winners(self, data):
        return data.winners

    def seat_facts(self, state):
        """Each seat's hero and hidden identity at the end (a neutral may have become an enemy:
        CH-end-enemies-dead-neutral-choice), and ``identity_dealt``: the identity it was dealt (CH-identity-four)."""
        dealt = {e.targets[0]: dict(e.numbers)["identity"] for e in state.log
                 if e.clause == "CH-identity-four" and e.kind == "identity" and e.targets}
        return [{"hero": seat.hero, "identity": seat.identity, "identity_dealt": dealt.get(p, "")}
                for p, seat in enumerate(state.data.seats)]

    def turn_order(self, state):
        """CH-turn-order: the battle starts with the lord and goes clockwise (rising seat number)."""
        n, lord = len(state.data.seats), state.data.lord
        return tuple((lord + k) % n for k in range(n))

    def switch_acts(self, key, value, players):
        """Whether ``key=value`` can change play at ``players`` seats (a balance study warns when it cannot):
        ``identity_mix`` acts only where its identities differ from the default's (CH-A02); None: no answer
        here (the register's ``players_from`` decides)."""
        if key != "identity_mix":
            return None
        from .deal import MIXES, legal_mixes

        def dealt(mix):
            mixes = legal_mixes(players) if mix == "any_legal" else (MIXES[mix][players],)
            return {"".join(sorted(m)) for m in mixes}

        return dealt(value) != dealt(self.options[key].default)

    def fact_label(self, fact, value, lang="en"):
        if fact == "hero" and value in CONTENT.heroes:
            hero = CONTENT.heroes[value]
            return hero.zh if lang == "zh" else hero.en
        if fact in ("identity", "identity_dealt") and value in text.IDENTITY:
            en, zh = text.IDENTITY[value]
            return zh if lang == "zh" else en.removeprefix("the ").removeprefix("an ").removeprefix("a ")
        return value

    def max_steps(self, players, variant):
        """A stated bound, or None without a round cap (the document's game may go on: CH-A14).

        Every play-phase action but ``end_play`` spends a hand card (a declaration at most once a turn), and
        each card brings at most ``players + 6`` answers (counter-magic, ice storm, block, axes, follow-up,
        abyss, ring); a turn also has its rescues, joins, commands, discards and the neutral's choices. So a
        turn is bounded by (cards in the game) × (players + 8), and a game by (round cap + 1) × players turns."""
        if not variant["round_cap"]:
            return None
        cards = sum(c.count for c in CONTENT.cards.values()) + 10 + 8 * players + 5 * players
        per_turn = cards * (players + 8) + 5 * players
        return (variant["round_cap"] + 1) * players * per_turn + players * (4 + variant["starting_hand"])

    def decision_clause(self, data):
        return CLAUSE_OF_PHASE.get(data.phase, "CH-turn-four-phases")

    def why_illegal(self, data, action):
        """The precise clause an action breaks: turn order, then the rule of its kind."""
        who = flow.current_player(data)
        if who == TERMINAL:
            return IllegalAction("CH-end-lord-dies", GAME_OVER, action)
        k, g = action.kind, action.get
        if k == "block" and (g("soldier") is not None or (data.attack and data.attack.member != HERO)):
            return IllegalAction("CH-turn-soldiers-cannot-block", W("an attacked soldier cannot block",
                                                                    "被攻击的士兵不能抵挡"), action)
        if action.player != who:
            whose, zh = (("chance", "现在由机会决定") if who == CHANCE
                         else (f"player {who}", f"现在是{text.who(who, True)}的决定"))
            return IllegalAction(self.decision_clause(data), W(f"it is {whose}'s decision now", zh), action)
        seat = data.seats[who] if who >= 0 else None
        if k == "deploy" and data.phase == "deploy":
            problem = deploy_problem(seat, g("soldier"))
            if problem:
                return IllegalAction(problem[0], problem[1], action)
        if k in ("magic", "counter") and seat is not None and seat.held:
            card = g("card") or ""
            clause = "CH-magic-counter-hold-exception" if "counter" in card else "CH-magic-hold"
            return IllegalAction(clause, HELD, action)
        if k == "declare" and data.phase == "play":
            if seat.held:
                return IllegalAction("CH-magic-hold", HELD, action)
            return IllegalAction("CH-neutral-declare", W(
                "only a neutral declares, once a turn, before any other play, a side other than the one it is on",
                "只有中立可以宣布阵营：每回合一次，在其他出牌之前，宣布与当前不同的阵营"), action)
        if k == "attack" and data.phase == "play":
            return self._why_attack(data, action)
        if data.phase == "play" and k in PLAY_CLAUSE:
            return self._why_play(data, action)
        if k == "soldier_attack" and data.phase == "soldier" and isinstance(g("member"), int):
            ok, res = soldier_strike(data, data.active, data.cursor, data.command, g("member"))
            if not ok:
                return IllegalAction(res[0], res[1], action)
        if k == "block" and data.phase == "block":
            return IllegalAction("CH-turn-block", W("blocking needs a 剑 in hand", "抵挡需要消耗手牌中的1张剑"), action)
        return IllegalAction(self.decision_clause(data), NOT_LEGAL_NOW, action)

    def _why_play(self, data, action):
        """愈, the wand and the ring: which of their rules the action breaks."""
        seat, g = data.seats[data.active], action.get
        if seat.held:
            return IllegalAction("CH-magic-hold", HELD, action)
        if action.kind == "heal":
            target = g("target")
            if "heal" not in seat.hand:
                return IllegalAction("CH-turn-play-heal", W("healing spends a 愈 from the hand",
                                                            "治愈需要消耗手牌中的1张愈"), action)
            if target == data.active and seat.hp >= seat.max_hp:
                return IllegalAction("CH-max-hp", W("already at starting HP",
                                                    "生命已是英雄的初始生命，治愈不能超过它"), action)
            return IllegalAction("CH-death-heal-dying", W("愈 goes to oneself or to a dying hero",
                                                          "愈只能对自己或濒死的英雄使用"), action)
        return IllegalAction(PLAY_CLAUSE[action.kind], W("the card, the 魔 or the target is missing",
                                                         "缺少所需的卡牌、魔或目标"), action)

    def _why_attack(self, data, action):
        seat = data.seats[data.active]
        if data.attacked:
            return IllegalAction("CH-turn-play-one-sword", W("only one 剑 attack per turn",
                                                             "每个回合，英雄只能发动一次剑攻击"), action)
        if seat.held:
            return IllegalAction("CH-magic-hold", W("a held hero cannot attack", "被定身的英雄不能攻击"), action)
        if action.get("pay") == "sword" and "sword" not in seat.hand:
            return IllegalAction("CH-turn-play-one-sword", W("an attack costs one 剑", "攻击需要消耗1张剑"), action)
        if action.get("pay") == "any_two":
            return IllegalAction("CH-equip-longbow", W("paying any two cards needs the longbow and two cards",
                                                       "用任意2张手牌代替1张剑需要装备银杉木长弓并持有2张手牌"), action)
        target, member = action.get("target"), action.get("member")
        if not isinstance(target, int) or not 0 <= target < len(data.seats) or not isinstance(member, int):
            return IllegalAction("CH-attack-hero-targets", W("no such target", "没有这个目标"), action)
        problem = hero_may_attack(data, data.active, target, member)
        if problem:
            return IllegalAction(problem[0], problem[1], action)
        return IllegalAction("CH-turn-play-one-sword", W("not a legal attack now", "现在不能发动这次攻击"), action)

    def full_view(self, data):
        return view.full_view(data)

    def private_paths(self, data, player):
        return view.private_paths(data, player)

    def hidden_paths(self, data):
        return view.hidden_paths(data)

    def describe_action(self, action, lang):
        return text.describe_action(action, lang)

    def describe_event(self, event, lang):
        return text.describe_event(event, lang)

    def start_bounds(self, d, players):
        """A hand-made position's numbers by the rules: a hero's HP at most its maximum (CH-max-hp; at 0 or below it
        is dying, CH-death-dying, and may take more, so no floor but the save's generic one); a soldier in play
        has at least 1 HP (CH-soldier-falls); leadership and mana at least 0 (CH-leadership, CH-deploy-mana)."""
        from explorer.registry import Bound

        return {"Seat.hp": Bound(None, "max_hp", "CH-max-hp"),
                "Soldier.hp": Bound(1, None, "CH-soldier-falls"),
                "Seat.leadership": Bound(0, None, "CH-leadership"),
                "Seat.mana": Bound(0, None, "CH-deploy-mana")}

    def bots(self):
        from .bots import StrongBot, TacticalBot
        return {"random": explorer.RandomBot, "greedy": GreedyBot, "tactical": TacticalBot, "strong": StrongBot}

    def determinise(self, state, seat, rng):
        """A state ``seat`` cannot tell apart from ``state``: the others' hands, the deck and the identities not
        yet shown redrawn at random (``determinise.py``; the strong bot's search starts here)."""
        from .determinise import determinise
        return determinise(state, seat, rng)

    def scenarios(self):
        """Named positions reached by real actions from a new game (``scenarios.py``)."""
        from .scenarios import hero_dying, knight_charge, magic_to_counter

        return {s.name: s for s in (
            explorer.Scenario("knight_charge", "A knight charge against a mounted defender (griffin: distance 2)",
                              "骑士冲锋对骑着坐骑的防守者（狮鹫之王：距离为 2）", knight_charge),
            explorer.Scenario("hero_dying", "A hero dying with 愈 in other hands: who gives it?",
                              "英雄濒死，愈在别人手中：谁来救？", hero_dying),
            explorer.Scenario("magic_to_counter", "A fireball about to be cast at a hero who holds counter-magic",
                              "火球术即将施放，目标手持魔法抵消", magic_to_counter))}

    def turn_pass(self, data):
        """CH-turn-four-phases, CH-deploy-mana: the action by which the player to move ends their optional play
        phase (or their optional deployment); None at any other decision (a block, a command, a discard, a
        rescue). The Play tab's "end turn" reads it."""
        if data.phase not in ("play", "deploy") or data.draws:
            return None
        return next((a for a in self.legal_actions(data) if a.kind in ("end_play", "end_deploy")), None)


GAME = CastleHeart()
