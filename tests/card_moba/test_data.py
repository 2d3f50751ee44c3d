"""The sample data files: marked sample, validated on load; a mistake names the file, entry and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from explorer import DataError
from explorer.games.card_moba import content

FILES = ("heroes.sample.toml", "cards.sample.toml", "maps.sample.toml", "bloodlines.sample.toml")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(content.HERE / name, tmp_path / name)
    return tmp_path


def break_file(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_sample_files_load_and_are_marked_sample(copy):
    c = content.load_content(copy)
    assert len(c.heroes) >= 6 and len(c.maps) >= 2 and len(c.systems) == 4 and len(c.dusts) >= 1
    assert all(len(m.walls) and m.special and len(m.spawns) >= 6 for m in c.maps.values())


def test_every_status_and_displacement_is_used_by_some_sample_content():
    c = content.sample()
    effects = [e for h in c.heroes.values() for s in h["skills"] for a in s["alts"] for e in a["effects"]]
    effects += [e for h in c.heroes.values() for s in h["skills"] for e in s["effects"]]
    effects += [e for p in (*c.pieces.values(), *c.cards.values(), *c.cells.values()) for e in p["effects"]]
    assert {e["status"] for e in effects if e["op"] == "status"} == set(content.STATUSES)
    assert set(content.OPS) <= {e["op"] for e in effects}
    assert {e["kind"] for e in effects if e["op"] == "damage"} == {"normal", "true", "lifesteal"}


@pytest.mark.parametrize(("name", "old", "new", "entry", "field"), [
    ("heroes.sample.toml", "hp = 32", 'hp = "lots"', "gale", "hp"),
    ("heroes.sample.toml", 'actions = "AAA/MM"', 'actions = "AXA/MM"', "gale.hurricane", "actions"),
    ("heroes.sample.toml", 'actions = "AAA/MM"', 'actions = "AAA"', "gale.hurricane", "alt"),
    ("heroes.sample.toml", 'op = "knockback"', 'op = "explode"', "gale.hurricane.alt#1.effects#2", "op"),
    ("cards.sample.toml", 'type = "O"', 'type = "A"', "O1", "type"),
    ("cards.sample.toml", "cost = 1", "cost = 0", "O1", "cost"),
    ("maps.sample.toml", '"P..r..P",', '"P..r..",', "arena", "rows"),
    ("maps.sample.toml", '"P..r..P",', '"P..x..P",', "arena", "rows"),
    ("bloodlines.sample.toml", 'system = "brutal"', 'system = "chaos"', "tongling", "system"),
    ("bloodlines.sample.toml", 'slot = "keystone"', 'slot = "fragment_a"', "brutal", "keystone"),
])
def test_a_bad_entry_names_file_entry_and_field(copy, name, old, new, entry, field):
    break_file(copy, name, old, new)
    with pytest.raises(DataError) as err:
        content.load_content(copy)
    assert err.value.file.endswith(name) and err.value.entry == entry and err.value.field == field


def test_a_bad_card_type_in_a_skill_names_the_card_types_clause(copy):
    """'MB-card-types': only O D M S (and A, read as O by the errata)."""
    break_file(copy, "heroes.sample.toml", 'actions = "DD"', 'actions = "DX"')
    with pytest.raises(DataError, match="MB-card-types"):
        content.load_content(copy)


def test_a_file_not_marked_sample_is_refused(copy):
    break_file(copy, "cards.sample.toml", "sample = true", "sample = false")
    with pytest.raises(DataError) as err:
        content.load_content(copy)
    assert err.value.field == "sample"
