"""城堡之心's own widgets: its board (seats, soldiers, targets, faces), its odds view, and its tutorials' helpers
(``lessons``)."""

BOARD = "widgets.games.castle_heart.board:CastleHeartBoard"
ODDS = "widgets.games.castle_heart.odds:CastleHeartOdds"
