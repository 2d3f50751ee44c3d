"""英雄死亡, rewards and penalties for each pair of killer and victim, and the end of the game."""

from __future__ import annotations

import pytest

import explorer
from explorer import IllegalAction

from .helpers import HERO, a, draw_all, events, hero_seat, soldier, step, table, with_seat


def pass_rescues(s):
    """Everyone asked at the end of the turn gives no 愈."""
    while s.data.phase == "rescue":
        s = step(s, "rescue", s.current_player, target=None)
    return s


def kill(s, killer, victim):
    """``killer`` (whose turn it is) brings ``victim`` (at 1 HP) down with a 剑 and ends its turn."""
    s = with_seat(s, killer, hand=("sword",))
    s = step(step(s, "attack", killer, target=victim, member=HERO, pay="sword"), "take_hit", victim)
    return pass_rescues(step(s, "end_play", killer))


def five(*identities, hp=None):
    """Five seats with these identities; seat ``i`` at ``hp[i]`` HP. Seats 0 and 1, 1 and 2 are neighbours."""
    hp = hp or {}
    return table(*(hero_seat(x, "black_knight", hp=hp.get(i)) for i, x in enumerate(identities)))


def test_dying_at_zero_and_healed_back_to_one():
    """'CH-death-dying' at 0 or below; 'CH-death-heal-dying' each 愈 restores 1; 'CH-death-revive' at 1."""
    s = five("lord", "enemy", "reinforcement", "enemy", "enemy", hp={1: 1})
    s = step(step(with_seat(s, 0, hand=("sword", "heal")), "attack", 0, target=1, member=HERO, pay="sword"),
             "take_hit", 1)
    assert events(s, "CH-death-dying") and s.data.seats[1].hp == 0 and s.data.seats[1].killer == 0
    s = step(s, "heal", 0, target=1)
    assert events(s, "CH-death-heal-dying") and events(s, "CH-death-revive") and s.data.seats[1].killer == -1


def test_not_back_to_one_by_the_end_of_the_turn_the_hero_dies():
    """'CH-death-end-of-turn': everyone is asked for 愈 (CH-A18); nobody gives one, the hero dies, shown."""
    s = five("lord", "reinforcement", "reinforcement", "enemy", "enemy", hp={1: 1})
    s = step(step(with_seat(s, 0, hand=("sword",)), "attack", 0, target=1, member=HERO, pay="sword"), "take_hit", 1)
    s = step(s, "end_play", 0)
    assert s.data.phase == "rescue" and [x for x in s.data.queue] == [0, 1, 2, 3, 4]
    s = with_seat(s, 2, hand=("heal",))
    s = step(step(s, "rescue", 0, target=None), "rescue", 1, target=None)
    assert a("rescue", 2, target=1) in s.legal_actions()
    saved = step(s, "rescue", 2, target=1)
    assert saved.data.seats[1].alive and saved.data.seats[1].hp == 1
    dead = pass_rescues(s)
    (e,) = events(dead, "CH-death-end-of-turn")
    assert e.number("identity") == "reinforcement" and not dead.data.seats[1].alive and dead.data.seats[1].revealed


def test_soldiers_of_the_dead_may_join_the_same_side_within_leadership():
    """'CH-death-soldiers-join': only a hero of the same side may take them, up to its leadership."""
    s = table(hero_seat("lord", "black_knight", soldiers=(soldier("knight"),)),
              hero_seat("enemy", hp=1, soldiers=(soldier("lynx"), soldier("knight"))),
              hero_seat("enemy", "saint", soldiers=(soldier("lynx"),)), hero_seat("reinforcement"),
              hero_seat("enemy"))
    s = with_seat(s, 0, hand=("sword",), equipment=("great_sword",))
    s = step(step(s, "attack", 0, target=1, member=HERO, pay="sword"), "take_hit", 1)
    s = step(s, "follow_up", 0, member=None)
    s = draw_all(pass_rescues(step(step(s, "end_play", 0), "command", 0, target=None)))
    assert s.data.phase == "join" and s.current_player == 2
    assert set(s.legal_actions()) == {a("join", 2, soldier=0), a("join", 2, soldier=1), a("join", 2, soldier=None)}
    s = step(s, "join", 2, soldier=1)
    assert events(s, "CH-death-soldiers-join") and [x.kind for x in s.data.seats[2].soldiers] == ["lynx", "knight"]
    assert s.current_player == 3 and s.legal_actions() == (a("join", 3, soldier=None),)


