"""A real Voilà server for browser tests: started on a free loopback port, stopped afterwards."""

from __future__ import annotations

import collections
import contextlib
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from support import KERNEL_SEED, KERNEL_SEED_PATH, ROOT


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def voila_server(notebook: Path, timeout: float = 90, extra_args: tuple[str, ...] = ()) -> Iterator[str]:
    """Serve ``notebook`` with Voilà; yields the page URL."""
    port = free_port()
    command = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", *extra_args]
    with _serve(command, notebook.parent, port, f"voila-{notebook.stem}", timeout) as url:
        yield url


# A test's server pre-heats 2 kernels and replaces a used one after 1 s (Voilà's default), as `make app` did before
# issue 18: the machine's pool (up to 10) would start 10 kernels per test, and its 30 s refill would hold up a module
# that opens many pages on one server. tests/app/test_server_settings.py checks what `make app` itself uses.
TEST_POOL = 2
TEST_REFILL_SECONDS = 1
TEST_REFILL = f"--VoilaKernelManager.fill_delay={TEST_REFILL_SECONDS}"


@contextlib.contextmanager
def make_app_server(timeout: float = 180) -> Iterator[str]:
    """The app exactly as the README's `make app` serves it (on a free port), with a test's pool; yields the page
    URL."""
    port = free_port()
    with _serve_process(["make", "--no-print-directory", "app", f"PORT={port}", f"ARGS={TEST_REFILL}"], ROOT, port,
                        "make-app", timeout, {"RULES_EXPLORER_POOL": str(TEST_POOL)}) as (url, _proc):
        yield url


