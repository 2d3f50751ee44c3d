"""城堡之心 (Castle Heart) as an ``explorer.Game``: the phase table in ``flow.py`` decides who acts."""

from __future__ import annotations

from pathlib import Path

import explorer
from explorer import Game, GameInfo

from . import describe, flow, view
from .bots import GreedyBot
from .content import CONTENT
from .event_kinds import EVENT_KINDS
from .illegal import why_illegal
from .setup import initial

SIMULATION_ROUND_CAP = 20  # CH-A14: opt-in, for bots and simulations only

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
        from .setup import MIXES, legal_mixes

        def dealt(mix):
            mixes = legal_mixes(players) if mix == "any_legal" else (MIXES[mix][players],)
            return {"".join(sorted(m)) for m in mixes}

        return dealt(value) != dealt(self.options[key].default)

    def fact_label(self, fact, value, lang="en"):
        """A hero, an identity (a seat's facts) or a card (the balance report's cards) by its name in ``lang``."""
        if fact == "card" and value in CONTENT.cards:
            found = CONTENT.cards[value]
            return found.zh if lang == "zh" else found.en
        if fact == "hero" and value in CONTENT.heroes:
            hero = CONTENT.heroes[value]
            return hero.zh if lang == "zh" else hero.en
        if fact in ("identity", "identity_dealt") and value in describe.IDENTITY:
            en, zh = describe.IDENTITY[value]
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
        return flow.decision_clause(data)

    def why_illegal(self, data, action):
        return why_illegal(data, action)

    def full_view(self, data):
        return view.full_view(data)

    def private_paths(self, data, player):
        return view.private_paths(data, player)

    def hidden_paths(self, data):
        return view.hidden_paths(data)

    def describe_action(self, action, lang):
        return describe.describe_action(action, lang)

    def describe_event(self, event, lang):
        return describe.describe_event(event, lang)

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
