"""永恒之息's own widgets: its board (and the faces and sentences it draws with), its odds view, and its tutorials'
helpers (``lessons``)."""

BOARD = "widgets.games.eternal_breath.board:EternalBreathBoard"
ODDS = "widgets.games.eternal_breath.odds:OddsExplorer"
