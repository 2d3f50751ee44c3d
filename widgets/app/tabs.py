"""Which component each game shows in the app's Learn and Odds tabs.

Learn: the :class:`~widgets.learn.guided_tour.GuidedTour` of every game with a ``lessons.toml``. Odds: the view its
own widgets name (``ODDS`` in ``widgets/games/<id>/``, found through :mod:`widgets.games`). A game without one
gets the PerGame note "not available yet" in both languages.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as ipw

from widgets.games import reference, resolve
from widgets.learn.guided_tour import GuidedTour
from widgets.learn.lessons import lessons_file


def learn_makers(games) -> dict[str, Callable[[str], ipw.Widget]]:
    """A guided tour for each game of ``games`` that has lessons."""
    return {g: (lambda lang, g=g: GuidedTour(g, lang=lang)) for g in games if lessons_file(g) is not None}


def odds_makers(games) -> dict[str, Callable[[str], ipw.Widget]]:
    """The odds view of each game of ``games`` that has one (imported when the game is first shown)."""
    def maker(ref: str) -> Callable[[str], ipw.Widget]:
        return lambda lang: resolve(ref)(lang=lang)

    return {g: maker(reference(g, "ODDS")) for g in games if reference(g, "ODDS") is not None}
