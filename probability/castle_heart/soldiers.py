"""Soldiers (CH-turn-command, CH-soldier-knight-charge, CH-equip-mounts-shared): a knight's charge damage
by distance and mounts, read from the engine's ``reach.soldier_strike``; and the chance one command brings
the target group down, by walking the engine with the commander choosing each soldier's target to
maximise that chance (expectimax, ``walk.best_chance``) and the target hero blocking (CH-turn-block)
with every 剑 it holds."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from explorer import act
from explorer.games.castle_heart.content import SOLDIERS
from explorer.games.castle_heart.reach import attack_distance, soldier_strike
from explorer.games.castle_heart.records import HERO, Soldier
from probability.castle_heart.rescue import hypergeometric, unseen
from probability.castle_heart.walk import best_chance, pick, seat, staged

ATTACK_MOUNTS, DEFENCE_MOUNTS = ("nightmare", "warhorse"), ("pegasus", "griffin")


def _table(apart: int, attack_mounts: int, defence_mounts: int, target_soldiers=(), attackers=("knight",),
           **target):
    """Seat 0 (its soldiers ``attackers``) and the target ``apart`` seats away round a table of 2·apart (≥ 3)."""
    n = max(3, 2 * apart)
    me = seat("enemy", soldiers=tuple(Soldier(k, SOLDIERS[k]["hp"]) for k in attackers),
              equipment=ATTACK_MOUNTS[:attack_mounts])
    them = seat("reinforcement", soldiers=tuple(target_soldiers), equipment=(*DEFENCE_MOUNTS[:defence_mounts],
                                                                            *target.pop("equipment", ())), **target)
    seats = [me] + [seat("enemy") for _ in range(n - 1)]
    seats[apart] = them
    seats[1 if apart != 1 else 2] = seat("lord")
    return seats


def charge(apart: int, attack_mounts: int = 0, defence_mounts: int = 0, target: str = "knight"):
    """CH-soldier-knight-charge: (attack distance, damage) of a knight on a ``target`` soldier ``apart`` seats
    away with these mounts (CH-equip-mounts-shared); damage None when it cannot reach (or may not: 潜行)."""
    if not 1 <= apart <= 4 or not 0 <= attack_mounts <= 2 or not 0 <= defence_mounts <= 2:
        raise ValueError("1 to 4 seats apart, 0 to 2 mounts a side")
    seats = _table(apart, attack_mounts, defence_mounts, (Soldier(target, SOLDIERS[target]["hp"]),))
    d = staged(seats, phase="command", variant={"equipment_slots": "unlimited"}).data
    dist = attack_distance(d, 0, apart)
    ok, result = soldier_strike(d, 0, 0, apart, 0, dist)
    return dist, result[1] if ok else None


def charge_table(target: str = "knight") -> list[dict]:
    """Every seat distance 1–4 against every mount count: the charge damage (None: out of reach)."""
    return [{"apart": a, "attack_mounts": m, "defence_mounts": p, "distance": charge(a, m, p, target)[0],
             "damage": charge(a, m, p, target)[1]} for a in range(1, 5) for m in range(3) for p in range(3)]


@dataclass(frozen=True)
class Command:
    """One command (指挥阶段): ``attackers`` (soldier kinds, in order) against a group ``apart`` seats away:
    its soldiers (kind, HP), its hero's HP, 骑士铠甲 / 钢铁大盾 / 镜影憧憧, the 剑 it may block with."""

    attackers: tuple[str, ...] = ("knight", "knight")
    apart: int = 1
    soldiers: tuple[tuple[str, int], ...] = ()
    hero_hp: int = 4
    armour: bool = False
    shield: bool = False
    mirror: bool = False
    swords: int = 0
    attack_mounts: int = 0
    defence_mounts: int = 0
    variant: dict = field(default_factory=dict)


def command_state(c: Command):
    equipment = tuple(e for e, on in (("knight_armour", c.armour), ("steel_shield", c.shield)) if on)
    seats = _table(c.apart, c.attack_mounts, c.defence_mounts, tuple(Soldier(k, h) for k, h in c.soldiers),
                   c.attackers, hp=c.hero_hp, hand=("sword",) * c.swords, equipment=equipment, mirror=c.mirror)
    return staged(seats, phase="command", variant={"equipment_slots": "unlimited", **c.variant})


def _over(st) -> bool:
    return st.data.command == -1 and st.data.attack is None and st.data.phase != "command"


def command_odds(c: Command) -> dict[str, Fraction]:
    """CH-turn-command: the best chances of felling every soldier of the group, and its hero (dying,
    CH-death-dying; the command ends there, CH-turn-command-target-falls). 0 when the group is out of reach."""
    st = command_state(c)
    if act("castle_heart", "command", 0, target=c.apart) not in st.legal_actions():
        return {"soldiers": Fraction(0), "hero": Fraction(0)}
    st = st.apply(act("castle_heart", "command", 0, target=c.apart))
    policy = pick({"block": True})
    t = c.apart
    return {"soldiers": best_chance(st, _over, lambda s: not s.data.seats[t].soldiers, 0, policy),
            "hero": best_chance(st, _over, lambda s: s.data.seats[t].hp <= 0, 0, policy)}


def command_odds_from_view(view: dict, c: Command, target: int) -> dict[str, Fraction]:
    """As :func:`command_odds` with the target's 剑 unknown: weighted by how many it may hold given the view
    (the unseen 剑 among the unseen cards, ``rescue.unseen``)."""
    hand = view["players"][target]["hand"]
    if not isinstance(hand, dict):
        return command_odds(Command(**{**c.__dict__, "swords": hand.count("sword")}))
    total, swords = unseen(view, "sword")
    out = {"soldiers": Fraction(0), "hero": Fraction(0)}
    for k, p in hypergeometric(total, swords, hand["count"]).items():
        got = command_odds(Command(**{**c.__dict__, "swords": k}))
        out = {key: out[key] + p * got[key] for key in out}
    return out


__all__ = ["HERO", "Command", "charge", "charge_table", "command_odds", "command_odds_from_view"]
