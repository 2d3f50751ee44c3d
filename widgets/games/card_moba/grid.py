"""CardMobaMap: the MOBA's grid map as buttons a person clicks — a cell to move or blink there, a hero to attack
or target it. The cells and heroes that the current decision can reach are highlighted; a click sends exactly
the legal action it stands for through ``GameSession.choose``, which checks it again. A click on a cell that
stands for no legal action is refused with the rule that forbids it (``why_illegal``) and changes nothing.

When a decision offers several ways to use the map (move/attack, a card that blinks, a skill that targets),
a row of tool buttons says which one a click means. Buttons are reused: the map keeps ``GENERATIONS`` sets
of cell buttons and draws each new state on the set least recently shown, so the number of widgets stays
bounded however long the game, and a click from a set that is no longer shown (sent before the browser
saw the new state) is refused as stale instead of being read against a state the person never saw."""

from __future__ import annotations

import html
import itertools

import ipywidgets as ipw

from explorer import IllegalAction
from explorer.games.card_moba.content import sample
from explorer.games.card_moba.describe import _name, card_name
from explorer.games.card_moba.flow import A
from explorer.games.card_moba.grid import DIRECTIONS
from widgets.i18n import player_name
from widgets.play.game_session import GameSession

GENERATIONS = 3
WORDS = {"en": {"basic": "Move / attack", "spawn": "Spawn point", "click": "Click", "wall": "wall",
                "spawn_cell": "spawn point", "tool": "A click on the map means:", "skill": "skill"},
         "zh": {"basic": "移动 / 攻击", "spawn": "出生点", "click": "点击", "wall": "墙体", "spawn_cell": "出生点",
                "tool": "点击地图表示：", "skill": "技能"}}
LEGEND_CSS = ("display:inline-block;width:14px;height:14px;vertical-align:middle;margin-right:4px;"
              "border:1px solid #999;border-radius:2px;")
NO_DECISION = ("MB-turn-phases", "players act only in their own action phase")


def _add(pos: tuple, step: tuple, n: int = 1) -> tuple:
    return pos[0] + step[0] * n, pos[1] + step[1] * n


def target_cell(action, positions: dict, here: tuple | None, size: tuple) -> tuple | None:
    """The map cell a legal action stands for: where a move, spawn or blink goes, the hero an attack, card or
    skill targets, where a charge ends, the first cell of a projectile's direction (None: not on the map)."""
    args = action.args
    if "to" in args:
        return tuple(args["to"])
    if "cell" in args:
        return tuple(args["cell"])
    if "target" in args:
        return positions.get(args["target"])
    if "direction" in args and here is not None:
        cell = _add(here, DIRECTIONS[args["direction"]], args.get("distance", 1))
        return cell if 0 <= cell[0] < size[0] and 0 <= cell[1] < size[1] else None
    return None


def tool_of(action) -> str | None:
    """Which tool a map action belongs to: move/attack, spawn, or one card or skill."""
    if action.kind in ("move", "attack"):
        return "basic"
    if action.kind == "spawn":
        return "spawn"
    if action.kind == "play":
        return f"play:{action.args['card']}"
    if action.kind == "skill":
        return f"skill:{action.args['skill']}"
    return None


def tool_label(tool: str, lang: str) -> str:
    kind, _, what = tool.partition(":")
    if kind == "play":
        card = sample().cards[what]
        return f"{card_name(card, lang)} ({card['cost']})"
    if kind == "skill":
        return f"{WORDS[lang]['skill']} {_name('skill', what, lang)}"
    return WORDS[lang][kind]


