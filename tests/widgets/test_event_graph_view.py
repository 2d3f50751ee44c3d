"""EventGraphView: the networkx graph of explorer.event_graph drawn as a chain of boxes (issue 30)."""

from __future__ import annotations

import pytest
import traitlets
from widget_helpers import CANCELLED_DODGE, script, toy_session

from widgets.event_graph.layout import spec_boxes as boxes
from widgets.event_graph.view import EventGraphView
from widgets.i18n import event_kind_name, label


def test_graph_is_the_engines_event_graph_drawn_as_boxes_in_resolution_order():
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    g = view.graph
    assert set(g.nodes) == {e.id for e in s.state.log}
    assert set(g.edges) == {(e.cause, e.id) for e in s.state.log if e.cause is not None}
    assert g.number_of_edges() >= 3  # attack → roll, attack → dodge, attack → damage
    drawn = {b["id"]: b for b in boxes(view.spec)}
    assert set(drawn) == set(g.nodes) and view.picture.spec == view.spec
    for e in s.state.log:
        box = drawn[e.id]
        assert box["text"].startswith(e.describe("en")) and box["clause"] == e.clause  # whole, never cut
        assert box["colour"] == view.colours[e.kind] and box["cancelled"] == e.cancelled
        assert box["depth"] == (drawn[e.cause]["depth"] + 1 if e.cause is not None else 0)
    for block in view.spec["blocks"]:  # each chain read top to bottom in resolution order
        ids = [b["id"] for b in boxes({"blocks": [block]})]
        assert ids == sorted(ids)
    damage = next(e for e in s.state.log if e.kind == "damage")
    assert drawn[damage.id]["cancelled"] and drawn[damage.id]["kind"] == "Damage"
    assert len({view.colours[e.kind] for e in s.state.log}) == len({e.kind for e in s.state.log})
    assert not view._out.outputs  # the chain is not a plotly chart


def test_scopes_follow_the_session_and_bad_values_are_refused():
    s = toy_session()
    view = EventGraphView(s, scope="step")
    assert len(view.graph) == 0
    script(s, *CANCELLED_DODGE)
    assert set(view.graph.nodes) == {e.id for e in s.state.events}
    # the step's cancelled damage is drawn with the attack that caused it, steps earlier, in grey above it
    damage = s.state.events[0]
    attack = next(e for e in s.state.log if e.kind == "attack")
    assert damage.cause == attack.id and [e.id for e in view.context] == [attack.id]
    assert (attack.id, damage.id) in view.drawn.edges
    order = [b["id"] for b in boxes(view.spec)]
    context = [b["id"] for b in boxes(view.spec) if b["context"]]
    assert context == [attack.id] and order.index(attack.id) < order.index(damage.id)
    view._scope.value = "turn"
    assert set(view.graph.nodes) == {e.id for e in s.state.log}
    with pytest.raises(traitlets.TraitError):
        view.scope = "forever"
    with pytest.raises(traitlets.TraitError):
        view.viewer = 7


def test_export_html_is_a_standalone_page(tmp_path):
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    path = view.export_html(tmp_path / "chain.html")
    text = path.read_text(encoding="utf-8")
    assert text.lstrip().lower().startswith("<!doctype html>") and "TOY-dodge" in text
    assert "<script src=" not in text and "function reChainDraw" in text  # its own drawing inside: offline
    view.scope = "summary"
    page = view.export_html(tmp_path / "turns.html").read_text(encoding="utf-8")
    assert '<script src="http' not in page and len(page) > 1_000_000  # the game by turn: plotly.js inside


def test_a_hidden_graph_is_drawn_when_shown_and_matches_one_drawn_all_along():
    s = toy_session(seed=3)
    live = EventGraphView(s, scope="turn")
    hidden = EventGraphView(s, scope="turn", shown=False)
    assert hidden.spec == {} and hidden.picture.spec == {}  # nothing built while off screen
    script(s, *CANCELLED_DODGE)
    assert hidden.spec == {}
    hidden.lang, hidden.viewer = "zh", 0  # a setting changed off screen waits too (the app's tab is closed)
    hidden.lang, hidden.viewer = "en", -1
    assert hidden.spec == {} and hidden.picture.spec == {}
    hidden.shown = True
    assert hidden.spec == live.spec and set(hidden.graph.nodes) == set(live.graph.nodes) != set()
    assert hidden.picture.spec == live.picture.spec


def test_the_view_is_made_without_plotly_io_and_the_game_by_turn_is_plotly_json():
    import json
    import subprocess
    import sys

    code = ("import sys; sys.path[:0] = ['tests', 'tests/widgets']; import conftest, widget_helpers as h\n"
            "from widgets.event_graph.view import EventGraphView\n"
            "s = h.toy_session(seed=3); h.script(s, *h.CANCELLED_DODGE); v = EventGraphView(s)\n"
            "v.scope = 'summary'\n"
            "print(sorted(m for m in ('plotly.io', 'nbformat', 'jsonschema') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1].replace("'", '"')) == []
    s = toy_session(seed=3)
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="summary")
    bundle = view._out.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert json.loads(json.dumps(bundle)) == bundle and bundle["data"] == view.spec["data"]
    assert view.picture.layout.display == "none" and view._out.layout.display is None
    view.scope = "turn"
    assert view.picture.layout.display is None and view._out.layout.display == "none"
    assert json.loads(json.dumps(view.picture.spec)) == view.picture.spec  # plain JSON for the browser


