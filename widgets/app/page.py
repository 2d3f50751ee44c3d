"""Where the app's notebook runs: a visitor's page, or a person's own notebook (nbval, JupyterLab)."""

from __future__ import annotations

import os
import sys


def served_to_a_visitor() -> bool:
    """True in a page served to a visitor: a Voilà server's kernel (standalone `make app`, or the JupyterLab
    extension Binder uses; Voilà puts ``VOILA_BASE_URL`` in the environment of every kernel it starts, pre-heated
    ones included) or the static site (voici on Pyodide). False under nbval and in a person's own JupyterLab.

    The app's check cell runs only where this is False: it opens the Odds and Balance tabs and a second game,
    which in a visitor's page would triple the widgets sent to the browser (292 → 942) and more than double the
    kernel's CPU for the page (issue 18: ten visitors at once)."""
    return "VOILA_BASE_URL" in os.environ or sys.platform == "emscripten"
