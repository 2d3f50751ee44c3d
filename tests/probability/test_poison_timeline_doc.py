"""poison_timeline's docstring says what it returns on the death turn (issue 37 item 4: docstrings match behaviour).

Its examples run here, so the words and the numbers cannot drift apart again."""

from __future__ import annotations

import doctest

from probability.card_moba import status as mb_status
from probability.card_moba.status import poison_timeline, status_timeline


def test_the_death_turn_shows_the_hp_and_only_later_turns_are_none():
    line = poison_timeline(10, layers=3, turns=6, poison_death=True)
    dies = next(i for i, hp in enumerate(line) if hp is None or hp <= 0)
    assert line[dies] is not None and line[dies] <= 0          # the start phase it dies in: its HP, 0 or less
    assert line[dies + 1:] and all(hp is None for hp in line[dies + 1:])
    assert "0 or less" in status_timeline.__doc__ and "0 or less" in poison_timeline.__doc__


def test_the_docstring_examples_are_the_behaviour():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = [t for t in finder.find(poison_timeline, "poison_timeline", globs=vars(mb_status)) if t.examples]
    assert tests, "poison_timeline's docstring shows its death turn by example"
    for test in tests:
        runner.run(test)
    assert runner.failures == 0
