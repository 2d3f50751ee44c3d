"""A seeded, human-readable playthrough (greedy bots, 3 players) diffed against tests/card_moba/playthrough.txt;
the board view; the bots; both languages. Regenerate with REGEN_TRANSCRIPTS=1."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import explorer
from card_moba.helpers import table
from explorer.games.card_moba.bots import GreedyBot

HERE = Path(__file__).parent
GOLDEN = HERE / "playthrough.txt"
BOUNDED = explorer.get_game("card_moba").bounded_variant  # bots alone ask for the simulation limits (MB-A15, MB-A17)


def make() -> str:
    """Bots alone: the simulation limits (MB-A15, MB-A17) are asked for explicitly, with 6 rounds."""
    return explorer.transcript("card_moba", 3, seed=7, variant=BOUNDED(3, {"round_cap": 6}), bots=GreedyBot(),
                               lang="en") + \
        explorer.transcript("card_moba", 2, seed=8, variant=BOUNDED(2, {"round_cap": 6}), lang="zh")


def test_playthrough_matches_the_golden_file():
    text = make()
    if os.environ.get("REGEN_TRANSCRIPTS") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "run with REGEN_TRANSCRIPTS=1 to write the golden playthrough"
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_greedy_bot_closes_in_and_attacks():
    """The greedy bot attacks an adjacent enemy, else steps toward the nearest one."""
    rng = random.Random(0)
    assert GreedyBot().choose(table(), rng).kind == "attack"
    far = table(positions=((0, 0), (0, 4)))
    step = GreedyBot().choose(far, rng)
    assert step.kind == "move" and step["to"] == (0, 1)
    assert list(explorer.get_game("card_moba").bots()) == ["random", "greedy", "tactical", "strong"]  # the ladder


def test_greedy_games_end():
    final = explorer.play_out(explorer.new_game("card_moba", 4, BOUNDED(4)), bots=GreedyBot(), seed=11)
    assert final.is_terminal and final.winners


def test_full_view_is_shaped_for_a_board_and_hides_hands_and_deck():
    s = table(hands=(("O1", "D1"), ("S3",)))
    full = s.view()
    assert set(full["map"]) >= {"width", "height", "walls", "special", "spawns"}
    p0 = full["players"][0]
    for key in ("hero", "position", "hp", "shield", "stamina", "steps", "attack_chances", "statuses", "marks",
                "played", "unlocked", "hand", "score"):
        assert key in p0
    assert {"deck", "discard", "turn", "phase"} <= set(full)
    seen = s.view(1)
    assert seen["players"][0]["hand"] == {"hidden": True, "count": 2} and seen["players"][1]["hand"] == ["S3"]
    assert seen["deck"]["hidden"] is True
    json.dumps(full)


def test_actions_and_events_read_as_sentences_in_both_languages():
    s = explorer.play_out(explorer.new_game("card_moba", 2), seed=3, max_steps=80)
    for e in s.log:
        assert "?" not in e.describe("en") and "?" not in e.describe("zh"), e
    for a in s.legal_actions():
        assert a.describe("zh") != a.describe("en")


def test_event_numbers_are_emitted_in_name_order():
    """The core keeps event numbers in name order, so a saved and reloaded log is equal."""
    final = explorer.play_out(explorer.new_game("card_moba", 4, BOUNDED(4)), bots=GreedyBot(), seed=2)
    for e in final.log:
        names = [k for k, _ in e.numbers]
        assert names == sorted(names), e
    assert explorer.from_json(final.to_json()) == final


def test_a_hidden_draw_reads_well_for_the_other_players():
    """The redacted draw event (MB-turn-draw) still says who drew, not what."""
    from card_moba.helpers import do, draw

    s = draw(do(table(), "end"), "O3")
    hidden = s.events[0].redacted()
    assert hidden.describe("en") == "Player 1 draws a card (only they see which)." and "O3" not in hidden.describe("zh")
