"""ReadingsCompare: the moves of the session replayed under two readings of one assumption, side by side.

The person picks a switch of the game's assumptions register (``explorer.assumptions(game)``: the ones with a
``switch``) and two of its values, each named by its label in the page's language (``Assumption.label`` and
``value_label``; the menus' values stay the switch's name and the value's text, checked against the register);
the session's line of moves, from its start to now, is replayed under each (``explorer.event_scopes.under_reading``)
and each graph is drawn as a chain of boxes (``chain_spec``) with the events the other reading does not have ringed
in red
(``compare_logs``). A reading under which a move of the line is not legal stops there, and the page says after
how many moves the readings part. The viewer's view is kept: events the viewer may not see are redacted in both.
"""

from __future__ import annotations

import html

import ipywidgets as ipw

import explorer
from explorer.event_scopes import compare_logs, under_reading
from widgets.event_graph.figure import KindColours
from widgets.event_graph.layout import chain_spec
from widgets.event_graph.picture import ChainPicture

WORDS = {
    "switch": {"en": "Compare readings of", "zh": "比较解读"},
    "run": {"en": "Compare", "zh": "比较"},
    "none": {"en": "This game has no switch to compare.", "zh": "此游戏没有可比较的开关。"},
    "same": {"en": "Both readings give the same events for these {n} moves.",
             "zh": "对这 {n} 步，两种解读给出相同的事件。"},
    "differ": {"en": "\"{a}\": {na} events, {da} not in the other; \"{b}\": {nb} events, {db} not in the other "
                     "(ringed in red).",
               "zh": "「{a}」：{na} 个事件，其中 {da} 个另一方没有；"
                     "「{b}」：{nb} 个事件，其中 {db} 个另一方没有（红框）。"},
    "parted": {"en": "Under \"{v}\" only {k} of the {n} moves are legal: the readings part there.",
               "zh": "在「{v}」下，{n} 步中只有 {k} 步合法：两种解读从这里分开。"},
    "reading": {"en": "{s}: {v}", "zh": "{s}：{v}"},
}


def words(key: str, lang: str, **fields) -> str:
    return WORDS[key]["zh" if lang == "zh" else "en"].format(**fields)


