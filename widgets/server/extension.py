"""The app's server edges under ``jupyter lab`` (Binder: ``/voila/render/notebooks/app.ipynb``), issue 18.

A Jupyter Server extension, enabled by binder/server_config.py (``ServerApp.jpserver_extensions``):

- a Voilà page's kernel is shut down when its page is closed and stays closed (widgets/server/closed_pages.py,
  page kernels only: a person's own notebook kernels in JupyterLab are never touched);
- a Voilà page sets its ``_xsrf`` cookie when it is served, so the page's own shutdown request on unload is
  accepted even when the page is the first thing the visitor opened;
- a served Voilà page whose websocket never connected (a plain GET, ``curl``, a crawler, a tab closed while
  loading; issue 38): its kernel is shut down ``connect_grace`` seconds (45) after the page was served, as
  widgets/server/serve.py does standalone (``ServerApp.tornado_settings`` key ``rules_explorer_connect_grace``, 0 =
  off).

The kernel cap, the per-client limit and the Host allow-list are widgets/server/serve.py's (standalone); under
JupyterLab, Binder's own limits and JupyterHub's proxy stand in front of the server.
"""

from __future__ import annotations

import tornado.web
from jupyter_server.utils import ensure_async
from voila.tornado.handler import TornadoVoilaHandler

from widgets.server.closed_pages import DEFAULT_CONNECT_GRACE_SECONDS, DEFAULT_GRACE_SECONDS, ClosedPageReaper

GRACE_SETTING = "rules_explorer_disconnect_grace"  # ServerApp.tornado_settings key, seconds (0 = off)
CONNECT_GRACE_SETTING = "rules_explorer_connect_grace"  # ServerApp.tornado_settings key, seconds (0 = off)
REAPER = "rules_explorer_reaper"  # web_app.settings key: the ClosedPageReaper (None when both graces are 0)


class PageKernelSeen:
    """The server's kernel manager as one page load sees it: it remembers the kernel Voilà starts for the page."""

    def __init__(self, manager):
        self._manager, self.kernel_id = manager, None

    def __getattr__(self, name):
        return getattr(self._manager, name)

    async def start_kernel(self, *args, **kwargs):
        self.kernel_id = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        return self.kernel_id


class XsrfCookieVoilaHandler(TornadoVoilaHandler):
    """Voilà's page handler that sets the _xsrf cookie with the page, and once the page is served, tells the
    reaper to expect its websocket (else its kernel is shut down after the connect grace)."""

    seen: PageKernelSeen | None = None

    async def prepare(self):
        await super().prepare()
        self.xsrf_token  # noqa: B018 -- the access sets the cookie

    @property
    def kernel_manager(self):
        if self.seen is None:
            self.seen = PageKernelSeen(self.settings["kernel_manager"])
        return self.seen

    @tornado.web.authenticated
    async def get(self, path=None):
        try:
            await super().get(path)
        finally:
            reaper = self.settings.get(REAPER)
            if reaper is not None and self.seen is not None and self.seen.kernel_id is not None:
                reaper.expect_connection(self.seen.kernel_id, self.request.remote_ip)


def voila_page_rules(router) -> list:
    """Every route (at any depth of the server's router) served by Voilà's page handler."""
    found = []
    for rule in getattr(router, "rules", []):
        if rule.target is TornadoVoilaHandler:
            found.append(rule)
        else:
            found += voila_page_rules(rule.target)
    return found


def _jupyter_server_extension_points():
    return [{"module": "widgets.server.extension"}]


def _load_jupyter_server_extension(serverapp):
    """Loaded after Voilà's own extension ("voila" sorts before "widgets"), so its routes exist."""
    settings = serverapp.web_app.settings
    grace = float(settings.get(GRACE_SETTING, DEFAULT_GRACE_SECONDS))
    connect_grace = float(settings.get(CONNECT_GRACE_SETTING, DEFAULT_CONNECT_GRACE_SECONDS))
    settings[REAPER] = None
    if grace > 0 or connect_grace > 0:
        settings[REAPER] = ClosedPageReaper(serverapp.kernel_manager, grace, page_kernels_only=True,
                                            log=serverapp.log, connect_grace=connect_grace).install()
    rules = voila_page_rules(serverapp.web_app.default_router)
    for rule in rules:
        rule.target = XsrfCookieVoilaHandler
    serverapp.log.info("Rules Explorer: closed Voilà pages shut their kernels down after %.0f s, pages never "
                       "connected after %.0f s; %d page route(s) set the _xsrf cookie", grace, connect_grace,
                       len(rules))
