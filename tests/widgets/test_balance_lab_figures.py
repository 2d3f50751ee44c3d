"""Issue 32 item 6: the Balance tab shows how the games ended (and warns when most hit the bots' limits), win / draw
/ loss by seat with a "finished games only" switch, the first player's advantage as paired differences with the
tests named, and readable facet names — in English and 中文. Tables are made by hand with the columns
balance.summary reads, so each count is known."""

from __future__ import annotations

import html
import re

import pandas as pd
import pytest

from balance.summary import first_player, summarise
from widgets.balance.figures import WORDS
from widgets.balance.lab import BalanceLab
from widgets.components.plotly_bundle import PLOTLY_MIME


def table(ends: list[str], players: int = 2) -> pd.DataFrame:
    """One row per game: "0", "1"… (that seat won), "capped" (a draw at the bots' limits) or "draw" (nobody won).
    Seat 0 moves first in even games, seat 1 in odd ones; identity_dealt is "lord" for seat 0, "rebel" otherwise."""
    rows = []
    for g, end in enumerate(ends):
        first = g % 2
        row = {"game": g, "seed": g, "players": players, "variant": "{}", "draw": not end.isdigit(),
               "capped": end == "capped", "cap": "rounds" if end == "capped" else "",
               "ended": "capped" if end == "capped" else "victory"}
        for p in range(players):
            row[f"win_{p}"] = end == str(p)
            row[f"turn_{p}"] = (p - first) % players
            row[f"bot_{p}"] = "greedy"
            row[f"identity_dealt_{p}"] = "lord" if p == 0 else "rebel"
        rows.append(row)
    return pd.DataFrame(rows)


def shown(lab: BalanceLab, table_: pd.DataFrame, lang: str = "en") -> BalanceLab:
    lab.lang = lang
    lab.table, lab.other, lab.source = table_, None, ("file", "t.parquet")
    lab._draw()
    return lab


def figure(out) -> dict:
    assert len(out.outputs) == 1
    return out.outputs[0]["data"][PLOTLY_MIME]


def text(widget) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("capped", "warned"), [(0, False), (5, False), (6, True), (10, True)])
def test_the_endings_line_warns_exactly_when_most_games_hit_the_bots_limits(lang, capped, warned):
    ends = ["capped"] * capped + ["0", "1"] * 5
    lab = shown(BalanceLab("castle_heart"), table(ends[:10]), lang)
    line = text(lab._endings)
    decisive = 10 - capped
    if lang == "en":
        assert "How the games ended" in line and f"decisive {decisive} ({decisive * 10}%)" in line
        assert f"draws {capped} ({capped * 10}%)" in line
        assert ("Most games hit the bots' limits: these results describe capped games" in line) is warned
    else:
        assert "对局如何结束" in line and f"分出胜负 {decisive} 局（{decisive * 10}%）" in line
        assert ("大多数对局触及机器人的上限：以下结果描述的是被截断的对局" in line) is warned
    assert ("re-balance-warning" in lab._endings.value) is warned
    assert (f"{capped} ({capped * 10}%)" in line or f"{capped} 局（{capped * 10}%）" in line) if capped else True


