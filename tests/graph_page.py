"""The app's Event chains graph as a page in chromium, shared by its browser tests: click an event on the
plotly chart with the mouse, as a person does (issue 15)."""

from __future__ import annotations


def click_an_event(page, timeout: int = 30_000) -> int:
    """Click with the mouse (as a person does) the last event of the graph that "Why?" offers; its id.
    (A menu's text has no-break spaces: ipywidgets writes them.)"""
    graph = page.locator(".re-graph .js-plotly-plot").first
    graph.scroll_into_view_if_needed()
    page.wait_for_function("() => (document.querySelector('.re-graph .js-plotly-plot') || {}).__reClicks",
                           timeout=timeout)  # the chart drawn after the menu's change is hooked
    found = page.evaluate("""() => {
        const chart = document.querySelector('.re-graph .js-plotly-plot');
        const offered = new Set([...document.querySelectorAll('.re-graph-why-pick option')]
            .map(o => (/^#(\\d+)\\D/.exec(o.text) || [])[1]).filter(Boolean).map(Number));
        const box = chart.getBoundingClientRect(), xa = chart._fullLayout.xaxis, ya = chart._fullLayout.yaxis;
        let best = null;
        for (const trace of chart.data) {
            if (!trace.customdata || (trace.mode || '').indexOf('markers') < 0) continue;
            trace.customdata.forEach((d, i) => {
                if (offered.has(d[0])) best = {id: d[0], x: box.left + xa._offset + xa.l2p(trace.x[i]),
                                                y: box.top + ya._offset + ya.l2p(trace.y[i])};
            });
        }
        return best || {options: [...document.querySelectorAll('.re-graph-why-pick option')].map(o => o.text)};
    }""")
    assert "id" in found, f"no event of the graph is offered under Why?: {found}"
    page.mouse.move(found["x"], found["y"])
    page.mouse.click(found["x"], found["y"])
    return found["id"]

