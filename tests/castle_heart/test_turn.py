"""战斗回合: the four phases, the one 剑 attack, 愈, blocking, command and discard."""

from __future__ import annotations

import pytest

from explorer import CANCELLED, CHANCE, IllegalAction
from explorer.games.castle_heart.life import heal
from explorer.games.castle_heart.records import HERO

from .helpers import a, change, clauses, events, hero_seat, soldier, step, table


def three(**kw):
    """Lord (seat 0, Levi 4 HP) and two enemies; seats 1 and 2 are both at distance 1."""
    lord = hero_seat("lord", "black_knight", hand=kw.pop("hand0", ()))
    enemy = hero_seat("enemy", "berserker", hand=kw.pop("hand1", ()), soldiers=kw.pop("sold1", ()))
    return table(lord, enemy, hero_seat("enemy", "saint", hand=kw.pop("hand2", ())), **kw)


def test_the_turn_passes_clockwise_through_four_phases():
    """'CH-turn-four-phases', 'CH-turn-order', 'CH-turn-draw': the next hero clockwise draws 2."""
    s = three(active=2)
    s = step(s, "end_play", 2)
    assert "CH-turn-four-phases" in clauses(s) and "CH-turn-draw" in clauses(s)
    assert s.data.active == 0 and s.data.round == 2 and s.current_player == CHANCE and s.data.draws == (0, 0)
    s = step(step(s, "draw", CHANCE, card="sword"), "draw", CHANCE, card="heal")
    assert s.data.seats[0].hand == ("heal", "sword") and s.current_player == 0 and s.data.phase == "play"


def test_one_sword_attack_per_turn():
    """'CH-turn-play-one-sword': one 剑 attack a turn; a second is refused and nothing changes."""
    s = three(hand0=("sword", "sword"))
    s = step(s, "attack", 0, target=1, member=HERO, pay="sword")
    assert events(s, "CH-turn-play-one-sword", "attack") and s.current_player == 1
    s = step(s, "take_hit", 1)
    assert s.data.seats[1].hp == 3 and s.data.seats[0].hand == ("sword",)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(a("attack", 0, target=2, member=HERO, pay="sword"))
    assert err.value.clause == "CH-turn-play-one-sword" and s.to_json() == before


def test_an_attacked_hero_may_block_with_a_sword():
    """'CH-turn-block': the target spends one 剑 and the normal attack is cancelled."""
    s = step(three(hand0=("sword",), hand1=("sword",)), "attack", 0, target=1, member=HERO, pay="sword")
    assert set(s.legal_actions()) == {a("block", 1), a("take_hit", 1)}
    s = step(s, "block", 1)
    (e,) = events(s, "CH-turn-block")
    assert e.outcome == CANCELLED and s.data.seats[1].hp == 4 and s.data.seats[1].hand == ()


def test_an_attacked_soldier_cannot_block():
    """'CH-turn-soldiers-cannot-block': an attack on a soldier lands at once; a block by a soldier is refused."""
    s = three(hand0=("sword",), hand1=("sword",), sold1=(soldier("knight"),))
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(a("block", 1, soldier=0))
    assert err.value.clause == "CH-turn-soldiers-cannot-block" and s.to_json() == before
    s = step(s, "attack", 0, target=1, member=0, pay="sword")
    assert s.current_player == 0 and s.data.seats[1].soldiers[0].hp == 2


def test_heal_restores_own_hp_up_to_the_start():
    """'CH-turn-play-heal': 愈 restores 1 of the hero's own HP; 'CH-max-hp': never above the start (CH-A06)."""
    s = table(hero_seat("lord", hp=2, hand=("heal", "heal", "heal")), hero_seat("enemy"), hero_seat("enemy"))
    s = step(s, "heal", 0, target=0)
    assert events(s, "CH-turn-play-heal")[0].number("hp") == 3
    s = step(s, "heal", 0, target=0)
    assert s.data.seats[0].hp == 4 and a("heal", 0, target=0) not in s.legal_actions()

    class Log:
        def __init__(self):
            self.kinds = []

        def emit(self, kind, clause, **kw):
            self.kinds.append(clause)
            return len(self.kinds)

    log = Log()
    d = heal(s.data, 1, 5, 1, None, "CH-turn-play-heal", log)
    assert d.seats[1].hp == d.seats[1].max_hp and "CH-max-hp" in log.kinds


def test_magic_equipment_and_heal_have_no_limit():
    """'CH-turn-play-unlimited': several equipment and magic cards and 愈 in one turn."""
    s = table(hero_seat("lord", hp=3, hand=("heal", "knight_armour", "pegasus", "horn", "swift")),
              hero_seat("enemy"), hero_seat("enemy"))
    s = step(s, "equip", 0, card="knight_armour")
    s = step(s, "equip", 0, card="pegasus")
    s = step(s, "magic", 0, card="swift", target=None, what=None)
    s = step(step(s, "let_pass", 1), "let_pass", 2)
    s = step(s, "heal", 0, target=0)
    assert s.data.seats[0].equipment == ("knight_armour", "pegasus") and s.data.swift
    assert a("magic", 0, card="horn", target=None, what=None) in s.legal_actions()


