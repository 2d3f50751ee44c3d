"""Save files (issue 20): ``from_json`` loads only a save whose history replays, from the start, to exactly
the saved data, log and last step; anything else is one SaveError (a ValueError) naming the field.
存档：只有从头重放历史能得到完全相同数据的存档才能加载。"""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import PerGame, games

import explorer
from explorer import SaveError, from_json, new_game

GAMES = games(shipped=False)
PLAYERS = PerGame(eternal_breath=3, card_moba=2, castle_heart=4, toy_duel=3)


@cache
def played(game_id: str, steps: int | None = 40, seed: int = 5) -> explorer.State:
    """A real game of ``game_id``: bots and seeded chance, ``steps`` actions from the start (None: to the end)."""
    game, players = explorer.get_game(game_id), PLAYERS[game_id]
    start = new_game(game_id, players, game.bounded_variant(players))
    return explorer.play_out(start, seed=seed, max_steps=steps)


def doc_of(state: explorer.State) -> dict:
    return json.loads(state.to_json())


def refused(doc_or_text, field: str) -> SaveError:
    text = doc_or_text if isinstance(doc_or_text, str | bytes) else json.dumps(doc_or_text, ensure_ascii=False)
    with pytest.raises(SaveError) as err:
        from_json(text)
    assert err.value.field == field or err.value.field.startswith(field), (err.value.field, str(err.value))
    assert isinstance(err.value, ValueError) and err.value.reason
    return err.value


def first(node, key):
    """The first dict holding ``key`` (depth first) in a saved value, or None."""
    stack = [node]
    while stack:
        here = stack.pop()
        if isinstance(here, dict):
            if key in here:
                return here
            stack.extend(reversed(list(here.values())))
        elif isinstance(here, list):
            stack.extend(reversed(here))
    return None


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("steps", [0, 40, None])
def test_valid_saves_of_real_games_round_trip(game_id, steps):
    s = played(game_id, steps)
    text = s.to_json()
    back = from_json(text)
    assert back == s and back.to_json() == text
    assert back.legal_actions() == s.legal_actions() and back.events == s.events
    if steps is None:
        assert back.is_terminal and back.winners == s.winners


def test_the_named_cases_of_the_issue_are_each_refused_naming_the_field():
    s = played("eternal_breath", 60)
    good = doc_of(s)
    refused("[]", "text")
    refused("", "text")
    refused(b"\xff\xfe", "text")
    refused("[" * 100_000 + "]" * 100_000, "text")
    refused({**good, "players": -3}, "players")
    refused({**good, "players": True}, "players")
    refused({**good, "players": 3.0}, "players")
    refused({**good, "variant": {"no_such": 1}}, "variant.no_such")
    refused({**good, "variant": {**good["variant"], "round_limit": 30.0}}, "variant.round_limit")
    refused({**good, "format": True}, "format")
    refused({**good, "game": "card_moba"}, "variant")  # another game's save body
    refused({**good, "data": doc_of(played("castle_heart", 10))["data"]}, "data")  # another game's data
    refused({**good, "game": "no_such_game"}, "game")
    refused({k: v for k, v in good.items() if k != "log"}, "log")
    refused({**good, "extra": 1}, "extra")
    refused({**good, "history": good["history"][:-3]}, "data")  # a history shorter than the data
    refused({**good, "history": good["history"] + [{"kind": "pass", "player": 0, "params": {}}]}, "history[")
    refused({**good, "last_step_events": 10_000}, "last_step_events")
    refused({**good, "log": good["log"][:-1]}, "log")
    refused(json.dumps(good).replace('"over": false', '"over": true'), "data")  # forged end of game
    refused(json.dumps(good).replace(': {"$bag": [', ': {"$bag": [["no_such_card", 3], ', 1), "data")
    refused(json.dumps(good).replace('"round": ', '"round": {"$frac": "1/0"}, "x": ', 1), "data")
    refused(json.dumps(good).replace('"round": ', '"round": 1.0, "x": ', 1), "data")
    refused(json.dumps(good).replace('"round": ', '"round": NaN, "x": ', 1), "text")
    refused(json.dumps(good).replace('"round": ', '"round": Infinity, "x": ', 1), "text")
    assert from_json(json.dumps(good)) == s  # the unmodified save still loads


