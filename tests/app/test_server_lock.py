"""Reproducible builds (issue 18, item 5): binder/requirements.lock pins every dependency at the version this
environment runs (`make lock` writes it after a green `make test`); Binder's requirements.txt and every
`make` install take it as constraints, so Binder and CI build exactly what was tested."""

from __future__ import annotations

import re
from importlib import metadata

from voila_server import ROOT

LOCK = ROOT / "binder" / "requirements.lock"


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned() -> dict[str, str]:
    pins = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"not pinned with ==: {line!r}"
            pins[canonical(name)] = version
    return pins


def installed() -> dict[str, str]:
    return {canonical(d.metadata["Name"]): d.version for d in metadata.distributions()}


def test_the_lock_and_the_installed_versions_agree():
    pins, have = pinned(), installed()
    wrong = {name: (version, have.get(name)) for name, version in pins.items() if have.get(name) != version}
    assert wrong == {}, "lock version vs installed (run `make lock` after a green `make test`)"
    project = canonical(metadata.metadata("rules-explorer")["Name"])
    unpinned = sorted(set(have) - set(pins) - {project, "pip", "setuptools"})  # pip freeze leaves the installers out
    assert unpinned == [], "installed but not in the lock"


def test_the_projects_own_requirements_are_all_pinned():
    requires = metadata.requires("rules-explorer") or []
    names = {canonical(re.split(r"[\s;<>=!~\[]", r, maxsplit=1)[0]) for r in requires}
    assert names and names - {"rules-explorer"} <= set(pinned())  # its own extras name the project itself


def test_binder_and_make_install_with_the_lock_as_constraints():
    binder = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").split()
    assert binder[binder.index("-c") + 1] == "requirements.lock" and "-e" in binder
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^LOCK\s*:= binder/requirements.lock$", makefile, re.M)
    assert re.search(r"^PIP\s*:= .*pip install .*-c \$\(LOCK\)$", makefile, re.M)
    assert re.search(r"^lock:.*\n\t.*\n\t.*\n\t.*pip freeze --exclude-editable", makefile, re.M)
