"""The app under load (issue 18), a long study (about 10 minutes: ``python -m bench load`` or ``--long``): 1, 5 and
20 visitors at the same moment on the server `make app` runs (10 run in bench/app.py, with the target), ten page
loads at once on the server side only, ten on plain Voilà with its 4 s IOPub default (issue 19's peer), and the
first page of a freshly started server, `make app` against plain Voilà (issue 31, point 4).

The server-side row used to read 0 s: its ten loads came from one address, and since issue 38 at most 3 pages
per address may be waiting unconnected (the others got the 503 busy page), while the ones served came straight
from the warm pool, whose kernels had run the notebook already (a few milliseconds, rounded to 0.0). Each load
now comes from its own loopback address (127.0.0.x: Linux answers all of 127/8), the pool's share and the rest
are reported apart, in milliseconds where they are that short."""

from __future__ import annotations

import http.client
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

from bench.app import APP, concurrent_loads, launcher_server, visitors, voila_server, wait_for_the_pool
from widgets.server.serve import machine_pool_size

LONG = True


def timed_get(url: str, source: str = "127.0.0.1") -> tuple[float, int]:
    """Seconds until the whole page (its executed notebook) is served, and the HTTP status, for a GET from
    ``source``."""
    parts = urlsplit(url)
    start = time.perf_counter()
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600, source_address=(source, 0))
    try:
        conn.request("GET", "/")
        answer = conn.getresponse()
        answer.read()
        return time.perf_counter() - start, answer.status
    finally:
        conn.close()


def _seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.1f} s"


def server_side(n: int = 10) -> list[dict]:
    """``n`` page loads at once over plain HTTP, each from its own loopback address, on a `make app` server whose
    pool is warm: seconds until each page's executed notebook is served (the server's share of time to
    interactive). The first ``pool`` take a pre-heated kernel; the rest start and run their own."""
    pool = machine_pool_size()
    with launcher_server(APP, timeout=180, pool=None) as (url, server):
        wait_for_the_pool(server.pid, pool)
        with ThreadPoolExecutor(n) as workers:
            answers = list(workers.map(lambda i: timed_get(url, f"127.0.0.{10 + i}"), range(n)))
    served = sorted(t for t, status in answers if status == 200)
    refused = sum(1 for _, status in answers if status != 200)
    from_pool, own = served[:pool], served[pool:]
    unit = f"s slowest of {len(served)} served (pool {pool}: median {_seconds(statistics.median(from_pool))}"
    if own:
        unit += f"; {len(own)} beyond the pool: median {_seconds(statistics.median(own))}"
    unit += f"){f'; {refused} refused' if refused else ''}"
    return [{"bench": "app", "case": f"{n} page loads at once, server side only (HTML served, no browser)",
             "value": round(max(served), 2) if served else f"{refused} refused", "unit": unit}]


def first_page() -> list[dict]:
    """Issue 31, point 4: a freshly started server's first page, requested the moment the server answers, served
    whole (its notebook run): `make app` (its pool, warmed one kernel after another) against plain Voilà with the
    app's voila.json (a pool of Voilà's default size, 1). Server side only, one load each."""
    with voila_server(APP, timeout=180) as url:
        plain, plain_status = timed_get(url)
    pool = machine_pool_size()
    with launcher_server(APP, timeout=180, pool=None) as (url, _server):
        ours, our_status = timed_get(url)
    ok = plain_status == our_status == 200
    return [{"bench": "app", "case": f"first page of a fresh server (make app, pool {pool}, warmed in turn)",
             "value": round(ours, 1) if ok else f"status {our_status}", "unit": "s", "peer": "plain voila (pool 1)",
             "peer_value": round(plain, 1) if ok else f"status {plain_status}",
             "ratio": round(ours / plain, 2) if ok else None, "target": "≤ plain voila's (+10 %)",
             "ok": ok and ours <= plain * 1.1}]


def run() -> Iterator[dict]:
    yield from first_page()
    yield from visitors((1, 5, 20))
    yield from server_side(10)
    yield from concurrent_loads((10,), iopub_timeout=4)
