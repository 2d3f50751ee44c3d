"""Widget tests: a button handler that raises is only logged by ipywidgets; here it fails the test."""

from __future__ import annotations

import logging

import pytest


@pytest.fixture(autouse=True)
def no_swallowed_callback_errors(caplog):
    caplog.set_level(logging.WARNING)
    yield
    swallowed = [r for r in caplog.records if "Exception in callback" in r.getMessage()]
    assert not swallowed, f"a widget callback raised: {swallowed[0].getMessage()}"
