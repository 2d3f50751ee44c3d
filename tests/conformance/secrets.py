"""Twins that differ in one player's secret only (issue 20): what every OTHER player observes must be the same.

``twins(state)`` builds, from one position, pairs of states whose data differ in one secret: a card of one
player's hand swapped with a different card of the deck (every game), or two hidden identities swapped
(城堡之心 CH-A09), a draft pick, a face-down character or a face-down trap (永恒之息).
``observed(state, q)`` is everything q can see; ``leaks(a, b, owners)`` names what differs.
"""

from __future__ import annotations

from itertools import pairwise

import explorer
from explorer import CHANCE
from explorer.bag import Bag
from explorer.records import evolve, replace_at

from .checks import at_path


def _seats_field(data) -> str:
    for name in ("seats", "heroes"):
        if hasattr(data, name):
            return name
    return "hands"


def _hand(data, p: int) -> tuple:
    seats = getattr(data, _seats_field(data))
    return seats[p] if _seats_field(data) == "hands" else seats[p].hand


def _with_hand(data, p: int, hand: tuple):
    name = _seats_field(data)
    seats = getattr(data, name)
    new = hand if name == "hands" else evolve(seats[p], hand=hand)
    return evolve(data, **{name: replace_at(seats, p, new)})


def hand_swaps(data, players: int):
    """(owner, data'): one card of the owner's hand exchanged with a different card still in the deck."""
    deck = getattr(data, "deck", None)
    if not isinstance(deck, Bag):
        return
    for p in range(players):
        hand = _hand(data, p)
        if not hand:
            continue
        card = next((c for c in hand if not _pending(data, c)), None)
        other = next((x for x in sorted(deck.counts(), key=str) if x != card and type(x) is type(card)), None)
        if card is None or other is None:
            continue
        rest = list(hand)
        rest.remove(card)
        counts = deck.counts()
        counts[other] -= 1
        counts[card] = counts.get(card, 0) + 1
        yield (p,), evolve(_with_hand(data, p, tuple(sorted([*rest, other], key=str))), deck=Bag(counts))


def identity_swaps(data, players: int):
    """((p, r), data'): the hidden identities of two unrevealed seats exchanged (CH-A09)."""
    seats = getattr(data, "seats", ())
    hidden = [p for p, s in enumerate(seats) if getattr(s, "identity", "") and not getattr(s, "revealed", True)]
    for p, r in pairwise(hidden):
        if seats[p].identity != seats[r].identity:
            s = replace_at(seats, p, evolve(seats[p], identity=seats[r].identity))
            yield (p, r), evolve(data, seats=replace_at(s, r, evolve(seats[r], identity=seats[p].identity)))


def _unused(data, pool) -> list:
    """Characters of ``pool`` (永恒之息 catalogue) nobody holds, picked or on offer."""
    taken = {c for s in data.seats for c in s.picks} | {c.card for s in data.seats for c in s.chars}
    return [c for c in pool if c not in taken and c not in data.offer and c not in data.deck]


def character_swaps(data, players: int):
    """(owner, data'): 永恒之息 only — the owner's last draft pick (EB-1.1.2-pass) or face-down character
    (EB-3.1-face-down) replaced by an unused character of the same kind."""
    if not hasattr(data, "offer"):
        return
    from explorer.games.eternal_breath import content
    cat = content.sample()
    for p, seat in enumerate(data.seats):
        if seat.picks:
            pool = cat.specials if len(seat.picks) == 1 else cat.normals
            spare = _unused(data, pool)
            if spare:
                yield (p,), evolve(data, seats=replace_at(data.seats, p, evolve(
                    seat, picks=(*seat.picks[:-1], spare[0]))))
        for i, c in enumerate(seat.chars):
            spare = _unused(data, cat.specials if c.is_self else cat.normals)
            if not c.face_up and spare:
                chars = replace_at(seat.chars, i, evolve(c, card=spare[0]))
                yield (p,), evolve(data, seats=replace_at(data.seats, p, evolve(seat, chars=chars)))


