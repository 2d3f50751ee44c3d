"""Clicks a person needs for a whole game at the Play table, before and after the table's shortcuts (issue 14).

A scripted person sits at seat 0 of a ``PlayArea`` (their own view, the game's best bot in the other seats,
seeded dice) and plays the game's greedy bot's choices by clicking the picker's buttons, as a person would:

- before: one click per action of theirs (a button each);
- after: the same game again (same seed, so the same dice and the same bots' answers) at the table as it now
  is: a decision with one legal action is taken for them (``take_forced``); where their next actions up to
  the end of their turn are only the turn's passes they press "End turn" once; where a choice in a small
  phase decision — or a choice of a kind with one or two choices in a larger one (an attack in the play phase,
  issue 31) — is followed by that phase's pass they press its "…, then end the phase" button. (Choosing
  several discards at once saves no click: each card is still the person's click; it saves the redraws.)

Both runs must reach the same final state (checked), so the saving is the shortcuts' alone. The games are
the person's default games (no round limit): a 2-player 永恒之息 game, a 2-player MOBA, a 3-player 城堡之心.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import explorer
from explorer import TERMINAL
from widgets.play_area import PlayArea

GAMES = (("eternal_breath", 2), ("card_moba", 2), ("castle_heart", 3))
SEED = 7
TARGET_EB = 60  # issue 31: at most this many clicks for a whole 2-player 永恒之息 game (issue 14's was < 209)
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


def _pass_follows(session, history, at: int) -> bool:
    """In the record, the person's next action after ``history[at]``, in the same turn, is the turn's pass."""
    state, start = session.state.apply(history[at]), _turn(session.state)
    for action in history[at + 1:]:
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
        target = f"≤ {TARGET_EB} and ≤ before" if game_id == "eternal_breath" else "≤ before"
        ok = same and after <= before and (game_id != "eternal_breath" or after <= TARGET_EB)
        yield ({"bench": "clicks", "case": f"{game_id} {players}p: before", "value": before, "unit": "clicks"})
        yield ({"bench": "clicks", "case": f"{game_id} {players}p: after (same game: {same})", "value": after,
                     "unit": "clicks", "target": target, "ok": ok, "peer": "before", "peer_value": before,
                     "ratio": after / before})


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(list(run())))
