"""Issue 32 items 4–6 in the Balance tab: the what-if as paired differences, a chart per facet with the homogeneity
tests named, cards played vs not, the matchup heatmap, the win rate against game length, and one game of the study
opened in the Play tab (its link replays it; the table shows Player 0's own view) — in English and 中文."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs

import pandas as pd
import pytest
import traitlets

from balance import Study, compare, replay, run
from balance.analysis import by_length, card_label, card_rates, length_trend, matchups
from balance.summary import homogeneity_tests, summarise
from explorer.links import from_link
from widgets.balance.lab import BalanceLab, T
from widgets.components.plotly_bundle import PLOTLY_MIME


def figure(out) -> dict:
    assert len(out.outputs) == 1
    return out.outputs[0]["data"][PLOTLY_MIME]


def text(widget) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


def words(lang: str) -> dict:
    return T[lang]


@pytest.fixture(scope="module")
def eb():
    """永恒之息, two greedy bots: games of varied length, cards, characters that meet."""
    return run(Study("eternal_breath", 2, 24, ("greedy",), seed=5), workers=0, progress=False)


def shown(game_id: str, df, lang: str = "en", other=None, compare_with: str = "") -> BalanceLab:
    lab = BalanceLab(game_id, lang=lang)
    if compare_with:
        lab.compare = compare_with
    lab.table, lab.other, lab.source = df, other, ("file", "t.parquet")
    lab._draw()
    return lab


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_what_if_is_shown_as_paired_differences_with_its_tests_named(lang):
    lab = BalanceLab("castle_heart", lang=lang)
    lab.games, lab.compare = 12, "distance=adjacent_all"
    lab.start(wait=True)
    pairs = compare(lab.table, lab.other)
    fig = figure(lab._whatif)
    (dots,) = fig["data"]
    assert dots["x"] == [pytest.approx(100 * x.diff) for x in pairs]
    assert len(dots["y"]) == len(pairs) == 4 + 4 + 1  # each seat's win, each place's, the draws
    assert dots["error_x"]["array"] == [pytest.approx(100 * x.interval[1] - 100 * x.diff) for x in pairs]
    w = words(lang)
    assert dots["y"][0] == w["seat_win"].format(seat=f"{w['seat']} 0") and dots["y"][-1] == w["draw_rate"]
    caption = text(lab._whatif_note)
    named = (["Agresti–Min", "McNemar's exact test", "Holm", "same seeds"] if lang == "en"
             else ["阿格雷斯蒂–明", "麦克尼马尔精确检验", "霍尔姆校正", "同样的种子"])
    assert all(n in caption for n in named), caption
    lab.compare = ""
    lab.start(wait=True)
    assert lab._whatif.outputs == () and lab._whatif_note.value == ""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_facet_is_a_chart_and_its_homogeneity_test_is_named(lang):
    df = run(Study("castle_heart", 5, 16, ("greedy",), seed=3), workers=0, progress=False)
    lab = shown("castle_heart", df, lang)
    options = [v for _, v in lab._facet_pick.options]
    assert options[0] == "turn" and {"identity", "hero", "identity_dealt"} <= set(options) and "seat" not in options
    for facet in ("turn", "identity"):
        lab._facet_pick.value = facet  # as a click in the page sends it
        assert lab.facet == facet
        fig = figure(lab._facet_out)
        rates = summarise(df)[facet]
        bars, fair = fig["data"]
        assert bars["y"] == [r.rate for r in rates] and fair["y"] == [r.fair for r in rates]
        assert bars["error_y"]["array"] == [r.interval[1] - r.rate for r in rates]
        assert bars["x"] == [lab._facet_name(facet, r.name) for r in rates]
        assert words(lang)["facet_title"].format(facet=lab._facet_pick.label) == fig["layout"]["title"]["text"]
    with pytest.raises(traitlets.TraitError):
        lab.facet = "shoe_size"
    assert lab.facet == "identity"
    table = text(lab._tests)
    tests = homogeneity_tests(df)
    assert [h.facet for h in tests][:2] == ["seat", "turn"]
    for h in tests:
        assert f"{h.statistic:.2f}" in table and f"{h.p_holm:.3g}" in table
    named = (("Cochran's Q", "chi-square of homogeneity", "Holm") if lang == "en"
             else ("科克伦 Q 检验", "卡方齐性检验", "霍尔姆"))
    assert all(n in table for n in named), table


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cards_played_vs_not_are_dots_with_intervals_and_the_test_named(eb, lang):
    lab = shown("eternal_breath", eb, lang)
    cards = card_rates(eb)
    fig = figure(lab._cards)
    played, not_played, fair = fig["data"]
    top = cards[:12]
    assert played["y"] == [card_label("eternal_breath", c.card, lang) for c in top]
    assert played["x"] == [c.played.rate for c in top] and not_played["x"] == [c.not_played.rate for c in top]
    assert played["error_x"]["array"] == [c.played.interval[1] - c.played.rate for c in top]
    assert fair["x"] == [c.played.fair for c in top]
    assert not any("_" in y for y in played["y"])  # names, never catalogue ids
    if lang == "zh":
        assert all(re.search(r"[\u4e00-\u9fff]", y) for y in played["y"])
    caption = text(lab._cards_note)
    assert str(len(cards)) in caption
    assert ("Poisson-binomial" in caption and "Holm" in caption) if lang == "en" else ("泊松二项" in caption
                                                                                      and "霍尔姆" in caption)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_matchup_heatmap_is_the_rows_win_rate_with_the_games_it_rests_on(eb, lang):
    lab = shown("eternal_breath", eb, lang)
    values, cells = matchups(eb, "character")
    (heat,) = figure(lab._matchup)["data"]
    assert heat["type"] == "heatmap" and len(heat["z"]) == len(values)
    for i, a in enumerate(values):
        for j, b in enumerate(values):
            cell = cells.get((a, b))
            assert heat["z"][i][j] == (None if cell is None else cell.rate.rate)
            assert heat["text"][i][j].rstrip("★") == ("" if cell is None else str(cell.rate.games))
    assert heat["y"] == [lab._facet_name("character", v) for v in values]
    assert ("Holm" in text(lab._matchup_note)) if lang == "en" else ("霍尔姆" in text(lab._matchup_note))
    ch = shown("castle_heart", run(Study("castle_heart", 4, 6, ("greedy",)), workers=0, progress=False), lang)
    assert ch._matchup.outputs == () and ch._matchup_note.value == ""  # sides: no hero faces one other hero


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_win_rate_against_game_length_names_its_trend_test(eb, lang):
    lab = shown("eternal_breath", eb, lang)
    bins = by_length(eb)
    fig = figure(lab._length)
    draws, *places = fig["data"]
    assert draws["x"] == [b.label for b in bins] and draws["y"] == [b.draws / b.games for b in bins]
    assert [p["y"] for p in places] == [[b.rates[k].rate for b in bins] for k in range(2)]
    trend = length_trend(eb)
    caption = text(lab._length_note)
    assert f"{trend.p:.3g}" in caption and f"{trend.r:+.2f}" in caption
    assert ("Mantel–Haenszel" in caption) if lang == "en" else ("曼特尔–亨塞尔" in caption)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_game_of_the_study_opens_in_the_play_tab_in_player_0s_own_view(eb, lang):
    """The link is the Play tab's own share link (``?play=``) of the replayed game: every action from a new game, so
    the Play table reopens exactly the study's game, at seat 0's view only."""
    from widgets.play.play_area import PlayArea

    lab = shown("eternal_breath", eb, lang)
    lab._game_pick.value = 7  # as the page sends it
    assert lab.game_index == 7
    link = re.search(r"href='\?([^']+)'", lab._open_out.value).group(1)
    fields = parse_qs(html.unescape(link))
    assert fields["lang"] == [lang]
    start, history, scenario = from_link(fields["play"][0])
    end = replay(eb.iloc[7])
    assert scenario == "" and list(start.history) == [] and history == list(end.history)
    line = text(lab._open_out)
    assert "7" in line and str(int(eb["seed"].iloc[7])) in line
    play = PlayArea("castle_heart", lang=lang, opponent="greedy")
    assert play.file.open_link(fields["play"][0])
    assert play.session.state.history == end.history and play.session.state.is_terminal
    assert play.session.private_seat == 0 and play.board.viewer == 0  # the person's own view, nobody else's
    with pytest.raises(traitlets.TraitError):
        lab.game_index = len(eb)
    assert lab.game_index == 7


def test_a_table_that_cannot_be_replayed_says_so_and_shows_the_rest():
    df = run(Study("castle_heart", 4, 3, ("greedy",)), workers=0, progress=False)
    df = df.assign(seed=df["seed"] + 1, bot_0="genius")
    lab = shown("castle_heart", df)
    assert "cannot be played again" in text(lab._open_out) and "href" not in lab._open_out.value
    assert len(lab._charts.outputs) == 1


def test_finished_games_only_applies_to_the_deeper_views_too(eb):
    lab = shown("eternal_breath", eb)
    lab.finished_only = True
    done = eb[~eb["draw"]]
    played, _, _ = figure(lab._cards)["data"]
    assert played["x"] == [c.played.rate for c in card_rates(done)[:12]]
    assert pd.Series(figure(lab._length)["data"][0]["y"]).eq(0).all()  # no draws left
