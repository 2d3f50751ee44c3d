"""One 剑 attack on a hero, exactly, through the engine (CH-turn-play-one-sword): what 骑士铠甲
(CH-equip-knight-armour, 1/2 against melee), 镜影憧憧 (CH-magic-mirror, 1/2 against anything), 钢铁大盾
(CH-equip-steel-shield, the first ranged attack), the 剑 block (CH-turn-block) and the attacker's axes
(CH-equip-bear-axe, CH-equip-doom-axe) and 深渊之剑 (CH-equip-abyss-sword) do to the damage.

The attack is staged on a four-seat table and resolved by the game's own rules (``walk``); the
defender's and attacker's choices are stated policies, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from explorer import act
from explorer.games.castle_heart.records import HERO
from probability.castle_heart.walk import outcome, pick, seat, staged
from probability.dist import mean

DEFENCES = ("knight_armour", "mirror", "steel_shield")
WEAPONS = ("", "bear_axe", "doom_axe", "abyss_sword", "poison_dagger")


@dataclass(frozen=True)
class AttackSetup:
    """One hero's 剑 attack on another hero. ``melee``: distance 1 (else 2, reached with 疾风迅行);
    ``armour``/``shield``: the target wears 骑士铠甲 / 钢铁大盾; ``mirror``: it is under 镜影憧憧;
    ``block``: it spends a 剑 to block whenever it holds one (``target_swords`` of them);
    ``weapon``: the attacker's equipment; ``swords``: the attacker's 剑 (one pays for the attack)."""

    melee: bool = True
    armour: bool = False
    mirror: bool = False
    shield: bool = False
    block: bool = False
    target_swords: int = 1
    weapon: str = ""
    swords: int = 3
    target_hp: int = 4
    target_cards: int = 2  # the target's other cards (for the abyss sword's discard)


def attack_state(s: AttackSetup):
    """The staged table: seat 0 attacks seat 1 (melee) or seat 2 (ranged) of four."""
    if s.weapon not in WEAPONS:
        raise ValueError(f"weapon must be one of {WEAPONS}")
    target = 1 if s.melee else 2
    equipment = tuple(c for c, on in (("knight_armour", s.armour), ("steel_shield", s.shield)) if on)
    defender = seat("reinforcement", hp=s.target_hp, hand=("sword",) * s.target_swords + ("mana",) * s.target_cards,
                    equipment=equipment, mirror=s.mirror)
    attacker = seat("enemy", hand=("sword",) * s.swords + ("mana",) * 2, equipment=(s.weapon,) if s.weapon else ())
    others = [seat("lord"), seat("enemy")]
    seats = [attacker, defender, *others] if s.melee else [attacker, others[0], defender, others[1]]
    return staged(seats, swift=not s.melee), target


def damage_dist(s: AttackSetup) -> dict[int, Fraction]:
    """CH-turn-play-one-sword: the exact distribution of the damage the target hero takes from one 剑 attack
    (the attacker uses its axe whenever it may; the target discards nothing for the abyss sword)."""
    state, target = attack_state(s)
    before = state.data.seats[target].hp
    state = state.apply(act("castle_heart", "attack", 0, target=target, member=HERO, pay="sword"))
    policy = pick({"block": s.block, "bear_axe": True, "doom_axe": True})
    return outcome(state, lambda st: st.data.attack is None and st.data.phase == "play",
                   lambda st: before - st.data.seats[target].hp, policy)


def expected_damage(s: AttackSetup) -> Fraction:
    """The mean of :func:`damage_dist`."""
    return mean(damage_dist(s))


def defence_table(melee: bool = True, weapon: str = "", block: bool = False, swords: int = 3) -> list[dict]:
    """For every combination of the chance cards and the shield: P(hit) and E[damage] of one 剑 attack."""
    rows = []
    for mask in range(2 ** len(DEFENCES)):
        on = {d: bool(mask >> i & 1) for i, d in enumerate(DEFENCES)}
        s = AttackSetup(melee=melee, armour=on["knight_armour"], mirror=on["mirror"], shield=on["steel_shield"],
                        weapon=weapon, block=block, swords=swords)
        dist = damage_dist(s)
        rows.append({**on, "hit": 1 - dist.get(0, Fraction(0)), "expected": mean(dist), "dist": dist})
    return rows
