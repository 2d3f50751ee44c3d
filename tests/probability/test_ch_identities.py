"""Who is who (CH-identity-four, CH-count-one-lord, CH-count-enemies-outnumber,
CH-count-neutrals-le-reinforcements, CH-A02): the posterior from one seat's view against brute force over
every arrangement, against the truth in seeded engine games, and calibrated on seeded engine deals."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import permutations

import pytest

import explorer
from explorer import sample_chance
from explorer.games.castle_heart.setup import LETTER, MIXES
from probability.castle_heart import identities_of, who_is_who
from probability.castle_heart.identities import allowed
from probability.castle_heart.walk import tolerance


def brute(view, variant):
    """Every distinct arrangement of the mix, kept when each seat's identity is allowed by the view."""
    ids = [LETTER[c] for c in MIXES[variant["identity_mix"]][len(view["players"])]]
    ok = allowed(view)
    keep = [p for p in set(permutations(ids)) if all(x in ok[i] for i, x in enumerate(p))]
    return [{k: Fraction(v, len(keep)) for k, v in Counter(p[i] for p in keep).items()} for i in range(len(ok))]


def dealt(players, variant, seed):
    """The engine's deal with seeded chance, up to the end of the identity deal."""
    s, rng = explorer.new_game("castle_heart", players=players, variant=variant), random.Random(seed)
    while s.data.phase in ("choose_mix", "deal_identity"):
        s = s.apply(sample_chance(s.chance_outcomes(), rng))
    return s


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("mix", ["with_neutral", "no_neutral"])
def test_after_the_deal_by_brute_force(players, mix):
    variant = {"identity_mix": mix}
    s = dealt(players, variant, players)
    for seat in range(players):
        view = s.view(seat)
        assert who_is_who(view, variant) == brute(view, variant)


def test_in_played_games_the_truth_is_always_possible():
    """Soundness and brute force in seeded 7-seat bot games (deaths, declarations, rewards and penalties): at
    every 40th step and at the end, the dealt identity of each seat keeps positive odds in every seat's view."""
    for seed in range(5):
        s = explorer.new_game("castle_heart", players=7)
        dealt_ids, last = None, s
        for i, st in enumerate(explorer.play(s, seed=seed, max_steps=3000)):
            last = st
            if dealt_ids is None and st.data.phase not in ("choose_mix", "deal_identity"):
                dealt_ids = [x.identity for x in st.data.seats]
            if dealt_ids and i % 40 == 0:
                check_views(st, dealt_ids)
        check_views(last, dealt_ids)


def check_views(st, dealt_ids):
    for viewer in range(st.players):
        post = identities_of(st, viewer)
        assert all(post[k].get(dealt_ids[k], 0) > 0 for k in range(st.players))
        assert post == brute(st.view(viewer), {"identity_mix": "with_neutral"})


def test_calibrated_on_engine_deals():
    """Seeded engine deals (5 seats, with a neutral): among deals seat 2 sees the same way, each seat's
    identity turns up as often as the posterior says."""
    n = 600
    groups: dict = defaultdict(list)
    for seed in range(n):
        s = dealt(5, {}, 10_000 + seed)
        view = s.view(2)
        key = (view["players"][2]["identity"], next(i for i, p in enumerate(view["players"]) if p["revealed"]))
        groups[key].append((who_is_who(view, s.variant), [x.identity for x in s.data.seats]))
    for rows in groups.values():
        if len(rows) < 40:
            continue
        post = rows[0][0]
        assert all(r[0] == post for r in rows)
        for seat in range(5):
            for identity, p in post[seat].items():
                freq = sum(r[1][seat] == identity for r in rows) / len(rows)
                assert abs(freq - float(p)) <= tolerance(p, len(rows))


def test_any_legal_mix_before_and_after_the_counts_are_public():
    """CH-A02 any_legal: before the mix is drawn every legal mix weighs the same; the count events then fix it."""
    variant = {"identity_mix": "any_legal"}
    s = explorer.new_game("castle_heart", players=6, variant=variant)
    view = s.view(0)
    view["players"] = [{**p, "identity": {"hidden": True}} for p in view["players"]]
    prior = who_is_who(view, variant)
    assert all(sum(row.values()) == 1 for row in prior) and prior[0]["lord"] == Fraction(1, 6)
    after = dealt(6, variant, 3)
    mix = Counter(x.identity for x in after.data.seats)
    post = identities_of(after, 0)
    expected = Counter()
    for row in post:
        for k, p in row.items():
            expected[k] += p
    assert {k: v for k, v in expected.items() if v} == dict(mix)
