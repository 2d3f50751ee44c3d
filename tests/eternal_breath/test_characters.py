"""§3.2 角色机制 and §1.3–1.4: prepare, summon, dying, rescue, death, replacement, defeat, loss, victory."""

from __future__ import annotations

import pytest

import explorer
from explorer import IllegalAction, new_game
from explorer.games.eternal_breath.scenarios import ATTACKER

from .helpers import card, do, events, head, hp, last, pass_rescues, roll, seat, state

DUMMY = "scn-normal-0-1"   # a 1-HP summon: any hit leaves it dying


def kill(s, target=DUMMY, seat_=1, die=6, by=ATTACKER, cards=("atk_thunder",), rescue=False):
    """Attack ``target`` for at least its HP; unless ``rescue``, every player then declines to rescue it."""
    s = do(s, "attack", 0, by=by, cards=cards, seat=seat_, target=target)
    s = roll(s, die)
    s = roll(do(s, "block", seat_, card=""), 1)
    return s if rescue else pass_rescues(s)


def test_prepare_any_number_of_normal_characters():
    """'EB-3.2-prepare' and 'EB-1.2.4-prepare-any': hand → pool, as many as wished."""
    s = state(seat(hand=("n_guard", "n_monk", "sp_yanlong", "atk_slash")), seat())
    s = do(do(s, "prepare", 0, card="n_guard"), "prepare", 0, card="n_monk")
    assert s.data.seats[0].pool == ("n_guard", "n_monk")
    assert [e.clause for e in events(s, "prepare")] == ["EB-3.2-prepare"] * 2


def test_special_characters_are_self_characters_and_normals_are_summons():
    """'EB-2.1.1-special' (not preparable, EB-A18) and 'EB-2.1.2-normal'; after setup every self
    character is special and every summon normal."""
    s = state(seat(hand=("sp_yanlong", "atk_slash")), seat())
    for c, clause in (("sp_yanlong", "EB-2.1.1-special"), ("atk_slash", "EB-2.1.2-normal")):
        with pytest.raises(IllegalAction) as err:
            do(s, "prepare", 0, card=c)
        assert err.value.clause == clause
    t = new_game("eternal_breath", 3)
    while t.data.phase == "setup":
        t = t.apply(t.legal_actions()[0])
    for s_ in t.data.seats:
        assert card(s_.chars[0].card).kind == "special" and card(s_.chars[1].card).kind == "normal"
        assert card(s_.pool[0]).kind == "normal"


def test_summon_from_the_pool_once_a_turn_within_the_limit():
    """'EB-3.2-summon', 'EB-1.2.4-summon-once', 'EB-3.2-summon-limit'."""
    s = state(seat(pool=("n_guard", "n_monk"), summon_limit=2), seat())
    s = do(s, "summon", 0, card="n_guard")
    assert [c.card for c in s.data.seats[0].chars] == ["sp_lingxi", "n_guard"]
    assert last(s, "summon").clause == "EB-3.2-summon" and last(s, "summon").number("hp") == 12
    with pytest.raises(IllegalAction) as err:
        do(s, "summon", 0, card="n_monk")
    assert err.value.clause == "EB-1.2.4-summon-once"
    full = state(seat(summons=("n_archer",), pool=("n_guard",)), seat())
    with pytest.raises(IllegalAction) as err:
        do(full, "summon", 0, card="n_guard")
    assert err.value.clause == "EB-3.2-summon-limit"


