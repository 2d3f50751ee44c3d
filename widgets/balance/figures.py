"""What the Balance tab draws from a study's table (balance.summary): how the games ended, with a warning
when most of them hit the bots' limits; win / draw / loss by seat with the fair line; the first player against
each later place as paired differences (a dot and its whiskers). Labels in English and 中文 (``WORDS``, merged
into widgets.balance.lab's); every function takes the page's words ``t`` (``T[lang]`` of that module)."""

from __future__ import annotations

import html

import plotly.graph_objects as go

from balance.summary import ending, finished, first_player, summarise

WORDS = {  # key: (English, 中文)
    "ended": ("How the games ended", "对局如何结束"),
    "decisive": ("decisive {n} ({p})", "分出胜负 {n} 局（{p}）"),
    "draws": ("draws {n} ({p})", "平局 {n} 局（{p}）"),
    "capped": ("of them stopped by the bots' limits {n} ({p})", "其中因机器人上限而停止 {n} 局（{p}）"),
    "mostly_capped": ("Most games hit the bots' limits: these results describe capped games, not finished ones.",
                      "大多数对局触及机器人的上限：以下结果描述的是被截断的对局，而不是下完的对局。"),
    "seats_title": ("Win / draw / loss by seat", "各座位的胜 / 平 / 负"),
    "seats_finished": ("Win / loss by seat · finished games only", "各座位的胜 / 负 · 仅分出胜负的对局"),
    "w": ("win", "胜"), "d": ("draw", "平"), "l": ("loss", "负"),
    "finished_only": ("Finished games only (draws left out)", "仅统计分出胜负的对局（去掉平局）"),
    "no_finished": ("No game was finished: with the draws left out there is nothing to show.",
                    "没有分出胜负的对局：去掉平局后没有可显示的结果。"),
    "first": ("First player's advantage", "先手优势"),
    "first_axis": ("win rate difference (percentage points)", "胜率之差（百分点）"),
    "first_hover": ("{d:+.1f} points, 95 % interval [{lo:+.1f}, {hi:+.1f}], p (Holm) {p:.3g}",
                    "{d:+.1f} 个百分点，95% 区间 [{lo:+.1f}, {hi:+.1f}]，校正后的 p 值 {p:.3g}"),
    "first_caption": ("Each dot is the first player's win rate minus a later place's, on the same games; left of 0 "
                      "the later place wins more. Whiskers: 95 % Agresti–Min interval; test: McNemar's exact test, "
                      "Holm-corrected over the later places.",
                      "每个点是先手的胜率减去某个后手位置的胜率（同一批对局）；在 0 左侧表示后手位置赢得更多。"
                      "须线：阿格雷斯蒂–明 95% 区间；检验：麦克尼马尔精确检验，并对各后手位置作霍尔姆校正。"),
    "differs": ("differs beyond chance", "差异超出偶然"),
    "turn": ("turn order", "行动顺序"), "identity_dealt": ("identity dealt", "发到的身份"),
    "moved_first": ("moved first", "先手"),
    "place": ("{nth}", "第{n}位"), "paren": (" ({})", "（{}）"), "colon": (": ", "："), "sep": ("; ", "；"),
    # issue 32 items 4 and 6: what-if, facets, tests, cards, matchups, length
    "whatif": ("What if: {name} − as the document reads", "如果：{name} − 按文档默认"),
    "whatif_caption": ("Each dot is a rate under the other reading minus the same rate as the document reads, on the "
                       "same seeds (the same deals), game by game. Whiskers: 95 % Agresti–Min interval; test: "
                       "McNemar's exact test, Holm-corrected over the rates shown.",
                       "每个点是另一种解读下的比率减去按文档默认的同一比率（同样的种子、同样的发牌，逐局配对）。"
                       "须线：阿格雷斯蒂–明 95% 区间；检验：麦克尼马尔精确检验，并对所示比率作霍尔姆校正。"),
    "seat_win": ("{seat} win", "{seat}胜"), "place_win": ("{place} win", "{place}胜"), "draw_rate": ("draw", "平局"),
    "facet_pick": ("Win rate by", "胜率按"),
    "facet_title": ("Win rate by {facet}", "按{facet}的胜率"),
    "facet_caption": ("Per game, with its Wilson 95 % interval; the dash is the value's fair rate (its chance if the "
                      "value did not matter); a diamond: differs from fair (score test, Holm over the values).",
                      "按局计，附威尔逊 95% 区间；短横线为公平线（该取值无关紧要时的机会）；菱形：与公平线有差异"
                      "（得分检验，对各取值作霍尔姆校正）。"),
    "tests_title": ("Does the win rate differ between the values?", "各取值的胜率是否不同？"),
    "tests_head": ("facet|test|statistic|df|p|p (Holm over facets)|",
                   "分面|检验|统计量|自由度|p 值|p 值（对各分面作霍尔姆校正）|"),
    "cochran": ("Cochran's Q", "科克伦 Q 检验"), "chi2": ("chi-square of homogeneity", "卡方齐性检验"),
    "screen": (" (a screen: values that share a game are not independent)", "（仅作筛查：同局的取值并不独立）"),
    "cards_title": ("Win rate when a card was played vs not", "打出某牌与未打出时的胜率"),
    "played": ("played", "打出"), "not_played": ("not played", "未打出"),
    "cards_caption": ("Per game: the games where some seat played the card (won when one of them won) against those "
                      "where some seat did not; whiskers: Wilson 95 %; n: games. Test: the exact conditional "
                      "(Poisson-binomial) test of the played seats' wins against their chance if the card did not "
                      "matter, Holm-corrected over all {m} cards; a diamond: differs. The {k} smallest p are shown. "
                      "An association, not a cause: a seat that lives longer plays more cards.",
                      "按局计：有座位打出该牌的对局（其中一人获胜即算胜）对比有座位未打出的对局；须线：威尔逊 95%；"
                      "n：局数。检验：精确条件检验（泊松二项），比较打出者的胜局与该牌无关紧要时的机会，并对全部 {m} "
                      "张牌作霍尔姆校正；菱形：有差异。显示 p 值最小的 {k} 张。这是相关而非因果：活得更久的座位会打出"
                      "更多牌。"),
    "cards_hover": ("{what}: {r:.1%} [{lo:.1%}, {hi:.1%}], {w}/{n} games; p {p:.3g}, Holm {q:.3g}",
                    "{what}：{r:.1%} [{lo:.1%}, {hi:.1%}]，{w}/{n} 局；p 值 {p:.3g}，校正后 {q:.3g}"),
    "matchup_title": ("{facet} × {facet}: the row's win rate against the column", "{facet} × {facet}：行对列的胜率"),
    "matchup_caption": ("Cell: the row's win rate in the games where it met the column (per game): blue above the "
                        "fair rate, red below; the number is the games it rests on; ★: differs from the row's fair "
                        "chance (exact conditional test, Holm over "
                        "the {m} {what}). Empty: they never met.",
                        "格子：行在与列相遇的对局中的胜率（按局计）：高于公平线为蓝，低于为红；数字为所依据的局数；★：与行的公平机会有差异（精确条件"
                        "检验，对 {m} 个{what}作霍尔姆校正）。空白：从未相遇。"),
    "pairs": ("pairs", "对组合"), "cells": ("cells", "格子"),
    "matchup_hover": ("{a} vs {b}: {r:.1%} [{lo:.1%}, {hi:.1%}], {w}/{n} games, fair {f:.1%}; p {p:.3g}, Holm {q:.3g}",
                      "{a} 对 {b}：{r:.1%} [{lo:.1%}, {hi:.1%}]，{w}/{n} 局，公平 {f:.1%}；"
                      "p 值 {p:.3g}，校正后 {q:.3g}"),
    "length_title": ("Win rate against game length ({measure})", "胜率与对局长度（{measure}）"),
    "rounds": ("rounds", "轮数"), "steps": ("steps", "步数"),
    "length_caption": ("Each place's win rate per length bin (Wilson 95 %), and the draws. Test: the linear-by-linear "
                       "association (Mantel–Haenszel trend) test of the first player's win against the length over "
                       "the {n} finished games: r = {r:+.2f}, M² = {m:.2f}, df 1, p = {p:.3g}.",
                       "各行动位置在每个长度区间的胜率（威尔逊 95%）及平局。检验：先手胜负与长度的线性趋势检验"
                       "（曼特尔–亨塞尔趋势检验），基于 {n} 局分出胜负的对局：r = {r:+.2f}，M² = {m:.2f}，自由度 1，"
                       "p = {p:.3g}。"),
    "length_none": ("Each place's win rate per length bin (Wilson 95 %), and the draws. Too few finished games of "
                    "different lengths for the trend test.",
                    "各行动位置在每个长度区间的胜率（威尔逊 95%）及平局。"
                    "分出胜负且长度不同的对局太少，无法做趋势检验。"),
    "games_n": ("{n} games", "{n} 局"),
}
COLOURS = {"w": ("#2a6fb0", "#d9822b"), "d": "#9aa5b1", "l": "#e8ecf0"}  # wins per table; draws; losses


