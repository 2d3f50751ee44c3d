"""Toy dice duel: the core's own test game (never shipped in the package), and the proof that a game plugs in
from its own folder (issue 35): this folder is a plug-in package — ``tests/plugins`` is a plug-in folder
(``explorer.use_plugins``, or ``$RULES_EXPLORER_PLUGINS``) — and nothing outside it names the game. The conformance
suite, the Play table (the generic board), the event graph, the OpenSpiel bridge (``spiel.py``, ``tensor.py``) and
the balance lab pick it up from the registry (tests/core/test_plugins.py checks a renamed copy of this folder).

Each player has 4 HP and a secret hand. On a turn the player draws a card (chance over a Bag),
then attacks someone or passes. The attacker rolls a die; the defender blocks (a shield card in
hand cancels 2) or dodges (rolls: higher than the attack die cancels it). Last one standing wins;
after 40 turns everyone alive wins.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import explorer
from explorer import CHANCE, TERMINAL, Bag, Game, GameInfo, IllegalAction, evolve, record, replace_at

DIE = tuple(range(1, 7))


@record
class Toy:
    hp: tuple
    hands: tuple
    deck: Bag
    turn: int
    player: int
    step: str  # draw, act, attack_roll, respond, dodge_roll, over
    target: int = -1
    attack_die: int = 0
    attack_event: int = -1


class ToyGame(Game):
    info = GameInfo(id="toy_duel", name_en="Toy dice duel", name_zh="玩具骰子决斗", min_players=2, max_players=3,
                    clause_prefix="TOY")
    folder = Path(__file__).parent
    event_kinds = {"draw": ("Draw", "摸牌"), "attack": ("Attack", "攻击"), "roll": ("Roll", "掷骰"),  # noqa: RUF012
                   "dodge": ("Dodge", "闪避"), "damage": ("Damage", "伤害"), "game over": ("Game over", "游戏结束")}
    turn_limit = 40

    def initial(self, players, variant):
        deck = Bag({"shield": 6, "blank": 6})
        return Toy(hp=(variant["start_hp"],) * players, hands=((),) * players, deck=deck, turn=0,
                   player=0, step="draw")

    def current_player(self, d):
        if d.step == "over":
            return TERMINAL
        if d.step in ("draw", "attack_roll", "dodge_roll"):
            return CHANCE
        return d.target if d.step == "respond" else d.player

    def chance_outcomes(self, d):
        if d.step == "draw":
            if not len(d.deck):
                return ((self.action("draw", CHANCE, card=None), Fraction(1)),)
            return tuple((self.action("draw", CHANCE, card=c), p) for c, p in d.deck.outcomes())
        return tuple((self.action("roll", CHANCE, die=v), Fraction(1, 6)) for v in DIE)

    def legal_actions(self, d):
        if d.step == "respond":
            out = [self.action("dodge", d.target)]
            if "shield" in d.hands[d.target]:
                out.append(self.action("block", d.target))
            return tuple(out)
        alive = [p for p, hp in enumerate(d.hp) if hp > 0 and p != d.player]
        return (self.action("pass", d.player), *(self.action("attack", d.player, target=t) for t in alive))

    def why_illegal(self, d, action):
        if action.kind == "block":
            return IllegalAction("TOY-block", "blocking needs a shield card in hand", action)
        if action.kind == "attack" and action.get("target") == d.player:
            return IllegalAction("TOY-attack", "a player cannot attack itself", action)
        return IllegalAction(self.decision_clause(d), "not a legal action now", action)

    def decision_clause(self, d):
        return {"respond": "TOY-respond", "act": "TOY-attack"}.get(d.step, "TOY-turn")

    def apply(self, d, a, emit):
        if a.kind == "draw":
            card = a["card"]
            emit.emit("draw", "TOY-turn", actor=d.player, private_to=(d.player,), card=card)
            hands = d.hands if card is None else replace_at(d.hands, d.player, (*d.hands[d.player], card))
            return evolve(d, hands=hands, deck=d.deck.remove(card) if card else d.deck, step="act")
        if a.kind == "pass":
            return self._next_turn(d, emit)
        if a.kind == "attack":
            eid = emit.emit("attack", "TOY-attack", actor=d.player, targets=(a["target"],))
            return evolve(d, step="attack_roll", target=a["target"], attack_event=eid)
        if a.kind == "roll" and d.step == "attack_roll":
            emit.emit("roll", "TOY-attack", actor=d.player, cause=d.attack_event, die=a["die"])
            return evolve(d, step="respond", attack_die=a["die"])
        if a.kind == "block":
            hand = list(d.hands[d.target])
            hand.remove("shield")
            dmg = max(1, d.attack_die - 2)
            return self._hit(evolve(d, hands=replace_at(d.hands, d.target, tuple(hand))), dmg, emit, "TOY-block")
        if a.kind == "dodge":
            emit.emit("dodge", "TOY-respond", actor=d.target, cause=d.attack_event)
            return evolve(d, step="dodge_roll")
        if a.kind == "roll" and d.step == "dodge_roll":
            if a["die"] > d.attack_die:
                emit.emit("damage", "TOY-dodge", actor=d.player, targets=(d.target,), cause=d.attack_event,
                          outcome=explorer.CANCELLED, links=[(explorer.SELF, "cancels", d.attack_event)], die=a["die"])
                return self._next_turn(d, emit)
            return self._hit(d, d.attack_die, emit, "TOY-dodge")
        raise AssertionError(a)

    def _hit(self, d, dmg, emit, clause):
        emit.emit("damage", clause, actor=d.player, targets=(d.target,), cause=d.attack_event, damage=dmg)
        hp = replace_at(d.hp, d.target, d.hp[d.target] - dmg)
        return self._next_turn(evolve(d, hp=hp), emit)

    def _next_turn(self, d, emit):
        alive = [p for p, hp in enumerate(d.hp) if hp > 0]
        if len(alive) <= 1 or d.turn + 1 >= self.turn_limit:
            emit.emit("game over", "TOY-win", targets=tuple(alive))
            return evolve(d, step="over", target=-1)
        nxt = d.player
        while True:
            nxt = (nxt + 1) % len(d.hp)
            if d.hp[nxt] > 0:
                break
        return evolve(d, player=nxt, turn=d.turn + 1, step="draw", target=-1)

    def winners(self, d):
        return tuple(p for p, hp in enumerate(d.hp) if hp > 0)

    def max_steps(self, players, variant):
        return self.turn_limit * 5

    def full_view(self, d):
        return {"players": [{"hp": hp, "hand": list(h)} for hp, h in zip(d.hp, d.hands, strict=True)],
                "deck": d.deck.counts(), "turn": d.turn, "step": d.step}

    def private_paths(self, d, player):
        return [("players", player, "hand")]

    def hidden_paths(self, d):
        return [("deck",)]


GAME = explorer.register(ToyGame())
