"""The app served for a class: the launcher started with ``--teacher`` (issue 38, item 6), so the Play table's
"View as" menu offers every seat and the teacher's view. Tests of the teacher's tools (loaded dice shown, another
seat's view) use it; ``app_url`` is the app every visitor gets, the teacher's view off."""

from __future__ import annotations

import pytest
from support import ROOT


@pytest.fixture(scope="session")
def teacher_app_url() -> str:
    from voila_server import launcher_server

    with launcher_server(ROOT / "notebooks" / "app.ipynb", "--teacher", timeout=300) as (url, _process):
        yield url
