"""TableFile: save the table's game as a JSON file, load one back, and share a link that reopens it at the
same step (issue 14, point 8).

- Save: the engine's save (``State.to_json``) of the step shown, offered as a download link. It holds the
  whole game as the engine knows it, every hidden card included: the page says so.
- Load: a file chosen in the browser is checked like any save (``explorer.links.opened``: every field,
  the history replayed from the start); a bad file is refused with the reason and the table is unchanged.
- Share: a link ``?play=<code>&lang=<en|zh>`` (``explorer.links``): the game, players, switches, scenario and
  the actions so far, never the dice seed; the page opens it in the language it was shared in. Anyone who
  opens it can replay what was drawn: the page says so.

``open_game(start, history, scenario)`` is the table's (``PlayArea``) way to open a checked game.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from urllib.parse import parse_qs

import ipywidgets as ipw

import explorer
from explorer import SaveError
from explorer.links import MAX_CODE, from_link, link_code, opened
from widgets.components.component import Component

MAX_FILE = 20_000_000  # bytes: far above any save of a finished game
# ipywidgets' file button always writes "<description> (<files chosen>)": the table's reads its label alone, so a
# person never sees "Load a save (0)". The label is the button's title (its tooltip), drawn in place of that text.
STYLE = """<style>
.re-table-file .jupyter-button.re-load { font-size: 0; }
.re-table-file .jupyter-button.re-load::after { content: attr(title); font-size: var(--jp-widgets-font-size, 13px); }
</style>"""
LANGS = ("en", "zh")
TEXT = {
    "save": ("⤓ Save game", "⤓ 保存对局"),
    "load": ("⤒ Load a save", "⤒ 读取存档"),
    "share": ("⇗ Share link", "⇗ 分享链接"),
    "download": ("Download {name}", "下载 {name}"),
    "save_note": ("The file holds the whole game as the engine knows it, every hidden card included: keep it to "
                  "yourself until the game is over.",
                  "文件包含引擎所知的整局内容，包括所有隐藏的牌：对局结束前请勿给他人。"),
    "link": ("Open or copy this link", "打开或复制此链接"),
    "link_note": ("The link holds every action so far, the cards drawn included: whoever opens it can read every "
                  "player's hidden cards up to this step in the teacher's view. It does not hold the dice seed: the "
                  "game goes on with new dice.",
                  "链接包含至今的所有动作（包括摸到的牌）：打开者可在教师视角中看到每位玩家到此步为止的隐藏手牌。"
                  "链接不含骰子种子：之后的对局将使用新的随机数。"),
    "loaded": ("Opened: {game}, step {step}.", "已打开：{game}，第 {step} 步。"),
    "refused": ("Refused, nothing changed: [{field}] {reason}", "已拒绝，未作任何改动：[{field}] {reason}"),
    "bad_field": ("{reason}", "这一项不是本应用保存的对局所能有的内容（存档或链接被改动或已损坏）；英文原因：{reason}"),
    "code_size": ("a link code has 1 to {n} characters", "链接代码应有 1 至 {n} 个字符"),
    "too_big": ("more than {n} bytes", "超过 {n} 字节"),
    "no_link": ("a game set up by hand cannot be shared as a link; save it as a file",
                "手工布置的局面无法以链接分享，请保存为文件"),
}

# The engine's reasons for a refused save or link are English (explorer/saves.py, links.py; those it gives in both
# languages are ``W`` and read as they are): their 中文, by the form of the sentence. A reason of no form here is
# said in 中文 as "bad_field", with the English reason after it.
ZH_REASONS = tuple((re.compile(en, re.S), zh) for en, zh in (
    (r"missing: a save file holds (.*) \(this one lacks (.*)\)", r"缺少此项：存档文件应包含 \1（此文件缺少 \2）"),
    (r"unknown field \(known: (.*)\)", r"存档文件没有这一项（应有的项：\1）"),
    (r"unknown save format (.*) \(this engine reads (.*)\)", r"未知的存档格式 \1（本程序读取格式 \2）"),
    (r"expected JSON text, got (.*)", r"应为 JSON 文本，而不是 \1"),
    (r"not valid JSON: .*: line (\d+) column (\d+) .*", r"不是有效的 JSON（第 \1 行第 \2 列有误）"),
    (r"not valid JSON: (.*)", r"不是有效的 JSON"),
    (r"expected a JSON object \{\.\.\.\}, got (.*)", r"应为 JSON 对象 {...}，而不是 \1"),
    (r"holds a value no save holds: (.*)", r"含有存档不会有的值"),
    (r"nested too deeply to be a save file", r"嵌套过深，不是存档文件"),
    (r"(.*) is not a number a save file holds", r"\1 不是存档文件会有的数"),
    (r"(.*) is not a number a link holds", r"\1 不是链接会有的数"),
    (r"expected a game id \(text\), got (.*)", r"应为游戏编号（文本），而不是 \1"),
    (r"the game's content does not load: (.*)", r"该游戏的内容文件无法加载"),
    (r"(\S+) is for (\d+)–(\d+) players, not (.*)", r"\1 为 \2–\3 人游戏，不能是 \4"),
    (r"expected an object of switches, got (.*)", r"应为开关的对象，而不是 \1"),
    (r"expected a list of events, got (.*)", r"应为事件列表，而不是 \1"),
    (r"expected a whole number ≥ 0, got (.*)", r"应为不小于 0 的整数，而不是 \1"),
    (r"the last step made (\d+) events, not (.*)", r"最后一步产生了 \1 个事件，而不是 \2 个"),
    (r"expected a list of actions, got (.*)", r"应为动作列表，而不是 \1"),
    (r"expected a list of \[kind, player, params\]", r"应为 [种类, 玩家, 参数] 的列表"),
    (r"([\d,]+) actions: a save or a link holds at most ([\d,]+).*", r"\1 个动作：存档或链接最多包含 \2 个"),
    (r"expected an action object, got (.*)", r"应为动作对象，而不是 \1"),
    (r"player must be a whole number \(int\), not \S+ (.*)", r"玩家应为整数，而不是 \1"),
    (r"parameter (.*) must be (.*), not \S+ (.*)", r"参数 \1 的类型不对：不能是 \3"),
    (r"parameter (.*): .*", r"参数 \1 含有动作不会有的值"),
    (r"an action has kind, player and params, not (.*)", r"动作应包含 kind、player 与 params，而不是 \1"),
    (r"expected a whole number \(int\), got (.*)", r"应为整数，而不是 \1"),
    (r"expected text, got (.*)", r"应为文本，而不是 \1"),
    (r"expected an object, got (.*)", r"应为对象，而不是 \1"),
    (r"no game (.*); registered: (.*)", r"没有游戏 \1（已有：\2）"),
    (r"no such switch \(known: (.*)\)", r"没有这个开关（已有：\1）"),
    (r"expected switch names and values, got (.*)", r"应为开关名与值，而不是 \1"),
    (r"(.*) \((.*)\) is not one of (.*)", r"\1 不是可选值 \3 之一"),
    (r"expected a whole number \(int\), got \S+ (.*)", r"应为整数，而不是 \1"),
    (r"expected a number, got \S+ (.*)", r"应为数，而不是 \1"),
    (r"(.*) is below the minimum (.*)", r"\1 小于最小值 \2"),
    (r"(.*) is above the maximum (.*)", r"\1 大于最大值 \2"),
    (r"does not match the game its history replays to: at (.*) the save has (.*), the replay (.*)",
     r"与按历史重放得到的对局不符：在 \1 处存档为 \2，重放为 \3"),
    (r"the game cannot (?:play from|read) this position: (.*)", r"游戏无法从此局面进行"),
    (r"(.*) is beyond what a position holds \(at most ±(.*)\)", r"\1 超出局面可有的范围（至多 ±\2）"),
    (r"(.*) has no scenario (.*)", r"\1 没有场景 \2"),
    (r"the scenario (.*) is for (\d+) players with its own switches", r"场景 \1 为 \2 人局，并有其自己的开关"),
    (r"expected a code of 1–(\d+) characters", r"链接代码应有 1 至 \1 个字符"),
    (r"the code unpacks to more than a game holds", r"代码解开后超过一局对局可有的内容"),
    (r"the code is cut short \(copy the whole link\)", r"代码不完整（请复制整个链接）"),
    (r"not a link code of this app \((.*)\)", r"不是本应用的链接代码"),
    (r"a link code holds exactly (.*)", r"链接代码应恰好包含 \1"),
))


REPLAY = re.compile(r"not legal at step (\d+) of the replay: \[([\w.-]+)\].*", re.S)  # an IllegalAction, replayed
# the engine's names of a JSON value's kind (explorer/saves.py ``_kind``), as a 中文 reason says them
ZH_KINDS = {"an object": "对象", "a list": "列表", "text": "文本", "true/false": "真/假值", "a whole number": "整数",
            "a decimal number": "小数", "null": "空值 null"}


def reason_in(reason: str, lang: str) -> str:
    """A refused save's or link's reason in ``lang``: the engine's own 中文 where it gives one (``W``), else the
    中文 of the English sentence's form (``ZH_REASONS``), else the field's general meaning with the English."""
    if callable(getattr(reason, "in_lang", None)):
        return reason.in_lang(lang)
    if lang != "zh":
        return str(reason)
    illegal = REPLAY.fullmatch(str(reason))
    if illegal:  # the rule's own 中文 (the engine's reason went into English text): the clause it names
        return f"重放到第 {illegal.group(1)} 步时不合法：{_clause_zh(illegal.group(2))}"
    for form, zh in ZH_REASONS:
        match = form.fullmatch(str(reason))
        if match:
            return _kinds_zh(match, zh)
    return _t("bad_field", lang, reason=reason)


def _clause_zh(clause_id: str) -> str:
    """The words of the rule ``clause_id`` names, in 中文, from whichever game has it."""
    for game_id in explorer.game_ids():
        clause = explorer.get_game(game_id).clause_index.get(clause_id)
        if clause is not None:
            return f"[{clause_id}] 规则原文：{clause.text('zh')}"
    return f"[{clause_id}] 违反规则"


def _kinds_zh(match: re.Match, zh: str) -> str:
    """``zh`` with the match's groups, a JSON kind among them said in 中文."""
    groups = [ZH_KINDS.get(g, g) if g is not None else "" for g in match.groups()]
    return re.sub(r"\\(\d)", lambda ref: groups[int(ref.group(1)) - 1], zh)


