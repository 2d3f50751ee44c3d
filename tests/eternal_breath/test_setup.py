"""§1.1 游戏准备, played as decisions: dealer and order, the two drafts, the ritual, 4 cards and 5 coins."""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from explorer import CHANCE, IllegalAction, new_game

from .helpers import GID, do, events, head

SPECIALS = ("sp_lingxi", "sp_yanlong", "sp_mingyue")
NORMALS = ("n_swordsman", "n_guard", "n_archer", "n_healer")


def through_draft(players=2, variant=None):
    """A 2-player setup scripted up to the ritual."""
    s = new_game(GID, players, {"dealer": "seat0", **(variant or {})})
    s = do(s, "dealer", CHANCE, seat=0)
    for c in SPECIALS:
        s = do(s, "reveal", CHANCE, card=c)
    s = do(s, "pick", 0, card="sp_yanlong")
    s = do(s, "pick", 1, card="sp_lingxi")
    for c in NORMALS:
        s = do(s, "reveal", CHANCE, card=c)
    for p, c in ((1, "n_guard"), (0, "n_swordsman"), (0, "n_archer"), (1, "n_healer")):
        s = do(s, "pick", p, card=c)
    return s


def test_players_two_to_six():
    """'EB-players': 2–6 players."""
    for n in range(2, 7):
        assert new_game(GID, n).players == n
    for n in (1, 7):
        with pytest.raises(ValueError):
            new_game(GID, n)


def test_dealer_is_chance_and_order_is_clockwise():
    """'EB-1.1.1-dealer' (EB-A16: random) and 'EB-1.1.1-order'."""
    s = new_game(GID, 4)
    assert s.current_player == CHANCE
    assert dict((a["seat"], p) for a, p in s.chance_outcomes()) == {q: Fraction(1, 4) for q in range(4)}
    s = do(s, "dealer", CHANCE, seat=2)
    assert s.data.dealer == 2 and s.data.turn == 2
    order = next(e for e in s.events if e.kind == "order")
    assert order.clause == "EB-1.1.1-order" and order.targets == (2, 3, 0, 1)


def test_special_draft_draws_players_plus_one_and_picks_from_the_dealer():
    """'EB-1.1.2-special-draw', 'EB-1.1.2-special-pick', 'EB-1.1.2-pass', 'EB-props' (chance draws)."""
    s = do(new_game(GID, 2, {"dealer": "seat0"}), "dealer", CHANCE, seat=0)
    first = s.chance_outcomes()
    assert len(first) == 9 and all(p == Fraction(1, 9) for _, p in first)
    for c in SPECIALS:
        s = do(s, "reveal", CHANCE, card=c)
    assert [e.clause for e in s.log if e.kind == "reveal"] == ["EB-1.1.2-special-draw"] * 3
    assert s.current_player == 0 and {a["card"] for a in s.legal_actions()} == set(SPECIALS)
    s = do(s, "pick", 0, card="sp_yanlong")
    pick = events(s, "pick")[-1]
    assert pick.clause == "EB-1.1.2-special-pick" and pick.private_to == (0,)
    assert events(s, "pass on")[-1].clause == "EB-1.1.2-pass"
    assert s.current_player == 1 and {a["card"] for a in s.legal_actions()} == {"sp_lingxi", "sp_mingyue"}
    assert s.view(1)["offer"] == ["sp_lingxi", "sp_mingyue"] and explorer.is_hidden(s.view(0)["offer"])
    with pytest.raises(IllegalAction) as err:
        do(s, "pick", 1, card="sp_yanlong")
    assert err.value.clause == "EB-1.1.2-special-pick"


def test_normal_draft_is_a_snake_of_three_n_minus_two():
    """'EB-1.1.2-normal-draw' (3n−2 cards), 'EB-1.1.2-snake' (last → dealer, dealer → last)."""
    s = do(new_game(GID, 4), "dealer", CHANCE, seat=1)
    for c in ("sp_lingxi", "sp_yanlong", "sp_mingyue", "sp_tiebi", "sp_fengyin"):
        s = do(s, "reveal", CHANCE, card=c)
    for p, c in zip((1, 2, 3, 0), ("sp_lingxi", "sp_yanlong", "sp_mingyue", "sp_tiebi"), strict=True):
        s = do(s, "pick", p, card=c)
    assert head(s) == "offer_normal"
    reveals = 0
    while head(s) == "offer_normal":
        s = do(s, "reveal", CHANCE, card=s.chance_outcomes()[0][0]["card"])
        reveals += 1
    assert reveals == 3 * 4 - 2
    order = []
    while head(s) == "pick_normal":
        order.append(s.current_player)
        s = do(s, "pick", s.current_player, card=s.legal_actions()[0]["card"])
    assert order == [0, 3, 2, 1, 1, 2, 3, 0]
    assert events(s, "leftovers")[-1].number("count") == 2


def test_leftover_characters_join_the_deck():
    """'EB-3.1-deck': unpicked offered characters join the deck; 'EB-3.1-table': undrawn ones stay out."""
    s = through_draft()
    assert s.data.deck.count("sp_mingyue") == 1 and "sp_tiebi" not in s.data.deck
    assert events(s, "off table")[0].clause == "EB-3.1-table"
    t = through_draft(variant={"leftover_characters": "all"})
    assert t.data.deck.count("sp_tiebi") == 1 and t.data.deck.count("n_monk") == 1


def test_ritual_puts_self_face_down_and_one_summon_up():
    """'EB-1.1.3-ritual', 'EB-1.1.3-hp', 'EB-3.1-face-up'."""
    s = through_draft()
    assert s.current_player == 0 and {a["summon"] for a in s.legal_actions()} == {"n_swordsman", "n_archer"}
    s = do(s, "ritual", 0, summon="n_archer")
    seat = s.data.seats[0]
    assert [(c.card, c.face_up, c.is_self) for c in seat.chars] == [("sp_yanlong", False, True),
                                                                     ("n_archer", True, False)]
    assert seat.pool == ("n_swordsman",)
    assert [e.clause for e in s.events] == ["EB-1.1.3-ritual", "EB-3.1-face-up", "EB-1.1.3-hp"]
    assert s.events[-1].number("hp") == 8


def test_initial_cards_and_coins():
    """'EB-1.1.4-init': 4 cards each in turn and 5 coins; 'EB-1.1.4-limits'; 'EB-1.2-round' starts at the dealer."""
    s = do(do(through_draft(), "ritual", 0, summon="n_archer"), "ritual", 1, summon="n_guard")
    assert [s.data.seats[p].coins for p in (0, 1)] == [5, 5]
    assert events(s, "limits")[0].clause == "EB-1.1.4-limits"
    drawn = []
    while head(s) == "deal":
        drawn.append(s.data.tasks[0].player)
        s = do(s, "draw", CHANCE, card="eff_potion" if s.data.deck.count("eff_potion") else "atk_slash")
    assert drawn == [0] * 4 + [1] * 4
    assert events(s, "draw")[0].clause == "EB-1.1.4-init"
    assert events(s, "game start")[0].clause == "EB-1.2-round" and s.data.round == 1 and s.data.turn == 0
    assert s.data.seats[0].hand == ("eff_potion",) * 4 and len(s.data.seats[1].hand) == 4
    assert s.data.seats[0].summon_limit == 1
