"""The Voilà app as people meet it: cold start, warm start from the preheated pool, bytes per page load
over the websocket, and the kernel's memory per session. Measured in Debian's chromium.

Issue 19 adds: the CPU the app's wiring cell costs a kernel (and what ``plotly.io.renderers`` would
have added); page loads opened at the same moment with Voilà's 4 s IOPub default as the peer are in bench/load.py.

Issue 18: 10 visitors at the same moment (1, 5 and 20 in bench/load.py, a long study) on the server `make app` runs
(widgets/server/serve.py: its pool sized for the machine and filled before the visitors come, its kernel cap and busy
page, which retries by itself): time until every page is interactive (the app shown, then a click answered by the
kernel), kernel memory (per kernel and in total), and the kernels left 30 s after every page closed (must be the
pre-heated pool). Every visitor's browser runs on this machine's cores beside the server: pessimistic for visitors
on their own machines."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from voila_server import browser_page, launcher_server, voila_server  # noqa: E402

from widgets.server.serve import DEFAULT_VISITORS, machine_pool_size  # noqa: E402

APP = ROOT / "notebooks" / "app.ipynb"
CHROMIUM = "/usr/bin/chromium"
VISIBLE = ".re-game-picker"
MB = 2**20


def _load(page, url: str) -> tuple[float, int]:
    """Open the page; seconds until the app's widgets are visible, and bytes received over websockets."""
    received = [0]

    def on_ws(ws):
        ws.on("framereceived", lambda payload: received.__setitem__(0, received[0] + len(payload)))

    page.on("websocket", on_ws)
    start = time.perf_counter()
    page.goto(url, timeout=180_000)
    page.locator(VISIBLE).wait_for(state="visible", timeout=180_000)
    seconds = time.perf_counter() - start
    page.wait_for_timeout(1500)  # let trailing comm messages arrive
    page.remove_listener("websocket", on_ws)
    return seconds, received[0]


def _kernel_rss_mb(server_pid: int) -> list[float]:
    """Resident memory of each kernel process started by the server."""
    return [int(line.split()[1]) / 1024 for text in _kernel_proc_files(server_pid, "status")
            for line in text.splitlines() if line.startswith("VmRSS:")]


def _kernel_proc_files(server_pid: int, name: str) -> list[str]:
    """``/proc/<pid>/<name>`` of each kernel process started by the server (one that has gone is left out)."""
    out = []
    for child in _children(server_pid):
        try:
            if b"ipykernel" in Path(f"/proc/{child}/cmdline").read_bytes():
                out.append(Path(f"/proc/{child}/{name}").read_text())
        except OSError:
            continue
    return out


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
        for k in kids:
            found += [k, *_children(k)]
    return found


CELL_CPU = """
import json, sys, time
import IPython.display  # already loaded in a kernel: not the cell's cost
nb = json.load(open("app.ipynb", encoding="utf-8"))
code = next(c["source"] for c in nb["cells"] if c["cell_type"] == "code")
code = code if isinstance(code, str) else "".join(code)
t0 = time.process_time()
exec(compile(code, "app.ipynb", "exec"), {"__name__": "__main__"})
cell = time.process_time() - t0
pio_in_cell = "plotly.io._renderers" in sys.modules
t0 = time.process_time()
import plotly.io
plotly.io.renderers  # what the first chart paid before issue 19
print(json.dumps({"cell": cell, "renderers": time.process_time() - t0, "pio_in_cell": pio_in_cell}))
"""


