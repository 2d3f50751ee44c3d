"""Clicks a person needs for a whole game at the Play table, before and after the table's shortcuts (issue 14).

A scripted person sits at seat 0 of a ``PlayArea`` (their own view, the game's best bot in the other seats,
seeded dice) and plays the game's greedy bot's choices by clicking the picker's buttons, as a person would:

- before: one click per action of theirs (a button each);
- after: the same game again (same seed, so the same dice and the same bots' answers) at the table as it now
  is: a decision with one legal action is taken for them (``take_forced``); where their next actions up to
  the end of their turn are only the turn's passes they press "End turn" once; where a choice in a small
  phase decision — or a choice of a kind with one or two choices in a larger one (an attack in the play phase,
  issue 31) — is followed by that phase's pass they press its "…, then end the phase" button. (Choosing
  several discards at once saves no click: each card is still the person's click; it saves the redraws.) Where
  their next actions are a walk the table offers (the MOBA's moves, ``GameSession.walks``: the same path), they
  press its button once, or its "…, then end the phase" twin when the phase's pass follows (issue 31).

Both runs must reach the same final state (checked), so the saving is the shortcuts' alone. The games are
the person's default games (no round limit): a 2-player 永恒之息 game, a 2-player MOBA, a 3-player 城堡之心.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from support import smallest_tables

import explorer
from explorer import TERMINAL
from widgets.play.play_area import PlayArea

GAMES = smallest_tables()
SEED = 7
TARGET_EB = 60  # issue 31: at most this many clicks for a whole 2-player 永恒之息 game (issue 14's was < 209)
TARGET_MOBA = 51  # issue 31: the MOBA's cut in proportion to 永恒之息's (150 → 57)
TARGETS = {"eternal_breath": TARGET_EB, "card_moba": TARGET_MOBA}
MAX_CLICKS = 5000


def person_choice(state, bot, node_id: int):
    """What the scripted person wants now: the greedy bot's choice for seat 0, from seat 0's view only."""
    return bot.choose(state, random.Random(f"person#{node_id}"))


def play_before(game_id: str, players: int) -> tuple[int, object]:
    """One click per action of the person's (no forced move taken for them)."""
    area = PlayArea(game_id, players=players, seed=SEED)
    area.session.take_forced = False
    bot = explorer.get_game(game_id).bots()["greedy"]()
    clicks = 0
    while area.session.state.current_player != TERMINAL and clicks < MAX_CLICKS:
        s = area.session
        if s.state.current_player != 0:
            area.bots_seat._go.click()  # "Let bots play" (only after a loaded game; autoplay does it otherwise)
        else:
            area.picker.button_for(person_choice(s.state, bot, s.node_id)).click()
        clicks += 1
    return clicks, area.session.state


def play_after(game_id: str, players: int, record) -> tuple[int, object]:
    """The recorded game again, with "End turn" and "…, then end the phase" wherever they take exactly its steps."""
    area = PlayArea(game_id, players=players, seed=SEED)
    history = list(record.history)
    clicks = 0
    while area.session.state.current_player != TERMINAL and clicks < MAX_CLICKS:
        s = area.session
        at = len(s.state.history)
        assert list(s.state.history) == history[:at], "the shortcuts left the recorded game"
        wanted = history[at]
        if s.state.current_player != 0:
            area.bots_seat._go.click()
        elif wanted == s.turn_pass() and _only_passes_to_turn_end(s, history, at):
            area.picker._end_turn.click()
        elif (walk := _walk_in_record(s, history, at)) is not None:
            area.picker.walk_for(walk[-1], then=_pass_follows(s, history, at, len(walk))).click()
        elif area.picker.twin_for(wanted) is not None and _pass_follows(s, history, at):
            area.picker.twin_for(wanted).click()
        else:
            area.picker.button_for(wanted).click()
        clicks += 1
    return clicks, area.session.state


def _only_passes_to_turn_end(session, history, at: int) -> bool:
    """In the record, the person's actions from ``at`` until their turn ends are all the turn's passes."""
    state, start = session.state, _turn(session.state)
    for action in history[at:]:
        if state.current_player == 0 and action != session.turn_pass(state):
            return False
        state = state.apply(action)
        if state.current_player == TERMINAL or _turn(state) != start:
            return True
    return True


def _walk_in_record(session, history, at: int):
    """The longest walk offered now (``GameSession.walks``) whose steps are the record's next actions, or None."""
    found = [path for path in session.walks().values() if tuple(history[at:at + len(path)]) == path]
    return max(found, key=len, default=None)


def _pass_follows(session, history, at: int, n: int = 1) -> bool:
    """In the record, the person's next action after ``history[at:at + n]``, in the same turn, is the turn's pass."""
    state, start = session.state, _turn(session.state)
    for action in history[at:at + n]:
        state = state.apply(action)
    for action in history[at + n:]:
        if _turn(state) != start or state.current_player == TERMINAL:
            return False
        if state.current_player == 0:
            return action == session.turn_pass(state)
        state = state.apply(action)
    return False


def _turn(state):
    view = state.game.full_view(state.data)
    return (view.get("round"), view.get("turn")) if isinstance(view, dict) else None


def run() -> Iterator[dict]:
    for game_id, players in GAMES:
        before, end_before = play_before(game_id, players)
        after, end_after = play_after(game_id, players, end_before)
        same = end_after == end_before
        most = TARGETS.get(game_id)
        target = f"≤ {most} and ≤ before" if most else "≤ before"
        ok = same and after <= before and (most is None or after <= most)
        yield ({"bench": "clicks", "case": f"{game_id} {players}p: before", "value": before, "unit": "clicks"})
        yield ({"bench": "clicks", "case": f"{game_id} {players}p: after (same game: {same})", "value": after,
                     "unit": "clicks", "target": target, "ok": ok, "peer": "before", "peer_value": before,
                     "ratio": after / before})


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(list(run())))
