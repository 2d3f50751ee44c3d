"""The project installs as declared: binder/ brings every runtime dependency of pyproject.toml."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib

import pytest
from voila_server import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_binder_installs_the_package_itself():
    lines = [x.strip() for x in (ROOT / "binder" / "requirements.txt").read_text().splitlines() if x.strip()]
    assert "-e .[balance]" in lines, "binder/ overrides root configs: it must install the package (Balance tab too)"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"


def test_runtime_dependencies_are_the_design_card():
    names = {_name(r) for r in PYPROJECT["project"]["dependencies"]}
    assert {"ipywidgets", "jupyterlab", "voila", "ipykernel", "networkx", "plotly", "anywidget", "sympy"} <= names
    assert {_name(r) for r in PYPROJECT["project"]["optional-dependencies"]["test"]} >= {
        "pytest", "nbval", "playwright", "hypothesis"}
    assert "icepool" in {_name(r) for r in PYPROJECT["project"]["optional-dependencies"]["bench"]}


@pytest.mark.slow
def test_binder_requirements_resolve_to_every_runtime_dependency(tmp_path):
    """pip resolves binder/requirements.txt from the repo root, as repo2docker does, without installing."""
    report = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
         "--disable-pip-version-check", "--report", str(report), "-r", "binder/requirements.txt"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    installs = json.loads(report.read_text())["install"]
    resolved = {item["metadata"]["name"].lower().replace("_", "-") for item in installs}
    for requirement in PYPROJECT["project"]["dependencies"]:
        assert _name(requirement) in resolved, f"binder/ would not install {requirement}"