def _t(key: str, lang: str, **fields) -> str:
    en, zh = TEXT[key]
    return (zh if lang == "zh" else en).format(**fields)


def page_query() -> str:
    """The page's query string, as Voilà hands it to the kernel: a page given a pre-heated kernel is asked
    for after the notebook ran up to here, so the kernel waits for the page's request (Voilà sends it to the
    waiting kernel over its ``voila/query`` websocket); a kernel started for the page has it in its environment.
    Outside Voilà (nbval, Jupyter) there is none.

    What ``voila.utils.get_query_string`` does (Voilà 0.5), without importing ``voila``: that import brings
    Jupyter Server, jsonschema and its grammars along, 2.3 s of CPU in every kernel the server starts (a third
    of a kernel's start), for a page that only reads one environment variable."""
    import os

    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        _wait_for_the_pages_request(os.environ)
    return os.environ.get("QUERY_STRING", "")


def _wait_for_the_pages_request(env) -> None:
    """A pre-heated kernel: wait until Voilà gives it to a page, then take the page's request info (its query
    string among it) into the environment, as ``voila.utils.wait_for_request`` does."""
    import asyncio
    import json
    import threading

    import websockets

    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID')}")
    found: list[str] = []

    async def ask() -> None:
        try:
            async with websockets.connect(url, open_timeout=5) as socket:
                found.append(await socket.recv())
        except (TimeoutError, OSError):
            return  # no request info: as Voilà, the page is served without a query string

    thread = threading.Thread(target=lambda: asyncio.new_event_loop().run_until_complete(ask()))
    thread.start()
    thread.join()
    for key, value in (json.loads(found[0]).items() if found else ()):
        env[key] = value


