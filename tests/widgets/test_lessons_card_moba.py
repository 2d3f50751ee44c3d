"""The MOBA's tutorial helpers: a chosen setup replays through the engine to exactly the table it names;
hand-built positions, the hero table and the map picture show what the state holds."""

from __future__ import annotations

import pytest

import explorer
from explorer import CHANCE, IllegalAction
from explorer.games.card_moba.content import sample
from widgets.games.card_moba.lessons import (
    STORY_BLOODLINES,
    STORY_FIRST_DRAW,
    STORY_HANDS,
    STORY_HEROES,
    STORY_SPAWNS,
    events_since,
    hero_table,
    map_figure,
    position,
    refusal,
    setup_steps,
    story_setup,
    story_start,
    with_hero,
)
from widgets.learn.lessons import run, step

GID = "card_moba"


def test_the_story_setup_reaches_the_first_action_phase_with_the_chosen_table():
    s = story_start()
    d = s.data
    assert (d.phase, s.current_player, d.order, d.map, d.win_score, d.mode) == ("action", 0, (0, 1), "arena", 3,
                                                                                  "classic")
    for seat, h in enumerate(d.heroes):
        assert h.hero == STORY_HEROES[seat] and h.pieces == STORY_BLOODLINES[seat]
        assert h.pos == h.spawn == STORY_SPAWNS[seat]
    assert sorted(d.heroes[0].hand) == sorted((*STORY_HANDS[0], *STORY_FIRST_DRAW))
    assert sorted(d.heroes[1].hand) == sorted(STORY_HANDS[1])
    dealt = len(STORY_HANDS[0]) + len(STORY_HANDS[1]) + len(STORY_FIRST_DRAW)
    assert len(d.deck) == sum(c["count"] for c in sample().cards.values()) - dealt


def test_without_the_first_draw_the_story_waits_for_chance():
    s = run(explorer.new_game(GID, 2), story_setup(first_draw=False))
    assert s.current_player == CHANCE and s.data.phase == "draw" and s.data.draws == (0, 0)


def test_spawns_are_chosen_and_hands_dealt_in_turn_order():
    steps = setup_steps(["phantom", "sage", "reaver"],
                        [("brutal", "tongling", "edge", "reach", "dust_atk"),
                         ("reform", "surge", "mend", "poise", "dust_hp"),
                         ("storm", "eye", "drift", "calm", "dust_def")],
                        [(0, 0), (6, 0), (0, 6)], [("O1", "O2", "O3"), ("S1", "S2", "S3"), ("M1", "M2", "D1")],
                        map_id="arena", score=2,
                        order=(2, 0, 1))
    s = run(explorer.new_game(GID, 3, {"start_hand": 3}), steps)
    assert [e.actor for e in s.log if e.kind == "spawn"] == [2, 0, 1]
    assert [h.pos for h in s.data.heroes] == [(0, 0), (6, 0), (0, 6)]
    dealt = [(e.actor, e.number("card")) for e in s.log if e.kind == "draw"]
    assert dealt == [(2, "M1"), (2, "M2"), (2, "D1"), (0, "O1"), (0, "O2"), (0, "O3"), (1, "S1"), (1, "S2"), (1, "S3")]
    assert s.current_player == CHANCE and s.data.draws == (2, 2)      # the first player's draw phase


def test_a_setup_with_the_variant_s_hand_size_is_played_to_the_end():
    steps = setup_steps(["warden", "venom"], [("aegis", "thorns", "brace", "bash", "dust_def"),
                                              ("reform", "paradox", "channel", "hex", "dust_speed")],
                        [(6, 6), (0, 0)], [("O1",), ("D1",)], order=(1, 0), first_draw=("S2", "S3"))
    s = run(explorer.new_game(GID, 2, {"start_hand": 0}), steps[:-4] + steps[-2:])   # no deal with start_hand 0
    assert s.data.phase == "action" and s.current_player == 1 and s.data.heroes[1].hand == ("S2", "S3")


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"spawns": [(0, 0)]}, "spawns"), ({"order": (0, 0)}, "order"),
    ({"bloodlines": [("storm",), ("aegis",)]}, "five picks")])
def test_a_malformed_setup_is_refused_before_any_step(kwargs, word):
    args = {"heroes": STORY_HEROES, "bloodlines": STORY_BLOODLINES, "spawns": STORY_SPAWNS, "hands": STORY_HANDS}
    with pytest.raises(ValueError, match=word):
        setup_steps(**{**args, **kwargs})


