"""CardMobaOdds: the card-driven MOBA's exact odds at a glance (卡驱MOBA 概率).

Pickers for the attacker and the target, sliders for the target's HP, shield and poison / bleed, toggles for
armour break, weak and 中毒死亡, and the number of turns. Two charts redraw at once: what each of the
attacker's hits leaves through the shield (``probability.card_moba.hit``) and the target's HP over its start
phases under poison and bleed (``poison_timeline`` / ``bleed_timeline``). The kill odds (``kill_odds``, an
exact search of the engine's game tree) are worked out when asked, turn by turn up to the chosen n: they take
seconds for one turn and minutes for three. Every number comes from ``probability.card_moba``; nothing is
computed here. Every input is a validated traitlet (a browser may send anything): integers are clamped,
unknown heroes refused and the old value kept.
"""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as ipw
import plotly.graph_objects as go
import traitlets

from explorer.games.card_moba.content import sample
from probability import card_moba as mb
from probability.dist import show, show_html
from widgets.components.component import Component, clamped, one_of, take_from_control
from widgets.components.lazy_question import AsksQuestions, LazyQuestion, question_picker, show_only
from widgets.components.plotly_bundle import show_figure, y_title

BOUNDS = {"hp": (1, 60, 12), "shield": (0, 20, 2), "poison_layers": (0, 6, 2), "poison_turns": (0, 6, 3),
          "bleed_layers": (0, 6, 0), "bleed_turns": (0, 6, 0), "stamina": (0, 12, 4), "turns": (1, 3, 1)}
FLAGS = ("armour_break", "weak", "poison_death")
HEROES = tuple(sample().heroes)
QUESTIONS = ("hits", "timeline", "kill")  # the first is made with the view, the others when first opened
WORDS = {  # key: (English, 中文)
    "title": ("Card MOBA odds — damage, statuses, kills", "卡驱MOBA 概率 —— 伤害、状态与击杀"),
    "attacker": ("Attacker", "攻击方"), "target": ("Target", "目标"), "hp": ("Target HP", "目标生命值"),
    "shield": ("Shield", "护盾值"), "poison_layers": ("Poison layers", "中毒层级"),
    "poison_turns": ("Poison turns", "中毒时长"), "bleed_layers": ("Bleed layers", "失血层级"),
    "bleed_turns": ("Bleed turns", "失血时长"), "stamina": ("Attacker stamina", "攻击方体力值"),
    "turns": ("Turns", "回合数"), "armour_break": ("Armour break", "碎甲"), "weak": ("Attacker weak", "攻击方虚弱"),
    "poison_death": ("Poison can kill (Ruler)", "中毒死亡（Ruler）"),
    "compute": ("Work out the kill odds", "计算击杀概率"),
    "hits": ("One hit through the shield", "一次伤害穿过护盾"), "hp_loss": ("HP lost", "生命值损失"),
    "absorbed": ("absorbed by the shield", "护盾抵消"), "heal": ("healed to the source", "来源回复"),
    "timeline": ("Target HP at its start phases", "目标每个开始阶段后的生命值"), "phase": ("Start phase", "开始阶段"),
    "poison": ("poison", "中毒"), "bleed": ("bleed", "失血"), "kill": ("Kill chance by turn", "按回合的击杀概率"),
    "within": ("Within {n} turn(s)", "{n} 回合内"), "turn": ("Turn", "回合"), "chance": ("Chance", "概率"),
    "attack": ("attack", "攻击"), "dead": ("dead", "死亡"),
    "note": ("The attacker's turn begins: 2 cards drawn from the 62-card deck, best play searched exactly "
             "(aimed at the target; the target only ends its turns). One turn takes seconds, three minutes.",
             "攻击方回合开始：从62张牌堆摸2张，精确搜索最优出牌（瞄准目标；目标只结束回合）。一回合需数秒，三回合需数分钟。"),
    "asked": ("Kill odds not worked out yet for these settings.", "尚未按当前设置计算击杀概率。"),
}
T = {lang: {k: w[i] for k, w in WORDS.items()} for i, lang in enumerate(("en", "zh"))}


