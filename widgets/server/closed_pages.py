"""A closed page's kernel is shut down (issue 18, item 1): the server side of "no leaks".

Voilà's page asks for its kernel's shutdown in ``beforeunload`` (``POST /voila/api/shutdown/<id>`` by
``sendBeacon``). A browser does not always send it: a tab closed in headless chromium, a phone that
suspends or kills the tab, a lost network, a page closed before its ``_xsrf`` cookie was set (then the
request is refused with 403). Each such kernel used to run until the idle cull (15 minutes, ~110 MB each).

So the server watches the kernels' websocket connections, which it already counts
(``notify_connect`` / ``notify_disconnect`` of Jupyter Server's kernel manager): a page kernel whose last
connection closed and that nobody reconnects to within ``grace`` seconds is shut down. A kernel that never
had a connection (a pre-heated kernel waiting in the pool, a page still rendering) is left alone, and so
is every kernel not started for a Voilà page when ``page_kernels_only`` (under JupyterLab: a person's
notebook kernels keep running when their tab closes, as JupyterLab promises).

A page that never connects (issue 38, item 1: a plain GET, ``curl``, a crawler, a tab closed while loading)
is the other half: once its page has been served, the server calls ``expect_connection`` with the kernel
and the client's address, and a kernel no websocket has connected to ``connect_grace`` seconds later is shut
down. ``unconnected_from`` counts a client's kernels still waiting so (widgets/server/serve.py refuses a page to a
client with too many of them: a burst of GETs from one address cannot take every kernel).

Used by widgets/server/serve.py (standalone, ``make app``) and its JupyterLab server extension (Binder).
"""

from __future__ import annotations

import asyncio
import logging

DEFAULT_GRACE_SECONDS = 10.0  # a websocket that drops and reconnects (a flaky network, a proxy restart) is kept
# A served page connects its websocket when its scripts have loaded: seconds on a slow phone, not a minute.
DEFAULT_CONNECT_GRACE_SECONDS = 45.0
PAGE_ENV = "VOILA_REQUEST_URL"  # Voilà puts the page's address in the environment of the kernels it starts


class ClosedPageReaper:
    """Shuts down a page kernel ``grace`` seconds after its last websocket closed, unless one reopened (0: never),
    and a served page's kernel no websocket connected to within ``connect_grace`` seconds (0: never)."""

    def __init__(self, kernel_manager, grace: float = DEFAULT_GRACE_SECONDS, page_kernels_only: bool = False,
                 log: logging.Logger | None = None, connect_grace: float = 0):
        self.manager, self.grace, self.page_kernels_only = kernel_manager, grace, page_kernels_only
        self.connect_grace = connect_grace
        self.log = log or logging.getLogger(__name__)
        self.connected_once: set[str] = set()  # kernels a page has connected to
        self.unconnected: dict[str, str | None] = {}  # served pages' kernels not connected yet: their client
        self.never_connected = 0  # kernels shut down because their page never connected
        self.page_kernels: set[str] = set()  # kernels started for a Voilà page (page_kernels_only)
        self.closed = 0  # kernels shut down because their page went away
        self.shutting: set[asyncio.Task] = set()

    def install(self) -> ClosedPageReaper:
        """Wrap the kernel manager's connection notices (and start_kernel, to know the page kernels)."""
        notify_connect, notify_disconnect = self.manager.notify_connect, self.manager.notify_disconnect

        def on_connect(kernel_id):
            notify_connect(kernel_id)
            self.connected_once.add(kernel_id)
            self.unconnected.pop(kernel_id, None)

        def on_disconnect(kernel_id):
            notify_disconnect(kernel_id)
            if self.grace > 0 and self.connections(kernel_id) == 0 and self.watched(kernel_id):
                asyncio.get_event_loop().call_later(self.grace, self.check, kernel_id)

        self.manager.notify_connect, self.manager.notify_disconnect = on_connect, on_disconnect
        if self.page_kernels_only:
            start_kernel = self.manager.start_kernel

            async def start_page_aware(*args, **kwargs):
                kernel_id = await start_kernel(*args, **kwargs)
                if PAGE_ENV in (kwargs.get("env") or {}):
                    self.page_kernels.add(kernel_id)
                return kernel_id

            self.manager.start_kernel = start_page_aware
        return self

    def connections(self, kernel_id: str) -> int:
        return self.manager.kernel_model(kernel_id)["connections"] if kernel_id in self.manager else 0

    def watched(self, kernel_id: str) -> bool:
        return kernel_id in self.connected_once and (not self.page_kernels_only or kernel_id in self.page_kernels)

    def expect_connection(self, kernel_id: str, client: str | None = None) -> None:
        """A page with this kernel has been served (to ``client``): unless a websocket connects to the kernel
        within ``connect_grace`` seconds, it is shut down then."""
        if self.connect_grace <= 0 or kernel_id in self.connected_once or kernel_id not in self.manager:
            return
        self.unconnected[kernel_id] = client
        asyncio.get_event_loop().call_later(self.connect_grace, self.check_connected, kernel_id)

    def unconnected_from(self, client: str) -> int:
        """The kernels of pages served to ``client`` that no websocket has connected to yet (and still run)."""
        return sum(1 for kernel_id, to in self.unconnected.items() if to == client and kernel_id in self.manager)

    def check_connected(self, kernel_id: str) -> None:
        """Fires ``connect_grace`` seconds after a page with this kernel was served."""
        if kernel_id not in self.unconnected:  # a websocket connected
            return
        client = self.unconnected.pop(kernel_id)
        if kernel_id in self.manager and kernel_id not in self.connected_once and self.connections(kernel_id) == 0:
            self.log.info("page never connected: kernel %s (client %s) had no websocket %.0f s after its page was "
                          "served; shutting it down / 页面从未连接，关闭其内核", kernel_id, client, self.connect_grace)
            task = asyncio.ensure_future(self.shut_down(kernel_id, never_connected=True))
            self.shutting.add(task)
            task.add_done_callback(self.shutting.discard)

    def check(self, kernel_id: str) -> None:
        """Fires ``grace`` seconds after a page kernel lost its last connection."""
        if kernel_id not in self.manager:  # the page's own shutdown request came first
            self.connected_once.discard(kernel_id)
            self.page_kernels.discard(kernel_id)
        elif self.connections(kernel_id) == 0:
            task = asyncio.ensure_future(self.shut_down(kernel_id))
            self.shutting.add(task)
            task.add_done_callback(self.shutting.discard)

    async def shut_down(self, kernel_id: str, never_connected: bool = False) -> None:
        if not never_connected:
            self.log.info("page closed: kernel %s had no connection for %.0f s; shutting it down / "
                          "页面已关闭，关闭其内核", kernel_id, self.grace)
        self.connected_once.discard(kernel_id)
        self.page_kernels.discard(kernel_id)
        try:
            await self.manager.shutdown_kernel(kernel_id)
            if never_connected:
                self.never_connected += 1
            else:
                self.closed += 1
        except KeyError:
            pass  # the page's own shutdown request came first
