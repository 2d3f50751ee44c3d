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
from collections.abc import Callable
from urllib.parse import parse_qs

import ipywidgets as ipw

from explorer import SaveError
from explorer.links import MAX_CODE, from_link, link_code, opened
from widgets.component import Component

MAX_FILE = 20_000_000  # bytes: far above any save of a finished game
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
    "bad_field": ("{reason}", "这一项不是本应用保存的对局所能有的内容（存档或链接被改动或已损坏）"),
    "code_size": ("a link code has 1 to {n} characters", "链接代码应有 1 至 {n} 个字符"),
    "too_big": ("more than {n} bytes", "超过 {n} 字节"),
    "no_link": ("a game set up by hand cannot be shared as a link; save it as a file",
                "手工布置的局面无法以链接分享，请保存为文件"),
}


def _t(key: str, lang: str, **fields) -> str:
    en, zh = TEXT[key]
    return (zh if lang == "zh" else en).format(**fields)


def page_query() -> str:
    """The page's query string, as Voilà hands it to the kernel: a page given a pre-heated kernel is asked
    for after the notebook ran up to here, so ``voila.utils.get_query_string`` waits for the page's request
    (Voilà sends it to the waiting kernel over its ``voila/query`` websocket); a kernel started for the page
    has it in its environment. Outside Voilà (nbval, Jupyter) there is none."""
    import os

    try:
        from voila.utils import get_query_string
    except ImportError:  # not served by Voilà
        return os.environ.get("QUERY_STRING", "")
    return get_query_string() or ""


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
        self._load = ipw.FileUpload(accept=".json,application/json", multiple=False, layout=ipw.Layout(width="auto"))
        self._load.add_class("re-load")
        self._share = ipw.Button(layout=ipw.Layout(width="auto"))
        self._share.add_class("re-share")
        self._out = ipw.HTML()
        self._out.add_class("re-table-file-out")
        self._msg = ipw.HTML()
        self._msg.add_class("re-table-file-msg")
        row = ipw.HBox([self._save, self._load, self._share], layout=ipw.Layout(flex_flow="row wrap"))
        super().__init__(children=[row, self._out, self._msg], **kwargs)
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
            # the engine's reason is English; in 中文 the field it names and what that means
            reason = _t("bad_field", self.lang, reason=err.reason)
            return self._say(_t("refused", self.lang, field=err.field, reason=reason))
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
        self._load.description = _t("load", self.lang)
        self._share.description = _t("share", self.lang)
        self._out.value = self._msg.value = ""
