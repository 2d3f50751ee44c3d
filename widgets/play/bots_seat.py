"""BotsSeat: for each seat, a person or one of the game's bots (``Game.bots()``); bots play on their turn."""

from __future__ import annotations

import html

import ipywidgets as ipw
import traitlets

from widgets.components.component import Component
from widgets.i18n import label, player_name
from widgets.play.game_session import PERSON, GameSession

BOT_NAMES = {"random": "随机", "greedy": "贪心", "tactical": "战术", "strong": "高手"}  # Game.bots() in 中文


def bot_name(name: str, lang: str) -> str:
    """A bot's name as the seat menu shows it: 中文 when known, else its own name."""
    return BOT_NAMES.get(name, name) if lang == "zh" else name


class BotsSeat(Component):
    """Seat menus bound to ``session.seats``; with ``autoplay`` on, bots and dice answer a person's move."""

    autoplay = traitlets.Bool(False)
    _ready = False
    _drawing = False

    def __init__(self, session: GameSession, lang: str = "en", **kwargs):
        self.session = session
        self._menus = [ipw.Dropdown(layout=ipw.Layout(width="220px")) for _ in range(session.players)]
        for k, menu in enumerate(self._menus):
            menu.add_class("re-seat")
            menu.add_class(f"re-seat-{k}")
        self._auto = ipw.Checkbox(value=session.autoplay, indent=False)
        self._auto.add_class("re-autoplay")
        self._go = ipw.Button(layout=ipw.Layout(width="auto"))
        self._go.add_class("re-bots-go")
        self._notice = ipw.HTML()
        go = ipw.HBox([self._auto, self._go], layout=ipw.Layout(flex_flow="row wrap"))  # a phone: the button whole
        super().__init__(children=[*self._menus, go, self._notice], **kwargs)
        self.add_class("re-bots-seat")
        self.lang = lang
        self.autoplay = session.autoplay
        for menu in self._menus:
            menu.observe(self._on_menu, "value")
        self._auto.observe(self._on_auto, "value")
        self._go.on_click(self._on_go)
        session.observe(self._on_seats, "seats")
        session.observe(self._on_session_autoplay, "autoplay")
        self._ready = True
        self.reset()

    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when the language changes: relabel the menus."""
        if self._ready:
            self.reset()

    @traitlets.observe("autoplay")
    def _on_autoplay(self, change):
        """Fires when autoplay is switched (from Python or the checkbox): tell the session."""
        self.session.autoplay = change["new"]
        self._auto.value = change["new"]

    def _on_session_autoplay(self, change):
        """Fires when the session's autoplay is set from Python (e.g. a new table turns it on): the checkbox
        shows it, so what a person sees is what the session does."""
        self.autoplay = change["new"]

    def _on_auto(self, change):
        """Fires when the checkbox is clicked."""
        self.autoplay = bool(change["new"])

    def _on_menu(self, change):
        """Fires when a seat's menu changes: checked by the session (a person or a known bot)."""
        if self._drawing:
            return
        seat = self._menus.index(change["owner"])
        try:
            self.session.seats = {**self.session.seats, seat: change["new"]}
        except traitlets.TraitError as err:
            self._notice.value = html.escape(str(err))
            self.reset()
            return
        if self.autoplay and change["new"] != PERSON and self.session.state.current_player == seat:
            self.session.run_bots()

    def _on_go(self, button):
        """Fires on "Let bots play": bots and dice play until a person must decide."""
        self.session.run_bots()

    def _on_seats(self, change):
        """Fires when the session's seats change (from any component)."""
        if self._ready:
            self.reset()

    def set_seat(self, seat: int, who: str) -> None:
        """As if the person chose ``who`` in seat ``seat``'s menu."""
        self._menus[seat].value = who

    def reset(self) -> None:
        lang = self.lang
        options = [(label("person", lang), PERSON)] + [(label("bot", lang, name=bot_name(n, lang)), n)
                                                       for n in self.session.bot_names]
        self._drawing = True
        try:
            for k, menu in enumerate(self._menus):
                menu.options = options
                menu.description = player_name(k, lang)
                menu.value = self.session.seats.get(k, PERSON)
        finally:
            self._drawing = False
        self._auto.description = label("autoplay", lang)
        self._go.description = label("bots_go", lang)