def test_dying_character_rescued_by_an_instant_heal():
    """'EB-3.2-dying' at 0 or less; 'EB-3.2-rescue' by any player's instant heal card."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_slash",)), seat(summons=(DUMMY,), hand=("eff_potion",)))
    s = kill(s, die=1, cards=("atk_slash",), rescue=True)
    assert last(s, "dying").clause == "EB-3.2-dying" and hp(s, 1, DUMMY) <= 0
    assert s.current_player == 0 and head(s) == "rescue"    # EB-A20: P0 is asked too, with no heal card
    assert [a.kind for a in s.legal_actions()] == ["pass"]
    s = do(do(s, "pass", 0), "rescue", 1, card="eff_potion")
    assert last(s, "rescue").clause == "EB-3.2-rescue" and last(s, "saved").clause == "EB-3.2-rescue"
    assert hp(s, 1, DUMMY) == 1 and head(s) == "play"


def test_rescue_is_offered_from_the_player_to_move_in_order():
    """'EB-3.2-conflict-turn-order' / EB-A09: the attacker (to move) is asked first, then the others in seat
    order, holders of a heal card or not (EB-A20); when all have passed in a row the character dies."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_thunder", "eff_potion")), seat(summons=(DUMMY,)),
              seat(hand=("eff_elixir",)))
    s = kill(s, rescue=True)
    asked = []
    while head(s) == "rescue":
        asked.append(s.current_player)
        s = do(s, "pass", s.current_player)
    assert asked == [0, 1, 2] and last(s, "death").clause == "EB-3.2-death"


def test_a_dying_character_may_receive_several_heal_cards():
    """'EB-3.2-rescue' (任意玩家使用立即恢复类效果卡, EB-A09): no limit of one heal card per player. A 1-HP
    summon hit for 9 is at -8: P1 uses two potions (-5, then -2), P2 an elixir (3): saved."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_thunder",)), seat(summons=(DUMMY,), hand=("eff_potion",) * 2),
              seat(hand=("eff_elixir",)))
    s = kill(s, rescue=True)
    assert hp(s, 1, DUMMY) == -8 and head(s) == "rescue"
    s = do(do(s, "pass", 0), "rescue", 1, card="eff_potion")
    assert s.current_player == 1 and hp(s, 1, DUMMY) == -5        # still dying: P1 is asked again
    s = do(s, "rescue", 1, card="eff_potion")
    assert s.current_player == 1 and hp(s, 1, DUMMY) == -2
    s = do(do(s, "pass", 1), "rescue", 2, card="eff_elixir")
    assert hp(s, 1, DUMMY) == 1 and last(s, "saved").clause == "EB-3.2-rescue" and head(s) == "play"
    assert [e.actor for e in events(s, "rescue")] == [1, 1, 2] and not events(s, "death")


def test_after_a_heal_that_does_not_save_the_others_are_asked_again():
    """'EB-3.2-rescue' (EB-A09): P0 passed before P1's potion left the summon still dying; P0 is asked again
    and may now save it; only a full round of passes in a row lets the character die."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_thunder", "eff_elixir")), seat(summons=(DUMMY,),
                                                                                 hand=("eff_potion",)))
    s = do(do(kill(s, rescue=True), "pass", 0), "rescue", 1, card="eff_potion")
    assert hp(s, 1, DUMMY) == -5
    s = do(s, "pass", 1)
    assert s.current_player == 0 and head(s) == "rescue"
    s = do(s, "rescue", 0, card="eff_elixir")
    assert hp(s, 1, DUMMY) == 0 and s.current_player == 0           # at 0 it is still dying (EB-3.2-dying)
    s = pass_rescues(s)
    assert last(s, "death").clause == "EB-3.2-death" and DUMMY in s.data.destroyed


def test_heal_never_exceeds_max_hp():
    """'EB-3.2-heal'."""
    s = state(seat(summons=(("n_guard", 11),), hand=("eff_elixir",)), seat())
    s = do(s, "effect", 0, card="eff_elixir", seat=0, target="n_guard")
    assert hp(s, 0, "n_guard") == 12 and last(s, "heal").number("healed") == 1
    assert last(s, "heal").clause == "EB-3.2-heal"


