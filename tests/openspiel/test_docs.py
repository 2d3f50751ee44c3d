"""docs/openspiel.md's examples run: each Python block of its section on rl_environment and OpenSpiel bots,
at a tiny size (the page's own sizes take about 15 s)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "openspiel.md"
SECTION = "## Learning and playing"
SIZES = "GAMES, SIMULATIONS = 10, 20"


def blocks() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    section = section[:section.find("\n## ", 1)] if "\n## " in section[1:] else section
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def run(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(PAGE), "exec"), {"__name__": "docs_example"})
    return out.getvalue()


@pytest.mark.usefixtures("registered")
def test_the_pages_examples_run_at_a_tiny_size():
    rl, bot = blocks()
    assert re.search(r"^rewards \[(-?1\.0|0\.0), (-?1\.0|0\.0)\] · tensor of \d+ numbers$", run(rl).strip())
    assert SIZES in bot, "the page's sizes line changed: update this test"
    printed = run(bot.replace(SIZES, "GAMES, SIMULATIONS = 1, 2")).splitlines()
    assert [re.sub(r"\d", "N", line) for line in printed] == [
        "seat N played by random: won N of N", "seat N played by ISMCTS: won N of N"]
