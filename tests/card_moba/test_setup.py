"""抉择 and 进行: the setup decisions in the seed's order, Ruler settings and their ranges, player counts."""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from card_moba.helpers import cited, do, draw, logged
from explorer import CHANCE, IllegalAction, VariantError
from explorer.games.card_moba.flow import A


def choose(s, kind, **params):
    return do(s, kind, **params)


def bloodline(s, pieces):
    for piece in pieces:
        s = choose(s, "bloodline", piece=piece)
    return s


def set_up(players=2):
    s = explorer.new_game("card_moba", players)
    assert {a["mode"] for a in s.legal_actions()} == {"classic", "ruler"}
    s = choose(s, "mode", mode="classic")
    assert cited(s, "MB-mode-classic")
    s = choose(s, "map", map="duel")
    assert cited(s, "MB-choice-1-mode-map")
    return s


def test_the_choices_run_in_the_seeds_order():
    """'MB-choice-1-mode-map' → 'MB-choice-2-hero' → 'MB-choice-3-bloodline' → 'MB-choice-4-score'
    → 'MB-choice-5-order' → 'MB-choice-6-spawn' → 'MB-play-shuffle' → 'MB-choice-7-first-turn'."""
    s = set_up()
    s = choose(s, "hero", hero="gale")
    with pytest.raises(IllegalAction) as err:
        choose(s, "hero", hero="gale")
    assert err.value.clause == "MB-choice-2-hero"
    s = choose(s, "hero", hero="bulwark")
    assert s.data.phase == "bloodline" and cited(s, "MB-choice-2-hero") and cited(s, "MB-hero-stats")
    assert {a["piece"] for a in s.legal_actions()} == {"brutal", "storm", "aegis", "reform"}
    s = choose(s, "bloodline", piece="brutal")
    assert cited(s, "MB-bloodline-system")
    assert {a["piece"] for a in s.legal_actions()} == {"tongling", "bloodlust", "frenzy"}
    s = choose(s, "bloodline", piece="tongling")
    assert cited(s, "MB-bloodline-keystone")
    assert {a["piece"] for a in s.legal_actions()} == {"edge", "hunt", "wound"}
    s = choose(s, "bloodline", piece="edge")
    assert {a["piece"] for a in s.legal_actions()} == {"reach", "cruelty", "rush"}
    s = choose(s, "bloodline", piece="reach")
    assert len(logged(s, "MB-bloodline-fragments")) == 2
    s = choose(s, "bloodline", piece="dust_hp")
    assert cited(s, "MB-bloodline-dust") and cited(s, "MB-bloodline-total")
    assert s.data.heroes[0].pieces == ("brutal", "tongling", "edge", "reach", "dust_hp")
    s = bloodline(s, ("aegis", "bastion", "plating", "anchor", "dust_def"))
    s = choose(s, "win_score", score=3)
    assert cited(s, "MB-choice-4-score") and s.data.win_score == 3
    assert s.current_player == CHANCE
    assert s.chance_outcomes() == ((A("order", CHANCE, order=(0, 1)), Fraction(1, 2)),
                                   (A("order", CHANCE, order=(1, 0)), Fraction(1, 2)))
    s = s.apply(A("order", CHANCE, order=(1, 0)))
    assert cited(s, "MB-choice-5-order") and s.current_player == 1
    s = choose(s, "spawn", cell=(0, 0))
    with pytest.raises(IllegalAction) as err:
        choose(s, "spawn", cell=(0, 0))
    assert err.value.clause == "MB-choice-6-spawn"
    s = choose(s, "spawn", cell=(4, 4))
    assert cited(s, "MB-play-shuffle") and cited(s, "MB-card-deck")[0].number("cards") == 62
    assert s.data.heroes[0].hp == 32 + 4 and s.data.heroes[1].hp == 44 + 4  # dust_hp, anchor: +4 starting HP
    for card in ("O1", "O1", "D1", "S1", "M1", "M2"):
        s = draw(s, card)
    assert s.data.heroes[1].hand == ("D1", "O1", "O1") and cited(s, "MB-choice-7-first-turn")
    s = draw(draw(s, "O2"), "O3")
    assert s.current_player == 1 and s.data.phase == "action"
    with pytest.raises(IllegalAction) as err:
        do(s, "hero", hero="sage")
    assert err.value.clause == "MB-hero-fixed"
    with pytest.raises(IllegalAction) as err:
        do(s, "bloodline", piece="storm")
    assert err.value.clause == "MB-bloodline-permanent"


