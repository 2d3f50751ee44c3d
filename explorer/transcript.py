"""Human-readable playthroughs: every action and the events it caused, for golden-file tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .names import seat_name
from .play import play
from .state import new_game


def transcript(game_id: str, players: int, seed: int, variant: Mapping[str, Any] | None = None,
               bots: Any = None, lang: str = "en", max_steps: int | None = None) -> str:
    """A seeded game written out step by step: who did what, then each event with its clause."""
    state = new_game(game_id, players, variant)
    lines = [f"# {state.game.name_en} / {state.game.name_zh} — {players} players, seed {seed}",
             f"# variant: {dict(sorted(state.variant.items()))}"]
    previous = state
    for step, state in enumerate(play(previous, bots, seed=seed, max_steps=max_steps), start=1):
        action = state.history[-1]
        who = seat_name(action.player, lang)
        lines.append(f"{step:04d} {who}: {action.describe(lang)}")
        for e in state.events:
            mark = " (cancelled)" if e.cancelled else ""
            lines.append(f"       · [{e.clause}] {e.describe(lang)}{mark}")
        previous = state
    lines.append(f"# end after {len(previous.history)} actions; winners: {list(previous.winners)}")
    return "\n".join(lines) + "\n"
