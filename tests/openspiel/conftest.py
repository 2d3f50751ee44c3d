"""The ``registered`` fixture: OpenSpiel present (a failure under CI=true, else a skip) and our games registered."""

from __future__ import annotations

import pytest
from support import need

from .spiel import bridge, pyspiel


@pytest.fixture
def registered():
    need(pyspiel is not None, "open_spiel is not installed (pip install open_spiel==2.0.2)")
    return bridge.register()
