"""Issue 38, item 1: pages that never connect their websocket (plain GETs) must not hold kernels, and a burst of
them from one client must not deny the app to others. A real server (widgets/server/serve.py) on 127.0.0.1 with a tiny
notebook, a small cap and a short grace; load bounded (a handful of GETs) and on loopback only. Another client is
another loopback source address (127.0.0.2): Linux answers all of 127/8 on the loopback interface."""

from __future__ import annotations

import http.client
import re
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest
from voila_server import kernel_command_lines, launcher_server

from tests.app.test_server_edges import MARKER, kernels, notebook_in, wait_for_the_pool
from widgets.server.serve import client_of

OTHER_CLIENT = "127.0.0.2"
GRACE = 4  # seconds a served page has to connect its websocket (the server's default is 45)
BOUND = 90  # seconds: a bound on waiting, not a timing assertion


def get(url: str, source: str = "127.0.0.1") -> tuple[int, dict, str]:
    """One plain GET of the app page from ``source``, never opening its websocket."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120, source_address=(source, 0))
    try:
        conn.request("GET", "/")
        response = conn.getresponse()
        body = response.read().decode("utf-8", "replace")
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        conn.close()


kernel_ids = kernel_command_lines  # the server's kernel processes' command lines (each names its kernel's id)


def wait_until(condition, what: str) -> None:
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.5)


def page_kernel(body: str) -> str:
    return re.search(r'"kernelId": "([0-9a-f-]+)"', body).group(1)


def test_a_burst_of_plain_gets_from_one_client_leaves_kernels_for_others_and_is_freed(tmp_path):
    """Cap 3, at most 2 unconnected pages per client: a burst of 5 plain GETs from one address gets 2 pages and
    3 busy pages (without the per-client limit it took all 3 kernels, for the idle cull's 15 minutes, and the
    other client got the busy page); another address still gets the app; a few seconds later none of those
    pages has connected, their kernels are gone, and the first address gets the app again."""
    args = ("--max-kernels=3", f"--connect-grace={GRACE}", "--max-unconnected-per-client=2")
    with launcher_server(notebook_in(tmp_path), *args) as (url, server):
        with ThreadPoolExecutor(5) as pool:
            answers = list(pool.map(lambda _: get(url), range(5)))
        assert sorted(status for status, _headers, _body in answers) == [200, 200, 503, 503, 503]
        for status, headers, body in answers:
            if status == 200:
                assert MARKER in body
            else:
                assert headers["retry-after"].isdigit() and MARKER not in body
                assert "not connected yet" in body and "还没有连接" in body, body
        assert kernels(server) <= 2

        status, _headers, body = get(url, source=OTHER_CLIENT)
        assert status == 200 and MARKER in body, "a burst from one address denied the app to another"

        wait_until(lambda: kernels(server) == 0, "the kernels of pages that never connected were not freed")
        status, _headers, body = get(url)
        assert status == 200 and MARKER in body, "the first address did not get the app back"
        log = open(f"/proc/{server.pid}/fd/1", encoding="utf-8", errors="replace").read()
        assert "page never connected" in log


def test_a_pre_heated_kernel_whose_page_never_connects_is_freed_and_a_connected_one_is_kept(tmp_path):
    """Pool 1: a page takes the pre-heated kernel and connects its websocket (as the browser does); a second
    page takes the refilled one and never connects. After the grace the second page's kernel is shut down and
    the first page's, connected, still runs. A websocket handshake without an Origin header (no browser's) is
    refused (issue 38, item 7)."""
    websocket = pytest.importorskip("websocket")
    with launcher_server(notebook_in(tmp_path, pool_size=1), f"--connect-grace={GRACE}") as (url, server):
        wait_for_the_pool(server)
        status, _headers, body = get(url)
        assert status == 200 and MARKER in body
        connected = page_kernel(body)
        parts = urlsplit(url)
        path = f"/api/kernels/{connected}/channels"  # issue 38, item 7
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            websocket.create_connection(f"ws://{parts.netloc}{path}", timeout=30, suppress_origin=True)
        assert refused.value.status_code == 403, path
        # the pre-heated kernel's own request-info socket (no Origin: a Python client) still opens from this
        # machine, or a ?play= link would never reach its kernel
        websocket.create_connection(f"ws://{parts.netloc}/voila/query/{connected}", timeout=30,
                                    suppress_origin=True).close()
        ws = websocket.create_connection(f"ws://{parts.netloc}/api/kernels/{connected}/channels", timeout=30,
                                         origin=f"http://{parts.netloc}")
        try:
            wait_until(lambda: len(kernel_ids(server)) == 2, "the pool was not refilled")
            status, _headers, body = get(url)
            assert status == 200 and MARKER in body
            unconnected = page_kernel(body)
            assert unconnected != connected
            wait_until(lambda: not any(unconnected in line for line in kernel_ids(server)),
                       "a pre-heated kernel whose page never connected was not freed")
            # the connected page's check came first (its page was served first): it was kept
            assert any(connected in line for line in kernel_ids(server)), "a connected page's kernel was shut down"
        finally:
            ws.close()


@pytest.mark.parametrize("remote_ip, client", [
    ("127.0.0.1", "127.0.0.1"),
    ("::ffff:10.1.2.3", "10.1.2.3"),  # an IPv4 client on a dual-stack socket
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"),  # the same /64: the same client
    ("not-an-address", "not-an-address"),
])
def test_a_client_is_its_address_or_its_ipv6_64(remote_ip, client):
    assert client_of(remote_ip) == client
