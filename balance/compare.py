"""A what-if: the same study with one switch changed, played on the same seeds, and the difference of each rate
game by game — the Agresti–Min paired 95 % interval and McNemar's exact test (see ``summary``), Holm-corrected
over the rates compared. Before anything runs, :func:`inert` says which changed switches cannot act at that
player count (the game's ``switch_acts(key, value, players)`` when it answers, else the register's
``players_from``)."""

from __future__ import annotations

import explorer

from .summary import AGRESTI_MIN, MCNEMAR, Paired, draws, has_turns, holm, paired, place_name, place_wins, seats


def inert(game_id: str, players: int, changes: dict) -> list[str]:
    """A warning for each ``key=value`` of ``changes`` that cannot change play at ``players`` seats."""
    game = explorer.get_game(game_id)
    register = {a.switch: a for a in game.assumptions if a.switch}
    out = []
    for key, value in changes.items():
        acts = game.switch_acts(key, value, players)
        if acts is None:
            since = getattr(register.get(key), "players_from", 0)
            acts = not since or players >= since
            why = f"it acts from {since} players (the assumptions register)"
        else:
            why = f"{game.name_en} says so (switch_acts)"
        if not acts:
            out.append(f"{key}={value} cannot change play at {players} players: {why}; the comparison will show "
                       "no real difference")
    return out


def compare(base, other, label: str = "what-if") -> list[Paired]:
    """``other`` − ``base`` for each seat's win rate, each turn place's (when both tables have them) and the draw
    rate, pairing the games by index (the same seeds). Raises ValueError when the tables are not of the same
    games."""
    if len(base) != len(other) or list(base["game"]) != list(other["game"]) or seats(base) != seats(other):
        raise ValueError("a what-if compares two studies of the same games: same games, seeds and players")
    if "seed" in base.columns and list(base["seed"]) != list(other["seed"]):
        raise ValueError("the two studies were not played on the same seeds")
    n = seats(base)
    pairs = [paired(f"seat {p} win", other[f"win_{p}"], base[f"win_{p}"]) for p in range(n)]
    if has_turns(base) and has_turns(other):
        a, b = place_wins(other), place_wins(base)
        pairs += [paired(f"{place_name(k).split()[0]} place win", [r[k] for r in a], [r[k] for r in b])
                  for k in range(n)]
    pairs.append(paired("draw", draws(other), draws(base)))
    adjusted = holm([x.p for x in pairs])
    return [Paired(x.name, x.n, x.a, x.b_only, x.c_only, q) for x, q in zip(pairs, adjusted, strict=True)]


def compare_report(base, other, label: str) -> str:
    lines = [f"what-if {label} − base, on the same {len(base)} seeds ({AGRESTI_MIN}; {MCNEMAR}, Holm over the "
             "rates below)"]
    lines += ["  " + x.line() for x in compare(base, other, label)]
    return "\n".join(lines)
