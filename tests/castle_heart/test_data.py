"""Sample content as data: validated on load, a bad file names file, entry and field; nothing half-loads."""

from __future__ import annotations

import shutil

import pytest

from explorer import DataError
from explorer.games.castle_heart import content
from explorer.games.castle_heart.content import CONTENT, HERE, load_content


def test_the_sample_files_are_marked_and_complete():
    """'CH-leadership-ryan' is in the sample heroes; every seed card is in the sample deck."""
    for name in ("deck.sample.toml", "heroes.sample.toml"):
        assert "sample = true" in (HERE / name).read_text(encoding="utf-8")
    assert len(CONTENT.heroes) >= 8 and CONTENT.heroes["ryan"].zh == "莱恩子爵"
    kinds = [c.kind for c in CONTENT.cards.values()]
    assert kinds.count("equipment") == 14 and kinds.count("magic") == 10
    assert set(content.EQUIPMENT_EFFECTS) == {c.effect for c in CONTENT.cards.values() if c.kind == "equipment"}


def _copy(tmp_path):
    for name in ("deck.sample.toml", "heroes.sample.toml"):
        shutil.copy(HERE / name, tmp_path / name)
    return tmp_path / "deck.sample.toml", tmp_path / "heroes.sample.toml"


@pytest.mark.parametrize(("which", "old", "new", "entry", "field"), [
    ("deck", 'effect = "poison"', 'effect = "explode"', "poison_dagger", "effect"),
    ("deck", 'slot = "ring"\n', "", "missile_ring", "slot"),
    ("deck", "count = 30", "count = -1", "sword", "count"),
    ("deck", "count = 30", 'count = "30"', "sword", "count"),
    ("deck", 'id = "heal"', 'id = "cure"', "heal", "id"),
    ("deck", 'kind = "magic"\neffect = "horn"', 'kind = "magic"\neffect = "horn"\ncolour = "red"', "horn", "colour"),
    ("heroes", 'hp = 5', 'hp = 0', "iron_captain", "hp"),
    ("heroes", 'skill = "range_bonus"', 'skill = "range_bonus"\nleadership = 3', "elf_ranger", "leadership"),
    ("heroes", 'skill = "attack_bonus"', 'skill = "fly"', "berserker", "skill"),
])
def test_a_bad_entry_names_file_entry_and_field(tmp_path, which, old, new, entry, field):
    deck, heroes = _copy(tmp_path)
    path = deck if which == "deck" else heroes
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    before = dict(CONTENT.cards)
    with pytest.raises(DataError) as err:
        load_content(deck, heroes)
    assert (err.value.file, err.value.entry, err.value.field) == (str(path), entry, field)
    assert CONTENT.cards == before


def test_too_few_heroes_for_eight_seats(tmp_path):
    deck, heroes = _copy(tmp_path)
    text = heroes.read_text(encoding="utf-8")
    heroes.write_text(text[: text.index('[[hero]]\nid = "saint"')], encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_content(deck, heroes)
    assert err.value.field == "hero" and "8" in err.value.reason
