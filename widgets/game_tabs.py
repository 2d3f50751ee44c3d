"""Which component each game shows in the app's Learn and Odds tabs.

Learn: the :class:`~widgets.guided_tour.GuidedTour` of every game with a ``lessons.toml``. Odds: the game's
odds view, ``widgets/<game id>_odds.py`` by convention (永恒之息's predates it: ``odds_explorer.py``). A game
without one gets the PerGame note "not available yet" in both languages.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

import ipywidgets as ipw

from widgets.guided_tour import GuidedTour
from widgets.lessons import lessons_file

ODDS_VIEWS = {
    "eternal_breath": ("widgets.odds_explorer", "OddsExplorer"),
    "card_moba": ("widgets.card_moba_odds", "CardMobaOdds"),
    "castle_heart": ("widgets.castle_heart_odds", "CastleHeartOdds"),
}


def learn_makers(games) -> dict[str, Callable[[str], ipw.Widget]]:
    """A guided tour for each game of ``games`` that has lessons."""
    return {g: (lambda lang, g=g: GuidedTour(g, lang=lang)) for g in games if lessons_file(g) is not None}


def odds_makers(games) -> dict[str, Callable[[str], ipw.Widget]]:
    """The odds view of each game of ``games`` that has one (imported when the game is first shown)."""
    def maker(module: str, name: str) -> Callable[[str], ipw.Widget]:
        return lambda lang: getattr(importlib.import_module(module), name)(lang=lang)

    return {g: maker(*ODDS_VIEWS[g]) for g in games
            if g in ODDS_VIEWS and importlib.util.find_spec(ODDS_VIEWS[g][0]) is not None}
