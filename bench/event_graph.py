"""The event chain of a 1000-event game in the browser (issues 15 and 30): under a second to draw.

A seeded 永恒之息 game between random bots is played until its log holds 1000 events; its first 1000 events
are drawn as the Event chains tab draws a whole game (``chain_spec`` of ``explorer.event_graph``: a box per
event with its whole sentence, every edge styled by relation; routine runs folded and only the last event's
chain open, as a person first sees it) and as they are when everything is opened (every block and run open),
each written by the view's own export (``chain_picture.standalone_html``: the drawing code inside, a page that
works offline). Debian's chromium (Playwright) opens the page from disk and measures, in the page, the time to
draw the spec and lay it out (boxes, then edges; median of 5 redraws). The game by turn (``summary_graph``,
what the "game by turn" scope draws with plotly) of the same log is measured from ``Plotly.redraw`` to plotly's
``plotly_afterplot`` event, with its first draw from the page's start (incl. parsing plotly.js) for reference.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import plotly.graph_objects as go

import explorer
from explorer.event_scopes import summary_graph

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from voila_server import browser_page  # noqa: E402

from widgets.event_graph.figure import KindColours, summary_spec  # noqa: E402
from widgets.event_graph.layout import chain_spec  # noqa: E402
from widgets.event_graph.picture import standalone_html  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
EVENTS = 1000
TARGET_S = 1.0
REDRAWS = 5
FIRST = "window.__first = performance.now();"  # post_script: runs once the first newPlot has resolved
MEASURE = """async (n) => {
  const gd = document.querySelector('.plotly-graph-div');
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const done = new Promise(res => gd.once('plotly_afterplot', () => res(performance.now() - t0)));
    Plotly.redraw(gd);
    times.push(await done);
  }
  return {times, first: window.__first, points: gd.querySelectorAll('.point').length};
}"""


def game_log(events: int = EVENTS, seed: int = 7) -> list:
    """The first ``events`` events of a seeded 4-player 永恒之息 game between random bots (longer games are
    played, seed after seed, until one is long enough)."""
    game = explorer.get_game("eternal_breath")
    for s in range(seed, seed + 20):
        variant = game.bounded_variant(4)
        end = explorer.play_out(explorer.new_game("eternal_breath", 4, variant),
                                {p: game.bots()["random"]() for p in range(4)}, seed=s,
                                max_steps=game.max_steps(4, game.resolve_variant(variant)))
        if len(end.log) >= events:
            return list(end.log[:events])
    raise RuntimeError(f"no game of {events} events in 20 seeds")


def page_of(spec: dict, path: Path) -> Path:
    """The figure written as the view exports it (plotly.js inside), with the first draw's time kept."""
    figure = go.Figure(spec).update_layout(template="none")
    figure.write_html(path, include_plotlyjs=True, full_html=True, post_script=FIRST)
    return path


def measure(path: Path) -> dict:
    with browser_page(CHROMIUM, width=1280, height=800) as page:
        page.goto(path.as_uri(), timeout=120_000)
        page.wait_for_function("() => window.__first !== undefined", timeout=120_000)
        return page.evaluate(MEASURE, REDRAWS)


def measure_chain(spec: dict, path: Path) -> dict:
    """The chain's page: the median time of ``REDRAWS`` redraws (draw, then a layout read), and the boxes and
    edges on the page."""
    path.write_text(standalone_html(spec, "bench"), encoding="utf-8")
    with browser_page(CHROMIUM, width=1280, height=800) as page:
        page.goto(path.as_uri(), timeout=120_000)
        page.wait_for_function("() => window.reChainDrawn !== undefined", timeout=120_000)
        times = [page.evaluate("() => window.reChainRedraw()") for _ in range(REDRAWS)]
        shown = page.evaluate("() => [document.querySelectorAll('.re-chain-box').length, "
                              "document.querySelectorAll('path.re-chain-edge').length]")
        return {"times": times, "boxes": shown[0], "edges": shown[1]}


def opened(spec: dict) -> dict:
    """``spec`` with every block open (runs are opened by the page's own clicks; here they are unfolded)."""
    blocks = [{**b, "open": True, "rows": [r for row in b["rows"] for r in (row["boxes"] if "run" in row else [row])]}
              for b in spec["blocks"]]
    return {**spec, "blocks": blocks}


def run() -> Iterator[dict]:
    log = game_log()
    graph = explorer.event_graph(log)
    first_seen = chain_spec(graph, "en", KindColours())
    with tempfile.TemporaryDirectory() as folder:
        for case, spec in (("1000-event game as first shown", first_seen), ("1000-event game, all open",
                                                                            opened(first_seen))):
            got = measure_chain(spec, Path(folder) / "chain.html")
            render = statistics.median(got["times"]) / 1000
            yield ({"bench": "event_graph", "case": f"{case}: draw and lay out ({got['boxes']} boxes, "
                    f"{got['edges']} edges on the page)", "value": render, "unit": "s", "target": f"< {TARGET_S} s",
                    "ok": render < TARGET_S})
        got = measure(page_of(summary_spec(summary_graph(log), "en"), Path(folder) / "turns.html"))
        render = statistics.median(got["times"]) / 1000
        yield ({"bench": "event_graph", "case": "same game by turn: render (redraw → plotly_afterplot)",
                "value": render, "unit": "s", "target": f"< {TARGET_S} s", "ok": render < TARGET_S})
        yield ({"bench": "event_graph", "case": "same game by turn: first draw from page start (incl. plotly.js)",
                "value": got["first"] / 1000, "unit": "s"})
        yield ({"bench": "event_graph", "case": "events / edges drawn", "value": f"{len(graph)} / "
                     f"{graph.number_of_edges()}", "unit": ""})


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(list(run())))
