"""CastleHeartOdds: the exact odds of 城堡之心 in five views — 飞弹戒指's five missiles, one 剑 attack against the
chance cards, a command of soldiers, and who-is-who with the 愈 in reach over a seeded sample game.

Every number comes from ``probability.castle_heart`` (which walks the engine's own rules); nothing is computed
here. Every input is a traitlet validated here whatever sends it (Python or a browser comm message): integers
are clamped to their range, a choice outside its list is refused and the old value kept. The latest results
are attributes: ``result`` (the current view's exact figures), ``figure`` and ``summary``.
"""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as ipw
import plotly.graph_objects as go
import traitlets

import explorer
from explorer.games.castle_heart.records import IDENTITIES
from probability import castle_heart as ch
from probability.castle_heart.rescue import heals_in_reach
from probability.dist import at_least, show, show_html, show_number
from widgets.components.component import Component, clamped, one_of, take_from_control
from widgets.components.lazy_question import LazyQuestion, question_picker, show_only
from widgets.components.plotly_bundle import show_figure, y_title
from widgets.games.castle_heart.seat import phase_text
from widgets.i18n import player_name

TOPICS = ("ring", "attack", "command", "identities")
PLAYERS, MAX_STEPS = 6, 3000
BOUNDS = {  # name → (minimum, maximum, default); values outside are clamped
    "ring_hp": (1, 8, 4), "ring_s1": (0, 4, 3), "ring_s2": (0, 4, 2), "ring_s3": (0, 4, 0), "swords": (1, 5, 3),
    "apart": (1, 4, 2), "attack_mounts": (0, 2, 0), "defence_mounts": (0, 2, 0), "knights": (1, 4, 2),
    "cmd_hp": (1, 8, 4), "cmd_soldiers": (0, 2, 0), "cmd_swords": (0, 3, 0), "seed": (0, 99, 1),
    "step": (0, MAX_STEPS, 60), "seat": (0, PLAYERS - 1, 0),
}
BOOLS = {"melee": True, "armour": False, "mirror": False, "shield": False, "block": False, "cmd_armour": False,
         "cmd_mirror": False}
CHOICES = {"topic": (TOPICS, "ring"), "weapon": (ch.WEAPONS, "")}
PANELS = {"ring": ("ring_hp", "ring_s1", "ring_s2", "ring_s3"),
          "attack": ("melee", "armour", "mirror", "shield", "block", "weapon", "swords"),
          "command": ("knights", "apart", "attack_mounts", "defence_mounts", "cmd_hp", "cmd_soldiers", "cmd_swords",
                      "cmd_armour", "cmd_mirror"),
          "identities": ("seed", "step", "seat")}
