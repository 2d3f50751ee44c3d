"""``python -m balance GAME --players N --games K [...] --out FILE.parquet``: run a balance study.

A bad option (unknown game, player count, variant key or value, bot name, an unreachable scheduler) prints a
message naming the option and exits with code 2; nothing is written. See ``balance/__init__.py``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import Study, StudyError, report, run, write
from .compare import compare_report, inert


def parse_variant(game_id: str, items: list[str]) -> dict:
    """``key=value`` pairs, each value read as the switch's own type (a listed value, a whole number, a number)."""
    import explorer

    options = explorer.get_game(game_id).options if game_id in explorer.game_ids() else {}
    out = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise StudyError("--variant", f"expected key=value, got {item!r}")
        if key not in options:
            raise StudyError("--variant", f"{game_id} has no switch {key!r}; known: {', '.join(sorted(options))}")
        option = options[key]
        if option.values is not None:
            matches = [v for v in option.values if str(v).lower() == text.lower()]
            if not matches:
                raise StudyError("--variant", f"{key}: {text!r} is not one of {[str(v) for v in option.values]}")
            out[key] = matches[0]
            continue
        try:
            out[key] = int(text)
        except ValueError:
            try:
                out[key] = float(text)
            except ValueError:
                raise StudyError("--variant", f"{key}: expected a number, got {text!r}") from None
    return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m balance",
                                description="Play many seeded bot games on Dask; one Parquet row per game.")
    p.add_argument("game", help="eternal_breath, card_moba or castle_heart")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--bots", default="random", help="one bot name for every seat, or one per seat: greedy,random")
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--compare", action="append", default=[], metavar="KEY=VALUE",
                   help="a what-if: the same study with these switches changed, on the same seeds; prints the paired "
                        "difference of each rate (its table is written beside --out as FILE.whatif.parquet)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None,
                       help="local worker processes (default: one per core, or this process for under 200 games; at "
                            "most two per core; 0 = this process, no Dask)")
    where.add_argument("--scheduler", default=None, help="an existing Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--out", required=True, type=Path, help="the Parquet file to write")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.out.suffix != ".parquet":
            raise StudyError("--out", f"expected a .parquet file name, got {str(args.out)!r}")
        if not args.out.parent.is_dir():
            raise StudyError("--out", f"no folder {str(args.out.parent)!r}")
        study = Study(args.game, args.players, args.games, tuple(b.strip() for b in args.bots.split(",")),
                      parse_variant(args.game, args.variant), args.seed)
        changes = parse_variant(args.game, args.compare)
        other = None
        if changes:
            if same := sorted(k for k, v in changes.items() if study.variant.get(k) == v):
                raise StudyError("--compare", f"{', '.join(same)} already has that value in the study")
            other = Study(study.game_id, study.players, study.games, study.bots, {**study.variant, **changes},
                          study.seed)
            for warning in inert(args.game, args.players, changes):
                print(f"warning: --compare {warning}", file=sys.stderr)
        df = run(study, workers=args.workers, scheduler=args.scheduler, progress=not args.quiet)
        what_if = None if other is None else run(other, workers=args.workers, scheduler=args.scheduler,
                                                 progress=not args.quiet)
    except StudyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    write(df, args.out)
    print(report(df, args.game))
    print(f"\nwrote {len(df)} rows to {args.out}")
    if what_if is not None:
        label = ", ".join(f"{k}={v}" for k, v in changes.items())
        out = write(what_if, args.out.with_name(args.out.stem + ".whatif.parquet"))
        print("\n" + compare_report(df, what_if, label))
        print(f"\nwrote {len(what_if)} rows to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
