"""The tactical bot of 永恒之息 (``bots.TacticalBot``, ``tactics.py``): legal and reproducible in whole seeded games,
blind to what its seat cannot see, and choosing as the exact odds and the rules say in hand-built positions. The
expected choices are worked out here from ``combat.resolve_attack`` (EB-3.2-damage), not copied from the bot."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import explorer
from explorer.games.eternal_breath import combat
from explorer.games.eternal_breath.bots import TacticalBot
from explorer.games.eternal_breath.records import Task
from explorer.games.eternal_breath.scenarios import ATTACKER
from tests.bots.positions import positions

from .helpers import GID, card, do, roll, seat, state

GAME = explorer.get_game(GID)
DUMMY = "scn-normal-2-20"   # a plain summon: base defence 2, 20 HP, no skill


def exact(attack_die: int, pts, response: str, base=0, dpts=0) -> tuple[Fraction, list[int]]:
    """The exact expected damage of one attack whose die is known, over the defender's die, and the six damages
    (a successful dodge deals 0): EB-3.2-attack-power … EB-3.2-damage, via combat.resolve_attack."""
    hits = [combat.resolve_attack(attack_die, d, pts, response, base, dpts) or 0 for d in combat.DIE_FACES]
    return Fraction(sum(hits), 6), hits


def kill_chance(attack_die: int, pts, response: str, hp: int, base=0, dpts=0) -> Fraction:
    return Fraction(sum(h >= hp for h in exact(attack_die, pts, response, base, dpts)[1]), 6)


def bounded(players: int):
    return explorer.new_game(GID, players, GAME.bounded_variant(players))


# --- whole games --------------------------------------------------------------------------------------
def test_the_ladder_lists_the_tactical_bot_between_greedy_and_strong():
    """Issue 33: random < greedy < tactical < strong, in that order."""
    assert list(GAME.bots()) == ["random", "greedy", "tactical", "strong"]
    assert GAME.bots()["tactical"]().name == "tactical"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_whole_games_end_with_legal_actions(players):
    """Every seat tactical: play_out checks each choice (State.apply refuses an illegal one). EB-1.4-victory: the
    games end with winners, not at the bots' round limit (EB-A07) — at most one of three may."""
    capped = 0
    for seed in range(3):
        end = explorer.play_out(bounded(players), TacticalBot(), seed=seed)
        assert end.is_terminal
        capped += not end.winners
        assert set(end.winners) <= set(range(players))
    assert capped <= 1


def test_reproducible_with_a_seed():
    a = list(explorer.play(bounded(3), TacticalBot(), seed=11, max_steps=400))
    b = list(explorer.play(bounded(3), TacticalBot(), seed=11, max_steps=400))
    assert [s.history[-1] for s in a] == [s.history[-1] for s in b]


def test_it_beats_the_random_bot():
    """2 players, seats swapped every other game: the tactical bot wins clearly (a draw counts half)."""
    score = 0.0
    for seed in range(20):
        me = seed % 2
        bots = {me: TacticalBot(), 1 - me: explorer.RandomBot()}
        end = explorer.play_out(bounded(2), bots, seed=seed)
        score += 1.0 if end.winners == (me,) else 0.5 if not end.winners else 0.0
    assert score >= 16


def _views(game_id_players):
    """Seeded positions of random games (face-down self characters and traps, EB-A12's face_down switch in 4p) and
    of tactical games (attacks, defences, rescues as this bot meets them)."""
    for players, variant in game_id_players:
        yield from positions(GID, players, variant, games=1, every=4)
        start = explorer.new_game(GID, players, GAME.bounded_variant(players, variant))
        for i, s in enumerate(explorer.play(start, TacticalBot(), seed=players)):
            if i % 4 == 0 and not s.is_terminal:
                yield s


def test_the_same_view_gives_the_same_choice_whatever_the_hidden_cards():
    """EB-3.1-hand, EB-3.1-face-down, EB-2.4-trap-card, EB-3.1-deck: a world redrawn by ``determinise`` (the seat
    cannot tell it from the real one) gets the same choice, whatever the rng."""
    bot = TacticalBot()
    compared, varied, kinds = 0, 0, set()
    for n, s in enumerate(_views([(2, {}), (4, {"trap_deployed": "face_down"})])):
        seat_ = s.current_player
        if seat_ < 0 or len(s.legal_actions()) < 2:
            continue
        other = GAME.determinise(s, seat_, random.Random(n))
        assert other.view(seat_) == s.view(seat_)
        here = bot.choose(s, random.Random(n))
        assert s.is_legal(here)
        assert bot.choose(other, random.Random(n + 1)) == here, (s.data.tasks[0], seat_)
        compared += 1
        varied += other.data != s.data
        kinds.add(s.data.tasks[0].kind)
    assert compared > 100 and varied > compared // 2
    assert {"play", "defend", "draw_phase", "discard", "rescue"} <= kinds


