"""Shared fixtures: the test plug-in games (the core's own toy game), chromium, the output folder, the app server,
every test's session seeds (fixed and printed), and a widget callback that raises failing its test. Shared helpers live
in ``support.py`` (import them from there, never from a conftest)."""

from __future__ import annotations

import logging
import random
import secrets
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from support import CHROMIUM, KERNEL_SEED, ROOT, SEED_BASE, need

import explorer

explorer.use_plugins(Path(__file__).parent / "plugins")  # the test plug-in games (tests/plugins/*), this process only



@pytest.fixture
def chromium_path() -> str:
    need(Path(CHROMIUM).exists() or shutil.which("chromium") is not None, f"no chromium at {CHROMIUM}")
    return CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")


@pytest.fixture(autouse=True, scope="module")
def one_browser_per_module():
    """A module's pages share one chromium (voila_server.shared_browser), closed with its Playwright driver when
    the module ends: the next module, a notebook's kernel client among them, finds no Playwright event loop left."""
    yield
    if "voila_server" in sys.modules:
        sys.modules["voila_server"].close_browsers()


@pytest.fixture(scope="session")
def app_url() -> str:
    """The app as `make app` serves it (its launcher, a test's pool of pre-heated kernels), one server per test
    process (per pytest-xdist worker), started when a test first asks; tests that need their own settings (a kernel
    cap, a content folder, the product's own seeds) start their own."""
    from voila_server import launcher_server

    with launcher_server(ROOT / "notebooks" / "app.ipynb", timeout=300) as (url, _process):
        yield url


@pytest.fixture(scope="session")
def output_dir() -> Path:
    out = ROOT / "test-output"
    out.mkdir(exist_ok=True)
    return out


@pytest.fixture(autouse=True)
def replayable_session_seed(request, monkeypatch):
    """A test's sessions (widgets.GameSession, PlayArea) draw their 'secret' seeds from RE_TEST_SEED and the test's
    id (a test server's kernels from support.KERNEL_SEED), printed so a failure names them (pytest shows a failing
    test's captured output)."""
    seed = f"{SEED_BASE}:{request.node.nodeid}"
    monkeypatch.setattr(secrets, "randbits", random.Random(seed).getrandbits)  # what session_seed calls
    print(f"session seeds: RE_TEST_SEED={SEED_BASE} (here random.Random({seed!r}), in a test server's kernels "
          f"random.Random({KERNEL_SEED!r}))")
    yield


@pytest.fixture(autouse=True)
def no_swallowed_callback_errors(caplog):
    """A button handler that raises is only logged by ipywidgets; here it fails the test."""
    caplog.set_level(logging.WARNING)
    yield
    swallowed = [r for r in caplog.records if "Exception in callback" in r.getMessage()]
    assert not swallowed, f"a widget callback raised: {swallowed[0].getMessage()}"


# Fixture notebooks under tests/ are served by Voilà in browser tests, not run by nbval.
collect_ignore_glob = ["**/*.ipynb"]
