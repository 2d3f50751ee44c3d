"""The task stack's driver (flow.run): automatic tasks and skips resolved through one table, ``flow.RUN``."""

from __future__ import annotations

from explorer.games.eternal_breath import flow


def test_run_table_is_every_automatic_task_and_every_skip():
    """'EB-1.2-round' and every phase run through ``flow.run``: each kind it resolves by itself (``AUTO``) or may
    pass over (``SKIPS``) is in ``RUN``, once, and no kind is both (an automatic task never answers None, a skip
    answers None for a real decision: one table can hold both only while they stay apart)."""
    assert not set(flow.AUTO) & set(flow.SKIPS)
    assert flow.RUN == {**flow.AUTO, **flow.SKIPS}
    assert {"deal", "draw"} <= set(flow.SKIPS)  # the reshuffle before a draw (EB-3.1-reshuffle), a chance task's skip
    assert not set(flow.RUN) & set(flow.DECISIONS) - set(flow.SKIPS)