def test_the_play_phase_choice_is_the_best_of_every_action_though_it_scores_fewer():
    """EB-1.2.4-play: ``_play`` scores from the highest tier down and stops early; its choice is the best (tier,
    worth) over every legal action, the first in legal order on a tie, as if it had scored them all."""
    from explorer.games.eternal_breath import tactics

    compared = pruned = 0
    for s in _views([(2, {}), (4, {"trap_deployed": "face_down"})]):
        if s.current_player < 0 or s.data.tasks[0].kind != "play":
            continue
        legal = s.legal_actions()
        sight = tactics.Sight(s.data, s.current_player)
        worths = [tactics._play_worth(sight, a) for a in legal]
        doing = [(tier, worth, -i) for i, (tier, worth) in enumerate(worths) if worth > 0]
        full = legal[-max(doing)[2]] if doing else next(a for a in legal if a.kind == "end_play")
        assert tactics.choose(s, legal) == full, s.data.tasks[0]
        compared += 1
        pruned += any(tactics._reach(a) < max(doing)[0] for a in legal) if doing else 0
    assert compared > 30 and pruned > 5


# --- the exact odds -----------------------------------------------------------------------------------
def _defend(attack_die: int, defender, attack_cards=("atk_slash",), target=DUMMY):
    """P1 must answer P0's attack by ``ATTACKER`` (no skill) with ``attack_cards``, its die already rolled."""
    s = state(seat(summons=(ATTACKER,), hand=attack_cards), defender)
    s = do(s, "attack", 0, by=ATTACKER, cards=attack_cards, seat=1, target=target)
    s = roll(s, attack_die)
    assert s.current_player == 1 and s.data.tasks[0].kind == "defend"
    return s


def test_dodges_when_dodging_has_the_lower_exact_expected_damage_and_blocks_otherwise():
    """EB-3.2-dodge (a dodge die above the attack die cancels, else total defence 0) against EB-3.2-block (base
    defence + die): with the attack die known (EB-A14) the bot takes the response of least exact expected damage on
    a 20-HP summon that cannot die of it."""
    pts = card("atk_slash").points
    seen = set()
    for a in combat.DIE_FACES:
        s = _defend(a, seat(summons=(DUMMY,)))
        dodge, _ = exact(a, pts, combat.DODGE)
        block, _ = exact(a, pts, combat.BLOCK, card(DUMMY).defence)
        assert dodge != block
        want = "dodge" if dodge < block else "block"
        got = TacticalBot().choose(s, random.Random(0))
        assert got.kind == want, (a, dodge, block, got)
        seen.add(want)
    assert seen == {"dodge", "block"}


def test_blocks_with_a_card_when_the_card_saves_much_and_keeps_it_when_it_saves_nothing():
    """EB-3.2-block: a Tower Shield adds 3 defence points. Against die 1 dodging is best of all; against die 6 the
    card takes more than a point off the exact expected damage; against die 2 it takes nothing off."""
    pts, base, shield = card("atk_slash").points, card(DUMMY).defence, card("def_tower_shield").points
    mine = seat(summons=(DUMMY,), hand=("def_tower_shield",))
    with_card = {a: exact(a, pts, combat.BLOCK, base, shield)[0] for a in (1, 2, 6)}
    without = {a: exact(a, pts, combat.BLOCK, base)[0] for a in (1, 2, 6)}
    assert exact(1, pts, combat.DODGE)[0] < min(with_card[1], without[1])
    assert without[6] - with_card[6] > 1 and without[2] == with_card[2]
    assert TacticalBot().choose(_defend(1, mine), random.Random(0)).kind == "dodge"
    assert TacticalBot().choose(_defend(6, mine), random.Random(0)).get("card") == "def_tower_shield"
    assert TacticalBot().choose(_defend(2, mine), random.Random(0)).get("card") == ""