def trap_swaps(data, players: int):
    """(placer, data'): 永恒之息 only — a face-down trap's card (EB-3.2-trap-hidden) exchanged with a different
    trap card from the deck."""
    if not hasattr(data, "offer"):
        return
    spare = sorted(c for c in data.deck.counts() if str(c).startswith("trap_"))
    for q, seat in enumerate(data.seats):
        for i, tr in enumerate(seat.traps):
            other = next((c for c in spare if c != tr.card), None)
            if tr.face_up or other is None or not data.seats[tr.placer].alive or _pending(data, tr.card):
                continue
            counts = data.deck.counts()
            counts[other] -= 1
            counts[tr.card] = counts.get(tr.card, 0) + 1
            traps = replace_at(seat.traps, i, evolve(tr, card=other))
            seats = replace_at(data.seats, q, evolve(seat, traps=traps))
            yield (tr.placer,), evolve(data, seats=seats, deck=Bag(counts))


def _pending(data, card: str) -> bool:
    """A queued task names the card (a trap_declare already asked): swapping it would make an inconsistent twin."""
    return any(getattr(k, "card", None) == card for k in getattr(data, "tasks", ()))


def twins(state: explorer.State):
    """(owners, a, b): the position itself and one twin per kind of secret; both start a fresh log."""
    a = explorer.State(state.game, state.players, state.variant, state.data)
    for maker in (hand_swaps, identity_swaps, character_swaps, trap_swaps):
        for owners, data in maker(state.data, state.players):
            yield owners, a, explorer.State(state.game, state.players, state.variant, data)


def observed(s: explorer.State, q: int, events=()) -> tuple:
    legal = tuple(s.legal_actions()) if s.current_player == q else ()
    return (("view", s.view(q, with_log=False)), ("current_player", s.current_player),
            ("decision_clause", s.game.decision_clause(s.data)), ("legal_actions", legal),
            ("events", tuple(e.to_dict() for e in explorer.visible_log(events, q))))


def leaks(a: explorer.State, b: explorer.State, owners: tuple, ea=(), eb=()) -> list[str]:
    """What some other player q sees differently in a and b: 'q: field'."""
    out = []
    for q in range(a.players):
        if q in owners:
            continue
        for (name, x), (_, y) in zip(observed(a, q, ea), observed(b, q, eb), strict=True):
            if x != y:
                out.append(f"P{q}: {name}")
    return out


def next_step(a: explorer.State, b: explorer.State, owners: tuple):
    """The same action applied to both twins, or None when the rules reveal the secret (the owner acts) or it
    is not legal in both (a draw of the swapped card)."""
    if a.is_terminal or a.current_player in owners:
        return None
    if a.current_player == CHANCE:
        moves = [x for x, _ in a.chance_outcomes()]
        ok = {x for x, _ in b.chance_outcomes()}
    else:
        moves, ok = list(a.legal_actions()), set(b.legal_actions())
    move = next((m for m in moves if m in ok), None)
    if move is None:
        return None
    a2, b2 = a.apply(move), b.apply(move)
    if any(revealed(a, a2, o) or revealed(b, b2, o) for o in owners) or not still_secret(a2, b2, owners):
        return None
    return a2, b2


def revealed(before: explorer.State, after: explorer.State, owner: int) -> bool:
    """The rules revealed (part of) the owner's secret in this step: one of its private paths is no longer
    private (a death shows the identity, CH-A09; a face-down character turns up)."""
    g = before.game
    still = set(map(tuple, g.private_paths(after.data, owner)))
    return not set(map(tuple, g.private_paths(before.data, owner))) <= still


def still_secret(a: explorer.State, b: explorer.State, owners: tuple) -> bool:
    """The twins still differ inside the owners' secrets; when the difference has left them (a loser's hand goes
    to the face-up discard pile, EB-1.3-loser-cards), where it went is the rules' reveal, not a leak."""
    for o in owners:
        for path in a.game.private_paths(a.data, o):
            if at_path(a.view(None, with_log=False), path) != at_path(b.view(None, with_log=False), path):
                return True
    return False
