"""EventGraphView: the networkx graph of explorer.event_graph, left to right, coloured by kind."""

from __future__ import annotations

import pytest
import traitlets
from widget_helpers import CANCELLED_DODGE, script, toy_session

from widgets.event_graph_view import EventGraphView


def test_graph_is_the_engines_event_graph_laid_out_in_resolution_order():
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    g = view.graph
    assert set(g.nodes) == {e.id for e in s.state.log}
    assert set(g.edges) == {(e.cause, e.id) for e in s.state.log if e.cause is not None}
    assert g.number_of_edges() >= 3  # attack → roll, attack → dodge, attack → damage
    points = {}
    for trace in view.figure.data:
        if trace.mode == "markers+text":
            assert trace.marker.color == view.colours[trace.legendgroup]
            for x, text, (eid, clause) in zip(trace.x, trace.text, trace.customdata, strict=True):
                points[int(eid)] = (x, clause)
                assert not text.startswith("#") and len(text) <= 22   # a short text a person reads
    order = [e.id for e in s.state.log]
    assert [points[i][0] for i in order] == sorted(points[i][0] for i in order)  # left → right
    assert {i: c for i, (_, c) in points.items()} == {e.id: e.clause for e in s.state.log}
    kinds = {t.legendgroup for t in view.figure.data if t.mode == "markers+text"}
    assert kinds == {e.kind for e in s.state.log}
    assert len({view.colours[k] for k in kinds}) == len(kinds)  # one colour per kind
    damage = next(t for t in view.figure.data if t.legendgroup == "damage")
    assert "x" in damage.marker.symbol  # the cancelled damage
    assert any("TOY-dodge" in h for h in damage.hovertext)
    bundle = view._out.outputs[0]["data"]
    assert "application/vnd.plotly.v1+json" in bundle


def test_scopes_follow_the_session_and_bad_values_are_refused():
    s = toy_session()
    view = EventGraphView(s, scope="step")
    assert len(view.graph) == 0
    script(s, *CANCELLED_DODGE)
    assert set(view.graph.nodes) == {e.id for e in s.state.events}
    # the step's cancelled damage is drawn with the attack that caused it, steps earlier, in grey
    damage = s.state.events[0]
    attack = next(e for e in s.state.log if e.kind == "attack")
    assert damage.cause == attack.id and [e.id for e in view.context] == [attack.id]
    assert (attack.id, damage.id) in view.drawn.edges
    grey = next(t for t in view.figure.data if t.name == "earlier cause")
    assert [int(i) for i, _ in grey.customdata] == [attack.id] and grey.x[0] < min(
        x for t in view.figure.data if t.legendgroup == "damage" for x in t.x)
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
    assert '<script src="http' not in text and len(text) > 1_000_000  # plotly.js inside: works offline


def test_a_hidden_graph_is_drawn_when_shown_and_matches_one_drawn_all_along():
    s = toy_session(seed=3)
    live = EventGraphView(s, scope="turn")
    hidden = EventGraphView(s, scope="turn", shown=False)
    assert hidden.spec == {} and not hidden._out.outputs  # nothing built while off screen
    script(s, *CANCELLED_DODGE)
    assert hidden.spec == {}
    hidden.lang, hidden.viewer = "zh", 0  # a setting changed off screen waits too (the app's tab is closed)
    hidden.lang, hidden.viewer = "en", -1
    assert hidden.spec == {} and not hidden._out.outputs
    hidden.shown = True
    assert hidden.spec == live.spec and set(hidden.graph.nodes) == set(live.graph.nodes) != set()
    assert hidden._out.outputs[0]["data"] == live._out.outputs[0]["data"]


def test_the_bundle_is_plotly_json_made_without_plotly_io():
    import json
    import subprocess
    import sys

    code = ("import sys; sys.path[:0] = ['tests', 'tests/widgets']; import conftest, widget_helpers as h\n"
            "from widgets.event_graph_view import EventGraphView\n"
            "s = h.toy_session(seed=3); h.script(s, *h.CANCELLED_DODGE); v = EventGraphView(s)\n"
            "print(sorted(m for m in ('plotly.io', 'nbformat', 'jsonschema') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1].replace("'", '"')) == []
    s = toy_session(seed=3)
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s)
    bundle = view._out.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert json.loads(json.dumps(bundle)) == bundle and bundle["data"] == view.spec["data"]
    assert {t.get("legendgroup") for t in bundle["data"] if t.get("mode") == "markers+text"} >= {"attack", "damage"}


def test_edges_are_styled_by_relation_with_a_legend_and_read_as_sentences():
    """The toy dodge cancels the attack (TOY-dodge): a red dashed 'cancels' edge, named in the legend in both
    languages, whose hover reads "#damage … cancels #attack … — Clause TOY-dodge"."""
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    attack = next(e for e in s.state.log if e.kind == "attack")
    damage = next(e for e in s.state.log if e.kind == "damage")
    assert view.graph.edges[attack.id, damage.id]["relation"] == "cancels"
    lines = {t.name: t for t in view.figure.data if t.mode == "lines"}
    assert set(lines) == {"causes", "cancels"} and lines["cancels"].line.dash == "dash"
    hover = [h for t in view.figure.data if t.mode == "markers" and t.hovertext for h in t.hovertext]
    assert any(h.startswith(f"#{damage.id} ") and f" cancels #{attack.id} " in h and "TOY-dodge" in h
               for h in hover)
    view.lang = "zh"
    assert {t.name for t in view.figure.data if t.mode == "lines"} == {"导致", "抵消"}


def test_why_rings_the_chain_from_the_root_cause_and_reads_it_out():
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    damage = next(e for e in s.state.log if e.kind == "damage")
    view._pick.value = damage.id                      # as a person picks it in the menu
    chain = view.chain()
    assert chain[-1].id == damage.id and chain[0].kind == "attack"
    ring = next(t for t in view.figure.data if t.name == "why? chain")
    assert len(ring.x) == len(chain)
    assert "TOY-dodge" in view._why.value and view._why.value.count("<li>") == len(chain)
    with pytest.raises(traitlets.TraitError):
        view.why_event = 999                          # a value from the browser that is no event here
    assert view.why_event == damage.id
    view.scope = "step"                               # the event leaves the scope: the chain is cleared
    assert view.why_event in (-1, damage.id) and (view.why_event == -1 or damage.id in view.graph)



def test_a_click_on_an_event_picks_it_and_a_forged_click_changes_nothing():
    """The browser's click message (widgets.graph_click) goes through the real widget message path."""
    s = toy_session()
    script(s, *CANCELLED_DODGE)
    view = EventGraphView(s, scope="game")
    damage = next(e for e in s.state.log if e.kind == "damage")

    def click(content):
        view._clicks._handle_custom_msg(content, [])  # what ipywidgets does with the browser's model.send

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


def test_an_empty_graph_says_what_to_do():
    view = EventGraphView(toy_session(), scope="step")
    note = view.spec["layout"]["annotations"][0]["text"]
    assert "take a step" in note
