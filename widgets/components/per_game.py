"""PerGame: shows the component made for the chosen game, or says in both languages that there is none yet."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as ipw
import traitlets

import explorer
from widgets.components.component import GameComponent

NONE_YET = {"en": "Not available for {name} yet.", "zh": "{name} 暂无此功能。"}


class PerGame(GameComponent):
    """``makers`` maps a game id to a function ``lang -> widget``; made once per game, then reused."""

    def __init__(self, makers: dict[str, Callable[[str], ipw.Widget]], game_id: str, lang: str = "en", **kwargs):
        self.makers = dict(makers)
        self.made: dict[str, ipw.Widget] = {}
        self._note = ipw.HTML()
        super().__init__(**kwargs)
        self.add_class("re-per-game")
        self.lang = lang
        self.game_id = game_id

    @traitlets.observe("game_id", "lang")
    def _on_change(self, change):
        """Fires when the game or the language changes: show that game's component."""
        self.reset()

    def reset(self) -> None:
        if not self.game_id:
            return
        for widget in self.made.values():
            if hasattr(widget, "lang"):
                widget.lang = self.lang
        if self.game_id in self.makers:
            if self.game_id not in self.made:
                self.made[self.game_id] = self.makers[self.game_id](self.lang)
            self.children = [self.made[self.game_id]]
            return
        game = explorer.get_game(self.game_id)
        name = game.name_zh if self.lang == "zh" else game.name_en
        self._note.value = f"<p><i>{NONE_YET[self.lang].format(name=name)}</i></p>"
        self.children = [self._note]