def shared_link(query: str | None = None) -> tuple[str, str]:
    """(code, lang) of a shared link ``?play=<code>&lang=<en|zh>`` in the page's query string (or ``query``):
    "" for what is not there. The query comes from the browser: the code is only taken here (``open_link``
    checks it), a language other than en / zh is ignored, and a query of too many fields is no link at all."""
    try:
        fields = parse_qs(page_query() if query is None else query or "", max_num_fields=20)
    except ValueError:
        return "", ""
    code = fields.get("play", [""])[0]
    lang = fields.get("lang", [""])[0]
    return code, lang if lang in LANGS else ""


class TableFile(Component):
    """Save, load and share the game of ``table`` (a PlayArea: ``session``, ``scenario``, ``open_game``)."""

    def __init__(self, table, lang: str = "en", **kwargs):
        self.table = table
        self._save = ipw.Button(layout=ipw.Layout(width="auto"))
        self._save.add_class("re-save")
        self._load = ipw.FileUpload(accept=".json,application/json", multiple=False, icon="",
                                    layout=ipw.Layout(width="auto"))
        self._load.add_class("re-load")
        self._share = ipw.Button(layout=ipw.Layout(width="auto"))
        self._share.add_class("re-share")
        self._out = ipw.HTML()
        self._out.add_class("re-table-file-out")
        self._msg = ipw.HTML()
        self._msg.add_class("re-table-file-msg")
        row = ipw.HBox([self._save, self._load, self._share], layout=ipw.Layout(flex_flow="row wrap"))
        style = ipw.HTML(STYLE, layout=ipw.Layout(display="none"))
        super().__init__(children=[style, row, self._out, self._msg], **kwargs)
        self.add_class("re-table-file")
        self.lang = lang
        self._save.on_click(self._on_save)
        self._share.on_click(self._on_share)
        self._load.observe(self._on_upload, "value")
        self.observe(self._on_lang, "lang")
        self.reset()

    def _on_lang(self, change):
        """Fires when the language changes: relabel, and forget a link or a file made in the other one."""
        self.reset()

    def _on_save(self, button):
        """Fires on Save: a download link to the engine's save of the step shown."""
        session, lang = self.table.session, self.lang
        name = f"rules-explorer-{session.game_id}-step-{session.step}.json"
        data = base64.b64encode(session.state.to_json().encode()).decode()
        self._out.value = (f'<a class="re-download" download="{name}" href="data:application/json;base64,{data}">'
                           f"{html.escape(_t('download', lang, name=name))}</a><br><small>"
                           f"{html.escape(_t('save_note', lang))}</small>")

    def _on_share(self, button):
        """Fires on Share: a link (relative to this page) that reopens the game at this step."""
        lang, code = self.lang, self.share_code()
        if not code:
            self._say(_t("refused", lang, field="link", reason=_t("no_link", lang)))
            return
        self._out.value = (f'<a class="re-share-link" href="?play={code}&amp;lang={lang}" target="_blank">'
                           f"{html.escape(_t('link', lang))}</a><br><small>{html.escape(_t('link_note', lang))}"
                           "</small>")

    def _on_upload(self, change):
        """Fires when a file is chosen: checked as a save; the table changes only if all of it is good."""
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = bytes(item["content"]) if isinstance(item, dict) else b""
        self._load.value = ()
        if len(content) > MAX_FILE:
            self._say(_t("refused", self.lang, field="file", reason=_t("too_big", self.lang, n=MAX_FILE)))
            return
        self.open_save(content)

    def share_code(self) -> str:
        """The link code of the step shown ("" when the game started from a position no link can name)."""
        session = self.table.session
        if session.start is not None and not self.table.scenario:
            return ""
        return link_code(session.state, self.table.scenario)

    def open_save(self, text: str | bytes) -> bool:
        """Open a save file's game at its last step; a bad file is refused with the reason (nothing changes)."""
        return self._open(lambda: (*opened(text), ""))

    def open_link(self, code: str) -> bool:
        """Open a share link's game at its step; a bad code is refused with the reason (nothing changes)."""
        if not code or len(code) > MAX_CODE:
            return self._say(_t("refused", self.lang, field="link", reason=_t("code_size", self.lang, n=MAX_CODE)))
        return self._open(lambda: from_link(code))

    def _open(self, read: Callable) -> bool:
        try:
            start, history, scenario = read()
        except SaveError as err:
            return self._say(_t("refused", self.lang, field=err.field, reason=reason_in(err.reason, self.lang)))
        self.table.open_game(start, history, scenario)
        session = self.table.session
        self._out.value = ""
        self._say(_t("loaded", self.lang, game=session.game.name_zh if self.lang == "zh" else session.game.name_en,
                     step=session.step))
        return True

    def _say(self, text: str) -> bool:
        self._msg.value = f"<span>{html.escape(text)}</span>"
        return False

    def reset(self) -> None:
        self._save.description = _t("save", self.lang)
        self._load.description = self._load.tooltip = _t("load", self.lang)  # shown from the title (STYLE)
        self._share.description = _t("share", self.lang)
        self._out.value = self._msg.value = ""
