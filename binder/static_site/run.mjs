import { loadPyodide } from "../../.cache/site/stage/pyodide/pyodide.mjs";
import fs from "fs";
const lock = JSON.parse(fs.readFileSync(new URL("../../.cache/site/stage/pyodide/pyodide-lock.json", import.meta.url)));
const py = await loadPyodide({ indexURL: new URL("../../.cache/site/stage/pyodide/", import.meta.url).pathname });
await py.loadPackage(Object.keys(lock.packages));
const code = fs.readFileSync(process.argv[2], "utf8");
try { await py.runPythonAsync(code); console.log("OK"); } catch (e) { console.log(String(e)); }