def test_a_changed_ruler_setting_means_ruler_mode():
    """'MB-mode-ruler' (MB-A16): with the HP cap set to 80 only Ruler mode is offered, and it applies."""
    s = explorer.new_game("card_moba", 2, {"ruler_hp_cap": 80})
    assert [a["mode"] for a in s.legal_actions()] == ["ruler"]
    s = choose(s, "mode", mode="ruler")
    assert s.data.rules.hp_cap == 80 and cited(s, "MB-mode-ruler")


@pytest.mark.parametrize(("key", "value", "clause"), [
    ("ruler_hp_cap", 59, "MB-ruler-hp-cap"), ("ruler_stamina_cap", 7, "MB-ruler-stamina-cap"),
    ("ruler_start_stamina", 0, "MB-ruler-start-stamina"), ("ruler_start_stamina", 5, "MB-ruler-start-stamina"),
    ("ruler_hand_limit", 5, "MB-ruler-hand-limit"), ("ruler_status_stack", "off", "MB-ruler-status-stack"),
    ("ruler_poison_death", 1, "MB-ruler-poison-death"), ("ruler_special_cells", None, "MB-ruler-special-cells"),
    ("ruler_steal_stamina", "yes", "MB-ruler-steal-stamina"), ("ruler_steal_hand", 0, "MB-ruler-steal-hand"),
    ("ruler_hp_cap", 60.5, "MB-ruler-hp-cap")])
def test_ruler_settings_out_of_range_are_refused(key, value, clause):
    with pytest.raises(VariantError) as err:
        explorer.new_game("card_moba", 2, {key: value})
    assert err.value.clause == clause and err.value.key == key


def test_ruler_settings_in_range_are_accepted():
    s = explorer.new_game("card_moba", 2, {"ruler_hp_cap": 10**9, "ruler_stamina_cap": 8, "ruler_start_stamina": 4,
                                          "ruler_hand_limit": 6, "ruler_status_stack": False})
    assert s.data.ruler_rules.start_gain == 4 and s.data.ruler_rules.hand_limit == 6


@pytest.mark.parametrize("key", ["ruler_hp_cap", "ruler_stamina_cap", "ruler_hand_limit"])
def test_mb_ruler_settings_run_up_to_inf(key):
    """'MB-ruler-hp-cap' 「60~inf」, 'MB-ruler-stamina-cap' 「8~inf」, 'MB-ruler-hand-limit' 「6~inf」 (MB-A18):
    any whole number from the minimum up, however large, and "inf" itself, which is no cap at all."""
    field = {"ruler_hp_cap": "hp_cap", "ruler_stamina_cap": "stamina_cap", "ruler_hand_limit": "hand_limit"}[key]
    huge = explorer.new_game("card_moba", 2, {key: 10**12})
    assert getattr(huge.data.ruler_rules, field) == 10**12
    unlimited = explorer.new_game("card_moba", 2, {key: "inf"})
    assert getattr(unlimited.data.ruler_rules, field) is None
    assert explorer.from_json(unlimited.to_json()) == unlimited
    for bad in ("infinity", 10.5, None):
        with pytest.raises(VariantError) as err:
            explorer.new_game("card_moba", 2, {key: bad})
        assert err.value.clause == explorer.get_game("card_moba").options[key].source


def test_mb_card_no_hand_limit_is_the_ruler_default_inf():
    """'MB-card-no-hand-limit' 「通常情况下手牌没有上限」 and 'MB-ruler-hand-limit' 「默认为inf」: the default is "inf",
    so a table that leaves it alone is still offered classic mode (MB-A16)."""
    s = explorer.new_game("card_moba", 2)
    assert s.variant["ruler_hand_limit"] == "inf" and s.data.rules.hand_limit is None
    assert {a["mode"] for a in s.legal_actions()} == {"classic", "ruler"}


