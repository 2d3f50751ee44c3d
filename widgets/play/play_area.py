"""PlayArea: one game at a table — session, action picker, step controls, board, event log, seats, save/load/
share — rebuilt whenever the game or the number of players changes. Its event-chain graph lives in
``graph_panel`` so the app can show it in a tab of its own.

The person sits at seat 0 and every part shows seat 0's own view (``viewer = 0``). Seat privacy is a choice
(issue 38, item 6): by default the table is set to that single person, so the viewer menu offers seat 0 alone
and any other viewer — from the menu, a widget message or a trait set — is refused (``GameSession.check_viewer``
through ``session.private_seat``). A class turns the teacher's view on deliberately: ``PlayArea(...,
teacher=True)`` in a notebook, or the served app started with ``python -m widgets.server.serve --teacher`` (the
kernels' ``RULES_EXPLORER_TEACHER``, ``teacher_from_server``); then the menu offers every seat and the teacher's
/ spectator's view of everything, and a note on the table says so.
The current decision (the picker) comes first, above the board, so it is on screen without scrolling."""

from __future__ import annotations

import html
import os

import ipywidgets as ipw
import traitlets

import explorer
from widgets.components.component import GameComponent, close_tree
from widgets.components.step_controls import StepControls
from widgets.components.table_file import TableFile
from widgets.event_graph.view import EventGraphView
from widgets.games import board_class
from widgets.i18n import label
from widgets.play.action_picker import ActionPicker
from widgets.play.bots_seat import BotsSeat
from widgets.play.event_log import EventLog
from widgets.play.game_session import PERSON, GameSession

PLAYERS_LABEL = {"en": "Players", "zh": "人数"}
START_LABEL = {"en": "Start from", "zh": "开局方式"}
NEW_GAME = {"en": "a new game", "zh": "新游戏"}
OPENED = {"en": "the game opened from a file or link", "zh": "从文件或链接打开的对局"}
OPENED_KEY = "\x00opened"  # the start menu's entry for an opened game: never a scenario's name
PERSON_SEAT = 0  # the person's seat: every part shows its own view
TEACHER_ENV = "RULES_EXPLORER_TEACHER"  # set ("1") by `python -m widgets.server.serve --teacher` for its kernels


def teacher_from_server() -> bool:
    """True where the server was started for a class with the teacher's view on (``--teacher``, or its
    environment variable set by whoever launches it); never from the page's address, which any visitor edits."""
    return os.environ.get(TEACHER_ENV, "").strip().lower() in ("1", "true", "yes", "on")


