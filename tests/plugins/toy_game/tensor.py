"""The toy duel as numbers for OpenSpiel's tensors, from a seat's view only: each seat's HP and hand (counts of
each card; another seat's hand is hidden, only its size shows), the deck's size, the turn and the step."""

from __future__ import annotations

from explorer.openspiel_tensors import Index, hidden, size_of

CARDS = Index(("blank", "shield"))
STEPS = Index(("draw", "act", "attack_roll", "respond", "dodge_roll", "over"))


def fields(players: int) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    return [("deck_size", 1), ("turn", 1), ("step", STEPS.size)], [("hp", 1), ("hand", CARDS.size), ("hand_size", 1)]


def write(view: dict, me: int, table, seats) -> None:
    n = len(view["players"])
    table.num("deck_size", size_of(view["deck"]))
    table.num("turn", view["turn"])
    table.hot("step", STEPS, view["step"])
    for q, p in enumerate(view["players"]):
        out = seats[(q - me) % n]
        out.num("hp", p["hp"])
        if not hidden(p["hand"]):
            out.counts("hand", CARDS, p["hand"])
        out.num("hand_size", size_of(p["hand"]))
