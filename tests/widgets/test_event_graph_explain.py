"""The event chain view beyond step / turn (issue 15): around an event, the game by turn, two readings
compared, downloads (HTML offline, GraphML, JSON) and an empty scope that says what to do."""

from __future__ import annotations

import base64
import html
import json
import re

import networkx as nx
import pytest
import traitlets

import explorer
from explorer.event_scopes import compare_logs, summary_graph
from explorer.games.card_moba.scenarios import poisoned_with_shield
from widgets.event_graph.figure import period_key
from widgets.event_graph.layout import spec_boxes as boxes
from widgets.event_graph.view import EventGraphView
from widgets.i18n import label
from widgets.play.game_session import GameSession


def played(start, moves=4) -> GameSession:
    """A session from ``start`` with the first legal move taken ``moves`` times (no bots, no autoplay)."""
    s = GameSession(start.game_id, start.players, start=start, seed=1)
    for _ in range(moves):
        if s.state.is_terminal:
            break
        s.choose(s.state.legal_actions()[0])
    return s


def test_an_empty_scope_says_what_to_do_in_both_languages():
    s = GameSession("card_moba", 2, seed=1)
    view = EventGraphView(s, scope="step")
    assert not view.graph and label("no_events", "en") in view._hint.value
    assert all(b.disabled for b in view._exports)
    view.lang = "zh"
    assert label("no_events", "zh") in view._hint.value


def test_around_is_the_chosen_events_ancestors_and_descendants():
    s = played(poisoned_with_shield(), 1)
    view = EventGraphView(s, scope="around")
    full = explorer.event_graph(s.state.log, texts=False)
    last = s.state.log[-1].id
    assert set(view.graph) == nx.ancestors(full, last) | nx.descendants(full, last) | {last}
    hit = next(e.id for e in s.state.log if e.kind == "damage" and e.clause == "MB-event-DS")
    view.why_event = hit                    # the person picks the poison's damage: the view centres on it
    assert set(view.graph) == nx.ancestors(full, hit) | nx.descendants(full, hit) | {hit}
    assert {"mark": "chain", "word": label("why_chain", "en")} in view.spec["marks"]
    with pytest.raises(traitlets.TraitError):
        view.scope = "everything"


def test_the_game_by_turn_counts_every_event_once():
    s = played(poisoned_with_shield(), 6)
    view = EventGraphView(s, scope="summary")
    log = s.state.log
    assert sum(d["events"] for _, d in view.summary.nodes(data=True)) == len(log)
    assert view.summary.number_of_nodes() == len({period_key(s.turn_of(n.parent)) for n in s.path()[1:]}) + 1  # + start
    turns = next(t for t in view.spec["data"] if t.get("mode") == "markers+text")
    assert len(turns["x"]) == len(view.summary) and all("(" in t for t in turns["text"])
    assert summary_graph(log).number_of_nodes() >= 2
    view.lang = "zh"
    turns = next(t for t in view.spec["data"] if t.get("mode") == "markers+text")
    assert any("轮" in t or "开局" in t for t in turns["text"])


def test_two_readings_of_the_shield_side_by_side():
    """MB-A28: the same moves, the shield lasting until the holder's next turn or for the game."""
    s = played(poisoned_with_shield(), 1)
    view = EventGraphView(s, scope="turn")
    panel = view.compare_panel
    assert panel._switch.value == next(iter(panel.switches())) and panel._a.value != panel._b.value  # ready to click
    panel.choose("shield_lasts", "next_turn", "game")
    panel.compare()
    a, b = panel.specs
    only_a, only_b = panel.changed
    kinds_a = {e.kind for e in s.state.log if e.id in only_a}
    assert "shield expires" in kinds_a and only_b
    ringed = [sorted(b["id"] for b in boxes(spec) if b["changed"]) for spec in (a, b)]
    assert ringed == [sorted(only_a), sorted(only_b)]
    assert all({"mark": "changed", "word": "differs in the other reading"} in spec["marks"] for spec in (a, b))
    assert [out.spec for out in panel.outs] == [a, b]
    assert "ringed in red" in panel._note.value
    mine = explorer.visible_log(s.state.log[len(s.root.state.log):], None)
    assert compare_logs(mine, mine) == (set(), set())
    with pytest.raises(ValueError):
        panel.choose("shield_lasts", "next_turn", "forever")


def test_the_compare_menus_name_switches_and_readings_in_the_page_language():
    """Issues 14/15: the menus show each switch's label and each value's reading in the page's language (English
    without Chinese, 中文 without Latin letters), never the engine's identifiers; the menus' values stay the
    switch's name and the value's text, the choice survives a change of language, and the two graphs' titles
    and the note name the readings too."""
    s = played(poisoned_with_shield(), 1)
    view = EventGraphView(s, scope="turn")
    panel = view.compare_panel
    shield = panel.switches()["shield_lasts"][0]
    panel.choose("shield_lasts", "game", "next_turn")
    for lang, other in (("en", r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]"), ("zh", r"[A-Za-z]"),
                        ("en", r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")):
        view.lang = lang
        shown = [text for menu in (panel._switch, panel._a, panel._b) for text, _ in menu.options]
        assert shown and not [t for t in shown if re.search(other, t)], (lang, shown)
        assert not [t for t in shown if "_" in t], shown  # no switch name, no raw value like next_turn
        assert dict(panel._switch.options)[shield.label(lang)] == "shield_lasts"
        assert [value for _, value in panel._a.options] == ["next_turn", "game"]
        assert (panel._switch.value, panel._a.value, panel._b.value) == ("shield_lasts", "game", "next_turn")
        assert panel._a.label == shield.value_label("game", lang)
        panel.compare()
        titles = [spec["heading"] for spec in panel.specs]
        note = html.unescape(panel._note.value)
        assert titles == [[shield.label(lang), shield.value_label(v, lang)] for v in ("game", "next_turn")]
        assert shield.value_label("game", lang) in note and "shield_lasts" not in note
        assert not re.search(other, note) and not re.search(other, " ".join(t for pair in titles for t in pair))
    with pytest.raises(traitlets.TraitError):  # a value no menu offers, as a forged browser message would send
        panel._a.value = "sample"
    panel._a.value = "next_turn"  # the menu's value is the value's text, read back as the register's value
    assert panel._value(panel._a.value) == "next_turn"


@pytest.mark.parametrize("fmt", ["graphml", "json", "html"])
def test_each_download_holds_the_chain(fmt):
    s = played(poisoned_with_shield(), 1)
    view = EventGraphView(s, scope="step")
    view.offer_download(fmt)
    link = view._download.value
    assert f'download="event-chain-card_moba-step.{fmt}"' in link
    data = base64.b64decode(re.search(r"base64,([^\"]+)", link).group(1)).decode("utf-8")
    if fmt == "json":
        nodes = {n["id"] for n in json.loads(data)["nodes"]}
        assert nodes == set(view.drawn)
    elif fmt == "graphml":
        assert "<graphml" in data and "MB-event-DS" in data
    else:
        assert "<script src=" not in data and "function reChainDraw" in data and "MB-event-DS" in data
    with pytest.raises(ValueError):
        view.offer_download("pdf")


def test_the_summary_exports_one_node_per_turn(tmp_path):
    s = played(poisoned_with_shield(), 6)
    view = EventGraphView(s, scope="summary")
    g = nx.read_graphml(view.export_graph(tmp_path / "turns.graphml"))
    assert g.number_of_nodes() == len(view.summary)
    assert sum(d["events"] for _, d in g.nodes(data=True)) == len(s.state.log)
