"""What the board shows: the full view, and which parts of it are secret."""

from __future__ import annotations

from .content import CONTENT
from .records import Castle


def full_view(d: Castle) -> dict:
    """Everything, as plain JSON, shaped for a board:

    ``players``: one dict per seat — ``seat``, ``hero`` (id), ``hero_zh``/``hero_en``, ``identity`` ("lord",
    "enemy", "reinforcement", "neutral"; "" before the deal), ``declared`` (a neutral's public camp),
    ``revealed``, ``hp``, ``max_hp``, ``dying``, ``alive``, ``hand`` (card ids), ``equipment`` (card ids),
    ``soldiers`` (each ``{"kind", "hp", "poisoned"}``), ``leadership``, ``mana``, ``held``, ``mirror``,
    ``poisoned``. Then ``deck`` and ``discard`` (card id → count), ``turn``, ``round``, ``active`` (whose turn),
    ``phase``, ``attack`` (the attack being resolved, or None), ``spell`` (the magic card waiting for
    counter-magic, or None), ``winners``, ``command`` (the group the active hero's soldiers attack in the command
    phase, announced to all by the "command" event; None outside it).
    """
    players = []
    for i, s in enumerate(d.seats):
        hero = CONTENT.heroes.get(s.hero)
        players.append({
            "seat": i, "hero": s.hero, "hero_zh": hero.zh if hero else "", "hero_en": hero.en if hero else "",
            "identity": s.identity, "declared": s.declared, "revealed": s.revealed,
            "hp": s.hp, "max_hp": s.max_hp, "dying": s.alive and s.hp <= 0 and bool(s.hero), "alive": s.alive,
            "hand": list(s.hand), "equipment": list(s.equipment),
            "soldiers": [{"kind": x.kind, "hp": x.hp, "poisoned": x.poisoned >= 0} for x in s.soldiers],
            "leadership": s.leadership, "mana": s.mana, "held": s.held, "mirror": s.mirror,
            "poisoned": s.poisoned >= 0,
        })
    atk = d.attack
    return {
        "players": players, "deck": d.deck.counts(), "discard": d.discard.counts(), "turn": d.turn,
        "round": d.round, "active": d.active, "phase": d.phase,
        "attack": None if atk is None else {"attacker": atk.attacker, "by": atk.by, "target": atk.target,
                                            "member": atk.member, "melee": atk.melee, "damage": atk.damage},
        "spell": None if d.spell is None else {"card": d.spell.card, "caster": d.spell.caster,
                                               "target": d.spell.target, "counters": d.spell.counters},
        "winners": list(d.winners),
        "command": d.command if d.command >= 0 else None,
    }


def private_paths(d: Castle, player: int) -> list:
    """Only ``player`` sees its hand, and its identity until it is revealed (CH-A09)."""
    paths = [("players", player, "hand")]
    if not d.seats[player].revealed:
        paths.append(("players", player, "identity"))
    return paths


def hidden_paths(d: Castle) -> list:
    """Nobody sees the deck's remaining composition."""
    return [("deck",)]
