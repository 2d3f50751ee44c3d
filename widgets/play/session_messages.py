"""What a game session says: the last notice (a refusal, the step taken) in either language, and a
step described as a viewer may read it. Mixed into ``GameSession``."""

from __future__ import annotations

import explorer
from explorer import Action
from widgets.i18n import event_kind_name, kind_name, label, player_name, redacted_event
from widgets.play.session_node import Node

SHOWN_STEPS = 6  # a notice names at most this many of the person's steps (the rest are in the log)


class SessionMessages:
    """The ``notice`` of a session, as text; the session defines the ``notice`` trait and ``_serial``."""

    def refuse(self, key: str, **fields) -> bool:
        """Record why a component refused a value (a label key of widgets.i18n); returns False."""
        self._say(key, **fields)
        return False

    def _say(self, key: str, **fields) -> None:
        self.notice = {"key": key, "fields": fields, "n": next(self._serial)}

    def notice_text(self, lang: str, viewer: int = -1) -> str:
        """The last message in ``lang``, as ``viewer`` may read it (-1: everything)."""
        key = self.notice.get("key")
        if not key:
            return ""
        if key == "played":
            return self._played_text(lang, viewer)
        fields = {}
        for name, value in self.notice.get("fields", {}).items():
            if isinstance(value, Node):
                value = self.describe_step(value, lang, viewer)
            elif isinstance(value, Action):
                value = value.describe(lang) if viewer < 0 or value.player == viewer else kind_name(value.kind, lang)
            elif callable(getattr(value, "in_lang", None)):  # a reason with its 中文 (explorer.W: the games' own)
                value = value.in_lang(lang)
            elif name == "reason" and key == "illegal" and lang == "zh":  # an English-only reason of the rules
                value = self._reason_zh(self.notice["fields"].get("clause"))
            elif name == "who":
                value = player_name(value, lang)
            fields[name] = value
        return label(key, lang, **fields)

    def _played_text(self, lang: str, viewer: int) -> str:
        """What a click played: the person's own steps (one: "Step 12: …"; several: each named, at most
        ``SHOWN_STEPS``), then the steps of bots and dice when there were any."""
        fields = self.notice["fields"]
        mine, others = fields.get("mine", ()), fields.get("n", 0)
        if len(mine) == 1:
            text = label("chose", lang, step=mine[0].depth, what=self.describe_step(mine[0], lang, viewer))
        else:
            named = [self.describe_step(node, lang, viewer).rstrip(".。") for node in mine[:SHOWN_STEPS]]
            if len(mine) > SHOWN_STEPS:
                named.append("…")
            text = label("played_yours", lang, n=len(mine), what=label("list_sep", lang).join(named))
        gap = "" if lang == "zh" else " "  # 中文 sentences follow each other without a space
        return f"{text}{gap}{label('bots_played', lang, n=others)}" if others else text

    def _reason_zh(self, clause_id) -> str:
        """A refusal's reason in 中文 where the engine's reason has none (the three games' reasons carry their
        中文, explorer.W; a plain English one, e.g. the core's check of an action's value types, does not): the
        words of the rule it names, from the document."""
        clause = self.game.clause_index.get(clause_id) if isinstance(clause_id, str) else None
        return f"规则原文：{clause.text('zh')}" if clause is not None else label("rule_broken", "zh")

    def describe_step(self, node: Node, lang: str, viewer: int = -1) -> str:
        """The action that led to ``node`` as ``viewer`` may read it.

        Everything (-1) or the viewer's own decision: the game's description of the action. Anyone
        else's action or a chance outcome: the events it produced, redacted by the engine
        (``visible_log``), since the action itself may name a card only its player saw.
        """
        action = node.action
        if action is None:
            return ""
        if viewer < 0 or action.player == viewer:
            return action.describe(lang)
        parts = []
        for e in explorer.visible_log(node.state.events, viewer)[:3]:
            if e.visible_to(viewer):
                try:
                    parts.append(e.describe(lang))
                except Exception:  # a description must never break the board
                    parts.append(event_kind_name(e.game, e.kind, lang))
            else:
                parts.append(redacted_event(e, lang))
        return "; ".join(parts) or f"{kind_name(action.kind, lang)} {label('redacted', lang)}"
