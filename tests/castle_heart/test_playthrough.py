"""A seeded, human-readable playthrough, diffed against the golden file (REGEN_TRANSCRIPTS=1 rewrites it)."""

from __future__ import annotations

import os
from pathlib import Path

import explorer
from explorer.games.castle_heart.bots import GreedyBot

GOLDEN = Path(__file__).with_name("playthrough.txt")


def make() -> str:
    """Five greedy seats, seed 8, in English and then the same game in Chinese (bots alone: the simulation
    limits are passed explicitly, CH-A14)."""
    bounded = explorer.get_game("castle_heart").bounded_variant(5)
    en = explorer.transcript("castle_heart", 5, seed=8, variant=bounded, bots=GreedyBot(), lang="en")
    zh = explorer.transcript("castle_heart", 5, seed=8, variant=bounded, bots=GreedyBot(), lang="zh")
    return en + "\n" + zh


def test_the_playthrough_matches_the_golden_file():
    text = make()
    if os.environ.get("REGEN_TRANSCRIPTS") == "1" or not GOLDEN.exists():
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
    assert "# end after" in text and "winners" in text