def place(k: int, t: dict) -> str:
    """The k-th place in the turn order (0 = the seat that moved first): "1st", "第1位"."""
    n = k + 1
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return t["place"].format(n=n, nth=f"{n}{suffix}")


def place_label(name: str, n: int, t: dict) -> str:
    """A place as summary.by_turn names it ("1st (moved first)", "2nd"…) in the page's words."""
    from balance.summary import place_name

    k = next((k for k in range(n) if place_name(k) == name), None)
    if k is None:
        return name
    return place(k, t) + (t["paren"].format(t["moved_first"]) if k == 0 else "")


def mostly_capped(ends: dict) -> bool:
    """More than half of the games are draws or stopped by the bots' limits."""
    return 2 * max(ends["draws"], ends["capped"]) > ends["games"]


def endings_html(df, t: dict) -> str:
    """One line (and a small bar) of how the games ended; the warning when most games hit the bots' limits."""
    e = ending(df)
    n = e["games"] or 1
    pct = {k: f"{e[k] / n:.0%}" for k in ("decisive", "draws", "capped")}
    parts = [t["decisive"].format(n=e["decisive"], p=pct["decisive"]), t["draws"].format(n=e["draws"], p=pct["draws"])]
    if e["capped"]:
        parts.append(t["capped"].format(n=e["capped"], p=pct["capped"]))
    sep, colon = t["sep"], t["colon"]
    other = max(e["draws"] - e["capped"], 0)
    bar = "".join(f"<span style='flex:{k} 0 0;background:{c}' title='{html.escape(title)}'></span>"
                  for k, c, title in ((e["decisive"], COLOURS["w"][0], parts[0]), (e["capped"], "#d9822b", parts[-1]),
                                      (other, COLOURS["d"], parts[1])) if k)
    out = (f"<div class='re-balance-endings'><b>{html.escape(t['ended'])}</b>{colon}"
           f"{html.escape(sep.join(parts))}"
           f"<div style='display:flex;height:8px;max-width:420px;margin:4px 0;border-radius:4px;overflow:hidden'>"
           f"{bar}</div></div>")
    if mostly_capped(e):
        out += (f"<div class='re-balance-warning' role='alert' style='background:#fff3cd;border-left:4px solid "
                f"#d9822b;padding:6px 10px;margin:4px 0'>⚠ {html.escape(t['mostly_capped'])}</div>")
    return out


