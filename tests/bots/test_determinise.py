"""Game.determinise(state, seat, rng): a world the seat cannot tell apart from the real one, with what it cannot
see redrawn at random — for every game, every seat, over seeded positions of whole games (chance nodes too)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

import explorer
from explorer.games.card_moba.determinise import unseen_cards
from explorer.games.castle_heart.determinise import unseen
from explorer.games.eternal_breath import content
from explorer.games.eternal_breath.determinise import ANY, hidden_places, redeal

from .positions import IDS, TABLES, positions


@pytest.mark.parametrize(("game_id", "players", "variant"), TABLES, ids=IDS)
def test_the_seat_cannot_tell_the_world_apart(game_id, players, variant):
    """Identical view (log included) from the seat, the same decision to make, and the world plays on."""
    game = explorer.get_game(game_id)
    seen = Counter()
    for n, state in enumerate(positions(game_id, players, variant)):
        seen["chance" if state.is_chance else "decision"] += 1
        for seat in range(players):
            world = game.determinise(state, seat, random.Random(n * 10 + seat))
            assert world.view(seat) == state.view(seat), (state, seat)
            assert (world.game_id, world.players, world.variant) == (state.game_id, state.players, state.variant)
            assert world.current_player == state.current_player
            if state.current_player == seat:
                assert world.legal_actions() == state.legal_actions()
            seen["varied"] += world.data != state.data
            if n % 5 == 0:  # the world is a real position: it plays on under the same rules
                explorer.play_out(world, game.bots()["random"](), seed=n, max_steps=150)
    assert seen["chance"] > 3 and seen["decision"] > 3, seen
    assert seen["varied"] > (seen["chance"] + seen["decision"]) * players // 2, seen


@pytest.mark.parametrize(("game_id", "players", "variant"), TABLES, ids=IDS)
def test_determinise_reads_only_the_seat_view(game_id, players, variant):
    """No peeking: two states with the same view from the seat but different hidden cards (the second drawn by
    determinise itself) give the same world for the same rng."""
    game = explorer.get_game(game_id)
    for n, state in enumerate(positions(game_id, players, variant, games=1, every=13)):
        seat = n % players
        other = game.determinise(state, seat, random.Random(1000 + n))
        assert other.view(seat) == state.view(seat)
        a = game.determinise(state, seat, random.Random(n))
        b = game.determinise(other, seat, random.Random(n))
        assert a.data == b.data, (state, seat)


@pytest.mark.parametrize(("game_id", "players", "variant"), TABLES, ids=IDS)
def test_the_hidden_parts_actually_vary(game_id, players, variant):
    """Where the seat has something to guess, different rngs give different worlds."""
    game = explorer.get_game(game_id)
    checked = 0
    for state in positions(game_id, players, variant, games=1, every=25):
        worlds = {game.determinise(state, 0, random.Random(r)).data for r in range(8)}
        if _guessing(state, 0):
            assert len(worlds) > 1, state
            checked += 1
    assert checked > 3


def _guessing(state, seat) -> bool:
    """Whether ``seat`` has more than one arrangement to guess between (two different unseen cards at least)."""
    d = state.data
    if state.game_id == "card_moba":
        return len(set(unseen_cards(d, seat))) > 1 and any(h.hand for h in d.heroes if h.seat != seat)
    if state.game_id == "castle_heart":
        cards, identities = unseen(d, seat)
        dealt = any(s.identity and not s.revealed for i, s in enumerate(d.seats) if i != seat)
        return (len(set(cards)) > 1 and any(s.hand for i, s in enumerate(d.seats) if i != seat)) \
            or (len(set(identities)) > 1 and dealt)
    places = hidden_places(d, seat)
    return len({c for _, _, c in places}) > 1 and any(w[0] != "deck" for _, w, _ in places)


@pytest.mark.parametrize(("game_id", "players", "variant"), TABLES, ids=IDS)
def test_the_unseen_cards_stay_the_same_multiset(game_id, players, variant):
    """Only where the unseen cards lie changes: the multiset the seat cannot see is the same in the world."""
    game = explorer.get_game(game_id)
    for n, state in enumerate(positions(game_id, players, variant, games=1, every=11)):
        seat = n % players
        world = game.determinise(state, seat, random.Random(n))
        if game_id == "card_moba":
            assert Counter(unseen_cards(world.data, seat)) == Counter(unseen_cards(state.data, seat))
        elif game_id == "castle_heart":
            assert [Counter(x) for x in unseen(world.data, seat)] == [Counter(x) for x in unseen(state.data, seat)]
        else:
            before, after = hidden_places(state.data, seat), hidden_places(world.data, seat)
            assert Counter(c for _, _, c in before) == Counter(c for _, _, c in after)
            assert [(k, w) for k, w, _ in before] == [(k, w) for k, w, _ in after]
            assert all(k == ANY or content.card(c).kind == k for k, _, c in after)


def test_a_face_down_character_never_shown_is_at_full_hp():
    """The premise of redrawing a face-down self character at its card's HP (EB-3.1-face-down): no attack or
    effect reaches a character before it is face up, so its HP tells nothing."""
    for state in positions("eternal_breath", 4, {}, games=2, every=5):
        for seat in state.data.seats:
            for c in seat.chars:
                if not c.face_up and not c.ever_up:
                    assert c.hp == content.card(c.card).hp


def test_moba_hands_are_dealt_uniformly():
    """MB-turn-draw: over many worlds, each unseen card lies in the other hand with chance hand size × its count
    ÷ the unseen cards (exact Fraction), within 5 standard deviations."""
    state = next(s for s in positions("card_moba", 2, {}, games=1, every=1)
                 if s.data.phase == "action" and s.data.heroes[1].hand and s.data.heroes[0].hand)
    game, pool = state.game, Counter(unseen_cards(state.data, 0))
    size, total, runs = len(state.data.heroes[1].hand), sum(pool.values()), 1500
    got = Counter()
    for r in range(runs):
        got.update(game.determinise(state, 0, random.Random(r)).data.heroes[1].hand)
    for c, k in pool.items():
        p = Fraction(size * k, total) / size   # the chance that one given hand place holds c
        mean, var = runs * size * p, runs * size * p * (1 - p)
        assert abs(got[c] - mean) <= 5 * float(var) ** 0.5 + 1, (c, got[c], mean)


def test_eternal_breath_typed_places_are_filled_uniformly():
    """redeal: a special place takes a special character, the others anything; every arrangement allowed is
    equally likely (counted against the allowed permutations, listed independently)."""
    cat = content.sample()
    s1, s2 = cat.specials[:2]
    a1 = next(iter(cat.deck_cards()))
    places = [("special", ("pick", 1, 0), s1), (ANY, ("hand", 1, 0), s2), (ANY, ("deck", 0), a1)]
    cards = [c for _, _, c in places]
    allowed = {p for p in permutations(cards) if content.card(p[0]).kind == "special"}
    assert len(allowed) == 4
    runs = 4000
    got = Counter(tuple(redeal(places, random.Random(r))) for r in range(runs))
    assert set(got) == allowed
    for arrangement in allowed:
        assert abs(got[arrangement] - runs / 4) < 5 * (runs * 0.25 * 0.75) ** 0.5
