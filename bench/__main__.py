"""Run the benchmark modules, print each row as soon as it is measured, then one table with ratios against the
peers measured in the same run.

A module ``bench/<name>.py`` exposes ``run()``, which yields (or returns) rows; each row has ``bench``, ``case``,
``value``, ``unit`` and optionally ``target`` (text), ``ok`` (bool), ``peer``, ``peer_value``, ``ratio``. A module
that sets ``LONG = True`` is a long study: it runs only when named or with ``--long``.

Usage: ``python -m bench [--long] [module ...]`` (``python -m bench engine`` runs one module). The default set
finishes in about 11 minutes on 2 cores (8 min 38 s measured on 4 December 2026, before ``own_click``'s two minutes:
the kernel CPU of a person's own click at the Play table, this tree and the previous release); the long studies are
``bench/strength.py`` (the strong bots against greedy and tactical, about 15 minutes) and ``bench/load.py`` (1, 5 and 20
visitors at once, about 8 minutes). ``event_graph`` draws the graph of a 1000-event game in chromium from the view's
own HTML export, under a second to ``plotly_afterplot`` (issue 15).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
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


def row_line(row: dict) -> str:
    """One row as a line of its own, printed the moment it is measured."""
    text = f"{row.get('bench')} · {row.get('case')}: {_fmt(row.get('value'))} {_fmt(row.get('unit'))}".rstrip()
    if row.get("target"):
        text += f"  [target {row['target']}: {_fmt(row.get('ok')) or '—'}]"
    if row.get("peer"):
        text += f"  vs {row['peer']} {_fmt(row.get('peer_value'))}"
        if row.get("ratio") is not None:
            text += f" (ratio {_fmt(row['ratio'])})"
    return text


def modules(argv: list[str]) -> list[str]:
    """The modules named, or every module (the long ones only with --long)."""
    named = [a for a in argv if not a.startswith("--")]
    if named:
        return named
    everything = sorted(m.name for m in pkgutil.iter_modules([str(HERE)]) if not m.name.startswith("_"))
    if "--long" in argv:
        return everything
    return [name for name in everything if not getattr(importlib.import_module(f"bench.{name}"), "LONG", False)]


def main(argv: list[str]) -> int:
    names = modules(argv)
    skipped = sorted({m.name for m in pkgutil.iter_modules([str(HERE)]) if not m.name.startswith("_")} - set(names))
    rows: list[dict] = []
    failed = False
    started = time.monotonic()
    for name in names:
        print(f"# bench.{name} …", flush=True)
        began = time.monotonic()
        try:
            module = importlib.import_module(f"bench.{name}")
            for row in module.run():
                rows.append(row)
                print(row_line(row), flush=True)
        except Exception:
            failed = True
            traceback.print_exc()
            rows.append({"bench": name, "case": "crashed", "ok": False})
        print(f"# bench.{name}: {time.monotonic() - began:.0f} s", flush=True)
    print(f"\n# the whole table ({time.monotonic() - started:.0f} s)"
          + (f"; not run: {', '.join(skipped)} (name it, or --long)" if skipped else ""))
    print(table(rows))
    missed = [r for r in rows if r.get("ok") is False]
    if missed:
        print(f"\n{len(missed)} target(s) missed: " + "; ".join(f"{r['bench']}/{r['case']}" for r in missed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
