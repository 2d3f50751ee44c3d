"""ActionPicker: the legal actions of the current decision as buttons, grouped by kind.

At a CHANCE node it lists the outcomes with their exact probabilities, to roll with the seeded dice
or to pick by hand (loaded dice). It names who must decide and the clause that gives them the
decision (a defender, a trap owner, a rescuer…). Buttons are made afresh for every state and carry
the state they were made for: a click from an earlier state is refused, and says so.

Every button, title and row shares one Layout and one Style model per kind (made once per picker), and
a replaced widget is closed with anything it owns: the number of live widget models stays bounded
however long the game, and a step sends only the new buttons, not a layout and a style for each.
"""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as ipw
import traitlets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle

import explorer
from explorer import CHANCE, TERMINAL
from widgets.components.component import SessionComponent, close_tree
from widgets.components.many_choice import ManyChoice
from widgets.i18n import clause_tag, kind_name, label, player_name
from widgets.play.game_session import PERSON, GameSession

# A choice's button shows its whole text on any screen: the line wraps instead of ending in "…" (ipywidgets' buttons
# keep one line), which on a phone cut most of a MOBA mode's or a 永恒之息 pick's description.
# A choice's "then end the phase" twin is joined to its button (one pair, never split by a wrapping row). On a phone
# the Walk row (one button per cell two or more steps away, each with its twin) is folded behind a button until
# opened (issue 31: the MOBA picker was several screens long); a desk shows it open and no fold.
# While bots think, a ring turns before the words (drawn by CSS: an hourglass emoji was an empty box where the page's
# fonts have none, as in Debian's chromium).
STYLE = """<style>
.re-action-picker .jupyter-button.re-action, .re-action-picker .jupyter-button.re-then-pass,
.re-action-picker .jupyter-button.re-walk, .re-action-picker .jupyter-button.re-walk-then-pass {
  white-space: normal; overflow-wrap: break-word; height: auto; min-height: var(--jp-widgets-inline-height);
  line-height: 1.35; padding-top: 4px; padding-bottom: 4px; max-width: 100%; }
.re-action-picker .re-pair { margin: 2px 4px 2px 0; }
.re-action-picker .re-pair > .jupyter-button { margin: 0; }
.re-action-picker .re-pair > .jupyter-button:first-child { flex: 0 1 auto; border-radius: 3px 0 0 3px; }
.re-action-picker .re-pair > .jupyter-button:last-child { flex: 0 0 auto; border-radius: 0 3px 3px 0;
  border-left: 1px solid rgba(255, 255, 255, 0.7); }
@media (min-width: 601px) { .re-action-picker .re-walk-fold { display: none !important; } }
.re-action-picker .re-spinner { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em;
  border: 2px solid #1976d2; border-right-color: transparent; border-radius: 50%; vertical-align: -0.1em;
  animation: re-spin 0.9s linear infinite; }
@keyframes re-spin { to { transform: rotate(360deg); } }
@media (max-width: 600px) {
  .re-action-picker .re-walk-row:not(.re-walk-open) > .re-walk-body { display: none !important; } }
</style>"""
MAX_OUTCOME_BUTTONS = 24  # beyond this, chance outcomes are offered in a dropdown
MAX_TYPED = 999  # the number box of an open-ended choice (Game.open_number) stops here: a page's range, not a rule
MAX_TWINS = 4  # a phase decision this small (buy a draw / end the draw phase) gets "…, then end the phase" buttons
MAX_KIND_TWINS = 2  # in a larger phase decision, a kind of choice this small (an attack, a move) gets them too


def odds_text(p: Fraction) -> str:
    """An exact probability for people: ``1/6 (16.67 %)``; ``≈ 16.67 %`` when the fraction is too long to read."""
    from probability.dist import short_exact  # the odds package loads when the Odds tab opens, not with the table

    exact = short_exact(p)
    return f"{exact} ({float(p) * 100:.2f} %)" if exact else f"≈ {float(p) * 100:.2f} %"




