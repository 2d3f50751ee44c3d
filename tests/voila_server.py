"""A real Voilà server for browser tests: started on a free loopback port, stopped afterwards."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def voila_server(notebook: Path, timeout: float = 90, extra_args: tuple[str, ...] = ()) -> Iterator[str]:
    """Serve ``notebook`` with Voilà; yields the page URL. Readiness is probed on /voila/static/,
    because in single-notebook mode every other path renders the notebook and starts a kernel."""
    port = free_port()
    log = (ROOT / "test-output")
    log.mkdir(exist_ok=True)
    logfile = open(log / f"voila-{notebook.stem}-{port}.log", "w")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         "--VoilaConfiguration.file_allowlist=['.*']", *extra_args],
        cwd=str(notebook.parent), stdout=logfile, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"voila exited with {proc.returncode}; see {logfile.name}")
            try:
                with urllib.request.urlopen(url + "voila/static/", timeout=2):
                    break
            except urllib.error.HTTPError:
                break  # the server answered
            except OSError:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"voila did not start within {timeout}s; see {logfile.name}") from None
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        logfile.close()


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


@contextlib.contextmanager
def browser_page(chromium: str, width: int = 1280, height: int = 900):
    """A Playwright page in Debian's chromium (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()
