"""Issue 38, round two, item b: behind a reverse proxy every request comes from the proxy's address, so the
per-client limit on unconnected pages (--max-unconnected-per-client) would count every visitor as one. With
``--trusted-proxies`` (none by default) the client is the one a trusted proxy names in ``X-Forwarded-For``; from
anyone else the header is never believed (a client could name a new address with each request and pass the
limit). The unit tests read ``client_address``; the server tests send the header from 127.0.0.1 to a real
launcher (widgets/server/serve.py) both ways, a handful of GETs on loopback."""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest
from voila_server import launcher_server

from tests.app.test_server_edges import MARKER, notebook_in
from tests.app.test_unconnected_pages import page_kernel
from widgets.server.serve import client_address, trusted_proxies_from

PROXY = trusted_proxies_from("127.0.0.1, 10.0.0.0/8, ::1")


@pytest.mark.parametrize("remote_ip, forwarded_for, client", [
    ("203.0.113.7", "198.51.100.1", "203.0.113.7"),  # not a trusted proxy: the header is not believed
    ("127.0.0.1", "198.51.100.1", "198.51.100.1"),  # the trusted proxy names its client
    ("127.0.0.1", "6.6.6.6, 198.51.100.1", "198.51.100.1"),  # what the client wrote itself, left of it, is not
    ("127.0.0.1", "198.51.100.1, 10.0.0.5", "198.51.100.1"),  # two trusted proxies in a row
    ("::1", "2001:db8::1", "2001:db8::1"),
    ("::ffff:127.0.0.1", "198.51.100.1", "198.51.100.1"),  # the proxy on a dual-stack socket
    ("127.0.0.1", "not-an-address, 198.51.100.1", "198.51.100.1"),
    ("127.0.0.1", "198.51.100.1, junk", "127.0.0.1"),  # a malformed hop next to the proxy: the proxy is the client
    ("127.0.0.1", "10.0.0.5, 10.0.0.6", "10.0.0.5"),  # proxies only: the last address the chain holds
    ("127.0.0.1", "", "127.0.0.1"),
    ("127.0.0.1", None, "127.0.0.1"),
])
def test_the_client_is_named_by_a_trusted_proxy_only(remote_ip, forwarded_for, client):
    assert client_address(remote_ip, forwarded_for, PROXY) == client


def test_by_default_no_proxy_is_trusted():
    assert trusted_proxies_from("") == ()
    assert client_address("127.0.0.1", "198.51.100.1", trusted_proxies_from("")) == "127.0.0.1"


def test_a_trusted_proxy_that_is_not_an_address_stops_the_server_from_starting():
    with pytest.raises(ValueError, match="not an address or a network"):
        trusted_proxies_from("127.0.0.1, proxy.example")


def get(url: str, forwarded_for: str | None) -> tuple[int, str]:
    """One plain GET of the app page from 127.0.0.1 (as a proxy on this machine would send it)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    try:
        conn.request("GET", "/", headers={"X-Forwarded-For": forwarded_for} if forwarded_for else {})
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


ARGS = ("--max-kernels=6", "--connect-grace=120", "--max-unconnected-per-client=1")


def test_without_trusted_proxies_a_forwarded_for_header_does_not_make_a_new_client(tmp_path):
    """One page not connected yet per client: a second GET from the same address is refused, whatever address
    its X-Forwarded-For header names."""
    with launcher_server(notebook_in(tmp_path), *ARGS) as (url, _server):
        status, body = get(url, "198.51.100.1")
        assert status == 200 and MARKER in body
        status, body = get(url, "198.51.100.2")
        assert status == 503 and "not connected yet" in body, "an untrusted X-Forwarded-For passed the limit"


def test_behind_a_trusted_proxy_each_forwarded_client_is_counted_on_its_own(tmp_path):
    """--trusted-proxies=127.0.0.1: two visitors behind the proxy each get the app; the first one's second page
    (its address last in the header, whatever it wrote before it) is refused. The pre-heated kernel's own
    request-info socket (pre-heating on: its route exists) opens without Origin from this machine, but not when a
    proxy forwarded it."""
    websocket = pytest.importorskip("websocket")
    with launcher_server(notebook_in(tmp_path, pool_size=1), *ARGS, "--trusted-proxies=127.0.0.1") as (url, _server):
        status, body = get(url, "198.51.100.1")
        assert status == 200 and MARKER in body
        kernel = page_kernel(body)
        status, body = get(url, "198.51.100.2")
        assert status == 200 and MARKER in body, "two visitors behind the proxy were counted as one"
        status, body = get(url, "6.6.6.6, 198.51.100.1")
        assert status == 503 and "not connected yet" in body, "a client passed the limit by writing the header"

        netloc = urlsplit(url).netloc
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            websocket.create_connection(f"ws://{netloc}/voila/query/{kernel}", timeout=30, suppress_origin=True,
                                        header=["X-Forwarded-For: 198.51.100.1"])
        assert refused.value.status_code == 403
        websocket.create_connection(f"ws://{netloc}/voila/query/{kernel}", timeout=30, suppress_origin=True).close()
