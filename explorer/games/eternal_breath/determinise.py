"""A world the seat cannot tell apart from the real one (for the strong bot's search, ``explorer.search``).

What a seat of 永恒之息 does not see (``view.py``): the other hands (EB-3.1-hand; sizes are public), the
others' draft picks and, while another player picks, the cards on offer (EB-1.1.2-pass), a self character
still face down that was never shown (EB-3.1-face-down), the content of a face-down trap it did not place
(EB-2.4-trap-card), and the deck (EB-3.1-deck; its size is public). The cards in those places are the
public multiset of the game (the deck's cards plus every character revealed in the draft) less what the seat
sees, so the view determines them; each place keeps what the rules say it holds:

- a face-down self character, a first draft pick or a special offer holds a special character (特殊角色),
- a later pick, a normal offer or another face-down character a normal character (普通角色),
- a face-down trap a trap card (陷阱卡), a hand or the deck anything.

Each kind of place is filled from the unseen cards of its kind in random order, then the hands and the deck
from the rest: every arrangement consistent with the view is equally likely. A task, an attack in progress
or an effect that names a redrawn card is made to name its replacement.

Assumptions of the bot, not of the game: nothing is inferred from others' choices (a player who flips a trap
face down or passes a card in the draft), nor from what the seat once saw and no longer sees (the offer it
passed on): the world matches the seat's view now, its log included.
"""

from __future__ import annotations

import random

from explorer import Bag, evolve, replace_at
from explorer.search import seat_state, shuffled

from .content import card

ANY = ""


def hidden_places(t, seat: int) -> list[tuple]:
    """Each place ``seat`` cannot see, as (kind of card it holds, where, the card now): where is
    ("hand", q, i), ("pick", q, i), ("char", q, i), ("trap", zone, i), ("offer", i) or ("deck", i)."""
    places = []
    head = t.tasks[0] if t.tasks else None
    for q, s in enumerate(t.seats):
        for i, tr in enumerate(s.traps):
            if not tr.face_up and not (tr.placer == seat and t.seats[seat].alive):
                places.append(("trap", ("trap", q, i), tr.card))
        if q == seat:
            continue
        places += [(ANY, ("hand", q, i), c) for i, c in enumerate(s.hand)]
        places += [("special" if i == 0 else "normal", ("pick", q, i), c) for i, c in enumerate(s.picks)]
        places += [("special" if c.is_self else "normal", ("char", q, i), c.card) for i, c in enumerate(s.chars)
                   if not c.face_up and not c.ever_up]
    if head is not None and head.kind in ("pick_special", "pick_normal") and head.player != seat:
        kind = "special" if head.kind == "pick_special" else "normal"
        places += [(kind, ("offer", i), c) for i, c in enumerate(t.offer)]
    places += [(ANY, ("deck", i), c) for i, c in enumerate(t.deck)]
    return places


def redeal(places: list[tuple], rng: random.Random) -> list[str]:
    """New cards for ``places`` (same order): each kind of place filled at random from the unseen cards of that
    kind, then the places that take anything from the rest, so every consistent arrangement is equally likely."""
    left = shuffled([c for _, _, c in places], rng)
    out = [ANY] * len(places)
    for i, (kind, _, _) in enumerate(places):
        if kind != ANY:
            fits = [j for j, c in enumerate(left) if card(c).kind == kind]
            out[i] = left.pop(fits[rng.randrange(len(fits))])
    rng.shuffle(left)   # what is left, in a fresh random order: the first picks must not shape it
    rest = iter(left)
    return [c if c != ANY else next(rest) for c in out]


def determinise(state, seat: int, rng: random.Random):
    """EB-3.1-hand, EB-3.1-face-down, EB-2.4-trap-card, EB-3.1-deck: what ``seat`` cannot see, redrawn."""
    t = state.data
    places = hidden_places(t, seat)
    new = redeal(places, rng)
    seats = [list(_fields(s)) for s in t.seats]
    offer, deck, renamed = list(t.offer), [], {}
    for (_, where, old), c in zip(places, new, strict=True):
        if where[0] == "deck":
            deck.append(c)
        elif where[0] == "offer":
            offer[where[1]] = c
        else:
            name, q, i = where
            slot = {"hand": 0, "pick": 1, "char": 2, "trap": 3}[name]
            items = seats[q][slot]
            if name == "char":
                c_old = items[i]
                items[i] = evolve(c_old, card=c, hp=card(c).hp)
                renamed.setdefault(q, {})[old] = c
            elif name == "trap":
                items[i] = evolve(items[i], card=c)
                renamed.setdefault(items[i].placer, {}).setdefault(old, c)
            else:
                items[i] = c
    new_seats = tuple(evolve(s, hand=tuple(f[0]), picks=tuple(f[1]), chars=tuple(f[2]), traps=tuple(f[3]))
                      for s, f in zip(t.seats, seats, strict=True))
    t = evolve(t, seats=new_seats, offer=tuple(offer), deck=Bag(deck))
    return seat_state(state, _renamed(t, renamed), seat)


def _fields(s) -> tuple[list, ...]:
    return list(s.hand), list(s.picks), list(s.chars), list(s.traps)


def _renamed(t, renamed: dict[int, dict[str, str]]):
    """The tasks, the attack in progress and the effects that name a redrawn card of player ``q`` name its
    replacement instead (EB-A29: a face-down attacker; a trap being declared)."""
    if not renamed:
        return t
    tasks = tuple(_task(task, renamed) for task in t.tasks)
    f = t.combat
    if f is not None and f.player in renamed and f.char in renamed[f.player]:
        f = evolve(f, char=renamed[f.player][f.char])
    seats = t.seats
    for q, names in renamed.items():
        effects = tuple(evolve(e, host=names[e.host]) if e.host in names else e for e in seats[q].effects)
        if effects != seats[q].effects:
            seats = replace_at(seats, q, evolve(seats[q], effects=effects))
    return evolve(t, tasks=tasks, combat=f, seats=seats)


def _task(task, renamed):
    names = {}
    for q in (task.player, task.target, task.by):
        names.update(renamed.get(q, {}))
    if not names:
        return task
    changes = {k: names[v] for k, v in (("card", task.card), ("char", task.char), ("tchar", task.tchar))
               if v in names}
    ctx = task.ctx
    if ctx is not None:
        fix = {k: names[v] for k, v in (("char", ctx.char), ("achar", ctx.achar), ("source", ctx.source))
               if v in names}
        if fix:
            changes["ctx"] = evolve(ctx, **fix)
    return evolve(task, **changes) if changes else task
