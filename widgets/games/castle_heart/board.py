"""CastleHeartBoard: the 城堡之心 table — heroes seated round the castle (distance counts in seats, CH-A04), each
with its hero's face, its identity (a face, or "?" while the view may not see it, CH-A09), HP, soldiers,
equipment and hand as card faces; the middle of the table says the round, the phase, the attack or magic card
under way and, at the end, who won and by which rule.

The seats' heroes and soldiers are buttons: when the current decision aims at them (an attack, a spell, a
command…) they are highlighted, and a click sends exactly that legal action through the session, which checks
it again (a stale or forged click is refused with the rule, and nothing changes). When several actions aim at
the same hero (a 剑 or the longbow's two cards; fireball or hold), the middle of the table asks which.

Widgets are made once per table and reused: two generations of target buttons take turns, so a click that was
on its way while the table moved arrives on the previous generation and is refused as stale.
``_html`` keeps the whole table as one picture (the Learn tab shows it)."""

from __future__ import annotations

import html

import ipywidgets as ipw
import traitlets

from explorer import TERMINAL
from widgets.components.board_base import BoardBase
from widgets.components.component import close_tree
from widgets.games.castle_heart.faces import hero_face, soldier_face
from widgets.games.castle_heart.seat import (
    STYLE,
    centre_html,
    member_name,
    seat_body_html,
    seat_classes,
    seat_head_html,
    table_html,
    w,
)
from widgets.games.castle_heart.targets import HERO, probe, targets
from widgets.i18n import player_name
from widgets.play.game_session import GameSession

RING = ("tl", "tc", "tr", "mr", "br", "bc", "bl", "ml")  # the cells round the castle, clockwise
TEMPLATE = '"tl tc tr" "ml c mr" "bl bc br"'
WORDS = {"en": {"which": "{who}: which one?", "target": "◎ "}, "zh": {"which": "{who}：选择哪一项？", "target": "◎ "}}
LAYOUT_STYLE = """<style>
.re-ch-ring{width:100%;box-sizing:border-box}
.re-ch-ring .re-ch-seat{min-width:0;overflow:hidden}
.re-ch-ring .re-ch-members{flex-wrap:wrap}
.re-ch-ring .re-ch-members button{min-width:32px;max-width:100%;height:auto;min-height:26px;white-space:normal;
 margin:1px 2px;padding:0 6px;line-height:1.3}
.re-ch-ring .re-ch-targeted{outline:3px solid #d08000;font-weight:bold}
.re-ch-ring .re-ch-how{flex-wrap:wrap;justify-content:center}
.re-ch-ring .re-ch-how button{height:auto;white-space:normal;max-width:100%}
@media (max-width:760px){
 .re-ch-ring{grid-template-columns:minmax(0,1fr)!important;grid-template-areas:none!important}
 .re-ch-ring>*{grid-area:auto!important}
}
</style>"""


def ring_cells(n: int, bottom: int) -> list[str]:
    """The cell of each seat: seat ``bottom`` (the viewer's) at the bottom middle, the others clockwise."""
    return [RING[(5 + round(((k - bottom) % n) * 8 / n)) % 8] for k in range(n)]