class ReadingsCompare(ipw.VBox):
    """Two figures of one situation under two readings, differences ringed (see the module's docstring)."""

    def __init__(self, view):
        self.view = view
        # the words before the menus are a label of their own, not the menu's description: on a phone each then
        # takes a line of its own and the chosen reading shows whole (a description shared the line, and cut it)
        self._label = ipw.HTML()
        self._label.add_class("re-graph-compare-label")
        self._switch = ipw.Dropdown(layout=ipw.Layout(width="auto", max_width="100%"))
        self._a = ipw.Dropdown(layout=ipw.Layout(width="auto", max_width="100%"))
        self._b = ipw.Dropdown(layout=ipw.Layout(width="auto", max_width="100%"))
        self._run = ipw.Button(layout=ipw.Layout(width="auto", min_width="80px"))
        self._run.add_class("re-graph-compare-run")
        self._note = ipw.HTML()
        self._note.add_class("re-graph-compare-note")
        self.outs = (ChainPicture(layout=ipw.Layout(flex="1 1 300px", min_width="0")),
                     ChainPicture(layout=ipw.Layout(flex="1 1 300px", min_width="0")))
        self.specs: tuple[dict, dict] | tuple = ()
        self.changed: tuple[set[int], set[int]] | tuple = ()
        super().__init__(children=[
            ipw.HBox([self._label, self._switch, self._a, self._b, self._run],
                     layout=ipw.Layout(flex_flow="row wrap", align_items="center")),
            self._note, ipw.HBox(list(self.outs), layout=ipw.Layout(flex_flow="row wrap", width="100%"))])
        self.add_class("re-graph-compare")
        self._switch.observe(self._on_switch, "value")
        self._run.on_click(lambda _: self.compare())
        self.relabel()

    def switches(self) -> dict[str, tuple]:
        """The game's switches with their readings: switch → (assumption, values)."""
        gid = self.view.session.game_id
        return {a.switch: (a, tuple(a.values)) for a in explorer.assumptions(gid) if a.switch and len(a.values) > 1}

    def relabel(self) -> None:
        """Words in the view's language (the choices made are kept; nothing is done if the language is the same)."""
        lang = self.view.lang
        if getattr(self, "_lang", None) == lang:
            return
        self._lang = lang
        choices = self.switches()
        keep = (self._switch.value, self._a.value, self._b.value)
        self._label.value = html.escape(words("switch", lang))
        self._switch.options = [(a.label(lang), s) for s, (a, _) in choices.items()]
        self._run.description = words("run", lang)
        self._run.disabled = not choices
        if not choices:
            self._note.value = html.escape(words("none", lang))
        if choices:
            self._switch.value = keep[0] if keep[0] in choices else next(iter(choices))
        self._on_switch(None)
        offered = [value for _, value in self._a.options]
        if keep[0] == self._switch.value and keep[1] in offered and keep[2] in offered:
            self._a.value, self._b.value = keep[1], keep[2]

    def _on_switch(self, change) -> None:
        """Fires when another switch is picked: offer its values (each named by its label), the first two chosen."""
        a, values = self.switches().get(self._switch.value, (None, ()))
        self._a.options = self._b.options = [(a.value_label(v, self.view.lang), str(v)) for v in values]
        if len(values) > 1:
            self._a.value, self._b.value = str(values[0]), str(values[1])

    def choose(self, switch: str, a, b) -> None:
        """Pick a switch and two of its values (the values must be the register's)."""
        values = self.switches()[switch][1]
        if a not in values or b not in values:
            raise ValueError(f"{switch} reads {values}, not {a!r} / {b!r}")
        self._switch.value = switch
        self._a.value, self._b.value = str(a), str(b)

    def _value(self, text: str):
        """The register's value whose text the dropdown shows (the browser sends text: validated here)."""
        values = self.switches()[self._switch.value][1]
        return next(v for v in values if str(v) == text)

    def compare(self) -> None:
        """Replay the session's line under both readings and draw the two graphs."""
        view, lang = self.view, self.view.lang
        if self._switch.value not in self.switches():
            return
        switch, values = self._switch.value, (self._value(self._a.value), self._value(self._b.value))
        root, node = view.session.root.state, view.session.node.state
        moves = tuple(node.history[len(root.history):])
        who = None if view.viewer < 0 else view.viewer
        runs = [under_reading(root, moves, switch, v) for v in values]
        logs = [explorer.visible_log(state.log[len(root.log):], who) for state, _ in runs]
        only = compare_logs(*logs)
        colours = KindColours()
        self.changed = only
        self.specs = tuple(chain_spec(explorer.event_graph(log, texts=False), lang, colours, who, changed=diff)
                           for log, diff in zip(logs, only, strict=True))
        assumption = self.switches()[switch][0]
        named = [assumption.value_label(v, lang) for v in values]
        titles = [words("reading", lang, s=assumption.label(lang), v=name) for name in named]
        for out, spec, name in zip(self.outs, self.specs, named, strict=True):  # the switch over the reading
            spec["heading"] = [assumption.label(lang), name]
            out.spec = spec
        notes = [words("parted", lang, v=title, k=k, n=len(moves))
                 for (_, k), title in zip(runs, titles, strict=True) if k < len(moves)]
        if not any(only):
            notes.insert(0, words("same", lang, n=len(moves)))
        else:
            notes.insert(0, words("differ", lang, a=named[0], b=named[1], na=len(logs[0]), nb=len(logs[1]),
                                  da=len(only[0]), db=len(only[1])))
        self._note.value = "<br>".join(html.escape(n) for n in notes)
