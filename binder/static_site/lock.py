"""Write a pyodide-lock.json that names exactly the wheels in a folder (pure Python, from PyPI) beside
Pyodide's core, so Pyodide loads them from the same host and nothing else."""
import hashlib, json, os, sys, zipfile
from packaging.utils import canonicalize_name, parse_wheel_filename
core_lock, folder = sys.argv[1], sys.argv[2]
info = json.load(open(core_lock))["info"]
packages = {}
for f in sorted(os.listdir(folder)):
    if not f.endswith(".whl"):
        continue
    name, version, _, _ = parse_wheel_filename(f)
    z = zipfile.ZipFile(os.path.join(folder, f))
    tops = sorted({n.split("/")[0].removesuffix(".py") for n in z.namelist()
                   if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)})
    packages[canonicalize_name(name)] = {
        "name": canonicalize_name(name), "version": str(version), "file_name": f, "install_dir": "site",
        "sha256": hashlib.sha256(open(os.path.join(folder, f), "rb").read()).hexdigest(),
        "package_type": "package", "imports": tops, "depends": [], "unvendored_tests": False,
        "shared_library": False}
json.dump({"info": info, "packages": packages}, open(os.path.join(folder, "pyodide-lock.json"), "w"), indent=1)
print(" ".join(packages))