class PlayArea(GameComponent):
    """Play ``game_id`` against bots: seat 0 is a person, the others the game's best bot."""

    players = traitlets.Int(2)
    seed = traitlets.Int()  # drawn from the operating system per table unless a person passes one
    scenario = traitlets.Unicode("")  # "" = a new game; else a name from the game's scenarios()
    graph_shown = traitlets.Bool(True)  # False while the graph's tab is closed: it is drawn when it opens
    teacher = traitlets.Bool(False)  # the teacher's view on: any seat or everything (kernel side only, not synced)
    _ready = False
    _syncing = False
    _opened = False  # the table holds a game opened from a save or a link (the start menu says so)

    def __init__(self, game_id: str = "eternal_breath", players: int | None = None, lang: str = "en",
                 seed: int | None = None, bots: dict | None = None, teacher: bool = False,
                 opponent: str | None = None, **kwargs):
        """``bots``: more bots for the seat menus beside the game's own, by name → a maker (``GameSession``).
        ``teacher``: the teacher's view on (every seat's cards can be shown); off, the table is the person's.
        ``opponent``: the bot a new game seats beside the person (None: the game's best, its strong bot) — a
        notebook's quick table, or a test that is not about the bot, names ``"greedy"``."""
        self.opponent = opponent
        self._teacher_note = ipw.HTML()
        self._teacher_note.add_class("re-teacher-note")
        self._extra_bots = dict(bots or {})
        self.graph_panel = ipw.VBox()
        self.graph_panel.add_class("re-graph-panel")
        self._players = ipw.IntText(layout=ipw.Layout(width="160px"))  # not bounded: a wrong count is explained
        self._players.add_class("re-players")
        self._players_msg = ipw.HTML()
        self._players_msg.add_class("re-players-msg")
        self._start = ipw.Dropdown(layout=ipw.Layout(width="100%", max_width="420px"))
        self._start.add_class("re-scenario")
        self._table = ipw.VBox()
        # the table's own choices, right under the decision (a finished game offers them at once)
        self._new_game = ipw.Button(layout=ipw.Layout(width="auto"), button_style="success")
        self._rematch = ipw.Button(layout=ipw.Layout(width="auto"))
        self._resign = ipw.Button(layout=ipw.Layout(width="auto"), button_style="danger")
        for button, css, handler in ((self._new_game, "re-new-game", self.new_game),
                                     (self._rematch, "re-rematch", self.rematch),
                                     (self._resign, "re-resign", self._on_resign)):
            button.add_class(css)
            button.on_click(lambda _, handler=handler: handler())
        self._table_choices = ipw.HBox([self._new_game, self._rematch, self._resign],
                                       layout=ipw.Layout(flex_flow="row wrap"))
        self._table_choices.add_class("re-table-choices")
        menus = ipw.HBox([self._players, self._start, self._players_msg], layout=ipw.Layout(flex_flow="row wrap"))
        super().__init__(children=[menus, self._teacher_note, self._table], **kwargs)
        self.add_class("re-play-area")
        self.teacher = teacher
        self._sync_teacher_note()
        self.game_id = game_id
        self.players = players or self._default_players(game_id)
        self.lang = lang
        self._secret_seed = seed is None  # then each table draws its own (GameSession, from the OS)
        if seed is not None:
            self.seed = seed
        self._players.observe(self._on_players_box, "value")
        self._start.observe(self._on_start_menu, "value")
        self.file = TableFile(self, lang=lang)
        self._ready = True
        self.reset()

    @staticmethod
    def _default_players(game_id: str) -> int:
        game = explorer.get_game(game_id)
        return min(max(2, game.min_players), game.max_players)

    @traitlets.validate("players")
    def _valid_players(self, proposal):
        """Within the game's player range."""
        game = explorer.get_game(self.game_id)
        value = proposal["value"]
        if not game.min_players <= value <= game.max_players:
            raise traitlets.TraitError(f"{game.id} is for {game.min_players}–{game.max_players} players")
        return value

    @traitlets.validate("scenario")
    def _valid_scenario(self, proposal):
        """"" or one of this game's scenarios (values can come from the browser)."""
        value = proposal["value"]
        if value and value not in explorer.get_game(self.game_id).scenarios():
            raise traitlets.TraitError(f"{self.game_id} has no scenario {value!r}")
        return value

    @traitlets.observe("game_id")
    def _on_game(self, change):
        """Fires when another game is chosen: a new table with that game's usual player count."""
        if self._ready:
            self._ready = False
            self.scenario = ""
            self.players = self._default_players(change["new"])
            self._ready = True
            self.reset()

    @traitlets.observe("players", "seed", "scenario")
    def _on_table(self, change):
        """Fires when the player count or the seed changes: a new table (a seed set by a person is kept)."""
        if self._ready:
            if change["name"] == "seed":
                self._secret_seed = False
            self.reset()

    @traitlets.observe("teacher")
    def _on_teacher(self, change):
        """Fires when the teacher's view is turned on or off: the session's lock, the menu and the note follow
        (turned off, every part goes back to the person's own view first)."""
        session = getattr(self, "session", None)
        if session is not None:
            if not change["new"]:
                self.board.viewer = PERSON_SEAT
            session.private_seat = None if change["new"] else PERSON_SEAT
            self.board.reset()
        self._sync_teacher_note()

    def _sync_teacher_note(self) -> None:
        text = html.escape(label("teacher_on", self.lang))
        self._teacher_note.value = f"<div style='color:#8a4b00;font-weight:600'>{text}</div>" if self.teacher else ""
        self._teacher_note.layout.display = None if self.teacher else "none"

    @traitlets.observe("graph_shown")
    def _on_graph_shown(self, change):
        """Fires when the app opens or leaves the graph's tab."""
        if hasattr(self, "graph"):
            self.graph.shown = change["new"]

    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when the language changes: every part follows."""
        for part in getattr(self, "parts", ()):
            part.lang = change["new"]
        if hasattr(self, "file"):
            self.file.lang = change["new"]
        self._players_msg.value = ""
        self._sync_menus()
        self._sync_choices()
        self._sync_teacher_note()

    def _on_players_box(self, change):
        """Fires when the person types a player count; an impossible one is put back and the range explained,
        with the clause that sets it."""
        if self._syncing:
            return
        try:
            self.players = change["new"]
            self._players_msg.value = ""
        except traitlets.TraitError:
            game = explorer.get_game(self.game_id)
            name = game.name_zh if self.lang == "zh" else game.name_en
            text = label("players_range", self.lang, game=name, lo=game.min_players, hi=game.max_players,
                         clause=game.players_clause, n=change["new"])
            self._players_msg.value = f"<span style='color:#b00020'>{html.escape(text)}</span>"
            self._syncing = True
            try:
                self._players.value = self.players
            finally:
                self._syncing = False

    def _on_start_menu(self, change):
        """Fires when the person picks how to start: a new game or a scenario."""
        if not self._syncing and change["new"] is not None:
            if change["new"] == OPENED_KEY:
                return
            if self._opened and change["new"] == self.scenario:  # the same start again: the trait does not fire
                self.reset()
                return
            try:
                self.scenario = change["new"]
            except traitlets.TraitError:
                self._sync_menus()

    def _sync_menus(self) -> None:
        game = explorer.get_game(self.game_id)
        self._syncing = True
        try:
            self._players.value = self.players
            self._players.description = PLAYERS_LABEL[self.lang]
            self._start.description = START_LABEL[self.lang]
            opened = [(OPENED[self.lang], OPENED_KEY)] if self._opened else []
            self._start.options = opened + [(NEW_GAME[self.lang], "")] + [
                (s.label(self.lang), name) for name, s in game.scenarios().items()]
            self._start.value = OPENED_KEY if self._opened else self.scenario
        finally:
            self._syncing = False

    def new_game(self) -> None:
        """New game: a new game of this game at this table (same players; new dice unless a person set the seed)."""
        self._ready, self.scenario, self._ready = False, "", True
        self.reset()

    def rematch(self) -> None:
        """Rematch: the same start as this game (a new game, the scenario, or the opened game's start) with the same
        seats and switches, from its first step (new dice unless a person set the seed)."""
        session = self.session
        opened = self._opened
        self._build(session.start, variant=dict(session.variant), seats=dict(session.seats))
        self._opened = opened
        self._sync_menus()

    def _on_resign(self) -> None:
        """Fires on Resign: the person's seat concedes (the session refuses at a finished game)."""
        self.session.resign(PERSON_SEAT)

    def _sync_choices(self, change=None) -> None:
        """The table's buttons in the page's language; Resign only while the person's game is being played."""
        lang = self.lang
        for button, key in ((self._new_game, "new_game"), (self._rematch, "rematch"), (self._resign, "resign")):
            button.description, button.tooltip = label(key, lang), label(key + "_tip", lang)
        session = getattr(self, "session", None)
        live = session is not None and session.resigned < 0 and not session.state.is_terminal
        self._resign.layout.display = None if live else "none"

    def reset(self) -> None:
        self._opened = False
        game = explorer.get_game(self.game_id)
        start = game.scenarios()[self.scenario].make() if self.scenario else None
        if start is not None:
            self._ready, self.players, self._ready = False, start.players, True
        self._build(start)

    def open_game(self, start, history, scenario: str = "") -> None:
        """Open a checked game (a save or a link: ``explorer.links``) at the end of ``history``, every step
        explored so the person can step back through it."""
        self._ready = False
        self.game_id, self.players, self.scenario = start.game_id, start.players, scenario
        self._ready = True
        fresh = not scenario and start == explorer.new_game(start.game_id, start.players, start.variant)
        self._build(None if fresh else start, variant=dict(start.variant), history=history)
        self._opened = True
        self._sync_menus()

    def _build(self, start, variant: dict | None = None, history=(), seats: dict | None = None) -> None:
        old = (*getattr(self, "parts", ()), *self._table.children)
        for link in getattr(self, "_links", ()):
            link.unlink()
        game = explorer.get_game(self.game_id)
        bots = game.bots()
        bot = self.opponent or next((b for b in ("strong", "greedy") if b in bots), next(iter(bots)))  # its best
        if bot not in bots and bot not in self._extra_bots:
            raise ValueError(f"{self.game_id} has no bot {bot!r}: {', '.join([*bots, *self._extra_bots])}")
        seats = seats or {k: PERSON if k == 0 else bot for k in range(self.players)}
        self.session = GameSession(self.game_id, self.players, variant, seed=None if self._secret_seed else self.seed,
                                   seats=seats, autoplay=False, start=start, bots=self._extra_bots)
        # a table set to its single person refuses every other viewer, before any part is made (issue 38, item 6)
        self.session.private_seat = None if self.teacher else PERSON_SEAT
        if history:
            self.session.walk(history)
        # bots and dice answer a person at once, and a forced move is taken: set before the seat menus are made, so
        # the page never shows "autoplay" off for a moment (a click in that moment was undone by the table's build)
        self.session.autoplay = self.session.take_forced = True
        if self._secret_seed:  # a new table, new secret dice; shown in ``seed`` without starting another table
            self._ready, self.seed, self._ready = False, self.session.seed, self._ready
        board = board_class(self.game_id)(self.session, lang=self.lang, viewer=PERSON_SEAT)
        board.secrets_note = True
        self.board = board
        # every part is made in the person's own view: a part first drawn in the teacher's view would send the
        # other seats' secrets (a chance node's odds, a bot's draws) to the browser before the view changed (issue 38)
        seat = PERSON_SEAT
        self.controls = StepControls(self.session, lang=self.lang, viewer=seat)
        self.controls._notice.layout.display = "none"  # the picker above says it: one notice on the table
        self.picker = ActionPicker(self.session, lang=self.lang, viewer=seat)
        self.event_log = EventLog(self.session, lang=self.lang, viewer=seat)
        self.bots_seat = BotsSeat(self.session, lang=self.lang)
        self.graph = EventGraphView(self.session, lang=self.lang, shown=self.graph_shown, viewer=seat)
        self.parts = (board, self.controls, self.picker, self.event_log, self.bots_seat, self.graph)
        self._links = [traitlets.link((board, "viewer"), (p, "viewer"))
                       for p in (self.controls, self.picker, self.event_log, self.graph)]
        for part in (self.controls, self.picker, self.event_log, self.graph):
            part.viewer = PERSON_SEAT
        self._sync_menus()
        lower = ipw.HBox([self.event_log, self.bots_seat], layout=ipw.Layout(flex_flow="row wrap"))
        self._table.children = [self.picker, self._table_choices, self.controls, board, lower, self.file]
        self.graph_panel.children = [self.graph]
        # the table before: its models go (the table's buttons stay)
        close_tree(*old, keep=(self, self.file, self.graph_panel, self._table_choices))
        self.session.observe(self._sync_choices, ["node_id", "resigned"])
        self._sync_choices()
        if start is None and not history and self.session.state.current_player != PERSON_SEAT:
            self.session.run_bots()  # a new game: dice and bots before the person's first choice move at once
