"""The app page's own CSS, for what no single component owns: the app's tab bar on a phone."""

from __future__ import annotations

import ipywidgets as ipw

# On a narrow screen the six tab titles share 390 px and ipywidgets cuts them ("Event c…", "Balanc…"); there the
# bar wraps to a second row and each title keeps its whole width (the selectors outweigh ipywidgets' own).
PAGE_STYLE = """<style>
@media (max-width: 640px) {
  .jupyter-widgets.jupyter-widget-tab.re-app-tabs > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
  .jupyter-widgets.jupyter-widget-tab.re-app-tabs > .lm-TabBar .lm-TabBar-tab { flex: 0 1 auto; }
}
</style>"""


def page_style() -> ipw.HTML:
    """A widget that carries the page's CSS and shows nothing."""
    return ipw.HTML(PAGE_STYLE, layout=ipw.Layout(display="none"))
