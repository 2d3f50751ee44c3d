"""The sample card set as data: validated on load; a bad file names file, entry and field; nothing half-loads."""

from __future__ import annotations

import pytest

import explorer
from explorer import DataError
from explorer.games.eternal_breath import content

GOOD_CHAR = '''sample = true
[[character]]
id = "x"
kind = "normal"
zh = "甲"
en = "X"
hp = 5
defence = 1
skill = { type = "passive", zh = "无", en = "none", effect = [{ do = "hand_limit", amount = 7 }] }
'''
GOOD_CARD = '''sample = true
[[card]]
id = "c"
kind = "attack"
zh = "乙"
en = "C"
copies = 2
points = 3
'''


def test_the_sample_set_has_what_the_issue_asks_for():
    cat = content.sample()
    cards = cat.cards.values()
    assert len(cat.specials) >= 7 and len(cat.normals) >= 16
    assert all(c.points > 0 and c.attribute for c in cards if c.kind in ("attack", "defence"))
    assert {c.trigger for c in cards if c.kind == "trap"} == set(content.TRAP_TRIGGERS)
    instant = [c for c in cards if c.kind == "effect" and not c.persistent]
    assert any(c.persistent for c in cards if c.kind == "effect") and instant
    assert any(e.do == "heal" for c in instant for e in c.effects)
    skills = [c.skill for c in cards if c.skill]
    assert {s.limit for s in skills if s.type == "active"} == set(content.LIMITS)
    assert {s.when for s in skills if s.type == "passive"} == set(content.PASSIVE_WHEN)
    assert any(s.cost_coins for s in skills) and any(s.cost_life for s in skills)
    for path in (content.CHARACTERS_FILE, content.CARDS_FILE):
        assert path.read_text(encoding="utf-8").count("sample = true") == 1


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize(("change", "entry", "field"), [
    (("hp = 5", "hp = 0"), "x", "hp"),
    (("hp = 5\n", ""), "x", "hp"),
    (('kind = "normal"', 'kind = "hero"'), "x", "kind"),
    (('do = "hand_limit"', 'do = "explode"'), "x.skill.effect[0]", "do"),
    (('type = "passive"', 'type = "sometimes"'), "x.skill", "type"),
    (("amount = 7 }", 'amount = 7, then = [{ do = "heal" }] }'), "x.skill.effect[0]", "then"),
    (('do = "hand_limit", amount = 7', 'do = "judge", dice = 3, then = [{ do = "heal" }]'), "x.skill.effect[0]",
     "dice"),
    (('do = "hand_limit", amount = 7', 'do = "lifesteal", ratio = "2/0"'), "x.skill.effect[0]", "ratio"),
    (("defence = 1", "defence = 1\nspeed = 3"), "x", "speed"),
    (("sample = true", "sample = 1"), None, "sample"),
])
def test_bad_character_files_name_the_file_entry_and_field(tmp_path, change, entry, field):
    p = write(tmp_path, "chars.toml", GOOD_CHAR.replace(*change))
    with pytest.raises(DataError) as err:
        content.load_characters(p)
    assert (err.value.file, err.value.entry, err.value.field) == (str(p), entry, field)


@pytest.mark.parametrize(("change", "entry", "field"), [
    (('kind = "attack"', 'kind = "trap"'), "c", "trigger"),
    (('kind = "attack"', 'kind = "effect"\npersistent = true\ntrigger = "turn_start"'), "c", "effect"),
    (("copies = 2", 'copies = "two"'), "c", "copies"),
    (("points = 3", 'points = 3\neffect = [{ do = "judge", then = [{ do = "heal" }] }, { do = "pierce" }]'),
     "c.effect[0]", "do"),
])
def test_bad_card_files_name_the_file_entry_and_field(tmp_path, change, entry, field):
    p = write(tmp_path, "cards.toml", GOOD_CARD.replace(*change))
    with pytest.raises(DataError) as err:
        content.load_cards(p)
    assert (err.value.file, err.value.entry, err.value.field) == (str(p), entry, field)


def test_duplicates_and_nothing_half_loaded(tmp_path):
    chars = write(tmp_path, "chars.toml", GOOD_CHAR)
    cards = write(tmp_path, "cards.toml", GOOD_CARD + GOOD_CARD.replace("sample = true", ""))
    before = content.sample()
    with pytest.raises(DataError) as err:
        content.load_catalogue(chars, cards)
    assert err.value.field == "id" and "duplicate" in str(err.value)
    same_id = write(tmp_path, "cards2.toml", GOOD_CARD.replace('id = "c"', 'id = "x"'))
    with pytest.raises(DataError):
        content.load_catalogue(chars, same_id)
    assert content.sample() is before
    good = content.load_catalogue(chars, write(tmp_path, "ok.toml", GOOD_CARD))
    assert set(good.cards) == {"x", "c"} and good.deck_cards() == {"c": 2}


def test_registers_cover_the_issue():
    """The assumptions the issue lists are in the register, each with a switch where it changes play."""
    by_switch = {a.switch: a for a in explorer.assumptions("eternal_breath") if a.switch}
    for name in ("block_without_card", "response_timing", "summon_limit_after_defeat", "round_limit",
                 "leftover_characters", "refused_effect_card", "loser_characters", "dealer"):
        assert name in by_switch
    ids = {a.id for a in explorer.assumptions("eternal_breath")}
    assert {"EB-A01", "EB-A02", "EB-A03", "EB-A08", "EB-A09"} <= ids
    sections = {c.section.split()[0] for c in explorer.rules("eternal_breath")}
    assert {"1.1.1", "1.1.2", "1.1.3", "1.1.4", "1.2.1", "1.2.6", "1.3", "1.4", "2.7", "3.1", "3.2"} <= sections
