"""No leaks (issue 18, item 1), in real chromium: a page that is reloaded, left or closed gives its kernel back,
both ways the app is served; at the kernel cap a visitor sees the bilingual busy page, which lets them in by
itself once a place is free.

Standalone (widgets/server/serve.py, `make app`): kernels are counted as the server's ipykernel processes. Under
JupyterLab (Binder) with binder/server_config.py's settings: through ``/api/kernels`` with the server's token.
A one-widget notebook keeps kernels cheap; the app's own kernels are measured by `make bench` (bench/app.py).
Waiting loops are bounds on waiting, never timing assertions."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from voila_server import ROOT, _serve_process, browser_page, free_port, launcher_server

from tests.app.test_server_edges import kernels

BUTTON = ".widget-button"
LONG = 180_000
TOKEN = "lifecycle-test-token"


def widget_notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import ipywidgets as ipw\nipw.Button(description='here')")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / "page.ipynb"
    nbformat.write(nb, path)
    return path


def eventually(count, expected: int, bound: float = 60) -> int:
    """Poll ``count()`` until it equals ``expected`` (or the bound passes); returns the last count."""
    deadline = time.monotonic() + bound
    while (now := count()) != expected and time.monotonic() < deadline:
        time.sleep(0.5)
    return now


def open_page(page, url: str) -> None:
    page.goto(url, timeout=LONG)
    page.locator(BUTTON).wait_for(state="visible", timeout=LONG)


@pytest.mark.browser
def test_the_pages_own_shutdown_request_is_accepted(chromium_path, tmp_path):
    """With the websocket watch off, leaving the page shuts its kernel: the unload request carries _xsrf."""
    with launcher_server(widget_notebook(tmp_path), "--disconnect-grace=0") as (url, server), \
            browser_page(chromium_path) as page:
        answers = []
        page.on("requestfinished", lambda r: answers.append(r.response().status) if "/api/shutdown/" in r.url
                else None)
        open_page(page, url)
        assert kernels(server) == 1
        assert any(c["name"] == "_xsrf" for c in page.context.cookies())
        page.goto("about:blank")
        assert eventually(lambda: kernels(server), 0) == 0
        assert 403 not in answers


@pytest.mark.browser
def test_a_reloaded_or_closed_page_gives_its_kernel_back(chromium_path, tmp_path):
    with launcher_server(widget_notebook(tmp_path), "--disconnect-grace=2") as (url, server), \
            browser_page(chromium_path) as page:
        open_page(page, url)
        assert kernels(server) == 1
        page.reload()
        page.locator(BUTTON).wait_for(state="visible", timeout=LONG)
        assert eventually(lambda: kernels(server), 1) == 1, "the reloaded page's old kernel is still running"
        page.close(run_before_unload=True)  # headless chromium sends no unload request here: the watch does it
        assert eventually(lambda: kernels(server), 0) == 0, "a closed page left its kernel running"


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_at_the_cap_a_visitor_sees_the_busy_page_then_gets_in(chromium_path, output_dir, tmp_path, width, height):
    """The busy page is written in 中文 and English at once (no language switch before the app loads)."""
    with launcher_server(widget_notebook(tmp_path), "--max-kernels=1", "--disconnect-grace=1") as (url, server), \
            browser_page(chromium_path, width, height) as first:
        second = first.context.browser.new_page(viewport={"width": width, "height": height})
        open_page(first, url)
        second.goto(url, timeout=LONG)
        body = second.locator("body").inner_text()
        assert "服务器正忙" in body and "The server is busy" in body and "1 of 1" in body
        assert second.locator(BUTTON).count() == 0 and kernels(server) == 1
        on_screen = second.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        second.screenshot(path=str(output_dir / f"busy-page-{width}x{height}.png"))
        assert on_screen, "the busy page is wider than the screen"
        first.close(run_before_unload=True)
        second.locator(BUTTON).wait_for(state="visible", timeout=LONG)  # the busy page retried by itself
        assert kernels(server) == 1


def lab_config(folder: Path) -> Path:
    """A Jupyter config dir with binder/postBuild's settings (binder/server_config.py)."""
    config = folder / "jupyter-config"
    subprocess.run([sys.executable, str(ROOT / "binder" / "server_config.py"), str(config)], check=True,
                   capture_output=True)
    settings = json.loads((config / "jupyter_server_config.json").read_text())
    settings["ServerApp"]["tornado_settings"] = {"rules_explorer_disconnect_grace": 2}
    (config / "jupyter_server_config.json").write_text(json.dumps(settings))
    return config


@pytest.mark.browser
def test_under_jupyterlab_a_closed_voila_page_gives_its_kernel_back(chromium_path, tmp_path):
    notebook = widget_notebook(tmp_path)
    port = free_port()
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
               f"--IdentityProvider.token={TOKEN}", "--allow-root"]
    env = {"JUPYTER_CONFIG_DIR": str(lab_config(tmp_path))}
    with _serve_process(command, tmp_path, port, "lab-lifecycle", 180, env) as (url, _server), \
            browser_page(chromium_path) as page:
        def live() -> list[dict]:
            with urllib.request.urlopen(f"{url}api/kernels?token={TOKEN}", timeout=30) as answer:
                return json.load(answer)

        kept = json.load(urllib.request.urlopen(urllib.request.Request(
            f"{url}api/kernels?token={TOKEN}", data=b"{}", method="POST")))  # a person's own notebook kernel
        open_page(page, f"{url}voila/render/{notebook.name}?token={TOKEN}")
        assert eventually(lambda: len(live()), 2) == 2
        page.close(run_before_unload=True)
        assert eventually(lambda: [k["id"] for k in live()], [kept["id"]]) == [kept["id"]]