def test_command_one_target_group_and_soldiers_first():
    """'CH-turn-command' and 'CH-fragment-one-target': every soldier attacks the one chosen group;
    'CH-attack-soldiers-first': while the group has soldiers, soldiers may not attack its hero."""
    s = table(hero_seat("lord", soldiers=(soldier("knight"), soldier("lynx"))),
              hero_seat("enemy", soldiers=(soldier("knight"),)), hero_seat("enemy"))
    s = step(s, "end_play", 0)
    commands = {a("command", 0, target=t) for t in (1, 2, None)}
    assert set(s.legal_actions()) == commands
    s = step(s, "command", 0, target=1)
    assert events(s, "CH-fragment-one-target")
    assert s.legal_actions() == (a("soldier_attack", 0, member=0),)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(a("soldier_attack", 0, member=HERO))
    assert err.value.clause == "CH-attack-soldiers-first" and s.to_json() == before
    s = step(s, "soldier_attack", 0, member=0)  # the knight charges at distance 1: 2 damage
    assert events(s, "CH-soldier-knight-charge", "damage")[0].number("damage") == 2
    s = step(s, "soldier_attack", 0, member=0)  # the lynx finishes the knight
    assert events(s, "CH-soldier-falls") and s.data.seats[1].soldiers == ()


def test_remaining_soldiers_are_done_when_the_target_hero_falls():
    """'CH-turn-command-target-falls': once the target hero is down, the other soldiers do not attack."""
    s = table(hero_seat("lord", soldiers=(soldier("knight"), soldier("knight"))), hero_seat("enemy", hp=2),
              hero_seat("enemy"))
    s = step(step(s, "end_play", 0), "command", 0, target=1)
    s = step(step(s, "soldier_attack", 0, member=HERO), "take_hit", 1)
    assert events(s, "CH-turn-command-target-falls") and s.data.seats[1].hp == 0
    assert s.data.phase == "rescue"


def test_discard_down_to_current_hp():
    """'CH-turn-discard': keep no more cards than current HP."""
    s = table(hero_seat("lord", hp=2, hand=("sword", "sword", "heal", "mana")), hero_seat("enemy"),
              hero_seat("enemy"))
    s = step(s, "end_play", 0)
    assert s.data.phase == "discard"
    assert set(s.legal_actions()) == {a("discard", 0, card=c) for c in ("heal", "mana", "sword")}
    s = step(step(s, "discard", 0, card="mana"), "discard", 0, card="sword")
    assert events(s, "CH-turn-discard") and s.data.seats[0].hand == ("heal", "sword") and s.data.active == 1


def test_a_neutral_declares_at_the_start_of_its_turn():
    """'CH-neutral-declare': first thing in its turn, publicly; it may switch back later (CH-A35)."""
    s = table(hero_seat("lord"), hero_seat("reinforcement"), hero_seat("neutral", hand=("heal",), hp=3),
              hero_seat("enemy"), hero_seat("enemy"), hero_seat("enemy"), active=2)
    assert a("declare", 2, camp="enemy") in s.legal_actions()
    s = step(s, "declare", 2, camp="enemy")
    (e,) = events(s, "CH-neutral-declare")
    assert e.private_to is None and s.data.seats[2].declared == "enemy"
    s = step(s, "heal", 2, target=2)
    assert not any(x.kind == "declare" for x in s.legal_actions())


def test_an_empty_deck_is_refilled_from_the_discard_pile():
    """'CH-deck-reshuffle' (CH-A17)."""
    s = three(active=2, deck={})
    s = step(change(s, discard=s.data.discard.add("sword", 4)), "end_play", 2)
    assert events(s, "CH-deck-reshuffle")[0].number("cards") == 4 and len(s.data.deck) == 4


def test_a_neutral_declares_once_a_turn():
    """'CH-neutral-declare': one declaration, at the start of the turn — never a flip-flop loop."""
    s = table(hero_seat("lord"), hero_seat("reinforcement"), hero_seat("neutral"), hero_seat("enemy"),
              hero_seat("enemy"), hero_seat("enemy"), active=2)
    s = step(s, "declare", 2, camp="reinforcement")
    assert not any(x.kind == "declare" for x in s.legal_actions())


def test_malformed_actions_are_refused_by_name_not_by_crash():
    """Any action that is not legal raises IllegalAction naming a clause, whatever its parameters."""
    s = table(hero_seat("lord", soldiers=(soldier("knight"),), hand=("sword",)), hero_seat("enemy"),
              hero_seat("enemy"))
    bad_actions = (a("attack", 0, target="x", member=HERO, pay="sword"),
                   a("attack", 0, target=9, member=HERO, pay="sword"),
                   a("attack", 0, target=1, member=HERO, pay="gold"),
                   a("attack", 1, target=0, member=HERO, pay="sword"),
                   a("deploy", 0, soldier=None), a("heal", 0, target=0))
    for bad in bad_actions:
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.clause.startswith("CH-")
    s = step(step(s, "end_play", 0), "command", 0, target=1)
    with pytest.raises(IllegalAction) as err:
        s.apply(a("soldier_attack", 0, member="x"))
    assert err.value.clause == "CH-turn-command"


def test_a_refused_heal_or_wand_names_its_own_rule():
    """'CH-turn-play-heal' needs a 愈; 'CH-max-hp' at full HP; 'CH-death-heal-dying' only for the dying;
    'CH-equip-lightning-wand' needs the wand and 3 魔."""
    s = table(hero_seat("lord", hand=("heal", "mana")), hero_seat("enemy"), hero_seat("enemy"))
    cases = ((a("heal", 0, target=0), "CH-max-hp"), (a("heal", 0, target=1), "CH-death-heal-dying"),
             (a("lightning", 0, target=1, member=HERO), "CH-equip-lightning-wand"))
    for bad, clause in cases:
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.clause == clause
    empty = table(hero_seat("lord", hp=2), hero_seat("enemy"), hero_seat("enemy"))
    with pytest.raises(IllegalAction) as err:
        empty.apply(a("heal", 0, target=0))
    assert err.value.clause == "CH-turn-play-heal"
