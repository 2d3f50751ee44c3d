"""Shared fixtures: the toy game for the core's own tests, and 'needs' that fails under CI."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).parent))

import toy  # noqa: E402

import explorer  # noqa: E402

explorer.register(toy.GAME)

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def need(condition: bool, why: str) -> None:
    """Skip a test whose tool is missing, except under CI=true, where that is a failure."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI=true and {why}")
    pytest.skip(why)


@pytest.fixture
def chromium_path() -> str:
    need(Path(CHROMIUM).exists() or shutil.which("chromium") is not None, f"no chromium at {CHROMIUM}")
    return CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")


@pytest.fixture(scope="session")
def output_dir() -> Path:
    out = ROOT / "test-output"
    out.mkdir(exist_ok=True)
    return out

# Fixture notebooks under tests/ are served by Voilà in browser tests, not run by nbval.
collect_ignore_glob = ["**/*.ipynb"]
