"""英雄死亡 (CH-death-dying, CH-death-heal-dying, CH-death-revive): the chance a dying hero is brought back
to 1 HP before its turn ends, from what one player sees.

A dying hero at HP ``h`` ≤ 0 needs ``1 − h`` 愈; every living hero not held (CH-magic-hold) may give any
number of them (CH-A18, ``death.rescuers``). From seat ``viewer``'s view (``State.view``), the 愈 not seen
— the deck's make-up (sample content) less the viewer's own hand and the public discard pile — lie
somewhere among the unseen cards: the deck and the other hands, whose sizes are public. With no behaviour
model every placement of them is equally likely, so the 愈 in the rescuers' hands are hypergeometric.
``public=True`` forgets the viewer's own hand: the odds of anyone watching the table.
"""

from __future__ import annotations

from fractions import Fraction

from explorer.chance import hypergeometric
from explorer.games.castle_heart.content import CONTENT
from probability.dist import at_least


def hand_size(player: dict) -> int:
    hand = player["hand"]
    return hand["count"] if isinstance(hand, dict) else len(hand)


def known_hand(player: dict, public: bool) -> tuple | None:
    """The cards of a hand the viewer sees, or None when hidden (or when ``public`` forgets them)."""
    hand = player["hand"]
    return None if public or isinstance(hand, dict) else tuple(hand)


def unseen(view: dict, card: str, public: bool = False) -> tuple[int, int]:
    """(unseen cards, unseen copies of ``card``): the deck and every hand the viewer cannot see, and the
    copies of ``card`` the deck's make-up has that are neither in a seen hand, the discard pile nor on the table."""
    seen = view["discard"].get(card, 0)
    size = view["deck"]["count"] if isinstance(view["deck"], dict) else sum(view["deck"].values())
    for p in view["players"]:
        hand = known_hand(p, public)
        seen += p["equipment"].count(card) + (hand.count(card) if hand is not None else 0)
        size += hand_size(p) if hand is None else 0
    return size, max(0, CONTENT.cards[card].count - seen)


def heals_needed(view: dict, dying: int) -> int:
    """CH-death-revive: back to 1 HP takes 1 − HP 愈 (each heals 1, CH-death-heal-dying)."""
    return 1 - view["players"][dying]["hp"]


def rescuers(view: dict) -> list[int]:
    """CH-A18: every living hero not held may give 愈 (the dying one too)."""
    return [p["seat"] for p in view["players"] if p["alive"] and not p["held"]]


def heals_in_reach(view: dict, public: bool = False) -> dict[int, Fraction]:
    """The distribution of the 愈 the rescuers hold together, from this view."""
    total, good = unseen(view, "heal", public)
    mine, hidden = 0, 0
    for s in rescuers(view):
        hand = known_hand(view["players"][s], public)
        if hand is None:
            hidden += hand_size(view["players"][s])
        else:
            mine += hand.count("heal")
    return {mine + k: p for k, p in hypergeometric(total, good, hidden).items()}


def rescue_chance(view: dict, dying: int, public: bool = False) -> Fraction:
    """CH-death-heal-dying: the chance the rescuers hold enough 愈 to bring ``dying`` back to 1 HP (everyone
    willing); 1 if it is not dying, 0 if it is dead."""
    p = view["players"][dying]
    if not p["alive"]:
        return Fraction(0)
    if p["hp"] > 0:
        return Fraction(1)
    return at_least(heals_in_reach(view, public), heals_needed(view, dying))
