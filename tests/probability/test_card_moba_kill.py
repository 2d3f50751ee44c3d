"""card_moba kill and skill odds: against an independent brute force on the public State API, hand-counted
cases, and a seeded Monte-Carlo of real engine games played by the search's own best choices."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

import explorer
from explorer import CHANCE
from probability.card_moba import duel, kill_odds, kill_search, skill_odds
from probability.card_moba.search import GAME, _aimed, step

SIGMAS = 4


def _brute(s, goal, depth=0) -> Fraction:
    """Expectimax on the public State API over EVERY legal action but moves (the heroes stand adjacent):
    one turn, chance nodes enumerated with State.chance_outcomes."""
    if goal(s):
        return Fraction(1)
    if s.current_player == CHANCE:
        return sum((p * _brute(s.apply(a), goal, depth) for a, p in s.chance_outcomes()), Fraction(0))
    if s.current_player != 0:
        return Fraction(0)
    best = Fraction(0)
    for a in s.legal_actions():
        if a.kind in ("end", "move"):
            continue
        best = max(best, _brute(s.apply(a), goal, depth + 1))
    return best


def _dead(s) -> bool:
    return not s.data.heroes[1].alive


def _used(skill):
    return lambda s: any(e.kind == "skill" and e.number("skill").startswith(skill + "#") for e in s.events)


def test_hand_counted_cases():
    """MB-term-3-attack, then O2 (attack power + 1): Reaver attacks for 3, its passive fury adds a rage mark
    (+1 attack power), so O2 then deals 4 + 1 = 5: 8 damage in all, through no shield."""
    assert kill_odds(duel("reaver", "bulwark", hp=8, hand=("O2",), stamina=2, draws=0)) == 1
    assert kill_odds(duel("reaver", "bulwark", hp=9, hand=("O2",), stamina=2, draws=0)) == 0
    assert kill_odds(duel("reaver", "bulwark", hp=8, shield=1, hand=("O2",), stamina=2, draws=0)) == 0
    assert kill_odds(duel("reaver", "bulwark", hp=8, hand=("O2",), stamina=1, draws=0)) == 0  # MB-card-cost
    # MB-status-10-weak: attack power at most 1 even with rage, so 1 + (1 + 1) = 3 damage
    assert kill_odds(duel("reaver", "bulwark", hp=3, weak=True, hand=("O2",), stamina=2, draws=0)) == 1
    assert kill_odds(duel("reaver", "bulwark", hp=4, weak=True, hand=("O2",), stamina=2, draws=0)) == 0


def test_one_draw_by_hand():
    """Reaver (atk 3) with O1 in hand, 2 stamina, one draw, target HP 7, against the brute force."""
    s = duel("reaver", "bulwark", hp=7, hand=("O1",), stamina=2, draws=1)
    assert kill_odds(s) == _brute(s, _dead)


@pytest.mark.parametrize(("attacker", "target", "kw"), [
    ("reaver", "bulwark", {"hp": 9, "hand": ("O1", "S1"), "stamina": 3, "draws": 1}),
    ("reaver", "sage", {"hp": 6, "shield": 2, "hand": ("O1",), "stamina": 2, "draws": 1}),
    ("venom", "gale", {"hp": 5, "hand": ("S1",), "stamina": 3, "draws": 1}),
])
def test_against_brute_force(attacker, target, kw):
    s = duel(attacker, target, **kw)
    assert kill_odds(s) == _brute(s, _dead)


@pytest.mark.parametrize(("hero", "skill", "kw"), [
    ("reaver", "bloodthirst", {"hand": ("O1",), "stamina": 3, "draws": 1}),
    ("sage", "unravel", {"hand": ("S1",), "stamina": 2, "draws": 1}),
    ("bulwark", "provoke", {"hand": ("D1",), "stamina": 3, "draws": 1}),
])
def test_skill_odds_against_brute_force(hero, skill, kw):
    s = duel(hero, "bulwark", **kw)
    assert skill_odds(s, skill) == _brute(s, _used(skill))


def test_skill_odds_by_counting():
    """Reaver 【O O】 from an empty hand with 2 draws and 3 stamina, hand-counted: the two drawn cards are both
    O with costs summing to ≤ 3 (O1+O1, O1+O2), or an S1 draw chain… so ≥ the plain O-pair count."""
    s = duel("reaver", "bulwark", hand=(), stamina=3, draws=2)
    plain = Fraction(math.comb(7, 2) + 7 * 5, math.comb(62, 2))
    got = skill_odds(s, "bloodthirst")
    assert plain <= got < 1


def test_more_turns_never_lower():
    s = duel("reaver", "bulwark", hp=9, hand=("O1", "O2"), stamina=3, draws=0)
    one, two = kill_odds(s, 1), kill_odds(s, 2)
    assert one <= two <= 1 and two > 0


def _play(search, s, rng, turns):
    """A real engine game from ``s``: seat 0 takes the search's best play, seat 1 only ends its turns, every
    chance node (seat 1's own draws too) sampled with the seeded RNG."""
    left = turns
    while s.data.heroes[1].alive and s.current_player != explorer.TERMINAL:
        who = s.current_player
        if who == CHANCE:
            s = s.apply(explorer.sample_chance(s.chance_outcomes(), rng))
        elif who == 1:
            s = s.apply(explorer.act("card_moba", "end", 1))
        else:
            options = _aimed(s.data, 0, 1)
            values = [Fraction(1) if not step(s.data, a)[0].heroes[1].alive else search._after(s.data, a, left)
                      for a in options]
            a = options[values.index(max(values))]
            if a.kind == "end":
                left -= 1
                if not left:
                    return False
            s = s.apply(a)
    return not s.data.heroes[1].alive


@pytest.mark.parametrize(("turns", "kw", "games"), [(1, {"hp": 8}, 300),
                                                    (2, {"hp": 9, "hand": ("O1",), "stamina": 2}, 150),
                                                    pytest.param(2, {"hp": 16, "shield": 2, "poison": (3, 2),
                                                                     "hand": ("O1",), "stamina": 2}, 150,
                                                                 marks=pytest.mark.slow)])
def test_engine_monte_carlo(turns, kw, games):
    """Seeded real games (the target's draws really happen, its poison ticks at its start phase, its shield goes
    then, MB-A28) land within 4 standard errors of the exact value."""
    s = duel("reaver", "bulwark", **kw)
    search = kill_search(s, turns)
    exact = search.best(s.data)
    rng = random.Random(12)
    kills = sum(_play(search, s, rng, turns) for _ in range(games))
    err = math.sqrt(float(exact * (1 - exact)) / games)
    assert abs(kills / games - float(exact)) <= SIGMAS * err + 1 / games


def test_orders_of_play_that_leave_the_same_skill_progress_are_one_position():
    """Issue 31 (speed): the memo merges "M1, S2, O1" and "S2, M1, O1": the engine reads the cards played only for
    skill sequences (MB-hero-skill-sequence), and both end in the same last card towards Reaver's 【O O】 and
    【O D】. "M1, O1, S2" ends otherwise (an O may still start 【O O】) and stays a position of its own."""
    from probability.card_moba.search import _key

    s = duel("reaver", "bulwark", hp=30, hand=("M1", "O1", "S2"), stamina=5, draws=0)

    def played(*cards):
        d = s.data
        for card in cards:
            d = step(d, next(a for a in GAME.legal_actions(d) if a.kind == "play" and a["card"] == card))[0]
        return d

    one, other, third = played("M1", "S2", "O1"), played("S2", "M1", "O1"), played("M1", "O1", "S2")
    assert one.heroes[0].played != other.heroes[0].played
    assert _key(one) == _key(other) and _key(one) != _key(third)


BOUND_CASES = [(a, t, turns, kw) for a, t in (("reaver", "bulwark"), ("reaver", "sage"), ("sage", "warden"))
               for turns, kw in ((1, {"hp": 6, "hand": ("O1", "O2"), "stamina": 3, "draws": 1}),
                                 (1, {"hp": 9, "shield": 2, "hand": ("O2", "S1"), "stamina": 3, "draws": 1}),
                                 (1, {"hp": 12, "hand": ("M2", "O1", "O3"), "stamina": 4, "draws": 0}),
                                 (1, {"hp": 5, "hand": ("O1", "D1"), "stamina": 2, "draws": 2}),
                                 (1, {"hp": 14, "hand": ("O2",), "stamina": 2, "draws": 0, "distance": 2}),
                                 (2, {"hp": 12, "hand": ("O1",), "stamina": 1, "draws": 0}),
                                 (2, {"hp": 16, "shield": 3, "hand": ("O2",), "stamina": 2, "draws": 0}))]


@pytest.mark.parametrize(("attacker", "target", "turns", "kw"), BOUND_CASES)
def test_last_turn_bound_changes_no_value(attacker, target, turns, kw):
    """Issue 31: the last-turn damage bound (``probability.card_moba.bound.hp_loss_bound``) only skips positions it
    proves hopeless, so the bounded search and the full one agree exactly on every position (and the bound never
    searches more)."""
    s = duel(attacker, target, **kw)
    bounded, full = kill_search(s, turns), kill_search(s, turns, bound=False)
    assert bounded.best(s.data) == full.best(s.data)
    assert bounded.nodes <= full.nodes


def test_last_turn_bound_is_an_upper_bound_and_cuts():
    """At every last-turn position of a two-turn search the bound is at least the HP the full search can take (a
    kill it finds is never cut), and it cuts most of the bench position's search (issue 31)."""
    from probability.card_moba.bound import hp_loss_bound

    s = duel("reaver", "bulwark", hp=30, hand=("O1", "O2"), stamina=3, draws=0)
    full = kill_search(s, 2, bound=False)
    seen = []
    value = full._value
    full._value = lambda d, left: seen.append((d, left, v := value(d, left))) or v
    full.best(s.data)
    hopeful = [d for d, left, v in seen if left == 1 and v and d.seat == 0 and d.phase == "action" and not d.draws]
    assert hopeful
    for d in hopeful:
        most = hp_loss_bound(d, 0, 1)
        assert most is None or most >= d.heroes[1].hp
    bounded = kill_search(s, 2)
    assert bounded.best(s.data) == full.best(s.data)
    assert bounded.nodes * 4 < full.nodes
    assert hp_loss_bound(s.data, 0, 1) is not None  # next to the enemy, no draw due: the bound is known
    assert hp_loss_bound(duel("reaver", "bulwark", hand=("O1",), draws=2).data, 0, 1) is None  # a draw is due
