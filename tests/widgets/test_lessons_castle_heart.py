"""The 城堡之心 tutorial helpers: a chosen preparation really reaches the chosen table through the engine, the
picture shows only what its viewer may see, and the distances are the seed's (CH-A03)."""

from __future__ import annotations

import pytest

import explorer
from explorer import CHANCE, IllegalAction
from widgets.games.castle_heart.lessons import (
    GID,
    TUTORIAL_TABLE,
    distances,
    event_lines,
    pass_turn,
    preparation_steps,
    prepare,
    table_figure,
    tutorial_table,
)
from widgets.learn.lessons import run, step

# The seed's numbers, written out here so the test does not read them from the engine:
# CH-deploy-mana: 10 mana for the lord, 6 for the others; CH-soldier-knight value 5, CH-soldier-lynx value 6.
SEED_MANA = {"lord": 10, "other": 6}
SEED_VALUE = {"knight": 5, "lynx": 6}


def test_the_tutorial_table_is_dealt_as_chosen_and_waits_for_the_lords_first_draw():
    s = prepare(**TUTORIAL_TABLE)
    assert s.current_player == CHANCE and s.data.active == 0 and s.data.turn == 1
    for p, seat in enumerate(s.data.seats):
        assert seat.identity == TUTORIAL_TABLE["identities"][p]
        assert seat.hero == TUTORIAL_TABLE["heroes"][p]
        assert [x.kind for x in seat.soldiers] == list(TUTORIAL_TABLE["deployments"][p])
        mana = SEED_MANA["lord" if seat.identity == "lord" else "other"]
        leftover = mana - sum(SEED_VALUE[k] for k in TUTORIAL_TABLE["deployments"][p])
        expected = sorted(list(TUTORIAL_TABLE["hands"][p]) + ["mana"] * leftover)   # CH-deploy-leftover-mana
        assert sorted(seat.hand) == expected
    assert {e.clause for e in s.log} >= {"CH-identity-four", "CH-setup-heroes", "CH-setup-hand", "CH-deploy-mana",
                                          "CH-deploy-leftover-mana", "CH-turn-order"}


def test_tutorial_table_follows_the_starting_hand_switch():
    s = explorer.new_game(GID, 6, {"starting_hand": 4})
    s = run(s, tutorial_table({"starting_hand": 4}))
    assert len(s.data.seats[2].hand) == 4          # P2 deployed a lynx with all 6 mana: no 魔 added
    assert s.current_player == CHANCE


def test_deployment_is_checked_by_the_engine():
    identities = ("lord", "enemy", "enemy")
    heroes = ("levi", "saint", "arcanist")
    hands = (("sword", "sword"),) * 3
    with pytest.raises(IllegalAction) as too_dear:       # 6 mana buys a knight (5), then nothing more
        prepare(identities, heroes, hands, ((), ("knight", "knight"), ()))
    assert too_dear.value.clause == "CH-deploy-mana"
    with pytest.raises(IllegalAction) as too_many:       # the lord's leadership is 4; its mana 10 buys 2 knights
        prepare(identities, heroes, hands, (("knight", "knight", "knight"), (), ()))
    assert too_many.value.clause in ("CH-deploy-mana", "CH-leadership")
    with pytest.raises(ValueError):
        preparation_steps(("lord", "lord", "enemy"), heroes, hands, ((), (), ()))
    with pytest.raises(ValueError):
        preparation_steps(identities, heroes[:2], hands, ((), (), ()))


def test_the_any_legal_mix_is_a_chosen_chance_step():
    s = prepare(("enemy", "lord", "enemy", "enemy"), ("levi", "saint", "arcanist", "ryan"), (("sword", "mana"),) * 4,
                ((), (), (), ()), variant={"identity_mix": "any_legal"}, mix="LEEE")
    assert s.data.active == 1 and s.data.lord == 1 and s.current_player == CHANCE


def test_distances_count_seats_the_shorter_way_round():
    s = prepare(**TUTORIAL_TABLE)
    n = len(s.data.seats)
    for a in range(n):
        got = distances(s, a)
        assert set(got) == set(range(n)) - {a}
        for b, (apart, attack) in got.items():
            assert apart == min(abs(a - b), n - abs(a - b))
            assert attack == apart                 # nobody rides a mount yet


def test_the_picture_shows_only_what_its_viewer_sees():
    s = prepare(**TUTORIAL_TABLE)
    seen_by_3 = " ".join(a.text for a in table_figure(s, viewer=3).layout.annotations)
    assert "Lord" in seen_by_3 and "Enemy" in seen_by_3          # the lord is public; P3 knows itself
    assert "Reinforcement" not in seen_by_3 and "Neutral" not in seen_by_3
    everything = " ".join(a.text for a in table_figure(s).layout.annotations)
    assert "Reinforcement" in everything and "Neutral" in everything
    soldiers = sum(len(x) for x in TUTORIAL_TABLE["deployments"])
    markers = [t for t in table_figure(s, lang="zh").data if t.marker.symbol == "square"]
    assert sum(len(t.x) for t in markers) == soldiers
    assert "城主" in " ".join(a.text for a in table_figure(s, lang="zh").layout.annotations)
    labelled = [a.text for a in table_figure(s, distances_from=0).layout.annotations if "<b>" not in a.text]
    assert sorted(labelled) == sorted(f"{x} / {y}" for x, y in distances(s, 0).values())
    with pytest.raises(ValueError):
        table_figure(s, lang="fr")


def test_event_lines_redact_other_seats_secrets():
    start = explorer.new_game(GID, 6)
    s = prepare(**TUTORIAL_TABLE)
    s = step(step(s, "draw", card="lightning_wand"), "draw", card="fireball")
    mine = event_lines(start, s, viewer=0)
    theirs = event_lines(start, s, viewer=3)
    assert any("Lightning" in line for line in mine)
    assert not any("Lightning" in line for line in theirs)
    assert len(mine) == len(theirs) == len(s.log)
    assert all(line.startswith("#") for line in theirs)


def test_pass_turn_moves_the_story_to_the_next_heros_draws():
    s = prepare(**TUTORIAL_TABLE)
    after = pass_turn(s, ["sword", "heal"])
    assert after.data.active == 1 and after.current_player == CHANCE and after.data.turn == 2
    assert sorted(after.data.seats[0].hand) == sorted((*s.data.seats[0].hand, "sword", "heal"))
    assert {a.kind for a in after.history[len(s.history):]} <= {"draw", "end_play", "command", "discard"}
    # P3 (HP 3) holds 8 cards: it discards down to 3 at the end of its turn (CH-turn-discard)
    for _ in range(3):
        after = pass_turn(after)
    assert after.data.active == 4 and len(after.data.seats[3].hand) == after.data.seats[3].hp == 3


def test_pass_turn_stops_at_the_end_of_the_game():
    s = prepare(**TUTORIAL_TABLE, variant={"round_cap": 10})
    for _ in range(61):
        if s.is_terminal:
            break
        s = pass_turn(s)
    assert s.is_terminal and s.winners == () and s.data.round == 11


def test_event_lines_name_the_seat_of_a_redacted_identity_deal():
    start = explorer.new_game(GID, 6)
    s = prepare(**TUTORIAL_TABLE)
    theirs = event_lines(start, s, viewer=3)[:6]
    assert "Player 1" in theirs[1] and "hidden from you" in theirs[1] and "reinforcement" not in " ".join(theirs)
    assert "玩家 2" in event_lines(start, s, lang="zh", viewer=3)[2]
