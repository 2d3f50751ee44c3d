import { loadPyodide } from "../pyo/pyodide.mjs";
import fs from "fs";
const lock = JSON.parse(fs.readFileSync(new URL("../pyo/pyodide-lock.json", import.meta.url)));
const py = await loadPyodide({ indexURL: new URL("../pyo/", import.meta.url).pathname });
await py.loadPackage(Object.keys(lock.packages));
const ext = "venv/share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi/";
for (const f of fs.readdirSync(ext)) if (f.endsWith(".whl")) py.FS.writeFile("/tmp/" + f, fs.readFileSync(ext + f));
try { await py.runPythonAsync(fs.readFileSync(new URL("./kern.py", import.meta.url), "utf8")); } catch (e) { console.log(e.message); }
