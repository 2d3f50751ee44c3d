"""Issue 38, round two, item c: under the JupyterLab server extension (widgets/server/extension.py, how Binder serves
the app at /voila/render/...), a served Voilà page whose websocket never connects frees its kernel after the connect
grace, as standalone (tests/app/test_unconnected_pages.py); a person's own notebook kernel, never a page's, is left
alone. A real Jupyter server on 127.0.0.1 with the extension, a tiny notebook and a 4 s grace; a handful of requests
on loopback only."""

from __future__ import annotations

import json
import sys
import time
import urllib.request

from voila_server import _serve_process, free_port, kernel_command_lines

from tests.app.test_server_edges import MARKER, notebook_in
from tests.app.test_unconnected_pages import GRACE, page_kernel, wait_until


def jupyter_server(folder, connect_grace: float):
    """A Jupyter server (no token, loopback) serving ``folder`` with Voilà's extension and ours, configured by a
    jupyter_server_config.json of its own (as binder/server_config.py writes one)."""
    port, config = free_port(), folder / "config"
    config.mkdir()
    (config / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {
        "jpserver_extensions": {"voila": True, "widgets.server.extension": True},
        "tornado_settings": {"rules_explorer_connect_grace": connect_grace}}}), encoding="utf-8")
    command = [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               "--IdentityProvider.token=", "--ServerApp.disable_check_xsrf=True", "--allow-root",
               f"--ServerApp.root_dir={folder}"]
    return _serve_process(command, folder, port, "jupyter-extension", 120, {"JUPYTER_CONFIG_DIR": str(config)})


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=120) as response:
        return response.status, response.read().decode("utf-8", "replace")


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def running(url: str) -> set[str]:
    with urllib.request.urlopen(url + "api/kernels", timeout=30) as response:
        return {k["id"] for k in json.loads(response.read())}


def test_a_voila_page_never_connected_frees_its_kernel_under_the_extension(tmp_path):
    notebook_in(tmp_path)
    with jupyter_server(tmp_path, GRACE) as (url, server):
        own = post(url + "api/kernels", {"name": "python3"})["id"]  # a person's notebook kernel, no Voilà page
        status, body = get(url + "voila/render/tiny.ipynb")
        assert status == 200 and MARKER in body
        page = page_kernel(body)
        assert page in running(url)
        wait_until(lambda: page not in running(url), "a Voilà page that never connected kept its kernel")
        time.sleep(1)  # one more look: the person's own kernel is not a page's, nothing shuts it down
        assert own in running(url), "a person's own notebook kernel was shut down"
        log = open(f"/proc/{server.pid}/fd/1", encoding="utf-8", errors="replace").read()
        assert "page never connected" in log and "pages never connected after" in log
        assert not any(page in line for line in kernel_command_lines(server))


def test_with_the_grace_off_a_page_kernel_is_kept(tmp_path):
    """``rules_explorer_connect_grace`` 0: only the idle cull (the test waits twice the grace it would have had)."""
    notebook_in(tmp_path)
    with jupyter_server(tmp_path, 0) as (url, _server):
        status, body = get(url + "voila/render/tiny.ipynb")
        assert status == 200 and MARKER in body
        page = page_kernel(body)
        time.sleep(2 * GRACE)
        assert page in running(url)