class CastleHeartBoard(BoardBase):
    """The 城堡之心 table of the session's current state, seen by ``viewer``; targets are clickable."""

    css_class = "re-ch-board-widget"

    def __init__(self, session: GameSession, lang: str = "en", viewer: int = -1, **kwargs):
        self._built = False
        n = session.players
        self._layout, self._style = ipw.Layout(width="auto"), ipw.ButtonStyle()
        self._centre = ipw.HTML()
        self._centre.add_class("re-ch-middle")
        self._how_text = ipw.HTML()
        self._how = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self._how.add_class("re-ch-how")
        self._how_made: list[ipw.Button] = []
        self._how_old: list[ipw.Button] = []
        middle = ipw.VBox([self._centre, self._how_text, self._how], layout=ipw.Layout(grid_area="c", min_width="0"))
        self._heads = [ipw.HTML() for _ in range(n)]
        self._bodies = [ipw.HTML() for _ in range(n)]
        self._members = [ipw.HBox(layout=ipw.Layout(flex_flow="row wrap")) for _ in range(n)]
        for box in self._members:
            box.add_class("re-ch-members")
        self._pools: list[list[list[ipw.Button]]] = [[[], []] for _ in range(n)]  # seat → generation → buttons
        self._generation = 0
        self._seats = [ipw.VBox([self._heads[k], self._members[k], self._bodies[k]], layout=ipw.Layout(min_width="0"))
                       for k in range(n)]
        self._ring = ipw.GridBox([middle, *self._seats], layout=ipw.Layout(
            grid_template_columns="repeat(3, minmax(0, 1fr))", grid_template_areas=TEMPLATE, grid_gap="6px",
            width="100%"))
        self._ring.add_class("re-ch-ring")
        self._offer: dict = {}
        self._offer_node = -1
        super().__init__(session, lang=lang, viewer=viewer, **kwargs)
        self.children = [self._viewer, self._note, self._ring]  # the note: the teacher's view warns
        picture = self._html  # the whole table as one picture: kept as text for the Learn tab, not displayed
        self._html = _Picture(picture.value)
        close_tree(picture)
        self._built = True
        self._draw()

    # --- drawing --------------------------------------------------------------------------------
    def render(self, view: dict) -> str:
        s = self.session
        return table_html(view, s.state, self.lang, self.viewer, self.step_html(), s.state.data.opts.magic_cost)

    def _draw(self) -> None:
        super()._draw()  # keeps last_view and the one-picture table up to date
        if not getattr(self, "_built", False):
            return
        view, lang, s = self.last_view, self.lang, self.session
        magic_cost = s.state.data.opts.magic_cost
        players = view.get("players", [])
        self._centre.value = LAYOUT_STYLE + STYLE + centre_html(view, s.state, lang, self.step_html(), magic_cost)
        self._offer, self._offer_node = self._targets_now(view), s.node_id
        self._generation ^= 1
        for k, (seat, p) in enumerate(zip(self._seats, players, strict=False)):
            seat.layout.grid_area = ring_cells(len(players), max(self.viewer, 0))[k]
            classes = seat_classes(k, p, view, self.viewer)
            if list(seat._dom_classes) != classes:
                seat._dom_classes = classes
            self._heads[k].value = seat_head_html(k, p, view, lang, self.viewer, pips=False)
            self._bodies[k].value = seat_body_html(p, view, lang, magic_cost, soldiers=False)
            self._members[k].children = self._member_buttons(k, p)
        self._show_how(None, [])

    def _targets_now(self, view: dict) -> dict:
        """The targets of the current decision that this viewer may take (-1: anyone's; k: only k's own)."""
        state = self.session.state
        who = state.current_player
        if who < 0 or who == TERMINAL or (self.viewer >= 0 and who != self.viewer):
            return {}
        return targets(state.legal_actions(), view)

    def _member_buttons(self, k: int, p: dict) -> list[ipw.Button]:
        """The hero and each soldier of seat k, as buttons of this generation (highlighted when aimed at)."""
        pool = self._pools[k][self._generation]
        hp = f'♥{p["hp"]}/{p["max_hp"]}' if p["alive"] else w("dead", self.lang)  # a dead hero has no HP to count
        members = [(HERO, hero_face(p["hero"]) if p.get("hero") else None, hp)]
        members += [(i, soldier_face(x["kind"]), f'♥{x["hp"]}') for i, x in enumerate(p.get("soldiers", []))]
        while len(pool) < len(members):
            button = ipw.Button(layout=self._layout, style=self._style)
            button.re_seat, button.re_member, button.re_node = k, len(pool) - 1, -1
            button.on_click(self._on_target)
            pool.append(button)
        out = []
        for button, (member, face, hp) in zip(pool, members, strict=False):
            if face is None:
                continue
            aimed = (k, member) in self._offer
            name = w("Hero", self.lang) if member == HERO else face.name(self.lang)
            text = f'{WORDS[self.lang]["target"] if aimed else ""}{name} {hp}'
            button.description, button.tooltip = text, face.tooltip()
            button.button_style = "warning" if aimed else ""
            classes = ["re-ch-member", f"re-ch-seat-{k}"] + (["re-ch-targeted"] if aimed else [])
            if list(button._dom_classes) != classes:
                button._dom_classes = classes
            button.re_node = self.session.node_id
            out.append(button)
        return out

    # --- clicks ----------------------------------------------------------------------------------
    def _on_target(self, button):
        """Fires when a hero or soldier is clicked: the one action aimed there, or a question which one."""
        s = self.session
        if button.re_node != s.node_id:  # drawn for an earlier step: the session says so and nothing changes
            s.choose(None, at_node=button.re_node)
            return
        seat, member = button.re_seat, button.re_member
        actions = self._offer.get((seat, member), []) if self._offer_node == s.node_id else []
        if not actions:
            self._refuse(seat, member)
        elif len(actions) == 1:
            s.choose(actions[0], at_node=button.re_node)
        else:
            self._show_how((seat, member), actions)

    def _refuse(self, seat: int, member: int) -> None:
        """A click on something the decision does not aim at (or not this viewer's decision): say which rule."""
        state, s = self.session.state, self.session
        if state.current_player < 0 or (self.viewer >= 0 and state.current_player != self.viewer):
            s.refuse("not_yours", who=self.viewer)
            return
        candidate = probe(state.legal_actions(), self.last_view, seat, member)
        if candidate is None:
            s.refuse("not_legal", what=member_name(member, self.lang))
            return
        err = state.game.why_illegal(state.data, candidate)
        s.refuse("illegal", clause=err.clause, reason=err.reason)

    def _show_how(self, target, actions) -> None:
        """The middle of the table asks which of several actions aimed at one target (fresh buttons per
        question; the previous question's stay open one more time so a late click is refused, not lost)."""
        for b in self._how_old:
            b.close()
        self._how_old, self._how_made = self._how_made, []
        if not actions:
            self._how_text.value, self._how.children = "", ()
            return
        seat, member = target
        who = f"{player_name(seat, self.lang)} · {member_name(member, self.lang)}"
        self._how_text.value = f'<b>{html.escape(WORDS[self.lang]["which"].format(who=who))}</b>'
        for a in actions:
            text = a.describe(self.lang)
            b = ipw.Button(description=text, tooltip=text, layout=self._layout, style=self._style,
                           button_style="warning", _dom_classes=("re-ch-choice",))
            b.re_action, b.re_node = a, self.session.node_id
            b.on_click(self._on_how)
            self._how_made.append(b)
        self._how.children = tuple(self._how_made)

    def _on_how(self, button):
        """Fires when one of the offered actions is chosen: the session checks it is still legal here."""
        self.session.choose(button.re_action, at_node=button.re_node)

    @property
    def target_buttons(self) -> list[ipw.Button]:
        """The hero and soldier buttons now on the table."""
        return [b for box in self._members for b in box.children]

    def button_at(self, seat: int, member: int = HERO) -> ipw.Button | None:
        return next((b for b in self._members[seat].children if b.re_member == member), None)


class _Picture(traitlets.HasTraits):
    """The board as one HTML picture (what the Learn tab and the notebooks read from ``_html.value``)."""

    value = traitlets.Unicode("")

    def __init__(self, value: str = ""):
        super().__init__()
        self.value = value
