"""An empty wheel standing in for a Pyodide module that is not on npm (sqlite3): the kernel asks for it, IPython
runs without it (no history)."""
import sys, zipfile
name, folder = sys.argv[1], sys.argv[2]
di = f"{name}-0.0.0.dist-info"
with zipfile.ZipFile(f"{folder}/{name}-0.0.0-py3-none-any.whl", "w") as z:
    z.writestr(f"{di}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n")
    z.writestr(f"{di}/WHEEL", "Wheel-Version: 1.0\nGenerator: rules-explorer\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
    z.writestr(f"{di}/RECORD", "")
