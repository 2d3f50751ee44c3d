"""The app's server settings are in effect both ways it is served (issue 19, item 1).

Standalone (`make app`, widgets/server/serve.py): the Makefile's own recipe, replayed in-process up to the objects
Voilà builds, gives the executor a 60 s iopub_timeout (the 4 s default failed 6 of 10 simultaneous page loads), a
pre-heated kernel pool and culling. Under JupyterLab (Binder: /voila/render/notebooks/app.ipynb), after
binder/postBuild, the executor Voilà's server extension builds from the server's config gets the same
timeout and the server's kernels are culled; without postBuild it would get the 4 s default, which is
what the last test shows (notebooks/voila.json is not read there)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from voila_server import ROOT

from widgets.server.serve import (
    DEFAULT_VISITORS,
    POOL_MAX,
    POOL_MIN,
    POOL_PER_CORE,
    REFILL_DELAY_SECONDS,
    live_kernels,
    machine_pool_size,
)

SETTINGS = json.loads((ROOT / "notebooks" / "voila.json").read_text(encoding="utf-8"))
TIMEOUT = SETTINGS["VoilaExecutor"]["iopub_timeout"]

STANDALONE = """
import json, sys, tempfile
import nbformat
from voila.execute import VoilaExecutor
from widgets.server.serve import RulesExplorerVoila
app = RulesExplorerVoila()
app.initialize(sys.argv[1:])
app.connection_dir = tempfile.mkdtemp()
km = app.init_settings()["kernel_manager"]  # what start() serves with, without listening
executor = VoilaExecutor(nbformat.v4.new_notebook(), config=app.config)  # as each page's renderer makes it
print(json.dumps({"iopub_timeout": executor.iopub_timeout, "preheat_kernel": app.voila_configuration.preheat_kernel,
                  "pool": km.kernel_pools_config, "cull_idle_timeout": km.cull_idle_timeout,
                  "fill_delay": km.fill_delay, "max_kernels": app.max_kernels}))
"""

LAB = """
import json
import nbformat
from jupyter_server.serverapp import ServerApp
from voila.execute import VoilaExecutor
from voila.tornado.handler import TornadoVoilaHandler
app = ServerApp()
app.initialize(["--no-browser", "--port=0"])
found, handlers = [], []
def walk(router):
    for rule in getattr(router, "rules", []):
        if isinstance(rule.target, type) and issubclass(rule.target, TornadoVoilaHandler):
            found.append(rule.target_kwargs)  # what /voila/render/... pages are made with
            handlers.append(rule.target.__name__)
        else:
            walk(rule.target)
walk(app.web_app.default_router)
executor = VoilaExecutor(nbformat.v4.new_notebook(), config=found[0]["config"])
conf = found[0]["voila_configuration"]
print(json.dumps({"iopub_timeout": executor.iopub_timeout, "template": conf.template,
                  "show_tracebacks": conf.show_tracebacks, "cull_idle_timeout": app.kernel_manager.cull_idle_timeout,
                  "handler": handlers[0]}))
"""


def isolated_env(home: Path) -> dict[str, str]:
    """A fresh home with no Jupyter config of its own, the venv's python and jupyter first on PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    env.update(HOME=str(home), PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
               PYTHONPATH=str(ROOT))
    return env


