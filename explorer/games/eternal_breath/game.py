"""永恒之息 (Eternal Breath) as an ``explorer.Game``: the task stack decides who acts; rule modules do the rest."""

from __future__ import annotations

from pathlib import Path

from explorer import CHANCE, TERMINAL, Game, GameInfo, Scenario

from . import attack, characters, effects, flow, play, records, setup, skills, traps, turn
from .describe import describe_action, describe_event
from .event_kinds import EVENT_KINDS
from .illegal import why_illegal
from .view import full_view, hidden_paths, private_paths

for _module in (setup, turn, attack, characters, effects, traps, skills, play):
    _module.register()

SETUP_STEPS_PER_PLAYER = 16   # reveal ≤ 4, pick 3, ritual 1, deal 4, with room to spare
TURN_STEP_BOUND = 1000        # per turn: ≤ 40 play actions (EB-A15) × a bounded resolution each, plus the phases
SIM_ROUND_LIMIT = 30          # EB-A07: the round limit bots and simulations pass explicitly
SIM_PLAY_ACTION_CAP = 40      # EB-A15: the play-phase cap they pass explicitly


class EternalBreath(Game):
    """永恒之息: 2–6 players, seed 000 (文档版本 5)."""

    info = GameInfo(
        id=flow.GAME_ID, name_en="Eternal Breath", name_zh="永恒之息", seed_file="000_cb643218e7045aa0.txt",
        min_players=2, max_players=6, players_clause="EB-players", clause_prefix="EB",
        # EB-A07 / EB-A15: the opt-in limits that bound a game played by bots alone (30 rounds, then a draw; 40
        # actions per play phase). A person's game never gets them: the document has neither.
        simulation_limits={"round_limit": SIM_ROUND_LIMIT, "play_action_cap": SIM_PLAY_ACTION_CAP},
        zero_sum="the last player with a living character wins; everyone else loses (EB-1.4-victory)")
    folder = Path(__file__).parent
    event_kinds = EVENT_KINDS  # each kind of event in English and 中文 (widgets.i18n.event_kind_name)

    def initial(self, players, variant):
        """EB-players: 2 to 6 players; the table starts with the dealer still to choose."""
        return setup.initial_table(players, variant)

    def current_player(self, t):
        if t.over:
            return TERMINAL
        head = t.tasks[0]
        return CHANCE if head.kind in flow.CHANCE_TASKS else head.player

    def legal_actions(self, t):
        head = t.tasks[0]
        return flow.DECISIONS[head.kind][0](t, head)

    def chance_outcomes(self, t):
        head = t.tasks[0]
        return flow.CHANCE_TASKS[head.kind][0](t, head)

    def apply(self, t, action, emit):
        head = t.tasks[0]
        return flow.run(flow.APPLY[head.kind](t, head, action, emit), emit)

    def why_illegal(self, t, action):
        return why_illegal(t, action)

    def decision_clause(self, t):
        if t.over or not t.tasks:
            return "EB-1.4-victory"
        head = t.tasks[0]
        return flow.DECISIONS[head.kind][2] if head.kind in flow.DECISIONS else "EB-3.1-judge"

    def winners(self, t):
        return t.winners

    def seat_facts(self, state):
        """Each seat's self character: its pick in the special draft (EB-1.1.2-special-pick)."""
        picks = {e.actor: dict(e.numbers)["card"] for e in state.log if e.clause == "EB-1.1.2-special-pick"}
        return [{"character": picks.get(p, "")} for p in range(state.players)]

    def turn_order(self, state):
        """EB-1.1.1-order: play goes clockwise (seat +1) from the dealer, who moves first (EB-1.2-round)."""
        n = len(state.data.seats)
        return tuple((state.data.dealer + k) % n for k in range(n))

    def fact_label(self, fact, value, lang="en"):
        """A character (a seat's fact) or a card (the balance report's cards) by its name in ``lang``."""
        from .content import card

        return card(value).name(lang) if fact in ("character", "card") and value else value

    def max_steps(self, players, variant):
        """A true bound when both limits are on: setup, then at most ``round_limit`` rounds of ``players`` turns,
        each turn bounded because the play phase is capped (EB-A15) and every other step resolves a bounded
        amount of work. None when either is 0: the document's game may go on for ever."""
        if not variant["round_limit"] or not variant["play_action_cap"]:
            return None
        per_turn = TURN_STEP_BOUND * max(1, -(-variant["play_action_cap"] // SIM_PLAY_ACTION_CAP))
        return players * SETUP_STEPS_PER_PLAYER + 10 + variant["round_limit"] * players * per_turn

    def full_view(self, t):
        return full_view(t)

    def private_paths(self, t, player):
        return private_paths(t, player)

    def hidden_paths(self, t):
        return hidden_paths(t)

    def describe_action(self, action, lang):
        return describe_action(action, lang)

    def describe_event(self, event, lang):
        return describe_event(self, event, lang)

    def scenarios(self):
        from .scenarios import combat_ready

        return {"combat_ready": Scenario(
            "combat_ready", "One step before an attack: attack 3 against base defence 2 and a defence card of 1",
            "攻击前一步：攻击点 3，对方基础防御 2、手持防御点 1 的防御卡", combat_ready)}

    def start_bounds(self, t, players):
        """A hand-made position's numbers by the rules: coins 0 to 20 (EB-2.6-coin-cap); a character's HP at most
        its HP card's (EB-3.2-heal; below 0 it is dying, EB-3.2-dying, and the seed's own skill takes 114514, so no
        floor but the save's generic one); summon limit 1, or 2 after a first defeat (EB-3.2-summon-limit); the
        dice 1 to 6, 0 before they are rolled; dealer, turn and winners are seats."""
        from explorer.registry import Bound

        seat = Bound(0, players - 1, "EB-1.1.1-order")
        return {"Seat.coins": Bound(0, records.COIN_CAP, "EB-2.6-coin-cap"),
                "Character.hp": Bound(None, "max_hp", "EB-3.2-heal"),
                "Seat.summon_limit": Bound(1, 2, "EB-3.2-summon-limit"),
                "Combat.attack_die": Bound(0, 6, "EB-3.2-attack-power"),
                "Combat.defence_die": Bound(0, 6, "EB-3.2-block"),
                "Table.dealer": seat, "Table.turn": seat, "Table.winners": seat}

    def bots(self):
        from .bots import GreedyBot, RandomBot, StrongBot, TacticalBot
        return {"random": RandomBot, "greedy": GreedyBot, "tactical": TacticalBot, "strong": StrongBot}

    def determinise(self, state, seat, rng):
        """A state ``seat`` cannot tell apart from ``state``: the others' hands and picks, face-down characters
        and traps it did not place, the offer it cannot see and the deck redrawn at random (``determinise.py``;
        the strong bot's search starts here)."""
        from .determinise import determinise
        return determinise(state, seat, rng)

    def turn_pass(self, t):
        """EB-1.2.2-draw, EB-1.2.3-declare, EB-1.2.4-play: the action by which the player whose turn it is passes an
        optional phase of their turn (end the draw phase, no declaration, end the play phase); None at any other
        decision (a discard, a defence, a rescue… is never passed for them). The Play tab's "end turn" reads it."""
        if t.over or not t.tasks or t.tasks[0].player != t.turn:
            return None
        kind = {"draw_phase": "done", "declare": "pass", "play": "end_play"}.get(t.tasks[0].kind)
        return next((a for a in self.legal_actions(t) if a.kind == kind), None)


GAME = EternalBreath()
__all__ = ["GAME", "EternalBreath", "attack", "characters", "effects", "skills", "traps"]
