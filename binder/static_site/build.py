"""`make site`: the whole app as a static folder (`_site/`) that any web host serves, running in the visitor's
browser on Pyodide with nothing fetched from any other address (issue 18 item 4).

Steps (each skipped when its result is already cached under `.cache/site/`):
1. a build venv `.venv-site` with the pins of requirements-build.txt (voici-core, JupyterLite, the Pyodide kernel);
2. `npm pack` Pyodide 0.29.0 (the version jupyterlite-pyodide-kernel 0.7.0 expects) and Font Awesome 5;
3. the pure-Python wheels of the app's dependencies (wheels.py), the project's own wheel, a lock and
   jupyter-lite.json;
4. `voici build`, then Pyodide, the wheels and Font Awesome copied in and the page's CDN links pointed at them.
When nothing that goes into the site changed since the last build, the build is skipped (`--force` rebuilds).
Run with any Python ≥ 3.11: `python3 binder/static_site/build.py`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CACHE = ROOT / ".cache" / "site"
VENV = ROOT / ".venv-site"
OUT = ROOT / "_site"
REQUIREMENTS = HERE / "requirements-build.txt"
PROGRESS = HERE / "progress"  # the loading panel of the app page and the worker's side of it (issue 31 point 4)
# npm package → the sha256 of its tarball (checked after every download).
NPM = {"pyodide@0.29.0": "52ea0e976b6e8373ef911f21cb3751ea50b03eb423b093fbfa21ffc27e842f01",
       "@fortawesome/fontawesome-free@5.15.4": "6d890608585d48f50f6434a90ed3f581e76d360edb26800dba2f782ef3e77e11"}
PYODIDE_FILES = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json"]
ROOTS = ["ipython", "jedi", "comm", "ipywidgets", "anywidget", "plotly", "networkx", "sympy", "traitlets",
         "micropip"]
# the project's own packages, as pyproject.toml's package list names them (a package added there is in the site too)
PACKAGES = [p.rstrip("*") for p in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
            ["tool"]["setuptools"]["packages"]["find"]["include"]]
SOURCES = ["pyproject.toml", "README.md", *PACKAGES]
# The CDN stylesheets voici's pages link → the bundled Font Awesome 5 file that serves them (v4 names: all.min.css).
FA_CDN = {"https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css": "css/all.min.css",
          "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/v4-shims.min.css": "css/v4-shims.min.css",
          "https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/font-awesome.min.css": "css/all.min.css"}


def say(message: str) -> None:
    print(f"make site: {message}", flush=True)


def run(*command, **kwargs) -> None:
    subprocess.run([str(c) for c in command], check=True, **kwargs)


def build_venv() -> Path:
    """`.venv-site` with exactly requirements-build.txt (reinstalled when that file changes)."""
    python, stamp = VENV / "bin" / "python", VENV / ".installed"
    want = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if not (python.exists() and stamp.exists() and stamp.read_text() == want):
        say(f"creating the build venv {VENV.name} (PyPI, pinned)")
        run(sys.executable, "-m", "venv", VENV)
        run(python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", REQUIREMENTS)
        stamp.write_text(want)
    return python


def npm_pack(spec: str) -> Path:
    """The npm tarball of ``spec`` in the cache, downloaded once and checked against its pinned sha256."""
    name, version = spec.rsplit("@", 1)
    tgz = CACHE / "npm" / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tgz.exists():
        if shutil.which("npm") is None:
            raise SystemExit("make site: npm is needed once to fetch Pyodide and Font Awesome (apt-get install npm)")
        say(f"npm pack {spec}")
        tgz.parent.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", spec, "--pack-destination", tgz.parent, stdout=subprocess.DEVNULL)
    digest = hashlib.sha256(tgz.read_bytes()).hexdigest()
    if digest != NPM[spec]:
        tgz.unlink()
        raise SystemExit(f"make site: {spec} has sha256 {digest}, expected {NPM[spec]}; removed, run again")
    return tgz


def unpack(tgz: Path, members: dict[str, Path]) -> None:
    """Extract ``package/<member>`` (a file, or every file under a folder ending in /) to its destination."""
    with tarfile.open(tgz) as tar:
        for info in tar.getmembers():
            rel = info.name.removeprefix("package/")
            for member, dest in members.items():
                if info.isfile() and (rel == member or (member.endswith("/") and rel.startswith(member))):
                    target = dest / rel.removeprefix(member) if member.endswith("/") else dest
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(tar.extractfile(info).read())


def fingerprint() -> str:
    """A hash of everything that goes into the site: the build's own files, the pins, the app and its code."""
    h = hashlib.sha256(json.dumps(NPM).encode())
    paths = [*HERE.glob("*.py"), *sorted(PROGRESS.iterdir()), REQUIREMENTS, ROOT / "binder" / "requirements.lock",
             ROOT / "notebooks" / "app.ipynb"]
    for source in SOURCES:
        p = ROOT / source
        paths += sorted(q for q in p.rglob("*") if q.is_file() and "__pycache__" not in q.parts) if p.is_dir() else [p]
    for p in paths:
        h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def add_progress(site: Path) -> None:
    """The loading panel (progress/panel.html) at the top of each rendered page's body, with the sizes of what
    the kernel's worker fetches; Pyodide's pyodide.js wrapped in progress/worker-head.js and worker-tail.js, which
    count those bytes in the worker and tell the page."""
    pyodide = site / "static" / "pyodide"
    python = sum((pyodide / f).stat().st_size for f in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"))
    wheels = list(pyodide.glob("*.whl"))
    packages = sum(w.stat().st_size for w in wheels)
    panel = (PROGRESS / "panel.html").read_text()
    for name, value in (("PYTHON_BYTES", python), ("PACKAGE_BYTES", packages), ("PACKAGE_COUNT", len(wheels)),
                        ("TOTAL_MB", round((python + packages) / 2**20))):
        panel = panel.replace(f"__{name}__", str(value))
    for page in (site / "voici" / "render").glob("*.html"):
        text, n = re.subn(r"(<body[^>]*>)", lambda m: m.group(1) + "\n" + panel, page.read_text(), count=1)
        if not n:
            raise SystemExit(f"make site: no <body> in {page.relative_to(site)} for the loading panel")
        page.write_text(text)
    loader = pyodide / "pyodide.js"
    head, tail = ((PROGRESS / f).read_text() for f in ("worker-head.js", "worker-tail.js"))
    loader.write_text(f"{head}\n{loader.read_text()}\n{tail}")


def in_venv(force: bool) -> None:
    """Steps 3–4, run by the build venv's Python (wheels.py needs `packaging`)."""
    sys.path.insert(0, str(HERE))
    import wheels

    stamp = OUT / ".build-fingerprint"
    want = fingerprint()
    if not force and stamp.exists() and stamp.read_text() == want:
        say(f"{OUT.name}/ is up to date (nothing that goes into it changed; --force rebuilds)")
        return
    started = time.monotonic()
    pyodide_tgz, fa_tgz = npm_pack("pyodide@0.29.0"), npm_pack("@fortawesome/fontawesome-free@5.15.4")
    core = CACHE / "pyodide-core"
    if not (core / "pyodide.asm.wasm").exists():
        unpack(pyodide_tgz, {f: core / f for f in PYODIDE_FILES})
    say("wheels (cached under .cache/site/wheels)")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    pinned = wheels.pins(ROOT / "binder" / "requirements.lock", core / "pyodide-lock.json")
    names = wheels.download(ROOTS, pinned, CACHE / "wheels", pip)
    stage = CACHE / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    pyodide_dir, src = stage / "pyodide", stage / "src"
    shutil.copytree(core, pyodide_dir)
    src.mkdir()
    for name in names:
        shutil.copy2(wheels._wheel_of(CACHE / "wheels", name, pinned[name]), pyodide_dir)
    for source in SOURCES:  # the project's wheel from a clean copy: no stale build/ folder in the worktree
        if (ROOT / source).is_dir():
            shutil.copytree(ROOT / source, src / source, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / source, src / source)
    run(*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", pyodide_dir, src,
        env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})  # fixed zip dates: the same code, the same wheel
    wheels.empty_wheel("sqlite3", pyodide_dir)
    packages = wheels.write_lock(core / "pyodide-lock.json", pyodide_dir)
    lite = stage / "lite"
    (lite / "content").mkdir(parents=True)
    shutil.copy2(ROOT / "notebooks" / "app.ipynb", lite / "content" / "app.ipynb")
    (lite / "jupyter-lite.json").write_text(json.dumps(wheels.lite_config(packages), indent=1))
    say("voici build")
    new = CACHE / "_site.new"
    shutil.rmtree(new, ignore_errors=True)
    log = CACHE / "voici-build.log"
    with open(log, "w") as out:
        done = subprocess.run([Path(sys.executable).parent / "voici", "build", "--lite-dir", lite, "--contents",
                               lite / "content", "--output-dir", new], cwd=lite, stdout=out, stderr=subprocess.STDOUT)
    if done.returncode:
        sys.stdout.write(log.read_text()[-4000:])
        raise SystemExit(f"make site: voici build failed ({done.returncode}); its log: {log.relative_to(ROOT)}")
    shutil.copytree(pyodide_dir, new / "static" / "pyodide")
    add_progress(new)
    fa = new / "static" / "fontawesome"
    unpack(fa_tgz, {"css/all.min.css": fa / "css" / "all.min.css",
                    "css/v4-shims.min.css": fa / "css" / "v4-shims.min.css", "webfonts/": fa / "webfonts"})
    for page in new.rglob("*.html"):
        text = original = page.read_text()
        for cdn, local in FA_CDN.items():
            text = text.replace(cdn, f"{os.path.relpath(fa, page.parent)}/{local}")
        if text != original:
            page.write_text(text)
    left = [str(p.relative_to(new)) for p in new.rglob("*.html") if "cdn.jsdelivr.net" in p.read_text()]
    if left:
        raise SystemExit(f"make site: a page still asks a CDN: {left}")
    (new / ".nojekyll").write_text("")  # GitHub Pages: serve every folder as it is
    (new / ".build-fingerprint").write_text(want)
    shutil.rmtree(OUT, ignore_errors=True)
    new.rename(OUT)
    say(f"wrote {OUT.name}/ in {time.monotonic() - started:.0f} s; serve it with "
        f"`python -m http.server -d {OUT.name}` and open /voici/render/app.html")


if __name__ == "__main__":
    force = "--force" in sys.argv[1:]
    if Path(sys.prefix).resolve() != VENV.resolve():
        python = build_venv()
        os.execv(python, [str(python), __file__, *sys.argv[1:]])
    in_venv(force)
