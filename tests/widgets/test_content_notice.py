"""The app's notice for content files that did not load: the game is left out and the DataError's text is shown,
in both languages, instead of a failed cell (issue 20: "the app shows the DataError text")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import PerGame, games

import explorer
from widgets.components.content_notice import ContentNotice, playable_games

ROOT = Path(explorer.__file__).parent.parent

PROBE = """
import json
from widgets.components.content_notice import ContentNotice, playable_games
games, broken = playable_games()
notice = ContentNotice(broken)
text = {}
for lang in ("en", "zh"):
    notice.lang = lang
    text[lang] = notice.children[0].value
print(json.dumps({"games": games, "broken": broken, "text": text, "display": notice.layout.display}))
"""
# the content file each test below breaks, game by game
BROKEN = PerGame(castle_heart="deck.sample.toml", eternal_breath="cards.sample.toml", card_moba="heroes.sample.toml")
BROKEN_UNDER_WIDGETS = PerGame(castle_heart="deck", eternal_breath="cards", card_moba="cards")  # stem of a .sample.toml


def test_with_the_sample_content_every_game_plays_and_the_notice_is_empty_and_hidden():
    playable, broken = playable_games()
    assert playable == list(games(shipped=False))  # the plug-ins this process uses (tests/plugins) included
    assert broken == {}
    notice = ContentNotice(broken)
    assert notice.children[0].value == "" and notice.layout.display == "none"


def test_the_notice_writes_each_error_in_the_chosen_language_and_escapes_it():
    notice = ContentNotice({"castle_heart": "deck.sample.toml: entry 'x': field 'count': <bad>"})
    assert notice.layout.display == ""
    assert "castle_heart is left out" in notice.children[0].value and "&lt;bad&gt;" in notice.children[0].value
    notice.lang = "zh"
    assert "未载入" in notice.children[0].value and "deck.sample.toml" in notice.children[0].value
    notice.errors = {}
    assert notice.layout.display == "none"


@pytest.mark.parametrize(("game_id", "name"), [(g, BROKEN[g]) for g in games()])
def test_a_broken_content_file_leaves_its_game_out_and_the_notice_names_the_file(game_id, name, tmp_path):
    (tmp_path / game_id).mkdir()
    (tmp_path / game_id / name).write_text('sample = true\n[[card]]\nid = ""\n', encoding="utf-8")
    env = {**os.environ, "RULES_EXPLORER_CONTENT": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=300,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert game_id not in out["games"] and set(out["broken"]) == {game_id}
    assert set(games()) - {game_id} <= set(out["games"])
    path = str(tmp_path / game_id / name)
    assert path in out["text"]["en"] and "is left out" in out["text"]["en"]
    assert path in out["text"]["zh"] and "未载入" in out["text"]["zh"] and out["display"] == ""


@pytest.mark.parametrize(("game", "file"), [(g, BROKEN_UNDER_WIDGETS[g]) for g in games()])
def test_the_apps_widgets_import_with_a_broken_game(tmp_path, game, file):
    """Every widget module the app imports loads with a game's content broken (a board or card-face module that
    imported the game at import time took the whole app down instead of naming the file): checked in a fresh
    interpreter, as a kernel starts."""
    (tmp_path / game).mkdir()
    (tmp_path / game / f"{file}.sample.toml").write_text('sample = true\n[[card]]\nid = ""\n', encoding="utf-8")
    code = ("from widgets.components.content_notice import playable_games\n"
            "import widgets.play.play_area, widgets.app.tabs, widgets.learn.guided_tour\n"
            "import widgets.components.registers_view\n"
            "games, broken = playable_games()\n"
            "print(sorted(games), sorted(broken))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "RULES_EXPLORER_CONTENT": str(tmp_path), "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-2000:]
    others = sorted(set(games()) - {game})
    assert out.stdout.strip() == f"{others} {[game]}"
