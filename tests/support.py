"""What tests share: the repository's root, whether this is CI, ``need`` (a skip that fails under CI) and the
games to test. Import it as ``from support import …`` (tests/conftest.py puts this folder on ``sys.path``);
never ``from conftest import …``, which names whichever conftest Python imported first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Every widget or app test's secret session seeds come from this base (RE_TEST_SEED=N tries another): in the test's
# process from the base and the test's id (tests/conftest.py), in a test server's kernels from KERNEL_SEED
# (tests/kernel_seed/sitecustomize.py). The product draws them from the OS (widgets.session_node.session_seed).
SEED_BASE = int(os.environ.get("RE_TEST_SEED", "0"))
KERNEL_SEED = f"{SEED_BASE}:kernel"
KERNEL_SEED_PATH = Path(__file__).parent / "kernel_seed"


def need(condition: bool, why: str) -> None:
    """Skip a test whose tool is missing, except under CI=true, where that is a failure."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI=true and {why}")
    pytest.skip(why)