@contextlib.contextmanager
def launcher_server(notebook: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 90,
                    pool: int | None = TEST_POOL, refill_seconds: float = TEST_REFILL_SECONDS,
                    ) -> Iterator[tuple[str, subprocess.Popen]]:
    """Serve ``notebook`` with the app's launcher (widgets/server/serve.py, what `make app` runs) from the notebook's
    folder, with ``env`` added to the environment; yields the page URL and the server process. ``pool``: the
    pre-heated kernels where the notebook's voila.json pre-heats, refilled after ``refill_seconds`` (None: the
    pool and refill `make app` has on this machine)."""
    port = free_port()
    refill = () if pool is None else (f"--VoilaKernelManager.fill_delay={refill_seconds}",)
    command = [sys.executable, "-m", "widgets.server.serve", str(notebook), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", *refill, *args]
    env = {"RULES_EXPLORER_POOL": "" if pool is None else str(pool), **(env or {})}
    with _serve_process(command, notebook.parent, port, f"serve-{notebook.stem}", timeout, env) as served:
        yield served


@contextlib.contextmanager
def _serve(command: list[str], cwd: Path, port: int, name: str, timeout: float) -> Iterator[str]:
    with _serve_process(command, cwd, port, name, timeout, {}) as (url, _proc):
        yield url


@contextlib.contextmanager
def _serve_process(command: list[str], cwd: Path, port: int, name: str, timeout: float,
                   extra_env: dict[str, str]) -> Iterator[tuple[str, subprocess.Popen]]:
    """Run a server command in its own process group; readiness is probed on /voila/static/, because in
    single-notebook mode every other path renders the notebook and starts a kernel."""
    log = ROOT / "test-output"
    log.mkdir(exist_ok=True)
    logfile = open(log / f"{name}-{port}.log", "w")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(KERNEL_SEED_PATH), str(ROOT),
                                                        os.environ.get("PYTHONPATH", "")]),
           "RE_TEST_KERNEL_SEED": KERNEL_SEED, **extra_env}
    proc = subprocess.Popen(command, cwd=str(cwd), stdout=logfile, stderr=subprocess.STDOUT, env=env,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{command[0]} exited with {proc.returncode}; see {logfile.name}")
            url = served_at(Path(logfile.name), url)
            try:
                with urllib.request.urlopen(url + "voila/static/", timeout=2):
                    break
            except urllib.error.HTTPError:
                break  # the server answered
            except (OSError, http.client.HTTPException):  # not up yet, or another program's socket on our port
                if time.monotonic() > deadline:
                    raise TimeoutError(f"voila did not start within {timeout}s; see {logfile.name}") from None
                time.sleep(0.3)
        yield url, proc
    except BaseException:
        _tell(f"the server's log, {logfile.name}", Path(logfile.name).read_text(errors="replace").splitlines())
        raise
    finally:
        _stop_group(proc)
        logfile.close()


def served_at(log: Path, url: str) -> str:
    """The URL a server's log says it runs at, else ``url``. Between :func:`free_port` and the server's start
    another program may take the port (a kernel's ZMQ socket on the other test worker, once in CI): Jupyter and
    Voilà then serve on the next free port and say so, and the page is there."""
    text = log.read_text(errors="replace")
    at = text.find("is running at:")
    found = re.search(r"http://127\.0\.0\.1:\d+/", text[at:]) if at >= 0 else None
    return found.group(0) if found else url


def _tell(what: str, lines: list[str], last: int = 60) -> None:
    """When a test fails inside a server or a page: its last lines on stderr, which pytest shows with the failure
    (CI keeps nothing else of a run)."""
    print(f"--- {what}: last {min(last, len(lines))} of {len(lines)} lines ---", *lines[-last:], sep="\n",
          file=sys.stderr)


def _stop_group(proc: subprocess.Popen) -> None:
    """Stop the server and everything it started (make's voila, voila's kernels)."""
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


_PLAYWRIGHT = None  # one Playwright driver per test process, started when a page is first asked for
_BROWSERS: dict = {}  # (chromium, its arguments) → a running browser, shared by the process's pages


def shared_browser(chromium: str, args: tuple[str, ...] = ()):
    """Debian's chromium with ``CHROMIUM_ARGS`` and ``args``, launched once per test process (a launch took about
    a second, and a run opens some 150 pages); each page gets a context of its own, as fresh as a new browser's
    (its own cookies, storage and cache). A browser that died is launched again."""
    global _PLAYWRIGHT
    from playwright.sync_api import sync_playwright

    if _PLAYWRIGHT is None:
        _PLAYWRIGHT = sync_playwright().start()
    key = (chromium, tuple(args))
    browser = _BROWSERS.get(key)
    if browser is None or not browser.is_connected():
        browser = _BROWSERS[key] = _PLAYWRIGHT.chromium.launch(executable_path=chromium,
                                                               args=[*CHROMIUM_ARGS, *args], headless=True)
    return browser


def close_browsers() -> None:
    """Close the process's browsers and its Playwright driver (at each test module's end: tests/conftest.py)."""
    global _PLAYWRIGHT
    for browser in _BROWSERS.values():
        with contextlib.suppress(Exception):
            browser.close()
    _BROWSERS.clear()
    if _PLAYWRIGHT is not None:
        with contextlib.suppress(Exception):
            _PLAYWRIGHT.stop()
        _PLAYWRIGHT = None


@contextlib.contextmanager
def browser_page(chromium: str, width: int = 1280, height: int = 900):
    """A Playwright page in Debian's chromium (never a downloaded browser), in a fresh context of the process's
    browser (:func:`shared_browser`)."""
    context = shared_browser(chromium).new_context(viewport={"width": width, "height": height})
    console: list[str] = []
    frames: collections.deque[str] = collections.deque(maxlen=400)
    page = context.new_page()
    try:
        page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: console.append(f"page error: {error}"))
        _TRAFFIC[id(page)] = traffic = Traffic()
        page.on("websocket", lambda socket: _watch_socket(socket, console, frames, traffic))
        yield page
    except BaseException:
        _tell(f"the page's console ({page.url})", console)
        _tell("the kernel messages, oldest first (< sent by the page, > received)", list(frames),
              last=int(os.environ.get("RE_TEST_FRAMES", "100")))  # more to debug by hand
        with contextlib.suppress(Exception):
            _tell("the page's text", page.inner_text("body", timeout=5_000).splitlines(), last=150)
        raise
    finally:
        _TRAFFIC.pop(id(page), None)
        with contextlib.suppress(Exception):
            context.close()