@pytest.mark.parametrize("value", [-5, 50, "3", 3.0, True, None, [3]])
def test_forged_coins_are_refused(value):
    good = doc_of(played("eternal_breath", 60))
    holder = first(good["data"], "coins")
    assert holder is not None, "the 永恒之息 data should hold coins"
    holder["coins"] = value
    refused(good, "data")


@pytest.mark.parametrize("game_id", GAMES)
def test_forged_winners_and_actions_are_refused(game_id):
    s = played(game_id, None)
    good = doc_of(s)
    history = good["history"]
    step = next(i for i in range(len(history) - 1, -1, -1) if history[i]["player"] >= 0)
    for bad in ({**history[step], "player": float(history[step]["player"])},
                {**history[step], "player": history[step]["player"] == 0},  # a bool
                {**history[step], "kind": 7}, {**history[step], "params": []}, [history[step]["kind"]],
                {**history[step], "params": {**history[step]["params"], "x": {"y": 1}}},
                {**history[step], "params": {**history[step]["params"], "x": 1.5}}):
        refused({**good, "history": [*history[:step], bad, *history[step + 1:]]}, f"history[{step}]")
    for winners_key in ("winners", "winner", "over", "victors"):
        holder = first(good["data"], winners_key)
        if holder is not None:
            forged = json.loads(json.dumps(good))
            first(forged["data"], winners_key)[winners_key] = [0] if isinstance(holder[winners_key], list) else 0
            refused(forged, "data")


def test_a_save_error_is_a_value_error_with_field_and_reason():
    err = SaveError("players", "not 7")
    assert isinstance(err, ValueError) and err.field == "players" and "players" in str(err)


# --- 6,000 generated save files ------------------------------------------------------------------

def nested(depth: int):
    out: list = []
    for _ in range(depth):
        out = [out]
    return out


NASTY = (None, True, False, 0, 1, -1, -3, 1.0, 2.5, -0.0, 10**30, "", "x", "1/0", "sp_lingxi", [], {}, [1, 2],
         {"$frac": "1/0"}, {"$frac": "x"}, {"$frac": 3}, {"$bag": [[1, -5]]}, {"$bag": "x"}, {"$": "no:Such"},
         {"$": "explorer.games.eternal_breath.records:Seat"}, {"$set": [[]]}, {"$map": [[[], 1]]}, {"x": 1},
         nested(5), nested(60), {"kind": "pass", "player": 0, "params": {}})
CHANGES = st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(["replace", "drop", "add", "cut"]),
                             st.sampled_from(NASTY), st.sampled_from(["coins", "a", "over", "winners", "$"])),
                   min_size=1, max_size=3)


def paths(node, here=()):
    """Every path into a JSON value (dict keys and list indexes)."""
    yield here
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, (*here, i))


@cache
def small_save(game_id: str) -> tuple[str, tuple]:
    if game_id == "scenario":  # a position set up by hand: the save holds its start too
        from explorer.games.eternal_breath.scenarios import combat_ready

        text = explorer.play_out(combat_ready(players=3), seed=9, max_steps=4).to_json()
        return text, tuple(paths(json.loads(text)))
    text = played(game_id, 8, seed=9).to_json()
    return text, tuple(paths(json.loads(text)))


def mutated(game_id: str, changes) -> object:
    """A real save with one to three changes: a value replaced by a nasty one, a key dropped or added, a list
    cut short."""
    text, all_paths = small_save(game_id)
    doc = json.loads(text)
    for where, how, value, key in changes:
        path = all_paths[where % len(all_paths)]
        parent, node = None, doc
        try:
            for step in path:
                parent, node = node, node[step]
        except (KeyError, IndexError, TypeError):
            continue
        value = json.loads(json.dumps(value))  # a fresh copy each time
        if how == "replace" or not isinstance(node, dict | list):
            if path:
                parent[path[-1]] = value
            else:
                doc = value
        elif how == "drop" and node:
            del node[next(iter(node)) if isinstance(node, dict) else where % len(node)]
        elif how == "add":
            if isinstance(node, dict):
                node[key] = value
            else:
                node.insert(where % (len(node) + 1), value)
        elif how == "cut" and node:
            if isinstance(node, dict):
                node.clear()
            else:
                del node[where % len(node):]
    return doc