def _layout(fig: go.Figure, title: str, height: int) -> None:
    fig.update_layout(title={"text": title, "font": {"size": 14}}, height=height, autosize=True,
                      margin={"l": 40, "r": 10, "t": 40, "b": 30},
                      legend={"orientation": "h", "yanchor": "top", "y": -0.12, "x": 0})


def seat_figure(tables, t: dict, finished_only: bool = False) -> go.Figure | None:
    """Win (with its Wilson interval), draw and loss shares by seat, stacked, one group per table; the fair line.
    None when no game is left to show (finished only, none finished)."""
    fig = go.Figure()
    fair = None
    for i, (name, df) in enumerate(tables):
        rates = summarise(df, finished_only=finished_only).get("seat")
        if not rates:
            continue
        fair = rates[0].fair if fair is None else fair
        x = [f"{t['seat']} {j}" for j in range(len(rates))]
        win = [r.rate for r in rates]
        draw = [r.draw_rate for r in rates]
        loss = [max(0.0, 1 - w - d) for w, d in zip(win, draw, strict=True)]
        suffix = f" · {name}" if len(tables) > 1 else ""
        common = {"x": x, "offsetgroup": str(i), "hovertemplate": "%{y:.1%} (%{customdata})<extra>%{fullData.name}"
                                                                   "</extra>"}
        fig.add_bar(name=t["l"], y=loss, base=[w + d for w, d in zip(win, draw, strict=True)],
                    marker={"color": COLOURS["l"], "line": {"color": "#c5ccd3", "width": 1}}, legendgroup="l",
                    legendrank=3, showlegend=i == 0,
                    customdata=[f"{r.games - r.wins - r.draws}/{r.games}" for r in rates], **common)
        if any(draw):
            fig.add_bar(name=t["d"], y=draw, base=win, marker={"color": COLOURS["d"]}, legendgroup="d", legendrank=2,
                        showlegend=i == 0, customdata=[f"{r.draws}/{r.games}" for r in rates], **common)
        fig.add_bar(name=t["w"] + suffix, y=win, legendrank=1, marker={"color": COLOURS["w"][i % 2]},
                    error_y={"type": "data", "symmetric": False, "color": "#333",
                             "array": [r.interval[1] - r.rate for r in rates],
                             "arrayminus": [r.rate - r.interval[0] for r in rates]},
                    customdata=[f"{r.wins}/{r.games}" for r in rates], **common)
    if fair is None:
        return None
    fig.add_hline(y=fair, line_dash="dot", annotation_text=f"{t['fair']} {fair:.1%}", annotation_position="top left")
    _layout(fig, t["seats_finished" if finished_only else "seats_title"], 340)
    fig.update_layout(yaxis={"tickformat": ".0%", "range": [0, 1]}, barmode="group")
    return fig


