"""Ready-made 城堡之心 positions for the Play tab, the Learn tab's lessons and tests (real ``explorer.State`` values).

Every scenario is reached by real actions from ``explorer.new_game`` with chosen chance outcomes (the identities,
the heroes and every card drawn are loaded, the decisions scripted), so it saves and loads like any game and its
log tells how the table got there. They all share one four-player table (CH-A02: a lord and three enemies):

====  ==============  ========  =====  =======================================================
seat  hero            identity  HP     deployed (备战阶段)
====  ==============  ========  =====  =======================================================
0     黑骑士 black_knight lord      4      two knights of 4 HP (铁骑 +1, CH-soldier-knight)
1     圣女 saint        enemy     3      one knight
2     列维 levi         enemy     4      one great lynx
3     奥术师 arcanist    enemy     3      one great lynx
====  ==============  ========  =====  =======================================================

``setup_steps`` writes such a setup as steps (the lessons' ``["setup", {...}]``); ``passing_turn`` ends a turn
without playing (discarding 魔 first, CH-turn-discard) as the scenarios do for the seats that only wait.
"""

from __future__ import annotations

from collections.abc import Sequence

import explorer
from explorer import State, act

from .actions import GAME_ID

IDENTITIES = ("lord", "enemy", "enemy", "enemy")
HEROES = ("black_knight", "saint", "levi", "arcanist")
SOLDIERS = (("knight", "knight"), ("knight",), ("lynx",), ("lynx",))
DISCARD_FIRST = ("mana", "sword")  # what a waiting seat throws away first at the hand limit


def run(state: State, steps: Sequence[Sequence]) -> State:
    """Each step ``(kind, {params})`` taken by whoever must act then (a seat or chance)."""
    for kind, params in steps:
        state = state.apply(act(GAME_ID, kind, state.current_player, **params))
    return state


def setup_steps(identities: Sequence[str], heroes: Sequence[str], hands: Sequence[Sequence[str]],
                soldiers: Sequence[Sequence[str]], mix: str = "") -> list[tuple]:
    """The chance outcomes and choices of a whole 备战 (CH-identity-four, CH-setup-heroes, CH-deploy-mana),
    seat by seat: identity, hero, starting hand (``hands[p]``), then deployment from the lord on."""
    n = len(identities)
    lord = list(identities).index("lord")
    out: list[tuple] = [("choose_mix", {"mix": mix})] if mix else []
    out += [("deal_identity", {"identity": x}) for x in identities]
    out += [("deal_hero", {"hero": h}) for h in heroes]
    out += [("draw", {"card": c}) for hand in hands for c in hand]
    for p in [(lord + k) % n for k in range(n)]:
        out += [("deploy", {"soldier": k}) for k in soldiers[p]] + [("end_deploy", {})]
    return out


def passing_turn(state: State, draws: Sequence[str] = (), play: Sequence[Sequence] = ()) -> State:
    """One whole turn of the active seat: its draws loaded, ``play`` taken, then no more play, no command
    (CH-turn-command is a choice) and discards down to its HP (CH-turn-discard), 魔 and 剑 first."""
    me = state.data.active
    state = run(state, [("draw", {"card": c}) for c in draws] + list(play))
    if state.data.phase == "play":
        state = run(state, [("end_play", {})])
    while state.data.active == me and state.data.phase in ("command", "discard"):
        if state.data.phase == "command":
            state = run(state, [("command", {"target": None})])
            continue
        hand = state.data.seats[me].hand
        card = next((c for c in DISCARD_FIRST if c in hand), hand[0])
        state = run(state, [("discard", {"card": card})])
    return state


def _table(hands: Sequence[Sequence[str]], players: int, variant: dict | None) -> State:
    """The shared table after 备战: the lord (seat 0) is about to draw for its first turn."""
    if players != len(IDENTITIES):
        raise ValueError(f"[CH-A02] these scenarios are set at a table of {len(IDENTITIES)}, not {players!r}")
    start = explorer.new_game(GAME_ID, players, variant)
    return run(start, setup_steps(IDENTITIES, HEROES, hands, SOLDIERS))


def magic_to_counter(players: int = 4, variant: dict | None = None) -> State:
    """The lord's play phase with 火球术 in hand; seat 1 holds 魔法抵消 (CH-magic-counter). Casting the fireball
    at seat 1 asks every hero in turn whether to counter it (CH-A20)."""
    s = _table([("fireball", "mana"), ("counter", "sword"), ("heal", "sword"), ("heal", "mana")], players, variant)
    return run(s, [("draw", {"card": "sword"}), ("draw", {"card": "heal"})])


def knight_charge(players: int = 4, variant: dict | None = None) -> State:
    """Round 2, the lord's command phase (CH-turn-command): its two knights may charge (CH-soldier-knight-charge,
    【distance + 1】 damage); seat 1, next to it, rides 狮鹫之王 (CH-equip-griffin), so the distance to its
    group is 2, not 1 (CH-equip-mounts-shared) — and the charge hits harder."""
    s = _table([("sword", "mana"), ("mana", "mana"), ("heal", "sword"), ("heal", "mana")], players, variant)
    s = passing_turn(s, ("sword", "mana"))
    s = passing_turn(s, ("griffin", "mana"), play=[("equip", {"card": "griffin"})])
    s = passing_turn(s, ("sword", "mana", "mana"))
    s = passing_turn(s, ("sword", "mana"))
    return run(s, [("draw", {"card": "sword"}), ("draw", {"card": "mana"}), ("end_play", {})])


def hero_dying(players: int = 4, variant: dict | None = None) -> State:
    """After the lord's knights charged seat 1 (圣女, 3 HP): its knight died, then its hero fell to 0 HP and is
    dying (CH-death-dying). At the end of the turn every hero, from the lord on, is asked whether to give it
    愈 (CH-A18, CH-death-heal-dying); seats 2 and 3 hold one each, seat 1 none. The lord decides first."""
    s = knight_charge(players, variant)
    s = run(s, [("command", {"target": 1}), ("soldier_attack", {"member": 0}), ("soldier_attack", {"member": -1}),
                ("take_hit", {})])  # no 剑 to block with (CH-turn-block)
    return passing_turn(s)
