"""The card-driven MOBA as an ``explorer.Game``: setup steps, turns and the action phase are rule modules."""

from __future__ import annotations

from fractions import Fraction
from math import factorial
from pathlib import Path

import explorer
from explorer import CHANCE, TERMINAL, Bag, Game, GameInfo, OpenNumber, Option

from . import deck, flow, setup
from .content import sample, standard_deck
from .describe import card_name, describe_action, describe_event
from .event_kinds import EVENT_KINDS
from .flow import SETUP_CLAUSE, A, setup_actions, turn_actions
from .illegal import why_illegal
from .records import Hero, Moba, Rules
from .ruler import rule_values, ruler_options
from .view import full_view

DECISION_CLAUSE = {**SETUP_CLAUSE, "order": "MB-choice-5-order", "deal": "MB-play-shuffle",
                   "action": "MB-turn-action", "discard": "MB-ruler-hand-limit", "over": "MB-choice-4-score"}
SWITCHES = {"start_stamina": "start_stamina", "start_hand": "start_hand", "round_cap": "round_cap",
            "kill_score": "kill_score", "card_set": "card_set", "adjacency": "adjacency", "action_cap": "action_cap",
            "shield_lasts": "shield_lasts", "win_score": "agreed_score"}




def _draw_action(card):
    return A("draw", CHANCE, card=card)