def test_near_death_it_blocks_though_dodging_has_the_lower_expected_damage():
    """EB-1.3-loss: its self character at 3 HP, no summon, no heal card. Against die 1 a dodge has the lower exact
    expected damage but a chance to die (a failed dodge deals the whole attack, EB-3.2-dodge); a block without a
    card deals exactly 1 (EB-3.2-damage: at least 1) and never kills. It blocks."""
    me = "sp_mingyue"
    pts, base, hp = card("atk_slash").points, card(me).defence, 3
    assert exact(1, pts, combat.DODGE)[0] < exact(1, pts, combat.BLOCK, base)[0]
    assert kill_chance(1, pts, combat.DODGE, hp) > 0 == kill_chance(1, pts, combat.BLOCK, hp, base)
    s = _defend(1, seat(me, self_up=True, self_hp=hp), target=me)
    assert TacticalBot().choose(s, random.Random(0)).kind == "block"


def test_attacks_the_target_it_can_most_likely_kill():
    """EB-3.2-defeat: two enemies with the same HP in sight, each with only a face-up self character (so it can be
    attacked, EB-3.2-target). P1's has 3 HP left behind base defence 4 (its pool holds 17 HP more); P2's has 20 HP
    and no defence. A Thunderbolt deals more expected damage to P2 but can only kill P1's: it attacks P1."""
    weak, strong = "scn-normal-4-20", "scn-normal-0-20"
    s = state(seat(summons=(ATTACKER,), hand=("atk_thunder",)),
              seat(weak, self_up=True, self_hp=3, pool=("scn-normal-0-17",)), seat(strong, self_up=True))
    pts = card("atk_thunder").points
    for a in combat.DIE_FACES:
        assert exact(a, pts, combat.BLOCK, 0)[0] > exact(a, pts, combat.BLOCK, 4)[0]
        assert kill_chance(a, pts, combat.BLOCK, 20, 0) == kill_chance(a, pts, combat.DODGE, 20) == 0
    assert any(kill_chance(a, pts, combat.BLOCK, 3, 4) > 0 for a in combat.DIE_FACES)
    got = TacticalBot().choose(s, random.Random(0))
    assert (got.kind, got["seat"], got["target"]) == ("attack", 1, weak)


# --- the rules ----------------------------------------------------------------------------------------
def test_a_bomb_finishes_the_summon_it_surely_kills_before_the_attack():
    """EB-3.2-damage-kinds: a Bomb deals 2 effect damage to a chosen face-up character (EB-A13), certain where an
    attack is a gamble. P1's last summon has 2 HP: the bomb kills it (leaving P1's self character open,
    EB-3.2-target) before the attack, rather than chipping P1's 20-HP self character."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_slash", "eff_bomb")),
              seat("sp_tiebi", self_up=True, summons=((DUMMY, 2),)))
    got = TacticalBot().choose(s, random.Random(0))
    assert (got.kind, got["card"], got["seat"], got["target"]) == ("effect", "eff_bomb", 1, DUMMY)


def test_it_rescues_its_own_self_character_and_never_an_enemy():
    """EB-3.2-rescue: any player may use an instant heal card on a dying character; the bot spends one only on its
    own (here its self character), and the smallest that saves it (a Potion heals 3: from -2 to 1)."""
    def dying(owner: int, c: str, hp: int):
        seats = [seat(summons=(ATTACKER,), hand=("eff_elixir", "eff_potion")), seat(summons=(DUMMY,))]
        seats[owner] = seat(c, self_up=True, self_hp=hp, hand=("eff_elixir", "eff_potion")) if owner == 0 \
            else seat(summons=((c, hp),))
        return state(*seats, tasks=(Task("rescue", 0, target=owner, tchar=c), Task("play", 0)))

    enemy = dying(1, DUMMY, 0)
    assert {a.kind for a in enemy.legal_actions()} == {"pass", "rescue"}
    assert TacticalBot().choose(enemy, random.Random(0)).kind == "pass"
    own = dying(0, "sp_tiebi", -2)
    got = TacticalBot().choose(own, random.Random(0))
    assert (got.kind, got["card"]) == ("rescue", "eff_potion")


def test_it_declares_a_face_down_trap_only_when_it_truly_triggered():
    """EB-3.2-trap-hidden / EB-3.2-trap-declare (EB-A30: the placer of every face-down trap is asked): P0's Spikes
    (turn_start) in P1's zone is declared at P1's turn start, kept hidden when P1 only attacks (a false
    declaration would void it)."""
    def asked(when: str):
        task = Task("trap_declare", 0, card="trap_spikes", target=1, when=when)
        return state(seat(), seat(summons=(DUMMY,), traps=(("trap_spikes", 0, False),)), turn=1,
                     tasks=(task, Task("play", 1)))

    assert TacticalBot().choose(asked("turn_start"), random.Random(0)).kind == "declare_trap"
    assert TacticalBot().choose(asked("attacks"), random.Random(0)).kind == "keep_hidden"
