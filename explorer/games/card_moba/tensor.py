"""The card MOBA as numbers, for OpenSpiel's tensors (``explorer.openspiel_tensors``): written from a seat's view.

Domains come from the sample files (cards, heroes, bloodline pieces, maps, marks, skills as ``<skill>#<alt>``,
the cells of the largest map) and from the rules (phases, modes, the statuses of ``statuses.CLAUSE``).

- a seat's row: hero, bloodline pieces, alive, position and spawn (one-hot over the cells), hit points, shield,
  stamina and their caps (a cap the ruler leaves open, "inf", is 0 with its own flag), steps, attack chances,
  attack power, defence, speed, range; statuses (layers, duration, active, per status), marks, the card kinds
  played this turn (count per kind letter, and how many), skill uses unlocked, crit ready; the hand as counts
  over the cards (another seat's hand is hidden: only its size), hand size, score;
- the table: the map, deck size, discard pile, round, the turn order (one row per place in the order: which seat,
  relative), the seat to act, draws pending per seat, phase, mode, winning score, winners.
"""

from __future__ import annotations

from functools import cache

from explorer.openspiel_tensors import Index, Writer

PHASES = ("mode", "map", "hero", "bloodline", "score", "order", "spawn", "deal", "start", "draw", "action",
          "discard", "over")
MODES = ("classic", "ruler")
AMOUNTS = ("hp", "hp_cap", "shield", "stamina", "stamina_cap", "steps", "attack_chances", "attack_power", "defence",
           "speed", "range", "crit_ready", "hand_size", "score", "alive")


@cache
def domains() -> dict[str, Index]:
    from . import statuses
    from .content import sample

    c = sample()
    side = max(max(m.width, m.height) for m in c.maps.values())
    skills = [f"{s['id']}#{i}" for h in sorted(c.heroes) for s in c.heroes[h]["skills"] for i in range(len(s["alts"]))]
    return {"card": Index(sorted(c.cards)), "hero": Index(sorted(c.heroes)),
            "piece": Index((*c.systems, *c.pieces, *c.dusts)), "map": Index(sorted(c.maps)),
            "cell": Index((x, y) for x in range(side) for y in range(side)), "mark": Index(sorted(c.marks)),
            "skill": Index(skills), "status": Index(statuses.CLAUSE), "letter": Index(sorted({k[0] for k in c.cards})),
            "phase": Index(PHASES), "mode": Index(MODES)}


def fields(players: int) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(the table's fields, one seat's fields), each (name, size)."""
    d = domains()
    table = [("map", d["map"].size), ("deck_size", 1), ("discard", d["card"].size), ("round", 1),
             ("order", players * players), ("current", players), ("draws_pending", players),
             ("phase", d["phase"].size), ("mode", d["mode"].size), ("win_score", 1), ("winners", players)]
    status = d["status"].size
    seat = [*((a, 1) for a in AMOUNTS), ("hp_cap_inf", 1), ("stamina_cap_inf", 1),
            ("hero", d["hero"].size), ("bloodline", d["piece"].size), ("position", d["cell"].size),
            ("spawn", d["cell"].size), ("status_layers", status), ("status_duration", status),
            ("status_active", status), ("marks", d["mark"].size), ("played", d["letter"].size), ("played_size", 1),
            ("unlocked", d["skill"].size), ("hand", d["card"].size)]
    return table, seat


def _cell(value):
    return tuple(value) if isinstance(value, list) else None


def write(view: dict, me: int, table: Writer, seats: list[Writer]) -> None:
    d = domains()
    n = len(view["players"])
    if view["map"] is not None:
        table.hot("map", d["map"], view["map"]["id"])
    table.num("deck_size", view["deck_size"])
    table.counts("discard", d["card"], view["discard"])
    turn = view["turn"]
    table.num("round", turn["round"])
    for k, seat in enumerate(turn["order"][:n]):
        if seat.__class__ is int and 0 <= seat < n:
            table.add("order", 1, k * n + (seat - me) % n)
    table.seat("current", turn["current"])
    for seat in turn["draws_pending"]:
        table.seat("draws_pending", seat)
    table.hot("phase", d["phase"], view["phase"])
    table.hot("mode", d["mode"], view["mode"] or None)
    table.num("win_score", view["win_score"])
    table.seats("winners", view["winners"])
    for q, p in enumerate(view["players"]):
        out = seats[(q - me) % n]
        for name in AMOUNTS:
            out.num(name, p[name])
        out.num("hp_cap_inf", p["hp_cap"] == "inf")
        out.num("stamina_cap_inf", p["stamina_cap"] == "inf")
        out.hot("hero", d["hero"], p["hero"])
        out.counts("bloodline", d["piece"], p["bloodline"])
        out.hot("position", d["cell"], _cell(p["position"]))
        out.hot("spawn", d["cell"], _cell(p["spawn"]))
        for s in p["statuses"]:
            out.hot("status_layers", d["status"], s["name"], s["layers"])
            out.hot("status_duration", d["status"], s["name"], s["duration"])
            out.hot("status_active", d["status"], s["name"], s["active"])
        out.counts("marks", d["mark"], p["marks"])
        out.counts("played", d["letter"], list(p["played"]))
        out.num("played_size", len(p["played"]))
        out.counts("unlocked", d["skill"], p["unlocked"])
        out.counts("hand", d["card"], p["hand"])
