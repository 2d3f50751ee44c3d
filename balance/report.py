"""The study's report as text (``python -m balance`` prints it): the summary (endings, rates by facet, the
first player) and then the analysis (cards, matchups, length), which builds on the summary's statistics."""

from __future__ import annotations

from .analysis import report_lines
from .summary import summary_lines


def report(df, game_id: str | None = None) -> str:
    """The whole report of the games in ``df`` (one row per game), with the game's names when ``game_id`` is given."""
    return "\n".join(summary_lines(df, game_id) + report_lines(df, game_id))
