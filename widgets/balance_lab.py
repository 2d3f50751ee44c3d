"""BalanceLab: a small balance study in the page — bot games with a progress bar and a cancel — or a larger one
read from a Parquet file written by ``python -m explorer.balance``: how the games ended (a warning when most hit the
bots' limits), win / draw / loss by seat with Wilson 95 % intervals (all games or the finished ones only), the first
player's advantage as paired differences, and a table per facet (drawn by widgets.balance_figures).

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
from explorer.balance import Study, StudyError, run, summarise
from explorer.balance.tables import check_game, read_study, readings
from widgets.balance_figures import WORDS as FIGURE_WORDS
from widgets.balance_figures import endings_html, first_player_figure, place_label, seat_figure
from widgets.bots_seat import bot_name
from widgets.component import GameComponent, take_from_control
from widgets.plotly_bundle import show_figure

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
               "<code>python -m explorer.balance</code>, or use the app served by <code>make app</code> or Binder. "
               "Every other tab works here.",
               "此页面在浏览器中运行 Python（Pyodide，静态网站），平衡实验室无法在此运行：未打包 Dask、pandas 和 "
               "pyarrow，网页中也没有线程。请用 <code>python -m explorer.balance</code> 运行研究，或使用 "
               "<code>make app</code> 或 Binder 提供的应用。其他标签页均可在此使用。"),
    "by": ("by {facet}", "按{facet}"), "character": ("character", "角色"), "hero": ("hero", "英雄"),
    "bloodline": ("bloodline", "血统"), "identity": ("identity", "身份"), "bot": ("bot", "机器人"),
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
        self._results = ipw.VBox([self._endings, self._finished, self._charts, self._first, self._first_note],
                                 layout=ipw.Layout(display="none"))
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
                               (self._reading, "compare"), (self._finished, "finished_only")):
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
        self._charts.outputs = self._first.outputs = ()
        self._summary.value = self._endings.value = self._first_note.value = ""
        self._results.layout.display = "none"
        self._relabel()

    @traitlets.observe("finished_only")
    def _on_finished(self, change):
        """Fires when "finished games only" is switched: the control follows and the rates are drawn again."""
        self._finished.value = change["new"]
        self._draw()

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
        self._results.layout.display = ""
        seats = seat_figure(tables, t, self.finished_only)
        if seats is None:
            self._charts.outputs = ()
            self._first.outputs = ()
            self._first_note.value = f"<p class='re-balance-none'>{html.escape(t['no_finished'])}</p>"
            self._summary.value = ""
            return
        show_figure(self._charts, seats)
        first = first_player_figure(tables, t, self.finished_only)
        if first is None:
            self._first.outputs = ()
            self._first_note.value = ""
        else:
            show_figure(self._first, first)
            self._first_note.value = f"<p style='margin:0 0 8px'><small>{html.escape(t['first_caption'])}</small></p>"
        self._summary.value = self._summary_html(tables)

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