def test_mb_prep_players_two_to_six():
    """'MB-prep-players' 「邀请1至5名小伙伴来与你一起成为游戏里的玩家」: you and 1 to 5 friends, so 2 to 6 players;
    a one-player game is refused."""
    game = explorer.get_game("card_moba")
    assert (game.min_players, game.max_players) == (2, 6) and game.players_clause == "MB-prep-players"
    assert "邀请1至5名小伙伴来与你一起" in game.clause_index[game.players_clause].seed
    for n in (0, 1, 7):
        with pytest.raises(ValueError):
            explorer.new_game("card_moba", n)
    assert len(explorer.new_game("card_moba", 2).data.heroes) == 2
    assert len(explorer.new_game("card_moba", 6).data.heroes) == 6


def test_every_ruler_mode_setting_plays_to_the_end():
    """A Ruler game with every setting changed reaches the end (MB-mode-ruler)."""
    variant = {"ruler_hp_cap": 70, "ruler_stamina_cap": 9, "ruler_start_stamina": 2, "ruler_hand_limit": 6,
               "ruler_status_stack": False, "ruler_poison_death": True, "ruler_special_cells": False,
               "ruler_steal_stamina": True, "ruler_steal_hand": True, "round_cap": 6}
    bounded = explorer.get_game("card_moba").bounded_variant(3, variant)
    final = explorer.play_out(explorer.new_game("card_moba", 3, bounded), seed=2)
    assert final.is_terminal and final.data.mode == "ruler" and final.data.rules.hand_limit == 6


def first_action_phase(variant):
    for s in explorer.play(explorer.new_game("card_moba", 3, variant), seed=5):
        if s.data.phase == "action" and s.current_player >= 0:
            return s
    raise AssertionError("no action phase reached")


@pytest.mark.parametrize(("stamina", "hand"), [(3, 3), (0, 0), (6, 5)])
def test_starting_stamina_and_hand_switches(stamina, hand):
    """MB-A02 / MB-A03 switches: dealt in turn order after the spawns ('MB-play-shuffle'); the first player
    has also had its start phase (+1 stamina, 'MB-turn-start') and draw phase (+2 cards, 'MB-turn-draw')."""
    s = first_action_phase({"start_stamina": stamina, "start_hand": hand})
    first, *others = s.data.order
    assert s.data.heroes[first].stamina == stamina + 1 and len(s.data.heroes[first].hand) == hand + 2
    assert all(s.data.heroes[p].stamina == stamina and len(s.data.heroes[p].hand) == hand for p in others)


def test_setup_choices_outside_the_offer_name_their_clause():
    """'MB-choice-1-mode-map' (a map not in the pool), 'MB-choice-3-bloodline' (a keystone of another system),
    'MB-choice-4-score' (a score that is not a positive whole number)."""
    s = choose(explorer.new_game("card_moba", 2), "mode", mode="classic")
    with pytest.raises(IllegalAction) as err:
        choose(s, "map", map="moon")
    assert err.value.clause == "MB-choice-1-mode-map"
    s = choose(choose(choose(s, "map", map="arena"), "hero", hero="sage"), "hero", hero="gale")
    s = bloodline(s, ("storm",))
    with pytest.raises(IllegalAction) as err:
        choose(s, "bloodline", piece="tongling")
    assert err.value.clause == "MB-choice-3-bloodline"
    s = bloodline(s, ("eye", "drift", "calm", "dust_speed", "storm", "eye", "drift", "calm", "dust_speed"))
    with pytest.raises(IllegalAction) as err:
        choose(s, "win_score", score=0)
    assert err.value.clause == "MB-choice-4-score"


def at_score_step(variant=None):
    """A 2-player table at the winning-score step, every earlier choice the first one offered."""
    s = explorer.new_game("card_moba", 2, variant)
    while s.data.phase != "score":
        s = s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("score", [6, 12, 999, 1000, 10**9])
def test_mb_choice_4_score_any_positive_whole_number_is_agreed(score):
    """'MB-choice-4-score' 「协商决定获胜所需的得分」: the table may agree on any positive whole number. 1 to 5 are
    listed (a menu for bots and OpenSpiel, MB-A08); any other is taken, kept in a save and in a share link."""
    s = at_score_step()
    assert [a["score"] for a in s.legal_actions()] == [1, 2, 3, 4, 5]
    assert s.open_number() == explorer.OpenNumber("win_score", 0, "score", 1)
    after = choose(s, "win_score", score=score)
    assert after.data.win_score == score and cited(after, "MB-choice-4-score")[0].number("score") == score
    assert explorer.from_json(after.to_json()) == after
    from explorer.links import from_link, link_code
    start, history, _ = from_link(link_code(after))
    assert explorer.replay("card_moba", 2, history, start=start) == after