def readable(p: Fraction) -> str:
    """A probability for people: a percent, and the exact fraction when it is short (else ≈ the percent)."""
    return show(p)


def hero_name(hid: str, lang: str) -> str:
    h = sample().heroes[hid]
    return h["zh"] if lang == "zh" else h["en"]


def hit_label(hero: str, key: str, lang: str) -> str:
    """A hit's name: 攻击 / attack, a card id (O2), or the skill's name in the language."""
    if key == "attack":
        return T[lang]["attack"]
    for s in sample().heroes[hero]["skills"]:
        if s["id"] == key:
            return s["zh"] if lang == "zh" else s["en"]
    return key


def hits_of(hero: str, weak: bool) -> list[tuple[str, int, str]]:
    """(label, amount, kind) of each hit the hero can deal: its attack and every damage card and skill."""
    atk = mb.attack_damage(mb.attacker(hero, weak=weak))
    out = [("attack", atk, "normal")]
    for cid, c in sorted(sample().cards.items()):
        out += [(cid, e["amount"] + (atk if e["plus_atk"] else 0), e["kind"]) for e in c["effects"]
                if e["op"] == "damage"]
    for s in sample().heroes[hero]["skills"]:
        for alt in s["alts"]:
            out += [(s["id"], e["amount"] + (atk if e["plus_atk"] else 0), e["kind"]) for e in alt["effects"]
                    if e["op"] == "damage" and e["to"] != "self"]
    return out


