"""A refusal of 永恒之息 reads in the page's language (issue 14, point 6): the reason the engine gives for a real
illegal move carries its 中文 (explorer.W) in the document's words — 陷阱卡, 金币, 召唤, 倒置 … — and its English
is what it always was."""

from __future__ import annotations

import pytest
from reason_words import assert_refused_in_both

from explorer import IllegalAction
from explorer.games.eternal_breath.records import Task, Turn
from explorer.games.eternal_breath.scenarios import ATTACKER

from .helpers import do, seat, state

DUMMY = "scn-normal-2-20"
FULL = tuple(("trap_spikes", 1, False) for _ in range(3))
DRAW_PHASE = (Task("draw_phase", 0), Task("play", 0), Task("discard", 0), Task("end", 0), Task("next", 0))
AT_DUMMY = {"cards": ("atk_slash",), "seat": 1, "target": DUMMY, "by": ATTACKER}

CASES = {  # name: (state, (kind, player, params), clause, the English reason as it always read)
    "a fourth trap": (lambda: state(seat(hand=("trap_snare",), coins=0), seat(traps=FULL)),
                      ("trap", 0, {"card": "trap_snare", "zone": 1}), "EB-3.2-trap-limit",
                      "a trap zone holds at most 3 traps: this would be a fourth"),
    "a trap in another's zone without a coin": (
        lambda: state(seat(hand=("trap_snare",), coins=0), seat()), ("trap", 0, {"card": "trap_snare", "zone": 1}),
        "EB-3.2-trap-cost", "a trap in another player's zone costs 1 coin: too few coins"),
    "a second attack in a turn": (
        lambda: state(seat(summons=(ATTACKER,), hand=("atk_slash",)), seat(summons=(DUMMY,)), now=Turn(attacked=True)),
        ("attack", 0, AT_DUMMY), "EB-1.2.4-attack-once", "at most one attack a turn: this would be a second attack"),
    "an attack on a face-down character": (
        lambda: state(seat(summons=(ATTACKER,), hand=("atk_slash",)), seat("sp_mingyue", self_up=False)),
        ("attack", 0, {**AT_DUMMY, "target": "sp_mingyue"}), "EB-3.1-face-down",
        "a face-down character cannot be attacked"),
    "acting out of turn": (lambda: state(seat(), seat()), ("end_play", 1, {}), "EB-1.2.4-play",
                           "it is P0's decision now, not P1's"),
    "buying a draw with too few coins": (
        lambda: state(seat(coins=1), seat(), tasks=DRAW_PHASE), ("buy_draw", 0, {}), "EB-1.2.2-buy",
        "the extra draw is once a turn and costs 2 coins: too few coins"),
    "a second summon in a turn": (lambda: state(seat(pool=(DUMMY,)), seat(), now=Turn(summoned=True)),
                                  ("summon", 0, {"card": DUMMY}), "EB-1.2.4-summon-once", "at most one summon a turn"),
    "a summon past the limit": (lambda: state(seat(summons=(ATTACKER,), pool=(DUMMY,)), seat()),
                                ("summon", 0, {"card": DUMMY}), "EB-3.2-summon-limit", "the summon limit is 1"),
    "a kind that is not a choice now": (lambda: state(seat(), seat()), ("dodge", 0, {}), "EB-1.2.4-play",
                                        "'dodge' is not a choice now (waiting for: play)"),
}


@pytest.mark.parametrize("name", CASES)
def test_a_refusal_keeps_its_english_and_reads_in_chinese(name):
    make, (kind, player, params), clause, english = CASES[name]
    assert_refused_in_both(lambda: do(make(), kind, player, **params), clause, english)


def test_the_waiting_decision_is_named_in_chinese():
    """The last resort names what the game waits for: the play phase is 出牌阶段 (the English names the kind)."""
    with pytest.raises(IllegalAction) as err:
        do(state(seat(), seat()), "dodge", 0)
    assert "出牌阶段" in err.value.reason.zh
