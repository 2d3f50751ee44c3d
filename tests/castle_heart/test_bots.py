"""The bots: random and greedy, offered by Game.bots(); the greedy one plays to its faction's goal."""

from __future__ import annotations

import explorer
from explorer.games.castle_heart.bots import GreedyBot

from .helpers import HERO, a, hero_seat, table


def test_the_game_offers_both_bots():
    assert list(explorer.get_game("castle_heart").bots()) == ["random", "greedy", "tactical", "strong"]  # the ladder


def test_greedy_games_reach_the_end_at_every_table_size():
    """Bots alone pass the simulation limits explicitly (CH-A14): every game then ends."""
    game = explorer.get_game("castle_heart")
    for players in range(3, 9):
        final = explorer.play_out(explorer.new_game("castle_heart", players, game.bounded_variant(players)),
                                  GreedyBot(), seed=players)
        assert final.is_terminal and final.variant["round_cap"] == 20


def test_an_enemy_attacks_the_lord_and_never_a_fellow():
    """'CH-goal-enemy': the greedy enemy aims at the lord when it can reach him."""
    import random

    s = table(hero_seat("lord"), hero_seat("enemy", hand=("sword",)), hero_seat("enemy"), active=1)
    pick = GreedyBot().choose(s, random.Random(0))
    assert pick == a("attack", 1, target=0, member=HERO, pay="sword")


def test_the_lord_does_not_heal_a_dying_enemy():
    """'CH-goal-lord': the lord's greedy bot never gives 愈 to a revealed enemy."""
    import random

    s = table(hero_seat("lord", hand=("heal",)), hero_seat("enemy", hp=0, revealed=True), hero_seat("enemy"),
              phase="rescue", queue=(0, 1, 2), dying=(1,))
    for seed in range(5):
        assert GreedyBot().choose(s, random.Random(seed)) == a("rescue", 0, target=None)
