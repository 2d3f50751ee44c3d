"""The card-driven MOBA's tutorial helpers: chosen setups, hand-built positions, the map as a picture.

A tutorial tells the same story on every run: every choice and every chance outcome (the turn order, each
card dealt or drawn) is written down as a step ``(kind, {params})`` and replayed through the engine with
:func:`widgets.learn.lessons.run`, which refuses anything illegal. :func:`setup_steps` writes the whole 抉择
(MB-choice-1-mode-map … MB-choice-7-first-turn) of one table; :func:`story_setup` is the table the
tutorials share. :func:`position` builds a what-if (heroes placed where a lesson needs them, in seat 0's
action phase) for situations a story does not reach; every action taken from it is checked as usual.

The pictures and tables show every hero (the narrator's view, labelled so): a tutorial explains both sides.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import plotly.graph_objects as go

import explorer
from explorer import IllegalAction, State
from explorer.games.card_moba import combat
from explorer.games.card_moba.records import Hero, Status, evolve
from widgets.games.card_moba.board import COLOURS
from widgets.learn.lessons import run, what_if

GID = "card_moba"
BLOODLINE_SLOTS = ("system", "keystone", "fragment_a", "fragment_b", "dust")

# The shared story table (notebooks 01–04): Gale 疾风 (P0) against Bulwark 巨岩 (P1) on the Arena 角斗场.
STORY_HEROES = ("gale", "bulwark")
STORY_BLOODLINES = (("storm", "cyclone", "breeze", "tempest", "dust_atk"),
                    ("aegis", "bastion", "vigor", "anchor", "dust_hp"))
STORY_SPAWNS = ((0, 3), (6, 3))
STORY_HANDS = (("M1", "O1", "D1"), ("D1", "D2", "O2"))
STORY_FIRST_DRAW = ("O2", "M1")


def setup_steps(heroes: Sequence[str], bloodlines: Sequence[Sequence[str]], spawns: Sequence[tuple],
                hands: Sequence[Sequence[str]], *, mode: str = "classic", map_id: str = "arena", score: int = 3,
                order: Sequence[int] | None = None, first_draw: Sequence[str] = ()) -> list[tuple]:
    """The choices and chance outcomes of a whole setup (抉择 1–7, then 进行), seat by seat.

    ``heroes[p]`` is seat p's hero (MB-choice-2-hero); ``bloodlines[p]`` its five picks: system, keystone,
    a fragment of each column, a dust (MB-choice-3-bloodline); ``spawns[p]`` its spawn point
    (MB-choice-6-spawn, picked in turn order); ``hands[p]`` its starting hand (MB-A03, dealt in turn order);
    ``order`` the turn order the fair chance node gives (MB-choice-5-order, seat order if None);
    ``first_draw`` the first player's draw-phase cards (MB-turn-draw), if the script should go that far.
    Seat 0 speaks for the table in the negotiated choices (MB-A07).
    """
    n = len(heroes)
    order = tuple(range(n)) if order is None else tuple(order)
    for name, value in (("bloodlines", bloodlines), ("spawns", spawns), ("hands", hands)):
        if len(value) != n:
            raise ValueError(f"{name}: one entry per seat ({n}), got {len(value)}")
    if sorted(order) != list(range(n)):
        raise ValueError(f"order must be an ordering of the seats 0..{n - 1}, got {order}")
    if any(len(b) != len(BLOODLINE_SLOTS) for b in bloodlines):
        raise ValueError(f"a bloodline is five picks: {', '.join(BLOODLINE_SLOTS)}")
    out: list[tuple] = [("mode", {"mode": mode}), ("map", {"map": map_id})]
    out += [("hero", {"hero": h}) for h in heroes]
    out += [("bloodline", {"piece": piece}) for line in bloodlines for piece in line]
    out += [("win_score", {"score": score}), ("order", {"order": order})]
    out += [("spawn", {"cell": tuple(spawns[p])}) for p in order]
    out += [("draw", {"card": c}) for p in order for c in hands[p]]
    out += [("draw", {"card": c}) for c in first_draw]
    return out


def story_setup(first_draw: bool = True) -> list[tuple]:
    """The two-player table the tutorials share: Gale (storm bloodline) and Bulwark (aegis bloodline) on the
    Arena, winning score 3, P0 first; with ``first_draw`` also P0's first two draw-phase cards (O2, M1)."""
    return setup_steps(STORY_HEROES, STORY_BLOODLINES, STORY_SPAWNS, STORY_HANDS,
                       first_draw=STORY_FIRST_DRAW if first_draw else ())


