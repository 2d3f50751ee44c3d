"""Whole games: the board's view, bad input, the bots, the scenario builder and a golden 4-player transcript."""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

import explorer
from explorer import CHANCE, IllegalAction, act, from_json, new_game, play_out
from explorer.games.eternal_breath import bots, combat
from explorer.games.eternal_breath.scenarios import ATTACKER, combat_ready, drive_attack, sample_attack

from .helpers import GID, do, seat, state

HERE = Path(__file__).parent
TRANSCRIPT = HERE / "playthrough_4p.txt"


def bots_game(players: int):
    """A game for bots alone: the stated simulation limits (EB-A07, EB-A15) are passed explicitly."""
    return new_game(GID, players, explorer.get_game(GID).bounded_variant(players))


def midgame(players=4, seed=7, steps=400):
    return play_out(new_game(GID, players), seed=seed, max_steps=steps)


def test_full_view_is_shaped_for_a_board():
    s = midgame()
    v = s.view(None)
    json.dumps(v)
    assert {"players", "deck", "deck_size", "discard", "destroyed", "turn", "phase", "dealer", "round"} <= set(v)
    p = v["players"][0]
    assert {"characters", "pool", "effects", "traps", "hand", "coins", "alive", "summon_limit"} <= set(p)
    if p["characters"]:
        assert {"card", "zh", "en", "hp", "max_hp", "face_up"} <= set(p["characters"][0])


def test_secrets_are_masked_for_others():
    """'EB-3.1-hand' and 'EB-3.1-face-down': others see neither the hand nor a face-down self character."""
    s = state(seat("sp_tiebi", hand=("atk_slash",), traps=(("trap_spikes", 1, False),)), seat())
    mine, theirs = s.view(0), s.view(1)
    assert mine["players"][0]["characters"][0]["card"] == "sp_tiebi"
    assert explorer.is_hidden(theirs["players"][0]["characters"][0])
    assert explorer.is_hidden(theirs["players"][0]["hand"]) and theirs["players"][0]["hand_size"] == 1
    assert theirs["players"][0]["traps"][0]["card"] == "trap_spikes"          # P1 placed it
    assert explorer.is_hidden(mine["players"][0]["traps"][0])
    assert explorer.is_hidden(mine["deck"]) and mine["deck_size"] == len(s.data.deck)


def test_illegal_actions_name_the_clause_and_change_nothing():
    s = state(seat(summons=(ATTACKER,), hand=("atk_slash",)), seat(summons=("n_guard",)))
    before = s.to_json()
    cases = [(act(GID, "attack", 1, by="n_guard", cards=("atk_slash",), seat=0, target=ATTACKER), "EB-1.2.4-play"),
             (act(GID, "roll", CHANCE, die=3), "EB-1.2.4-play"),
             (act(GID, "summon", 0, card="n_monk"), "EB-3.2-summon-limit"),
             (act(GID, "buy_draw", 0), "EB-1.2.4-play")]
    for bad, clause in cases:
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.clause == clause and err.value.reason
    assert s.to_json() == before
    r = do(s, "attack", 0, by=ATTACKER, cards=("atk_slash",), seat=1, target="n_guard")
    with pytest.raises(IllegalAction) as err:
        r.apply(act(GID, "roll", CHANCE, die=7))
    assert err.value.clause == "EB-3.2-attack-power"


def test_bots_are_offered_and_greedy_attacks_for_the_best_expected_damage():
    assert list(explorer.get_game(GID).bots()) == ["random", "greedy", "tactical", "strong"]  # the ladder
    assert bots.expected_damage(3, 2) == sum(
        Fraction(combat.resolve_attack(a, d, 3, combat.BLOCK, 2)) for a in range(1, 7) for d in range(1, 7)) / 36
    s = state(seat(summons=(ATTACKER,), hand=("atk_slash", "atk_thunder")), seat(summons=("n_guard", "n_archer"),
                                                                                summon_limit=2))
    choice = bots.GreedyBot().choose(s, None)
    assert choice.kind == "attack" and choice["cards"] == ("atk_thunder",) and choice["target"] == "n_archer"
    end = play_out(bots_game(3), bots.GreedyBot(), seed=2)
    assert end.is_terminal


def test_scenario_builds_a_real_state_that_saves_and_loads():
    s = combat_ready(attack_points=5, base_defence=1, defence_points=2, defender_hp=9, players=3)
    assert from_json(s.to_json()) == s and s.players == 3
    t = drive_attack(s, 6, "block_card", 1)
    dmg = next(e for e in t.events if e.kind == "damage")
    assert dmg.number("damage") == combat.resolve_attack(6, 1, 5, combat.BLOCK, 1, 2) == 7
    with pytest.raises(ValueError, match="EB-players"):
        combat_ready(players=7)
    with pytest.raises(ValueError):
        combat_ready(attack_points=-1)


def test_max_steps_is_a_bound_for_random_games():
    g = explorer.get_game(GID)
    for n, seed in ((2, 11), (6, 12)):
        start = bots_game(n)
        end = play_out(start, seed=seed, max_steps=g.max_steps(n, start.variant))
        assert end.is_terminal


def test_seeded_four_player_transcript_matches_the_golden_file():
    bounded = explorer.get_game(GID).bounded_variant(4)   # random bots alone: the stated limits (EB-A07, EB-A15)
    text = (explorer.transcript(GID, 4, seed=2026, variant=bounded, lang="en")
            + explorer.transcript(GID, 4, seed=2026, variant=bounded, lang="zh", max_steps=120))
    if os.environ.get("REGEN_TRANSCRIPTS") == "1":
        TRANSCRIPT.write_text(text, encoding="utf-8")
    assert TRANSCRIPT.exists(), "no golden transcript: run with REGEN_TRANSCRIPTS=1 once and review it"
    assert text == TRANSCRIPT.read_text(encoding="utf-8"), "the playthrough changed: review, then REGEN_TRANSCRIPTS=1"


@pytest.mark.parametrize("response", ["block_card", "dodge"])
def test_seeded_monte_carlo_of_engine_attacks_matches_the_exact_mean(response):
    """'EB-3.2-damage': 1,500 sampled engine attacks agree with the exact mean from combat.py (±0.2)."""
    import random
    rng, start, n = random.Random(5), combat_ready(attack_points=3, base_defence=2, defence_points=1), 1500
    total = sum(next(e for e in sample_attack(start, rng, response).events if e.kind == "damage").number("damage")
                for _ in range(n))
    kind = combat.DODGE if response == "dodge" else combat.BLOCK
    exact = sum(Fraction(combat.resolve_attack(a, d, 3, kind, 2, 1) or 0)
                for a in range(1, 7) for d in range(1, 7)) / 36
    assert abs(total / n - float(exact)) < 0.2
