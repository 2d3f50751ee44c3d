"""Where the app's notebook runs decides whether its check cell runs (issue 18): under nbval and in a person's own
JupyterLab it checks the page; in a visitor's page (a Voilà server's kernel, or the static site on Pyodide) it does
not, so a page sends its browser the app's widgets only."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from widgets.app.page import served_to_a_visitor

APP = Path(__file__).resolve().parents[2] / "notebooks" / "app.ipynb"


@pytest.mark.parametrize(("env", "platform", "visitor"), [
    ({}, "linux", False),                       # nbval, JupyterLab
    ({"VOILA_BASE_URL": "/"}, "linux", True),   # make app, Binder's /voila/render (pre-heated kernels too)
    ({}, "emscripten", True),                   # the static site (voici on Pyodide)
])
def test_a_visitors_page_is_told_apart(monkeypatch, env, platform, visitor):
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(sys, "platform", platform)
    assert served_to_a_visitor() is visitor


RUN_THE_APP = """
import json, sys, warnings
warnings.simplefilter("ignore")
import ipywidgets as ipw
cells = [''.join(c['source']) for c in json.load(open(sys.argv[1]))['cells'] if c['cell_type'] == 'code']
scope = {}
for cell in cells[:2]:
    exec(cell.replace("from IPython.display import display", "display = lambda *a, **k: None"), scope)
print(json.dumps({"widgets": len(ipw.Widget.widgets), "odds": bool(scope["odds_tab"].children),
                  "play": bool(scope["play_tab"].children),
                  "probability": "probability" in sys.modules, "moba": "card_moba" in scope["learn"].made}))
"""


@pytest.mark.parametrize("visitor", [False, True])
def test_the_check_cell_runs_for_nbval_and_not_in_a_visitors_page(tmp_path, visitor):
    env = {"PATH": "", "PYTHONPATH": str(APP.parents[1]), "HOME": str(tmp_path)}
    if visitor:
        env["VOILA_BASE_URL"] = "/"
    out = subprocess.run([sys.executable, "-c", RUN_THE_APP, str(APP)], cwd=APP.parent, env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["odds"] is got["probability"] is got["moba"] is got["play"] is (not visitor)
    if visitor:  # the app as first shown (~100 widgets; 293 while the Play table was made with the page)
        assert got["widgets"] < 150  # the checks open Play, Odds, Balance and a second game (~940)
    else:
        assert got["widgets"] > 600


CYCLE_THE_APP = """
import json, sys, warnings
warnings.simplefilter("ignore")
from ipywidgets.widgets.widget import _instances as live
cells = [''.join(c['source']) for c in json.load(open(sys.argv[1]))['cells'] if c['cell_type'] == 'code']
scope = {}
exec(cells[0].replace("from IPython.display import display", "display = lambda *a, **k: None"), scope)
tabs, picker, language = scope["tabs"], scope["game_picker"], scope["language"]
counts = []
for _ in range(3):
    for game in ("card_moba", "castle_heart", "eternal_breath"):
        picker.value = game
        for i in range(len(tabs.children)):
            tabs.selected_index = i
    for lang in ("zh", "en"):
        language.lang = lang
    counts.append(len(live))
print(json.dumps(counts))
"""


def test_a_visitor_going_round_the_games_languages_and_tabs_leaves_the_live_widgets_bounded(tmp_path):
    """Every game, every tab and both languages, three times round: the page holds as many widget models after
    each round, give or take a few buttons (a replaced Play table is closed; it used to leave ~620 models per
    round in the kernel and the browser)."""
    env = {"PATH": "", "PYTHONPATH": str(APP.parents[1]), "HOME": str(tmp_path), "VOILA_BASE_URL": "/"}
    out = subprocess.run([sys.executable, "-c", CYCLE_THE_APP, str(APP)], cwd=APP.parent, env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    counts = json.loads(out.stdout.strip().splitlines()[-1])
    assert max(counts) - min(counts) <= 40, counts  # a new table's secret dice may offer a few more buttons
