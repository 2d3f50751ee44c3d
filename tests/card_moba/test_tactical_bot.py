"""The MOBA's tactical bot (explorer/games/card_moba/bots.py, tactics.py): legal and finishing in whole seeded games,
reproducible with a seed, blind to what its seat cannot see, and choosing what the rules make best in small positions
(each cites the clauses that make it best). Strength against the greedy bot over hundreds of games is measured
outside the tests. 战术机器人：合法、可复现、只看本座位可见的信息，并在小局面中按规则作出最佳选择。"""

from __future__ import annotations

import random

import pytest

import explorer
from card_moba.helpers import h, hero, table
from explorer.games.card_moba import grid, tactics
from explorer.games.card_moba.bots import TacticalBot
from tests.bots.positions import positions

GAME = explorer.get_game("card_moba")


def whole_game(players: int, seed: int, bots=None) -> explorer.State:
    start = explorer.new_game("card_moba", players, GAME.bounded_variant(players))
    return explorer.play_out(start, bots or TacticalBot(), seed=seed)


def capped(end: explorer.State) -> bool:
    """The simulation's round cap ended the game (its game-over event carries ``round_cap``, MB-A15)."""
    return any("round_cap" in dict(e.numbers) for e in end.events)


def turn(state: explorer.State, seat: int = 0) -> explorer.State:
    """The bot plays ``seat``'s action phase to its end (no card is drawn in these positions)."""
    bot, rng = TacticalBot(), random.Random(0)
    while state.current_player == seat and state.data.phase == "action":
        state = state.apply(bot.choose(state, rng))
    return state


def test_registered_fourth_in_the_ladder():
    """Issue 33's ladder: random < greedy < tactical < strong."""
    assert list(GAME.bots()) == ["random", "greedy", "tactical", "strong"]
    assert GAME.bots()["tactical"] is TacticalBot and TacticalBot.name == "tactical"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_end_at_the_score_with_legal_actions(players):
    """Every seat tactical: each action passes State.apply's check, and the games end at the agreed winning score
    (MB-choice-4-score) rather than at the simulation's round cap (MB-A15), allowing one game of four."""
    ends = [whole_game(players, seed) for seed in range(4)]
    assert all(end.is_terminal and set(end.winners) <= set(range(players)) for end in ends)
    assert all(end.data.win_score == tactics.WIN_SCORE for end in ends)  # seat 0 speaks for the table (MB-A07)
    assert sum(capped(end) for end in ends) <= 1
    for end in ends:
        if not capped(end):
            assert max(x.score for x in end.data.heroes) >= end.data.win_score


def test_reproducible_with_a_seed():
    start = explorer.new_game("card_moba", 2, GAME.bounded_variant(2))
    a = list(explorer.play(start, TacticalBot(), seed=7, max_steps=400))
    b = list(explorer.play(start, TacticalBot(), seed=7, max_steps=400))
    assert [s.history[-1] for s in a] == [s.history[-1] for s in b]


@pytest.mark.parametrize("players", [2, 3])
def test_the_same_view_gives_the_same_choice_whatever_the_hidden_cards(players):
    """Two states the seat cannot tell apart (the others' hands and the deck redrawn by determinise): the same
    choice for each rng seed."""
    bot = TacticalBot()
    compared = acting = 0
    for n, state in enumerate(positions("card_moba", players, {}, games=2, every=3)):
        seat = state.current_player
        if seat < 0 or len(state.legal_actions()) < 2:
            continue
        for m in range(2):
            other = GAME.determinise(state, seat, random.Random(100 * n + m))
            assert other.view(seat) == state.view(seat)
            for k in range(2):
                choice = bot.choose(state, random.Random(k))
                assert choice == bot.choose(other, random.Random(k)), (state.data, seat)
                assert state.is_legal(choice)
        compared += 1
        acting += state.data.phase == "action"
    assert compared >= 20 and acting >= 10


def test_beats_the_random_bot():
    """A modest check of strength: 20 two-player games against the random bot, seats swapped."""
    wins = 0.0
    for seed in range(20):
        me = seed % 2
        end = whole_game(2, seed, {me: TacticalBot(), 1 - me: explorer.RandomBot()})
        wins += (1 / len(end.winners)) if me in end.winners else 0.0
    assert wins >= 16


# --- small positions: what the rules make best -------------------------------------------------------------------

@pytest.mark.parametrize("shielded", [1, 2])
def test_attacks_the_enemy_it_can_finish_through_the_shields(shielded):
    """MB-term-3-attack deals Gale's attack power 3; MB-term-2-shield absorbs it on the shielded enemy; on the other,
    3 HP is a kill (MB-hero-death) and a point (MB-hero-killer). No steps, no cards: attack one of the two."""
    s = table(heroes=("gale", "reaver", "venom"), positions=((3, 1), (2, 1), (4, 1)), stamina=0, steps=0)
    s = hero(hero(s, 1, hp=3), 2, hp=3)
    s = hero(s, shielded, shield=5)
    choice = TacticalBot().choose(s, random.Random(0))
    assert (choice.kind, choice["target"]) == ("attack", 3 - shielded)


