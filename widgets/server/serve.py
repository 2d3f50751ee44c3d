"""Serve the app (`make app`): standalone Voilà with its edges closed (issue 20).

    python -m widgets.server.serve app.ipynb --no-browser --port=8866 --Voila.ip=127.0.0.1 \\
        [--allowed-hosts=localhost,app.example] [--max-kernels=6]

Voilà 0.5 answers any ``Host`` header and starts a kernel for every page load. This launcher is Voilà plus:

- a Host check on every request (pages, static files, websockets): a loopback address or a name on the
  allow-list (``localhost`` by default; ``--allowed-hosts`` or ``RULES_EXPLORER_ALLOWED_HOSTS``, comma
  separated; ``*`` turns the check off). Anything else gets 403 before any handler runs (DNS rebinding);
- a pool of pre-heated kernels sized for the machine (``machine_pool_size``: up to 10 by its memory, at most 3
  per core; or ``--pool_size`` / ``RULES_EXPLORER_POOL``), warmed one kernel after another (the first page of a
  fresh server does not wait for the whole pool to start at once), refilled 60 s after a kernel is taken, not at
  once, unless a page takes the replacement first or a page closes (then it starts at once);
- a cap on live kernels, the pre-heated pool included, its replacements still to come too (``--max-kernels``
  or ``RULES_EXPLORER_MAX_KERNELS``; the pool + 12 by default; 0 = no cap): a page load at the cap gets 503,
  ``Retry-After`` and a short 中文/English "busy" page, and no kernel is started;
- a closed page's kernel shut down: the page's ``_xsrf`` cookie is set with the page, so its own shutdown
  request on unload is accepted, and a page kernel whose websocket closed and stayed closed for
  ``--disconnect-grace`` seconds (10) is shut down (widgets/server/closed_pages.py: tabs closed without that
  request, phones, lost networks);
- a served page whose websocket never connected (a plain GET, ``curl``, a crawler, a tab closed while loading;
  issue 38, item 1): its kernel, its own or a pre-heated one, is shut down ``--connect-grace`` seconds (45)
  after the page was served; and a client address (an IPv6 /64) with ``--max-unconnected-per-client`` (3)
  such pages still waiting, or still rendering, gets the 503 page instead of another kernel, so a burst of
  GETs from one address cannot take every kernel from everyone else for the idle cull's 15 minutes; behind a
  reverse proxy the client is the one its ``X-Forwarded-For`` names, only when the proxy's address is in
  ``--trusted-proxies`` (or ``RULES_EXPLORER_TRUSTED_PROXIES``; none by default: the header is never believed);
- no address but the server's own asked for by the page: Voilà's lab template links Font Awesome from a CDN
  (an error offline, a lookup and a request to a third party online), though its own bundle already carries
  Font Awesome 5 (the icons of ``ipywidgets.Button``); the links are left out of the page (``without_cdn``);
- a websocket handshake without an ``Origin`` header is refused (403): browsers always send one, and Jupyter's
  and tornado's origin checks let a handshake without one through ("from a script"), so any program could
  drive a page's kernel by its id (issue 38, item 7); the check of an ``Origin`` that is sent is theirs; the one
  exception is a pre-heated kernel's own request-info socket from a loopback address (it carries ``?play=``);
- the Play table's teacher's view (every seat's cards) off unless the server is started for a class with
  ``--teacher`` (or ``RULES_EXPLORER_TEACHER=1``): the flag is put in the environment its kernels inherit, where
  the app reads it (``widgets.play.play_area.teacher_from_server``); a page's address cannot turn it on (issue 38,
  item 6);
- ``/logout`` and malformed ``/voila/templates/...`` paths answer 302 and 404 instead of 500, and the
  errors of Jupyter's handlers (403, 404) come with a page instead of a traceback in the log.

The app has no authentication of its own: see README.md ("Serving it to others"). Nothing in ``explorer``
imports this module.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import re
import sys
from collections.abc import Awaitable
from typing import ClassVar

import jinja2
import tornado.log
import tornado.web
import tornado.websocket
import voila.voila_kernel_manager
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.logout import LogoutHandler as JupyterLogoutHandler
from jupyter_server.utils import url_path_join
from tornado.httputil import split_host_and_port
from tornado.routing import Matcher
from traitlets import Bool, Float, Int, Unicode, default
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from widgets.server.closed_pages import DEFAULT_CONNECT_GRACE_SECONDS, DEFAULT_GRACE_SECONDS, ClosedPageReaper

ALLOWED_HOSTS_ENV = "RULES_EXPLORER_ALLOWED_HOSTS"
MAX_KERNELS_ENV = "RULES_EXPLORER_MAX_KERNELS"
POOL_ENV = "RULES_EXPLORER_POOL"
TRUSTED_PROXIES_ENV = "RULES_EXPLORER_TRUSTED_PROXIES"
TEACHER_ENV = "RULES_EXPLORER_TEACHER"  # widgets.play.play_area.TEACHER_ENV: the kernels read it (not imported here)
# Sized by `make bench` (bench/app.py) on a 2-core, 24 GB machine. A pre-heated kernel has run the app and waits:
# it costs memory (~125 MiB), no CPU, and a visitor who gets one costs the server almost nothing; a visitor who
# does not waits for a kernel to start and run the app (~4 s of CPU each, all of them on the same cores). So the
# pool holds as many kernels as the machine's memory allows up to the load aimed at (10 visitors at once), at
# most 1/16 of the memory, at least 2. Warming them costs CPU, though: ~4 s each at start-up and again when a
# burst of visitors has taken them, one after another (``warmed_in_turn``), so the pool is also at most
# POOL_PER_CORE kernels per core (issue 31, point 4: 10 kernels started at once on 2 cores made the first page of
# a fresh `make app` wait for all ten to run the app).
KERNEL_MIB = 125
POOL_MIN, POOL_MAX = 2, 10
POOL_PER_CORE = 3
# Visitors served at once beside the pool: 10 at once are interactive on 2 cores, 20 at once are not within 30 s,
# so the ones past 12 get the busy page, which retries by itself. The cap on live kernels is pool + this.
DEFAULT_VISITORS = 12
# A used pre-heated kernel is replaced this long after it was taken (Voilà's fill_delay, 1 s by default), or as
# soon as a page waits for it or a page closes (refill_after): the replacements' start-up then does not compete
# for the cores with the visitors' pages still loading. At 30 s ten replacements started while the last of ten
# visitors' pages were loading, and pushed them past a minute in `make bench`.
REFILL_DELAY_SECONDS = 60
RETRY_AFTER_SECONDS = 10
# Pages one client address may have served and not connected yet (or still rendering): a person opens one or
# two tabs at once; a burst of plain GETs gets the busy page past this (issue 38, item 1).
DEFAULT_UNCONNECTED_PER_CLIENT = 3

BUSY_PAGE = """<!doctype html>
<html lang="zh-Hans"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="{retry}">
<title>规则探索 · Rules Explorer — 忙 / busy</title></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 4em auto; padding: 0 1em; line-height: 1.6">
<h1>服务器正忙 · The server is busy</h1>
<p>所有位置都在使用中（内核 {live}/{cap}）。请稍候片刻再试，本页会在 {retry} 秒后自动重试。</p>
<p lang="en">Every place is in use ({live} of {cap} kernels). Please try again in a moment;
this page retries by itself in {retry} seconds.</p>
</body></html>
"""

CLIENT_BUSY_PAGE = """<!doctype html>
<html lang="zh-Hans"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="{retry}">
<title>规则探索 · Rules Explorer — 忙 / busy</title></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 4em auto; padding: 0 1em; line-height: 1.6">
<h1>请稍候 · Please wait</h1>
<p>从您的地址打开的页面中有 {waiting} 个还没有连接（上限 {cap}）。请稍候片刻，本页会在 {retry} 秒后自动重试。</p>
<p lang="en">{waiting} pages opened from your address have not connected yet (at most {cap}). Please wait a
moment; this page retries by itself in {retry} seconds.</p>
</body></html>
"""

# Jupyter Server's error.html and 404.html extend page.html, which needs a static_url standalone Voilà does
# not have: every 403/404 from a Jupyter handler was a traceback in the log and an empty page.
ERROR_PAGE = """<!doctype html>
<html lang="zh-Hans"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ status_code }} · Rules Explorer</title></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 4em auto; padding: 0 1em; line-height: 1.6">
<h1>{{ status_code }}: {{ status_message }}</h1>
{% if message %}<pre>{{ message }}</pre>{% endif %}
<p>出错了：这个地址不能提供所请求的内容。<a href="{{ base_url }}">返回应用</a></p>
<p lang="en">This address cannot serve what was asked for. <a href="{{ base_url }}">Back to the app</a></p>
</body></html>
"""

HOST_REFUSED = ("403: 不接受的主机名 Host「{host}」（防 DNS 重绑定）；允许的：{allowed}。\n"
                "403: Host '{host}' is not accepted (DNS rebinding protection); allowed: {allowed}.\n"
                "Set {env} or --allowed-hosts to serve under another name.\n")


# The two stylesheet links of Voilà 0.5's lab template (templates/lab/index.html.j2) to the jsDelivr CDN.
CDN_STYLESHEET = re.compile(r'<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/[^"]*"[^>]*>\s*')


def without_cdn(html: str) -> str:
    """The page's HTML without its CDN stylesheet links (Font Awesome, which Voilà's bundle already serves)."""
    return CDN_STYLESHEET.sub("", html)


def allowed_hosts_from(text: str) -> tuple[str, ...]:
    """The allow-list as written (comma separated), lower case, without blanks."""
    return tuple(name.strip().lower() for name in text.split(",") if name.strip())


def host_is_allowed(host_header: str, allowed: tuple[str, ...]) -> bool:
    """Issue 20, Host check: a loopback address, or a name (or address) on the allow-list; ``*`` allows all."""
    if "*" in allowed:
        return True
    host = split_host_and_port(host_header.strip().lower())[0]
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if host in allowed:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class HostNotAllowed(Matcher):
    """Matches every request whose Host is not allowed, ahead of every other route."""

    def __init__(self, allowed: tuple[str, ...]):
        self.allowed = allowed

    def match(self, request):
        return None if host_is_allowed(request.host, self.allowed) else {}


class HostRefusedHandler(tornado.web.RequestHandler):
    """403 for any method, with the reason in 中文 and English; nothing else runs."""

    def initialize(self, allowed: tuple[str, ...]):
        self.allowed = allowed

    def prepare(self):
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        allowed = ", ".join(("loopback", *self.allowed))
        self.finish(HOST_REFUSED.format(host=self.request.host, allowed=allowed, env=ALLOWED_HOSTS_ENV))


def trusted_proxies_from(text: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """``--trusted-proxies`` as written (addresses or networks, comma separated); a word that is neither is an
    error at start-up, not a proxy silently untrusted."""
    networks = []
    for word in (w.strip() for w in text.split(",")):
        if word:
            try:
                networks.append(ipaddress.ip_network(word, strict=False))
            except ValueError:
                raise ValueError(f"--trusted-proxies: {word!r} is not an address or a network (e.g. 10.0.0.2, "
                                 f"10.0.0.0/8, ::1) / 不是地址或网段") from None
    return tuple(networks)


def _is_in(address: str, networks) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return False
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in network for network in networks if network.version == ip.version)


def client_address(remote_ip: str, forwarded_for: str | None, trusted=()) -> str:
    """The address a request came from: its peer's (``remote_ip``), unless that peer is one of the ``trusted``
    proxies (``--trusted-proxies``; none by default): then the ``X-Forwarded-For`` chain is read from its right
    end, each trusted proxy passed over, and the first address no trusted proxy holds is the client (what a
    client writes in the header itself, left of the proxies, is never believed). A malformed entry, or a chain of
    trusted proxies only, leaves the last good address."""
    if not trusted or not forwarded_for or not _is_in(remote_ip, trusted):
        return remote_ip
    client = remote_ip
    for hop in reversed(forwarded_for.split(",")):
        hop = hop.strip().strip("[]")
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return client
        client = hop
        if not _is_in(hop, trusted):
            return client
    return client


def client_of(remote_ip: str) -> str:
    """The client a page load counts against: its address; for IPv6 its /64 (one household, one phone's
    addresses), so that one machine cannot pass the per-client limit by changing its address."""
    try:
        address = ipaddress.ip_address(remote_ip)
    except ValueError:
        return remote_ip
    if address.version == 6:
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def machine_pool_size(memory_bytes: int | None = None, cores: int | None = None) -> int:
    """Kernels to pre-heat on this machine (or one with ``memory_bytes`` and ``cores``): 1/16 of its memory in app
    kernels and at most POOL_PER_CORE per core, between POOL_MIN and POOL_MAX."""
    if memory_bytes is None:
        try:
            memory_bytes = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):  # a system that does not say: the smallest pool
            return POOL_MIN
    if cores is None:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    by_memory = memory_bytes // 16 // (KERNEL_MIB * 2**20)
    return max(POOL_MIN, min(POOL_MAX, by_memory, POOL_PER_CORE * cores))


def live_kernels(kernel_manager, page_kernels: set[str] = frozenset(), taking: int = 0) -> int:
    """Kernels running or starting, the pre-heated pool included, with the pool's replacements still to come.
    ``page_kernels``: the kernels pages started themselves, not from the pool; ``taking``: pages waiting for a
    pool task they took that has not ended (each is counted by its reservation, RENDERS, and the replacement
    Voilà adds when that task ends by ``pool_top_up``)."""
    running = set(kernel_manager.list_kernel_ids()) | set(getattr(kernel_manager, "_pending_kernels", {}))
    return len(running) + pool_kernels_to_come(kernel_manager, running - page_kernels, taking) + \
        pool_top_up(kernel_manager, taking)


def pool_top_up(kernel_manager, taking: int) -> int:
    """The replacements Voilà adds when the ``taking`` pool tasks pages took end: it tops the pool back up to its
    size then (``fill_if_needed`` after the task a page awaited), so up to one per task, as many as the pool lacks
    now. Without them a page taking a waiting replacement let the next page in: 20 visitors at once were all
    admitted with a cap of 22 (30 kernels, `make bench`), each waking the next replacement."""
    if not taking:
        return 0
    config = getattr(kernel_manager, "kernel_pools_config", {})
    default = config.get("default", {})
    lacking = sum(max(0, config.get(name, default).get("pool_size", default.get("pool_size", 1)) - len(pool))
                  for name, pool in getattr(kernel_manager, "_pools", {}).items())
    return min(taking, lacking)


def pool_kernels_to_come(kernel_manager, running: set[str], taking: int = 0) -> int:
    """The pool's replacements whose kernel is not among ``running`` (the pool's and the pages' that came from
    it) yet: waiting out the refill delay, or before their kernel is registered. Without them a burst larger
    than the pool passed the cap (30 kernels with a cap of 22 in `make bench`). A pool task adds its kernel to
    ``notebook_data`` in the step it ends, so a running kernel not in it belongs to a task under way: one in
    the pool, or one of the ``taking`` tasks pages took (or it is a kernel being shut down: then one replacement
    less is counted while that kernel still is)."""
    under_way = [task for pool in getattr(kernel_manager, "_pools", {}).values() for task in pool if not task.done()]
    if not under_way:
        return 0
    ready = set().union(*(data["kernel_ids"] for data in getattr(kernel_manager, "notebook_data", {}).values()))
    started = max(0, len(running - ready) - taking)  # the pool's own tasks under way whose kernel is registered
    return max(0, len(under_way) - started)


REFILLS_WAITING: dict[asyncio.Task, asyncio.Event] = {}  # the pool's replacements waiting out their delay
STOPPING = asyncio.Event()  # the server is stopping: a replacement still waiting never starts


class ServerStopping(Exception):
    """A replacement still waiting when the server stopped (Voilà's shutdown_all skips a task that raised)."""


async def refill_after(delay: float, start: Awaitable):
    """Voilà's ``wait_before`` for the pool's replacements, which can be cut short: a replacement waits ``delay``
    seconds (REFILL_DELAY_SECONDS) so that it does not take the cores from pages still loading, unless a page
    takes it from the pool first (``wake_the_next_refill``) or a page closes (``refill_as_pages_close``): then
    it starts at once. Installed by RulesExplorerVoila."""
    task = asyncio.current_task()
    REFILLS_WAITING[task] = wake = asyncio.Event()
    try:
        await asyncio.wait_for(wake.wait(), delay)
    except TimeoutError:
        pass
    finally:
        del REFILLS_WAITING[task]
    if STOPPING.is_set():
        start.close()
        raise ServerStopping("the server stopped before this replacement started")
    return await warmed_in_turn(start)


WARMING: dict[asyncio.AbstractEventLoop, asyncio.Lock] = {}  # per loop: one pool kernel starts and runs the app
WARMED_LAST: list[asyncio.Task] = []  # the app's run in the kernel the pool started last
WARM_WAIT_SECONDS = 60  # a run that takes longer (a stuck cell) stops holding up the next kernel


async def warmed_in_turn(start: Awaitable):
    """Voilà's pool task ``start`` (start a kernel, then run the notebook in it), after the kernel started before
    it has run the notebook: the pool warms one kernel after another, so the first of a fresh server's pool is
    ready as soon as one kernel alone is (issue 31, point 4), not after the whole pool competed for the cores.
    The task still ends once its kernel is registered, as Voilà's does (the kernel count relies on it)."""
    loop = asyncio.get_running_loop()
    if loop not in WARMING:
        WARMING.clear()  # the server runs one loop; a test may run many, one after another
        WARMED_LAST.clear()
        WARMING[loop] = asyncio.Lock()
    async with WARMING[loop]:
        if WARMED_LAST and not WARMED_LAST[0].done():
            await asyncio.wait({WARMED_LAST[0]}, timeout=WARM_WAIT_SECONDS)
        if STOPPING.is_set():
            start.close()
            raise ServerStopping("the server stopped before this kernel started")
        started = await start
        WARMED_LAST[:] = [started["task"]] if isinstance(started, dict) and "task" in started else []
        return started


def _wake(task) -> bool:
    """Start ``task`` now if it is a replacement waiting out its delay; whether it was."""
    wake = REFILLS_WAITING.get(task)
    if wake is None or wake.is_set():
        return False
    wake.set()
    return True


def wake_the_next_refill(kernel_manager, notebook_name: str) -> None:
    """A page is about to take the first kernel of the notebook's pool: if that one is a replacement still
    waiting out its delay, start it now (the page waits for it)."""
    pool = getattr(kernel_manager, "_pools", {}).get(notebook_name) or ()
    if pool:
        _wake(pool[0])


def refill_as_pages_close(kernel_manager) -> None:
    """A kernel shut down (its page closed): the load it brought is over, so one replacement waiting out its
    delay starts now; when the server stops, the waiting ones never start."""
    shutdown_kernel, shutdown_all = kernel_manager.shutdown_kernel, kernel_manager.shutdown_all

    async def shut_down_then_refill(kernel_id, *args, **kwargs):
        try:
            return await shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            any(_wake(task) for pool in getattr(kernel_manager, "_pools", {}).values() for task in pool)

    async def stop_everything(*args, **kwargs):
        STOPPING.set()
        for wake in REFILLS_WAITING.values():
            wake.set()
        return await shutdown_all(*args, **kwargs)

    kernel_manager.shutdown_kernel, kernel_manager.shutdown_all = shut_down_then_refill, stop_everything


TRUSTED = "rules_explorer_trusted_proxies"  # settings key: the networks of --trusted-proxies


def request_client(request, settings) -> str:
    """The client address of a request, X-Forwarded-For believed only from a trusted proxy (``client_address``)."""
    return client_address(request.remote_ip or "", request.headers.get("X-Forwarded-For"), settings.get(TRUSTED, ()))


RENDERS = "rules_explorer_renders"  # settings key: page loads accepted whose kernel is not registered yet
RENDERING = "rules_explorer_rendering"  # settings key: per client, page loads under way
REAPER = "rules_explorer_reaper"  # settings key: the ClosedPageReaper (None when both its graces are 0)
PAGE_KERNELS = "rules_explorer_page_kernels"  # settings key: kernels pages started, not taken from the pool
TAKING = "rules_explorer_taking"  # settings key: pool tasks pages took and wait for


class PageKernelManager:
    """The kernel manager as one page load sees it: starting its kernel releases the page's reservation in
    the same step as the kernel manager registers the kernel (no await in between), so it counts once; taking
    a pre-heated kernel starts the replacement it takes at once if that one was still waiting."""

    def __init__(self, manager, release, page_kernels: set[str], taking: set, got_kernel=None):
        self._manager, self._release, self._page_kernels, self._taking = manager, release, page_kernels, taking
        self._got_kernel = got_kernel or (lambda kernel_id: None)  # told the page's kernel, its own or pre-heated

    def __getattr__(self, name):
        return getattr(self._manager, name)

    async def start_kernel(self, *args, **kwargs):
        """A page's own kernel (none pre-heated yet, or no pool): Voilà starts it here, not from the pool."""
        self._page_kernels.add(kwargs.setdefault("kernel_id", self._manager.new_kernel_id()))
        starting = self._manager.start_kernel(*args, **kwargs)
        self._release()
        kernel_id = await starting
        self._got_kernel(kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, notebook_name: str, *args, **kwargs):
        """Voilà's: the page takes the pool's first task and waits for it to end (counted in ``taking`` till then)."""
        pool = getattr(self._manager, "_pools", {}).get(notebook_name) or ()
        first = pool[0] if pool and not pool[0].done() else None
        wake_the_next_refill(self._manager, notebook_name)
        if first is not None:
            self._taking.add(first)
        try:
            rendered = await self._manager.get_rendered_notebook(notebook_name, *args, **kwargs)
        finally:
            self._taking.discard(first)
        self._got_kernel(rendered[2])  # (render task, rendered cells, kernel id)
        return rendered


class CappedVoilaHandler(TornadoVoilaHandler):
    """Voilà's page handler, refusing with a 503 "busy" page instead of starting one kernel too many."""

    reserved = False
    page_kernel: str | None = None  # the kernel this page got

    def initialize(self, max_kernels: int = 0, max_unconnected_per_client: int = 0, **kwargs):
        super().initialize(**kwargs)
        self.max_kernels, self.max_unconnected_per_client = max_kernels, max_unconnected_per_client

    @property
    def kernel_manager(self):
        return PageKernelManager(self.settings["kernel_manager"], self.release, self.page_kernels(),
                                 self.settings.setdefault(TAKING, set()), got_kernel=self.got_kernel)

    def got_kernel(self, kernel_id: str) -> None:
        self.page_kernel = kernel_id

    def page_kernels(self) -> set[str]:
        """The kernels pages started themselves (the server's, kept in its settings), the gone ones dropped."""
        manager = self.settings["kernel_manager"]
        kept = self.settings.setdefault(PAGE_KERNELS, set())
        kept.intersection_update({*manager.list_kernel_ids(), *getattr(manager, "_pending_kernels", {})})
        return kept

    @tornado.web.authenticated
    async def get(self, path=None):
        self.xsrf_token  # noqa: B018 -- sets the _xsrf cookie now: the page's shutdown request on unload carries it
        starts_a_kernel = not (self.notebook_path and path)  # in single-notebook mode a path is a file
        if not starts_a_kernel:
            return await self.serve(path)
        client, reaper = client_of(request_client(self.request, self.settings)), self.settings.get(REAPER)
        rendering = self.settings.setdefault(RENDERING, {})
        if self.max_unconnected_per_client and reaper is not None:
            waiting = reaper.unconnected_from(client) + rendering.get(client, 0)
            if waiting >= self.max_unconnected_per_client:
                return self.answer_client_busy(client, waiting)
        if self.max_kernels:
            live = live_kernels(self.settings["kernel_manager"], self.page_kernels(),
                                len(self.settings.get(TAKING, ()))) + self.settings.get(RENDERS, 0)
            if live >= self.max_kernels:
                return self.answer_busy(live)
            self.reserve()
        rendering[client] = rendering.get(client, 0) + 1
        try:
            await self.serve(path)
        finally:
            if rendering[client] > 1:
                rendering[client] -= 1
            else:
                del rendering[client]
            if reaper is not None and self.page_kernel is not None:  # in the same step: counted once, always
                reaper.expect_connection(self.page_kernel, client)

    async def serve(self, path) -> None:
        """Voilà's page (its kernel's cells as they run), without the CDN links."""
        try:
            async for html in self.get_generator(path=path):
                self.release()  # a pre-heated kernel was taken and the pool's refill is under way
                self.write(without_cdn(html))
                self.flush()
        finally:
            self.release()

    def reserve(self) -> None:
        """Count this page load's kernel before it exists, so a burst of loads cannot pass the cap."""
        self.reserved = True
        self.settings[RENDERS] = self.settings.get(RENDERS, 0) + 1

    def release(self) -> None:
        if self.reserved:
            self.reserved = False
            self.settings[RENDERS] -= 1

    def answer_busy(self, live: int) -> None:
        """503 with Retry-After and a bilingual page, written here (Jupyter's error templates do not
        render under standalone Voilà)."""
        self.log.warning("busy: %d live kernels, cap %d; page refused", live, self.max_kernels)
        self.set_status(503)
        self.set_header("Retry-After", str(RETRY_AFTER_SECONDS))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(BUSY_PAGE.format(live=live, cap=self.max_kernels, retry=RETRY_AFTER_SECONDS))


    def answer_client_busy(self, client: str, waiting: int) -> None:
        """503 for a client with too many pages served and not connected yet (issue 38, item 1)."""
        self.log.warning("busy: client %s has %d page(s) not connected, at most %d; page refused", client,
                         waiting, self.max_unconnected_per_client)
        self.set_status(503)
        self.set_header("Retry-After", str(RETRY_AFTER_SECONDS))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(CLIENT_BUSY_PAGE.format(waiting=waiting, cap=self.max_unconnected_per_client,
                                            retry=RETRY_AFTER_SECONDS))


ORIGIN_REFUSED = ("403: 没有 Origin 头的 websocket 不被接受（浏览器总会发送它）。\n"
                  "403: a websocket without an Origin header is not accepted (a browser always sends one).\n")


class OriginRequired:
    """Mixed into every websocket handler: a handshake without ``Origin`` (nor the old ``Sec-WebSocket-Origin``)
    is refused with 403 before the handler runs; one with it goes on to the handler's own origin check, and a
    request that is no handshake to the handler's own answer."""

    async def prepare(self):
        headers = self.request.headers
        handshake = headers.get("Upgrade", "").lower() == "websocket"  # else the handler answers (404, 400)
        if handshake and not (headers.get("Origin") or headers.get("Sec-WebSocket-Origin")) and not self.kernels_own():
            tornado.log.app_log.warning("websocket without Origin refused: %s from %s", self.request.path,
                                        self.request.remote_ip)
            # written here: Jupyter's error page asks for the user in a way its websocket handlers refuse (a 500)
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(ORIGIN_REFUSED)
            return
        ready = super().prepare()
        if ready is not None:
            await ready


    def kernels_own(self) -> bool:
        """The pre-heated kernel's own request-info socket (Voilà's ``RequestInfoSocketHandler``: the notebook asks
        the server for its page's address, ``?play=`` links included): a Python client with no Origin, always
        from this machine. Only from a loopback address is it let through without one."""
        from voila.request_info_handler import RequestInfoSocketHandler

        try:  # a request a trusted proxy forwarded comes from its client, not from this machine
            loopback = ipaddress.ip_address(request_client(self.request, self.settings)).is_loopback
        except ValueError:
            loopback = False
        return isinstance(self, RequestInfoSocketHandler) and loopback


def origin_required(handler: type) -> type:
    """``handler`` with OriginRequired ahead of it (named after it, for the log)."""
    return type(f"OriginRequired{handler.__name__}", (OriginRequired, handler), {})


class TemplateStaticHandler(TemplateStaticFileHandler):
    """Voilà's template static files; a path that is not ``<template>/static/<file>`` is a 404, not a 500."""

    def parse_url_path(self, path):
        parts = path.split("/", 2)
        if len(parts) < 3 or parts[1] != "static" or not parts[2]:
            raise tornado.web.HTTPError(404)
        # a NUL byte (the file system refuses it: a 500 with a traceback) or a step up the tree is no file of ours
        if "\x00" in path or any(step in ("..", ".") for step in path.replace("\\", "/").split("/")):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)


