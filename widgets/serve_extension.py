"""The app's server edges under ``jupyter lab`` (Binder: ``/voila/render/notebooks/app.ipynb``), issue 18.

A Jupyter Server extension, enabled by binder/server_config.py (``ServerApp.jpserver_extensions``):

- a Voilà page's kernel is shut down when its page is closed and stays closed (widgets/closed_pages.py,
  page kernels only: a person's own notebook kernels in JupyterLab are never touched);
- a Voilà page sets its ``_xsrf`` cookie when it is served, so the page's own shutdown request on unload is
  accepted even when the page is the first thing the visitor opened.

The kernel cap and the Host allow-list are widgets/serve.py's (standalone); under JupyterLab, Binder's
own limits and JupyterHub's proxy stand in front of the server.
"""

from __future__ import annotations

from voila.tornado.handler import TornadoVoilaHandler

from widgets.closed_pages import DEFAULT_GRACE_SECONDS, ClosedPageReaper

GRACE_SETTING = "rules_explorer_disconnect_grace"  # ServerApp.tornado_settings key, seconds (0 = off)


class XsrfCookieVoilaHandler(TornadoVoilaHandler):
    """Voilà's page handler that sets the _xsrf cookie with the page."""

    async def prepare(self):
        await super().prepare()
        self.xsrf_token  # noqa: B018 -- the access sets the cookie


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
    return [{"module": "widgets.serve_extension"}]


def _load_jupyter_server_extension(serverapp):
    """Loaded after Voilà's own extension ("voila" sorts before "widgets"), so its routes exist."""
    grace = float(serverapp.web_app.settings.get(GRACE_SETTING, DEFAULT_GRACE_SECONDS))
    if grace > 0:
        ClosedPageReaper(serverapp.kernel_manager, grace, page_kernels_only=True, log=serverapp.log).install()
    rules = voila_page_rules(serverapp.web_app.default_router)
    for rule in rules:
        rule.target = XsrfCookieVoilaHandler
    serverapp.log.info("Rules Explorer: closed Voilà pages shut their kernels down after %.0f s; %d page "
                       "route(s) set the _xsrf cookie", grace, len(rules))
