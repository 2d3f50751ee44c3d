"""Card-driven MOBA (卡驱MOBA, seed 001): a grid map, stamina, cards played in sequences that unlock hero
skills, 14 statuses and a winning score. Sample heroes, bloodlines, cards and maps are data (*.sample.toml).

>>> import explorer
>>> s = explorer.new_game("card_moba", players=2)
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial
from pathlib import Path

import explorer
from explorer import CHANCE, TERMINAL, Bag, Game, IllegalAction, Option, VariantError

from . import action_phase, deck, setup
from .content import sample, standard_deck
from .describe import describe_action, describe_event
from .legal import A, setup_actions, turn_actions, why
from .records import Hero, Moba, Rules
from .view import full_view

INF = 10**9  # the Ruler settings' "inf" (MB-A18)
RULER = {  # variant key: (Rules field, default, minimum, maximum or values, clause)
    "ruler_hp_cap": ("hp_cap", 60, 60, INF, "MB-ruler-hp-cap"),
    "ruler_stamina_cap": ("stamina_cap", 12, 8, INF, "MB-ruler-stamina-cap"),
    "ruler_start_stamina": ("start_gain", 1, 1, 4, "MB-ruler-start-stamina"),
    "ruler_hand_limit": ("hand_limit", INF, 6, INF, "MB-ruler-hand-limit"),
    "ruler_status_stack": ("status_stack", True, None, (True, False), "MB-ruler-status-stack"),
    "ruler_poison_death": ("poison_death", False, None, (False, True), "MB-ruler-poison-death"),
    "ruler_special_cells": ("special_cells", True, None, (True, False), "MB-ruler-special-cells"),
    "ruler_steal_stamina": ("steal_stamina", False, None, (False, True), "MB-ruler-steal-stamina"),
    "ruler_steal_hand": ("steal_hand", False, None, (False, True), "MB-ruler-steal-hand"),
}
SWITCHES = {"start_stamina": "start_stamina", "start_hand": "start_hand", "round_cap": "round_cap",
            "kill_score": "kill_score", "card_set": "card_set", "adjacency": "adjacency", "action_cap": "action_cap"}


SETUP_STEPS = {"mode": (setup.choose_mode, "mode"), "map": (setup.choose_map, "map"),
               "hero": (setup.choose_hero, "hero"), "bloodline": (setup.choose_bloodline, "piece"),
               "win_score": (setup.choose_win_score, "score"), "spawn": (setup.choose_spawn, "cell")}


class CardMoba(Game):
    id = "card_moba"
    name_en = "Card-driven MOBA"
    name_zh = "卡驱MOBA"
    seed_file = "001_f64be178aa1cd06b.txt"
    players_clause = "MB-prep-players"  # you and 1 to 5 friends: 1 to 6 players
    min_players = 1
    max_players = 6
    folder = Path(__file__).parent

    def extra_options(self):
        """The Ruler mode settings (MB-mode-ruler) with the seed's ranges and defaults."""
        for key, (_, default, low, high, clause) in RULER.items():
            if low is None:
                yield Option(key, default, values=high, source=clause)
            else:
                yield Option(key, default, minimum=low, maximum=high, source=clause)

    def check_variant(self, variant):
        for key in ("ruler_hp_cap", "ruler_stamina_cap", "ruler_start_stamina", "ruler_hand_limit"):
            if key in variant and not isinstance(variant[key], int):
                raise VariantError(self.id, key, "a whole number is needed", RULER[key][4])

    def initial(self, players, variant):
        common = {field: variant[key] for key, field in SWITCHES.items()}
        classic = Rules(**common)
        ruler = Rules(**common, **{field: variant[key] for key, (field, *_) in RULER.items()})
        cards = standard_deck(sample().cards)
        return Moba(phase="mode", seat=0, heroes=tuple(Hero(seat=i) for i in range(players)), deck=Bag(cards),
                    rules=classic, ruler_rules=ruler)

    def current_player(self, d):
        if d.phase == "over":
            return TERMINAL
        if d.draws or d.phase == "order":
            return CHANCE
        return d.seat

    def chance_outcomes(self, d):
        if d.phase == "order":
            orders = setup.orders(len(d.heroes))
            p = Fraction(1, factorial(len(d.heroes)))
            return tuple((A("order", CHANCE, order=o), p) for o in orders)
        return tuple((A("draw", CHANCE, card=c), p) for c, p in deck.draw_outcomes(d))

    def legal_actions(self, d):
        if d.phase in ("action", "discard"):
            return tuple(turn_actions(d))
        return tuple(setup_actions(d))

    def why_illegal(self, d, action):
        if action.player == CHANCE or self.current_player(d) == CHANCE:
            return IllegalAction("MB-turn-draw" if d.draws else "MB-choice-5-order",
                                 "only chance decides this now" if self.current_player(d) == CHANCE
                                 else "chance does not decide now", action)
        clause, reason = why(d, action)
        return IllegalAction(clause, reason, action)

    def decision_clause(self, d):
        return "MB-turn-action"

    def apply(self, d, a, emit):
        k = a.kind
        if k == "draw":
            return deck.draw(d, a["card"], emit)
        if k == "order":
            return setup.set_order(d, a["order"], emit)
        if k in SETUP_STEPS:
            choose, param = SETUP_STEPS[k]
            return choose(d, a[param], emit)
        if k == "discard":
            return _discard(d, a["card"], emit)
        if k == "end":
            return action_phase.end_action(d, emit)
        params = a.args
        if k == "play":
            d = action_phase.play_card(d, params.pop("card"), params, emit)
        elif k == "move":
            d = action_phase.move(d, a["to"], emit)
        elif k == "attack":
            d = action_phase.attack(d, a["target"], emit)
        else:
            d = action_phase.use_skill(d, params.pop("skill"), params, emit)
        return _after_action(d, emit)

    def winners(self, d):
        return d.winners

    def max_steps(self, players, variant):
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

    def bots(self):
        from .bots import GreedyBot
        return {"random": explorer.RandomBot, "greedy": GreedyBot}


def _discard(d, card, emit):
    from .turn import discard
    return discard(d, card, emit)


def _after_action(d, emit):
    """A hero that died during its own action phase loses the rest of its turn (MB-A09)."""
    if d.phase == "over" or d.heroes[d.seat].alive:
        return d
    from .turn import finish_turn
    emit.emit("turn lost", "MB-hero-death", targets=(d.seat,))
    return finish_turn(d, emit)


GAME = explorer.register(CardMoba())