@pytest.mark.parametrize("bad", [0, -1, -10**9])
def test_mb_choice_4_score_a_score_below_one_is_refused_and_the_state_is_unchanged(bad):
    s = at_score_step()
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        choose(s, "win_score", score=bad)
    assert err.value.clause == "MB-choice-4-score" and "at least 1" in str(err.value)
    assert s.to_json() == before and not s.is_legal(A("win_score", 0, score=bad))


@pytest.mark.parametrize("bad", [True, 3.0, "3", None, (3,)])
def test_mb_choice_4_score_a_score_of_another_type_is_refused(bad):
    s = at_score_step()
    action = explorer.act("card_moba", "win_score", 0, score=bad)  # not legal.A: its cache takes True for 1
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert err.value.clause in ("core.action", "MB-choice-4-score") and not s.is_legal(action)


def test_mb_choice_4_score_only_the_seat_deciding_gives_it_and_only_at_that_step():
    s = at_score_step()
    assert not s.is_legal(explorer.act("card_moba", "win_score", 1, score=7))  # seat 0 speaks for the table
    assert not s.is_legal(explorer.act("card_moba", "win_score", 0, points=7))
    after = choose(s, "win_score", score=7)
    assert after.open_number() is None and not after.is_legal(explorer.act("card_moba", "win_score", 0, score=8))


@pytest.mark.parametrize("score", [7, 10**6])
def test_mb_choice_4_score_agreed_before_the_game_skips_the_step(score):
    """The variant ``win_score`` (OpenSpiel's parameter of the same name): the table agreed before sitting
    down, so nobody is asked; the event still cites 'MB-choice-4-score'."""
    s = explorer.new_game("card_moba", 2, {"win_score": score})
    while s.data.phase not in ("order", "score"):
        s = s.apply(s.legal_actions()[0])
    assert s.data.phase == "order" and s.data.win_score == score
    (agreed,) = logged(s, "MB-choice-4-score")
    assert agreed.number("score") == score and agreed.actor is None


def test_a_kill_reaching_a_score_above_the_menu_wins():
    """'MB-choice-4-score': reaching 7, a score not on the menu, ends the game as reaching 5 does."""
    from card_moba.helpers import data, hero, table
    s = data(hero(hero(table(), 1, hp=3), 0, score=6), win_score=7)
    after = do(s, "attack", target=1)
    assert after.is_terminal and after.winners == (0,)
    assert not do(data(hero(table(), 1, hp=3), win_score=8), "attack", target=1).is_terminal


def test_mb_prep_players_a_one_player_game_is_refused_naming_the_clause():
    """MB-prep-players: you and 1 to 5 friends — the refusal of a table of one names the clause."""
    with pytest.raises(ValueError, match="MB-prep-players"):
        explorer.new_game("card_moba", 1)


def test_each_setup_decision_cites_the_choice_the_seed_lists_not_the_action_phase():
    """A setup decision's clause is one of the 抉择 the seed numbers in its 概述 (MB-choice-1 … 6; the register
    gives each clause's section); only the action phase's decisions cite MB-turn-action."""
    game = explorer.get_game("card_moba")
    state = explorer.new_game("card_moba", 3, game.bounded_variant(3))
    said = {}  # phase of a decision -> the clauses it cites
    for after in explorer.play(state, seed=5, max_steps=400):
        if state.current_player >= 0 or state.data.phase == "order":  # a person's choice, or the order's dice
            said.setdefault(state.data.phase, set()).add(game.decision_clause(state.data))
        state = after
    for phase in ("mode", "map", "hero", "bloodline", "score", "spawn", "order"):
        (clause,) = [game.clause_index[c] for c in said[phase]]
        assert "抉择" in clause.section and clause.id != "MB-turn-action", (phase, clause.id)
    assert said["action"] == {"MB-turn-action"}
