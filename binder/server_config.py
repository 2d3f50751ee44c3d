"""Install the app's server settings for `jupyter lab`, the way Binder serves the app
(`/voila/render/notebooks/app.ipynb` through Voilà's server extension).

`make app` runs standalone Voilà from notebooks/, which reads notebooks/voila.json. JupyterLab reads
neither that file nor the Makefile: its Voilà extension takes the executor's settings from the
*server's* config (jupyter_server_config) and only VoilaConfiguration from a voila.json on the Jupyter
config path. So this writes, from notebooks/voila.json (the one place the settings are written):

- <config dir>/jupyter_server_config.json: VoilaExecutor (iopub_timeout: 60 s, not the 4 s default
  that made 6 of 10 simultaneous page loads fail) and MappingKernelManager (idle kernels culled);
- <config dir>/voila.json: VoilaConfiguration (template, no tracebacks shown);
- ServerApp.jpserver_extensions: widgets.server.extension (a closed Voilà page's kernel is shut down, the
  page sets its _xsrf cookie so its own shutdown request is accepted; issue 18).

The pre-heated kernel pool (VoilaKernelManager, preheat_kernel) exists only in standalone Voilà; under
the extension kernels are the server's own. Settings already in those files are kept unless they are
ours. Run by binder/postBuild; usage: python binder/server_config.py [config dir]
(default: `jupyter --config-dir`, i.e. $JUPYTER_CONFIG_DIR or ~/.jupyter).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "notebooks" / "voila.json"
SERVER_SECTIONS = ("VoilaExecutor", "MappingKernelManager")  # read from the server's config
VOILA_SECTIONS = ("VoilaConfiguration",)  # read by the extension from voila.json
STANDALONE_ONLY = {"VoilaConfiguration": ("preheat_kernel",)}  # the pool: standalone Voilà only
EXTENSIONS = {"ServerApp": {"jpserver_extensions": {"widgets.server.extension": True}}}


def sections(names: tuple[str, ...]) -> dict:
    """The named sections of notebooks/voila.json, without what only standalone Voilà understands."""
    settings = json.loads(SOURCE.read_text(encoding="utf-8"))
    out = {}
    for name in names:
        section = {k: v for k, v in settings.get(name, {}).items() if k not in STANDALONE_ONLY.get(name, ())}
        if section:
            out[name] = section
    return out


def merge_into(path: Path, update: dict) -> None:
    """Write ``update``'s sections into the JSON config at ``path``, keeping its other settings."""
    current = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for name, section in update.items():
        current[name] = {**current.get(name, {}), **section}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(current, indent=2) + "\n", encoding="utf-8")


def install(config_dir: Path) -> list[Path]:
    """Install both files into ``config_dir``; returns their paths."""
    server, voila = config_dir / "jupyter_server_config.json", config_dir / "voila.json"
    merge_into(server, sections(SERVER_SECTIONS))
    current = json.loads(server.read_text(encoding="utf-8"))
    enabled = current.get("ServerApp", {}).get("jpserver_extensions", {})
    merge_into(server, {"ServerApp": {"jpserver_extensions": {**enabled,
                                                              **EXTENSIONS["ServerApp"]["jpserver_extensions"]}}})
    merge_into(voila, sections(VOILA_SECTIONS))
    return [server, voila]


def main(argv: list[str]) -> int:
    if argv:
        config_dir = Path(argv[0])
    else:
        from jupyter_core.paths import jupyter_config_dir

        config_dir = Path(jupyter_config_dir())
    for path in install(config_dir):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
