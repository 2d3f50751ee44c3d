"""StepControls: first, back, next, play/pause with a speed, and the branch selector."""

from __future__ import annotations

import html

import ipywidgets as ipw
import traitlets

from widgets.components.component import SessionComponent
from widgets.i18n import label
from widgets.play.game_session import GameSession

PLAY_MAX = 1_000_000


class StepControls(SessionComponent):
    """Moves a :class:`GameSession` through its explored tree; Next explores when nothing is explored yet."""

    interval = traitlets.Int(700)  # play speed: milliseconds per step
    _refreshing = False

    def __init__(self, session: GameSession, lang: str = "en", viewer: int = -1, **kwargs):
        self.session = session
        self._first = ipw.Button(layout=ipw.Layout(width="auto"))
        self._back = ipw.Button(layout=ipw.Layout(width="auto"))
        self._next = ipw.Button(button_style="primary", layout=ipw.Layout(width="auto"))
        self._play = ipw.Play(value=0, min=0, max=PLAY_MAX, step=1, interval=self.interval, show_repeat=False)
        self._speed = ipw.IntSlider(value=self.interval, min=100, max=3000, step=100, continuous_update=False,
                                    layout=ipw.Layout(width="260px"))
        self._counter = ipw.HTML()
        self._branch = ipw.Dropdown(layout=ipw.Layout(width="100%", max_width="640px"),  # fits a phone
                                    style={"description_width": "initial"})
        self._notice = ipw.HTML()
        for w, cls in ((self._first, "re-first"), (self._back, "re-back"), (self._next, "re-next"),
                       (self._play, "re-play"), (self._speed, "re-speed"), (self._counter, "re-step"),
                       (self._branch, "re-branch"), (self._notice, "re-step-notice")):
            w.add_class(cls)
        row = ipw.HBox([self._first, self._back, self._next, self._play, self._speed, self._counter],
                       layout=ipw.Layout(flex_flow="row wrap"))  # wraps on a phone instead of scrolling sideways
        super().__init__(children=[row, self._branch, self._notice], **kwargs)
        self.add_class("re-step-controls")
        self.lang, self.viewer = lang, viewer
        self._first.on_click(self._on_first)
        self._back.on_click(self._on_back)
        self._next.on_click(self._on_next)
        self._play.observe(self._on_tick, "value")
        self._speed.observe(self._on_speed, "value")
        self._branch.observe(self._on_branch, "value")
        session.observe(self._on_session, ["node_id", "revision"])
        session.observe(self._on_notice, "notice")
        self.reset()

    @traitlets.validate("interval")
    def _valid_interval(self, proposal):
        """Between 100 ms and 3 s per step."""
        value = proposal["value"]
        if not 100 <= value <= 3000:
            raise traitlets.TraitError(f"interval must be 100–3000 ms, not {value!r}")
        return value

    @traitlets.observe("lang", "viewer")
    def _on_lang(self, change):
        """Fires when the language or the viewer changes: relabel everything."""
        self.reset()

    @traitlets.observe("interval")
    def _on_interval(self, change):
        """Fires when the speed changes from Python: move the slider and the player."""
        self._speed.value = change["new"]
        self._play.interval = change["new"]

    # --- handlers ----------------------------------------------------------------------------
    def _on_first(self, button):
        """Fires on ⏮: back to the start."""
        self.session.first()

    def _on_back(self, button):
        """Fires on ◀: one step back (the later steps stay explored)."""
        self.session.back()

    def _on_next(self, button):
        """Fires on ▶: one step forward."""
        self.session.forward()

    def _on_tick(self, change):
        """Fires on each tick of the Play widget: one step forward; pause when no step is possible."""
        if change["new"] == 0:
            return
        if not self.session.forward():
            self.pause()

    def _on_speed(self, change):
        """Fires when the speed slider moves."""
        self.interval = change["new"]

    def _on_branch(self, change):
        """Fires when a branch is chosen: go to its tip. The value is checked to be a branch tip."""
        value = change["new"]
        if value is None or self._refreshing:
            return
        if value != self.session.tip().id:
            self.session.select_branch(value)

    def _on_session(self, change):
        """Fires when the session moves or grows."""
        self._refresh()

    def _on_notice(self, change):
        """Fires when the session has something to say (a refusal, the step taken)."""
        self._notice.value = f"<span>{_esc(self.session.notice_text(self.lang, self.viewer))}</span>"

    # --- drawing -----------------------------------------------------------------------------
    def pause(self) -> None:
        self._play.playing = False
        self._play.value = 0

    def reset(self) -> None:
        self._first.description = label("first", self.lang)
        self._back.description = label("back", self.lang)
        self._next.description = label("next", self.lang)
        self._speed.description = label("speed", self.lang)
        self._branch.description = label("branch", self.lang)
        self._refresh()
        self._on_notice(None)

    def _refresh(self) -> None:
        s = self.session
        depth = s.tip().depth
        counter = label("step_of", self.lang, step=s.step, depth=depth)
        self._counter.value = f'<span class="re-step-counter">{_esc(counter)}</span>'
        self._first.disabled = self._back.disabled = s.node.parent is None
        options = []
        for n, leaf in enumerate(s.leaves(), start=1):
            fork, first = s.fork(leaf)
            if first is None:
                text = label("main_line", self.lang, end=leaf.depth)
            else:
                desc = s.describe_step(first, self.lang, self.viewer)
                text = label("branch_item", self.lang, n=n, desc=desc, fork=fork, end=leaf.depth)
            options.append((text, leaf.id))
        self._refreshing = True
        try:
            self._branch.options = options
            tip = s.tip().id
            self._branch.value = tip if any(v == tip for _, v in options) else None
        finally:
            self._refreshing = False

    @property
    def branch_options(self) -> list[tuple[str, int]]:
        return list(self._branch.options)


def _esc(text: str) -> str:
    return html.escape(str(text))
