"""Content files (issue 20): your own content in $RULES_EXPLORER_CONTENT is read only from regular UTF-8 files
under a size cap; OS and encoding errors become DataError naming the file; counts, costs and amounts are
bounded by what the rules allow; a name no game reads is reported; one game's broken file never stops the
others. 内容文件：只读取普通 UTF-8 文件；错误指出文件、条目与字段；一个游戏的坏文件不影响其他游戏。"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest
from support import PerGame, games

import explorer
from explorer import ContentWarning, DataError
from explorer.data import MAX_FILE_BYTES, content_path
from explorer.games.card_moba import content as moba_content
from explorer.games.castle_heart import content as castle_cards
from explorer.games.eternal_breath import content

pytestmark = pytest.mark.timeout(120)  # a FIFO must never make a test wait forever
GAMES = Path(explorer.__file__).parent / "games"
FILES = {g: tuple(sorted(p.name for p in (GAMES / g).glob("*.sample.toml"))) for g in games()}  # what each ships
LOADERS = PerGame(  # each game's own loader of its whole content, from a folder
    eternal_breath=lambda folder: content.load_catalogue(folder / "characters.sample.toml",
                                                           folder / "cards.sample.toml"),
    card_moba=moba_content.load_content,
    castle_heart=lambda folder: castle_cards.load_content(folder / "deck.sample.toml", folder / "heroes.sample.toml"),
)


def load(game_id: str, folder: Path):
    """The game's whole content, loaded from ``folder`` with the game's own loader."""
    return LOADERS[game_id](folder)


def toml_value(value) -> str:
    """A TOML inline value (the small subset the content files use)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def toml_text(doc: dict) -> str:
    return "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in doc.items())


def samples(game_id: str, tmp_path: Path) -> Path:
    folder = tmp_path / game_id
    folder.mkdir()
    for name in FILES[game_id]:
        shutil.copy(GAMES / game_id / name, folder / name)
    return folder


def test_the_toml_writer_of_these_tests_round_trips_every_sample():
    for game_id, names in FILES.items():
        for name in names:
            doc = tomllib.loads((GAMES / game_id / name).read_text(encoding="utf-8"))
            assert tomllib.loads(toml_text(doc)) == doc


@pytest.mark.parametrize("game_id", sorted(FILES))
def test_the_samples_load_from_a_copy(game_id, tmp_path):
    assert load(game_id, samples(game_id, tmp_path))


# --- what kind of file is read -------------------------------------------------------------------

def _fifo(p: Path):
    os.mkfifo(p)


def _dev_zero(p: Path):
    p.symlink_to("/dev/zero")


def _directory(p: Path):
    p.mkdir()


def _bad_utf8(p: Path):
    p.write_bytes(b'sample = true\nname = "\xff\xfe\xfa"\n')


