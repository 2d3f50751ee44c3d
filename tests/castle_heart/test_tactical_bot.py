"""The tactical bot of 城堡之心 (``bots.TacticalBot``, ``tactics.py``): whole games, its seat's view only, identity
reads from public behaviour, the exact odds it starts from, and the neutral's own goal (CH-goal-neutral)."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer import State
from explorer.games.castle_heart.bots import TacticalBot
from explorer.games.castle_heart.records import ENEMY, REINFORCEMENT, put
from explorer.games.castle_heart.tactics import Public, Reader, beliefs
from probability.castle_heart.identities import who_is_who
from tests.bots.positions import positions

from .helpers import GAME, HERO, a, hero_seat, step, table


def test_the_ladder_is_registered_in_order():
    bots = GAME.bots()
    assert list(bots) == ["random", "greedy", "tactical", "strong"]
    assert bots["tactical"]().name == "tactical"


def _game(players: int, seed: int):
    variant = GAME.bounded_variant(players)
    return explorer.play_out(explorer.new_game("castle_heart", players, variant),
                             {p: TacticalBot() for p in range(players)}, seed=seed)


@pytest.mark.parametrize("players", [5, 6])
def test_whole_games_end_with_legal_actions_and_replay_from_the_seed(players):
    """Every choice goes through ``State.apply`` (an illegal one would raise), the game ends within the
    simulation limits (CH-A14), and the same seed gives the same game."""
    for seed in range(3):
        end = _game(players, seed)
        assert end.is_terminal
        assert end.history == _game(players, seed).history
        replayed = explorer.replay("castle_heart", players, end.history, end.variant)
        assert replayed.data == end.data


@pytest.mark.parametrize(("players", "variant"), [(5, {}), (6, {"identity_mix": "any_legal"})])
def test_the_choice_depends_only_on_the_seats_view(players, variant):
    """The same choice in the real position and in any world ``determinise`` draws for the seat (others' hands,
    the deck and hidden identities redrawn; the log as the seat sees it), one bot reading both in turn."""
    bot, checked = TacticalBot(), 0
    for n, state in enumerate(positions("castle_heart", players, variant, games=2, every=5)):
        seat = state.current_player
        if seat < 0:
            continue
        for m in range(2):
            world = GAME.determinise(state, seat, random.Random(100 * n + m))
            assert bot.choose(state, random.Random(n)) == bot.choose(world, random.Random(n)), (state, seat)
            assert TacticalBot().choose(world, random.Random(n)) == bot.choose(state, random.Random(n))
        checked += 1
    assert checked > 20


def test_without_acts_the_reads_are_the_exact_odds_of_who_is_who():
    """Before anyone has acted, the bot's identity chances are ``probability.castle_heart.identities.who_is_who``
    from the seat's view (CH-identity-four, CH-count-*): counting the deals that agree with it."""
    for players, variant in ((5, {}), (6, {"identity_mix": "any_legal"}), (8, {})):
        state = explorer.new_game("castle_heart", players, GAME.bounded_variant(players, variant))
        rng = random.Random(players)
        while state.data.phase != "deploy" or state.is_chance:
            state = state.apply(explorer.sample_chance(state.chance_outcomes(), rng))
        for seat in range(players):
            exact = who_is_who(state.view(seat), state.variant)
            mine = beliefs(state.data, seat, Reader()(state.log))
            for other in range(players):
                for identity, p in exact[other].items():
                    assert mine.dealt[other].get(identity, 0.0) == pytest.approx(float(p)), (players, seat, other)


def _attacked_by(attacker_identity: str):
    """Five heroes: the lord (seat 0, a 剑 in hand) between seats 1 and 4. Seat 1 (``attacker_identity``, hidden)
    attacks the lord in its own turn; then it is the lord's turn, seats 1 and 4 both in his reach. The others
    are enemies, but for a reinforcement at seat 2 when the attacker is an enemy."""
    others = ("reinforcement" if attacker_identity == ENEMY else "enemy", "enemy", "enemy")
    s = table(hero_seat("lord"), hero_seat(attacker_identity, hand=("sword",)), *map(hero_seat, others), active=1)
    s = step(s, "attack", 1, target=0, member=HERO, pay="sword")
    s = step(s, "take_hit", 0)
    assert any(e.kind == "damage" and e.targets == (0,) for e in s.log)
    d = put(s.data, 0, hand=("sword",))
    d = d.__class__(**{**{k: getattr(d, k) for k in d.__slots__}, "active": 0, "phase": "play", "attacked": False,
                       "acted": False})
    return State(GAME, s.players, s.variant, d, s.history, s.log)


