"""Random games keep the table's invariants: no card appears or vanishes, coins stay in 0–20, HP never
exceeds the HP card, a trap zone holds at most 3, summons stay within the summon limit."""

from __future__ import annotations

from collections import Counter

import pytest

from explorer import CHANCE, RandomBot, new_game, sample_chance
from explorer.games.eternal_breath.content import card

from .helpers import GID


def all_cards(t) -> Counter:
    """Every card on the table (盘面) and in the piles, including cards in flight in an attack or a placement."""
    n = Counter(t.deck.counts())
    n.update(t.discard)
    n.update(t.destroyed)
    n.update(t.offer)
    for s in t.seats:
        n.update(s.hand)
        n.update(s.pool)
        n.update(s.picks)
        n.update(c.card for c in s.chars)
        n.update(e.card for e in s.effects)
        n.update(tr.card for tr in s.traps)
    if t.combat is not None:
        n.update(t.combat.cards)
        n.update([t.combat.defence_card] if t.combat.defence_card and t.combat.response == "block" else [])
    n.update(k.card for k in t.tasks if k.kind in ("refuse", "force"))
    return n


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23), (5, 24), (6, 25)])
def test_random_games_keep_the_invariants(players, seed):
    """'EB-2.6-coin-cap', 'EB-3.2-trap-limit', 'EB-3.2-heal', 'EB-3.2-summon' hold all game long."""
    import random
    rng, bot = random.Random(seed), RandomBot()
    s = new_game(GID, players)
    baseline = None
    while not s.is_terminal:
        t = s.data
        if t.phase != "setup" and t.round >= 1 and t.seats[0].chars:
            now = all_cards(t)
            baseline = baseline or now
            assert now == baseline, (now - baseline, baseline - now)
        for q, seat in enumerate(t.seats):
            assert 0 <= seat.coins <= 20 and len(seat.traps) <= 3
            assert sum(1 for c in seat.chars if not c.is_self) <= seat.summon_limit or not seat.alive
            for c in seat.chars:
                assert c.hp <= card(c.card).hp, (q, c)
        a = sample_chance(s.chance_outcomes(), rng) if s.current_player == CHANCE else bot.choose(s, rng)
        s = s.apply(a)
    assert baseline is not None
