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

Used by widgets/serve.py (standalone, ``make app``) and its JupyterLab server extension (Binder).
"""

from __future__ import annotations

import asyncio
import logging

DEFAULT_GRACE_SECONDS = 10.0  # a websocket that drops and reconnects (a flaky network, a proxy restart) is kept
PAGE_ENV = "VOILA_REQUEST_URL"  # Voilà puts the page's address in the environment of the kernels it starts


class ClosedPageReaper:
    """Shuts down a page kernel ``grace`` seconds after its last websocket closed, unless one reopened."""

    def __init__(self, kernel_manager, grace: float = DEFAULT_GRACE_SECONDS, page_kernels_only: bool = False,
                 log: logging.Logger | None = None):
        self.manager, self.grace, self.page_kernels_only = kernel_manager, grace, page_kernels_only
        self.log = log or logging.getLogger(__name__)
        self.connected_once: set[str] = set()  # kernels a page has connected to
        self.page_kernels: set[str] = set()  # kernels started for a Voilà page (page_kernels_only)
        self.closed = 0  # kernels shut down because their page went away
        self.shutting: set[asyncio.Task] = set()

    def install(self) -> ClosedPageReaper:
        """Wrap the kernel manager's connection notices (and start_kernel, to know the page kernels)."""
        notify_connect, notify_disconnect = self.manager.notify_connect, self.manager.notify_disconnect

        def on_connect(kernel_id):
            notify_connect(kernel_id)
            self.connected_once.add(kernel_id)

        def on_disconnect(kernel_id):
            notify_disconnect(kernel_id)
            if self.connections(kernel_id) == 0 and self.watched(kernel_id):
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

    def check(self, kernel_id: str) -> None:
        """Fires ``grace`` seconds after a page kernel lost its last connection."""
        if kernel_id not in self.manager:  # the page's own shutdown request came first
            self.connected_once.discard(kernel_id)
            self.page_kernels.discard(kernel_id)
        elif self.connections(kernel_id) == 0:
            task = asyncio.ensure_future(self.shut_down(kernel_id))
            self.shutting.add(task)
            task.add_done_callback(self.shutting.discard)

    async def shut_down(self, kernel_id: str) -> None:
        self.log.info("page closed: kernel %s had no connection for %.0f s; shutting it down / 页面已关闭，关闭其内核",
                      kernel_id, self.grace)
        self.connected_once.discard(kernel_id)
        self.page_kernels.discard(kernel_id)
        try:
            await self.manager.shutdown_kernel(kernel_id)
            self.closed += 1
        except KeyError:
            pass  # the page's own shutdown request came first