def test_a_position_puts_the_heroes_where_asked_and_the_engine_checks_every_action():
    s = position(("gale", "bulwark"), ((0, 0), (0, 1)), stamina=5, steps=2, hands=(("O1",), ()))
    assert s.current_player == 0 and s.data.phase == "action"
    gale, bulwark = s.data.heroes
    assert (gale.pos, gale.stamina, gale.steps, gale.attacks, gale.hand) == ((0, 0), 5, 2, 1, ("O1",))
    assert (gale.hp, bulwark.hp) == (sample().heroes["gale"]["hp"], sample().heroes["bulwark"]["hp"])
    with pytest.raises(IllegalAction) as err:
        step(s, "move", to=(0, 1))              # the other hero is an obstacle
    assert err.value.clause == "MB-term-6-obstacle"
    hit = step(s, "attack", target=1)
    assert hit.data.heroes[1].hp == bulwark.hp - sample().heroes["gale"]["atk"]


def test_with_hero_changes_one_hero_and_reads_status_tuples():
    s = with_hero(position(), 1, shield=3, statuses=(("root", 1, 1, True, 0),))
    assert s.data.heroes[1].shield == 3 and s.data.heroes[1].statuses[0].name == "root"
    assert s.data.heroes[0] == position().data.heroes[0]


def test_events_since_lists_the_new_events_with_their_clauses():
    s = position()
    after = step(s, "move", to=(1, 0))
    lines = events_since(s, after)
    assert lines and len(lines) == len(after.log) - len(s.log)
    assert any("[MB-term-5-move]" in line for line in lines)
    assert events_since(after, after) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hero_table_has_a_row_per_hero_with_its_numbers(lang):
    s = story_start()
    rows = hero_table(s, lang).splitlines()
    assert len(rows) == 2 + len(s.data.heroes)
    gale = s.data.heroes[0]
    assert f"| {gale.hp}/60 |" in rows[2] and f"| {len(gale.hand)} |" in rows[2]
    assert sample().heroes["gale"][lang] in rows[2]


def test_the_map_figure_draws_every_cell_each_hero_and_each_path_step():
    s = story_start()
    game_map = sample().maps["arena"]
    fig = map_figure(s, paths=[[(0, 3), (1, 3), (2, 3)], [(6, 3), (5, 3)]], marks={(3, 3): "x"})
    assert len(fig.layout.shapes) == game_map.width * game_map.height
    walls = [sh for sh in fig.layout.shapes if sh.fillcolor == "#445"]
    assert len(walls) == len(game_map.walls)
    heroes = {t.text[0]: (t.x[0], t.y[0]) for t in fig.data if t.mode == "markers+text"}
    assert heroes == {"P0": STORY_SPAWNS[0], "P1": STORY_SPAWNS[1]}
    arrows = [a for a in fig.layout.annotations if a.showarrow]
    assert len(arrows) == 2 + 1
    assert [a.text for a in fig.layout.annotations if not a.showarrow] == ["x"]
    special = next(t for t in fig.data if t.mode == "text")
    assert len(special.x) == len(game_map.special)


def test_the_map_figure_needs_a_map():
    with pytest.raises(ValueError, match="MB-choice-1-mode-map"):
        map_figure(explorer.new_game(GID, 2))


def test_refusal_names_the_clause_of_an_illegal_action_and_none_for_a_legal_one():
    s = position(("gale", "bulwark"), ((0, 0), (0, 1)))
    assert refusal(s, "move", to=(0, 1)).clause == "MB-term-6-obstacle"
    assert refusal(s, "move", 1, to=(1, 1)).clause == "MB-turn-phases"      # not P1's action phase
    assert refusal(s, "move", to=(1, 0)) is None


def test_a_position_may_give_the_heroes_bloodlines_whose_static_pieces_count():
    s = position(("gale", "bulwark"), ((0, 0), (6, 6)), pieces=STORY_BLOODLINES)
    view = s.view(None, with_log=False)["players"]
    gale, bulwark = sample().heroes["gale"], sample().heroes["bulwark"]
    assert (view[0]["speed"], view[0]["range"]) == (gale["speed"] + 2, gale["range"] + 1)
    assert s.data.heroes[1].hp == bulwark["hp"] + 6 + 4 + 4          # vigor, anchor, vital dust


def test_the_hero_table_shows_a_dead_hero_off_the_map():
    s = with_hero(position(), 1, alive=False, pos=None)
    assert "| P1 | Bulwark | — |" in hero_table(s)
