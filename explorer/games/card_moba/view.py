"""The omniscient view of a game, shaped for a board (private and hidden parts are masked by the core)."""

from __future__ import annotations

from . import combat, statuses
from .content import sample
from .grid import board_of
from .records import Moba
from .ruler import shown


def full_view(d: Moba) -> dict:
    """Everything as JSON-able data:

    - ``map``: None before the map is chosen, else {id, zh, en, width, height, walls: [[x, y]…],
      special: [{cell, kind, zh, en}…], spawns: [[x, y]…]}
    - ``players``: per seat {seat, hero, hero_zh, hero_en, bloodline, alive, position [x, y] or None, spawn,
      hp, hp_cap, shield, stamina, stamina_cap (caps: a number or "inf"), steps, attack_chances, attack_power,
      defence, speed, range,
      statuses [{name, zh, en, layers, duration, active, source}], marks {id: stacks},
      played (the sequence so far), unlocked {"skill#alt": uses}, hand [card ids] (private), score}
    - ``deck`` {card: count} (hidden), ``discard`` {card: count}, ``deck_size``
    - ``turn`` {round, order, current, draws_pending}, ``phase``, ``mode``, ``win_score``, ``winners``
    """
    c = sample()
    out_map = None
    if d.map:
        b = board_of(d)
        out_map = {"id": b.id, "zh": b.zh, "en": b.en, "width": b.width, "height": b.height,
                   "walls": sorted([list(w) for w in b.walls]),
                   "special": [{"cell": list(pos), "kind": k, "zh": c.cells[k]["zh"], "en": c.cells[k]["en"]}
                               for pos, k in sorted(b.special.items())],
                   "spawns": [list(s) for s in b.spawns]}
    players = []
    for h in d.heroes:
        picked = bool(h.hero)
        players.append({
            "seat": h.seat, "hero": h.hero or None,
            "hero_zh": c.heroes[h.hero]["zh"] if picked else None,
            "hero_en": c.heroes[h.hero]["en"] if picked else None,
            "bloodline": list(h.pieces), "alive": h.alive, "position": list(h.pos) if h.pos else None,
            "spawn": list(h.spawn) if h.spawn else None, "hp": h.hp, "hp_cap": shown(d.rules.hp_cap),
            "shield": h.shield, "stamina": h.stamina, "stamina_cap": shown(d.rules.stamina_cap), "steps": h.steps,
            "attack_chances": h.attacks,
            "attack_power": combat.attack_power(h) if picked else None,
            "defence": combat.defence(h) if picked else None,
            "speed": combat.speed(h) if picked else None, "range": combat.reach(h) if picked else None,
            "statuses": [{"name": s.name, "zh": statuses.status_name(s.name, "zh"),
                          "en": statuses.status_name(s.name, "en"), "layers": s.layers, "duration": s.duration,
                          "active": s.active, "source": s.source}
                         for s in h.statuses],
            "marks": dict(h.marks), "played": h.played, "unlocked": dict(h.uses), "crit_ready": h.crit,
            "hand": list(h.hand), "hand_size": len(h.hand), "score": h.score,
        })
    return {"map": out_map, "players": players, "deck": d.deck.counts(), "deck_size": len(d.deck),
            "discard": d.discard.counts(), "turn": {"round": d.round, "order": list(d.order),
                                                  "current": d.seat, "draws_pending": list(d.draws)},
            "phase": d.phase, "mode": d.mode, "win_score": d.win_score, "winners": list(d.winners)}