def story_start(variant: dict | None = None, first_draw: bool = True) -> State:
    """The story table replayed through the engine (a new 2-player game with ``variant``)."""
    return run(explorer.new_game(GID, 2, variant), story_setup(first_draw))


def position(heroes: Sequence[str] = STORY_HEROES, cells: Sequence[tuple] = ((0, 0), (0, 1)),
             map_id: str = "arena", variant: dict | None = None, mode: str = "classic",
             hands: Sequence[Sequence[str]] | None = None, stamina: int = 6, steps: int = 3,
             pieces: Sequence[Sequence[str]] | None = None) -> State:
    """A hand-built position: ``heroes`` stand on ``cells`` (seat order = turn order), seat 0's action phase
    with ``stamina``, ``steps`` and one attack chance each, full starting HP, ``hands`` (none by default)."""
    start = explorer.new_game(GID, len(heroes), variant)
    d = start.data
    rules = d.ruler_rules if mode == "ruler" else d.rules
    placed = []
    for i, (hid, cell) in enumerate(zip(heroes, cells, strict=True)):
        h = Hero(seat=i, hero=hid, pos=tuple(cell), spawn=tuple(cell), stamina=stamina, steps=steps, attacks=1,
                 pieces=tuple(pieces[i]) if pieces else (), hand=tuple(sorted(hands[i])) if hands else ())
        placed.append(evolve(h, hp=combat.starting_hp(h, rules.hp_cap)))
    d = evolve(d, rules=rules, phase="action", seat=0, heroes=tuple(placed), map=map_id, mode=mode, win_score=5,
               order=tuple(range(len(heroes))))
    return what_if(start, d)


def with_hero(state: State, seat: int, **changes: Any) -> State:
    """The same position with one hero changed; ``statuses`` may be given as tuples
    ``(name, layers, duration, active, source)``."""
    if "statuses" in changes:
        changes["statuses"] = tuple(Status(*x) if isinstance(x, tuple) else x for x in changes["statuses"])
    d = state.data
    return what_if(state, evolve(d, heroes=tuple(evolve(h, **changes) if h.seat == seat else h for h in d.heroes)))


def refusal(state: State, kind: str, player: int | None = None, **params: Any) -> IllegalAction | None:
    """The IllegalAction (naming its clause) the engine raises for ``kind(params)`` by ``player`` (whoever must
    act now if None), or None when the action is legal. A refusal never changes the state: checked here."""
    before = state.to_json()
    who = state.current_player if player is None else player
    try:
        state.apply(explorer.act(state.game_id, kind, who, **params))
    except IllegalAction as err:
        if state.to_json() != before:
            raise AssertionError("a refused action changed the state") from err
        return err
    return None


def events_since(before: State, after: State, lang: str = "en") -> list[str]:
    """The events ``after`` added to ``before``'s log, each as ``#id [clause] sentence``."""
    return [f"#{e.id} [{e.clause}] {e.describe(lang)}" for e in after.log[len(before.log):]]


def hero_table(state: State, lang: str = "en") -> str:
    """Every hero's numbers as a Markdown table (the narrator's view: both heroes, hand sizes only)."""
    view = state.view(None, with_log=False)
    head = {"en": "| seat | hero | cell | HP | shield | stamina | steps | attack chances | attack | defence | "
                  "speed | range | hand | score |",
            "zh": "| 座位 | 英雄 | 格子 | 生命值 | 护盾值 | 体力值 | 步数 | 攻击机会 | 攻击力 | 防御力 | 速度 | "
                  "攻击距离 | 手牌数 | 得分 |"}[lang]
    rows = [head, "|" + "---|" * 14]
    for p in view["players"]:
        cell = tuple(p["position"]) if p["position"] else "—"
        rows.append(f"| P{p['seat']} | {p['hero_' + lang] or '—'} | {cell} | {p['hp']}/{p['hp_cap']} | "
                    f"{p['shield']} | {p['stamina']}/{p['stamina_cap']} | {p['steps']} | {p['attack_chances']} | "
                    f"{p['attack_power']} | {p['defence']} | {p['speed']} | {p['range']} | {p['hand_size']} | "
                    f"{p['score']} |")
    return "\n".join(rows)


