"""永恒之息 as numbers, for OpenSpiel's tensors (``explorer.openspiel_tensors``): written from a seat's view only.

Domains come from the sample card set (every card, the characters, the attack, defence, effect and trap cards)
and from the rules (the phases, the tasks the game waits on: ``flow.DECISIONS`` and ``flow.CHANCE_TASKS``).

- a seat's row: alive, hand size, coins, summon and hand limits; the hand and draft picks as counts over the
  cards (all zero for another seat: hidden, only the sizes show); its characters per character id (how many,
  their hit points, face up, self character, ever shown), how many are face down and hidden; the effects on its
  characters and in its effect zone; its pool; its traps (the cards it may see, how many face up, how many hidden);
- the table: deck size, round, whose turn and who deals, phase and task, winners; the discard and destroyed piles
  and the draft offer as counts (the offer only while it is shown); the attack in progress (attacker, character
  — or hidden —, attack cards, target seat and character, dice, the response and defence card).
"""

from __future__ import annotations

from functools import cache

from explorer.openspiel_tensors import Index, Writer, hidden, size_of

PHASES = ("setup", "settle", "draw", "declare", "play", "discard", "end")
RESPONSES = ("", "block", "dodge")


@cache
def domains() -> dict[str, Index]:
    from . import content, flow

    cards = content.sample().cards.values()

    def of(*kinds: str) -> Index:
        return Index(sorted(c.id for c in cards if c.kind in kinds))

    return {"card": Index(sorted(c.id for c in cards)), "char": of("special", "normal"), "attack": of("attack"),
            "defence": Index(("", *of("defence").values)), "effect": of("effect"), "trap": of("trap"),
            "phase": Index(PHASES), "waiting": Index((*sorted({*flow.DECISIONS, *flow.CHANCE_TASKS}), "over")),
            "response": Index(RESPONSES)}


def fields(players: int) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(the table's fields, one seat's fields), each (name, size)."""
    d = domains()
    card, char = d["card"].size, d["char"].size
    table = [("deck_size", 1), ("round", 1), ("turn", players), ("dealer", players), ("finished", 1),
             ("winners", players), ("phase", d["phase"].size), ("waiting", d["waiting"].size),
             ("discard", card), ("destroyed", card), ("offer", card), ("offer_size", 1),
             ("combat", 1), ("attacker", players), ("by", char), ("by_hidden", 1), ("attack_cards", d["attack"].size),
             ("target", players), ("target_char", char), ("attack_die", 1), ("response", d["response"].size),
             ("defence_card", d["defence"].size), ("defence_die", 1)]
    seat = [("alive", 1), ("hand_size", 1), ("coins", 1), ("summon_limit", 1), ("hand_limit", 1),
            ("hand", card), ("picks", char), ("picks_size", 1),
            ("chars", char), ("chars_hp", char), ("chars_up", char), ("chars_self", char), ("chars_shown", char),
            ("chars_hidden", 1), ("char_effects", d["effect"].size), ("effects", d["effect"].size),
            ("pool", char), ("traps", d["trap"].size), ("traps_up", 1), ("traps_hidden", 1)]
    return table, seat


def write(view: dict, me: int, table: Writer, seats: list[Writer]) -> None:
    d = domains()
    n = len(view["players"])
    table.num("deck_size", view["deck_size"])
    table.num("round", view["round"])
    table.seat("turn", view["turn"])
    table.seat("dealer", view["dealer"])
    table.num("finished", view["over"])
    table.seats("winners", view["winners"])
    table.hot("phase", d["phase"], view["phase"])
    table.hot("waiting", d["waiting"], view["waiting"])
    table.counts("discard", d["card"], view["discard"])
    table.counts("destroyed", d["card"], view["destroyed"])
    table.counts("offer", d["card"], view["offer"])
    table.num("offer_size", size_of(view["offer"]))
    fight = view["combat"]
    if fight is not None:
        table.num("combat", 1)
        table.seat("attacker", fight["attacker"])
        if hidden(fight["by"]):
            table.num("by_hidden", 1)
        else:
            table.hot("by", d["char"], fight["by"])
        table.counts("attack_cards", d["attack"], fight["cards"])
        table.seat("target", fight["target"])
        table.hot("target_char", d["char"], fight["target_char"] or None)
        table.num("attack_die", fight["attack_die"])
        table.hot("response", d["response"], fight["response"])
        table.hot("defence_card", d["defence"], fight["defence_card"])
        table.num("defence_die", fight["defence_die"])
    for q, p in enumerate(view["players"]):
        out = seats[(q - me) % n]
        for name in ("alive", "hand_size", "coins", "summon_limit", "hand_limit"):
            out.num(name, p[name])
        out.counts("hand", d["card"], p["hand"])
        out.counts("picks", d["char"], p["picks"])
        out.num("picks_size", size_of(p["picks"]))
        for c in p["characters"]:
            if hidden(c):
                out.add("chars_hidden", 1)
                continue
            char = c["card"]
            out.hot("chars", d["char"], char)
            out.hot("chars_hp", d["char"], char, c["hp"])
            out.hot("chars_up", d["char"], char, c["face_up"])
            out.hot("chars_self", d["char"], char, c["self"])
            out.hot("chars_shown", d["char"], char, c["ever_up"])
            out.counts("char_effects", d["effect"], [e["card"] for e in c["effects"]])
        out.counts("effects", d["effect"], [e["card"] for e in p["effects"]])
        out.counts("pool", d["char"], [c["card"] for c in p["pool"]])
        for trap in p["traps"]:
            if hidden(trap):
                out.add("traps_hidden", 1)
                continue
            out.hot("traps", d["trap"], trap["card"])
            out.add("traps_up", trap["face_up"])