def test_death_then_replacement_from_the_pool():
    """'EB-3.2-death', 'EB-3.2-leave' (to the destroyed pile), 'EB-3.2-replace'."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_thunder",)), seat(summons=(DUMMY,), pool=("n_monk",)))
    s = kill(s)
    assert last(s, "death").clause == "EB-3.2-death" and last(s, "leave").clause == "EB-3.2-leave"
    assert DUMMY in s.data.destroyed and s.current_player == 1 and head(s) == "replace"
    s = do(s, "replace", 1, card="n_monk")
    assert last(s, "summon").clause == "EB-3.2-replace"
    assert [c.card for c in s.data.seats[1].chars] == ["sp_lingxi", "n_monk"] and head(s) == "play"


def test_forced_declaration_when_the_pool_is_empty():
    """'EB-3.2-forced-declare': a summon died, the pool is empty, the self character never face up."""
    s = kill(state(seat(summons=(ATTACKER,), hand=("atk_thunder",)), seat("sp_tiebi", summons=(DUMMY,))))
    ev = last(s, "declaration")
    assert ev.clause == "EB-3.2-forced-declare" and s.data.seats[1].chars[0].face_up


def test_destroyed_pile_takes_discarded_characters():
    """'EB-3.1-destroyed': a character card discarded from the hand leaves the game."""
    hand = ("n_guard",) + ("atk_slash",) * 6
    s = do(do(state(seat(hand=hand), seat()), "end_play", 0), "discard", 0, card="n_guard")
    assert s.data.destroyed == ("n_guard",) and "n_guard" not in s.data.discard
    assert last(s, "destroyed").clause == "EB-3.1-destroyed"


def self_kill(players=2, variant=None):
    others = [seat(f"sp_{n}", self_up=True, summons=("n_guard",)) for n in ("yanlong", "fengyin", "yingwu",
                                                                          "huiguang")][:players - 2]
    s = state(seat(summons=(ATTACKER,), hand=("atk_thunder",)),
              seat("sp_tiebi", self_up=True, self_hp=1, hand=("def_guard",), pool=("n_monk",), coins=7),
              *others, variant=variant)
    return kill(s, target="sp_tiebi")


def test_killing_a_self_character_defeats_its_player():
    """'EB-1.3-loss', 'EB-1.3-loser-cards', 'EB-3.1-bank', 'EB-3.2-defeat', 'EB-3.2-summon-limit',
    'EB-1.4-victory' (2 players: 1 left)."""
    s = self_kill()
    for kind, clause in (("loss", "EB-1.3-loss"), ("loser cards", "EB-1.3-loser-cards"),
                         ("coins to bank", "EB-3.1-bank"), ("defeat", "EB-3.2-defeat"),
                         ("summon limit", "EB-3.2-summon-limit"), ("victory", "EB-1.4-victory")):
        assert last(s, kind).clause == clause
    loser = s.data.seats[1]
    assert not loser.alive and loser.coins == 0 and loser.hand == () and loser.pool == ()
    assert {"def_guard", "n_monk"} <= set(s.data.discard)
    assert s.data.seats[0].summon_limit == 2 and s.is_terminal and s.winners == (0,)


def test_three_players_go_on_and_the_limit_is_the_killers():
    """'EB-3.2-summon-limit' (EB-A06: the killer's), 'EB-1.4-victory' not yet with 2 of 3 left."""
    s = self_kill(3)
    assert not s.is_terminal and s.data.seats[0].summon_limit == 2 and s.data.seats[2].summon_limit == 1
    t = self_kill(3, {"summon_limit_after_defeat": "everyone"})
    assert t.data.seats[2].summon_limit == 2


def test_five_players_end_with_two_left():
    """'EB-1.4-victory': with 5–6 players the last 2 win."""
    assert not self_kill(5).is_terminal
    out = explorer.evolve(seat(), alive=False, chars=())
    t = state(seat(summons=(ATTACKER,), hand=("atk_thunder",)), seat("sp_tiebi", self_up=True, self_hp=1),
              seat(summons=("n_guard",)), out, out)
    t = kill(t, target="sp_tiebi")
    assert t.is_terminal and t.winners == (0, 2)


def test_loser_characters_can_go_to_the_destroyed_pile_with_the_switch():
    """EB-A17 switch loser_characters = destroyed ('EB-1.3-loser-cards')."""
    s = self_kill(variant={"loser_characters": "destroyed"})
    assert "n_monk" in s.data.destroyed and "n_monk" not in s.data.discard
