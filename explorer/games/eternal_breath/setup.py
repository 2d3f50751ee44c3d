"""§1.1 游戏准备: dealer and order, the special and normal character drafts, the ritual, 4 cards and 5 coins."""

from __future__ import annotations

from fractions import Fraction

from explorer import Bag, Weighted

from . import content
from .flow import A, auto, chance, decision
from .records import Character, Rules, Seat, Table, Task, evolve, gain_coins, pop, push, seat_set, without

START_HAND = 4   # EB-1.1.4-init
START_COINS = 5


def initial_table(players: int, variant: dict) -> Table:
    """EB-1.1.1-dealer: the dealer is chosen first (chance, or seat 0 with the switch)."""
    rules = Rules(round_limit=variant["round_limit"], block_without_card=variant["block_without_card"],
                  response_timing=variant["response_timing"],
                  summon_limit_after_defeat=variant["summon_limit_after_defeat"],
                  refused_effect_card=variant["refused_effect_card"], loser_characters=variant["loser_characters"],
                  leftover_characters=variant["leftover_characters"], play_action_cap=variant["play_action_cap"],
                  trap_deployed=variant["trap_deployed"])
    cat = content.sample()
    t = Table(seats=tuple(Seat() for _ in range(players)), deck=Bag(cat.deck_cards()), rules=rules)
    first = Task("dealer") if variant["dealer"] == "random" else Task("fix_dealer")
    return push(t, first)


def seat_order(t: Table) -> list[int]:
    """EB-1.1.1-order: play goes clockwise (seat +1) from the dealer."""
    n = len(t.seats)
    return [(t.dealer + k) % n for k in range(n)]


def _draft_tasks(t: Table) -> tuple[Task, ...]:
    n, order = len(t.seats), seat_order(t)
    specials = [Task("offer_special") for _ in range(n + 1)]
    picks = [Task("pick_special", p) for p in order]
    normals = [Task("offer_normal") for _ in range(3 * n - 2)]
    snake = list(reversed(order)) + order  # EB-1.1.2-snake: last → dealer, then dealer → last
    return (*specials, *picks, Task("leftovers", card="special"), *normals,
            *[Task("pick_normal", p) for p in snake], Task("leftovers", card="normal"),
            *[Task("ritual", p) for p in order], Task("coins"),
            *[Task("deal", p) for p in order for _ in range(START_HAND)], Task("start"))


def _dealer_outcomes(t, task):
    n = len(t.seats)
    return Weighted(tuple([A("dealer", -1, seat=p) for p in range(n)]), (1,) * n)  # each seat equally likely


def _set_dealer(t, task, a, emit):
    seat = a["seat"]
    emit.emit("dealer", "EB-1.1.1-dealer", targets=(seat,), dealer=seat)
    emit.emit("order", "EB-1.1.1-order", targets=tuple((seat + k) % len(t.seats) for k in range(len(t.seats))))
    t = evolve(pop(t), dealer=seat, turn=seat)
    return push(t, *_draft_tasks(t))


def _offer_outcomes(kind: str):
    def outcomes(t, task):
        cat = content.sample()
        pool = cat.specials if kind == "special" else cat.normals
        taken = {c for s in t.seats for c in s.picks} | set(t.offer)
        left = [c for c in pool if c not in taken]
        return Weighted(tuple([A("reveal", -1, card=c) for c in left]), (1,) * len(left))  # each equally likely
    return outcomes


def _reveal(t, task, a, emit):
    """EB-1.1.2-special-draw / EB-1.1.2-normal-draw: the offered cards are drawn and shown."""
    clause = "EB-1.1.2-special-draw" if task.kind == "offer_special" else "EB-1.1.2-normal-draw"
    emit.emit_pairs("reveal", clause, None, a.params)  # (("card", …),): the action's own parameters
    return evolve(pop(t), offer=(*t.offer, a["card"]))


