"""The ways bad input is refused: an illegal action (its reason in both languages, W), a bad variant, a bad data
file, a bad save file."""

from __future__ import annotations


class W(str):
    """A reason a person reads: the English (the string itself, as IllegalAction and logs always had it) with
    its 中文 in ``zh``; ``in_lang`` gives the page's language (the app's refusals use it)."""

    zh: str

    def __new__(cls, en: str, zh: str):
        words = super().__new__(cls, en)
        words.zh = zh
        return words

    def in_lang(self, lang: str) -> str:
        return self.zh if lang == "zh" else str(self)

    def __getnewargs__(self):  # copy and pickle build it again with both languages
        return str(self), self.zh


GAME_OVER = W("the game is over", "游戏已结束")  # the core's refusal at a terminal state, and the games' own
NOT_LEGAL_NOW = W("not one of the legal actions now", "这不是现在合法的动作")  # a refusal no rule explains better


class IllegalAction(ValueError):
    """An action the rules forbid now. Names the clause broken and why; the state is unchanged."""

    def __init__(self, clause: str, reason: str, action=None):
        self.clause = clause
        self.reason = reason
        self.action = action
        shown = f" ({action})" if action is not None else ""
        super().__init__(f"[{clause}] {reason}{shown}")


class VariantError(ValueError):
    """A variant switch that does not exist, or a value outside its allowed range."""

    def __init__(self, game: str, key: str, reason: str, clause: str | None = None):
        self.game, self.key, self.reason, self.clause = game, key, reason, clause
        where = f" [{clause}]" if clause else ""
        super().__init__(f"{game}: variant {key!r}: {reason}{where}")


class DataError(ValueError):
    """A malformed data file: names the file, the entry and the field. Nothing was loaded."""

    def __init__(self, file: str, entry: str | None, field: str | None, reason: str):
        self.file, self.entry, self.field, self.reason = str(file), entry, field, reason
        parts = [self.file]
        if entry is not None:
            parts.append(f"entry {entry!r}")
        if field is not None:
            parts.append(f"field {field!r}")
        super().__init__(f"{': '.join(parts)}: {reason}")


class SaveError(ValueError):
    """A save file (``explorer.from_json``) that is not a game this engine saved: names the field and why.
    一个存档字段有误：指出字段与原因。Nothing is loaded."""

    def __init__(self, field: str, reason: str):
        self.field, self.reason = field, reason
        super().__init__(f"save file: field {field!r}: {reason}")


class ContentWarning(UserWarning):
    """A name in your content folder ($RULES_EXPLORER_CONTENT) that no game reads (a typo?): it is ignored.
    内容文件夹中有未被任何游戏读取的名称（拼写错误？）。"""
