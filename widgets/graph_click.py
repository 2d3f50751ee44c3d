"""PointClicks: a click on an event of a plotly graph, sent to Python (issue 15: "click a node to read its clause").

The graphs are drawn as plotly mime bundles in an ``ipw.Output`` (``widgets.plotly_bundle``: no FigureWidget
and its 5 MB bundle), so nothing in Python hears a click. This small anywidget sits beside such a graph, finds
the plotly charts under its nearest ``host`` ancestor that match ``plots`` (charts are redrawn on every step:
a MutationObserver on the host hooks each new chart once, as plotly builds it) and, on ``plotly_click``, sends
``{"event": <the point's first custom datum>}`` when that is a whole number. Python hands it to ``on_event``
after checking it is one (a browser may send anything); the view decides whether it is an event of its graph.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

ESM = """
export default {
  render({ model, el }) {
    el.style.display = "none";
    const hook = (host) => {
      for (const chart of host.querySelectorAll(model.get("plots"))) {
        if (chart.__reClicks || typeof chart.on !== "function") continue;
        chart.__reClicks = true;
        chart.on("plotly_click", (click) => {
          const point = click && click.points && click.points[0];
          const id = point && Array.isArray(point.customdata) ? point.customdata[0] : undefined;
          if (Number.isInteger(id)) model.send({ event: id });
        });
      }
    };
    let observer = null;
    const find = () => {  // the view is put on the page after render: look for the host until it is there
      const host = el.closest(model.get("host"));
      if (!host) return;
      clearInterval(timer);
      hook(host);
      observer = new MutationObserver(() => hook(host));  // a redrawn chart is hooked as plotly builds it
      observer.observe(host, { childList: true, subtree: true });
    };
    const timer = setInterval(find, 200);
    find();
    return () => { clearInterval(timer); if (observer) observer.disconnect(); };
  },
};
"""


class PointClicks(anywidget.AnyWidget):
    """Hears clicks on the plotly charts ``plots`` inside the nearest ``host`` ancestor (CSS selectors)."""

    _esm = ESM
    host = traitlets.Unicode(".re-event-graph").tag(sync=True)
    plots = traitlets.Unicode(".re-graph .js-plotly-plot").tag(sync=True)

    def __init__(self, on_event: Callable[[int], None], **kwargs):
        super().__init__(**kwargs)
        self._on_event = on_event
        self.on_msg(self._on_msg)

    def _on_msg(self, widget, content, buffers) -> None:
        """A message from the browser: handed on only when it is {"event": <int>} (bools are not ints here)."""
        event = content.get("event") if isinstance(content, dict) else None
        if isinstance(event, int) and not isinstance(event, bool):
            self._on_event(event)
