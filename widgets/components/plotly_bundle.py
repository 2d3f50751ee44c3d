"""Show a plotly figure in an ``ipw.Output`` without ``plotly.io``.

``plotly.io.renderers`` imports nbformat, jsonschema and compiles lark grammars: 1.2–1.4 s of CPU at
the first chart of every kernel (issue 19). The mime bundle it makes for ``plotly_mimetype`` is only
the figure's JSON under ``application/vnd.plotly.v1+json``, which JupyterLab and Voilà render with
plotly.js; this module writes that bundle itself.
"""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as ipw
from _plotly_utils.utils import PlotlyJSONEncoder

PLOTLY_MIME = "application/vnd.plotly.v1+json"


def figure_bundle(figure: Any) -> dict[str, Any]:
    """The mime bundle of ``figure`` (a ``go.Figure`` or its ``{"data", "layout"}`` dict), as JSON."""
    spec = figure if isinstance(figure, dict) else figure.to_plotly_json()
    spec = {"data": spec.get("data", []), "layout": spec.get("layout", {})}
    return {PLOTLY_MIME: json.loads(json.dumps(spec, cls=PlotlyJSONEncoder))}


def show_figure(out: ipw.Output, figure: Any) -> None:
    """Replace what ``out`` shows by ``figure`` (small, no FigureWidget, no plotly.io)."""
    out.outputs = ({"output_type": "display_data", "data": figure_bundle(figure), "metadata": {}},)


def y_title(figure: Any, title: str, lang: str) -> Any:
    """The y axis's title: rotated as plotly draws it in English; in 中文 written upright above the axis, read
    left to right (plotly turns a y title a quarter turn, which lays each Chinese character on its side)."""
    if lang != "zh":
        figure.update_layout(yaxis_title=title)
        return figure
    top = figure.layout.margin.t
    figure.update_layout(yaxis_title="", margin_t=(80 if top is None else top) + 18)
    figure.add_annotation(text=title, xref="paper", yref="paper", x=0, y=1, xanchor="left", yanchor="bottom",
                          yshift=4, showarrow=False, name="re-y-title")
    return figure