WORDS = {  # key: (English, 中文)
    "title": ("Castle Heart — exact odds", "城堡之心 —— 精确概率"), "topic": ("Question", "问题"),
    "ring": ("Missile ring", "飞弹戒指"), "attack": ("One Sword (剑) attack", "一次剑攻击"),
    "command": ("Soldiers' command", "士兵指挥"), "identities": ("Who is who", "身份推断"),
    "ring_hp": ("Hero HP", "英雄生命"), "ring_s1": ("Soldier 1 HP (0 none)", "士兵1生命（0=无）"),
    "ring_s2": ("Soldier 2 HP", "士兵2生命"), "ring_s3": ("Soldier 3 HP", "士兵3生命"),
    "swords": ("Attacker's Swords (剑)", "攻击方剑数"), "melee": ("Melee (distance 1)", "近战（距离1）"),
    "armour": ("Knight armour (骑士铠甲)", "骑士铠甲"), "mirror": ("Mirror images (镜影憧憧)", "镜影憧憧"),
    "shield": ("Steel shield (钢铁大盾)", "钢铁大盾"), "block": ("Target blocks with a Sword (剑)", "目标用剑抵挡"),
    "weapon": ("Attacker's weapon", "攻击方武器"), "": ("none", "无"), "bear_axe": ("Bear axe (熊首战斧)", "熊首战斧"),
    "doom_axe": ("Doom axe (毁灭战斧)", "毁灭战斧"), "abyss_sword": ("Abyss sword (深渊之剑)", "深渊之剑"),
    "poison_dagger": ("Poison dagger (淬毒匕首)", "淬毒匕首"),
    "knights": ("Attacking knights", "进攻骑士数"), "apart": ("Seats apart", "座位距离"),
    "attack_mounts": ("Attack mounts", "进攻坐骑"), "defence_mounts": ("Defence mounts", "防御坐骑"),
    "cmd_hp": ("Target hero HP", "目标英雄生命"), "cmd_soldiers": ("Target knights (3 HP)", "目标骑士（3生命）"),
    "cmd_swords": ("Target's Swords (剑)", "目标剑数"), "cmd_armour": ("Target wears Knight armour", "目标穿骑士铠甲"),
    "cmd_mirror": ("Target under Mirror images", "目标有镜影"), "seed": ("Sample game (seed)", "示例对局（种子）"),
    "step": ("Step", "步数"), "seat": ("Whose view (seat)", "视角（座位）"),
    "prob": ("Probability", "概率"), "falls": ("P(falls)", "倒下概率"), "hero": ("Hero", "英雄"),
    "soldier": ("Soldier", "士兵"), "fallen": ("{k} fall", "倒下 {k} 人"),
    "expected": ("E[damage]", "期望伤害"), "hit": ("P(hit)", "命中率"), "plain": ("none", "无"),
    "combo": ("Target's defences", "目标防御"), "distance": ("Seats apart", "座位距离"),
    "charge": ("Knight charge damage (0: out of reach)", "骑士冲锋伤害（0=够不到）"),
    "cmd_soldiers_fall": ("P(every soldier of the group falls)", "该组士兵全灭概率"),
    "cmd_hero_falls": ("P(the hero falls: the group is down)", "英雄倒下（全组被消灭）概率"),
    "seat_n": ("Seat", "座位"), "lord": ("城主 Lord", "城主"), "enemy": ("敌军 Enemy", "敌军"),
    "reinforcement": ("援军 Reinforcement", "援军"), "neutral": ("中立 Neutral", "中立"),
    "heals": ("愈 the rescuers hold, from this seat's view", "此视角下救援者手中的愈"),
    "dying": ("dying — chance of rescue", "濒死 —— 被救回概率"), "round": ("round", "轮"),
    "turn": ("whose turn:", "轮到"), "d_knight_armour": ("Knight armour (骑士铠甲)", "骑士铠甲"),
    "d_mirror": ("镜影 mirror", "镜影憧憧"), "d_steel_shield": ("大盾 shield", "钢铁大盾"),
    "phase": ("phase", "阶段"), "public": ("anyone watching", "旁观者所见"), "you": ("(this seat)", "（本座位）"),
    "note": ("Counted over every legal deal the view allows — no guess about how anyone plays.",
             "按该视角下所有合法发牌计数 —— 不假设任何人的打法。"),
}
T = {lang: {key: words[i] for key, words in WORDS.items()} for i, lang in enumerate(("en", "zh"))}
COLOURS = {"lord": "#c9a227", "enemy": "#b23a48", "reinforcement": "#2e6f9e", "neutral": "#7a7a7a"}


def readable(p: Fraction) -> str:
    """A percent, with the exact fraction beside it when it is short."""
    return show(p)


def number(x: Fraction) -> str:
    """A mean (not a probability): three decimals and the exact value when it is short."""
    return show_number(x)


def _int(name: str) -> traitlets.Int:
    return traitlets.Int(BOUNDS[name][2])


def sample_game(seed: int) -> list:
    """A seeded 6-seat game of random bots, every state from the start (the game is the engine's own)."""
    first = explorer.new_game("castle_heart", players=PLAYERS)
    return [first, *explorer.play(first, seed=seed, max_steps=MAX_STEPS)]