def test_anyone_who_kills_an_enemy_draws_three():
    """'CH-reward-kill-enemy', also for a neutral declared enemy."""
    s = kill(five("lord", "enemy", "reinforcement", "enemy", "enemy", hp={1: 1}), 0, 1)
    assert events(s, "CH-reward-kill-enemy")[0].actor == 0 and s.data.draws == (0, 0, 0)
    n = five("lord", "neutral", "reinforcement", "enemy", "enemy", "enemy", hp={1: 1})
    n = kill(with_seat(n, 1, declared="enemy"), 0, 1)
    assert events(n, "CH-reward-kill-enemy")


def test_an_enemy_who_kills_a_reinforcement_draws_three():
    """'CH-reward-enemy-kills-reinforcement', also for a neutral declared reinforcement."""
    s = kill(five("enemy", "reinforcement", "lord", "enemy", "enemy", hp={1: 1}), 0, 1)
    assert events(s, "CH-reward-enemy-kills-reinforcement") and s.data.draws[:3] == (0, 0, 0)


def test_a_lord_who_kills_a_reinforcement_loses_hand_and_equipment():
    """'CH-penalty-lord-kills-reinforcement'."""
    s = five("lord", "reinforcement", "enemy", "enemy", "enemy", hp={1: 1})
    s = with_seat(s, 0, equipment=("pegasus",))
    s = with_seat(s, 0, hand=("sword", "heal"))
    s = step(step(s, "attack", 0, target=1, member=HERO, pay="sword"), "take_hit", 1)
    s = pass_rescues(step(s, "end_play", 0))
    assert events(s, "CH-penalty-lord-kills-reinforcement")
    assert s.data.seats[0].hand == () and s.data.seats[0].equipment == ()


def test_no_reward_for_a_reinforcement_killing_one_or_a_neutral_killed():
    """'CH-reward-none'."""
    s = kill(five("reinforcement", "reinforcement", "lord", "enemy", "enemy", hp={1: 1}), 0, 1)
    assert events(s, "CH-reward-none") and 0 not in s.data.draws
    n = kill(table(*(hero_seat(x, "black_knight", hp=1 if i == 1 else None)
                     for i, x in enumerate(("enemy", "neutral", "lord", "reinforcement", "enemy", "enemy")))), 0, 1)
    assert events(n, "CH-reward-none") and 0 not in n.data.draws


def test_the_lord_dies_the_game_ends_and_the_enemies_win():
    """'CH-end-lord-dies' and 'CH-goal-enemy': every enemy wins, alive or not (CH-A20)."""
    s = kill(five("enemy", "lord", "reinforcement", "enemy", "enemy", hp={1: 1}), 0, 1)
    assert events(s, "CH-end-lord-dies") and s.is_terminal and s.winners == (0, 3, 4)
    assert events(s, "CH-goal-enemy")


def test_the_lords_death_ends_the_game_before_anyone_is_asked_to_take_its_soldiers():
    """'CH-end-lord-dies' 「城主被消灭，游戏结束」: no 'CH-death-soldiers-join' step after the lord falls, though
    a reinforcement has room under its leadership for the lord's soldiers."""
    seats = (hero_seat("enemy", "black_knight"), hero_seat("lord", hp=1, soldiers=(soldier("knight"), soldier("lynx"))),
             hero_seat("reinforcement"), hero_seat("enemy"), hero_seat("enemy"))
    s = kill(table(*seats), 0, 1)
    room = s.data.seats[2]
    assert len(room.soldiers) < room.leadership and room.alive  # someone who could have been asked
    assert s.is_terminal and s.legal_actions() == () and s.data.phase != "join"
    assert [e.clause for e in s.log if e.kind in ("death", "lord falls", "game over", "join")] == [
        "CH-death-end-of-turn", "CH-end-lord-dies", "CH-goal-enemy"]
    assert s.winners == tuple(i for i, x in enumerate(seats) if s.data.seats[i].identity == "enemy")
    # the same table with a reinforcement dying instead: its soldiers are offered, the game goes on
    s = kill(table(hero_seat("enemy", "black_knight"), hero_seat("reinforcement", hp=1, soldiers=(soldier("knight"),)),
                   hero_seat("lord"), hero_seat("enemy"), hero_seat("enemy")), 0, 1)
    assert not s.is_terminal


