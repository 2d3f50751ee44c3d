"""What the Balance tab draws from a study's table (explorer.balance.summary): how the games ended, with a warning
when most of them hit the bots' limits; win / draw / loss by seat with the fair line; the first player against
each later place as paired differences (a dot and its whiskers). Labels in English and 中文 (``WORDS``, merged
into widgets.balance_lab's); every function takes the page's words ``t`` (``T[lang]`` of that module)."""

from __future__ import annotations

import html

import plotly.graph_objects as go

from explorer.balance.summary import ending, finished, first_player, summarise

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
}
COLOURS = {"w": ("#2a6fb0", "#d9822b"), "d": "#9aa5b1", "l": "#e8ecf0"}  # wins per table; draws; losses


def place(k: int, t: dict) -> str:
    """The k-th place in the turn order (0 = the seat that moved first): "1st", "第1位"."""
    n = k + 1
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return t["place"].format(n=n, nth=f"{n}{suffix}")


def place_label(name: str, n: int, t: dict) -> str:
    """A place as summary.by_turn names it ("1st (moved first)", "2nd"…) in the page's words."""
    from explorer.balance.summary import place_name

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


def first_player_figure(tables, t: dict, finished_only: bool = False) -> go.Figure | None:
    """The first player minus each later place, in percentage points, a dot with its Agresti–Min whiskers per
    table; None when the table has no turn order."""
    fig = go.Figure()
    rows, ends = 0, [-5.0, 5.0]
    for i, (name, df) in enumerate(tables):
        pairs = first_player(finished(df) if finished_only else df)
        if not pairs:
            continue
        rows = max(rows, len(pairs))
        y = [f"{place(0, t)} − {place(k + 1, t)}" for k in range(len(pairs))]
        d = [100 * x.diff for x in pairs]
        ends = [min(ends[0], *(100 * x.interval[0] for x in pairs)),
                max(ends[1], *(100 * x.interval[1] for x in pairs))]
        fig.add_scatter(
            name=name, x=d, y=y, mode="markers", marker={"size": 10, "color": COLOURS["w"][i % 2],
                                                         "symbol": ["diamond" if x.p_holm < 0.05 else "circle"
                                                                    for x in pairs]},
            error_x={"type": "data", "symmetric": False, "color": COLOURS["w"][i % 2],
                     "array": [100 * x.interval[1] - v for x, v in zip(pairs, d, strict=True)],
                     "arrayminus": [v - 100 * x.interval[0] for x, v in zip(pairs, d, strict=True)]},
            customdata=[t["first_hover"].format(d=v, lo=100 * x.interval[0], hi=100 * x.interval[1], p=x.p_holm)
                        + (f" · {t['differs']}" if x.p_holm < 0.05 else "") for x, v in zip(pairs, d, strict=True)],
            hovertemplate="%{customdata}<extra>%{fullData.name}</extra>", showlegend=len(tables) > 1)
    if not rows:
        return None
    fig.add_vline(x=0, line_dash="dot", line_color="#666")
    _layout(fig, t["first"], 110 + 36 * rows * len(tables))
    fig.update_layout(xaxis={"title": {"text": t["first_axis"], "font": {"size": 12}}, "zeroline": False,
                             "range": [max(-106.0, ends[0] - 6), min(106.0, ends[1] + 6)]},
                      yaxis={"autorange": "reversed", "type": "category", "ticksuffix": "  "},
                      margin={"l": 96, "b": 52})
    if len(tables) > 1:
        fig.update_layout(scattermode="group", legend={"y": -0.3})
    return fig
