"""BalanceLab: a small balance study in the page — bot games with a progress bar and a cancel — or a larger one
read from a Parquet file written by ``python -m balance``: how the games ended (a warning when most hit the
bots' limits), win / draw / loss by seat with Wilson 95 % intervals (all games or the finished ones only), the first
player's advantage as paired differences, and a table per facet (drawn by widgets.balance.figures).

The games run in this kernel (``workers=0``: one process, no Dask cluster inside a web page) on a background
thread, so the Cancel click is heard; the games already finished are kept. Every value that may come from the
browser is validated here (players, games, bots, the compared switch, the uploaded file).
"""

from __future__ import annotations

import html
import sys
import threading

import ipywidgets as ipw
import traitlets

import explorer
from balance import Study, StudyError, replay, run, summarise
from balance.analysis import (
    by_length,
    card_label,
    card_rates,
    length_measure,
    length_trend,
    matchup_facet,
    matchups,
)
from balance.summary import finished, homogeneity_tests
from balance.tables import check_game, read_study, readings
from explorer.links import link_code
from explorer.names import seat_name
from widgets.balance.figures import WORDS as FIGURE_WORDS
from widgets.balance.figures import (
    card_figure,
    endings_html,
    facet_figure,
    first_player_figure,
    length_figure,
    matchup_figure,
    place_label,
    seat_figure,
    whatif_figure,
)
from widgets.components.component import GameComponent, take_from_control
from widgets.components.plotly_bundle import show_figure
from widgets.play.bots_seat import bot_name

MAX_GAMES = 500          # a study in the page; larger ones run from the command line and are loaded as files
WORDS = {  # key: (English, 中文)
    "title": ("Balance lab — bot games, win rates with 95 % intervals", "平衡实验室 —— 机器人对局与 95% 置信区间胜率"),
    "players": ("Players", "玩家数"), "games": ("Games", "局数"), "bots": ("Bots", "机器人"),
    "compare": ("Compare with", "对比规则"), "none": ("(nothing)", "（不对比）"),
    "run": ("Run", "开始"), "cancel": ("Cancel", "取消"), "load": ("Load a study (.parquet)", "载入研究（.parquet）"),
    "seat": ("seat", "座位"), "win": ("Win rate", "胜率"), "fair": ("fair", "公平线"),
    "running": ("Playing {done} of {total} games…", "正在进行第 {done}/{total} 局…"),
    "done": ("{n} games ({how}). Bots alone play with the game's simulation limits (a round cap the document "
             "does not have); a person's game has none.",
             "共 {n} 局（{how}）。仅机器人对局时使用模拟上限（文档没有的回合上限）；真人对局没有。"),
    "cancelled": ("cancelled: the finished games are kept", "已取消：保留已完成的对局"),
    "here": ("played here", "在此页面运行"), "file": ("from {name}", "来自 {name}"),
    "unfair": ("differs from fair beyond the interval", "与公平线的差距超出置信区间"),
    "bad_file": ("This file is not a balance study: {why}. Nothing was changed.",
                 "此文件不是平衡研究表：{why}。未做任何更改。"),
    "base": ("as the document reads", "按文档默认"),
    "static": ("This page runs Python in your browser (Pyodide, the static site), where the balance lab cannot run: "
               "Dask, pandas and pyarrow are not bundled and a web page has no threads. Run a study with "
               "<code>python -m balance</code>, or use the app served by <code>make app</code> or Binder. "
               "Every other tab works here.",
               "此页面在浏览器中运行 Python（Pyodide，静态网站），平衡实验室无法在此运行：未打包 Dask、pandas 和 "
               "pyarrow，网页中也没有线程。请用 <code>python -m balance</code> 运行研究，或使用 "
               "<code>make app</code> 或 Binder 提供的应用。其他标签页均可在此使用。"),
    "by": ("by {facet}", "按{facet}"), "character": ("character", "角色"), "hero": ("hero", "英雄"),
    "bloodline": ("bloodline", "血统"), "identity": ("identity", "身份"), "bot": ("bot", "机器人"),
    "open_title": ("Open one game of the study", "打开研究中的一局"), "game_index": ("Game", "第几局"),
    "open": ("▶ Open in Play (a new page)", "▶ 在对局页中打开（新页面）"),
    "open_note": ("The game is played again from its seed with the same bots and switches, and opens in the Play tab "
                  "of a new page at its last step, seen from Player 0's seat only (the table's own view: the other "
                  "seats' hidden cards stay hidden); step back through it from there.",
                  "该局按原种子、原机器人和原开关重新进行，并在新页面的对局页中打开到最后一步，只显示玩家 0 的视角"
                  "（对局桌的本人视角：其他座位的暗牌保持隐藏）；可从那里逐步回看。"),
    "no_replay": ("This game cannot be played again here: {why}", "无法在此重新进行这一局：{why}"),
    "won_by": ("won by {who}", "{who}获胜"), "drawn": ("a draw", "平局"), "and": (", ", "、"),
    "capped_by": ("stopped by the bots' limit {cap}", "因机器人上限 {cap} 而停止"),
    "game_line": ("Game {i} (seed {seed}): {how}; ended by {clause}; {rounds} rounds, {steps} steps; bots: {bots}",
                  "第 {i} 局（种子 {seed}）：{how}；结束于 {clause}；{rounds} 轮、{steps} 步；机器人：{bots}"),
    **FIGURE_WORDS,
}
T = {lang: {k: w[i] for k, w in WORDS.items()} for i, lang in enumerate(("en", "zh"))}