class CardMoba(Game):
    info = GameInfo(
        id="card_moba", name_en="Card-driven MOBA", name_zh="卡驱MOBA", seed_file="001_f64be178aa1cd06b.txt",
        # 「邀请1至5名小伙伴来与你一起」: you and 1 to 5 friends, 2 to 6 players
        min_players=2, max_players=6, players_clause="MB-prep-players", clause_prefix="MB",
        # MB-A17 and MB-A15: the action cap and round cap that bound a game of bots alone. A person's game has
        # neither (「行动阶段由当前回合玩家提出结束」; the game ends at the agreed score).
        simulation_limits={"action_cap": 30, "round_cap": 12},
        zero_sum="the first hero to reach the winning score wins; everyone else loses (MB-choice-4-score)")
    folder = Path(__file__).parent
    event_kinds = EVENT_KINDS  # each kind of event in English and 中文 (widgets.i18n.event_kind_name)

    def extra_options(self):
        """The Ruler mode settings (MB-mode-ruler) with the seed's ranges and defaults; "inf" is a value (MB-A18).
        And ``win_score``, MB-choice-4-score 「协商决定获胜所需的得分」 agreed before the game: any positive whole
        number, no upper end (0, the default: the table agrees at the score step, where the same holds)."""
        return (*ruler_options(), Option("win_score", 0, minimum=0, source="MB-choice-4-score"))

    def initial(self, players, variant):
        common = {field: variant[key] for key, field in SWITCHES.items()}
        classic = Rules(**common)
        ruler = Rules(**common, **rule_values(variant))
        cards = standard_deck(sample().cards)
        return Moba(phase="mode", seat=0, heroes=tuple(Hero(seat=i) for i in range(players)), deck=Bag(cards),
                    rules=classic, ruler_rules=ruler)

    def current_player(self, d):
        if d.phase == "over":
            return TERMINAL
        if d.draws or d.phase == "order":
            return CHANCE
        return d.seat

    def open_number(self, d):
        """MB-choice-4-score: the score step takes any positive whole number; 1 to 5 are listed."""
        return OpenNumber("win_score", d.seat, "score", 1) if d.phase == "score" else None

    def chance_outcomes(self, d):
        if d.phase == "order":
            orders = setup.orders(len(d.heroes))
            p = Fraction(1, factorial(len(d.heroes)))
            return tuple((A("order", CHANCE, order=o), p) for o in orders)
        return deck.draw_outcomes(d, _draw_action)

    def legal_actions(self, d):
        if d.phase in ("action", "discard"):
            return tuple(turn_actions(d))
        return tuple(setup_actions(d))

    def why_illegal(self, d, action):
        return why_illegal(d, action, self.current_player(d))

    def decision_clause(self, d):
        """The clause of the decision now: during setup the choice the seed lists (MB-choice-1 … 6, the deal of
        MB-play-shuffle), in a turn its phase (MB-turn-draw, MB-turn-action, the hand limit), at the end the
        winning score (MB-choice-4-score)."""
        if d.draws:
            return "MB-play-shuffle" if d.phase == "deal" else "MB-turn-draw"
        return DECISION_CLAUSE.get(d.phase, "MB-turn-phases")

    def apply(self, d, a, emit):
        return flow.apply(d, a, emit)

    def winners(self, d):
        return d.winners

    def seat_facts(self, state):
        """Each seat's hero (MB-choice-2-hero) and bloodline system (MB-bloodline-system)."""
        return [{"hero": h.hero, "bloodline": h.pieces[0] if h.pieces else ""} for h in state.data.heroes]

    def turn_order(self, state):
        """MB-choice-5-order: the turn order drawn at setup (every order equally likely); its first moves first."""
        return tuple(state.data.order)

    def fact_label(self, fact, value, lang="en"):
        """A hero, a bloodline (a seat's facts) or a card (the balance report's cards) by its name in ``lang``."""
        if fact == "card":
            return card_name(sample().cards[value], lang) if value in sample().cards else value
        table = {"hero": sample().heroes, "bloodline": sample().systems}.get(fact, {})
        return table[value]["zh" if lang == "zh" else "en"] if value in table else value

    def max_steps(self, players, variant):
        """A stated bound when both simulation limits are on; None (unbounded) when either is 0."""
        if not variant["action_cap"] or not variant["round_cap"]:
            return None
        per_turn = 2 + variant["action_cap"] * 5 + 70
        return 20 * players + 20 + variant["round_cap"] * players * per_turn

    def full_view(self, d):
        return full_view(d)

    def private_paths(self, d, player):
        return [("players", player, "hand")]

    def hidden_paths(self, d):
        return [("deck",)]

    def describe_action(self, action, lang):
        return describe_action(action, lang)

    def describe_event(self, event, lang):
        return describe_event(self, event, lang)

    def start_bounds(self, d, players):
        """A hand-made position's numbers by the rules in play (``d.rules``): HP at most the HP cap (MB-hero-hp-cap,
        or the Ruler's; at 0 or less the hero is dead, MB-hero-death, and a hit's size is the cards', so no floor but
        the save's generic one); stamina 0 to its cap (MB-term-1-stamina); shield and score at least 0; a status
        has at least 1 layer (MB-status-13-poison); heroes' seats are seats (MB-prep-players)."""
        from explorer.registry import Bound

        return {"Hero.hp": Bound(None, d.rules.hp_cap, "MB-hero-hp-cap"),
                "Hero.stamina": Bound(0, d.rules.stamina_cap, "MB-term-1-stamina"),
                "Hero.shield": Bound(0, None, "MB-term-2-shield"),
                "Hero.score": Bound(0, None, "MB-choice-4-score"),
                "Status.layers": Bound(1, None, "MB-status-13-poison"),
                "Hero.seat": Bound(0, players - 1, "MB-prep-players"),
                "Moba.order": Bound(0, players - 1, "MB-prep-players")}

    def bots(self):
        from .bots import GreedyBot, StrongBot, TacticalBot
        return {"random": explorer.RandomBot, "greedy": GreedyBot, "tactical": TacticalBot, "strong": StrongBot}

    def determinise(self, state, seat, rng):
        """A state ``seat`` cannot tell apart from ``state``: the others' hands and the deck redrawn at random
        from the cards it cannot see (``determinise.py``; the strong bot's search starts here)."""
        from .determinise import determinise
        return determinise(state, seat, rng)

    def scenarios(self):
        """Named positions reached by real actions from a new game (``scenarios.py``)."""
        from .scenarios import charge_into_hero, one_card_short_of_a_skill, poisoned_with_shield

        return {s.name: s for s in (
            explorer.Scenario("charge_into_hero", "One step before a charge into a hero (Gale's 【M M】 charge)",
                              "冲锋撞向英雄的前一步（疾风的【M M】冲锋）", charge_into_hero),
            explorer.Scenario("poisoned_with_shield", "Poisoned with a shield: which goes first at the turn's start?",
                              "中毒且有护盾：回合开始时先算哪个？", poisoned_with_shield),
            explorer.Scenario("one_card_short_of_a_skill", "One card short of a skill: 移动·一 unlocks the charge",
                              "差一张牌解锁技能：打出移动·一即可冲锋", one_card_short_of_a_skill))}

    def turn_pass(self, d):
        """MB-turn-action: the action by which the player whose turn it is ends their optional action phase; None at any
        other decision (setup choices, a discard). The Play tab's "end turn" reads it."""
        if d.phase != "action" or d.draws:
            return None
        return next((a for a in self.legal_actions(d) if a.kind == "end"), None)


GAME = CardMoba()