def _too_big(p: Path):
    with p.open("wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 1)


def _dangling(p: Path):
    p.symlink_to(p.parent / "no_such_file.toml")


def _not_toml(p: Path):
    p.write_text("sample = true\n[[card]\nid = ", encoding="utf-8")


def _deep(p: Path):
    p.write_text("sample = true\nx = " + "[" * 50_000 + "]" * 50_000 + "\n", encoding="utf-8")


def _empty(p: Path):
    p.write_text("", encoding="utf-8")


def _nul(p: Path):
    p.write_bytes(b"sample = true\n\x00\x00\x00")


FILE_KINDS = [_fifo, _dev_zero, _directory, _bad_utf8, _too_big, _dangling, _not_toml, _deep, _empty, _nul]


@pytest.mark.parametrize("make", FILE_KINDS, ids=lambda f: f.__name__.strip("_"))
@pytest.mark.parametrize("game_id", sorted(FILES))
def test_a_file_that_is_no_content_file_is_a_data_error_naming_it(game_id, make, tmp_path):
    folder = samples(game_id, tmp_path)
    target = folder / FILES[game_id][0]
    target.unlink()
    make(target)
    with pytest.raises(DataError) as err:
        load(game_id, folder)
    assert err.value.file == str(target) and err.value.reason


# --- counts, costs and amounts within what the rules allow -----------------------------------------

BIG = 9_223_372_036_854_775_807


def _first(doc, table, has=None):
    return next(e for e in doc[table] if has is None or has(e))


def _set(table, field, value, has=None):
    def change(doc):
        _first(doc, table, has)[field] = value
    return change


def _drop(table, field):
    def change(doc):
        del _first(doc, table)[field]
    return change


def _skill(field, value):
    def change(doc):
        _first(doc, "character", lambda e: e["skill"]["type"] == "active")["skill"][field] = value
    return change


def _effect(table, field, value, key="effect"):
    def change(doc):
        _first(doc, table, lambda e: e.get(key))[key][0][field] = value
    return change


SCHEMA = PerGame(  # each game's own: (its file, a change out of what the rules allow, the field named)
    eternal_breath=[
        ("cards.sample.toml", _set("card", "copies", BIG), "copies"),
        ("cards.sample.toml", _set("card", "copies", 0), "copies"),
        ("cards.sample.toml", _set("card", "copies", -2), "copies"),
        ("cards.sample.toml", _set("card", "copies", 2.0), "copies"),
        ("cards.sample.toml", _set("card", "copies", True), "copies"),
        ("cards.sample.toml", _set("card", "copies", "2"), "copies"),
        ("cards.sample.toml", _set("card", "id", ""), "id"),
        ("cards.sample.toml", _set("card", "id", "   "), "id"),
        ("cards.sample.toml", _set("card", "en", ""), "en"),
        ("cards.sample.toml", _set("card", "points", -1), "points"),
        ("cards.sample.toml", _set("card", "points", BIG), "points"),
        ("cards.sample.toml", _set("card", "bogus", 1), "bogus"),
        ("cards.sample.toml", _drop("card", "kind"), "kind"),
        ("cards.sample.toml", _effect("card", "amount", -3), "amount"),
        ("cards.sample.toml", _effect("card", "amount", BIG), "amount"),
        ("characters.sample.toml", _set("character", "hp", 0), "hp"),
        ("characters.sample.toml", _set("character", "hp", BIG), "hp"),
        ("characters.sample.toml", _set("character", "defence", -1), "defence"),
        ("characters.sample.toml", _set("character", "id", ""), "id"),
        ("characters.sample.toml", _skill("cost_coins", -30), "cost_coins"),
        ("characters.sample.toml", _skill("cost_coins", 21), "cost_coins"),
        ("characters.sample.toml", _skill("cost_life", -1), "cost_life"),
        ("characters.sample.toml", _skill("zh", ""), "zh"),
    ],
    card_moba=[
        ("heroes.sample.toml", _set("hero", "hp", 0), "hp"),
        ("heroes.sample.toml", _set("hero", "hp", BIG), "hp"),
        ("heroes.sample.toml", _set("hero", "atk", -1), "atk"),
        ("heroes.sample.toml", _set("hero", "speed", -1), "speed"),
        ("heroes.sample.toml", _set("hero", "range", 0), "range"),
        ("heroes.sample.toml", _set("hero", "id", ""), "id"),
        ("heroes.sample.toml", _set("mark", "max", -2), "max"),
        ("cards.sample.toml", _set("card", "cost", 0), "cost"),
        ("cards.sample.toml", _set("card", "cost", -1), "cost"),
        ("cards.sample.toml", _set("card", "count", BIG), "count"),
        ("cards.sample.toml", _set("card", "count", -1), "count"),
        ("cards.sample.toml", _set("card", "id", ""), "id"),
        ("cards.sample.toml", _set("card", "zh", ""), "zh"),
        ("cards.sample.toml", _set("card", "range", -1), "range"),
        ("cards.sample.toml", _effect("card", "amount", BIG, key="effects"), "amount"),
        ("maps.sample.toml", _set("map", "id", ""), "id"),
    ],
    castle_heart=[
        ("deck.sample.toml", _set("card", "count", BIG), "count"),
        ("deck.sample.toml", _set("card", "count", -1), "count"),
        ("deck.sample.toml", _set("card", "count", 1.0), "count"),
        ("deck.sample.toml", _set("card", "count", True), "count"),
        ("deck.sample.toml", _set("card", "id", ""), "id"),
        ("heroes.sample.toml", _set("hero", "hp", 0), "hp"),
        ("heroes.sample.toml", _set("hero", "hp", BIG), "hp"),
        ("heroes.sample.toml", _set("hero", "cost", -1), "cost"),
        ("heroes.sample.toml", _set("hero", "amount", -1), "amount"),
        ("heroes.sample.toml", _set("hero", "amount", BIG), "amount"),
        ("heroes.sample.toml", _set("hero", "id", ""), "id"),
    ],
)
SCHEMA_CASES = [(g, *case) for g in games() for case in SCHEMA[g]]


@pytest.mark.parametrize("game_id, name, change, field", SCHEMA_CASES,
                         ids=[f"{g}-{n.split('.')[0]}-{f}-{i}" for i, (g, n, _, f) in enumerate(SCHEMA_CASES)])
def test_a_value_outside_what_the_rules_allow_names_file_and_field(game_id, name, change, field, tmp_path):
    folder = samples(game_id, tmp_path)
    doc = tomllib.loads((folder / name).read_text(encoding="utf-8"))
    change(doc)
    (folder / name).write_text(toml_text(doc), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(game_id, folder)
    assert err.value.file == str(folder / name) and err.value.field == field, str(err.value)


def test_there_are_at_least_64_content_cases():
    assert len(FILE_KINDS) * len(FILES) + len(SCHEMA_CASES) >= 64


# --- names in the content folder --------------------------------------------------------------------

def _warnings_for(own: Path, game_id: str = "castle_heart", name: str = "deck.sample.toml"):
    from explorer import data

    data._REPORTED.clear()
    old = os.environ.get("RULES_EXPLORER_CONTENT")
    os.environ["RULES_EXPLORER_CONTENT"] = str(own)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            path = content_path(game_id, GAMES / game_id, name)
    finally:
        if old is None:
            del os.environ["RULES_EXPLORER_CONTENT"]
        else:
            os.environ["RULES_EXPLORER_CONTENT"] = old
    return path, [str(w.message) for w in caught if issubclass(w.category, ContentWarning)]


def test_a_misspelt_game_folder_is_reported(tmp_path):
    (tmp_path / "castle_hart").mkdir()
    path, said = _warnings_for(tmp_path)
    assert path == GAMES / "castle_heart" / "deck.sample.toml"
    assert len(said) == 1 and "castle_hart" in said[0]


def test_a_misspelt_file_name_is_reported(tmp_path):
    (tmp_path / "castle_heart").mkdir()
    (tmp_path / "castle_heart" / "deck.toml").write_text("sample = true\n", encoding="utf-8")
    path, said = _warnings_for(tmp_path)
    assert path == GAMES / "castle_heart" / "deck.sample.toml"
    assert len(said) == 1 and "deck.toml" in said[0] and "deck.sample.toml" in said[0]


def test_a_content_folder_that_does_not_exist_is_reported(tmp_path):
    path, said = _warnings_for(tmp_path / "no_such_folder")
    assert path == GAMES / "castle_heart" / "deck.sample.toml" and "no_such_folder" in said[0]


def test_matching_names_are_used_and_not_reported(tmp_path):
    (tmp_path / "castle_heart").mkdir()
    shutil.copy(GAMES / "castle_heart" / "deck.sample.toml", tmp_path / "castle_heart" / "deck.sample.toml")
    path, said = _warnings_for(tmp_path)
    assert path == tmp_path / "castle_heart" / "deck.sample.toml" and said == []


def test_a_dangling_link_in_the_content_folder_is_not_silently_replaced_by_the_sample(tmp_path):
    (tmp_path / "castle_heart").mkdir()
    (tmp_path / "castle_heart" / "deck.sample.toml").symlink_to(tmp_path / "gone.toml")
    path, _ = _warnings_for(tmp_path)
    assert path == tmp_path / "castle_heart" / "deck.sample.toml"
    with pytest.raises(DataError, match="not found"):
        castle_cards.load_cards(path)


# --- one game's broken file does not stop the others ---------------------------------------------

PROBE = """
import json, warnings, explorer
from explorer.registry import broken_games
warnings.simplefilter("ignore")
out = {"ids": list(explorer.game_ids()), "broken": {k: str(v) for k, v in broken_games().items()}, "play": {}}
for g in IDS:  # the games this test covers, written above it by the test
    try:
        explorer.new_game(g, 4)
        out["play"][g] = "ok"
    except explorer.DataError as exc:
        out["play"][g] = "DataError: " + str(exc)
print(json.dumps(out))
"""


@pytest.mark.parametrize("game_id, name, registered", [
    ("castle_heart", "deck.sample.toml", False),  # read when the game is imported
    ("eternal_breath", "cards.sample.toml", True),  # read when a game starts
])
def test_a_broken_file_of_one_game_leaves_the_others_playable(game_id, name, registered, tmp_path):
    (tmp_path / game_id).mkdir()
    (tmp_path / game_id / name).write_text('sample = true\n[[card]]\nid = ""\n', encoding="utf-8")
    env = {**os.environ, "RULES_EXPLORER_CONTENT": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", f"IDS = {games()!r}\n{PROBE}"], env=env, capture_output=True,
                          text=True, timeout=300, cwd=Path(explorer.__file__).parent.parent)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    others = set(games()) - {game_id}
    assert all(out["play"][g] == "ok" for g in others), out
    assert out["play"][game_id].startswith("DataError") and str(tmp_path / game_id / name) in out["play"][game_id]
    assert (game_id in out["ids"]) == registered and (game_id in out["broken"]) != registered