class CastleHeartOdds(Component):
    """The exact odds of 城堡之心, in English or 中文."""

    ring_hp, ring_s1, ring_s2, ring_s3, swords = (_int(n) for n in ("ring_hp", "ring_s1", "ring_s2", "ring_s3",
                                                                    "swords"))
    apart, attack_mounts, defence_mounts, knights = (_int(n) for n in ("apart", "attack_mounts", "defence_mounts",
                                                                       "knights"))
    cmd_hp, cmd_soldiers, cmd_swords = (_int(n) for n in ("cmd_hp", "cmd_soldiers", "cmd_swords"))
    seed, step, seat = (_int(n) for n in ("seed", "step", "seat"))
    melee, armour, mirror, shield, block, cmd_armour, cmd_mirror = (traitlets.Bool(BOOLS[n]) for n in BOOLS)
    topic, weapon = (traitlets.Unicode(CHOICES[n][1]) for n in CHOICES)

    def __init__(self, lang: str = "en", **kwargs):
        self._quiet = True
        self.result, self.figure, self.summary, self._game = None, None, "", None
        self.computations = 0
        self._controls: dict[str, ipw.Widget] = {}  # a question's controls are made with it
        self._controls["topic"] = question_picker(TOPICS, self.topic, "re-ch-topic")
        self._controls["topic"].observe(self._on_control, names="value")
        # each question's controls, made the first time it is shown (the first one at once)
        self._panels = {t: LazyQuestion(lambda names=names: [self._control(n) for n in names])
                        for t, names in PANELS.items()}
        self._title, self._summary, self._table = ipw.HTML(), ipw.HTML(), ipw.HTML()
        self._summary.add_class("re-ch-summary")
        self._out = ipw.Output()
        super().__init__(children=[self._title, self._controls["topic"], *self._panels.values(), self._summary,
                                   self._out, self._table], **kwargs)
        self.add_class("re-ch-odds")
        self.lang = lang
        self._quiet = False
        self.recompute()

    @property
    def game(self) -> list:
        """The seeded sample game of the who-is-who question, played the first time it is needed; the step is
        clamped into it (another content may make it shorter)."""
        if self._game is None:
            self._game = sample_game(self.seed)
            if self.step > len(self._game) - 1:
                self.step = len(self._game) - 1
        return self._game

    def _control(self, name: str) -> ipw.Widget:
        """The control of input ``name``, showing its current value (made with its question)."""
        if name in BOUNDS:
            lo, hi, _ = BOUNDS[name]
            control = ipw.IntSlider(min=lo, max=len(self.game) - 1 if name == "step" else hi, value=getattr(self, name),
                                    continuous_update=False, style={"description_width": "initial"})
        elif name in BOOLS:
            control = ipw.Checkbox(value=getattr(self, name), indent=False)
        else:
            control = ipw.Dropdown(options=CHOICES[name][0], value=getattr(self, name),
                                   style={"description_width": "initial"})
        control.observe(self._on_control, names="value")
        control.add_class(f"re-ch-{name.replace('_', '-')}")  # stable selectors for tests
        self._controls[name] = control
        return control

    # --- validation: every value, from Python or from the browser ---------------------------------
    @traitlets.validate(*BOUNDS)
    def _valid_int(self, proposal):
        """Clamp an integer into its range (the step into the sample game's length); refuse bools."""
        name = proposal["trait"].name
        lo, hi, _ = BOUNDS[name]
        return clamped(proposal, lo, len(self.game) - 1 if name == "step" else hi)

    @traitlets.validate(*CHOICES)
    def _valid_choice(self, proposal):
        """Refuse a topic or weapon that is not one of the choices."""
        return one_of(proposal, CHOICES[proposal["trait"].name][0])

    # --- reacting --------------------------------------------------------------------------------
    def _on_control(self, change):
        """Fires when a control moves (a browser message): validated here; a refused value is undone."""
        name = next(n for n, c in self._controls.items() if c is change["owner"])
        if self._quiet:
            return
        take_from_control(self, name, change)

    @traitlets.observe(*BOUNDS, *BOOLS, *CHOICES)
    def _on_input(self, change):
        """Fires when any input changes: show it, a new seed plays a new game, then recompute."""
        if change["name"] == "seed" and self._game is not None:  # else played when first needed
            self._game = None
            self.step = min(self.step, len(self.game) - 1)
        control = self._controls.get(change["name"])  # None: its question is not made yet
        if control is not None and change["name"] == "step":
            control.max = len(self.game) - 1
        if control is not None and control.value != change["new"]:
            control.value = change["new"]
        if not self._quiet:
            self.recompute()

    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when the language changes: relabel and redraw."""
        if not self._quiet:
            self._relabel()
            self.recompute()

    def reset(self) -> None:
        """Every input back to its default, recomputed once."""
        self._quiet = True
        for name, (_, _, default) in BOUNDS.items():
            setattr(self, name, default)
        for name, default in BOOLS.items():
            setattr(self, name, default)
        for name, (_, default) in CHOICES.items():
            setattr(self, name, default)
        self._quiet = False
        self.recompute()

    # --- computing and drawing -------------------------------------------------------------------
    def _t(self, key: str) -> str:
        return T[self.lang][key]

    def _relabel(self) -> None:
        self._quiet = True
        for name, control in self._controls.items():
            if name in CHOICES:
                keep = control.value
                control.options = [(self._t(v), v) for v in CHOICES[name][0]]
                control.value = keep
            if name != "topic":
                control.description = self._t(name)
        self._quiet = False
        self._title.value = f"<h3>{html.escape(self._t('title'))}</h3>"

    def recompute(self) -> None:
        """The exact odds of the current view, then its figure, summary and table."""
        self.computations += 1
        if show_only(self._panels, self.topic, self.lang):
            self._relabel()
        self._table.value = ""
        self.figure, self.summary = getattr(self, f"_{self.topic}")()
        show_figure(self._out, self.figure)
        self._summary.value = self.summary

    def _layout(self, fig: go.Figure, title: str, x: str, y: str) -> go.Figure:
        fig.update_layout(template="none", title=title, height=320, autosize=True, xaxis_title=x,
                          legend={"orientation": "h", "y": -0.3}, margin={"l": 50, "r": 10, "t": 40, "b": 60})
        return y_title(fig, y, self.lang)

    def _bar(self, xs, probs, name: str, **kw) -> go.Bar:
        shown = number if kw.pop("mean", False) else readable
        hover = [f"{x}: {shown(p)}" for x, p in zip(xs, probs, strict=True)]
        return go.Bar(x=list(xs), y=[float(p) for p in probs], name=name, customdata=hover,
                      hovertemplate="%{customdata}<extra></extra>", **kw)

    def _ring(self):
        hps = (self.ring_hp, *(h for h in (self.ring_s1, self.ring_s2, self.ring_s3) if h))
        falls, count = ch.member_falls(hps), ch.fallen_count(hps)
        self.result = {"hps": hps, "falls": falls, "count": count}
        names = [f"{self._t('hero')} ({hps[0]})",
                 *(f"{self._t('soldier')} {i} ({h})" for i, h in enumerate(hps[1:], 1))]
        fig = self._layout(go.Figure(self._bar(names, falls, self._t("falls"))), self._t("ring"), "", self._t("falls"))
        text = " · ".join(f"P({self._t('fallen').format(k=k)}) {show_html(p)}" for k, p in count.items())
        return fig, f"<b>{html.escape(self._t('ring'))}</b>: {html.escape(text)}"

    def _attack(self):
        rows = ch.defence_table(self.melee, self.weapon, self.block, self.swords)
        mine = next(r for r in rows if (r["knight_armour"], r["mirror"], r["steel_shield"]) ==
                    (self.armour, self.mirror, self.shield))
        self.result = {"rows": rows, "current": mine}
        label = [" + ".join(self._t(f"d_{d}") for d in ch.DEFENCES if r[d]) or self._t("plain") for r in rows]
        colours = ["#b23a48" if r is mine else "#9aa7b1" for r in rows]
        fig = go.Figure(self._bar(label, [r["expected"] for r in rows], self._t("expected"), marker_color=colours,
                                  mean=True))
        fig = self._layout(fig, self._t("attack"), self._t("combo"), self._t("expected"))
        fig.update_xaxes(tickangle=-30)
        return fig, (f"<b>{html.escape(self._t('expected'))}</b>: {number(mine['expected'])} · "
                     f"<b>{html.escape(self._t('hit'))}</b>: {show_html(mine['hit'])}")

    def _command(self):
        cmd = ch.Command(attackers=("knight",) * self.knights, apart=self.apart, soldiers=(("knight", 3),) *
                         self.cmd_soldiers, hero_hp=self.cmd_hp, armour=self.cmd_armour, mirror=self.cmd_mirror,
                         swords=self.cmd_swords, attack_mounts=self.attack_mounts, defence_mounts=self.defence_mounts)
        odds = ch.command_odds(cmd)
        charges = [ch.charge(a, self.attack_mounts, self.defence_mounts)[1] or 0 for a in range(1, 5)]
        self.result = {"odds": odds, "charges": charges}
        fig = go.Figure(go.Bar(x=[1, 2, 3, 4], y=charges, name=self._t("charge"),
                               marker_color=["#b23a48" if a == self.apart else "#9aa7b1" for a in range(1, 5)]))
        fig = self._layout(fig, self._t("charge"), self._t("distance"), self._t("charge"))
        return fig, " · ".join(f"<b>{html.escape(self._t(k))}</b>: {show_html(odds[o])}" for k, o in
                               (("cmd_soldiers_fall", "soldiers"), ("cmd_hero_falls", "hero")))

    def _identities(self):
        state = self.game[self.step]
        view = state.view(self.seat)
        post = ch.who_is_who(view, state.variant)
        heals = heals_in_reach(view)
        dying = {p["seat"]: ch.rescue_chance(view, p["seat"]) for p in view["players"] if p["dying"]}
        self.result = {"posterior": post, "heals": heals, "dying": dying, "state": state}
        seats = [f"{self._t('seat_n')} {i}" + (" ★" if i == self.seat else "")
                 for i in range(len(post))]
        fig = go.Figure([self._bar(seats, [row.get(k, Fraction(0)) for row in post], self._t(k),
                                   marker_color=COLOURS[k]) for k in IDENTITIES])
        fig = self._layout(fig, self._t("identities"), self._t("seat_n"), self._t("prob"))
        fig.update_layout(barmode="stack")
        self._table.value = self._identity_table(post)
        d = state.data
        where = (f"{self._t('step')} {self.step}/{len(self.game) - 1} · {self._t('round')} {d.round} · "
                 f"{self._t('turn')} {player_name(d.active, self.lang)} · "
                 f"{phase_text(d.phase, self.lang) or d.phase}")  # the phase's name, not its code ("阶段 play")
        public = heals_in_reach(view, public=True)
        lines = [html.escape(where), f"<b>{html.escape(self._t('heals'))}</b>: ≥1 {show_html(at_least(heals, 1))} · "
                 f"≥2 {show_html(at_least(heals, 2))} · {html.escape(self._t('public'))}: ≥1 "
                 f"{show_html(at_least(public, 1))}"]
        lines += [f"{self._t('seat_n')} {s} {html.escape(self._t('dying'))}: {show_html(p)}" for s, p in dying.items()]
        return fig, "<br>".join(lines)

    def _identity_table(self, post) -> str:
        head = "".join(f"<th>{html.escape(self._t(k))}</th>" for k in ("seat_n", *IDENTITIES))
        rows = []
        for i, row in enumerate(post):
            who = f"{i} {self._t('you')}" if i == self.seat else str(i)
            cells = [html.escape(who), *(show_html(row[k]) if k in row else "—" for k in IDENTITIES)]
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        return (f"<div style='overflow-x:auto'><table class='re-table re-ch-who'><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table></div><i>{html.escape(self._t('note'))}</i>")
