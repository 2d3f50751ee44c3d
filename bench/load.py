"""The app under load (issue 18), a long study (about 8 minutes: ``python -m bench load`` or ``--long``): 1, 5 and
20 visitors at the same moment on the server `make app` runs (10 run in bench/app.py, with the target), ten page
loads at once on the server side only, and ten on plain Voilà with its 4 s IOPub default (issue 19's peer)."""

from __future__ import annotations

from collections.abc import Iterator

from bench.app import concurrent_loads, server_side, visitors

LONG = True


def run() -> Iterator[dict]:
    yield from visitors((1, 5, 20))
    yield from server_side(10)
    yield from concurrent_loads((10,), iopub_timeout=4)
