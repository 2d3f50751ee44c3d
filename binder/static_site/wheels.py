"""The Python side of the static site: pure-Python wheels for Pyodide, and the pyodide-lock.json naming them.

Run inside the build venv (it needs ``packaging``). Versions: what Pyodide 0.29's own lock ships wins (its kernel
is tested with it: IPython must be 9.0.2, IPython 9.18 breaks pyodide_kernel 0.7.0), else binder/requirements.lock.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

# Requirement markers evaluated as on Pyodide 0.29 (CPython 3.13 on emscripten/wasm32).
PYODIDE_ENV = {"sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
               "python_version": "3.13", "python_full_version": "3.13.2", "implementation_name": "cpython",
               "platform_python_implementation": "CPython", "os_name": "posix", "extra": ""}
SKIP = {"widgetsnbextension"}  # the classic-notebook front end; the Pyodide kernel ships its own shim


def pins(requirements_lock: Path, pyodide_lock: Path) -> dict[str, str]:
    """Name → version: the project's lock, overridden by the pure-Python wheels Pyodide's own lock ships."""
    found = {}
    for line in requirements_lock.read_text().splitlines():
        line = line.strip()
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==", 1)
            found[canonicalize_name(name)] = version.split(";")[0].strip()
    for name, entry in json.loads(pyodide_lock.read_text())["packages"].items():
        if entry["package_type"] == "package" and entry["file_name"].endswith("none-any.whl"):
            found[canonicalize_name(name)] = entry["version"]
    return found


def _wheel_of(folder: Path, name: str, version: str | None = None) -> Path | None:
    for whl in folder.glob("*.whl"):
        n, v, _, _ = parse_wheel_filename(whl.name)
        if canonicalize_name(n) == name and (version is None or str(v) == version):
            return whl
    return None


def download(roots: list[str], pinned: dict[str, str], folder: Path, pip: list[str]) -> list[str]:
    """Every root and its dependencies (markers as on Pyodide) as pure-Python wheels in ``folder``; a wheel
    already there at its pinned version is not asked for again. Returns the names."""
    folder.mkdir(parents=True, exist_ok=True)
    todo, done = [canonicalize_name(r) for r in roots], set()
    while todo:
        name = todo.pop()
        if name in done or name in SKIP:
            continue
        done.add(name)
        if name not in pinned:
            raise SystemExit(f"make site: {name} is pinned neither by Pyodide nor by binder/requirements.lock")
        whl = _wheel_of(folder, name, pinned[name])
        if whl is None:
            subprocess.run([*pip, "download", "-q", "--no-deps", "--only-binary=:all:", "--python-version", "3.13",
                            "--implementation", "py", "--abi", "none", "--platform", "any", "-d", str(folder),
                            f"{name}=={pinned[name]}"], check=True)
            whl = _wheel_of(folder, name, pinned[name])
        with zipfile.ZipFile(whl) as z:
            meta = next(m for m in z.namelist() if m.endswith(".dist-info/METADATA"))
            for line in z.read(meta).decode().splitlines():
                if line.startswith("Requires-Dist:"):
                    req = Requirement(line.split(":", 1)[1].strip())
                    if req.marker is None or req.marker.evaluate(PYODIDE_ENV):
                        todo.append(canonicalize_name(req.name))
    return sorted(done)


def empty_wheel(name: str, folder: Path) -> Path:
    """An empty wheel standing in for a Pyodide module that is not on npm (sqlite3): the kernel asks for it,
    IPython runs without it (no history)."""
    info = f"{name}-0.0.0.dist-info"
    path = folder / f"{name}-0.0.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        for member, text in ((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"),
                             (f"{info}/WHEEL", "Wheel-Version: 1.0\nGenerator: rules-explorer\n"
                                               "Root-Is-Purelib: true\nTag: py3-none-any\n"),
                             (f"{info}/RECORD", "")):
            z.writestr(zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0)), text)  # the same bytes every build
    return path


def write_lock(core_lock: Path, folder: Path) -> list[str]:
    """A pyodide-lock.json in ``folder`` naming exactly its wheels (sha256 computed here) with the core's info,
    so Pyodide loads them from the same host and nothing else. Returns the package names."""
    packages = {}
    for whl in sorted(folder.glob("*.whl")):
        name, version, _, _ = parse_wheel_filename(whl.name)
        with zipfile.ZipFile(whl) as z:
            tops = sorted({n.split("/")[0].removesuffix(".py") for n in z.namelist()
                           if not n.split("/")[0].endswith((".dist-info", ".data"))
                           and (n.endswith(".py") or "/" in n)})
        packages[canonicalize_name(name)] = {
            "name": canonicalize_name(name), "version": str(version), "file_name": whl.name, "install_dir": "site",
            "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(), "package_type": "package", "imports": tops,
            "depends": [], "unvendored_tests": False, "shared_library": False}
    info = json.loads(core_lock.read_text())["info"]
    (folder / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": packages}, indent=1))
    return sorted(packages)


def lite_config(packages: list[str]) -> dict:
    """jupyter-lite.json: Pyodide from this host, no PyPI fallback, and every bundled wheel loaded at start (so
    the kernel skips its piplite installs)."""
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.js", "disablePyPIFallback": True,
              "loadPyodideOptions": {"packages": packages}}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}
