"""Issue 38, item 7: a hand-made save ``start`` (a scenario's position) holding numbers no position holds is
refused naming the field, even when its data agrees (no history: the replay cannot catch it). This bound is
generic (explorer/saves.py, START_LIMIT); each game's own rules bound its fields more closely
(tests/core/test_save_game_bounds.py)."""

from __future__ import annotations

import json

import pytest

from explorer import SaveError, from_json
from explorer.saves import START_LIMIT


def scenario_text() -> str:
    """A save of 永恒之息's combat_ready position, no action played: its data is its start."""
    from explorer.games.eternal_breath.scenarios import combat_ready

    return combat_ready(players=3).to_json()


def refused(text: str) -> SaveError:
    with pytest.raises(SaveError) as err:
        from_json(text)
    return err.value


def test_the_scenario_save_loads_and_holds_the_numbers_changed_below():
    text = scenario_text()
    assert from_json(text).to_json() == text
    assert '"coins": 5' in text and '["atk_fireball", 4]' in text


@pytest.mark.parametrize("old, new, field", [
    ('"coins": 5', f'"coins": {10**18}', "coins"),
    ('"coins": 5', f'"coins": {-10**18}', "coins"),
    ('"coins": 5', f'"coins": {START_LIMIT + 1}', "coins"),
    ('["atk_fireball", 4]', f'["atk_fireball", {10**12}]', "deck"),
    ('"coins": 5', f'"coins": {{"$frac": "{10**18}/1"}}', "coins"),
])
def test_a_start_with_numbers_beyond_a_position_is_refused_naming_the_field(old, new, field):
    text = scenario_text().replace(old, new)  # start and data alike: only the bound can tell
    error = refused(text)
    assert error.field.startswith("start") and field in error.field, (error.field, error.reason)
    assert "beyond" in error.reason or "at most" in error.reason


def test_numbers_within_the_bound_still_load():
    text = scenario_text()
    doc = json.loads(text.replace('"coins": 5', '"coins": 7'))
    assert from_json(json.dumps(doc, ensure_ascii=False)).to_json() != text
