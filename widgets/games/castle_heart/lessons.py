"""城堡之心 tutorial helpers: chosen preparations, the table as a picture, and events as one seat saw them.

Everything here drives the real engine (``widgets.learn.lessons.step`` / ``run``) or reads ``State.view``; no rule
is computed here. Distances come from the engine's own ``reach`` functions.

- :func:`preparation_steps` — the chance and decision steps of a whole 备战阶段 (identities, heroes, opening
  hands, deployments) with every outcome CHOSEN, so a story is the same on every run.
- :func:`prepare` — a new game with those steps taken: the state as the lord's first turn begins.
- :func:`tutorial_table` — the six-seat table the 城堡之心 tutorials share (every identity at the table).
- :func:`table_figure` — the table as a plotly figure: seats round the table in turn order, identity (as the
  viewer sees it), HP, soldiers, the attack being resolved, and optionally the distances from one seat.
- :func:`pass_turn` — a quiet turn (draw, play nothing, command nothing, discard to HP), to move a story on.
- :func:`distances` — seats apart and attack distance from one seat to every other living hero (CH-A03).
- :func:`event_lines` — the events between two states, as a chosen seat saw them (private ones redacted).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

import explorer
from explorer import CHANCE, State, is_hidden
from explorer.games.castle_heart import reach
from widgets.i18n import player_name
from widgets.learn.lessons import run, step

GID = "castle_heart"

IDENTITY_WORDS = {"lord": ("Lord", "城主", "#c9302c"), "enemy": ("Enemy", "敌军", "#222222"),
                  "reinforcement": ("Reinforcement", "援军", "#2a6ebb"), "neutral": ("Neutral", "中立", "#8a8a8a")}
SOLDIER_WORDS = {"knight": ("Knight", "骑士"), "lynx": ("Great lynx", "大山猫")}
WORDS = {"en": {"hidden": "?", "dead": "dead", "dying": "dying", "apart": "seats apart", "attack": "attack distance",
                "from": "distances from", "hp": "HP", "seen_by": "as seen by", "everyone": "everything (no one's view)",
                "table": "the table"},
         "zh": {"hidden": "？", "dead": "阵亡", "dying": "濒死", "apart": "座位距离", "attack": "攻击距离",
                "from": "距离起点", "hp": "生命", "seen_by": "视角", "everyone": "全部信息（非任何玩家视角）",
                "table": "牌桌"}}
PRIVATE_KINDS = {"identity": ("an identity, dealt face down", "面朝下发的身份")}


# --- a chosen preparation ---------------------------------------------------------------------------------
def preparation_steps(identities: Sequence[str], heroes: Sequence[str], hands: Sequence[Sequence[str]],
                      deployments: Sequence[Sequence[str]], mix: str = "") -> list[tuple]:
    """The steps of a whole preparation, seat by seat, with every chance outcome chosen.

    ``identities[p]`` ("lord", "enemy", "reinforcement", "neutral") and ``heroes[p]`` (a hero id) are dealt to
    seat p (CH-identity-four, CH-setup-heroes); ``hands[p]`` are p's opening cards (CH-setup-hand: the engine
    deals them seat 0 first, as many as the ``starting_hand`` switch says); ``deployments[p]`` the soldier kinds
    ("knight", "lynx") p deploys (CH-deploy-mana, CH-leadership) — the lord deploys first, then clockwise
    (CH-A38). ``mix`` (letters L, R, N, E) is the chance step of ``identity_mix = "any_legal"`` only.
    The engine checks every step: a deal the count rules forbid, or a soldier too dear, is refused.
    """
    n = len(identities)
    if not (len(heroes) == len(hands) == len(deployments) == n):
        raise ValueError("identities, heroes, hands and deployments need one entry per seat")
    if identities.count("lord") != 1:
        raise ValueError("a table has exactly one lord (CH-count-one-lord)")
    lord = list(identities).index("lord")
    out: list[tuple] = [("choose_mix", {"mix": mix})] if mix else []
    out += [("deal_identity", {"identity": i}) for i in identities]
    out += [("deal_hero", {"hero": h}) for h in heroes]
    out += [("draw", {"card": c}) for p in range(n) for c in hands[p]]
    for k in range(n):
        p = (lord + k) % n
        out += [("deploy", {"soldier": s}) for s in deployments[p]]
        out.append(("end_deploy", {}))
    return out


def prepare(identities: Sequence[str], heroes: Sequence[str], hands: Sequence[Sequence[str]],
            deployments: Sequence[Sequence[str]], variant: Mapping[str, Any] | None = None, mix: str = "") -> State:
    """A new game of ``len(identities)`` seats with :func:`preparation_steps` taken (the lord's turn is next)."""
    start = explorer.new_game(GID, len(identities), dict(variant or {}))
    return run(start, preparation_steps(identities, heroes, hands, deployments, mix))


TUTORIAL_TABLE = {
    "identities": ("lord", "enemy", "reinforcement", "enemy", "neutral", "enemy"),
    "heroes": ("ryan", "berserker", "iron_captain", "elf_ranger", "levi", "black_knight"),
    "hands": (("sword", "heal"), ("sword", "sword"), ("mana", "heal"), ("sword", "mana"), ("heal", "sword"),
              ("sword", "mana")),
    "deployments": (("knight", "knight"), ("knight",), ("lynx",), (), ("knight",), ("lynx",)),
}


def tutorial_table(variant: Mapping[str, Any] | None = None) -> list[tuple]:
    """The steps of the six-seat table the tutorials share: the lord 莱恩子爵 (P0), enemies at P1, P3 and P5,
    a reinforcement at P2 and a neutral at P4 (the ``with_neutral`` mix for six, CH-A02). Pass the variant
    when its ``starting_hand`` differs from 2: the opening hands are cut or padded with 剑 to fit."""
    size = dict(variant or {}).get("starting_hand", 2)
    hands = [(tuple(h) + ("sword",) * size)[:size] for h in TUTORIAL_TABLE["hands"]]
    return preparation_steps(TUTORIAL_TABLE["identities"], TUTORIAL_TABLE["heroes"], hands,
                             TUTORIAL_TABLE["deployments"])


def pass_turn(state: State, cards: Sequence[str] | None = None) -> State:
    """The active hero's quiet turn: it draws ``cards`` (CH-turn-draw; by default, each time, the card the deck
    holds most of, ties by name), plays nothing, commands no attack, and discards its first cards down to its HP
    (CH-turn-discard). Anyone asked something else on the way (a rescue, a join, a neutral's choice) declines.
    Returns the state when the next hero's turn waits for its draws (or the game is over)."""
    me, turn = state.data.active, state.data.turn
    queue = list(cards or ())
    while not state.is_terminal and (state.data.turn == turn or state.current_player != CHANCE):
        if state.current_player == CHANCE:
            if not state.data.draws:
                raise ValueError(f"pass_turn meets a chance node it does not choose: {state.data.phase}")
            if queue:
                card = queue.pop(0)
            else:
                counts = state.data.deck.counts()
                card = max(sorted(counts), key=lambda c: counts[c])
            state = step(state, "draw", card=card)
            continue
        actions = state.legal_actions()
        quiet = [a for a in actions if a.kind in ("end_play", "let_pass", "take_hit")
                 or (a.kind in ("command", "rescue") and a.get("target") is None)
                 or (a.kind == "join" and a.get("soldier") is None)
                 or (a.kind == "neutral_choice" and a.get("join") is False)]
        if state.data.phase == "discard":
            quiet = actions[:1]
        if not quiet:
            raise ValueError(f"pass_turn cannot stay quiet in phase {state.data.phase} (player {me})")
        state = state.apply(quiet[0])
    return state


# --- distances and events ------------------------------------------------------------------------------------
def distances(state: State, seat: int) -> dict[int, tuple[int, int]]:
    """Every other living hero → (seats apart, attack distance) from ``seat``: the engine's CH-A03 count (living
    heroes only, the shorter way round) and CH-equip-mounts-shared (mounts change it, never below 1)."""
    d = state.data
    return {t: (apart, reach.attack_distance(d, seat, t, apart))
            for t, apart in sorted(reach.seat_distances(d, seat).items())}


def event_lines(before: State, after: State, lang: str = "en", viewer: int | None = None,
                clauses: bool = True) -> list[str]:
    """The events ``after`` added to ``before``, described in ``lang``; with ``viewer``, as that seat saw them
    (another seat's private event is redacted to who did what kind of thing)."""
    out = []
    for e in after.log[len(before.log):]:
        seen = e if e.visible_to(viewer) else e.redacted()
        if seen is e:
            text = e.describe(lang)
        elif seen.actor is None and seen.private_to:
            # a redacted event keeps no actor nor targets (an identity deal): name whom it is private to,
            # which everyone at the table sees anyway (a card dealt to that seat)
            names = ", ".join(player_name(p, lang) for p in seen.private_to)
            kind = PRIVATE_KINDS.get(e.kind, (e.kind, e.kind))[lang == "zh"]
            text = (f"{names}: {kind} (hidden from you)" if lang == "en" else f"{names}：{kind}（对你隐藏）")
        else:
            text = seen.describe(lang) + (" (hidden from you)" if lang == "en" else "（对你隐藏）")
        out.append((f"#{e.id} [{e.clause}] " if clauses else "") + text)
    return out


# --- the picture of the table ----------------------------------------------------------------------------
def seat_position(k: int, n: int) -> tuple[float, float]:
    """Seat k of n round the table: seat 0 at the top, then clockwise (the turn order, CH-turn-order)."""
    angle = math.pi / 2 - 2 * math.pi * k / n
    return math.cos(angle), math.sin(angle)


def _identity(p: dict, lang: str) -> tuple[str, str]:
    identity = p.get("identity")
    if not identity or is_hidden(identity):
        return WORDS[lang]["hidden"], "#bbbbbb"
    en, zh, colour = IDENTITY_WORDS.get(identity, (identity, identity, "#555555"))
    return (zh if lang == "zh" else en), colour


def _seat_label(k: int, p: dict, lang: str) -> str:
    w = WORDS[lang]
    ident, _ = _identity(p, lang)
    name = p.get(f"hero_{lang}") or p.get("hero") or "—"
    state = w["dead"] if not p["alive"] else (w["dying"] if p.get("dying") else "")
    return (f"<b>{player_name(k, lang)}</b> · {name}<br>{ident} · {w['hp']} {p['hp']}/{p['max_hp']}"
            + (f" · {state}" if state else ""))


def table_figure(state: State, viewer: int | None = None, lang: str = "en", distances_from: int | None = None,
                 title: str = "") -> go.Figure:
    """The table from ``state.view(viewer)``: heroes round the table (seat 0 on top, clockwise), coloured by
    identity ("?" where the viewer cannot see it), HP, each soldier as a small square outside its hero with its
    HP, the attack being resolved as an arrow; with ``distances_from``, each other living hero's
    seats-apart / attack distance from that seat written on a dashed line."""
    if lang not in WORDS:
        raise ValueError(f"lang must be one of {list(WORDS)}, not {lang!r}")
    w = WORDS[lang]
    view = state.view(viewer, with_log=False)
    players = view["players"]
    n = len(players)
    fig = go.Figure()
    fig.add_shape(type="circle", x0=-0.62, y0=-0.62, x1=0.62, y1=0.62, fillcolor="#f4efe2",
                  line={"color": "#d8cba8"}, layer="below")
    if distances_from is not None:
        x0, y0 = seat_position(distances_from, n)
        for t, (apart, dist) in distances(state, distances_from).items():
            x1, y1 = seat_position(t, n)
            fig.add_trace(go.Scatter(x=[x0, x1], y=[y0, y1], mode="lines", hoverinfo="skip", showlegend=False,
                                     line={"color": "#d08000", "dash": "dot", "width": 1.5}))
            fig.add_annotation(x=(x0 + x1) / 2, y=(y0 + y1) / 2, text=f"{apart} / {dist}", showarrow=False,
                               bgcolor="#fff8e6", bordercolor="#d08000", font={"size": 11})
    attack = view.get("attack")
    if attack and attack.get("attacker") is not None:
        (ax, ay), (tx, ty) = seat_position(attack["attacker"], n), seat_position(attack["target"], n)
        fig.add_annotation(x=tx * 0.85, y=ty * 0.85, ax=ax * 0.85, ay=ay * 0.85, xref="x", yref="y", axref="x",
                           ayref="y", showarrow=True, arrowhead=3, arrowwidth=3, arrowcolor="#c9302c", text="")
    sx, sy, stext = [], [], []
    for k, p in enumerate(players):
        x, y = seat_position(k, n)
        colour = _identity(p, lang)[1] if p["alive"] else "#cccccc"
        active = k == view.get("active") and bool(state.data.turn)
        fig.add_annotation(x=x, y=y, text=_seat_label(k, p, lang), showarrow=False, align="center",
                           bgcolor="#ffffff" if p["alive"] else "#eeeeee", bordercolor=colour,
                           borderwidth=4 if active else 2, borderpad=4, font={"size": 11})
        soldiers = p.get("soldiers", [])
        for j, s in enumerate(soldiers):
            sx.append(x + (j - (len(soldiers) - 1) / 2) * 0.3)
            sy.append(y - 0.2)
            stext.append(f"{SOLDIER_WORDS.get(s['kind'], (s['kind'],) * 2)[lang == 'zh']} {s['hp']}")
    if sx:
        fig.add_trace(go.Scatter(x=sx, y=sy, mode="markers+text", text=stext, textposition="bottom center",
                                 hoverinfo="text", hovertext=stext, showlegend=False, textfont={"size": 10},
                                 marker={"symbol": "square", "size": 12, "color": "#9c7b3a"}))
    who = w["everyone"] if viewer is None else f"{w['seen_by']}: {player_name(viewer, lang)}"
    head = title or w["table"]
    if distances_from is not None:
        head += f" · {w['from']} {player_name(distances_from, lang)} ({w['apart']} / {w['attack']})"
    fig.update_layout(title={"text": f"{head}<br><sup>{who}</sup>", "font": {"size": 13}}, autosize=True, height=600,
                      plot_bgcolor="white", margin={"l": 10, "r": 10, "t": 60, "b": 10},
                      xaxis={"visible": False, "range": [-1.5, 1.5]},
                      yaxis={"visible": False, "range": [-1.45, 1.25], "scaleanchor": "x"})
    return fig


__all__ = ["GID", "TUTORIAL_TABLE", "distances", "event_lines", "pass_turn", "preparation_steps", "prepare",
           "seat_position", "table_figure", "tutorial_table"]
