"""Pure-Python wheels for Pyodide: the roots and their dependencies (markers evaluated as on Pyodide), each at
the version binder/requirements.lock pins."""
import re, subprocess, sys, zipfile, glob, os
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
lock, pyodide_lock, out, pip = sys.argv[1:5]
roots = sys.argv[5:]
pins = {}
for line in open(lock):
    line = line.strip()
    if "==" in line and not line.startswith("#"):
        n, v = line.split("==", 1); pins[canonicalize_name(n)] = v.split(";")[0].strip()
import json
for n, e in json.load(open(pyodide_lock))["packages"].items():  # what Pyodide ships wins: its kernel is tested with it
    if e["package_type"] == "package" and e["file_name"].endswith("none-any.whl"):
        pins[canonicalize_name(n)] = e["version"]
env = {"sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
       "python_version": "3.13", "python_full_version": "3.13.2", "implementation_name": "cpython",
       "platform_python_implementation": "CPython", "os_name": "posix", "extra": ""}
todo, done = [canonicalize_name(r) for r in roots], set()
os.makedirs(out, exist_ok=True)
while todo:
    n = todo.pop()
    if n in done: continue
    done.add(n)
    if n not in pins: sys.exit(f"not pinned in {lock}: {n}")
    subprocess.run([pip, "download", "-q", "--no-deps", "--only-binary=:all:", "--python-version", "3.13",
                    "--implementation", "py", "--abi", "none", "--platform", "any", "-d", out, f"{n}=={pins[n]}"],
                   check=True, stderr=subprocess.DEVNULL)
    whl = [w for w in glob.glob(f"{out}/*.whl") if canonicalize_name(os.path.basename(w).split("-")[0]) == n][0]
    meta = [m for m in zipfile.ZipFile(whl).namelist() if m.endswith(".dist-info/METADATA")][0]
    for line in zipfile.ZipFile(whl).read(meta).decode().splitlines():
        if line.startswith("Requires-Dist:"):
            r = Requirement(line.split(":", 1)[1].strip())
            if r.marker is None or r.marker.evaluate(env):
                todo.append(canonicalize_name(r.name))
print(" ".join(sorted(done)))