def paired_figure(groups, t: dict, title: str, axis: str) -> go.Figure | None:
    """Paired differences in percentage points: a dot with its Agresti–Min whiskers per row, one colour per group;
    ``groups``: [(name, [(label, Paired)…])…]. None when there is no row."""
    fig = go.Figure()
    rows, ends = 0, [-5.0, 5.0]
    for i, (name, items) in enumerate(groups):
        if not items:
            continue
        rows = max(rows, len(items))
        pairs = [x for _, x in items]
        d = [100 * x.diff for x in pairs]
        ends = [min(ends[0], *(100 * x.interval[0] for x in pairs)),
                max(ends[1], *(100 * x.interval[1] for x in pairs))]
        fig.add_scatter(
            name=name, x=d, y=[label for label, _ in items], mode="markers",
            marker={"size": 10, "color": COLOURS["w"][i % 2],
                    "symbol": ["diamond" if x.p_holm < 0.05 else "circle" for x in pairs]},
            error_x={"type": "data", "symmetric": False, "color": COLOURS["w"][i % 2],
                     "array": [100 * x.interval[1] - v for x, v in zip(pairs, d, strict=True)],
                     "arrayminus": [v - 100 * x.interval[0] for x, v in zip(pairs, d, strict=True)]},
            customdata=[t["first_hover"].format(d=v, lo=100 * x.interval[0], hi=100 * x.interval[1], p=x.p_holm)
                        + (f" · {t['differs']}" if x.p_holm < 0.05 else "") for x, v in zip(pairs, d, strict=True)],
            hovertemplate="%{customdata}<extra>%{fullData.name}</extra>", showlegend=len(groups) > 1)
    if not rows:
        return None
    fig.add_vline(x=0, line_dash="dot", line_color="#666")
    _layout(fig, title, 110 + 36 * rows * len(groups))
    fig.update_layout(xaxis={"title": {"text": axis, "font": {"size": 12}}, "zeroline": False,
                             "range": [max(-106.0, ends[0] - 6), min(106.0, ends[1] + 6)]},
                      yaxis={"autorange": "reversed", "type": "category", "ticksuffix": "  ", "automargin": True},
                      margin={"l": 96, "b": 52})
    if len(groups) > 1:
        fig.update_layout(scattermode="group", legend={"y": -0.3})
    return fig


