"""The app page's own CSS, for what no single component owns: the app's tab bar on a phone, and the line a tab
shows while it is first made."""

from __future__ import annotations

import ipywidgets as ipw

# On a narrow screen the six tab titles share 390 px and ipywidgets cuts them ("Event c…", "Balanc…"); there the
# bar wraps to a second row and each title keeps its whole width (the selectors outweigh ipywidgets' own).
PAGE_STYLE = """<style>
@media (max-width: 640px) {
  .jupyter-widgets.jupyter-widget-tab.re-app-tabs > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
  .jupyter-widgets.jupyter-widget-tab.re-app-tabs > .lm-TabBar .lm-TabBar-tab { flex: 0 1 auto; }
}
%s
</style>"""


# A tab made when first opened (Play, Event chains, Odds, Balance: notebooks/app.py) is an empty box until the kernel
# has made it and the browser drawn it, a few seconds on a busy server. The browser shows this line at once, in the
# page's language (the language switch's first button, 中文, pressed) with a moving bar, until the view arrives.
MAKING = {"en": "Preparing this tab: the first time takes a few seconds…", "zh": "正在准备此页：第一次打开需要几秒钟……"}
LAZY_TABS = ("play", "chains", "odds", "balance")
_EMPTY = ", ".join(f".re-{t}-tab:empty::before" for t in LAZY_TABS)
_EMPTY_ZH = ", ".join(f"body:has(.re-lang button:first-of-type.mod-active) .re-{t}-tab:empty::before"
                      for t in LAZY_TABS)
MAKING_STYLE = f"""{_EMPTY} {{
  content: "{MAKING['en']}"; display: block; padding: 10px 0 8px; color: #555;
  background: linear-gradient(90deg, #1976d2 0 30%, transparent 30%) no-repeat 0 100% / 200% 4px;
  animation: re-making 1.2s linear infinite;
}}
{_EMPTY_ZH} {{ content: "{MAKING['zh']}"; }}
@keyframes re-making {{ from {{ background-position: 150% 100%; }} to {{ background-position: -50% 100%; }} }}"""
PAGE_STYLE = PAGE_STYLE % MAKING_STYLE


def page_style() -> ipw.HTML:
    """A widget that carries the page's CSS and shows nothing."""
    return ipw.HTML(PAGE_STYLE, layout=ipw.Layout(display="none"))