class CardMobaOdds(AsksQuestions, Component):
    """The card-driven MOBA's odds tab, in English or 中文."""

    attacker, target = traitlets.Unicode("reaver"), traitlets.Unicode("bulwark")
    hp, shield, stamina, turns = (traitlets.Int(BOUNDS[n][2]) for n in ("hp", "shield", "stamina", "turns"))
    poison_layers, poison_turns = traitlets.Int(BOUNDS["poison_layers"][2]), traitlets.Int(BOUNDS["poison_turns"][2])
    bleed_layers, bleed_turns = traitlets.Int(0), traitlets.Int(0)
    armour_break, weak, poison_death = traitlets.Bool(False), traitlets.Bool(False), traitlets.Bool(False)
    question = traitlets.Unicode(QUESTIONS[0])  # the question shown; its body is made when first shown

    def __init__(self, lang: str = "en", **kwargs):
        self.hits = self.timeline = self.kill = None
        self.hits_figure = self.timeline_figure = self.kill_figure = None
        self._controls: dict[str, ipw.Widget] = {
            n: ipw.IntSlider(min=lo, max=hi, value=v, continuous_update=False, style={"description_width": "initial"},
                             layout=ipw.Layout(width="100%", max_width="340px")) for n, (lo, hi, v) in BOUNDS.items()}
        for n in ("attacker", "target"):
            self._controls[n] = ipw.Dropdown(options=HEROES, value=getattr(self, n),
                                             style={"description_width": "initial"})
        for n in FLAGS:
            self._controls[n] = ipw.Checkbox(value=False, indent=False)
        for name, control in self._controls.items():
            control.observe(self._on_control, names="value")
            control.add_class(f"re-mb-{name.replace('_', '-')}")
        self._title = ipw.HTML()
        self._picker = question_picker(QUESTIONS, self.question, "re-mb-question")
        self._picker.observe(self._on_picker, names="value")
        self._questions = {"hits": LazyQuestion(self._make_hits), "timeline": LazyQuestion(self._make_timeline),
                           "kill": LazyQuestion(self._make_kill)}
        c = self._controls
        wrap = ipw.Layout(flex_flow="row wrap", width="100%")

        def column(*names):  # a column of at least 280 px (a slider's track stays usable), side by side on a desk
            return ipw.VBox([c[n] for n in names], layout=ipw.Layout(flex="1 1 280px", min_width="0"))

        super().__init__(children=[
            self._title,
            ipw.Box([column("attacker", "target", "hp", "shield", "stamina"),
                     column("poison_layers", "poison_turns", "bleed_layers", "bleed_turns"),
                     column("armour_break", "weak", "poison_death", "turns")], layout=wrap),
            self._picker, *self._questions.values()], **kwargs)
        self.add_class("re-mb-odds")
        self.lang = lang
        show_only(self._questions, self.question, self.lang)
        self._relabel()
        self.recompute()

    def _make_hits(self) -> list[ipw.Widget]:
        """What each of the attacker's hits leaves through the shield."""
        self._summary, self._hits_out = ipw.HTML(), ipw.Output()
        self._summary.add_class("re-mb-summary")
        return [self._summary, self._hits_out]

    def _make_timeline(self) -> list[ipw.Widget]:
        """The target's HP over its start phases under poison and bleed."""
        self._time_out = ipw.Output()
        return [self._time_out]

    def _make_kill(self) -> list[ipw.Widget]:
        """The kill odds, worked out when asked."""
        self._button = ipw.Button(button_style="primary", layout=ipw.Layout(width="auto"))
        self._button.add_class("re-mb-compute")
        self._button.on_click(lambda _: self.compute_kill())
        self._kill_text, self._note, self._kill_out = ipw.HTML(), ipw.HTML(), ipw.Output()
        self._kill_text.add_class("re-mb-kill")
        return [self._note, self._button, self._kill_text, self._kill_out]

    @traitlets.validate(*BOUNDS)
    def _valid_int(self, proposal):
        """Clamp an integer into its range; refuse bools."""
        lo, hi, _ = BOUNDS[proposal["trait"].name]
        return clamped(proposal, lo, hi)

    @traitlets.validate("attacker", "target")
    def _valid_hero(self, proposal):
        """Only the sample heroes."""
        return one_of(proposal, HEROES)

    @traitlets.validate("question")
    def _valid_question(self, proposal):
        """Only the view's questions."""
        return one_of(proposal, QUESTIONS)

    def _on_control(self, change):
        """Fires when a control changes (a browser message): validated here; a refused value is undone."""
        name = next(n for n, c in self._controls.items() if c is change["owner"])
        take_from_control(self, name, change)

    @traitlets.observe(*BOUNDS, *FLAGS, "attacker", "target")
    def _on_input(self, change):
        """Fires when an input changes: show it and redraw the fast charts; the kill odds are now stale."""
        control = self._controls[change["name"]]
        if control.value != change["new"]:
            control.value = change["new"]
        self.kill = None
        self.recompute()

    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when the language changes: relabel and redraw."""
        if self.hits is not None:
            self._relabel()
            self._redraw()

    def reset(self) -> None:
        """Every input back to its default."""
        for name, (_, _, default) in BOUNDS.items():
            setattr(self, name, default)
        for name in FLAGS:
            setattr(self, name, False)
        self.attacker, self.target = "reaver", "bulwark"

    def state(self):
        """The position the kill odds start from (``probability.card_moba.duel``)."""
        return mb.duel(self.attacker, self.target, hp=self.hp, shield=self.shield,
                       poison=(self.poison_layers, self.poison_turns), bleed=(self.bleed_layers, self.bleed_turns),
                       armour_break=self.armour_break, weak=self.weak, stamina=self.stamina,
                       poison_death=self.poison_death)

    def recompute(self) -> None:
        """The fast figures: each hit through the shield, and the poison / bleed timelines (once that question
        is made)."""
        self.hits = [(label, mb.hit(amount, self.shield, kind, hp=self.hp)) for label, amount, kind
                     in hits_of(self.attacker, self.weak)]
        if self._questions["timeline"].made:
            self._timeline()
        self._redraw()

    def _timeline(self) -> None:
        phases = max(self.poison_turns, self.bleed_turns, 1)
        self.timeline = {
            "poison": mb.poison_timeline(self.hp, max(self.poison_layers, 1), phases, self.poison_death,
                                         duration=max(self.poison_turns, 1)) if self.poison_layers and
            self.poison_turns else [self.hp] * phases,
            "bleed": mb.bleed_timeline(self.hp, max(self.bleed_layers, 1), phases, duration=max(self.bleed_turns, 1))
            if self.bleed_layers and self.bleed_turns else [self.hp] * phases}

    def compute_kill(self) -> None:
        """The exact kill odds within 1 … ``turns`` of the attacker's turns (slow: on request only)."""
        s = self.state()
        self.kill = [mb.kill_odds(s, n) for n in range(1, self.turns + 1)]
        self._redraw()

    def _t(self, key: str) -> str:
        return T[self.lang][key]

    def _relabel(self) -> None:
        for name, control in self._controls.items():
            control.description = self._t(name)
        for n in ("attacker", "target"):
            keep = getattr(self, n)
            self._controls[n].options = [(hero_name(h, self.lang), h) for h in HEROES]
            self._controls[n].value = keep
        self._label_questions(self._t)
        self._title.value = f"<h3>{html.escape(self._t('title'))}</h3>"
        if self._questions["kill"].made:
            self._button.description = self._t("compute")
            self._note.value = f"<small>{html.escape(self._t('note'))}</small>"

    def _layout(self, fig: go.Figure, title: str, x: str, y: str) -> go.Figure:
        # an x title pushes the legend further down: on a phone the two were drawn over each other
        fig.update_layout(template="none", title=title, autosize=True, height=320 if x else 300, barmode="stack",
                          xaxis_title=x, legend={"orientation": "h", "y": -0.45 if x else -0.3},
                          margin={"l": 45, "r": 10, "t": 40, "b": 80 if x else 40})
        return y_title(fig, y, self.lang)

    def _redraw(self) -> None:
        """The figures and texts of every question made so far."""
        t = self._t
        labels = [hit_label(self.attacker, k, self.lang) for k, _ in self.hits]
        self.hits_figure = self._layout(go.Figure([
            go.Bar(x=labels, y=[h.hp_loss for _, h in self.hits], name=t("hp_loss")),
            go.Bar(x=labels, y=[h.absorbed for _, h in self.hits], name=t("absorbed")),
            go.Bar(x=labels, y=[h.source_heal for _, h in self.hits], name=t("heal"))]),
            t("hits"), "", t("hp_loss"))
        show_figure(self._hits_out, self.hits_figure)
        first = self.hits[0][1]
        self._summary.value = html.escape(
            f"{hero_name(self.attacker, self.lang)} → {hero_name(self.target, self.lang)}: "
            f"{t('attack')} {first.damage} − {t('absorbed')} {first.absorbed} = {t('hp_loss')} {first.hp_loss}")
        if self.timeline is not None:
            self._draw_timeline()
        if not self._questions["kill"].made:
            return
        if self.kill is None:
            self._kill_text.value = html.escape(t("asked"))
            self.kill_figure = None
            self._kill_out.outputs = ()
            return
        turns = list(range(1, len(self.kill) + 1))
        self._kill_text.value = "<br>".join(f"<b>{html.escape(t('within').format(n=n))}</b>: {show_html(p)}"
                                            for n, p in zip(turns, self.kill, strict=True))
        self.kill_figure = self._layout(go.Figure(go.Bar(
            x=turns, y=[float(p) for p in self.kill], customdata=[readable(p) for p in self.kill],
            hovertemplate="%{customdata}<extra></extra>", name=t("chance"))), t("kill"), t("turn"), t("chance"))
        self.kill_figure.update_layout(yaxis_range=[0, 1.05])
        self.kill_figure.update_xaxes(dtick=1)
        show_figure(self._kill_out, self.kill_figure)

    def _draw_timeline(self) -> None:
        t = self._t
        phases = list(range(1, len(self.timeline["poison"]) + 1))
        self.timeline_figure = self._layout(go.Figure([
            go.Scatter(x=phases, y=[v if v is not None else 0 for v in self.timeline[k]], mode="lines+markers",
                       name=t(k)) for k in ("poison", "bleed")]), t("timeline"), t("phase"), t("hp"))
        self.timeline_figure.update_xaxes(dtick=1)
        show_figure(self._time_out, self.timeline_figure)