def map_figure(state: State, lang: str = "en", paths: Sequence[Sequence[tuple]] = (), title: str = "",
               marks: dict[tuple, str] | None = None) -> go.Figure:
    """The map as a plotly figure: walls dark, special cells outlined gold and named, spawn points tinted,
    heroes as coloured discs (P0, P1, …). ``paths`` are trajectories (lists of cells) drawn as arrows, the
    k-th in the colour of seat k (an empty path skips a colour); ``marks`` labels chosen cells in their top
    right corner (e.g. ``{(3, 3): "✗"}``). y grows downward, as in the rows of the map file."""
    view = state.view(None, with_log=False)
    m = view["map"]
    if m is None:
        raise ValueError("no map chosen yet (MB-choice-1-mode-map)")
    words = {"en": ("wall", "spawn", "special cell"), "zh": ("墙体", "出生点", "特殊格子")}[lang]
    fig = go.Figure()
    walls = {tuple(c) for c in m["walls"]}
    spawns = {tuple(c) for c in m["spawns"]}
    special = {tuple(s["cell"]): s[lang] for s in m["special"]}
    for y in range(m["height"]):
        for x in range(m["width"]):
            colour = "#445" if (x, y) in walls else "#eef6ee" if (x, y) in spawns else "white"
            line = {"color": "#e8c547", "width": 4} if (x, y) in special else {"color": "#ccd", "width": 1}
            fig.add_shape(type="rect", x0=x - 0.5, x1=x + 0.5, y0=y - 0.5, y1=y + 0.5, fillcolor=colour, line=line,
                          layer="below")
    if special:
        fig.add_trace(go.Scatter(x=[c[0] for c in special], y=[c[1] + 0.32 for c in special], mode="text",
                                 text=list(special.values()), textfont={"size": 9, "color": "#8a6d00"},
                                 name=words[2], hoverinfo="text"))
    for k, path in enumerate(paths):
        for a, b in pairwise(path):
            fig.add_annotation(x=b[0], y=b[1], ax=a[0], ay=a[1], xref="x", yref="y", axref="x", ayref="y",
                               showarrow=True, arrowhead=3, arrowwidth=2, arrowcolor=COLOURS[k % len(COLOURS)],
                               opacity=0.8, standoff=9, startstandoff=9)
    for p in view["players"]:
        if p["position"] and p["alive"]:
            x, y = p["position"]
            fig.add_trace(go.Scatter(x=[x], y=[y], mode="markers+text", text=[f"P{p['seat']}"],
                                     marker={"size": 26, "color": COLOURS[p["seat"] % len(COLOURS)]},
                                     textfont={"color": "white"}, name=f"P{p['seat']} {p['hero_' + lang] or ''}",
                                     hovertext=f"P{p['seat']} {p['hero_' + lang] or ''} HP {p['hp']}"))
    for cell, label in (marks or {}).items():
        fig.add_annotation(x=cell[0] + 0.3, y=cell[1] - 0.3, text=label, showarrow=False,
                           font={"size": 14, "color": "#c00"})
    fig.update_xaxes(range=[-0.6, m["width"] - 0.4], dtick=1, showgrid=False, zeroline=False, constrain="domain")
    fig.update_yaxes(range=[m["height"] - 0.4, -0.6], dtick=1, showgrid=False, zeroline=False, scaleanchor="x")
    fig.update_layout(title={"text": title or f"{m[lang]} ({m['width']}×{m['height']})", "font": {"size": 14}},
                      height=440, width=520,
                      margin={"l": 30, "r": 10, "t": 40, "b": 30}, plot_bgcolor="white", showlegend=True,
                      legend={"orientation": "h", "y": -0.08})
    return fig


__all__ = ["BLOODLINE_SLOTS", "GID", "STORY_BLOODLINES", "STORY_FIRST_DRAW", "STORY_HANDS", "STORY_HEROES",
           "STORY_SPAWNS", "events_since", "hero_table", "map_figure", "position", "refusal", "setup_steps",
           "story_setup", "story_start", "with_hero"]