def reading_label(game_id: str, reading: str, lang: str) -> str:
    """A "key=value" reading as a person reads it: its switch's label and the value's, from the assumptions
    register ("Rounds before a cut-off: 20 rounds"); a setting the document itself states (the MOBA's Ruler
    settings) by its clause's name, on / off; the engine's notation when neither names it."""
    name, _, text = reading.partition("=")
    colon = "：" if lang == "zh" else ": "
    found = next((a for a in explorer.assumptions(game_id) if a.switch == name), None)
    value = next((v for v in (found.values if found else ()) if str(v) == text), None)
    if found is not None and value is not None:
        return f"{found.label(lang)}{colon}{found.value_label(value, lang)}"
    game = explorer.get_game(game_id)
    clause = game.clause_index.get(getattr(game.options.get(name), "source", ""))
    if clause is None:
        return reading
    title = clause.text(lang).split("，" if lang == "zh" else ",")[0]
    on_off = {"True": ("on", "开"), "False": ("off", "关")}.get(text)
    return f"{title}{colon}{on_off[lang == 'zh'] if on_off else text}"

class BalanceLab(GameComponent):
    """Run a small study of ``game_id`` in the page, or load one; the latest table is ``self.table``."""

    players = traitlets.Int(2)
    games = traitlets.Int(100)
    bots = traitlets.Unicode("greedy")
    compare = traitlets.Unicode("")  # "" or "key=value": the same seeds under another reading
    running = traitlets.Bool(False)
    finished_only = traitlets.Bool(False)  # the rates of the games somebody won (draws and capped games left out)
    facet = traitlets.Unicode("")  # the facet whose chart is shown ("turn", "identity", "hero"…; "" = the first)
    game_index = traitlets.Int(0)  # the game of the table offered to open in the Play tab

    def __init__(self, game_id: str = "eternal_breath", lang: str = "en", **kwargs):
        self.table = self.other = None
        self.static = sys.platform == "emscripten"  # under Pyodide (make site): a note instead of the lab
        self._relabelling = False
        self.source = ("here", "")  # (what the table is: "here", "cancelled" or "file", the file's name)
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._title, self._status, self._summary = ipw.HTML(), ipw.HTML(), ipw.HTML()
        self._status.add_class("re-balance-status")
        self._summary.add_class("re-balance-summary")
        whole = {"description_width": "initial"}  # a label as long as its words: "Compare with" was cut on a phone
        self._players = ipw.Dropdown(layout=ipw.Layout(width="auto"), style=whole)
        self._games = ipw.IntSlider(min=10, max=MAX_GAMES, step=10, value=100, continuous_update=False, style=whole)
        self._bots = ipw.Dropdown(layout=ipw.Layout(width="auto"), style=whole)
        self._reading = ipw.Dropdown(layout=ipw.Layout(width="auto", max_width="100%"), style=whole)
        self._run, self._stop = ipw.Button(icon="play"), ipw.Button(icon="stop", disabled=True)
        self._run.add_class("re-balance-run")
        self._stop.add_class("re-balance-cancel")
        self._bar = ipw.IntProgress(min=0, max=1, value=0, layout=ipw.Layout(width="100%"))
        self._upload = ipw.FileUpload(accept=".parquet", multiple=False, layout=ipw.Layout(width="auto"))
        self._charts = ipw.Output()
        self._charts.add_class("re-balance-chart")
        self._endings = ipw.HTML()
        self._endings.add_class("re-balance-ends")
        self._finished = ipw.Checkbox(value=False, indent=False, layout=ipw.Layout(width="auto", max_width="100%"))
        self._finished.add_class("re-balance-finished")
        self._first, self._first_note = ipw.Output(), ipw.HTML()
        self._first.add_class("re-balance-first")
        self._first_note.add_class("re-balance-first-note")
        self._whatif, self._whatif_note = ipw.Output(), ipw.HTML()
        self._facet_pick = ipw.Dropdown(layout=ipw.Layout(width="auto", max_width="min(100%, 420px)"), style=whole)
        self._facet_out, self._facet_note, self._tests = ipw.Output(), ipw.HTML(), ipw.HTML()
        self._cards, self._cards_note = ipw.Output(), ipw.HTML()
        self._matchup, self._matchup_note = ipw.Output(), ipw.HTML()
        self._length, self._length_note = ipw.Output(), ipw.HTML()
        self._open_title, self._open_out = ipw.HTML(), ipw.HTML()
        self._game_pick = ipw.BoundedIntText(min=0, max=0, layout=ipw.Layout(width="auto", max_width="240px"),
                                             style=whole)
        for widget, css in ((self._whatif, "whatif"), (self._whatif_note, "whatif-note"), (self._facet_pick, "facet"),
                            (self._facet_out, "facet-chart"), (self._facet_note, "facet-note"),
                            (self._tests, "tests"), (self._cards, "cards"), (self._cards_note, "cards-note"),
                            (self._matchup, "matchup"), (self._matchup_note, "matchup-note"),
                            (self._length, "length"), (self._length_note, "length-note"),
                            (self._game_pick, "game-pick"), (self._open_out, "open")):
            widget.add_class(f"re-balance-{css}")
        self._results = ipw.VBox([self._endings, self._finished, self._charts, self._first, self._first_note,
                                  self._whatif, self._whatif_note, self._facet_pick, self._facet_out,
                                  self._facet_note, self._tests, self._cards, self._cards_note, self._matchup,
                                  self._matchup_note, self._length, self._length_note, self._open_title,
                                  self._game_pick, self._open_out], layout=ipw.Layout(display="none"))
        wrap = ipw.Layout(flex_flow="row wrap")
        super().__init__(children=[
            self._title, ipw.HBox([self._players, self._bots, self._reading], layout=wrap),
            ipw.HBox([self._games, self._run, self._stop, self._upload], layout=wrap),
            self._bar, self._status, self._results, self._summary], **kwargs)
        self.add_class("re-balance-lab")
        if self.static:
            self._run.disabled = self._upload.disabled = True
            self._status.add_class("re-balance-static")
        self._run.on_click(lambda _b: self.start())
        self._stop.on_click(lambda _b: self._cancel.set())
        self._upload.observe(self._on_upload, "value")
        for control, trait in ((self._players, "players"), (self._games, "games"), (self._bots, "bots"),
                               (self._reading, "compare"), (self._finished, "finished_only"),
                               (self._facet_pick, "facet"), (self._game_pick, "game_index")):
            control.observe(self._from_control(trait), "value")
        self.game_id = game_id  # first: the labels of a language need the game
        self.set_trait("lang", lang)

    # --- validation (values may come from the browser) ----------------------------------------------------
    @traitlets.validate("players")
    def _valid_players(self, proposal):
        game = explorer.get_game(self.game_id)
        value = proposal["value"]
        if isinstance(value, bool) or not game.min_players <= value <= game.max_players:
            raise traitlets.TraitError(f"{game.name_en} takes {game.min_players} to {game.max_players} players")
        return value

    @traitlets.validate("games")
    def _valid_games(self, proposal):
        if isinstance(proposal["value"], bool):
            raise traitlets.TraitError("games must be a whole number")
        return min(max(proposal["value"], 1), MAX_GAMES)

    @traitlets.validate("bots")
    def _valid_bots(self, proposal):
        if proposal["value"] not in explorer.get_game(self.game_id).bots():
            raise traitlets.TraitError(f"no bot {proposal['value']!r} for {self.game_id}")
        return proposal["value"]

    @traitlets.validate("compare")
    def _valid_compare(self, proposal):
        if proposal["value"] and proposal["value"] not in readings(self.game_id):
            raise traitlets.TraitError(f"{proposal['value']!r} is not a reading of {self.game_id}")
        return proposal["value"]

    @traitlets.validate("facet")
    def _valid_facet(self, proposal):
        if proposal["value"] and proposal["value"] not in self._facets():
            raise traitlets.TraitError(f"the table has no facet {proposal['value']!r}")
        return proposal["value"]

    @traitlets.validate("game_index")
    def _valid_game_index(self, proposal):
        value = proposal["value"]
        games = 0 if self.table is None else len(self.table)
        if isinstance(value, bool) or not 0 <= value < max(games, 1):
            raise traitlets.TraitError(f"no game {value!r} in a table of {games}")
        return value

    def _from_control(self, trait):
        def changed(change):
            """Fires when a control changes (a browser message): validated; a refused value is undone."""
            if self._relabelling:  # new options being shown, not a person's choice
                return
            take_from_control(self, trait, change)
        return changed

    # --- reacting -------------------------------------------------------------------------------------------
    @traitlets.observe("game_id")
    def _on_game(self, change):
        """Fires when the game changes: its player counts, bots and readings; the last table is dropped."""
        game = explorer.get_game(change["new"])
        self.set_trait("players", max(game.min_players, min(4, game.max_players)))
        self.set_trait("bots", "greedy" if "greedy" in game.bots() else next(iter(game.bots())))
        self.set_trait("compare", "")
        self.table = self.other = None
        self._status.value = ""
        self._show(None)
        self._relabel()

    @traitlets.observe("finished_only")
    def _on_finished(self, change):
        """Fires when "finished games only" is switched: the control follows and the rates are drawn again."""
        self._finished.value = change["new"]
        self._draw()

    @traitlets.observe("facet")
    def _on_facet(self, change):
        """Fires when another facet is picked: its chart follows."""
        self._draw()

    @traitlets.observe("game_index")
    def _on_game_index(self, change):
        """Fires when another game of the table is picked: its line and its link to the Play tab follow."""
        self._relabelling = True
        try:
            self._game_pick.value = change["new"]
        finally:
            self._relabelling = False
        self._show_game()

    @traitlets.observe("lang")
    def _on_lang(self, change):
        """Fires when the language changes: labels and the shown results follow."""
        self._relabel()
        self._draw()

    def _relabel(self) -> None:
        self._relabelling = True
        try:
            self._show_labels()
        finally:
            self._relabelling = False

    def _show_labels(self) -> None:
        t, game = T[self.lang], explorer.get_game(self.game_id)
        name = game.name_zh if self.lang == "zh" else game.name_en
        self._title.value = f"<h3>{html.escape(t['title'])} · {html.escape(name)}</h3>"
        self._players.description, self._games.description = t["players"], t["games"]
        self._bots.description, self._reading.description = t["bots"], t["compare"]
        self._run.description, self._stop.description = t["run"], t["cancel"]
        self._upload.description = t["load"]
        self._finished.description = t["finished_only"]
        self._facet_pick.description, self._game_pick.description = t["facet_pick"], t["game_index"]
        self._open_title.value = f"<b>{html.escape(t['open_title'])}</b>"
        self._players.options = list(range(game.min_players, game.max_players + 1))
        self._players.value = self.players
        self._bots.options = [(bot_name(b, self.lang), b) for b in game.bots()]
        self._bots.value = self.bots
        self._reading.options = [(t["none"], ""), *((reading_label(self.game_id, c, self.lang), c)
                                                    for c in readings(self.game_id))]
        self._reading.value = self.compare
        self._games.value = self.games
        if self.static:
            self._status.value = t["static"]

    # --- running ---------------------------------------------------------------------------------------------
    def study(self, variant: dict | None = None, seed: int = 0) -> Study:
        return Study(self.game_id, self.players, self.games, (self.bots,), dict(variant or {}), seed)

    def start(self, wait: bool = False) -> None:
        """Run the study (and its comparison, on the same seeds) on a background thread; ``wait`` joins it."""
        if self.running or self.static:  # a click forged on the disabled button under Pyodide changes nothing
            return
        self._cancel.clear()
        self.running = True
        self._run.disabled, self._stop.disabled = True, False
        self._thread = threading.Thread(target=self._work, daemon=True)
        self._thread.start()
        if wait:
            self._thread.join()

    def _work(self) -> None:
        t = T[self.lang]
        try:
            studies = [self.study()]
            if self.compare:
                key, _, text = self.compare.partition("=")
                value = next(v for v in explorer.get_game(self.game_id).options[key].values if str(v) == text)
                studies.append(self.study({key: value}))
            total = sum(s.games for s in studies)
            self._bar.max, self._bar.value = total, 0
            tables = []
            for s in studies:
                base = self._bar.value

                def progress(done, _total, base=base):
                    self._bar.value = base + done
                    self._status.value = html.escape(t["running"].format(done=base + done, total=total))

                tables.append(run(s, workers=0, progress=progress, cancel=self._cancel))
            self.table, self.other = tables[0], (tables[1] if len(tables) > 1 else None)
            self.source = ("cancelled" if self._cancel.is_set() else "here", "")
        except StudyError as exc:
            self._status.value = html.escape(str(exc))
        finally:
            self.running = False
            self._run.disabled, self._stop.disabled = False, True
        self._draw()

    def _on_upload(self, change):
        """Fires when a file is chosen: a study table is shown; anything else is refused and nothing changes."""
        files = change["new"]
        if not files or self.static:
            return
        f = files[0]
        try:
            df = read_study(bytes(f["content"]), str(f["name"]))
            check_game(df, self.game_id, str(f["name"]))
        except ValueError as exc:  # the reason in the page's language (an explorer.W carries both)
            why = exc.args[0].in_lang(self.lang) if callable(getattr(exc.args[0], "in_lang", None)) else str(exc)
            self._status.value = html.escape(T[self.lang]["bad_file"].format(why=why))
            self._upload.value = ()
            return
        self.table, self.other = df, None
        self.source = ("file", str(f["name"]))
        self._upload.value = ()  # the same file may be chosen again
        self._draw()

    # --- showing ---------------------------------------------------------------------------------------------
    def _facet_name(self, facet: str, value: str) -> str:
        if facet == "bot":
            return bot_name(value, self.lang)
        if facet == "turn":
            return place_label(value, int(self.table["players"].iloc[0]), T[self.lang])
        return explorer.get_game(self.game_id).fact_label(facet, value, self.lang)

    def _facets(self) -> list[str]:
        """The facets of the table shown (turn order first), each with two values or more."""
        if self.table is None or self.table.empty:
            return []
        return [f for f, rates in summarise(self.table).items() if f != "seat" and len(rates) > 1]

    def _show(self, table) -> None:
        """Empty every result (``table`` None) or show the results part."""
        if table is None:
            for out in (self._charts, self._first, self._whatif, self._facet_out, self._cards, self._matchup,
                        self._length):
                out.outputs = ()
            for note in (self._summary, self._endings, self._first_note, self._whatif_note, self._facet_note,
                         self._tests, self._cards_note, self._matchup_note, self._length_note, self._open_out):
                note.value = ""
        self._results.layout.display = "none" if table is None else ""

    @staticmethod
    def _figure(out: ipw.Output, note: ipw.HTML, figure, caption: str) -> None:
        """``figure`` in ``out`` with its caption below, or nothing when there is no figure."""
        if figure is None:
            out.outputs, note.value = (), ""
            return
        show_figure(out, figure)
        note.value = f"<p style='margin:0 0 8px'><small>{html.escape(caption)}</small></p>"

    def _draw(self) -> None:
        if self.table is None or self.table.empty:
            return
        t = T[self.lang]
        how = t[self.source[0]].format(name=self.source[1])
        self._status.value = html.escape(t["done"].format(n=len(self.table), how=how))
        tables = [(t["base"], self.table)] + ([(reading_label(self.game_id, self.compare, self.lang), self.other)]
                                              if self.other is not None else [])
        self._endings.value = "".join(
            endings_html(df, t).replace("</b>", f" · {html.escape(name)}</b>", 1) if len(tables) > 1
            else endings_html(df, t) for name, df in tables)
        self._show(self.table)
        self._show_game()
        seats = seat_figure(tables, t, self.finished_only)
        if seats is None:
            self._show(None)
            self._show(self.table)
            self._endings.value = "".join(endings_html(df, t) for _, df in tables)
            self._first_note.value = f"<p class='re-balance-none'>{html.escape(t['no_finished'])}</p>"
            self._show_game()
            return
        show_figure(self._charts, seats)
        self._figure(self._first, self._first_note, first_player_figure(tables, t, self.finished_only),
                     t["first_caption"])
        shown = [(name, finished(df) if self.finished_only else df) for name, df in tables]
        whatif = None if len(shown) < 2 or len(shown[0][1]) != len(shown[1][1]) else \
            whatif_figure(shown[0][1], shown[1][1], shown[1][0], t)
        self._figure(self._whatif, self._whatif_note, whatif, t["whatif_caption"])
        self._draw_facets(shown)
        self._draw_deeper(shown[0][1])
        self._summary.value = self._summary_html(tables)

    def _draw_facets(self, shown) -> None:
        """The picked facet's chart (every table), and the homogeneity test of each facet of the base table."""
        t = T[self.lang]
        facets = self._facets()
        self._relabelling = True
        try:
            self._facet_pick.options = [(t.get(f, f), f) for f in facets]
            if self.facet not in facets:
                self.set_trait("facet", facets[0] if facets else "")
            self._facet_pick.value = self.facet or None
        finally:
            self._relabelling = False
        self._facet_pick.layout.display = "" if facets else "none"
        facet = self.facet
        figure = facet_figure(shown, facet, t["facet_title"].format(facet=t.get(facet, facet)),
                              lambda v: self._facet_name(facet, v), t) if facet else None
        self._figure(self._facet_out, self._facet_note, figure, t["facet_caption"])
        tests = homogeneity_tests(shown[0][1]) if len(shown[0][1]) else []
        head = "".join(f"<th>{html.escape(h)}</th>" for h in t["tests_head"].split("|"))
        rows = "".join(
            f"<tr><td>{html.escape(t.get(h.facet, h.facet))}</td><td>{html.escape(self._test_name(h.test))}</td>"
            f"<td>{h.statistic:.2f}</td><td>{h.dof}</td><td>{h.p:.3g}</td><td>{h.p_holm:.3g}</td>"
            f"<td>{'⚠ ' + html.escape(t['differs']) if h.differs else ''}</td></tr>" for h in tests)
        self._tests.value = (f"<div style='overflow-x:auto'><b>{html.escape(t['tests_title'])}</b>"
                             f"<table class='re-balance-table re-balance-tests-table'><tr>{head}</tr>{rows}</table>"
                             "</div>") if tests else ""

    def _test_name(self, test: str) -> str:
        t = T[self.lang]
        return t["cochran"] if test == "Cochran's Q" else t["chi2"] + t["screen"]

    def _draw_deeper(self, df) -> None:
        """Cards played vs not, the matchup heatmap and the win rate against game length, of the base table."""
        t = T[self.lang]
        if df.empty:
            for out, note in ((self._cards, self._cards_note), (self._matchup, self._matchup_note),
                              (self._length, self._length_note)):
                self._figure(out, note, None, "")
            return
        cards = card_rates(df)
        top = 12
        self._figure(self._cards, self._cards_note,
                     card_figure(cards, lambda c: card_label(self.game_id, c, self.lang), t, top),
                     t["cards_caption"].format(m=len(cards), k=min(top, len(cards))))
        facet = matchup_facet(df)
        figure, caption = None, ""
        if facet:
            values, cells = matchups(df, facet)
            figure = matchup_figure(values, cells, lambda v: self._facet_name(facet, v),
                                    t["matchup_title"].format(facet=t.get(facet, facet)), t)
            two = int(df["players"].iloc[0]) == 2
            caption = t["matchup_caption"].format(m=len({tuple(sorted(k)) for k in cells}) if two else len(cells),
                                                  what=t["pairs" if two else "cells"])
        self._figure(self._matchup, self._matchup_note, figure, caption)
        measure = length_measure(df)
        trend = length_trend(df)
        caption = t["length_none"] if trend is None else t["length_caption"].format(
            n=trend.games, r=trend.r, m=trend.statistic, p=trend.p)
        name = (lambda v: place_label(v, int(df["players"].iloc[0]), t)) if "turn_0" in df.columns \
            else (lambda v: f"{t['seat']} {v.split()[-1]}")
        self._figure(self._length, self._length_note, length_figure(by_length(df), measure, t, name), caption)

    def _show_game(self) -> None:
        """The picked game's line and a link that opens it in the Play tab of a new page (``?play=``, the Play
        tab's own share link: its actions from a new game; the page opens it in the person's own seat view)."""
        if self.table is None or self.table.empty:
            self._open_out.value = ""
            return
        t = T[self.lang]
        self._relabelling = True
        try:
            self._game_pick.max = len(self.table) - 1
            if self.game_index >= len(self.table):
                self.set_trait("game_index", 0)
            self._game_pick.value = self.game_index
        finally:
            self._relabelling = False
        row = self.table.iloc[self.game_index]
        try:
            code = link_code(replay(row, self.game_id))
        except (ValueError, KeyError, TypeError) as exc:  # a table made by hand, or of other bots or rules
            self._open_out.value = f"<p>{html.escape(t['no_replay'].format(why=str(exc)[:200]))}</p>"
            return
        players = int(row["players"])
        winners = [p for p in range(players) if int(row[f"win_{p}"])]
        how = t["won_by"].format(who=t["and"].join(seat_name(p, self.lang) for p in winners)) if winners \
            else t["drawn"] + (f" · {t['capped_by'].format(cap=row['cap'])}" if row.get("cap") else "")
        bots = t["and"].join(bot_name(str(row[f"bot_{p}"]), self.lang) for p in range(players))
        line = t["game_line"].format(i=int(row["game"]), seed=int(row["seed"]), how=how, clause=row["ended"],
                                     rounds=row.get("rounds", "?"), steps=int(row["steps"]), bots=bots)
        self._open_out.value = (f"<p style='margin:2px 0'>{html.escape(line)}</p>"
                                f"<a class='re-balance-open-link' href='?play={code}&amp;lang={self.lang}' "
                                f"target='_blank' rel='noopener'>{html.escape(t['open'])}</a><br>"
                                f"<small>{html.escape(t['open_note'])}</small>")

    def _summary_html(self, tables) -> str:
        t = T[self.lang]
        parts = []
        for name, df in tables:
            for facet, rates in summarise(df, finished_only=self.finished_only).items():
                if facet == "seat":
                    continue
                rows = "".join(
                    f"<tr><td>{html.escape(self._facet_name(facet, r.name))}</td><td>{r.rate:.1%}</td>"
                    f"<td>[{r.interval[0]:.1%}, {r.interval[1]:.1%}]</td><td>{r.wins}/{r.games}</td>"
                    f"<td>{'⚠ ' + html.escape(t['unfair']) if r.unfair else ''}</td></tr>" for r in rates)
                head = html.escape(f"{t['by'].format(facet=t.get(facet, facet))} · {name}")
                parts.append(f"<details><summary>{head}</summary><table class='re-balance-table'>{rows}</table>"
                             "</details>")
        return "".join(parts)