def probe(code: str, cwd: Path, env: dict[str, str], *args: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


GiB = 2**30


def test_the_pool_is_sized_by_the_machines_memory():
    """1/16 of the memory in app kernels (125 MiB), between 2 and 10: a small laptop keeps 2, a 24 GB machine with
    the cores for it 10."""
    assert machine_pool_size(4 * GiB, cores=8) == POOL_MIN == 2
    assert machine_pool_size(8 * GiB, cores=8) == 4
    assert machine_pool_size(24 * GiB, cores=8) == machine_pool_size(256 * GiB, cores=64) == POOL_MAX == 10
    assert machine_pool_size(0, cores=8) == POOL_MIN
    assert POOL_MIN <= machine_pool_size() <= POOL_MAX


def test_the_pool_is_sized_by_the_machines_cores_too():
    """Issue 31, point 4: at most 3 kernels a core (warming each costs ~4 s of CPU): this 2-core, 24 GB machine
    pre-heats 6, not 10; one core 3; never fewer than 2; memory still bounds a machine with many cores."""
    assert POOL_PER_CORE == 3
    assert machine_pool_size(24 * GiB, cores=2) == 6
    assert machine_pool_size(24 * GiB, cores=1) == 3
    assert machine_pool_size(24 * GiB, cores=3) == 9
    assert machine_pool_size(8 * GiB, cores=16) == 4
    assert machine_pool_size(256 * GiB, cores=0) == POOL_MIN
    cores = len(os.sched_getaffinity(0))
    assert machine_pool_size() == max(POOL_MIN, min(POOL_MAX, POOL_PER_CORE * cores, machine_pool_size(cores=99)))


@pytest.mark.parametrize(("args", "env", "pool", "cap"), [
    ((), {"RULES_EXPLORER_POOL": "3"}, 3, 3 + DEFAULT_VISITORS),
    (("--pool_size=4",), {"RULES_EXPLORER_POOL": "3"}, 4, 4 + DEFAULT_VISITORS),
    (("--pool_size=4", "--max-kernels=5"), {}, 4, 5),
    ((), {"RULES_EXPLORER_POOL": "3", "RULES_EXPLORER_MAX_KERNELS": "0"}, 3, 0)])
def test_a_pool_or_a_cap_given_wins_over_the_machines(tmp_path, args, env, pool, cap):
    cwd, make_args = make_app_recipe()
    got = probe(STANDALONE, cwd, {**isolated_env(tmp_path), **env}, *make_args, *args)
    assert got["pool"]["default"]["pool_size"] == pool and got["max_kernels"] == cap


def make_app_recipe() -> tuple[Path, list[str]]:
    """The directory and the voila arguments of the Makefile's `app` target."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^app:.*\n\t(.+)$", text, re.M).group(1)
    match = re.fullmatch(r"cd (\S+) && \S+/python -m widgets\.server\.serve (.+)", recipe.strip())
    assert match, f"`make app` no longer reads: cd <dir> && <venv>/python -m widgets.server.serve <args>: {recipe}"
    args = match.group(2).replace("$(PORT)", "0").replace("$(ARGS)", "").split()
    return ROOT / match.group(1), args


def test_make_app_serves_with_the_apps_settings(tmp_path):
    cwd, args = make_app_recipe()
    assert (cwd / "voila.json").exists() and (cwd / args[0]).exists()
    got = probe(STANDALONE, cwd, isolated_env(tmp_path), *args)
    assert got["iopub_timeout"] == TIMEOUT >= 30
    assert got["preheat_kernel"] is True and got["pool"]["default"]["pool_size"] == machine_pool_size() >= 2
    assert got["fill_delay"] == REFILL_DELAY_SECONDS and got["max_kernels"] == machine_pool_size() + DEFAULT_VISITORS
    assert got["cull_idle_timeout"] == SETTINGS["MappingKernelManager"]["cull_idle_timeout"] > 0


@pytest.mark.skipif(shutil.which("bash") is None, reason="postBuild is a bash script")
def test_binder_postbuild_puts_the_settings_where_jupyterlab_reads_them(tmp_path):
    env = isolated_env(tmp_path)
    subprocess.run(["bash", "binder/postBuild"], cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    assert (tmp_path / ".jupyter" / "jupyter_server_config.json").exists()
    got = probe(LAB, ROOT, env)  # repo2docker starts `jupyter lab` in the repository root
    assert got["iopub_timeout"] == TIMEOUT
    assert got["cull_idle_timeout"] == SETTINGS["MappingKernelManager"]["cull_idle_timeout"]
    assert got["template"] == "lab" and got["show_tracebacks"] is False
    assert got["handler"] == "XsrfCookieVoilaHandler"  # widgets.server.extension is enabled (closed pages, _xsrf)


def test_without_postbuild_jupyterlab_would_keep_the_four_second_default(tmp_path):
    got = probe(LAB, ROOT, isolated_env(tmp_path))
    assert got["iopub_timeout"] == 4 != TIMEOUT and got["cull_idle_timeout"] == 0


def test_postbuild_keeps_settings_already_there(tmp_path):
    config = tmp_path / "cfg"
    config.mkdir()
    (config / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {"root_dir": "/srv"},
                                                                    "VoilaExecutor": {"timeout": 30}}))
    subprocess.run([sys.executable, "binder/server_config.py", str(config)], cwd=ROOT, check=True,
                   capture_output=True)
    written = json.loads((config / "jupyter_server_config.json").read_text())
    assert written["ServerApp"] == {"root_dir": "/srv", "jpserver_extensions": {"widgets.server.extension": True}}
    assert written["VoilaExecutor"] == {"timeout": 30, "iopub_timeout": TIMEOUT}


class Task:
    """A pool task as the count sees it: done or not."""

    def __init__(self, done: bool):
        self._done = done

    def done(self) -> bool:
        return self._done


class KernelManager:
    """Voilà's kernel manager as live_kernels reads it: registered and starting kernels, the pool's tasks, and
    the kernels the pool's tasks have finished (notebook_data)."""

    def __init__(self, registered=(), starting=(), pool=(), ready=(), pool_size=None):
        self.registered, self._pending_kernels = list(registered), dict.fromkeys(starting)
        self.kernel_pools_config = {"default": {"pool_size": len(pool) if pool_size is None else pool_size}}
        self._pools = {"app.ipynb": [Task(done) for done in pool]}
        self.notebook_data = {"app.ipynb": {"kernel_ids": set(ready)}}

    def list_kernel_ids(self):
        return self.registered


@pytest.mark.parametrize("manager, page_kernels, expected", [
    # the pool filled (a, b) and nothing else
    (KernelManager(registered="ab", pool=(True, True), ready="ab"), set(), 2),
    # the pool starting: b registered while its task ends, c still starting: each counted once
    (KernelManager(registered="ab", starting="c", pool=(True, False, False), ready="a"), set(), 3),
    # two pages took a and b; both replacements wait out the refill delay: 4, not 2 (the cap's hole)
    (KernelManager(registered="ab", pool=(False, False), ready="ab"), set(), 4),
    # one replacement started (c registered, its task not ended), the other waits
    (KernelManager(registered="abc", pool=(False, False), ready="ab"), set(), 4),
    # a page came before the pool was filled and started its own kernel p: not a pool task's
    (KernelManager(registered="abp", pool=(False, False), ready="ab"), {"p"}, 5),
])
def test_the_kernel_count_includes_the_pools_replacements_once(manager, page_kernels, expected):
    assert live_kernels(manager, page_kernels) == expected


def test_a_replacement_a_page_took_does_not_hide_one_still_in_the_pool():
    """Pages took a and b, and two more took the replacements c and d, whose kernels are registered but whose
    tasks have not ended; the pool holds two new replacements, waiting. 4 kernels + 2 to come (the two pages
    are counted by their reservations besides); before, c and d hid the two waiting ones (18 pages admitted
    past a cap of 22 in `make bench`)."""
    manager = KernelManager(registered="abcd", pool=(False, False), ready="ab")
    assert live_kernels(manager, taking=2) == 6
    assert live_kernels(manager, taking=0) == 4  # c and d taken for the pool's own


def test_a_page_waiting_for_a_replacement_counts_the_one_that_will_replace_it():
    """Pool 10: ten pages took a–j, and their ten replacements wait out the delay; an eleventh page took the first
    replacement (woken for it) and waits. The pool holds nine; when the eleventh page's task ends, Voilà tops the
    pool up to ten again: 10 kernels + 9 waiting + 1 to be added = 20 (the page itself is counted by its
    reservation besides). Before, 19: each page taking a replacement let one more in, and 20 visitors at once
    were all admitted past a cap of 22 (30 kernels, `make bench`)."""
    manager = KernelManager(registered="abcdefghij", pool=(False,) * 9, ready="abcdefghij", pool_size=10)
    assert live_kernels(manager, taking=1) == 20
    assert live_kernels(manager, taking=0) == 19
    full = KernelManager(registered="abcdefghij", pool=(False,) * 10, ready="abcdefghij", pool_size=10)
    assert live_kernels(full, taking=1) == 20  # the pool is full already: the task's end adds none
