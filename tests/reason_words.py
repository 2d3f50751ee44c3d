"""The words of a refusal (issue 14, point 6): a game's reason is an ``explorer.W`` whose English is the string
itself and whose 中文 has Han characters and no Latin letters but a seat's name (P1) — no stray English, no
catalogue id, no Python repr."""

from __future__ import annotations

import re

import pytest

from explorer import IllegalAction

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")


def chinese_only(text: str) -> bool:
    return bool(CJK.search(text)) and not LATIN.search(re.sub(r"\bP\d+", "", text))


def assert_reads_in_both(reason, english: str | None = None) -> None:
    """``reason`` carries its 中文 in words only; its English is ``english`` when given (as it always read)."""
    assert callable(getattr(reason, "in_lang", None)), f"an English-only reason: {reason!r}"
    if english is not None:
        assert str(reason) == english and reason.in_lang("en") == english, reason
    assert reason.in_lang("zh") == reason.zh and chinese_only(reason.zh), (str(reason), reason.zh)


def assert_refused_in_both(take, clause: str, english: str) -> None:
    """``take()`` is refused by ``clause`` with the reason ``english``, which carries its 中文 in words only."""
    with pytest.raises(IllegalAction) as err:
        take()
    assert err.value.clause == clause
    assert_reads_in_both(err.value.reason, english)