def test_the_lord_and_an_enemy_falling_at_one_turns_end_die_together_and_nobody_is_asked_after():
    """'CH-end-lord-dies' 「城主被消灭，游戏结束」 with 'CH-death-end-of-turn' (CH-A43, issue 34): an enemy with a
    soldier (dying before the turn) and the lord (brought down this turn) fall at the same turn's end; the enemy comes
    first in turn order and its ally has room for the soldier, yet every rescue is asked first, then both die and the
    game ends: nobody is asked to take the soldier."""
    seats = (hero_seat("enemy", "black_knight"), hero_seat("enemy", hp=0, soldiers=(soldier("knight"),)),
             hero_seat("reinforcement"), hero_seat("enemy"), hero_seat("lord", hp=1))
    s = kill(table(*seats), 0, 4)
    assert len(s.data.seats[0].soldiers) < s.data.seats[0].leadership  # the ally who was asked before
    assert s.is_terminal and not any(e.kind == "join" for e in s.log)
    shown = [(e.kind, e.targets) for e in s.log if e.kind in ("death", "lord falls", "game over")]
    assert shown == [("death", (1,)), ("death", (4,)), ("lord falls", (4,)), ("game over", (0, 1, 3))]
    assert s.winners == (0, 1, 3)


def test_only_undeclared_neutrals_left_when_the_lord_falls_win():
    """'CH-goal-neutral': staying neutral and the last faction standing."""
    s = table(hero_seat("neutral", "black_knight"), hero_seat("lord", hp=1), hero_seat("reinforcement"),
              hero_seat("enemy"), hero_seat("enemy"), hero_seat("enemy"))
    for dead in (2, 3, 4, 5):
        s = with_seat(s, dead, alive=False)
    s = kill(s, 0, 1)
    assert s.is_terminal and s.winners == (0,) and events(s, "CH-goal-neutral")


def test_every_enemy_dead_the_lord_and_reinforcements_win():
    """'CH-goal-lord' and 'CH-goal-reinforcement' through 'CH-end-lord-dies'' twin: all enemies eliminated."""
    s = five("lord", "enemy", "reinforcement", "enemy", "enemy", hp={1: 1})
    for dead in (3, 4):
        s = with_seat(s, dead, alive=False)
    s = kill(s, 0, 1)
    assert s.is_terminal and s.winners == (0, 2) and events(s, "CH-goal-lord")


def test_with_every_enemy_dead_a_neutral_joins_or_turns_enemy():
    """'CH-end-enemies-dead-neutral-choice': joining ends the game; refusing makes it an enemy."""
    s = table(hero_seat("lord", "black_knight"), hero_seat("enemy", hp=1), hero_seat("reinforcement"),
              hero_seat("neutral"), hero_seat("enemy"), hero_seat("enemy"))
    for dead in (4, 5):
        s = with_seat(s, dead, alive=False)
    s = draw_all(kill(s, 0, 1))
    assert s.data.phase == "neutral_choice" and s.current_player == 3
    joined = step(s, "neutral_choice", 3, join=True)
    assert joined.is_terminal and joined.winners == (0, 2) and events(joined, "CH-goal-reinforcement")
    refused = step(s, "neutral_choice", 3, join=False)
    assert not refused.is_terminal and refused.data.seats[3].identity == "enemy" and refused.data.seats[3].revealed
    assert draw_all(refused).data.active == 2


def test_a_neutral_declared_reinforcement_ends_the_game_with_the_enemies():
    """'CH-end-neutral-as-reinforcement'."""
    s = table(hero_seat("lord", "black_knight"), hero_seat("enemy", hp=1), hero_seat("reinforcement"),
              hero_seat("neutral", declared="reinforcement"), hero_seat("enemy"), hero_seat("enemy"))
    for dead in (4, 5):
        s = with_seat(s, dead, alive=False)
    s = kill(s, 0, 1)
    assert s.is_terminal and events(s, "CH-end-neutral-as-reinforcement") and 3 not in s.winners


def test_the_round_cap_is_off_by_default_and_hands_nobody_a_win():
    """'CH-round-cap' (CH-A14): a person's game has no cap; with the simulations' cap the game stops, no winner."""
    game = explorer.get_game("castle_heart")
    assert explorer.new_game("castle_heart", 5).variant["round_cap"] == 0
    assert game.max_steps(5, game.resolve_variant({})) is None
    assert game.simulation_limits(5) == {"round_cap": 20}
    assert isinstance(game.max_steps(5, game.resolve_variant(game.bounded_variant(5))), int)
    seats = (hero_seat("lord"), hero_seat("enemy"), hero_seat("enemy"))
    uncapped = step(table(*seats, active=2, round=20), "end_play", 2)
    assert not uncapped.is_terminal and uncapped.data.round == 21 and not events(uncapped, "CH-round-cap")
    capped = step(table(*seats, active=2, round=20, variant={"round_cap": 20}), "end_play", 2)
    assert capped.is_terminal and capped.winners == () and events(capped, "CH-round-cap", "round cap")