def test_the_lord_reads_who_attacked_him_and_hits_back():
    """CH-goal-lord: a hidden hero who attacked the lord is read as an enemy; the lord's attack goes to it, not
    to his other neighbour, who has done nothing (both are 3 in 4 to be enemies by the deal alone)."""
    s = _attacked_by(ENEMY)
    pub = Reader()(s.log)
    b = beliefs(s.data, 0, pub)
    assert b.enemy[1] > 0.95 > 0.75 > b.enemy[4] > 0.5
    for seed in range(5):
        assert TacticalBot().choose(s, random.Random(seed)) == a("attack", 0, target=1, member=HERO, pay="sword")


def test_the_read_comes_from_public_events_not_the_hidden_identity():
    """The attacker is in truth the lord's own reinforcement: the lord cannot know it and still reads it as the
    likelier enemy; with the log gone (a position set up by hand) there is nothing to read, and either
    neighbour may be attacked."""
    s = _attacked_by(REINFORCEMENT)
    assert s.data.seats[1].identity == REINFORCEMENT and not s.data.seats[1].revealed
    for seed in range(5):
        assert TacticalBot().choose(s, random.Random(seed)) == a("attack", 0, target=1, member=HERO, pay="sword")
        world = GAME.determinise(s, 0, random.Random(seed))
        assert TacticalBot().choose(world, random.Random(seed)) == a("attack", 0, target=1, member=HERO, pay="sword")
    blank = State(GAME, s.players, s.variant, s.data)
    picks = {TacticalBot().choose(blank, random.Random(seed)).get("target") for seed in range(12)}
    assert picks == {1, 4}
    assert Public().evidence() == Reader()(blank.log).evidence()


def test_only_public_events_are_read():
    """A private event (a card drawn) tells the reader nothing; an attack seen by all does."""
    s = _attacked_by(ENEMY)
    pub = Public()
    for e in s.log:
        if e.private_to is not None:
            pub.read(e)
    assert not pub.acts
    assert Reader()(s.log).acts[(1, 0, 1)] == 1


def test_the_reinforcement_rescues_the_lord_and_the_enemy_does_not():
    """CH-death-heal-dying: 愈 for the dying lord from his own side; never from an enemy."""
    seats = (hero_seat("lord", hp=0), hero_seat("reinforcement", hand=("heal",)), hero_seat("enemy", hand=("heal",)),
             hero_seat("enemy"), hero_seat("enemy"))
    s = table(*seats, active=3, phase="rescue", queue=(1, 2), dying=(0,))
    assert TacticalBot().choose(s, random.Random(0)) == a("rescue", 1, target=0)
    s = table(*seats, active=3, phase="rescue", queue=(2,), dying=(0,))
    assert TacticalBot().choose(s, random.Random(0)) == a("rescue", 2, target=None)


def test_focus_fire_on_the_foe_it_can_bring_down():
    """The reinforcement (who knows every enemy at a table of five) hits the enemy at 1 HP, not the one at 4."""
    seats = (hero_seat("lord"), hero_seat("enemy", hp=4), hero_seat("reinforcement", hand=("sword",)),
             hero_seat("enemy", hp=1), hero_seat("enemy"))
    s = table(*seats, active=2)
    for seed in range(5):
        assert TacticalBot().choose(s, random.Random(seed)) == a("attack", 2, target=3, member=HERO, pay="sword")


def test_the_neutral_plays_to_be_the_last_camp_standing():
    """CH-goal-neutral, CH-A41: undeclared, with a reinforcement still up, a neutral neither brings down the last
    enemy (it would have to join the lord or turn enemy) nor the lord; with the reinforcements gone it declares
    敌军 first, so the last enemy may fall; declared enemy with only the lord left, it goes back to 中立 before
    anything else."""
    mix = {"identity_mix": "with_neutral"}

    def dead(identity):
        return hero_seat(identity, alive=False, revealed=True, hp=0)

    seats = [hero_seat("lord", hp=1), hero_seat("neutral", hand=("sword",)), hero_seat("enemy", hp=1),
             hero_seat("reinforcement"), dead("enemy"), dead("enemy")]
    for seed in range(5):
        pick = TacticalBot().choose(table(*seats, active=1, variant=mix), random.Random(seed))
        assert pick.kind != "attack" and pick.kind != "declare", pick
    seats[3] = dead("reinforcement")
    assert TacticalBot().choose(table(*seats, active=1, variant=mix), random.Random(0)) == a("declare", 1, camp=ENEMY)
    seats = (hero_seat("lord", hp=1), hero_seat("neutral", hand=("sword",), declared=ENEMY),
             *map(dead, ("enemy", "reinforcement", "enemy", "enemy")))
    s = table(*seats, active=1, variant=mix)
    assert TacticalBot().choose(s, random.Random(0)) == a("declare", 1, camp="neutral")
    s = step(s, "declare", 1, camp="neutral")
    assert TacticalBot().choose(s, random.Random(0)) == a("attack", 1, target=0, member=HERO, pay="sword")
