"""Shared helpers for the widget tests: a toy-game session and scripted steps."""

from __future__ import annotations

from explorer import CHANCE, act
from widgets.game_session import GameSession

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