def first_player_figure(tables, t: dict, finished_only: bool = False) -> go.Figure | None:
    """The first player minus each later place, in percentage points, a dot with its Agresti–Min whiskers per
    table; None when the table has no turn order."""
    groups = [(name, [(f"{place(0, t)} − {place(k + 1, t)}", x)
                      for k, x in enumerate(first_player(finished(df) if finished_only else df))])
              for name, df in tables]
    return paired_figure(groups, t, t["first"], t["first_axis"])


def whatif_figure(base, other, name: str, t: dict) -> go.Figure | None:
    """The what-if's paired differences (balance.compare): each seat's win, each place's, the draws."""
    from balance.compare import compare

    def label(rate: str) -> str:
        words = rate.split()
        if words[0] == "seat":
            return t["seat_win"].format(seat=f"{t['seat']} {words[1]}")
        if words[0] == "draw":
            return t["draw_rate"]
        k = next(k for k in range(16) if place(k, {"place": "{nth}"}) == words[0])
        return t["place_win"].format(place=place(k, t))

    items = [(label(x.name), x) for x in compare(base, other)]
    return paired_figure([(name, items)], t, t["whatif"].format(name=name), t["first_axis"])


def facet_figure(tables, facet: str, title: str, name, t: dict) -> go.Figure | None:
    """Each value's per-game win rate (Wilson whiskers) and its fair rate (a dash), one colour per table; a diamond
    where the value differs from fair. ``name(value)``: the value as a person reads it."""
    fig = go.Figure()
    for i, (label, df) in enumerate(tables):
        rates = summarise(df).get(facet)
        if not rates:
            continue
        x = [name(r.name) for r in rates]
        suffix = f" · {label}" if len(tables) > 1 else ""
        fig.add_bar(name=t["w"] + suffix, x=x, y=[r.rate for r in rates], offsetgroup=str(i),
                    marker={"color": COLOURS["w"][i % 2]},
                    error_y={"type": "data", "symmetric": False, "color": "#333",
                             "array": [r.interval[1] - r.rate for r in rates],
                             "arrayminus": [r.rate - r.interval[0] for r in rates]},
                    customdata=[f"{r.wins}/{r.games}" + (f" · {t['differs']}" if r.unfair else "") for r in rates],
                    hovertemplate="%{y:.1%} (%{customdata})<extra>%{fullData.name}</extra>")
        fig.add_scatter(name=t["fair"] + suffix, x=x, y=[r.fair for r in rates], mode="markers", offsetgroup=str(i),
                        marker={"symbol": ["diamond-wide" if r.unfair else "line-ew-open" for r in rates], "size": 18,
                                "color": "#333", "line": {"width": 2, "color": "#333"}},
                        hovertemplate="%{y:.1%}<extra>%{fullData.name}</extra>", showlegend=i == 0)
    if not fig.data:
        return None
    _layout(fig, title, 340)
    fig.update_layout(yaxis={"tickformat": ".0%", "range": [0, 1]}, barmode="group", scattermode="group",
                      xaxis={"automargin": True, "type": "category"})
    return fig


def card_figure(cards, name, t: dict, top: int = 12) -> go.Figure | None:
    """The ``top`` cards of smallest p (balance.analysis.card_rates): per card the played and the
    not-played rate, each a dot with its Wilson whiskers, the fair rate of the played side a dash."""
    shown = cards[:top]
    if not shown:
        return None
    fig = go.Figure()
    y = [name(c.card) for c in shown]
    for i, (key, pick) in enumerate((("played", lambda c: c.played), ("not_played", lambda c: c.not_played))):
        rates = [pick(c) for c in shown]
        fig.add_scatter(
            name=t[key], x=[r.rate for r in rates], y=y, mode="markers",
            marker={"size": 10, "color": COLOURS["w"][i], "symbol": ["diamond" if c.differs and i == 0 else "circle"
                                                                     for c in shown]},
            error_x={"type": "data", "symmetric": False, "color": COLOURS["w"][i],
                     "array": [r.interval[1] - r.rate for r in rates],
                     "arrayminus": [r.rate - r.interval[0] for r in rates]},
            customdata=[t["cards_hover"].format(what=t[key], r=r.rate, lo=r.interval[0], hi=r.interval[1],
                                                w=r.wins, n=r.games, p=c.p, q=c.p_holm)
                        for r, c in zip(rates, shown, strict=True)],
            hovertemplate="%{customdata}<extra></extra>")
    fig.add_scatter(name=t["fair"], x=[c.played.fair for c in shown], y=y, mode="markers",
                    marker={"symbol": "line-ns-open", "size": 14, "color": "#333", "line": {"width": 2}},
                    hovertemplate="%{x:.1%}<extra>%{fullData.name}</extra>")
    _layout(fig, t["cards_title"], 120 + 30 * len(shown))
    fig.update_layout(xaxis={"tickformat": ".0%", "range": [-0.02, 1.02]}, scattermode="group",
                      yaxis={"autorange": "reversed", "type": "category", "automargin": True, "ticksuffix": " "},
                      legend={"y": -0.25 if len(shown) < 5 else -0.1})
    return fig