def _pick_legal(t, task):
    return tuple(A("pick", task.player, card=c) for c in sorted(set(t.offer)))


def _pick(t, task, a, emit):
    """EB-1.1.2-pass: pick one card face down, pass the rest to the next player."""
    clause = "EB-1.1.2-special-pick" if task.kind == "pick_special" else "EB-1.1.2-snake"
    emit.emit_pairs("pick", clause, task.player, a.params, (), None, (task.player,))  # (("card", …),)
    emit.emit_pairs("pass on", "EB-1.1.2-pass", task.player, (("left", len(t.offer) - 1),))
    seat = t.seats[task.player]
    t = seat_set(t, task.player, picks=(*seat.picks, a["card"]))
    return evolve(pop(t), offer=without(t.offer, a["card"]))


def _leftovers(t, task, emit):
    """EB-3.1-deck: characters left after the draft join the deck (EB-A04 says which)."""
    left = t.offer
    if t.rules.leftover_characters == "all":
        cat = content.sample()
        taken = {c for s in t.seats for c in s.picks}
        left = tuple(c for c in (cat.specials if task.card == "special" else cat.normals) if c not in taken)
    if left:
        emit.emit("leftovers", "EB-3.1-deck", count=len(left))
    if t.rules.leftover_characters == "offered":
        emit.emit("off table", "EB-3.1-table", note="undrawn characters stay out of the game")
    return evolve(pop(t), offer=(), deck=t.deck.union(left))


def _ritual_legal(t, task):
    return tuple(A("ritual", task.player, summon=c) for c in t.seats[task.player].picks[1:])


def _ritual(t, task, a, emit):
    """EB-1.1.3-ritual: self character face down in the zone, one summon face up, the other in the pool."""
    p = task.player
    picks = t.seats[p].picks
    me, chosen = picks[0], a["summon"]
    other = tuple(c for c in picks[1:] if c != chosen)
    chars = (Character(me, content.card(me).hp, False, True), Character(chosen, content.card(chosen).hp, True))
    emit.emit("ritual", "EB-1.1.3-ritual", actor=p, summon=chosen, pool=other[0] if other else "")
    emit.emit("face up", "EB-3.1-face-up", actor=p, card=chosen)
    emit.emit("hp card", "EB-1.1.3-hp", actor=p, card=chosen, hp=content.card(chosen).hp)
    return pop(seat_set(t, p, chars=chars, pool=other, picks=()))


def _coins(t, task, emit):
    """EB-1.1.4-init: every player gets 5 coins; EB-1.1.4-limits: hand 6, coins 20, summons 1."""
    for p in seat_order(t):
        t, got = gain_coins(t, p, START_COINS)
        emit.emit("coins", "EB-1.1.4-init", actor=p, gained=got, coins=t.seats[p].coins)
    emit.emit("limits", "EB-1.1.4-limits", hand=6, coins=20, summons=1)
    return pop(t)


def _start(t, task, emit):
    """EB-1.2-round: the game starts with round 1, at the dealer's turn."""
    emit.emit("game start", "EB-1.2-round", actor=t.dealer, round=1)
    return push(evolve(pop(t), round=1, turn=t.dealer, phase="settle"), Task("settle", t.dealer))


def register() -> None:
    chance("dealer", _dealer_outcomes, _set_dealer)
    chance("fix_dealer", lambda t, task: ((A("dealer", -1, seat=0), Fraction(1)),), _set_dealer)
    chance("offer_special", _offer_outcomes("special"), _reveal)
    chance("offer_normal", _offer_outcomes("normal"), _reveal)
    decision("pick_special", _pick_legal, _pick, "EB-1.1.2-special-pick")
    decision("pick_normal", _pick_legal, _pick, "EB-1.1.2-snake")
    auto("leftovers", _leftovers)
    decision("ritual", _ritual_legal, _ritual, "EB-1.1.3-ritual")
    auto("coins", _coins)
    auto("start", _start)