def test_edges_are_styled_by_relation_with_a_legend_and_read_as_sentences():
    """The toy dodge cancels the attack (TOY-dodge): a 'cancels' edge, named in the legend in both languages,
    whose hover reads "#damage … cancels #attack … — Clause TOY-dodge"."""
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    attack = next(e for e in s.state.log if e.kind == "attack")
    damage = next(e for e in s.state.log if e.kind == "damage")
    assert view.graph.edges[attack.id, damage.id]["relation"] == "cancels"
    legend = {item["relation"]: item for item in view.spec["legend"]}
    assert set(legend) == {"causes", "cancels"} and legend["cancels"]["dash"] == "dash"
    (cancels,) = [e for e in view.spec["edges"] if e["relation"] == "cancels"]
    assert (cancels["from"], cancels["to"]) == (attack.id, damage.id)
    assert cancels["title"].startswith(f"#{damage.id} ") and f" cancels #{attack.id} " in cancels["title"]
    assert "TOY-dodge" in cancels["title"]
    assert {(e["from"], e["to"]) for e in view.spec["edges"]} == set(view.drawn.edges)
    view.lang = "zh"
    assert {item["word"] for item in view.spec["legend"]} == {"导致", "抵消"}


def test_why_rings_the_chain_from_the_root_cause_and_reads_it_out():
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    damage = next(e for e in s.state.log if e.kind == "damage")
    view._pick.value = damage.id                      # as a person picks it in the menu
    chain = view.chain()
    assert chain[-1].id == damage.id and chain[0].kind == "attack"
    ringed = [b["id"] for b in boxes(view.spec) if b["chain"]]
    assert ringed == [e.id for e in chain]
    assert any(e["on_chain"] for e in view.spec["edges"])
    assert {m["mark"] for m in view.spec["marks"]} == {"chain"}
    assert "TOY-dodge" in view._why.value and view._why.value.count("<li>") == len(chain)
    with pytest.raises(traitlets.TraitError):
        view.why_event = 999                          # a value from the browser that is no event here
    assert view.why_event == damage.id
    view.scope = "step"                               # the event leaves the scope: the chain is cleared
    assert view.why_event in (-1, damage.id) and (view.why_event == -1 or damage.id in view.graph)


def test_the_why_menu_names_each_event_whole_as_its_box_tag_does():
    """Issue 30: a menu entry is never cut with "…": the event's id, kind and clause (its box's tag line)."""
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    named = {v: t for t, v in view._pick.options}
    drawn = {b["id"]: b for b in boxes(view.spec)}
    for e in s.state.log:
        assert named[e.id] == f"#{e.id} {drawn[e.id]['kind']} · {e.clause}" and len(named[e.id]) < 40
    view.lang = "zh"
    first = s.state.log[0]
    assert {t for t, v in view._pick.options if v == first.id} == {
        f"#{first.id} {event_kind_name(first.game, first.kind, 'zh')} · {first.clause}"}


def test_a_click_on_an_event_picks_it_and_a_forged_click_changes_nothing():
    """The browser's click message (widgets.event_graph.picture) goes through the real widget message path."""
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    damage = next(e for e in s.state.log if e.kind == "damage")

    def click(content):
        view.picture._handle_custom_msg(content, [])  # what ipywidgets does with the browser's model.send

    click({"event": damage.id})
    assert view.why_event == damage.id and view._pick.value == damage.id
    assert view.chain()[-1].id == damage.id and view._why.value.count("<li>") == len(view.chain())
    shown = (view.why_event, view._pick.value, view._why.value)
    for forged in ({"event": 999}, {"event": "1"}, {"event": True}, {"event": None}, {}, ["event", 1], "x"):
        click(forged)
        assert (view.why_event, view._pick.value, view._why.value) == shown, forged
    view.scope = "summary"                            # a turn of the summary is no event: ignored
    click({"event": damage.id})
    assert view.scope == "summary" and not view._why.value
    view.scope = "around"                             # around: the clicked event becomes the centre
    attack = next(e for e in s.state.log if e.kind == "attack")
    click({"event": attack.id})
    assert view.why_event == attack.id and attack.id in view.graph and view._pick.value == attack.id


def test_the_graph_exports_as_graphml_and_json(tmp_path):
    import json

    import networkx as nx

    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    g = nx.read_graphml(view.export_graph(tmp_path / "chain.graphml"))
    assert g.number_of_nodes() == len(s.state.log) and g.number_of_edges() == view.drawn.number_of_edges()
    assert {d["relation"] for _, _, d in g.edges(data=True)} == {"causes", "cancels"}
    data = json.loads(view.export_graph(tmp_path / "chain.json").read_text(encoding="utf-8"))
    assert len(data["nodes"]) == len(s.state.log) and all(n["text_zh"] for n in data["nodes"])
    with pytest.raises(ValueError):
        view.export_graph(tmp_path / "chain.png")


def test_an_empty_graph_says_what_to_do_once():
    view = EventGraphView(toy_session(), scope="step")
    assert "take a step" in view._hint.value and "take a step" in view.spec["empty"]
    assert view.picture.layout.display == "none"  # the hint says it: the picture does not say it again
    view.lang = "zh"
    assert label("no_events", "zh") in view._hint.value
