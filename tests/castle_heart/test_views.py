"""What each seat may see: never another player's hand or hidden identity (CH-A09), never the deck."""

from __future__ import annotations

import json
import random

import pytest

import explorer
from explorer import is_hidden
from explorer.games.castle_heart.records import put

SEEDS = (11, 12)


def _without_log(view: dict) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "log"}, sort_keys=True)


def _swapped(state: explorer.State, q: int, rng: random.Random) -> explorer.State:
    """The same moment, except that seat q holds other cards and (if unrevealed) another identity."""
    seat = state.data.seats[q]
    hand = tuple(sorted(rng.choice(("sword", "mana", "heal", "hold")) for _ in seat.hand))
    identity = seat.identity
    if not seat.revealed and identity:
        identity = rng.choice([x for x in ("enemy", "reinforcement", "neutral") if x != identity])
    return explorer.State(state.game, state.players, state.variant, put(state.data, q, hand=hand, identity=identity))


@pytest.mark.parametrize("players", (4, 6, 8))
def test_a_view_never_shows_another_hand_or_hidden_identity(players):
    """Over seeded random games: masked paths are hidden, and changing another seat's secrets changes nothing
    in what a player sees (the strongest form of 'never reveals')."""
    rng = random.Random(players)
    for seed in SEEDS:
        start = explorer.new_game("castle_heart", players)
        for n, state in enumerate(explorer.play(start, seed=seed, max_steps=400)):
            if n % 9:
                continue
            for p in range(players):
                v = state.view(p)
                assert is_hidden(v["deck"])
                for q in range(players):
                    if q == p:
                        assert v["players"][q]["hand"] == list(state.data.seats[q].hand)
                        continue
                    assert is_hidden(v["players"][q]["hand"])
                    if not state.data.seats[q].revealed:
                        assert is_hidden(v["players"][q]["identity"])
                    else:
                        assert v["players"][q]["identity"] == state.data.seats[q].identity
                    other = _swapped(state, q, rng)
                    assert _without_log(other.view(p)) == _without_log(v)
                for e in v["log"]:
                    if e.get("private_to") is not None and p not in e["private_to"]:
                        assert "numbers" not in e and "targets" not in e


def test_the_lord_is_public_and_the_dead_are_revealed():
    """CH-A09: the lord is shown at the deal; a dead hero's identity is shown ('CH-death-end-of-turn')."""
    state = explorer.play_out(explorer.new_game("castle_heart", 5), seed=4, max_steps=20_000)
    d = state.data
    for p in range(5):
        v = state.view(p)
        assert v["players"][d.lord]["identity"] == "lord"
        for q, seat in enumerate(d.seats):
            if not seat.alive:
                assert v["players"][q]["identity"] == seat.identity


def test_full_view_is_shaped_for_a_board():
    """The documented keys of full_view, as plain JSON."""
    state = explorer.play_out(explorer.new_game("castle_heart", 4), seed=2, max_steps=60)
    v = state.view(None)
    json.dumps(v)
    assert {"players", "deck", "discard", "turn", "round", "phase", "active", "attack", "spell", "winners"} <= set(v)
    p = v["players"][0]
    assert {"hero", "identity", "hp", "hand", "equipment", "soldiers", "alive", "revealed", "dying"} <= set(p)
    assert all(set(s) == {"kind", "hp", "poisoned"} for s in p["soldiers"])


def test_a_face_down_identity_reads_as_dealt_to_its_seat_for_everyone_else():
    """CH-identity-four: others see that a seat got an identity face down (its seat is public), never which one."""
    s = explorer.new_game("castle_heart", 5)
    while not any(e.kind == "identity" and e.private_to for e in s.log):
        s = s.apply(s.chance_outcomes()[0][0] if s.current_player == explorer.CHANCE else s.legal_actions()[0])
    secret = next(e for e in s.log if e.kind == "identity" and e.private_to)
    seat = secret.private_to[0]
    shown = secret.redacted()
    assert shown.describe("en") == f"Player {seat} is dealt an identity face down"
    assert shown.describe("zh") == f"玩家 {seat} 秘密获得身份"
    assert "enemy" not in shown.describe("en") and "lord" not in shown.describe("en")