class CardMobaMap(ipw.VBox):
    """The clickable map of a session's current state, drawn by :meth:`draw` from the board's view."""

    def __init__(self, session: GameSession):
        self.session = session
        self._tools = ipw.ToggleButtons(options=[], style=ipw.ToggleButtonsStyle(button_width="auto"))
        self._tools.add_class("re-moba-tools")
        self._grid = ipw.GridBox()
        self._grid.add_class("re-moba-map")
        self._legend = ipw.HTML(layout=ipw.Layout(max_width="100%"))  # what the map's letters and colours mean
        self._legend.add_class("re-moba-legend")
        self._cell_layout = ipw.Layout(width="auto", height="auto", margin="0", padding="0")
        self._cell_style = ipw.ButtonStyle()
        self._sets: list[list[ipw.Button]] = []
        self._shape: tuple | None = None
        self._next_set = 0
        self._generation = itertools.count(1)
        self._shown = 0  # the generation on screen
        self._targets: dict[str, dict[tuple, object]] = {}
        self._view: dict = {}
        self.viewer, self.lang, self.node_id = -1, "en", 0
        self._drawing = False
        super().__init__(children=[self._tools, self._grid, self._legend])
        self.add_class("re-moba-map-box")
        self._tools.observe(self._on_tool, "value")

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, view: dict, viewer: int, lang: str) -> None:
        """A new state (or viewer, or language): the next set of buttons shows it."""
        self._view, self.viewer, self.lang, self.node_id = view, viewer, lang, self.session.node_id
        game_map = view.get("map")
        if not game_map:
            self._grid.children, self._tools.options = (), []
            self._tools.layout.display = "none"
            return
        self._targets = self._map_actions(game_map)
        self._drawing = True
        try:
            self._sync_tools()
        finally:
            self._drawing = False
        shape = (game_map["width"], game_map["height"])
        if shape != self._shape:
            self._rebuild(shape)
        buttons = self._sets[self._next_set] if self._next_set < len(self._sets) else self._new_set()
        self._next_set = (self._next_set + 1) % GENERATIONS
        generation = next(self._generation)
        for b in buttons:
            b.re_generation, b.re_step = generation, self.session.step
        self._shown = generation
        self._paint(buttons)
        self._grid.children = buttons
        legend = self.legend_html(game_map, lang)
        if self._legend.value != legend:
            self._legend.value = legend

    def legend_html(self, game_map: dict, lang: str) -> str:
        """The map's key in ``lang``: each special cell's letter and name, walls, spawn points, a hero's token."""
        w = WORDS[lang]
        items = [f"<span><i style='{LEGEND_CSS}background:#445'></i>{html.escape(w['wall'])}</span>",
                 f"<span><i style='{LEGEND_CSS}background:#e6f2e6'></i>{html.escape(w['spawn_cell'])}</span>"]
        seen = set()
        for cell in game_map.get("special", ()):
            name = cell[lang]
            if name in seen:
                continue
            seen.add(name)
            items.append(f"<span><i style='{LEGEND_CSS}box-shadow:inset 0 0 0 3px #e8c547;text-align:center;"
                         f"font-style:normal;font-size:11px;line-height:14px'>{html.escape(name[0])}</i>"
                         f"{html.escape(name)}</span>")
        items.append(f"<span><b>P0</b> = {html.escape(player_name(0, lang))}</span>")
        return ("<div style='display:flex;flex-wrap:wrap;gap:2px 14px;font-size:12px;margin-top:4px'>"
                + "".join(items) + "</div>")

    def _rebuild(self, shape: tuple) -> None:
        for buttons in self._sets:
            for b in buttons:
                b.close()
        self._sets, self._shape, self._next_set = [], shape, 0
        w, h = shape
        self._grid.layout.grid_template_columns = f"repeat({w}, minmax(32px, 36px))"
        self._grid.layout.grid_template_rows = f"repeat({h}, 34px)"

    def _new_set(self) -> list[ipw.Button]:
        w, h = self._shape
        buttons = []
        for y in range(h):
            for x in range(w):
                b = ipw.Button(description="", layout=self._cell_layout, style=self._cell_style,
                               _dom_classes=("re-moba-cell", f"re-moba-at-{x}-{y}"))
                b.re_pos, b.re_generation, b.re_step = (x, y), 0, 0
                b.on_click(self._on_cell)
                buttons.append(b)
        self._sets.append(buttons)
        return buttons

    def _paint(self, buttons: list[ipw.Button]) -> None:
        m, lang, w = self._view["map"], self.lang, WORDS[self.lang]
        walls = {tuple(c) for c in m["walls"]}
        special = {tuple(s["cell"]): s for s in m["special"]}
        spawns = {tuple(c) for c in m["spawns"]}
        heroes = self._positions()
        targets = self._targets.get(self._tools.value or "", {})
        for b in buttons:
            pos = b.re_pos
            classes, text, tip = ["re-moba-cell", f"re-moba-at-{pos[0]}-{pos[1]}"], "", [f"({pos[0]}, {pos[1]})"]
            if pos in walls:
                classes.append("re-moba-wall")
                tip.append(w["wall"])
            if pos in special:
                classes.append("re-moba-special")
                text = special[pos][lang][0]
                tip.append(special[pos][lang])
            if pos in spawns:
                classes.append("re-moba-spawn")
                tip.append(w["spawn_cell"])
            seat = next((k for k, p in heroes.items() if p == pos), None)
            if seat is not None:
                player = self._view["players"][seat]
                classes += ["re-moba-hero-cell", f"re-moba-p{seat % 6}"]
                text = f"P{seat}"
                tip.append(f"{player_name(seat, lang)} {player.get(f'hero_{lang}') or ''} "
                           f"{'HP' if lang == 'en' else '生命'} {player['hp']}")
            if pos in targets:
                classes.append("re-moba-target")
                tip.append(f"{w['click']}: {targets[pos].describe(lang)}")
            b.description, b.tooltip = text, " · ".join(tip)
            b._dom_classes = tuple(classes)

    def _positions(self) -> dict[int, tuple]:
        return {k: tuple(p["position"]) for k, p in enumerate(self._view.get("players", []))
                if p.get("position") and p.get("alive", True)}

    # --- the current decision's map actions ----------------------------------------------------------
    def _may_decide(self, state) -> bool:
        who = state.current_player
        return who >= 0 and (self.viewer < 0 or self.viewer == who)

    def _map_actions(self, game_map: dict) -> dict[str, dict[tuple, object]]:
        """tool → {cell: the one legal action a click there stands for}, for the viewer's own decision only."""
        state = self.session.state
        if not self._may_decide(state):
            return {}
        positions = self._positions()
        here = positions.get(state.current_player)
        size = (game_map["width"], game_map["height"])
        out: dict[str, dict[tuple, object]] = {}
        for action in state.legal_actions():
            tool = tool_of(action)
            cell = target_cell(action, positions, here, size) if tool else None
            if cell is not None:
                out.setdefault(tool, {}).setdefault(cell, action)  # one action per cell; the rest stay in the picker
        return out

    def _sync_tools(self) -> None:
        keys = list(self._targets)
        keys.sort(key=lambda k: (k != "basic", k != "spawn", k))
        options = [(tool_label(k, self.lang), k) for k in keys]
        previous = self._tools.value
        if list(self._tools.options) != options:
            self._tools.options = options
        if keys:
            self._tools.value = previous if previous in keys else keys[0]
        self._tools.layout.display = None if len(keys) > 1 else "none"

    def _on_tool(self, change):
        """Fires when the person picks what a click means (a value from the browser is one of the options)."""
        if not self._drawing and self._shape and self._grid.children:
            self._paint(list(self._grid.children))

    # --- clicks --------------------------------------------------------------------------------------
    def _on_cell(self, button) -> None:
        """Fires when a cell is clicked: its legal action, or a refusal naming the rule; nothing else changes."""
        session = self.session
        if button.re_generation != self._shown or self.node_id != session.node_id:
            session.refuse("stale", then=button.re_step, now=session.step)
            return
        action = self._targets.get(self._tools.value or "", {}).get(button.re_pos)
        if action is not None:
            session.choose(action, at_node=self.node_id)
            return
        clause, reason = self._why_not(button.re_pos)
        session.refuse("illegal", clause=clause, reason=reason)

    def _why_not(self, pos: tuple) -> tuple[str, str]:
        """The rule a click on ``pos`` breaks: the engine's reason for the action the click would have meant."""
        state = self.session.state
        if state.current_player >= 0 and not self._may_decide(state):
            return "MB-turn-phases", self._say("MB-turn-phases", "it is another player's decision")
        candidate = self._candidate(state, pos) if self._may_decide(state) else None
        if candidate is None:
            return NO_DECISION[0], self._say(*NO_DECISION)
        err = state.game.why_illegal(state.data, candidate)
        if not isinstance(err, IllegalAction):
            return NO_DECISION[0], self._say(*NO_DECISION)
        return err.clause, self._say(err.clause, err.reason)

    def _candidate(self, state, pos: tuple):
        """The action a click on ``pos`` would mean with the current tool (move, attack, spawn, card, skill)."""
        who = state.current_player
        occupant = next((k for k, p in self._positions().items() if p == pos), None)
        kind, _, what = (self._tools.value or "basic").partition(":")
        if kind == "spawn" or (kind == "basic" and state.data.phase == "spawn"):
            return A("spawn", who, cell=pos)
        if kind == "basic":
            return A("attack", who, target=occupant) if occupant is not None else A("move", who, to=pos)
        aim = {"target": occupant} if occupant is not None else {"cell": pos}
        return A("play", who, card=what, **aim) if kind == "play" else A("skill", who, skill=what, **aim)

    def _say(self, clause: str, reason_en: str) -> str:
        """The reason in the page's language: the engine's English reason, or the clause's Chinese text."""
        if callable(getattr(reason_en, "in_lang", None)):  # the engine's reason carries its 中文 (explorer.W)
            return reason_en.in_lang(self.lang)
        if self.lang == "en":
            return reason_en
        found = self.session.game.clause_index.get(clause)
        return found.text("zh") if found else reason_en
