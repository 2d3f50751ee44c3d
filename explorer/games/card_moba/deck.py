"""The deck (牌堆) and the discard pile (置牌堆): draws are chance nodes over a Bag (MB-card-discard-pile)."""

from __future__ import annotations

from fractions import Fraction

from explorer import CANCELLED, Bag, Draws, replace_at

from .records import Moba, evolve, with_draw, with_hand
from .setup import deal
from .turn import begin_action


def draw_outcomes(d: Moba, make):
    """Each card that can come next (as the action ``make(card)``) with its exact chance: whole-number weights,
    each card's count in the pile (a Weighted, drawn without a Fraction per card); an empty deck draws from the
    reshuffled discard pile; with both empty nothing is drawn (MB-A02, ``make(None)`` for sure)."""
    pile = d.deck if len(d.deck) else d.discard
    if not len(pile):
        return ((make(None), Fraction(1)),)
    draws = _DRAWS.get(make)
    if draws is None:
        draws = _DRAWS[make] = Draws(make)
    return draws(pile)


_DRAWS: dict = {}  # make → its Draws (each set of cards' actions made once)


def draw(d: Moba, card: str | None, emit) -> Moba:
    """MB-turn-draw / MB-card-discard-pile: the first seat in the draw queue takes the top card; the moment
    the deck is drawn empty the discard pile is shuffled into a new deck (or at the next draw, if the discard
    pile was empty then)."""
    seat = d.draws[0]
    if not len(d.deck) and len(d.discard):
        emit.emit("reshuffle", "MB-card-discard-pile", cards=len(d.discard))
        d = evolve(d, deck=d.discard, discard=Bag())
    if card is None:
        emit.emit("nothing to draw", "MB-card-discard-pile", targets=(seat,), outcome=CANCELLED)
        d = evolve(d, draws=d.draws[1:])
    else:
        h = d.heroes[seat]
        emit.emit_pairs("draw", "MB-turn-draw", seat, (("card", card),), (seat,), private_to=(seat,))
        heroes = replace_at(d.heroes, seat, with_hand(h, tuple(sorted((*h.hand, card)))))
        d = with_draw(d, heroes, d.deck.remove(card), d.draws[1:])
        if not len(d.deck) and len(d.discard):
            emit.emit("reshuffle", "MB-card-discard-pile", cards=len(d.discard))
            d = evolve(d, deck=d.discard, discard=Bag())
    if d.draws:
        return d
    if d.phase == "draw":
        return begin_action(d, emit)
    if d.phase == "deal":
        return deal(d, emit)
    return d