def matchup_figure(values, cells, name, title: str, t: dict) -> go.Figure | None:
    """A heatmap of the row's win rate against the column (balance.analysis.matchups): the colour is the
    rate (white at the cells' mean fair rate, blue above, red below), the number the games it rests on, a ★ where it
    differs from fair; blank where they never met."""
    if not cells:
        return None
    labels = [name(v) for v in values]
    z, text, hover = [], [], []
    for a in values:
        z.append([cells[(a, b)].rate.rate if (a, b) in cells else None for b in values])
        text.append([(f"{cells[(a, b)].rate.games}" + ("★" if cells[(a, b)].differs else "")) if (a, b) in cells
                     else "" for b in values])
        hover.append([t["matchup_hover"].format(a=name(a), b=name(b), r=c.rate.rate, lo=c.rate.interval[0],
                                                hi=c.rate.interval[1], w=c.rate.wins, n=c.rate.games, f=c.rate.fair,
                                                p=c.p, q=c.p_holm) if (c := cells.get((a, b))) else ""
                      for b in values])
    fair = sum(c.rate.fair for c in cells.values()) / len(cells)  # the colour turns at the fair rate
    fig = go.Figure(go.Heatmap(z=z, x=labels, y=labels, text=text, texttemplate="%{text}", customdata=hover,
                               hovertemplate="%{customdata}<extra></extra>", zmin=max(0.0, 2 * fair - 1),
                               zmax=min(1.0, 2 * fair) if fair > 0 else 1.0, colorscale="RdBu",
                               xgap=1, ygap=1, colorbar={"tickformat": ".0%", "thickness": 10, "len": 0.8}))
    _layout(fig, title, 160 + 34 * len(values))
    fig.update_layout(yaxis={"autorange": "reversed", "automargin": True, "type": "category"},
                      xaxis={"automargin": True, "type": "category", "tickangle": -45}, plot_bgcolor="#f4f6f8")
    return fig


def length_figure(bins, measure: str, t: dict, name) -> go.Figure | None:
    """Per length bin, each place's (or seat's) win rate with its Wilson whiskers, and the draws as grey bars."""
    if len(bins) < 2:
        return None
    fig = go.Figure()
    x = [b.label for b in bins]
    fig.add_bar(name=t["d"], x=x, y=[b.draws / b.games for b in bins], marker={"color": COLOURS["d"]}, opacity=0.5,
                customdata=[f"{b.draws}/{b.games}" for b in bins],
                hovertemplate="%{y:.1%} (%{customdata})<extra>%{fullData.name}</extra>")
    for k in range(len(bins[0].rates)):
        rates = [b.rates[k] for b in bins]
        fig.add_scatter(name=name(rates[0].name), x=x, y=[r.rate for r in rates], mode="lines+markers",
                        error_y={"type": "data", "symmetric": False, "array": [r.interval[1] - r.rate for r in rates],
                                 "arrayminus": [r.rate - r.interval[0] for r in rates]},
                        customdata=[f"{r.wins}/{r.games}" for r in rates],
                        hovertemplate="%{y:.1%} (%{customdata})<extra>%{fullData.name}</extra>")
    _layout(fig, t["length_title"].format(measure=t[measure]), 340)
    fig.update_layout(yaxis={"tickformat": ".0%", "range": [0, 1]}, xaxis={"type": "category"})
    return fig