@pytest.mark.parametrize("game_id", [*GAMES, "scenario"])
@settings(max_examples=375, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(batch=st.lists(CHANGES, min_size=4, max_size=4))
def test_generated_saves_load_only_when_they_replay_exactly(game_id, batch):
    """4 games × 375 examples × 4 saves = 6,000 generated saves (and 1,500 of a scenario's): each is refused
    with a SaveError, or is a save the history replays to (then it round-trips); nothing else
    (AttributeError, IndexError, ZeroDivisionError…) escapes."""
    for changes in batch:
        check_generated_save(game_id, changes)


def check_generated_save(game_id, changes):
    doc = mutated(game_id, changes)
    try:
        text = json.dumps(doc, ensure_ascii=False)
    except RecursionError:
        text = "[" * 5000 + "]" * 5000
    try:
        state = from_json(text)
    except SaveError as exc:
        assert exc.field and exc.reason
        return
    assert from_json(state.to_json()) == state
    assert json.loads(state.to_json())["data"] == doc["data"]
    original = from_json(small_save(game_id)[0])
    assert state == original or state.variant != original.variant or state.players != original.players


# --- positions set up by hand (scenarios) --------------------------------------------------------

def scenario_states():
    out = []
    for game_id in GAMES:
        for name, scenario in explorer.get_game(game_id).scenarios().items():
            out.append((f"{game_id}:{name}", scenario.make))
    return out


@pytest.mark.parametrize("name, make", scenario_states() or [("none", None)])
def test_a_scenario_position_saves_its_start_and_replays_from_it(name, make):
    if make is None:
        pytest.skip("no game offers a scenario")
    s = make()
    for later in (s, explorer.play_out(s, seed=2, max_steps=15)):
        text = later.to_json()
        # a hand-set position saves its start; one reached by real actions from new_game (the MOBA's and
        # 城堡之心's scenarios) saves none, and its whole history replays from a new game
        assert "start" in json.loads(text) or len(s.history) > 0
        back = from_json(text)
        assert back == later and back.to_json() == text


def test_a_game_from_new_game_saves_no_start():
    assert "start" not in doc_of(played("castle_heart", 10))


def test_a_forged_start_is_refused_naming_the_field():
    from explorer.games.eternal_breath.scenarios import combat_ready

    good = doc_of(explorer.play_out(combat_ready(players=3), seed=1, max_steps=5))
    assert from_json(json.dumps(good))
    text = json.dumps(good["start"])
    for old, new in (('"coins": 5', '"coins": 5.0'), ('"coins": 5', '"coins": true'), ('"coins": 5', '"coins": "5"'),
                     ('"round": 1', '"round": {"$frac": "1/0"}'), ('"round": 1', '"round": {"$frac": 7}'),
                     ('"round": 1', '"round": {"$bag": [["x", -1]]}'), ('"round": 1', '"round": {"$set": 3}'),
                     ('"round": 1', '"round": {"$": "no.such:Record"}'), ('"round": 1', '"round": {"x": 1}'),
                     ('"round": 1', '"round": {"$": "explorer.games.castle_heart.records:Nope"}'),
                     ('"round": 1, ', '')):
        assert old in text, old
        refused({**good, "start": json.loads(text.replace(old, new, 1))}, "start")
    other = doc_of(played("castle_heart", 3))["data"]
    refused({**good, "start": other}, "start")  # another game's records
    forged = json.loads(text.replace('"coins": 5', '"coins": 6', 1))  # a well-typed start the data did not come from
    refused({**good, "start": forged}, "data")


def test_a_start_naming_cards_the_game_does_not_know_is_refused():
    from explorer.games.eternal_breath.scenarios import combat_ready

    text = combat_ready(players=3).to_json()
    assert '"scn-attack-3"' in text
    refused(text.replace('"scn-attack-3"', '"no_such_card"'), "start")  # start and data agree, but name no card
    assert from_json(text) == combat_ready(players=3)


def test_a_bots_playout_from_a_scenario_saves_its_start_and_loads_back():
    """play_out's fast path builds its last State itself: it must keep the hand-made start for the save."""
    start = explorer.get_game("eternal_breath").scenarios()["combat_ready"].make()
    end = explorer.play_out(start, seed=1, max_steps=60)
    assert len(end.history) == 60
    assert explorer.from_json(end.to_json()) == end


def _code(doc: dict) -> str:
    """A link code packed as the app packs one (explorer.links.link_code), from any document."""
    import base64
    import zlib

    return base64.urlsafe_b64encode(zlib.compress(json.dumps(doc).encode(), 9)).decode().rstrip("=")


def test_a_history_longer_than_any_game_is_refused_before_it_is_read(monkeypatch):
    """Issue 38 point 3: a 16 KB link of 400,000 × ["end", 0, {}] took 57 s to refuse. A save or a link holds at
    most MAX_HISTORY actions: beyond, it is refused naming the history before any action is built."""
    from explorer import links, saves

    built = []
    monkeypatch.setattr(saves, "saved_action", lambda *a: built.append(a) or pytest.fail("an action was built"))
    with pytest.raises(SaveError) as err:
        links.from_link(_code({"g": "eternal_breath", "n": 2, "v": {}, "s": "", "h": [["end", 0, {}]] * 400_000}))
    assert err.value.field == "history" and f"{saves.MAX_HISTORY:,}" in str(err.value) and built == []
    doc = doc_of(played("toy_duel"))
    doc["history"] = doc["history"] * (saves.MAX_HISTORY // len(doc["history"]) + 1)
    with pytest.raises(SaveError) as err:
        from_json(json.dumps(doc))
    assert err.value.field == "history" and built == []


def test_a_replay_stops_at_the_first_illegal_action_before_building_the_rest(monkeypatch):
    from explorer import links, saves

    real, built = saves.saved_action, []

    def counted(*args):
        built.append(args[0])
        return real(*args)

    monkeypatch.setattr(saves, "saved_action", counted)
    with pytest.raises(SaveError) as err:  # the first action is a player's, at a chance node: illegal at step 1
        links.from_link(_code({"g": "eternal_breath", "n": 2, "v": {}, "s": "", "h": [["end", 0, {}]] * 20_000}))
    assert err.value.field == "history[0]" and built == ["history[0]"]
    state = played("eternal_breath", 30)  # a good link still opens, every action replayed
    _, history, _ = links.from_link(links.link_code(state))
    assert history == list(state.history) and len(built) == 1 + len(state.history)


def test_a_number_too_long_for_python_is_a_refusal_naming_the_text():
    """Issue 38 point 7: a whole number of 5,000 digits raised a plain ValueError the Load button did not catch."""
    text = json.dumps(doc_of(played("castle_heart"))).replace('"players": 4', '"players": ' + "9" * 5000)
    with pytest.raises(SaveError) as err:
        from_json(text)
    assert err.value.field == "text" and "4300" in str(err.value)


def test_a_missing_field_says_what_a_save_holds():
    doc = doc_of(played("castle_heart"))
    del doc["data"]
    with pytest.raises(SaveError) as err:
        from_json(json.dumps(doc))
    assert err.value.field == "data" and "a save file holds data, format, game" in str(err.value)


# The modules that hold 永恒之息's and 城堡之心's records were renamed records.py (issue 35); a save names each record
# by its module, so one written before the rename says table:/board:.
FORMER_HOMES = PerGame(
    eternal_breath=("explorer.games.eternal_breath.records:", "explorer.games.eternal_breath.table:"),
    castle_heart=("explorer.games.castle_heart.records:", "explorer.games.castle_heart.board:"))


@pytest.mark.parametrize("game_id", sorted(FORMER_HOMES))
def test_a_save_written_before_the_records_module_was_renamed_still_loads(game_id):
    now, before = FORMER_HOMES[game_id]
    states = [scenario.make() for scenario in explorer.get_game(game_id).scenarios().values()]
    texts = [s.to_json() for s in states if now in s.to_json()]
    assert texts, "no scenario of the game saves a record"
    for text in texts:
        old = text.replace(now, before)
        back = from_json(old)
        assert back == from_json(text) and back.to_json() == text  # read under the old name, written under the new
