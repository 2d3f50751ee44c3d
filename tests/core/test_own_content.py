"""Your own cards: a copy in $RULES_EXPLORER_CONTENT/<game>/ replaces the sample file; a mistake in it
names your file, the entry and the field, and the game does not start half-loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import games

import explorer

GAMES = Path(explorer.__file__).parent / "games"
PROBE = """
import json, explorer
from explorer.games.eternal_breath import content
s = explorer.new_game("eternal_breath", 2)
print(json.dumps({"file": str(content.CARDS_FILE), "points": content.sample().cards["atk_slash"].points}))
"""


def run_with(content_dir: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "RULES_EXPLORER_CONTENT": str(content_dir)}
    return subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120)


def own_copy(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "eternal_breath"
    folder.mkdir()
    text = (GAMES / "eternal_breath" / "cards.sample.toml").read_text(encoding="utf-8")
    assert old in text
    (folder / "cards.sample.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder / "cards.sample.toml"


def test_an_edited_copy_is_the_card_set_the_game_plays(tmp_path):
    mine = own_copy(tmp_path, 'id = "atk_slash"\nkind = "attack"\nzh = "斩击"\nen = "Slash"\ncopies = 6\npoints = 2',
                    'id = "atk_slash"\nkind = "attack"\nzh = "斩击"\nen = "Slash"\ncopies = 6\npoints = 5')
    done = run_with(tmp_path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out == {"file": str(mine), "points": 5}


def test_a_broken_copy_names_your_file_entry_and_field(tmp_path):
    mine = own_copy(tmp_path, "points = 2", 'points = "two"')
    done = run_with(tmp_path)
    assert done.returncode != 0
    assert "DataError" in done.stderr and str(mine) in done.stderr
    assert "'atk_slash'" in done.stderr and "'points'" in done.stderr


@pytest.mark.parametrize("game_id", games())
def test_without_an_own_copy_the_samples_are_used(game_id, tmp_path):
    from explorer.data import content_path

    os.environ.pop("RULES_EXPLORER_CONTENT", None)
    sample = next((GAMES / game_id).glob("*.sample.toml"))
    assert content_path(game_id, GAMES / game_id, sample.name) == sample