def neutral_last_declared_enemy(variant=None):
    """Lord, reinforcement, and a neutral declared enemy at the start of its turn; the enemies are dead."""
    s = table(hero_seat("lord", "black_knight"), hero_seat("reinforcement"),
              hero_seat("neutral", declared="enemy", hand=("sword",)), hero_seat("enemy"), hero_seat("enemy"),
              active=2, variant=variant)
    for dead in (3, 4):
        s = with_seat(s, dead, alive=False)
    return s


def test_the_last_declared_enemy_turning_reinforcement_ends_the_game():
    """'CH-end-neutral-as-reinforcement' (CH-A41): 「中立在选择阵营为援军的时候，所有敌军被消灭，游戏结束」."""
    s = step(neutral_last_declared_enemy(), "declare", 2, camp="reinforcement")
    assert s.is_terminal and s.winners == (0, 1) and events(s, "CH-end-neutral-as-reinforcement")


def test_going_back_to_neutral_destroys_no_enemy_and_the_neutral_can_win():
    """'CH-goal-neutral' 「只有在保持中立身份并最终成为唯一存活的势力，才算胜利」 (CH-A41, issue 34): the last declared
    enemy going back to 中立 destroys nobody, so nobody is asked anything; it then brings the lord down, the last
    camp standing and still neutral, and wins."""
    s = with_seat(neutral_last_declared_enemy(), 1, alive=False)
    s = with_seat(step(s, "declare", 2, camp="neutral"), 0, hp=1)
    assert s.data.phase == "play" and s.current_player == 2 and s.data.seats[2].declared == ""
    s = kill(s, 2, 0)
    assert s.is_terminal and s.winners == (2,) and events(s, "CH-goal-neutral")


def test_with_any_side_change_the_last_declared_enemy_standing_neutral_is_asked_to_join():
    """'CH-end-enemies-dead-neutral-choice' (CH-A41, ``side_change_ends`` = ``any``): back to neutral with no enemy
    left, it joins or turns enemy."""
    s = step(neutral_last_declared_enemy({"side_change_ends": "any"}), "declare", 2, camp="neutral")
    assert s.data.phase == "neutral_choice" and s.current_player == 2
    joined = step(s, "neutral_choice", 2, join=True)
    assert joined.is_terminal and joined.winners == (0, 1) and events(joined, "CH-goal-reinforcement")
    refused = step(s, "neutral_choice", 2, join=False)
    assert not refused.is_terminal and refused.data.seats[2].identity == "enemy"
    assert refused.data.phase == "play"
    assert a("attack", 2, target=1, member=HERO, pay="sword") in refused.legal_actions()
    with pytest.raises(IllegalAction) as staying:
        step(neutral_last_declared_enemy(), "declare", 2, camp="enemy")
    assert staying.value.clause == "CH-neutral-declare"


def test_once_a_neutral_turns_enemy_the_others_are_not_asked():
    """'CH-end-enemies-dead-neutral-choice' (CH-A41): an enemy stands again, so the enemies are not all gone."""
    s = table(hero_seat("lord", "black_knight"), hero_seat("enemy", hp=1), hero_seat("reinforcement"),
              hero_seat("neutral"), hero_seat("neutral"), hero_seat("reinforcement"), hero_seat("enemy"))
    s = with_seat(s, 6, alive=False)
    s = draw_all(kill(s, 0, 1))
    assert s.data.phase == "neutral_choice" and s.data.queue == (3, 4)
    s = step(s, "neutral_choice", 3, join=False)
    assert s.data.phase != "neutral_choice" and not s.is_terminal and s.data.seats[4].identity == "neutral"


def test_a_dead_heros_soldiers_leave_its_seat():
    """'CH-death-soldiers-join': the survivors join someone or leave; none stay with the dead."""
    s = table(hero_seat("enemy", "black_knight"), hero_seat("reinforcement", hp=1, soldiers=(soldier("knight"),)),
              hero_seat("lord"), hero_seat("enemy"), hero_seat("enemy"))
    s = draw_all(kill(s, 0, 1))
    while s.data.phase == "join":
        s = step(s, "join", s.current_player, soldier=None)
    assert s.data.seats[1].soldiers == () and not s.data.seats[1].alive