def test_true_damage_finishes_a_shielded_enemy():
    """Phantom's Assassinate is 4 true damage (MB-term-15-true-damage ignores the 10 shield); its attack of 4 is
    all absorbed (MB-term-2-shield). It kills with the skill."""
    s = table(heroes=("phantom", "bulwark"), positions=((3, 1), (2, 1)), stamina=0, steps=0,
              uses=(("assassinate#0", 1),))
    s = hero(s, 1, hp=4, shield=10)
    choice = TacticalBot().choose(s, random.Random(0))
    assert (choice.kind, choice.get("skill"), choice.get("target")) == ("skill", "assassinate#0", 1)
    assert h(s.apply(choice), 0).score == 1


def test_poison_goes_on_the_enemy_not_yet_poisoned():
    """Venom's Fang poisons (2 layers, 3 turns, MB-status-13-poison); a hero already poisoned ignores a second
    poison (MB-event-STS, the status stack on), so Fang goes on the other adjacent enemy."""
    for poisoned in (1, 2):
        s = table(heroes=("venom", "bulwark", "warden"), positions=((3, 1), (2, 1), (4, 1)), stamina=0, steps=0,
                  uses=(("fang#0", 1),))
        s = hero(s, 0, attacks=0)
        s = hero(s, poisoned, statuses=(("poison", 2, 3, False, 0),))
        choice = TacticalBot().choose(s, random.Random(0))
        assert (choice.kind, choice.get("skill"), choice.get("target")) == ("skill", "fang#0", 3 - poisoned)


def test_moves_into_range_and_attacks():
    """MB-term-5-move: Gale (3 steps, attack range 1) stands three cells from Reaver; its first action is a step
    closer, and in the same action phase it attacks (MB-term-3-attack)."""
    s = table(heroes=("gale", "reaver"), positions=((2, 6), (5, 6)), stamina=0, steps=3)
    first = TacticalBot().choose(s, random.Random(0))
    assert first.kind == "move"
    assert grid.distance(first["to"], (5, 6)) < grid.distance((2, 6), (5, 6))
    end = turn(s)
    assert h(end, 1).hp < h(s, 1).hp
    assert any(e.kind == "attack" and e.actor == 0 for e in end.log)


def test_plays_the_sequence_that_unlocks_the_finishing_skill():
    """MB-hero-skill-sequence: 攻势·一 then 移动·一 (【O M】) unlocks Phantom's Assassinate, 4 true damage
    (MB-term-15-true-damage) that finishes Bulwark through a shield no attack gets past (MB-term-2-shield)."""
    s = table(heroes=("phantom", "bulwark"), positions=((3, 1), (2, 1)), hands=(("M1", "O1"), ()), stamina=2,
              steps=0)
    s = hero(hero(s, 0, attacks=0), 1, hp=4, shield=20)
    end = turn(s)
    assert h(end, 0).score == 1
    plays = [e.number("card") for e in end.log if e.kind == "play"]
    assert plays == ["O1", "M1"]


@pytest.mark.parametrize(("where", "shields"), [((3, 2), True), ((6, 6), False)])
def test_raises_a_shield_only_when_an_enemy_can_reach_it(where, shields):
    """防御·一 gives 2 shield that lasts until Gale's next turn begins (MB-term-2-shield, MB-A28). Hurt and next to
    Phantom (attack 4, speed 4), Gale plays it before ending; with Phantom too far to come within range in its
    turn, the stamina and the card are kept."""
    s = table(heroes=("gale", "phantom"), positions=((3, 1), where), hands=(("D1",), ("O1", "O2")), stamina=1,
              steps=0, hp=10)
    s = hero(s, 0, attacks=0)
    end = turn(s)
    assert (h(end, 0).shield == 2) is shields
    assert (h(end, 0).hand == ()) is shields



def test_the_bots_end_their_own_action_phase_at_a_table_with_no_cap():
    """MB-A17: a person's table has no action cap, and Gust gives back a spent step (MB-A11), so a bot that values
    steps could walk back and forth for ever (986 moves in one phase were seen at the Play table, 44 s of CPU in one
    click). The bots end their phase after BOT_ACTIONS actions by their own choice, and not before."""
    from explorer.games.card_moba.bots import BOT_ACTIONS, GreedyBot, StrongBot
    from explorer.records import evolve
    state = explorer.new_game("card_moba", 2)
    rng = random.Random(3)
    while state.is_chance or state.data.phase != "action":
        state = state.apply(state.chance_outcomes()[0][0] if state.is_chance else TacticalBot().choose(state, rng))
    assert state.variant["action_cap"] == 0  # a person's table: the document's game, no cap
    d = state.data
    end = GAME.turn_pass(d)
    assert any(a != end for a in state.legal_actions())  # moves, plays or attacks are still open

    def acted(n):
        heroes = list(d.heroes)
        heroes[d.seat] = evolve(heroes[d.seat], acted=n)
        return explorer.State(state.game, state.players, state.variant, evolve(d, heroes=tuple(heroes)))

    for bot in (TacticalBot(), GreedyBot(), StrongBot(iterations=4)):
        assert bot.choose(acted(BOT_ACTIONS), random.Random(0)) == end, bot.name
        assert bot.choose(acted(BOT_ACTIONS - 1), random.Random(0)) == bot.choose(acted(0), random.Random(0)), bot.name
