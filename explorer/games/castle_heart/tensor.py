"""城堡之心 as numbers, for OpenSpiel's tensors (``explorer.openspiel_tensors``): written from a seat's view only.

Domains come from the sample files (cards, heroes) and the rules (identities, declarations, the two soldier
cards, the phases).

- a seat's row: hero, identity (while it is hidden from the observer: only the flag ``identity_hidden``),
  declared camp, revealed, hit points and their most, dying, alive; the hand as counts over the cards (another
  seat's hand is hidden: only its size), equipment; soldiers per kind (how many, their hit points, how many
  poisoned); leadership, mana, held, mirror images, poisoned;
- the table: deck size, discard pile, turn, round, whose turn, phase, the seat its soldiers are commanded
  against; the attack being resolved (attacker and target seats, by and on a hero or which soldier, melee,
  damage), the magic card waiting for counter-magic (card, caster, target, counters); winners.
"""

from __future__ import annotations

from functools import cache

from explorer.openspiel_tensors import Index, Writer, hidden, size_of

PHASES = ("choose_mix", "deal_identity", "deal_hero", "deploy", "start_turn", "play", "block", "armour", "mirror",
          "bear_axe", "doom_axe", "great_sword", "fireball", "missiles", "disintegrate", "ice", "counter", "pay",
          "join", "neutral_choice", "rescue", "ring_keep", "abyss", "command", "soldier", "soldier_next", "discard",
          "next_turn", "over")
FLAGS = ("revealed", "hp", "max_hp", "dying", "alive", "leadership", "mana", "held", "mirror", "poisoned")


@cache
def domains() -> dict[str, Index]:
    from . import turn
    from .content import CONTENT, SOLDIERS
    from .records import IDENTITIES

    return {"card": Index(sorted(CONTENT.cards)), "hero": Index(sorted(CONTENT.heroes)),
            "identity": Index(IDENTITIES), "declared": Index(turn.DECLARATIONS), "soldier": Index(SOLDIERS),
            "phase": Index(PHASES)}


def fields(players: int) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(the table's fields, one seat's fields), each (name, size)."""
    d = domains()
    card, soldier = d["card"].size, d["soldier"].size
    table = [("deck_size", 1), ("discard", card), ("turn", 1), ("round", 1), ("active", players),
             ("phase", d["phase"].size), ("command", players), ("winners", players),
             ("attack", 1), ("attacker", players), ("by_hero", 1), ("by_soldier", 1), ("target", players),
             ("on_hero", 1), ("on_soldier", 1), ("melee", 1), ("damage", 1),
             ("spell", 1), ("spell_card", card), ("caster", players), ("spell_target", players), ("counters", 1)]
    seat = [*((f, 1) for f in FLAGS), ("hero", d["hero"].size), ("identity", d["identity"].size),
            ("identity_hidden", 1), ("declared", d["declared"].size), ("hand", card), ("hand_size", 1),
            ("equipment", card), ("soldiers", soldier), ("soldiers_hp", soldier), ("soldiers_poisoned", soldier)]
    return table, seat


def write(view: dict, me: int, table: Writer, seats: list[Writer]) -> None:
    d = domains()
    n = len(view["players"])
    table.num("deck_size", size_of(view["deck"]))
    table.counts("discard", d["card"], view["discard"])
    table.num("turn", view["turn"])
    table.num("round", view["round"])
    table.seat("active", view["active"])
    table.hot("phase", d["phase"], view["phase"])
    table.seat("command", view["command"])
    table.seats("winners", view["winners"])
    attack = view["attack"]
    if attack is not None:
        table.num("attack", 1)
        table.seat("attacker", attack["attacker"])
        table.num("by_hero", attack["by"] < 0)
        table.num("by_soldier", attack["by"] + 1 if attack["by"] >= 0 else 0)  # soldier i as i + 1
        table.seat("target", attack["target"])
        table.num("on_hero", attack["member"] < 0)
        table.num("on_soldier", attack["member"] + 1 if attack["member"] >= 0 else 0)
        table.num("melee", attack["melee"])
        table.num("damage", attack["damage"])
    spell = view["spell"]
    if spell is not None:
        table.num("spell", 1)
        table.hot("spell_card", d["card"], spell["card"])
        table.seat("caster", spell["caster"])
        table.seat("spell_target", spell["target"])
        table.num("counters", spell["counters"])
    for q, p in enumerate(view["players"]):
        out = seats[(q - me) % n]
        for name in FLAGS:
            out.num(name, p[name])
        out.hot("hero", d["hero"], p["hero"] or None)
        if hidden(p["identity"]):
            out.num("identity_hidden", 1)
        else:
            out.hot("identity", d["identity"], p["identity"] or None)
        out.hot("declared", d["declared"], p["declared"] or None)
        out.counts("hand", d["card"], p["hand"])
        out.num("hand_size", size_of(p["hand"]))
        out.counts("equipment", d["card"], p["equipment"])
        for s in p["soldiers"]:
            out.hot("soldiers", d["soldier"], s["kind"])
            out.hot("soldiers_hp", d["soldier"], s["kind"], s["hp"])
            out.hot("soldiers_poisoned", d["soldier"], s["kind"], s["poisoned"])