class LogoutHandler(JupyterLogoutHandler):
    """``/logout``: forget the login cookie (token mode) and go back to the app; Jupyter's own logout page
    needs a static_url that standalone Voilà does not have (the 500)."""

    @allow_unauthenticated
    def get(self):
        self.identity_provider.clear_login_cookie(self)
        self.redirect(url_path_join(self.base_url, "/"))


class RulesExplorerVoila(Voila):
    """Voilà with the Host allow-list, the pool sized for the machine, the kernel cap and the two 500s fixed."""

    aliases: ClassVar[dict] = {**Voila.aliases, "allowed-hosts": "RulesExplorerVoila.allowed_hosts",
               "max-kernels": "RulesExplorerVoila.max_kernels",
               "disconnect-grace": "RulesExplorerVoila.disconnect_grace",
               "connect-grace": "RulesExplorerVoila.connect_grace",
               "max-unconnected-per-client": "RulesExplorerVoila.max_unconnected_per_client",
               "trusted-proxies": "RulesExplorerVoila.trusted_proxies"}
    flags: ClassVar[dict] = {**Voila.flags, "teacher": ({"RulesExplorerVoila": {"teacher": True}},
                                                        "Turn the Play table's teacher's view on for a class: every "
                                                        "visitor may show every seat's cards.")}

    allowed_hosts = Unicode(config=True, help="Host names (or addresses) accepted besides loopback addresses, "
                                              "comma separated; '*' accepts any Host.")
    max_kernels = Int(config=True, help="Most live kernels, the pre-heated pool included (so keep it above "
                                        "the pool size); 0 = no cap.")

    disconnect_grace = Float(DEFAULT_GRACE_SECONDS, config=True,
                             help="Seconds a page kernel may stay without a websocket before it is shut down "
                                  "(a closed page); 0 = never (only the idle cull).")
    connect_grace = Float(DEFAULT_CONNECT_GRACE_SECONDS, config=True,
                          help="Seconds after its page was served within which a page's websocket must connect, "
                               "or its kernel is shut down (a plain GET, a crawler); 0 = never (only the idle "
                               "cull).")
    max_unconnected_per_client = Int(DEFAULT_UNCONNECTED_PER_CLIENT, config=True,
                                     help="Pages one client address (IPv6: its /64) may have rendering or served "
                                          "and not connected yet; the next gets the 503 busy page. 0 = no limit; "
                                          "needs --connect-grace. Behind a reverse proxy every visitor has the "
                                          "proxy's address unless it is in --trusted-proxies.")
    trusted_proxies = Unicode(config=True,
                              help="Addresses or networks of reverse proxies (comma separated) whose X-Forwarded-For "
                                   "header names the client (the per-client limit counts by it); none by default, "
                                   "so the header is never believed unless set. Only your own proxies.")

    @default("trusted_proxies")
    def _default_trusted_proxies(self):
        return os.environ.get(TRUSTED_PROXIES_ENV, "")

    teacher = Bool(config=True, help="The Play table's teacher's view on (every seat's cards can be shown to "
                                     "every visitor); off by default: each visitor sees their own seat only.")

    @default("teacher")
    def _default_teacher(self):
        return os.environ.get(TEACHER_ENV, "").strip().lower() in ("1", "true", "yes", "on")

    @default("allowed_hosts")
    def _default_allowed_hosts(self):
        return os.environ.get(ALLOWED_HOSTS_ENV, "localhost")

    @default("max_kernels")
    def _default_max_kernels(self):
        given = os.environ.get(MAX_KERNELS_ENV, "")
        return int(given) if given else self.pool_size() + DEFAULT_VISITORS

    def initialize(self, argv=None):
        """Voilà's start-up; then, unless a pool size was given (``--pool_size``, ``RULES_EXPLORER_POOL`` or a
        ``kernel_pools_config`` in voila.json), the pool sized for the machine, refilled REFILL_DELAY_SECONDS
        after a kernel is taken (unless ``VoilaKernelManager.fill_delay`` is set)."""
        super().initialize(argv)
        self.put_teacher_flag()
        configured = "default_pool_size" in self.config.VoilaConfiguration or \
            "kernel_pools_config" in self.config.VoilaKernelManager
        if not configured:
            given = os.environ.get(POOL_ENV, "")
            self.voila_configuration.default_pool_size = int(given) if given else machine_pool_size()
        if "fill_delay" not in self.config.VoilaKernelManager:
            self.config.VoilaKernelManager.fill_delay = float(REFILL_DELAY_SECONDS)
        voila.voila_kernel_manager.wait_before = refill_after

    def put_teacher_flag(self) -> None:
        """The teacher's view, on or off, where the app reads it: the server's environment, which its kernels
        (pre-heated ones too) inherit. Said in the log when on, so whoever runs the server sees it."""
        if self.teacher:
            os.environ[TEACHER_ENV] = "1"
            self.log.warning("Teacher's view on: every visitor may show every seat's cards / 教师视角已开启")
        else:
            os.environ.pop(TEACHER_ENV, None)

    def init_settings(self) -> dict:
        """Voilà's settings, with error pages Jupyter's handlers can render here."""
        settings = super().init_settings()
        env = settings["jinja2_env"]
        pages = jinja2.DictLoader({"error.html": ERROR_PAGE, "404.html": ERROR_PAGE})
        env.loader = jinja2.ChoiceLoader([pages, env.loader])
        settings[TRUSTED] = trusted_proxies_from(self.trusted_proxies)
        if settings[TRUSTED]:
            self.log.warning("X-Forwarded-For is believed from %s only / 仅信任这些代理的 X-Forwarded-For",
                             ", ".join(map(str, settings[TRUSTED])))
        settings[REAPER] = None
        if self.disconnect_grace > 0 or self.connect_grace > 0:
            settings[REAPER] = ClosedPageReaper(settings["kernel_manager"], self.disconnect_grace, log=self.log,
                                                connect_grace=self.connect_grace).install()
        refill_as_pages_close(settings["kernel_manager"])
        return settings

    def init_handlers(self) -> list:
        allowed = allowed_hosts_from(self.allowed_hosts)
        if self.max_kernels and self.voila_configuration.preheat_kernel and self.max_kernels <= self.pool_size():
            self.log.warning("--max-kernels=%d leaves no kernel for a page beside the pre-heated pool of %d / "
                             "内核上限不大于预热池：没有页面能打开", self.max_kernels, self.pool_size())
        handlers = [(HostNotAllowed(allowed), HostRefusedHandler, {"allowed": allowed})]
        for rule in super().init_handlers():
            handlers.append(self.replace_handler(rule))
        return handlers

    def pool_size(self) -> int:
        """Kernels the pre-heated pool keeps ready for the notebook."""
        pools = getattr(self.kernel_manager, "kernel_pools_config", {})
        return pools.get("default", {}).get("pool_size", self.voila_configuration.default_pool_size)

    def replace_handler(self, rule: tuple) -> tuple:
        """Voilà's route with our handler class where ours fixes an edge."""
        pattern, handler, *kwargs = rule
        if handler is TornadoVoilaHandler:
            return (pattern, CappedVoilaHandler, {**kwargs[0], "max_kernels": self.max_kernels,
                                                  "max_unconnected_per_client": self.max_unconnected_per_client})
        if handler is TemplateStaticFileHandler:
            return (pattern, TemplateStaticHandler, *kwargs)
        if isinstance(pattern, str) and pattern.rstrip("/").endswith("/logout"):
            return (pattern, LogoutHandler)
        if isinstance(handler, type) and issubclass(handler, tornado.websocket.WebSocketHandler):
            return (pattern, origin_required(handler), *kwargs)
        return rule


main = RulesExplorerVoila.launch_instance

if __name__ == "__main__":
    sys.exit(main())
