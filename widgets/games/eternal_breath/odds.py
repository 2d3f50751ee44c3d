"""OddsExplorer: the exact combat odds of 永恒之息 (§3.2 攻击事件) at a glance.

Sliders for the attack and the defence, a response selector, the damage distribution (exact fractions
on hover, an "at least" view), the attacks-until-it-falls chart, the "dodge or block?" table per
attacker's die and a duel panel. Every number comes from ``probability.eternal_breath``; nothing is
computed here. Charts are plain ``go.Figure`` redrawn into ``ipw.Output`` (no FigureWidget).

Every input is a traitlet of this component, validated here whatever sends it (Python or a browser
comm message): integers are clamped to their range, anything else is refused and the old value kept.
The latest results are attributes: ``damage``, ``kill``, ``table``, ``duel_result`` and the figures.
"""

from __future__ import annotations

import html
from contextlib import contextmanager
from fractions import Fraction
from itertools import accumulate

import ipywidgets as ipw
import plotly.graph_objects as go
import traitlets

import explorer
from probability import eternal_breath as eb
from probability.dist import mean as dist_mean
from probability.dist import show, show_html, show_number, tail
from probability.eternal_breath.switches import combat_rules, combat_switch_options
from widgets.components.component import Component, clamped, one_of, take_from_control
from widgets.components.lazy_question import AsksQuestions, LazyQuestion, question_picker, show_only
from widgets.components.plotly_bundle import show_figure, y_title

# name → (minimum, maximum, default); values outside are clamped
BOUNDS = {
    "attack_points": (0, 12, 3), "base_defence": (0, 10, 2), "defence_points": (0, 10, 1), "hp": (1, 40, 20),
    "max_turns": (1, 60, 40), "a_hp": (1, 40, 20), "a_attack": (0, 12, 3), "a_base": (0, 10, 2),
    "a_card": (0, 10, 1), "b_hp": (1, 40, 20), "b_attack": (0, 12, 3), "b_base": (0, 10, 2), "b_card": (0, 10, 1),
    "rounds": (1, 60, 30),
}
CHOICES = {"response": (eb.RESPONSES, eb.BLOCK), "a_response": (eb.RESPONSES, eb.BLOCK),
           "b_response": (eb.RESPONSES, eb.BEST), "first": (("a", "b"), "a")}
QUESTIONS = ("attack", "duel")  # the first is made with the view, the other when first opened
ATTACK_INPUTS = ("attack_points", "base_defence", "defence_points", "hp", "max_turns", "response", "at_least")
DUEL_INPUTS = (*(f"{s}_{n}" for s in "ab" for n in ("hp", "attack", "base", "card", "response")), "rounds",
               "first")
WORDS = {  # key: (English, 中文)
    "title": ("Combat odds — §3.2 attack event", "战斗概率 —— §3.2 攻击事件"),
    "attack": ("One attack", "一次攻击"),
    "attack_points": ("Attack points", "攻击点"),
    "base_defence": ("Base defence", "基础防御"), "defence_points": ("Defence card points", "防御卡防御点"),
    "hp": ("Defender HP", "防御方生命值"), "max_turns": ("Attacks shown", "显示攻击次数"),
    "response": ("Response", "应对"),
    eb.BLOCK: ("Block", "格挡"), eb.DODGE: ("Dodge", "闪避"), eb.BEST: ("Best (sees the die)", "最优（看骰后选）"),
    "at_least": ("At least", "至少"), "damage": ("Damage", "伤害"), "prob": ("Probability", "概率"),
    "cancelled": ("cancelled", "抵消"), "dist": ("Damage of one attack", "单次攻击伤害"),
    "turns": ("Attacks until the defender falls", "击倒防御方所需攻击次数"), "standing": ("still standing", "仍未倒下"),
    "fallen": ("fallen by then", "累计倒下"), "attacks": ("Attacks", "攻击次数"),
    "die": ("Attacker's die", "攻击方骰子"),
    "e_block": ("E[damage] block", "格挡期望伤害"), "e_dodge": ("E[damage] dodge", "闪避期望伤害"),
    "p_dodge": ("P(dodge succeeds)", "闪避成功率"), "better": ("Better", "更优"), "by": ("by", "差"),
    "either": ("either", "皆可"), "duel": ("Duel", "决斗"),
    "table": ("Dodge or block? (the defender sees the attacker's die)", "闪避还是格挡？（防御方已看到攻击方骰子）"),
    "a": ("A", "甲"), "b": ("B", "乙"), "rounds": ("Rounds", "回合数"), "first": ("First to attack", "先攻"),
    "a_falls": ("A falls", "甲倒下"), "b_falls": ("B falls", "乙倒下"), "both": ("both standing", "双方仍站立"),
    "f_hp": ("HP", "生命值"), "round": ("Round", "回合"), "mean": ("Expected damage", "期望伤害"),
    # the engine's combat switches and their values (assumptions register)
    "block_without_card": ("Block without a card", "无卡格挡"), "base_and_die": ("base defence + die", "基础防御+骰子"),
    "zero": ("total defence 0", "总防御为0"), "response_timing": ("Defender chooses", "防御方何时选择"),
    "after_attack_die": ("after the attacker's die", "看到攻击骰后"),
    "before_attack_die": ("before the die", "攻击骰之前"),
}
T = {lang: {key: words[i] for key, words in WORDS.items()} for i, lang in enumerate(("en", "zh"))}


