"""The app's word on content files that did not load: which game is left out and the DataError's own text
(the file, the entry, the field and why), in 中文 and English, instead of a failed cell.

``playable_games()`` is the list the app offers: every registered game that starts with the content in use
(``RULES_EXPLORER_CONTENT`` or the samples). A game is broken when its files stop it from registering
(``explorer.broken_games()``) or from starting a table (永恒之息 and the MOBA read theirs when a game starts).
"""

from __future__ import annotations

from html import escape

import ipywidgets as ipw
import traitlets

import explorer
from explorer import DataError
from widgets.components.component import Component

TEXT = {
    "en": "⚠ {game} is left out: its content files did not load. Fix the file named here and restart: {error}",
    "zh": "⚠ {game} 未载入：其内容文件有误。请按下面指出的文件修改后重新启动：{error}",
}


STYLE = ("white-space:normal;word-break:break-all;overflow-wrap:anywhere;line-height:1.4;color:#8a2c00;"
         "max-width:100%;box-sizing:border-box;padding-right:4px")  # long paths and CJK wrap on a phone


def playable_games() -> tuple[list[str], dict[str, str]]:
    """(games that start, {broken game: its DataError text}) for the content in use: the shipped games and any
    plug-in game (``$RULES_EXPLORER_PLUGINS``, docs/adding-a-game.md)."""
    broken = {g: str(err) for g, err in explorer.broken_games().items()}
    playable = []
    for game_id in explorer.game_ids():
        game = explorer.get_game(game_id)
        try:
            explorer.new_game(game_id, game.min_players)
        except DataError as err:
            broken[game_id] = str(err)
        else:
            playable.append(game_id)
    return playable, broken


class ContentNotice(Component):
    """Shows one line per broken game (nothing when every game loaded); ``errors`` maps game id → error text."""

    errors = traitlets.Dict()

    def __init__(self, errors: dict[str, str] | None = None, **kwargs):
        super().__init__(**kwargs)
        self._html = ipw.HTML(layout=ipw.Layout(width="100%"))
        self.children = [self._html]
        self.add_class("re-content-notice")
        self.observe(self._on_change, ["errors", "lang"])
        self.errors = dict(errors or {})
        self._on_change()

    def _on_change(self, change=None):
        """Fires when the errors or the language change: the lines are written again."""
        lines = [TEXT[self.lang].format(game=escape(g), error=escape(e)) for g, e in sorted(self.errors.items())]
        self._html.value = "".join(f'<div class="re-content-error" style="{STYLE}">{line}</div>' for line in lines)
        self.layout.display = "" if lines else "none"
