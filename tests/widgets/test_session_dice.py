"""The session's dice (issues 18 and 19): a secret seed per session unless a person passes one, and a
random source whose work per step does not grow with the length of the game."""

from __future__ import annotations

import random
import secrets

from widget_helpers import draw, script, toy_session

import explorer
import widgets.play.game_session as game_session
from widgets.play.action_picker import ActionPicker
from widgets.play.game_session import GameSession
from widgets.play.play_area import PlayArea

OLD_FIXED_SEEDS = {0, 2026}  # the defaults before issue 18: anyone could replay them


def test_each_new_session_draws_its_own_seed_from_the_operating_system(monkeypatch):
    a, b = toy_session(), toy_session()
    assert a.seed != b.seed and a.seed_is_secret and b.seed_is_secret
    assert {a.seed, b.seed}.isdisjoint(OLD_FIXED_SEEDS)
    drawn = []
    monkeypatch.setattr(secrets, "randbits", lambda bits: drawn.append(bits) or 123456789)
    assert toy_session().seed == 123456789 and drawn == [63]


def test_the_play_tab_gets_a_secret_seed_per_table_and_keeps_a_persons_seed(monkeypatch):
    seeds = iter([111, 222, 333])
    monkeypatch.setattr(secrets, "randbits", lambda bits: next(seeds))
    area = PlayArea("eternal_breath", opponent="greedy")
    assert area.session.seed == area.seed == 111 and area.session.seed_is_secret
    area.players = 3  # a new table: new secret dice
    assert area.session.seed == 222
    area.seed = 5  # a person asks for a reproducible game
    assert area.session.seed == 5 and not area.session.seed_is_secret
    area.players = 2
    assert area.session.seed == 5
    assert PlayArea("eternal_breath", seed=9, opponent="greedy").session.seed == 9


def test_a_secret_seed_is_never_shown_and_a_given_one_is():
    secret = toy_session()
    script(secret, draw("blank"))  # the toy duel opens with a draw; the attack roll comes next
    while secret.state.current_player != explorer.CHANCE:
        secret.choose(secret.state.legal_actions()[0])
    assert str(secret.seed) not in ActionPicker(secret).roll_button.description
    given = toy_session(seed=4242)
    assert given.state.current_player == explorer.CHANCE
    assert "4242" in ActionPicker(given).roll_button.description


def test_the_same_given_seed_replays_the_same_game():
    a = toy_session(seed=31, seats={0: "random", 1: "random"})
    b = toy_session(seed=31, seats={0: "random", 1: "random"})
    a.run_bots()
    while b.forward():
        pass
    assert a.state.is_terminal and a.state.history == b.state.history


def test_the_dice_work_per_step_does_not_grow_with_the_game(monkeypatch):
    """Per step, the random source reads one action (not the whole history) and is seeded from a string of
    fixed length: a 6-player bots' game of ~1,000 steps costs at most a few action texts per step."""
    texts = [0]
    seed_lengths: list[int] = []
    plain_str = explorer.Action.__str__

    def counting_str(action):
        texts[0] += 1
        return plain_str(action)

    class RecordingRandom(random.Random):
        def __init__(self, x=None):
            seed_lengths.append(len(str(x)))
            super().__init__(x)

    monkeypatch.setattr(explorer.Action, "__str__", counting_str)
    monkeypatch.setattr(game_session.random, "Random", RecordingRandom)
    game = explorer.get_game("eternal_breath")
    s = GameSession("eternal_breath", 6, game.bounded_variant(6), seed=1, seats={k: "random" for k in range(6)})
    steps = s.run_bots(limit=100_000)
    assert steps == s.step >= 500
    assert texts[0] <= 2 * steps  # the old rng joined the whole history each step: ~steps²/2 texts
    assert max(seed_lengths) <= 40 and len(seed_lengths) >= steps // 2  # "seed#" + a 16-byte digest
