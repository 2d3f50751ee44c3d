"""How every sentence names a seat (issue 30): "Player 0" / "玩家 0", the same in events, actions, boards, menus
and pictures (``widgets.i18n.player_name`` reads it too); chance and nobody by their words."""

from __future__ import annotations

from typing import Any

from .actions import CHANCE


def seat_name(seat: Any, lang: str = "en") -> str:
    """``seat`` as a sentence names it: "Player 0" / "玩家 0"; CHANCE is chance (随机), None nobody (无人)."""
    zh = lang == "zh"
    if seat is None:
        return "无人" if zh else "nobody"
    if seat == CHANCE and not isinstance(seat, bool):
        return "随机" if zh else "chance"
    return f"玩家 {seat}" if zh else f"Player {seat}"