def app_cell_cpu() -> dict:
    """CPU seconds of the app's wiring cell in a fresh process started in notebooks/ (as a kernel is)."""
    out = subprocess.run([sys.executable, "-c", CELL_CPU], cwd=APP.parent, capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return json.loads(out.stdout.strip().splitlines()[-1])


READY = """() => document.querySelector('.re-game-picker') ? 'ok'
  : (document.body && /error when executing|Timeout waiting for IOPub/i.test(document.body.innerText)
     ? 'error' : null)"""


ANSWERED = """() => [...document.querySelectorAll('.re-app-tabs .lm-TabBar-tab')]
  .some(t => t.innerText.includes('对局'))"""


async def _open_many(url: str, n: int, timeout_ms: int = 300_000, measure=None,
                     interact: bool = False) -> tuple[list[float | None], object]:
    """Open ``n`` pages at once in one chromium; seconds until each shows the app (None: it failed); with
    ``interact``, until the page has also answered a click (中文: the kernel renames the tabs), i.e. until it is
    interactive. With ``measure``, it is called while every page is still open; then the pages are closed (the
    browser too)."""
    from playwright.async_api import async_playwright
    from voila_server import CHROMIUM_ARGS

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            async def one() -> float | str | None:
                page = await (await browser.new_context()).new_page()
                start = time.perf_counter()
                try:
                    await page.goto(url, timeout=timeout_ms)
                    state = await page.wait_for_function(READY, timeout=timeout_ms)
                    if await state.json_value() != "ok":
                        return None
                    if interact:
                        await page.locator(".re-lang button", has_text="中文").click(timeout=timeout_ms)
                        await page.wait_for_function(ANSWERED, timeout=timeout_ms)
                    return time.perf_counter() - start
                except Exception:
                    try:  # still on the busy page (the kernel cap): waiting, not failed
                        return BUSY if "The server is busy" in await page.content() else None
                    except Exception:
                        return None

            times = list(await asyncio.gather(*(one() for _ in range(n))))
            return times, (measure() if measure else None)
        finally:
            await browser.close()


def concurrent_loads(counts=(10,), iopub_timeout: int | None = None) -> list[dict]:
    """Per count: a fresh plain Voilà server (its pool warmed), that many pages opened at once."""
    rows = []
    label = "app settings" if iopub_timeout is None else f"iopub_timeout={iopub_timeout} s"
    extra = () if iopub_timeout is None else (f"--VoilaExecutor.iopub_timeout={iopub_timeout}",)
    for n in counts:
        with voila_server(APP, extra_args=extra) as url:
            time.sleep(15)  # the pre-heated kernel is ready, as on a server that has been up a while
            times, _ = asyncio.run(_open_many(url, n))
        ok = [t for t in times if t is not None]
        rows.append({"bench": "app", "case": f"{n} simultaneous page loads, plain voila ({label}): failures",
                     "value": n - len(ok), "unit": f"of {n}"})
    return rows


BUSY = "busy"  # a page still on the busy page when the others were measured


def _kernel_cpu_seconds(server_pid: int) -> float:
    """CPU seconds used so far by the kernels the server started."""
    fields = [text.rsplit(")", 1)[1].split() for text in _kernel_proc_files(server_pid, "stat")]
    return sum(int(f[11]) + int(f[12]) for f in fields) / os.sysconf("SC_CLK_TCK")


def wait_for_the_pool(server_pid: int, pool: int, limit: float = 240) -> float:
    """Seconds until the server has its ``pool`` kernels and they have gone quiet (each has run the app): a server
    that has been up a while, as visitors meet it. Not a timing assertion: a bound on waiting."""
    start, before = time.monotonic(), None
    while time.monotonic() - start < limit:
        time.sleep(2)
        cpu = _kernel_cpu_seconds(server_pid)
        if before is not None and len(_kernel_rss_mb(server_pid)) >= pool and cpu - before < 0.2:
            break
        before = cpu
    return time.monotonic() - start


def visitors(counts=(1, 5, 10, 20), aim_seconds: float = 30) -> Iterator[dict]:
    """Per count: a fresh `make app` server (widgets/server/serve.py), its pool warm; that many visitors at once."""
    pool = machine_pool_size()
    cap = pool + DEFAULT_VISITORS
    for n in counts:
        with launcher_server(APP, timeout=180, pool=None) as (url, server):  # the pool `make app` has here
            wait_for_the_pool(server.pid, pool)
            timeout = 300_000 if n <= cap else 120_000  # past the cap some pages wait for a place: measure the rest
            times, rss = asyncio.run(_open_many(url, n, timeout, measure=lambda: _kernel_rss_mb(server.pid),
                                                interact=True))
            deadline = time.monotonic() + 30  # every page closed: 30 s later only the pool is left
            while time.monotonic() < deadline:
                time.sleep(1)
            left = len(_kernel_rss_mb(server.pid))
        ok = [t for t in times if isinstance(t, float)]
        waiting = times.count(BUSY)
        case = f"{n} visitor{'s' if n > 1 else ''} at once (make app, pool {pool}, cap {cap})"
        slowest = max(ok) if len(ok) + waiting == n and ok else None
        unit = f"s (median {statistics.median(ok):.1f} s)" if ok else ""
        if waiting:
            unit += f"; {waiting} on the busy page until a place frees"
        yield ({"bench": "app", "case": f"{case}: all admitted interactive",
                     "value": round(slowest, 1) if slowest else f"{n - len(ok) - waiting} failed", "unit": unit,
                     "target": f"≤ {aim_seconds:.0f} s" if n == 10 else "", "ok": (slowest is not None and
                     slowest <= aim_seconds) if n == 10 else None})
        if rss:
            yield ({"bench": "app", "case": f"{case}: kernel memory", "value": round(sum(rss)),
                         "unit": f"MiB in {len(rss)} kernels (median {statistics.median(rss):.0f}, max "
                                 f"{max(rss):.0f} MiB each)"})
        yield ({"bench": "app", "case": f"{case}: kernels 30 s after every page closed", "value": left,
                "unit": "kernels", "target": f"= pool ({pool})", "ok": left == pool})


def run() -> Iterator[dict]:
    cpu = app_cell_cpu()
    yield ({"bench": "app", "case": "app cell CPU in a fresh kernel (imports and wiring)",
             "value": round(cpu["cell"], 2), "unit": "s CPU", "peer": "+ plotly.io.renderers (before issue 19)",
             "peer_value": round(cpu["cell"] + cpu["renderers"], 2),
             "ratio": round(cpu["cell"] / (cpu["cell"] + cpu["renderers"]), 2),
             "target": "plotly.io not imported", "ok": not cpu["pio_in_cell"]})
    yield from visitors((10,))  # 1, 5 and 20 visitors and the server-side loads: bench/load.py (a long study)
    with voila_server(APP, extra_args=("--VoilaConfiguration.preheat_kernel=False",)) as url, \
            browser_page(CHROMIUM) as page:
        cold, ws_bytes = _load(page, url)
    yield ({"bench": "app", "case": "cold start: page open → widgets visible", "value": round(cold, 2),
                 "unit": "s", "target": "≤ 11 s (ECOSYSTEM.md: 6–8 s page, 9–11 s server)", "ok": cold <= 11})
    yield ({"bench": "app", "case": "websocket bytes per page load", "value": round(ws_bytes / MB, 3),
                 "unit": "MiB", "target": "≤ 2 MB", "ok": ws_bytes <= 2_000_000})
    with voila_server(APP) as url, browser_page(CHROMIUM) as page:
        time.sleep(20)  # let the preheated pool warm up
        warm = []
        for _ in range(3):
            seconds, _ = _load(page, url)
            warm.append(seconds)
            page.goto("about:blank")
            time.sleep(8)  # the pool refills
        server_pid = _server_pid(url)
        rss = _kernel_rss_mb(server_pid) if server_pid else []
    yield ({"bench": "app", "case": "warm start from the preheated pool (median of 3)",
                 "value": round(statistics.median(warm), 2), "unit": "s", "target": "≤ 4 s",
                 "ok": statistics.median(warm) <= 4})
    if rss:
        yield ({"bench": "app", "case": f"kernel memory per session (max of {len(rss)} kernels)",
                "value": round(max(rss), 1), "unit": "MiB RSS"})


def _server_pid(url: str) -> int | None:
    port = url.rsplit(":", 1)[1].strip("/")
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cmd = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"voila" in b" ".join(cmd) and f"--port={port}".encode() in cmd:
            return int(proc.name)
    return None
