"""The card MOBA's own widgets: its board (the clickable map, the heroes' faces), its odds view, and its tutorials'
helpers (``lessons``). A hero's walk across the map is one click (its steps are ``move`` actions)."""

BOARD = "widgets.games.card_moba.board:CardMobaBoard"
ODDS = "widgets.games.card_moba.odds:CardMobaOdds"
WALK_KIND = "move"