def _int_trait(name: str) -> traitlets.Int:
    return traitlets.Int(BOUNDS[name][2])


def _trace(kind, xs, probs, labels, **kwargs):
    """A bar or line of exact probabilities: floats to plot, the exact value on hover."""
    probs = list(probs)
    hover = [f"{label}: {show(p)}" for label, p in zip(labels, probs, strict=True)]
    return kind(x=list(xs), y=[float(p) for p in probs], customdata=hover, hovertemplate="%{customdata}<extra></extra>",
                **kwargs)


class OddsExplorer(AsksQuestions, Component):
    """Exact odds of one attack, of attacks until a character falls, and of a duel, in English or 中文."""

    attack_points, base_defence, defence_points = (_int_trait(n) for n in ("attack_points", "base_defence",
                                                                           "defence_points"))
    hp, max_turns, rounds = _int_trait("hp"), _int_trait("max_turns"), _int_trait("rounds")
    a_hp, a_attack, a_base, a_card = (_int_trait(n) for n in ("a_hp", "a_attack", "a_base", "a_card"))
    b_hp, b_attack, b_base, b_card = (_int_trait(n) for n in ("b_hp", "b_attack", "b_base", "b_card"))
    response, a_response = traitlets.Unicode(eb.BLOCK), traitlets.Unicode(eb.BLOCK)
    b_response, first = traitlets.Unicode(eb.BEST), traitlets.Unicode("a")
    at_least = traitlets.Bool(False)
    question = traitlets.Unicode(QUESTIONS[0])  # the question shown; its body is made when first shown
    variant = traitlets.Dict()  # the engine's combat switches (assumptions register), e.g. block_without_card

    def __init__(self, lang: str = "en", **kwargs):
        self._quiet = False
        self.computations = 0  # how many times the odds were recomputed (tests check the batching)
        self.damage = self.kill = self.table = self.duel_result = None
        self.damage_figure = self.turns_figure = self.duel_figure = None
        self._duel_key = None
        self._controls: dict[str, ipw.Widget] = {}  # made with the question that shows them
        self._switches = {name: ipw.Dropdown(options=o.values, value=o.default, style={"description_width": "initial"})
                          for name, o in combat_switch_options().items()}
        for control in self._switches.values():
            control.observe(self._on_switch, names="value")
        self._title = ipw.HTML()
        self._picker = question_picker(QUESTIONS, self.question, "re-odds-question")
        self._picker.observe(self._on_picker, names="value")
        # one attack (made at once, the first question) and the duel (made when first opened)
        self._questions = {"attack": LazyQuestion(self._make_attack), "duel": LazyQuestion(self._make_duel)}
        wrap = ipw.Layout(flex_flow="row wrap")  # on a phone the menus go one under another, not squeezed
        super().__init__(children=[self._title, ipw.HBox(list(self._switches.values()), layout=wrap), self._picker,
                                   *self._questions.values()], **kwargs)
        self.add_class("re-odds-explorer")
        with self._batch():
            self.lang = lang
        show_only(self._questions, self.question, self.lang)
        self._relabel()
        self.recompute()

    def _control(self, name: str) -> ipw.Widget:
        """The control of input ``name``, showing the input's current value (made with its question)."""
        if name in BOUNDS:
            lo, hi, _ = BOUNDS[name]
            control = ipw.IntSlider(min=lo, max=hi, value=getattr(self, name), continuous_update=False,
                                    style={"description_width": "initial"})
        elif name in CHOICES:
            control = ipw.Dropdown(options=CHOICES[name][0], value=getattr(self, name),
                                   layout=ipw.Layout(width="max-content"), style={"description_width": "initial"})
        else:
            control = ipw.ToggleButton(value=self.at_least, layout=ipw.Layout(width="auto"))
        control.observe(self._on_control, names="value")
        control.add_class(f"re-odds-{name.replace('_', '-')}")  # stable selectors for tests
        self._controls[name] = control
        return control

    def _make_attack(self) -> list[ipw.Widget]:
        """One attack: its damage, the attacks until the defender falls, and the dodge-or-block table."""
        c = {n: self._control(n) for n in ATTACK_INPUTS}
        self._summary, self._table_html = ipw.HTML(), ipw.HTML()
        self._summary.add_class("re-odds-summary")
        chart = {"flex": "1 1 320px", "min_width": "0"}  # two side by side on a desk, one under the other on a phone
        self._damage_out, self._turns_out = (ipw.Output(layout=ipw.Layout(**chart)) for _ in range(2))
        wrap = ipw.Layout(flex_flow="row wrap")  # on a phone the columns go one under another, not squeezed
        answer = ipw.HBox([c["response"], c["at_least"]], layout=wrap)
        return [ipw.HBox([ipw.VBox([c["attack_points"], c["base_defence"], c["defence_points"]]),
                          ipw.VBox([c["hp"], c["max_turns"], answer])], layout=wrap),
                self._summary, ipw.HBox([self._damage_out, self._turns_out], layout=wrap), self._table_html]

    def _make_duel(self) -> list[ipw.Widget]:
        """The duel of two fighters, round by round."""
        c = {n: self._control(n) for n in DUEL_INPUTS}
        self._duel_title, self._duel_summary, self._duel_out = ipw.HTML(), ipw.HTML(), ipw.Output()
        fighter = [ipw.VBox([c[f"{s}_{n}"] for n in ("hp", "attack", "base", "card", "response")]) for s in "ab"]
        wrap = ipw.Layout(flex_flow="row wrap")
        return [self._duel_title, ipw.HBox([*fighter, ipw.VBox([c["rounds"], c["first"]])], layout=wrap),
                self._duel_summary, self._duel_out]

    # --- validation: every value, from Python or from the browser ---------------------------------
    @traitlets.validate(*BOUNDS)
    def _valid_int(self, proposal):
        """Clamp an integer input into its range; refuse bools (and traitlets refuses non-integers)."""
        lo, hi, _ = BOUNDS[proposal["trait"].name]
        return clamped(proposal, lo, hi)

    @traitlets.validate(*CHOICES)
    def _valid_choice(self, proposal):
        """Refuse a response (or first attacker) that is not one of the choices."""
        return one_of(proposal, CHOICES[proposal["trait"].name][0])

    @traitlets.validate("question")
    def _valid_question(self, proposal):
        """Only the view's questions."""
        return one_of(proposal, QUESTIONS)

    @traitlets.validate("variant")
    def _valid_variant(self, proposal):
        """Only the combat switches, each with a value the engine's register allows."""
        value = proposal["value"]
        if set(value) - set(self._switches):
            raise traitlets.TraitError(f"variant keys must be among {sorted(self._switches)}")
        try:
            combat_rules(value)
        except (ValueError, explorer.VariantError) as error:
            raise traitlets.TraitError(str(error)) from None
        return dict(value)

    # --- reacting --------------------------------------------------------------------------------
    def _on_control(self, change):
        """Fires when a control moves (a browser message): the value goes through this component's
        validation; a refused value is undone, a clamped one is shown clamped."""
        name = next(n for n, c in self._controls.items() if c is change["owner"])
        take_from_control(self, name, change)

    def _on_switch(self, change):
        """Fires when a switch's menu changes: validated as a variant; a refused value is undone."""
        name = next(n for n, c in self._switches.items() if c is change["owner"])
        now = self.variant.get(name, combat_switch_options()[name].default)
        if self._quiet or change["new"] == now:  # relabelling or showing a change made here
            return
        try:
            self.variant = {**self.variant, name: change["new"]}
        except traitlets.TraitError:
            change["owner"].value = now

    @traitlets.observe("variant")
    def _on_variant(self, change):
        """Fires when the switches change: show them, recompute unless in a batch."""
        for name, control in self._switches.items():
            control.value = change["new"].get(name, combat_switch_options()[name].default)
        if not self._quiet:
            self.recompute()

    @traitlets.observe(*BOUNDS, *CHOICES, "at_least")
    def _on_input(self, change):
        """Fires when any input changes (sliders only on release): show it (if its question is made yet),
        recompute unless in a batch."""
        control = self._controls.get(change["name"])
        if control is not None and control.value != change["new"]:
            control.value = change["new"]
        if not self._quiet:
            self.recompute()

    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when the language changes: relabel and redraw (the odds stay)."""
        if not self._quiet:
            self._relabel()
            self._redraw()

    @contextmanager
    def _batch(self):
        """Change several inputs and recompute once at the end (the caller recomputes)."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def reset(self) -> None:
        """Every input back to its default, recomputed once."""
        with self._batch():
            for name, (_, _, default) in BOUNDS.items():
                setattr(self, name, default)
            for name, (_, default) in CHOICES.items():
                setattr(self, name, default)
            self.at_least = False
            self.variant = {}
        self.recompute()

    def recompute(self) -> None:
        """The odds for the current inputs (exact), then the figures. The duel only once its question is made."""
        self.computations += 1
        v = self.variant
        self.damage = eb.damage(self.attack_points, self.base_defence, self.defence_points, self.response, **v)
        self.kill = eb.turns_to_kill(self.hp, self.damage, self.max_turns)
        self.table = eb.best_response_table(self.attack_points, self.base_defence, self.defence_points, **v)
        if self._questions["duel"].made:
            self._duel()
        self._redraw()

    def _duel(self) -> None:
        v = self.variant
        a = eb.Fighter(self.a_hp, self.a_attack, self.a_base, self.a_card, self.a_response)
        b = eb.Fighter(self.b_hp, self.b_attack, self.b_base, self.b_card, self.b_response)
        key = (a, b, self.rounds, self.first, tuple(sorted(v.items())))
        if self._duel_key != key:  # the duel (the costliest chain) only when its own inputs changed
            self.duel_result, self._duel_key = eb.duel(a, b, self.rounds, self.first, **v), key

    # --- drawing ---------------------------------------------------------------------------------
    def _t(self, key: str) -> str:
        return T[self.lang][key]

    def _relabel(self) -> None:
        """Every label in the language: the controls made so far, the question buttons, the titles."""
        c, t = self._controls, self._t
        words = {name: t(name) for name in ("attack_points", "base_defence", "defence_points", "hp", "max_turns",
                                            "rounds", "response", "first", "at_least")}
        for s in "ab":
            for n, key in (("hp", "hp"), ("attack", "attack_points"), ("base", "base_defence"),
                           ("card", "defence_points"), ("response", "response")):
                words[f"{s}_{n}"] = f"{t(s)}: {t('f_hp') if n == 'hp' else t(key)}"
        with self._batch():
            for name, (allowed, _) in CHOICES.items():
                if name in c:
                    keep = getattr(self, name)
                    c[name].options = [(t(v), v) for v in allowed]
                    c[name].value = keep
                    setattr(self, name, keep)
        for name, control in c.items():
            control.description = words[name]
        self._label_questions(t)
        for name, control in self._switches.items():
            with self._batch():
                keep = control.value
                control.options = [(T[self.lang].get(v, str(v)), v) for v in combat_switch_options()[name].values]
                control.value = keep
            control.description = T[self.lang].get(name, name)
        self._title.value = f"<h3>{html.escape(t('title'))}</h3>"

    def _redraw(self) -> None:
        """The figures, summaries and table of every question made so far."""
        if self.damage is None:
            return
        self.damage_figure = self._damage_fig()
        self.turns_figure = self._turns_fig()
        show_figure(self._damage_out, self.damage_figure)
        show_figure(self._turns_out, self.turns_figure)
        mean = dist_mean(self.damage)
        self._summary.value = f"<b>{html.escape(self._t('mean'))}</b>: {show_number(mean)}"
        self._table_html.value = self._table_markup()
        if self.duel_result is None:
            return
        self.duel_figure = self._duel_fig()
        show_figure(self._duel_out, self.duel_figure)
        r, t = self.duel_result, self._t
        self._duel_title.value = f"<h4>{html.escape(t('duel'))}</h4>"
        self._duel_summary.value = " · ".join(f"{html.escape(t(k))}: {show_html(v)}" for k, v in
                                              (("a_falls", r.a_falls), ("b_falls", r.b_falls), ("both", r.standing)))

    def _layout(self, fig: go.Figure, title: str, x: str) -> go.Figure:
        fig.update_layout(template="none", title=title, autosize=True, height=300, bargap=0.15, xaxis_title=x,
                          yaxis_range=[0, 1.05], legend={"orientation": "h", "y": -0.25},
                          margin={"l": 50, "r": 10, "t": 40, "b": 40})
        return y_title(fig, self._t("prob"), self.lang)

    def _damage_fig(self) -> go.Figure:
        t = self._t
        values = tail(self.damage) if self.at_least else self.damage
        xs = [str(h) for h in values]
        ticks = [t("cancelled") if h == eb.CANCELLED and not self.at_least else str(h) for h in values]
        sign = "≥" if self.at_least else "="
        fig = go.Figure(_trace(go.Bar, xs, values.values(), [f"P({t('damage')} {sign} {k})" for k in ticks],
                               name=t("prob")))
        fig.update_xaxes(type="category", tickvals=xs, ticktext=ticks)
        return self._layout(fig, f"{t('dist')} ({t('at_least')})" if self.at_least else t("dist"), t("damage"))

    def _turns_fig(self) -> go.Figure:
        t = self._t
        turns = [n for n in self.kill if n is not eb.STANDING]
        probs = [self.kill[n] for n in turns]
        standing = self.kill.get(eb.STANDING, Fraction(0))
        fig = go.Figure([
            _trace(go.Bar, turns, probs, [str(n) for n in turns], name=t("attacks")),
            _trace(go.Scatter, turns, accumulate(probs), [f"≤ {n}" for n in turns], name=t("fallen"),
                   mode="lines+markers"),
            _trace(go.Bar, [self.max_turns + 1], [standing], [t("standing")], name=t("standing"))])
        return self._layout(fig, t("turns"), t("attacks"))

    def _duel_fig(self) -> go.Figure:
        t, r = self._t, self.duel_result
        rounds = [n for n, _, _ in r.by_round]
        fig = go.Figure([_trace(go.Scatter, rounds, accumulate(row[i] for row in r.by_round),
                                [f"{t(key)} ≤ {n}" for n in rounds], name=t(key), mode="lines")
                         for key, i in (("a_falls", 1), ("b_falls", 2))])
        return self._layout(fig, t("duel"), t("round"))

    def _table_markup(self) -> str:
        t = self._t
        keys = ("die", "e_block", "e_dodge", "p_dodge", "better", "by")
        head = "".join(f"<th>{html.escape(t(k))}</th>" for k in keys)
        rows = []
        for row in self.table:
            better = html.escape(t(row["better"]) if row["better"] in T["en"] else row["better"])
            cells = [str(row["attack_die"]), *(show_number(row[k]) for k in ("block", "dodge")),
                     show(row["dodge_succeeds"]), f"<b>{better}</b>", show_number(row["by"])]
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        return (f"<b>{html.escape(t('table'))}</b><table class='re-table'><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")
