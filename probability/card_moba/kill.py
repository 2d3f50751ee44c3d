"""卡驱MOBA kill odds and skill odds: the exact best chance within n of a hero's turns (n ≤ 3).

Both search the engine's own game tree (``probability.card_moba.search``): every draw enumerated exactly, every
play of the hero tried with the engine's rules, positions memoised.

>>> s = duel("reaver", "bulwark", hp=4, hand=("O2",), stamina=2, draws=0)
>>> kill_odds(s, turns=1)                   # O2: attack power 3 + 1 = 4 damage
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import explorer
from explorer import State
from explorer.games.card_moba import combat
from explorer.games.card_moba.content import sample
from explorer.games.card_moba.records import Hero, Status, evolve
from probability.card_moba.search import Search, dead, too_far, used_skill

MAP, SPOT = "arena", (0, 0)


def _status(name: str, layers: int, duration: int, active: bool, source: int) -> tuple[Status, ...]:
    return (Status(name, layers, duration, active, source),) if layers and duration else ()


def duel(attacker: str = "reaver", target: str = "bulwark", hp: int | None = None, shield: int = 0,
         poison: tuple[int, int] = (0, 0), bleed: tuple[int, int] = (0, 0), armour_break: bool = False,
         weak: bool = False, hand: Iterable[str] = (), stamina: int = 4, draws: int = 2, distance: int = 1,
         status_stack: bool = True, poison_death: bool = False, variant: dict | None = None) -> State:
    """A two-hero table on the sample map "arena": seat 0 (``attacker``) at the start of its draw phase with
    ``hand`` and ``stamina``, ``draws`` cards still to come from the rest of the standard deck; seat 1
    (``target``) ``distance`` cells away with ``hp`` (default its starting HP), ``shield``, ``poison`` and
    ``bleed`` (layers, duration; they act at the target's start phases, MB-status-13-poison /
    MB-status-14-bleed) and ``armour_break`` (MB-status-11-armour-break). ``weak`` (MB-status-10-weak) is the
    attacker's, in its turn now. ``status_stack`` / ``poison_death`` are the Ruler settings (then Ruler mode)."""
    heroes = sample().heroes
    for name, hid in (("attacker", attacker), ("target", target)):
        if hid not in heroes:
            raise ValueError(f"{name} must be one of {sorted(heroes)}, not {hid!r}")
    if not 1 <= distance <= 3:
        raise ValueError("distance must be 1 to 3 cells")
    variant = dict(variant or {})
    ruler = not status_stack or poison_death
    if not status_stack:
        variant["ruler_status_stack"] = False
    if poison_death:
        variant["ruler_poison_death"] = True
    s = explorer.new_game("card_moba", 2, variant)
    d = s.data
    rules = d.ruler_rules if ruler else d.rules
    hand = tuple(sorted(hand))
    deck = d.deck
    for card in hand:
        if card not in deck:
            raise ValueError(f"no {card} left in the deck for the hand")
        deck = deck.remove(card)
    a = Hero(seat=0, hero=attacker, pos=SPOT, spawn=SPOT, stamina=stamina, attacks=1, hand=hand,
             statuses=_status("weak", 1, 1, True, 1) if weak else ())
    a = evolve(a, hp=combat.starting_hp(a, rules.hp_cap), steps=combat.speed(a))
    cell = (SPOT[0], SPOT[1] + distance)
    t = Hero(seat=1, hero=target, pos=cell, spawn=cell, shield=shield,
             statuses=(*_status("poison", *poison, False, 0), *_status("bleed", *bleed, False, 0),
                       *_status("armour_break", 1, 1, False, 0)[:1 if armour_break else 0]))
    t = evolve(t, hp=combat.starting_hp(t, rules.hp_cap) if hp is None else hp)
    if t.hp < 1:
        raise ValueError("the target's HP must be at least 1")
    phase = "draw" if draws else "action"
    d = evolve(d, phase=phase, seat=0, heroes=(a, t), deck=deck, rules=rules, map=MAP,
               mode="ruler" if ruler else "classic", win_score=5, order=(0, 1), draws=(0,) * draws)
    return State(s.game, s.players, s.variant, d)


def kill_odds(state: State, turns: int = 1, attacker: int = 0, target: int = 1) -> Fraction:
    """P(``attacker`` can bring ``target`` to 0 HP (MB-hero-death) within ``turns`` of its turns), exact, with
    the best play (see ``probability.card_moba.search`` for what is searched).

    The search reads the deck's composition from the state. In a :func:`duel` position the target holds no
    cards, so that is exactly what the attacker can infer; from a real game's state, where other hands are
    out of the deck, the figure uses what the attacker cannot see: label it so when showing it to a person."""
    return kill_search(state, turns, attacker, target).best(state.data)


def kill_search(state: State, turns: int = 1, attacker: int = 0, target: int = 1, bound: bool = True) -> Search:
    """The search behind :func:`kill_odds`; ``bound=False`` searches every last-turn position in full (the same
    value, slower: the bound only skips positions it proves hopeless)."""
    return Search(attacker, target, dead(target), turns, too_far(target, attacker) if bound else None)


def skill_odds(state: State, skill: str, turns: int = 1, hero: int = 0, target: int = 1) -> Fraction:
    """P(``hero`` can unlock (MB-hero-skill-sequence) and use ``skill`` within ``turns`` of its turns),
    counting the cards' costs and each turn's stamina (MB-turn-start, MB-turn-end), exact."""
    skills = [s["id"] for s in sample().heroes[state.data.heroes[hero].hero]["skills"] if s["alts"]]
    if skill not in skills:
        raise ValueError(f"skill must be one of {skills}, not {skill!r}")
    return Search(hero, target, used_skill(hero, skill), turns).best(state.data)
