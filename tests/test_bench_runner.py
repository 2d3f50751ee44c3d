"""`make bench` (issue 36): a row is printed the moment its module yields it, long studies run only when asked, and a
module that crashes is reported while the others still run."""

from __future__ import annotations

import sys
import types

from bench import __main__ as runner


def test_the_default_set_leaves_the_long_studies_out_and_a_named_module_runs_alone():
    default, everything = runner.modules([]), runner.modules(["--long"])
    assert {"strength", "load"} <= set(everything) and not {"strength", "load"} & set(default)
    assert "engine" in default and set(default) < set(everything)
    assert runner.modules(["engine"]) == ["engine"] and runner.modules(["strength"]) == ["strength"]


def test_each_row_is_printed_before_the_next_is_measured(monkeypatch, capsys):
    seen_before_second = []

    def run():
        yield {"bench": "fake", "case": "first", "value": 1.5, "unit": "s", "target": "≤ 2 s", "ok": True}
        seen_before_second.append(capsys.readouterr().out)  # what the person sees while the next row is measured
        yield {"bench": "fake", "case": "second", "value": 3, "unit": "s", "peer": "before", "peer_value": 6,
               "ratio": 0.5}

    def crash():
        raise RuntimeError("boom")
        yield  # a generator, like every module's run()

    monkeypatch.setitem(sys.modules, "bench.fake", types.SimpleNamespace(run=run))
    monkeypatch.setitem(sys.modules, "bench.broken", types.SimpleNamespace(run=crash))
    assert runner.main(["fake", "broken"]) == 1
    assert "fake · first: 1.5 s  [target ≤ 2 s: yes]" in seen_before_second[0]
    assert "second" not in seen_before_second[0]
    out = capsys.readouterr().out
    assert "fake · second: 3 s  vs before 6 (ratio 0.5)" in out
    table = out[out.index("# the whole table"):]
    assert "first" in table and "second" in table and "crashed" in table