_STATE = re.compile(rb'"state": ?\{"([A-Za-z_]{1,30})": ?("[^"]{0,30}|[^,}]{1,30})')
_FIELD = re.compile(rb'"(msg_type|method|event|comm_id|execution_state|target_name|name|text|ename|evalue)": ?'
                    rb'"([^"]{1,120})"')


def _frame(direction: str, payload: str | bytes) -> str:
    """One websocket frame of the kernel protocol in a line: its message type and, for a widget, its comm (short)
    and what it carries (a click, an update, a closing), so a lost click or a stalled kernel shows in a failure."""
    data = payload.encode() if isinstance(payload, str) else payload
    fields: dict[str, str] = {}
    for key, value in _FIELD.findall(data[:4000]):  # the header's msg_type comes before its parent's
        fields.setdefault(key.decode(), value.decode(errors="replace"))
    if "comm_id" in fields:
        fields["comm_id"] = fields["comm_id"][:6]
    state = _STATE.search(data[:4000])  # the first value an update carries: which menu moved, and where to
    if state:
        fields[state[1].decode()] = state[2].decode(errors="replace")[:30]
    summary = " ".join(f"{k}={v}" for k, v in fields.items() if k != "msg_type")
    return f"{time.strftime('%H:%M:%S')} {direction} {fields.get('msg_type', '?')} {summary} ({len(data)} B)"


class Traffic:
    """What went between a page and its kernel, for :func:`wait_for_kernel`: when the page last sent a message,
    when the kernel last said it was idle, when anything last came."""

    def __init__(self):
        self.sent = self.idle = self.received = 0.0
        self.busy = False

    def on_sent(self, line: str) -> None:
        if " comm_msg " in line or " execute_request " in line:
            self.sent = time.monotonic()

    def on_received(self, line: str) -> None:
        self.received = time.monotonic()
        if "execution_state=busy" in line:
            self.busy = True
        elif "execution_state=idle" in line:
            self.busy, self.idle = False, self.received

    def settled(self, quiet: float) -> bool:
        return not self.busy and self.idle >= self.sent and time.monotonic() - self.received >= quiet


_TRAFFIC: dict[int, Traffic] = {}  # id(page) → its traffic, while the page is open


def kernel_settled(page, quiet: float) -> bool:
    """The kernel has answered everything the page sent (idle after the last message) and nothing has come for
    ``quiet`` seconds."""
    return _TRAFFIC[id(page)].settled(quiet)


def wait_for_kernel(page, quiet: float = 0.8, timeout: float = 120) -> None:
    """Until the kernel has answered everything the page sent (idle after the last message) and nothing has come
    for ``quiet`` seconds: what the page shows then is the kernel's answer, not the view before it."""
    traffic, deadline = _TRAFFIC[id(page)], time.monotonic() + timeout
    while not traffic.settled(quiet):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the kernel did not settle within {timeout} s")
        page.wait_for_timeout(100)


def _watch_socket(socket, console: list[str], frames: collections.deque, traffic: Traffic) -> None:
    def sent(payload):
        frames.append(_frame("<", payload))
        traffic.on_sent(frames[-1])

    def received(payload):
        frames.append(_frame(">", payload))
        traffic.on_received(frames[-1])

    socket.on("close", lambda s: console.append(f"websocket closed: {s.url}"))
    socket.on("framesent", sent)
    socket.on("framereceived", received)


def kernel_command_lines(server) -> list[str]:
    """The command line of each kernel process the server has started (its descendants running ipykernel); each
    names its connection file, hence its kernel's id."""
    import psutil

    lines = []
    for child in psutil.Process(server.pid).children(recursive=True):
        try:
            cmdline = " ".join(child.cmdline())
        except psutil.NoSuchProcess:
            continue
        if "ipykernel" in cmdline:
            lines.append(cmdline)
    return lines
