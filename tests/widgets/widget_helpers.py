"""Shared helpers for the widget tests: a toy-game session and scripted steps."""

from __future__ import annotations

from explorer import CHANCE, TERMINAL, act
from widgets.play.game_session import GameSession

TOY = "toy_duel"


def toy_session(**kwargs) -> GameSession:
    kwargs.setdefault("variant", {"start_hp": 6})
    return GameSession(TOY, 2, **kwargs)


def draw(card):
    return act(TOY, "draw", CHANCE, card=card)


def roll(die):
    return act(TOY, "roll", CHANCE, die=die)


def attack(player, target):
    return act(TOY, "attack", player, target=target)


def dodge(player):
    return act(TOY, "dodge", player)


def block(player):
    return act(TOY, "block", player)


def pass_(player):
    return act(TOY, "pass", player)


def script(session: GameSession, *actions) -> None:
    """Take each action through the session; every one must be accepted."""
    for a in actions:
        assert session.choose(a), session.notice_text("en")


# p0 draws a shield, attacks p1 with a 2; p1 dodges with a 6: the damage is cancelled (TOY-dodge).
CANCELLED_DODGE = (draw("shield"), attack(0, 1), roll(2), dodge(1), roll(6))


def greedy_until(area, want, limit: int = 400, pick=None) -> bool:
    """At a PlayArea, the person (seat 0) clicks, one button each, until ``want(area)`` holds (False if the game ends
    first); bots and dice answer in between. ``pick(area)``: the button to click (default: the greedy bot's choice,
    seeded by the node)."""
    import random

    s = area.session
    bot = s.game.bots()["greedy"]()
    pick = pick or (lambda a: a.picker.button_for(bot.choose(s.state, random.Random(f"person#{s.node_id}"))))
    for _ in range(limit):
        if want(area):
            return True
        if s.state.current_player == TERMINAL:
            return False
        if s.state.current_player == 0:
            pick(area).click()
        else:
            s.run_bots()
    return False
