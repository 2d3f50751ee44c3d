"""The Play table as a person wants it (issue 14, points 1, 3, 7, 8): their own view, End turn, several
choices at once, honest texts, save / load / share. Expectations are computed from the engine, never typed."""

from __future__ import annotations

import base64
import json
import os
import re
import zlib

import pytest
from support import PerGame, games, smallest_tables
from widget_helpers import greedy_until

import explorer
from explorer import CHANCE, TERMINAL
from explorer.links import _link_doc, from_link, link_code
from widgets.components.table_file import shared_link
from widgets.i18n import label
from widgets.play.action_picker import game_over_html
from widgets.play.play_area import OPENED, OPENED_KEY, PlayArea

GAMES = games()


def person_to_move(area, limit: int = 400, want=None):
    """Play the person's seat with its first legal action until ``want(session)`` holds."""
    return greedy_until(area, lambda a: want(a.session), limit, pick=lambda a: a.picker.buttons[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_table_shows_the_persons_own_view_everywhere(game_id):
    area = PlayArea(game_id, seed=3, opponent="greedy")
    assert area.session.seats[0] == "person"
    assert {p.viewer for p in area.parts if hasattr(p, "viewer")} == {0}
    assert area.board.last_view == area.session.state.view(0, with_log=False)
    assert area.board._note.value == ""  # no secrets shown, no warning
    assert area.session.state.current_player in (0, TERMINAL)  # the bots and dice before the person have moved
    assert area.board._viewer.options == (("Player 0", 0),)  # the person's table: their seat alone (issue 38)
    area.teacher = True  # a class's table: the teacher's / spectator's view says what it shows
    area.board.viewer = -1
    assert label("secrets_note", "en") in area.board._note.value.replace("&#x27;", "'")
    assert (label("everything", "en"), -1) in area.board._viewer.options
    area.lang = "zh"
    assert "教师" in area.board._note.value


def test_end_turn_passes_only_the_optional_phases_each_a_step():
    area = PlayArea("eternal_breath", seed=11, opponent="greedy")
    s = area.session
    assert person_to_move(area, want=lambda s: s.can_end_turn())
    game, before = s.game, s.node
    assert area.picker._end_turn.layout.display is None  # shown
    area.picker._end_turn.click()
    path = s.path()[len(s.path(before)) - 1:]
    steps = [(n.parent.state, n.action) for n in path[1:]]
    mine = [(st, a) for st, a in steps if st.current_player == 0]
    assert mine and all(a == game.turn_pass(st.data) for st, a in mine)  # every action taken for them: a pass
    assert all(st.is_legal(a) for st, a in steps)
    # it stopped at a choice of theirs that is no pass, or the turn is over and the bots answered
    assert (s.state.current_player in (0, TERMINAL) and not s.can_end_turn()) or s.turn_of(s.node) != s.turn_of(before)


def test_end_turn_refuses_where_nothing_is_optional():
    area = PlayArea("eternal_breath", seed=11, opponent="greedy")
    s = area.session
    assert person_to_move(area, want=lambda s: s.state.current_player == 0 and not s.can_end_turn())
    step = s.step
    assert not s.end_turn() and s.step == step and s.notice["key"] == "no_turn_pass"


def discard_table():
    area = PlayArea("eternal_breath", seed=11, opponent="greedy")
    assert person_to_move(area, limit=2000, want=lambda s: s.state.current_player == 0 and s.repeats())
    return area


def test_several_discards_at_once_are_checked_as_a_whole():
    area = discard_table()
    s = area.session
    state, node = s.state, s.node_id
    first = state.legal_actions()[0]
    after = state.apply(first)
    second = after.legal_actions()[0]
    # an action that is not legal after the first: refused, and nothing changes
    bogus = explorer.act("eternal_breath", "discard", 0, card="no_such_card")
    assert not s.choose_many([first, bogus]) and s.node_id == node and s.notice["key"] == "many_refused"
    assert not s.choose_many([]) and s.node_id == node
    picker = area.picker
    assert picker.many.layout.display is None
    picker.many._toggle.value = True
    picker.button_for(first).click()
    assert (s.node_id == node and picker.many.chosen == [first]) or s.step > state.history.__len__()
    if s.node_id == node:  # the list did not complete the decision yet: a second choice, then confirm
        picker.button_for(second).click()
        if s.node_id == node:
            picker.many._go.click()
        assert [n.action for n in s.path()][len(state.history) + 1:len(state.history) + 3] == [first, second]
    else:
        assert s.path()[len(state.history) + 1].action == first


def test_game_over_says_who_won_and_which_rule_ended_it():
    for game_id, players in smallest_tables():
        game = explorer.get_game(game_id)
        state = explorer.new_game(game_id, players, game.bounded_variant(players, {}))
        for s in explorer.play(state, {p: game.bots()["random"]() for p in range(players)}, seed=1):
            state = s
        assert state.current_player == TERMINAL
        text = game_over_html(state, "en", viewer=0)
        assert state.events[-1].clause in text
        sentence = text.split("re-ended-by'>")[1].split("<small")[0]  # the clause id is a tag, not in the sentence
        assert sentence.strip() and state.events[-1].clause not in sentence and "[" not in sentence
        assert all(f"Player {p}" in text for p in state.winners)
        assert "(you)" in text if 0 in state.winners else "(you)" not in text
        assert "游戏结束" in game_over_html(state, "zh")


def test_stepping_back_clears_the_notice():
    area = PlayArea("castle_heart", seed=4, opponent="greedy")
    s = area.session
    s.refuse("not_legal", what="x")
    assert area.picker._notice.value != "<span></span>"
    area.controls._back.click()
    assert s.notice_text("en") == "" and area.picker._notice.value == "<span></span>"


def test_an_impossible_player_count_is_explained_with_its_clause():
    area = PlayArea("eternal_breath", opponent="greedy")
    game = explorer.get_game("eternal_breath")
    area._players.value = 9
    assert area.players == area._players.value != 9
    msg = area._players_msg.value
    assert game.players_clause in msg and str(game.min_players) in msg and str(game.max_players) in msg
    area._players.value = 3
    assert area.players == 3 and area._players_msg.value == ""


def test_save_and_load_reopen_the_same_step_and_a_bad_file_changes_nothing():
    area = PlayArea("card_moba", seed=5, opponent="greedy")
    person_to_move(area, want=lambda s: s.step > 30)
    state = area.session.state
    text = state.to_json()
    other = PlayArea("castle_heart", seed=1, opponent="greedy")
    session = other.session
    for bad in ("{", text.replace('"players": 2', '"players": 9'), "[]"):
        assert not other.file.open_save(bad)
        assert other.session is session and "Refused" in other.file._msg.value
    assert other.file.open_save(text)
    assert other.session.state == state and other.game_id == "card_moba" and other.board.viewer == 0
    assert other.session.step == len(state.history) and other.controls._back.disabled is False
    start = other._start  # "Start from" names the opened game, in the page's language, until a new start is picked
    assert start.value == OPENED_KEY and start.label == OPENED["en"]
    other.lang = "zh"
    assert start.label == OPENED["zh"]
    loaded = other.session
    start.value = ""  # a new game of the same game: a new table, and the menu forgets the opened game
    assert other.session is not loaded and other.game_id == "card_moba"
    assert other.session.state != state and other.session.step < 5
    assert start.value == "" and OPENED_KEY not in dict(start.options).values()


def test_a_share_link_holds_the_actions_not_the_seed_and_reopens_the_step():
    area = PlayArea("eternal_breath", seed=918273645546372819, opponent="greedy")
    person_to_move(area, want=lambda s: s.step > 40)
    code = area.file.share_code()
    _start, history, scenario = from_link(code)
    assert history == list(area.session.state.history) and scenario == ""
    doc = _link_doc(code)
    assert sorted(doc) == ["g", "h", "n", "s", "v"] and str(area.session.seed) not in json.dumps(doc)
    assert code == link_code(area.session.state)
    other = PlayArea("castle_heart", opponent="greedy")
    assert other.file.open_link(code)
    assert other.session.state == area.session.state
    session = other.session
    assert not other.file.open_link(code[:-6]) and other.session is session
    area.file._share.click()
    assert f"?play={code}&amp;lang=en" in area.file._out.value and "seed" in area.file._out.value


def test_the_pages_query_string_names_the_code_and_a_known_language_only():
    code = link_code(explorer.new_game("castle_heart", 5))
    assert shared_link(f"play={code}&lang=zh") == (code, "zh")
    assert shared_link(f"lang=en&play={code}&x=1") == (code, "en")
    assert shared_link(f"play={code}&lang=fr") == (code, "")  # a language the app has not is ignored
    assert shared_link("") == shared_link("lang=") == ("", "")
    assert shared_link("&".join(f"k{i}=v" for i in range(50))) == ("", "")  # too many fields: no link at all
    assert shared_link() == ("", "")  # outside Voilà (this test) the page has no query string


def test_a_pre_heated_kernel_waits_for_the_pages_request_as_voila_sends_it(monkeypatch):
    """Voilà's pre-heated kernel reads its page's query string from the server's ``voila/query/<kernel id>``
    websocket (table_file.page_query, as voila.utils.get_query_string does, without importing voila): a
    stand-in for that socket sends the request info; the query string comes back and is in the environment. A
    kernel started for its page reads QUERY_STRING alone, and no server answering means no query string."""
    import asyncio
    import threading

    import websockets
    from voila_server import free_port

    from widgets.components.table_file import page_query

    port, asked = free_port(), []

    async def serve(socket):
        asked.append(socket.request.path)
        await socket.send(json.dumps({"QUERY_STRING": "play=abc&lang=zh", "SCRIPT_NAME": "/"}))

    async def server(ready, stop):
        async with websockets.serve(serve, "127.0.0.1", port):
            ready.set()
            await stop

    loop = asyncio.new_event_loop()
    ready, stop = threading.Event(), loop.create_future()
    thread = threading.Thread(target=lambda: loop.run_until_complete(server(ready, stop)))
    thread.start()
    ready.wait(10)
    for key, value in {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_SERVER_URL": "/app/",
                       "VOILA_KERNEL_ID": "k-1"}.items():
        monkeypatch.setenv(key, value)
    for key in ("QUERY_STRING", "SCRIPT_NAME", "VOILA_WS_BASE_URL"):  # set by page_query: put back after the test
        monkeypatch.setenv(key, "")
        monkeypatch.delenv(key)
    try:
        assert page_query() == "play=abc&lang=zh" and asked == ["/app/voila/query/k-1"]
        assert os.environ["SCRIPT_NAME"] == "/"
    finally:
        loop.call_soon_threadsafe(stop.set_result, None)
        thread.join(10)
    monkeypatch.setenv("VOILA_APP_PORT", str(free_port()))  # nobody listens there
    monkeypatch.delenv("QUERY_STRING")
    assert page_query() == ""
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "lang=en")
    assert page_query() == "lang=en"


def _packed(doc) -> str:
    """A code packed as ``link_code`` packs one, from any JSON value (a forged code)."""
    raw = json.dumps(doc).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_forged_or_broken_code_is_refused_with_the_reason_and_changes_nothing(lang):
    area = PlayArea("eternal_breath", seed=3, opponent="greedy")
    person_to_move(area, want=lambda s: s.step > 12)
    code = area.file.share_code()
    good = _link_doc(code)
    wrong_turn = [[k, (p + 1) % 2, q] for k, p, q in good["h"]]  # every action by the other seat
    forged = [
        "", "x" * 400_001, "!!!not base64!!!", code[: len(code) // 2],  # cut short
        _packed([1, 2]), _packed({**good, "extra": 1}), _packed({**good, "g": "chess"}),
        _packed({**good, "n": 99}), _packed({**good, "n": True}), _packed({**good, "s": "no_such_scenario"}),
        _packed({**good, "v": {"no_such_switch": 1}}), _packed({**good, "h": "all of it"}),
        _packed({**good, "h": [["attack", 0]]}), _packed({**good, "h": wrong_turn}),
        _packed({**good, "h": [*good["h"], good["h"][-1]]}),  # one action too many: not legal then
        base64.urlsafe_b64encode(zlib.compress(b"[" * 100_000)).decode(),  # nested too deeply
        base64.urlsafe_b64encode(zlib.compress(b" " * 9_000_000)).decode(),  # inflates past any game
    ]
    area.lang = lang
    session, step, state, board = area.session, area.session.step, area.session.state, area.board
    refused = "已拒绝，未作任何改动" if lang == "zh" else "Refused, nothing changed"
    for code in forged:
        area.file._msg.value = ""
        assert not area.file.open_link(code), code[:40]
        assert refused in area.file._msg.value and "[" in area.file._msg.value, code[:40]
        said = re.sub("<[^>]+>", "", area.file._msg.value).split("]", 1)[1]  # after the field's name
        if lang == "zh":  # 中文: the reason in 中文 (ids and values as they are), no English sentence left
            assert re.search("[\u4e00-\u9fff]", said) and not re.search("[A-Za-z]+ [A-Za-z]+ [A-Za-z]+", said), said
        else:
            assert re.search("[A-Za-z]+ [A-Za-z]+", said), said
        assert area.session is session and session.step == step and session.state == state and area.board is board
    assert area.file.open_link(_packed(good)) and area.session.state == session.state  # the real one opens


def test_each_games_turn_pass_is_a_legal_pass_or_none():
    kinds = PerGame(eternal_breath={"done", "pass", "end_play"}, card_moba={"end"},
                    castle_heart={"end_play", "end_deploy"})
    for game_id, players in smallest_tables():
        game = explorer.get_game(game_id)
        state = explorer.new_game(game_id, players, game.bounded_variant(players, {}))
        seen = set()
        for s in explorer.play(state, {p: game.bots()["greedy"]() for p in range(players)}, seed=2):
            if s.current_player in (CHANCE, TERMINAL):
                continue
            a = game.turn_pass(s.data)
            if a is not None:
                assert s.is_legal(a) and a.kind in kinds[game_id] and a.player == s.current_player
                seen.add(a.kind)
            else:
                assert not any(x.kind in ("end_play", "end") for x in s.legal_actions()) or game_id == "eternal_breath"
        assert seen


def test_the_autoplay_box_shows_what_the_session_does():
    """A new table turns autoplay on after its parts are made: the checkbox must say so, or unticking it (as a
    person, or a browser test, does) changes nothing and the bots play on."""
    from widgets.play.play_area import PlayArea

    area = PlayArea("eternal_breath", opponent="greedy")
    assert area.session.autoplay and area.bots_seat._auto.value
    area.scenario = "combat_ready"
    assert area.session.autoplay and area.bots_seat._auto.value
    area.bots_seat._auto.value = False  # the person unticks it
    assert not area.session.autoplay


@pytest.mark.parametrize("game_id", games())
def test_every_games_table_shows_the_teachers_warning(game_id):
    """Each game's board lays out its own children; the secrets note must be among them, so the teacher's view
    warns on every table (a board that left it out showed every secret with no warning)."""
    from widgets.play.play_area import PlayArea

    board = PlayArea(game_id, teacher=True, opponent="greedy").board
    assert board._note in board.children and board._note.value == ""
    board.viewer = -1
    assert board._note in board.children and "Teacher" in board._note.value


@pytest.mark.parametrize("scenario", [False, True])
def test_the_autoplay_box_is_made_checked_and_stays_as_the_person_sets_it(monkeypatch, scenario):
    """The seat menus' "bots play on their turn" box is made with the table's setting (on), not switched on after
    the table is sent: a page showed it off for a moment, a browser test unchecked it then, and the late switch
    turned it back on, so the bots played the person's attack on."""
    from ipywidgets import Checkbox

    made = []
    real = Checkbox.__init__

    def record(self, *args, **kwargs):
        real(self, *args, **kwargs)
        made.append(self)
        self.re_values = [self.value]
        self.observe(lambda change: self.re_values.append(change["new"]), "value")

    monkeypatch.setattr(Checkbox, "__init__", record)
    area = PlayArea("eternal_breath", seed=5, opponent="greedy")
    if scenario:
        made.clear()
        area._start.value = area._start.options[1][1]
    box = area.bots_seat._auto
    assert box in made and box.re_values == [True]  # made checked, never changed
    box.value = False  # the person unchecks it: the session follows
    assert area.session.autoplay is False


@pytest.mark.parametrize("game_id", GAMES)
def test_new_game_rematch_and_resign_at_the_table(game_id):
    """Issue 31 point 2: New game, Rematch and Resign in both languages; Resign ends the table's game (a choice of
    the table, not a rule: the engine's state is untouched) and nothing plays on; a finished game offers New game
    and Rematch and no Resign; Rematch keeps the start and the seats, New game goes back to a new game."""
    area = PlayArea(game_id, opponent="greedy")
    scenario = next(iter(explorer.get_game(game_id).scenarios()))
    area.scenario = scenario
    area.session.seats = {**area.session.seats, 1: "random"}
    person_to_move(area, want=lambda s: s.state.current_player == 0 and s.step > 0)
    before, seed = area.session.state, area.session.seed
    assert area._resign.layout.display is None
    area._resign.click()
    assert area.session.resigned == 0 and area.session.state == before
    assert "re-resigned" in area.picker._who.value and area.picker.buttons == []
    assert area._resign.layout.display == "none" and area._new_game.layout.display is None
    assert not area.session.choose(before.legal_actions()[0]) and area.session.state == before
    assert area.session.notice_text("en").startswith("Refused: Player 0 resigned")
    assert area.session.run_bots() == 0 and not area.session.resign(0)  # nobody plays on; no second resign
    area._rematch.click()
    assert area.scenario == scenario and area.session.state == area.session.start  # the scenario's first step
    assert area.session.seats[1] == "random" and area.session.resigned == -1 and area.session.seed != seed
    area.lang = "zh"
    assert (area._new_game.description, area._rematch.description, area._resign.description) == (
        "新游戏", "再来一局", "认输")
    area.session.resign(0)
    assert "认输" in area.picker._who.value and "Player" not in area.picker._who.value
    area._new_game.click()
    assert area.scenario == "" and area.session.start is None and area.session.resigned == -1


def test_a_finished_game_offers_new_game_and_rematch_not_resign():
    area = PlayArea("eternal_breath", seed=5, opponent="greedy")
    area.session.seats = {0: "random", 1: "random"}
    area.session.run_bots(limit=5000)
    assert area.session.state.is_terminal
    assert area._resign.layout.display == "none" and area._rematch.layout.display is None
    assert not area.session.resign(0) and area.session.notice_text("en").startswith("Refused: only a person")
    assert area._table_choices in area._table.children[:2]  # right under the game over: offered at once
    old = area.session
    area._rematch.click()  # the same seats: the two bots play the new game through at once
    assert area.session is not old and area.session.seats == {0: "random", 1: "random"}
    assert area.session.state.is_terminal and area._resign.layout.display == "none"


def _at_chance_with_secrets(game_id: str, players: int) -> explorer.State:
    """A game of random bots stopped at a chance node, once another seat has had a private event."""
    import random

    game = explorer.get_game(game_id)
    state = explorer.new_game(game_id, players, game.bounded_variant(players))
    rng, bot = random.Random(2), explorer.RandomBot()
    for _ in range(3000):
        if state.is_terminal:
            break
        secret = any(e.private_to is not None and not e.visible_to(0) for e in state.log)
        if secret and state.current_player == CHANCE and len(state.chance_outcomes()) > 1:
            return state
        state = state.apply(explorer.sample_chance(state.chance_outcomes(), rng) if state.current_player == CHANCE
                            else bot.choose(state, rng))
    raise AssertionError("no chance node after a secret")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_opened_from_a_link_sends_only_the_persons_view(game_id, monkeypatch):
    """Issue 38 point 5: on Load, a link or a scenario, parts of the table were first drawn in the teacher's view,
    and that first draw reached the browser (a chance node's outcomes with their odds; other seats' draws). Every
    widget state opened and every message sent while the table is built is recorded: none holds a secret."""
    import ipywidgets as ipw

    area = PlayArea(game_id, seed=3, opponent="greedy")
    state = _at_chance_with_secrets(game_id, area.players)
    hidden = [e.describe(lang) for e in state.log if not e.visible_to(0) for lang in ("en", "zh")]
    odds = [f"({float(p) * 100:.2f} %)" for _, p in state.chance_outcomes()]
    wire: list[str] = []
    real_open, real_send = ipw.Widget.open, ipw.Widget._send

    def opened(widget):
        real_open(widget)
        wire.append(json.dumps(widget.get_state(), default=str, ensure_ascii=False))

    def sent(widget, msg, buffers=None):
        wire.append(json.dumps(msg, default=str, ensure_ascii=False))
        return real_send(widget, msg, buffers)

    monkeypatch.setattr(ipw.Widget, "open", opened)
    monkeypatch.setattr(ipw.Widget, "_send", sent)
    area.file.open_link(link_code(state))
    assert area.session.state == state and len(wire) > 50
    text = "\n".join(wire)
    assert not [h for h in hidden if h in text], "another seat's secret reached the browser"
    assert not [o for o in odds if o in text], "a chance node's odds reached the browser in the person's view"
    area.teacher = True  # the teacher's view, chosen on purpose, does show them: the check can see a leak
    area.board.viewer = -1
    assert any(o in "\n".join(wire) for o in odds) or any(h in "\n".join(wire) for h in hidden)
