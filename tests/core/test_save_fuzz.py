"""Issue 38, round two, item d: fuzzed save documents fed to the load path (``explorer.from_json``). Each is a
mutation of a real save of one of the three games (tests/core/save_fuzz.py: types, sizes, deep nesting, huge whole
numbers, wrong ids, truncated or reordered histories, illegal actions, bad starts, damaged text). Every refusal
must be a SaveError naming a field — never another exception (a RecursionError, a game's TypeError), never a hang
(pytest's timeout, pyproject.toml, ends a hang as a failure).

The default suite runs a seeded sample of 600 documents; the full run of 6,000 is ``slow``-marked
(``make test-all``, or ``pytest -m slow tests/core/test_save_fuzz.py``). The first fuzzing run found three doors
that let another exception out: a ``start`` nested ~1,000 deep (RecursionError in the decoder), an action's
params nested as deep (RecursionError in ``act``), and a card_moba move to ``[null, 4]`` (a TypeError in the
game's own refusal); the named cases below keep them shut."""

from __future__ import annotations

import collections
import json

import pytest
from support import games

from explorer import SaveError, from_json
from explorer.games.eternal_breath.scenarios import combat_ready
from tests.core.save_fuzz import MUTATIONS, bases, fuzzed


def refusals(count: int, seed: int) -> collections.Counter:
    """Loads ``count`` fuzzed saves; the fields their SaveErrors named (and "loaded" for the few that are still a
    real save: a mutation that changed nothing the save holds). Anything but a SaveError fails the test."""
    fields: collections.Counter = collections.Counter()
    for what, text in fuzzed(count, seed):
        try:
            from_json(text)
        except SaveError as error:
            assert error.field and error.reason, what
            fields[error.field.split(".")[0].split("[")[0]] += 1
        except Exception as error:  # the finding this test is for: name the mutation
            pytest.fail(f"{what}: {type(error).__name__}: {str(error)[:300]} (not a SaveError)")
        else:
            fields["loaded"] += 1
    return fields


def test_the_bases_are_real_saves_of_every_game_some_with_a_start():
    texts = bases()
    assert {json.loads(t)["game"] for t in texts} == set(games())
    assert any("start" in json.loads(t) for t in texts)
    assert all(from_json(t).to_json() == t for t in texts)


def test_a_seeded_sample_of_fuzzed_saves_is_refused_only_with_save_errors():
    fields = refusals(600, seed=0)
    assert fields["loaded"] < 600 * 0.2, fields  # nearly every mutation is a save no game made
    assert {"text", "history", "start", "data"} <= set(fields), fields  # refused at many doors, not one


@pytest.mark.slow
def test_six_thousand_fuzzed_saves_are_refused_only_with_save_errors():
    fields = refusals(6000, seed=1)
    assert fields["loaded"] < 6000 * 0.2, fields


def test_the_fuzzer_is_seeded_and_covers_every_mutation():
    first, again = list(fuzzed(200, seed=3)), list(fuzzed(200, seed=3))
    assert first == again
    done = {name for what, _ in fuzzed(600, seed=0) for name in what.split("+")}
    assert {m.__name__ for m in MUTATIONS} <= done


def deep(opener: str, closer: str, depth: int = 700) -> str:
    """Nested ``depth`` levels: json reads it (one call a level), a decoder of two calls a level would not."""
    return opener * depth + "1" + closer * depth


def test_a_start_nested_as_deep_as_json_reads_is_a_save_error():
    doc = json.loads(combat_ready(players=3).to_json())
    doc["start"]["seats"] = ["@@"]
    text = json.dumps(doc, ensure_ascii=False).replace('"@@"', deep("[", "]"))
    with pytest.raises(SaveError) as err:
        from_json(text)
    assert err.value.field == "start", err.value


def test_an_action_with_params_nested_as_deep_as_json_reads_is_a_save_error():
    doc = json.loads(bases()[1])
    assert doc["history"]
    doc["history"][0]["params"] = {"x": "@@"}
    text = json.dumps(doc, ensure_ascii=False).replace('"@@"', deep("[", "]"))
    with pytest.raises(SaveError) as err:
        from_json(text)
    assert err.value.field == "history[0].params"


def test_a_card_moba_move_to_a_cell_of_nulls_is_a_save_error_naming_the_move_rule():
    from explorer import new_game
    from explorer.play import play_out

    state = play_out(new_game("card_moba", 2), seed=0, max_steps=400)
    moves = [i for i, a in enumerate(state.history) if a.kind == "move"]
    assert moves, "a seeded card_moba game moves a hero"
    doc = json.loads(state.to_json())
    doc["history"][moves[0]]["params"]["to"] = [None, 4]
    with pytest.raises(SaveError) as err:
        from_json(json.dumps(doc, ensure_ascii=False))
    assert err.value.field == f"history[{moves[0]}]" and "MB-term-5-move" in err.value.reason
