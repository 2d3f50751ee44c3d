"""Hooks for the whole suite (tests/ and the notebooks under nbval), whichever folders a run collects: where the
run's time went, per folder. Fixtures and helpers live in tests/."""

from __future__ import annotations

import collections

_SECONDS: collections.Counter = collections.Counter()  # per folder: seconds of setup, call and teardown
_TESTS: collections.Counter = collections.Counter()


def folder_of(nodeid: str) -> str:
    """``tests/widgets/test_x.py::test_y`` → ``tests/widgets``; a file at the top of tests/ counts as ``tests``."""
    path = nodeid.split("::")[0]
    return path.rsplit("/", 1)[0] if "/" in path else "."


def pytest_runtest_logreport(report):
    _SECONDS[folder_of(report.nodeid)] += report.duration
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        _TESTS[folder_of(report.nodeid)] += 1


def pytest_terminal_summary(terminalreporter):
    """The run's time per folder, after the slowest tests (``--durations``): where a run's minutes go."""
    if not _SECONDS:
        return
    terminalreporter.section("time per folder (setup + call + teardown, summed over workers)")
    width = max(len(f) for f in _SECONDS)
    for folder, seconds in sorted(_SECONDS.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"{folder.ljust(width)}  {seconds:8.1f} s  {_TESTS[folder]:5d} tests")
    terminalreporter.write_line(f"{'total'.ljust(width)}  {sum(_SECONDS.values()):8.1f} s  "
                                f"{sum(_TESTS.values()):5d} tests")