class ActionPicker(SessionComponent):
    """Shows and takes the current decision of a :class:`GameSession`.

    ``choice`` takes an action key (``GameSession.key_of``) from Python or the browser; like every
    button, it is checked against the current legal actions before it reaches the engine.
    """

    choice = traitlets.Unicode("")

    def __init__(self, session: GameSession, lang: str = "en", viewer: int = -1, **kwargs):
        self.session = session
        self._who = ipw.HTML()
        self._who.add_class("re-decider")
        self._actions = ipw.VBox()
        self._actions.add_class("re-actions")
        self._notice = ipw.HTML()
        self._notice.add_class("re-picker-notice")
        self._end_turn = ipw.Button(button_style="primary", layout=ipw.Layout(width="auto"))
        self._end_turn.add_class("re-end-turn")
        self._end_turn.on_click(self._on_end_turn)
        self._thinking = ipw.HTML()
        self._thinking.add_class("re-thinking")
        self.many = ManyChoice(session, lang=lang)
        self._made: list[ipw.Widget] = []
        self._previous: list[ipw.Widget] = []
        self._auto = ipw.Layout(width="auto")  # shared by every button: never closed with them
        self._wrap = ipw.Layout(flex_flow="row wrap")
        self._title_width = ipw.Layout(width="110px")
        self._button_style = ipw.ButtonStyle()
        self._html_style = HTMLStyle()
        self._menu_style = DescriptionStyle()
        self._number_style = DescriptionStyle(description_width="initial")  # the number box's label read whole
        self._pair_layout = ipw.Layout(flex_flow="row nowrap", max_width="100%", overflow="visible")
        self._walk_body = ipw.Layout(flex_flow="row wrap", flex="1 1 300px", overflow="visible")
        # the walks beside their title on a desk, under it on a phone, where they are folded behind a button (dozens of
        # destinations) until it is clicked; a desk shows them open and no fold (STYLE)
        self._walk_fold = ipw.ToggleButton(value=False, layout=ipw.Layout(width="auto"), _dom_classes=("re-walk-fold",))
        self._walk_fold.observe(self._on_fold, "value")
        self._walk_row = None
        # made once per picker: never closed with the buttons that use them
        self._shared = (self._auto, self._wrap, self._title_width, self._button_style, self._html_style,
                        self._menu_style, self._number_style, self._pair_layout, self._walk_body, self._walk_fold)
        shortcuts = ipw.HBox([self._end_turn, self._thinking], layout=ipw.Layout(flex_flow="row wrap"))
        style = ipw.HTML(STYLE, layout=ipw.Layout(display="none"))
        super().__init__(children=[style, self._who, shortcuts, self.many, self._actions, self._notice], **kwargs)
        self.add_class("re-action-picker")
        self.lang, self.viewer = lang, viewer
        session.observe(self._on_session, ["node_id", "seats", "resigned"])
        session.observe(self._on_notice, "notice")
        session.observe(self._on_busy, "busy")
        self.reset()

    @traitlets.observe("lang", "viewer")
    def _on_lang(self, change):
        """Fires when the language or the viewer changes: new buttons."""
        self.many.lang = self.lang
        self.reset()

    @traitlets.observe("choice")
    def _on_choice(self, change):
        """Fires when an action key arrives in ``choice``: take it if legal now, then clear it."""
        if change["new"]:
            action = self.session.action_from_key(change["new"])
            if action is not None and not self._may_choose(action):
                self.session.refuse("not_yours", who=self.viewer)
            else:
                self.session.choose_key(change["new"])
            self.choice = ""

    def _on_click(self, button):
        """Fires when an action or outcome button is clicked: checked against the state it was made for."""
        if not self._may_choose(button.re_action):
            self.session.refuse("not_yours", who=self.viewer)
            return
        if self.many.collecting and button.re_node == self.session.node_id:
            self.many.add(button.re_action)
            return
        self.session.choose(button.re_action, at_node=button.re_node)

    def _on_end_turn(self, button):
        """Fires on "End turn": the session passes the optional phases left in the person's turn."""
        if self.viewer >= 0 and self.session.state.current_player != self.viewer:
            self.session.refuse("not_yours", who=self.viewer)
            return
        self.session.end_turn(at_node=button.re_node)

    def _on_busy(self, change):
        """Fires when bots and dice start or stop moving: say the bots are thinking."""
        busy = change["new"]
        words = html.escape(label("thinking", self.lang))
        spinning = f'<span class="re-thinking-on"><span class="re-spinner"></span>{words}</span>'
        self._thinking.value = spinning if busy else ""
        self._end_turn.disabled = busy or not self.session.can_end_turn()

    def _on_roll(self, button):
        """Fires on the Roll button: the seeded roll, if the board is still at that chance node."""
        if button.re_node != self.session.node_id:
            self.session.choose(None, at_node=button.re_node)  # says why it is refused
            return
        self.session.roll()

    def _on_pick(self, button):
        """Fires on Pick beside the outcome dropdown (many outcomes): the selected outcome."""
        if self.viewer >= 0:
            self.session.refuse("not_yours", who=self.viewer)
            return
        self.session.choose(button.re_dropdown.value, at_node=button.re_node)

    def _on_session(self, change):
        """Fires when the session moves to another state or a seat changes: new buttons."""
        self.reset()

    def _on_notice(self, change):
        """Fires when the session has something to say (a refusal, the step taken)."""
        self._notice.value = f"<span>{html.escape(self.session.notice_text(self.lang, self.viewer))}</span>"

    # --- drawing -----------------------------------------------------------------------------
    def reset(self) -> None:
        # The widgets of the state before last are closed; the last generation stays open one more
        # step, so a click already on its way from the browser still arrives here and is refused
        # as stale, with the reason shown, instead of vanishing silently.
        self._dispose(*self._previous)
        self._previous, self._made = self._made, []
        self._walk_row = None  # the Walk row of this decision, if it has one (_walk_rows)
        s = self.session
        state, node_id, lang = s.state, s.node_id, self.lang
        who = state.current_player
        mine = who >= 0 and (self.viewer < 0 or who == self.viewer) and s.seats.get(who, PERSON) == PERSON
        self._end_turn.re_node = node_id
        self._end_turn.description = label("end_turn", lang)
        self._end_turn.tooltip = label("end_turn_tip", lang)
        self._end_turn.layout.display = None if mine and s.can_end_turn() else "none"
        self._end_turn.disabled = s.busy
        resigned = s.resigned >= 0  # the person resigned: the table's game is over, whatever the state
        if resigned:
            mine = False
            self._end_turn.layout.display = "none"
        self.many.offer(mine and s.repeats(state), node_id)
        if resigned:
            text = label("resigned", lang, who=player_name(s.resigned, lang))
            self._who.value = f"<div class='re-game-over re-resigned'><b>{html.escape(text)}</b></div>"
            self._actions.children = ()
        elif who == TERMINAL:
            self._who.value = game_over_html(state, lang, self.viewer)
            self._actions.children = ()
        elif who == CHANCE:
            key = "chance_node" if self.viewer < 0 else "chance_hidden"
            self._who.value = f"<b>{html.escape(label(key, lang))}</b>"
            self._actions.children = self._chance_rows(state, node_id)
        elif self.viewer >= 0 and who != self.viewer:
            text = label("to_decide", lang, who=player_name(who, lang)) + " " + label("others_hidden", lang)
            self._who.value = f"<b>{html.escape(text)}</b>"
            self._actions.children = ()
        else:
            text = label("to_decide", lang, who=player_name(who, lang))
            clause = self._decision_clause(state)
            if clause is not None:  # the rule in words; its id as a small tag, not inside the sentence (issue 31)
                text += f" — {clause.text(lang)}"
            if s.seats.get(who, PERSON) != PERSON:
                text += " " + label("bot_seat", lang)
            self._who.value = f"<b>{html.escape(text)}</b>" + (f" {clause_tag(clause.id)}" if clause else "")
            self._actions.children = self._decision_rows(state, node_id)
        self._on_notice(None)

    def _decision_rows(self, state, node_id: int) -> tuple[ipw.Widget, ...]:
        groups: dict[str, list] = {}
        default = self.session.turn_pass(state)
        legal = state.legal_actions()
        twins = default is not None and self._may_choose(default) \
            and self.session.seats.get(state.current_player) == PERSON
        for action in state.legal_actions():
            groups.setdefault(action.kind, []).append(action)
        rows = []
        for kind, actions in groups.items():
            # "…, then end the phase": in a small phase decision for every choice; in a larger one for a kind
            # with one or two choices (an attack, then end the play phase), never for the pass itself; each twin
            # joined to its choice's button (one pair, the twin's words short: the choice's are beside it)
            paired = twins and (len(legal) <= MAX_TWINS or len(actions) <= MAX_KIND_TWINS)
            buttons = [self._pair(self._button(a.describe(self.lang), a, node_id, a == default),
                                  self._twin(a, node_id) if paired and a != default else None) for a in actions]
            title = ipw.HTML(f"<b>{html.escape(kind_name(kind, self.lang))}</b>", layout=self._title_width,
                             style=self._html_style)
            rows.append(self._keep(ipw.HBox([self._keep(title), *buttons], layout=self._wrap)))
        rows.extend(self._walk_rows(state, node_id, twins))
        spec = state.open_number()
        if spec is not None:
            listed = [a[spec.param] for a in legal if a.kind == spec.kind and a.get(spec.param).__class__ is int]
            rows.append(self._number_row(spec, max(listed, default=spec.smallest - 1) + 1, node_id))
        return tuple(rows)

    def _number_row(self, spec, first: int, node_id: int) -> ipw.HBox:
        """A number box and its button for a choice the document leaves open (the MOBA's winning score): the
        buttons list a menu, any other whole number from ``spec.smallest`` up to ``MAX_TYPED`` is typed here
        (the box starts at ``first``, the number after the menu's)."""
        box = self._keep(ipw.BoundedIntText(value=min(first, MAX_TYPED), min=spec.smallest, max=MAX_TYPED,
                                            description=label("other_number", self.lang), style=self._number_style,
                                            layout=ipw.Layout(width="260px"), _dom_classes=("re-open-number",)))
        go = self._keep(ipw.Button(description=label("choose_number", self.lang, value=box.value), layout=self._auto,
                                   style=self._button_style,
                                   _dom_classes=("re-open-choose", f"re-kind-{_css(spec.kind)}")))
        go.re_node, go.re_spec, go.re_box = node_id, spec, box

        def retitle(change):
            go.description = label("choose_number", self.lang, value=change["new"])

        box.observe(retitle, "value")
        go.on_click(self._on_number)
        return self._keep(ipw.HBox([box, go], layout=self._wrap))

    def _on_number(self, button):
        """Fires on the number box's button: the typed number, checked like any choice (a whole number, the
        decision's own, from the state it was made for)."""
        spec, value = button.re_spec, button.re_box.value
        action = explorer.act(self.session.game_id, spec.kind, spec.player, **{spec.param: value})
        if not self._may_choose(action):
            self.session.refuse("not_yours", who=self.viewer)
            return
        self.session.choose(action, at_node=button.re_node)

    @property
    def number_box(self) -> ipw.BoundedIntText | None:
        """The number box of an open-ended choice, when the decision has one."""
        return next((w for w in self._made if isinstance(w, ipw.BoundedIntText)), None)

    def _chance_rows(self, state, node_id: int) -> tuple[ipw.Widget, ...]:
        seed = label("secret_seed", self.lang) if self.session.seed_is_secret else self.session.seed
        roll = self._keep(ipw.Button(description=label("roll", self.lang, seed=seed), button_style="warning",
                                     layout=self._auto, style=self._button_style,
                                     _dom_classes=("re-roll", f"re-at-step-{self.session.node_by_id(node_id).depth}")))
        roll.re_node = node_id
        roll.on_click(self._on_roll)
        roll_row = self._keep(ipw.HBox([roll], layout=self._wrap))
        outcomes = state.chance_outcomes()
        if self.viewer >= 0:  # the outcomes and their odds can tell what nobody may see (the deck's make-up)
            return (roll_row,)
        if len(outcomes) <= MAX_OUTCOME_BUTTONS:
            buttons = [self._button(f"{a.describe(self.lang)} · {odds_text(p)}", a, node_id) for a, p in outcomes]
            body = self._keep(ipw.HBox(buttons, layout=self._wrap))
        else:
            dropdown = self._keep(ipw.Dropdown(options=[(f"{a.describe(self.lang)} · {odds_text(p)}", a)
                                                        for a, p in outcomes], style=self._menu_style))
            pick = self._keep(ipw.Button(description=label("pick", self.lang), layout=self._auto,
                                         style=self._button_style))
            pick.add_class("re-pick")
            pick.re_node, pick.re_dropdown = node_id, dropdown
            pick.on_click(self._on_pick)
            body = self._keep(ipw.HBox([dropdown, pick], layout=self._wrap))
        return (roll_row, body)

    def _button(self, text: str, action, node_id: int, default: bool = False) -> ipw.Button:
        # the classes are stable selectors for tests, given at creation: no update message per class
        classes = ("re-action", f"re-kind-{_css(action.kind)}", f"re-at-step-{self.session.node_by_id(node_id).depth}",
                   *(("re-default",) if default else ()))
        button = self._keep(ipw.Button(description=text, tooltip=text, layout=self._auto, style=self._button_style,
                                       button_style="info" if default else "", _dom_classes=classes))
        button.re_action, button.re_node = action, node_id
        button.on_click(self._on_click)
        return button

    def _pair(self, button: ipw.Button, twin: ipw.Button | None) -> ipw.Widget:
        """A choice's button, and its "then end the phase" twin joined to it (kept together when a row wraps)."""
        if twin is None:
            return button
        return self._keep(ipw.HBox([button, twin], layout=self._pair_layout, _dom_classes=("re-pair",)))

    def _twin(self, action, node_id: int) -> ipw.Button:
        """A second button for ``action`` in a small phase decision: the choice, then the phase's pass. Joined to the
        choice's own button (``_pair``), it says only "then end the phase"; its tooltip says it whole."""
        text = label("then_pass_short", self.lang)
        whole = label("then_pass", self.lang, what=sentence(action, self.lang))
        depth = self.session.node_by_id(node_id).depth
        button = self._keep(ipw.Button(description=text, tooltip=f"{whole} — {label('then_pass_tip', self.lang)}",
                                       layout=self._auto,
                                       style=self._button_style, button_style="info",
                                       _dom_classes=("re-then-pass", f"re-kind-{_css(action.kind)}",
                                                     f"re-at-step-{depth}")))
        button.re_then, button.re_node = action, node_id
        button.on_click(self._on_then_pass)
        return button

    def _walk_rows(self, state, node_id: int, twins: bool) -> list[ipw.HBox]:
        """The walks of the person deciding now (``GameSession.walks``: several of their own steps in one click), a
        button per destination naming its steps, and with a phase to end its "…, then end the phase" twin."""
        walks = self.session.walks(state)
        if not walks or not self._may_choose(next(iter(walks))):
            return []
        buttons = [self._pair(self._walk(a, path, node_id, False),
                              self._walk(a, path, node_id, True) if twins else None) for a, path in walks.items()]
        title = ipw.HTML(f"<b>{html.escape(label('walk_row', self.lang))}</b>", layout=self._title_width,
                         style=self._html_style)
        body = self._keep(ipw.HBox(buttons, layout=self._walk_body, _dom_classes=("re-walk-body",)))
        self._walk_fold.re_count = len(walks)
        self._on_fold(None)
        row = self._keep(ipw.HBox([self._keep(title), self._walk_fold, body], layout=self._wrap,
                                  _dom_classes=("re-walk-row", *(("re-walk-open",) if self._walk_fold.value else ()))))
        self._walk_row = row
        return [row]

    def _on_fold(self, change):
        """Fires when the walks' fold is clicked (a phone shows the walks folded: CSS, ``STYLE``): open or close
        them, the choice kept for the next decisions."""
        fold, lang = self._walk_fold, self.lang
        fold.description = label("walk_hide" if fold.value else "walk_show", lang, n=getattr(fold, "re_count", 0))
        row = getattr(self, "_walk_row", None)
        if change is not None and row is not None:
            (row.add_class if fold.value else row.remove_class)("re-walk-open")

    def _walk(self, action, path, node_id: int, then: bool) -> ipw.Button:
        """A walk's button: its destination and length; the tooltip names every step. ``then``: the phase's pass
        follows."""
        text = label("walk", self.lang, what=sentence(action, self.lang), n=len(path))
        steps = label("list_sep", self.lang).join(sentence(a, self.lang) for a in path)
        tip = label("walk_tip", self.lang, path=steps)
        if then:  # joined to its walk's button (``_pair``): the short words, the whole in the tooltip
            text, tip = label("then_pass_short", self.lang), f"{label('then_pass', self.lang, what=text)} — {tip}"
        depth = self.session.node_by_id(node_id).depth
        button = self._keep(ipw.Button(description=text, tooltip=tip,
                                       layout=self._auto, style=self._button_style, button_style="info" if then else "",
                                       _dom_classes=("re-walk-then-pass" if then else "re-walk",
                                                     f"re-kind-{_css(action.kind)}", f"re-at-step-{depth}")))
        button.re_walk, button.re_walk_then, button.re_node = action, then, node_id
        button.on_click(self._on_walk)
        return button

    def _on_walk(self, button):
        """Fires on a walk's button: the session takes its steps (and the phase's pass, for a twin), each a step."""
        if not self._may_choose(button.re_walk):
            self.session.refuse("not_yours", who=self.viewer)
            return
        self.session.walk_to(button.re_walk, at_node=button.re_node, then_pass=button.re_walk_then)

    def walk_for(self, action, then: bool = False) -> ipw.Button | None:
        """The walk button to ``action``'s destination (``then``: its "…, then end the phase" twin), if offered."""
        return next((w for w in self._made if hasattr(w, "re_walk") and w.re_walk == action and w.re_walk_then == then),
                    None)

    def _on_then_pass(self, button):
        """Fires on a "…, then end the phase" button: the choice and the phase's pass, each a step."""
        if not self._may_choose(button.re_then):
            self.session.refuse("not_yours", who=self.viewer)
            return
        self.session.choose_then_pass(button.re_then, at_node=button.re_node)

    def twin_for(self, action) -> ipw.Button | None:
        """The "…, then end the phase" button of ``action``, if the decision offers one."""
        return next((w for w in self._made if getattr(w, "re_then", None) == action), None)

    def _may_choose(self, action) -> bool:
        """Everything (-1) may take any decision; a player's view only that player's own."""
        return self.viewer < 0 or action.player == self.viewer

    def _keep(self, widget):
        self._made.append(widget)
        return widget

    def _dispose(self, *widgets) -> None:
        """Close replaced widgets with the Layout and Style models they own (the shared ones stay), in one walk."""
        close_tree(*widgets, keep=self._shared)

    def _decision_clause(self, state):
        try:
            clause_id = state.game.decision_clause(state.data)
        except Exception:  # a game may not name one for every decision
            return None
        return state.game.clause_index.get(clause_id)

    @property
    def buttons(self) -> list[ipw.Button]:
        """The action and outcome buttons now shown (not Roll or Pick)."""
        return [w for w in self._made if isinstance(w, ipw.Button) and hasattr(w, "re_action")]

    @property
    def offered(self) -> list:
        """Every action offered now: on a button, or in the outcome dropdown."""
        out = [b.re_action for b in self.buttons]
        for w in self._made:
            if isinstance(w, ipw.Dropdown):
                out.extend(v for _, v in w.options)
        return out

    def button_for(self, action) -> ipw.Button | None:
        return next((b for b in self.buttons if b.re_action == action), None)

    @property
    def roll_button(self) -> ipw.Button | None:
        return next((w for w in self._made if isinstance(w, ipw.Button) and "re-roll" in w._dom_classes), None)


def sentence(action, lang: str) -> str:
    """An action's description without its closing full stop, for a button that goes on after it ("…, then end
    the phase", "… · 3 steps")."""
    return action.describe(lang).rstrip(".。")


def _css(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower())


def game_over_html(state, lang: str, viewer: int = -1) -> str:
    """Why the game ended, for the top of the table: the winners (the viewer marked "you"), and the rule of
    the event that ended it (the last event of the last step)."""
    def name(p):
        return label("own_view", lang, who=player_name(p, lang)) if p == viewer else player_name(p, lang)

    winners = ", ".join(name(p) for p in state.winners)
    text = label("game_over", lang, who=winners) if winners else label("game_over_none", lang)
    events = state.events
    clause = state.game.clause_index.get(events[-1].clause) if events else None
    why = "" if clause is None else (  # the rule in words; its id as a small tag, not inside the sentence (issue 31)
        f"<br><span class='re-ended-by'>{html.escape(label('ended_by', lang, text=clause.text(lang)))} "
        f"{clause_tag(clause.id)}</span>")
    return f"<div class='re-game-over'><b>{html.escape(text)}</b>{why}</div>"
