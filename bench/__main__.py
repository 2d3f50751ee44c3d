"""Run every benchmark module and print one table with ratios against the peers measured in the same run.

A module ``bench/<name>.py`` exposes ``run() -> list[dict]``; each row has ``bench``, ``case``,
``value``, ``unit`` and optionally ``target`` (text), ``ok`` (bool), ``peer``, ``peer_value``, ``ratio``.
Usage: ``python -m bench [module ...]``. ``bench/strength.py`` (the strong bots against greedy, issue 17) is the
slowest, about 10 minutes on 2 cores: ``python -m bench strength`` runs it alone.
``event_graph`` draws the graph of a 1000-event game in chromium from the view's own HTML export, under a
second to ``plotly_afterplot`` (issue 15).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).parent
COLUMNS = ("bench", "case", "value", "unit", "target", "ok", "peer", "peer_value", "ratio")


def _fmt(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def table(rows: list[dict]) -> str:
    cells = [[_fmt(r.get(c)) for c in COLUMNS] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) if cells else len(c) for i, c in enumerate(COLUMNS)]
    line = " | ".join(c.ljust(w) for c, w in zip(COLUMNS, widths, strict=True))
    out = [line, "-+-".join("-" * w for w in widths)]
    out += [" | ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)) for row in cells]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    names = argv or sorted(m.name for m in pkgutil.iter_modules([str(HERE)]) if not m.name.startswith("_"))
    rows: list[dict] = []
    failed = False
    for name in names:
        print(f"# running bench.{name} …", file=sys.stderr, flush=True)
        try:
            module = importlib.import_module(f"bench.{name}")
            rows.extend(module.run())
        except Exception:
            failed = True
            traceback.print_exc()
            rows.append({"bench": name, "case": "crashed", "ok": False})
    print(table(rows))
    missed = [r for r in rows if r.get("ok") is False]
    if missed:
        print(f"\n{len(missed)} target(s) missed: " + "; ".join(f"{r['bench']}/{r['case']}" for r in missed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