def test_draws_that_are_not_capped_count_towards_the_warning_too():
    lab = shown(BalanceLab("castle_heart"), table(["draw"] * 6 + ["0"] * 4))
    assert "re-balance-warning" in lab._endings.value and "stopped by the bots' limits" not in text(lab._endings)
    lab = shown(lab, table(["draw"] * 5 + ["0"] * 5))
    assert "re-balance-warning" not in lab._endings.value


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_seat_chart_stacks_win_draw_and_loss_with_the_fair_line_and_can_leave_draws_out(lang):
    df = table(["0", "0", "0", "1", "capped", "capped", "draw", "0"])
    lab = shown(BalanceLab("castle_heart"), df, lang)
    words = {k: w[lang == "zh"] for k, w in WORDS.items()}
    fig = figure(lab._charts)
    assert fig["layout"]["title"]["text"] == words["seats_title"]
    bars = {tr["name"]: tr for tr in fig["data"]}
    assert set(bars) == {words["w"], words["d"], words["l"]}
    rates = summarise(df)["seat"]
    assert bars[words["w"]]["y"] == [r.rate for r in rates]  # seat 0 won 4 of 8, seat 1 won 1 of 8
    assert bars[words["w"]]["y"] == [0.5, 0.125] and bars[words["d"]]["y"] == [0.375, 0.375]
    assert bars[words["w"]]["error_y"]["array"] == [r.interval[1] - r.rate for r in rates]
    for s in range(2):  # win + draw + loss = every game of the seat
        assert sum(bars[k]["y"][s] for k in bars) == pytest.approx(1.0)
        assert bars[words["l"]]["base"][s] == pytest.approx(bars[words["w"]]["y"][s] + bars[words["d"]]["y"][s])
    fair = [sh for sh in fig["layout"]["shapes"] if sh["y0"] == sh["y1"]]
    assert len(fair) == 1 and fair[0]["y0"] == pytest.approx(rates[0].fair)

    lab._finished.value = True  # the switch in the page, as a click sends it
    assert lab.finished_only
    fig = figure(lab._charts)
    assert fig["layout"]["title"]["text"] == words["seats_finished"]
    bars = {tr["name"]: tr for tr in fig["data"]}
    kept = summarise(df, finished_only=True)["seat"]
    assert words["d"] not in bars and bars[words["w"]]["y"] == [r.rate for r in kept] == [0.8, 0.2]
    assert lab._finished.description == words["finished_only"]
    lab.finished_only = False
    assert not lab._finished.value and figure(lab._charts)["layout"]["title"]["text"] == words["seats_title"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_with_no_finished_game_the_finished_view_says_so(lang):
    lab = shown(BalanceLab("castle_heart"), table(["capped"] * 4), lang)
    assert len(lab._charts.outputs) == 1
    lab.finished_only = True
    assert lab._charts.outputs == () and lab._first.outputs == ()
    assert WORDS["no_finished"][lang == "zh"] in text(lab._first_note)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_first_players_advantage_is_a_dot_with_its_interval_per_later_place_and_names_its_tests(lang):
    df = table(["0", "1", "0", "0", "1", "0", "capped", "0", "1", "1", "0", "0"], players=3)
    lab = shown(BalanceLab("castle_heart"), df, lang)
    pairs = first_player(df)
    fig = figure(lab._first)
    (dots,) = fig["data"]
    assert dots["y"] == (["1st − 2nd", "1st − 3rd"] if lang == "en" else ["第1位 − 第2位", "第1位 − 第3位"])
    assert dots["x"] == [100 * x.diff for x in pairs]
    assert dots["error_x"]["array"] == [pytest.approx(100 * x.interval[1] - 100 * x.diff) for x in pairs]
    assert dots["error_x"]["arrayminus"] == [pytest.approx(100 * x.diff - 100 * x.interval[0]) for x in pairs]
    assert fig["layout"]["title"]["text"] == WORDS["first"][lang == "zh"]
    caption = text(lab._first_note)
    names = (["Agresti–Min interval", "McNemar's exact test", "Holm"] if lang == "en"
             else ["阿格雷斯蒂–明", "麦克尼马尔精确检验", "霍尔姆校正"])
    assert all(n in caption for n in names), caption


def test_a_table_without_a_turn_order_has_no_first_player_figure():
    df = table(["0", "1", "0"]).drop(columns=["turn_0", "turn_1"])
    lab = shown(BalanceLab("castle_heart"), df)
    assert len(lab._charts.outputs) == 1 and lab._first.outputs == () and lab._first_note.value == ""


@pytest.mark.parametrize(("lang", "names", "raw"), [
    ("en", ["by turn order", "1st (moved first)", "2nd", "by identity dealt", "greedy"],
     ["identity_dealt", "by turn ·"]),
    ("zh", ["按行动顺序", "第1位（先手）", "第2位", "按发到的身份", "贪心"],
     ["identity_dealt", "1st", "turn", "greedy"])])
def test_facets_are_named_for_a_person(lang, names, raw):
    lab = shown(BalanceLab("castle_heart"), table(["0", "1", "1", "capped"]), lang)
    summary = text(lab._summary)
    assert all(n in summary for n in names), summary
    assert not any(r in summary for r in raw), summary


def test_every_new_label_is_whole_in_each_language():
    for key, (en, zh) in WORDS.items():
        assert not re.search(r"[\u3000-\u9fff\uff00-\uffef]", en), key
        # a lone "p" (p 值) is the notation, not an English word
        assert not re.search(r"[A-Za-z]{2,}", re.sub(r"{[^}]*}", "", zh)), key
        assert (set(re.findall(r"{(\w+)", en)) == set(re.findall(r"{(\w+)", zh))) or key == "place", key
