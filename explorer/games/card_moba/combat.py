"""Combat and life: attack power, shields, damage and its kinds, heals, life loss, death and the killer."""

from __future__ import annotations

from functools import lru_cache

from explorer import CANCELLED, SELF, replace_at

from . import passives, statuses  # passives imports this module back: its names are read at call time
from .content import sample
from .records import Hero, Moba, evolve, with_heroes, with_hit, with_hp, with_shield
from .ruler import capped

DAMAGE_CLAUSE = {"normal": "MB-event-DS", "true": "MB-term-15-true-damage", "lifesteal": "MB-term-16-lifesteal"}


@lru_cache(maxsize=512)
def static_bonus(pieces: tuple) -> dict:
    """MB-bloodline-permanent: the "static" bloodline pieces and dust add to the four stats all game."""
    c = sample()
    out = {"atk": 0, "def": 0, "speed": 0, "range": 0, "hp": 0}
    for pid in pieces:
        entry = c.pieces.get(pid) or c.dusts.get(pid)
        if entry is None or entry.get("trigger", "static") != "static":
            continue
        for e in entry["effects"]:
            if e["op"] == "stat":
                out[e["stat"]] += e["amount"]
    return out


@lru_cache(maxsize=512)
def stats(hero_id: str, pieces: tuple) -> dict:
    """MB-hero-stats: each stat printed on the hero plus its bloodline's static bonus (a hero and its bloodline never
    change once chosen, and the attack range is read at every choice: worked out once)."""
    printed = sample().heroes[hero_id]
    return {name: printed[name] + bonus for name, bonus in static_bonus(pieces).items()}


def base(hero: Hero, name: str) -> int:
    """MB-hero-stats: the hero's printed stat plus its bloodline's static bonus."""
    return stats(hero.hero, hero.pieces)[name]


def mark_bonus(hero: Hero, field: str) -> int:
    marks = sample().marks
    return sum(marks[m][field] * n for m, n in hero.marks)


def attack_power(hero: Hero) -> int:
    """MB-hero-stats 攻击力 (may be below 1, MB-event-LA); MB-status-10-weak caps it at 1."""
    atk = base(hero, "atk") + (mark_bonus(hero, "atk_per_stack") if hero.marks else 0)
    return min(atk, 1) if statuses.has(hero, "weak") else atk


def defence(hero: Hero) -> int:
    """MB-hero-stats 防御力; MB-status-11-armour-break caps it at 1."""
    d = base(hero, "def") + (mark_bonus(hero, "def_per_stack") if hero.marks else 0)
    return min(d, 1) if statuses.has(hero, "armour_break") else d


def speed(hero: Hero) -> int:
    return base(hero, "speed")


def reach(hero: Hero) -> int:
    """MB-term-3-attack: attack range 1 by default (a hero or a bloodline may say more)."""
    return stats(hero.hero, hero.pieces)["range"]


def starting_hp(hero: Hero, hp_cap: int) -> int:
    """MB-hero-stats 生命值 is the starting HP; never above the HP cap (MB-hero-hp-cap)."""
    return capped(base(hero, "hp"), hp_cap)


def put(d: Moba, hero: Hero) -> Moba:
    """The game with ``hero`` in its seat (the hot path: a copy of the game costs about a microsecond; a change to
    the game's own fields in the same copy goes through a setter of records.py)."""
    return with_heroes(d, replace_at(d.heroes, hero.seat, hero))


def heal(d: Moba, seat: int, amount: int, emit, cause, source: int = -1, links: tuple = ()) -> Moba:
    """MB-term-11-heal: HP rises by a positive whole number, up to the cap (MB-hero-hp-cap);
    MB-status-6-grievous halves it, 0.5 counting as 1. ``links``: the heal's own (what it replaces)."""
    h = d.heroes[seat]
    if amount <= 0 or not h.alive:
        return d
    if statuses.has(h, "grievous"):
        halved = emit.emit("heal halved", "MB-status-6-grievous", targets=(seat,), cause=cause,
                           after=halved_heal(amount, True), before=amount)
        links = (*links, (halved, "prevents", SELF, "MB-status-6-grievous"))  # the half it does not heal
        amount = halved_heal(amount, True)
    hp = capped(h.hp + amount, d.rules.hp_cap)
    eid = emit.emit("heal", "MB-term-11-heal", actor=source if source >= 0 else None, targets=(seat,), cause=cause,
                    amount=amount, healed=hp - h.hp, hp=hp, links=links)
    if hp < h.hp + amount:  # the cap stops what is above it
        emit.emit("hp cap", "MB-hero-hp-cap" if d.rules.hp_cap == 60 else "MB-ruler-hp-cap", targets=(seat,),
                  cause=eid, cap=d.rules.hp_cap, lost=h.hp + amount - hp, links=[(SELF, "prevents", eid)])
    return put(d, with_hp(h, hp))


def gain_shield(d: Moba, seat: int, amount: int, emit, cause) -> Moba:
    """MB-term-2-shield gained; MB-status-11-armour-break: no shield can be gained."""
    h = d.heroes[seat]
    if amount <= 0 or not h.alive:
        return d
    if statuses.has(h, "armour_break"):
        emit.emit("shield refused", "MB-status-11-armour-break", targets=(seat,), cause=cause, outcome=CANCELLED,
                  amount=amount, links=[(SELF, "prevents", cause)] if cause is not None else ())
        return d
    emit.emit_pairs("shield", "MB-term-2-shield", None, (("amount", amount), ("shield", h.shield + amount)), (seat,),
                    cause)
    return put(d, with_shield(h, h.shield + amount))


def damage_split(hp: int, shield: int, amount: int, kind: str, poison: bool = False,
                 poison_death: bool = False) -> tuple[int, int, int]:
    """(HP after, shield absorbed, HP lost) when ``amount`` ≥ 0 damage of ``kind`` meets ``hp`` and ``shield``.
    MB-term-2-shield absorbs non-true damage whole or in part; MB-term-15-true-damage ignores it;
    MB-status-13-poison: poison cannot take HP below 1 unless the Ruler's 中毒死亡 (poison_death) is on."""
    absorbed = 0 if kind == "true" else min(shield, amount)
    hp_loss = amount - absorbed
    after = hp - hp_loss
    if poison and not poison_death and hp >= 1:
        after = max(after, 1)
        hp_loss = hp - after
    return after, absorbed, hp_loss


def lifesteal_heal(kind: str, hp_loss: int) -> int:
    """MB-term-16-lifesteal: the source heals by the HP damage only (damage to the shield heals nothing)."""
    return hp_loss if kind == "lifesteal" and hp_loss > 0 else 0


def halved_heal(amount: int, grievous: bool) -> int:
    """MB-status-6-grievous: a heal is halved, 0.5 counting as 1."""
    return (amount + 1) // 2 if grievous else amount


def damage(d: Moba, source: int, seat: int, amount: int, kind: str, emit, cause, depth: int = 0,
           poison: bool = False) -> Moba:
    """Damage (伤害) of a kind: normal, true (MB-term-15-true-damage ignores shields) or lifesteal
    (MB-term-16-lifesteal heals the source by the HP damage only). MB-term-2-shield absorbs non-true damage
    whole or in part. MB-event-DS: the damage taken is the amount before shields. MB-event-LA: a negative
    amount heals the target instead."""
    h = d.heroes[seat]
    if not h.alive:
        return d
    if amount < 0:
        neg = emit.emit("negative damage", "MB-event-LA", actor=source, targets=(seat,), cause=cause, damage=amount)
        return heal(d, seat, -amount, emit, cause, source, ((SELF, "replaces", neg, "MB-event-LA"),))  # 即为回复
    hp, absorbed, hp_loss = damage_split(h.hp, h.shield, amount, kind, poison, d.rules.poison_death)
    numbers = (("absorbed", absorbed), ("damage", amount), ("damage_kind", kind), ("hp", hp), ("hp_loss", hp_loss))
    eid = emit.emit_pairs("damage", DAMAGE_CLAUSE[kind], source if source >= 0 else None, numbers, (seat,), cause)
    if absorbed:
        emit.emit("shield absorbs", "MB-term-2-shield", targets=(seat,), cause=eid, absorbed=absorbed,
                  shield=h.shield - absorbed, links=[(SELF, "prevents", eid)])  # the absorbed part of it
    d = put(d, with_hit(h, hp, h.shield - absorbed, source if source >= 0 else h.last_hit))
    if lifesteal_heal(kind, hp_loss) and source >= 0:
        d = heal(d, source, lifesteal_heal(kind, hp_loss), emit, eid, source)
    if hp <= 0:
        return die(d, seat, emit, eid, depth)
    if depth == 0:  # MB-A14: only damage a passive caused fires no further passive
        d = passives.trigger(d, seat, "on_damaged", emit, eid, other=source, amount=amount, depth=depth + 1)
    return d


def lose_life(d: Moba, seat: int, amount: int, emit, cause, clause: str = "MB-term-12-life-loss",
              depth: int = 0) -> Moba:
    """MB-term-12-life-loss: HP falls by a positive whole number; no source, shields are ignored."""
    h = d.heroes[seat]
    if amount <= 0 or not h.alive:
        return d
    eid = emit.emit("life loss", clause, targets=(seat,), cause=cause, amount=amount, hp=h.hp - amount)
    d = put(d, with_hp(h, h.hp - amount))
    return die(d, seat, emit, eid, depth) if h.hp - amount <= 0 else d


def die(d: Moba, seat: int, emit, cause, depth: int = 0) -> Moba:
    """MB-hero-death: HP not above 0 is death. MB-hero-killer: whoever last damaged the hero is the killer,
    and scores (MB-A08). Ruler MB-ruler-steal-stamina / MB-ruler-steal-hand take the victim's stamina / hand."""
    h = d.heroes[seat]
    eid = emit.emit("death", "MB-hero-death", targets=(seat,), cause=cause, hp=h.hp)
    d = put(d, evolve(h, alive=False, pos=None, statuses=(), shield=0, marks=(), crit=False, played="", spent=(),
                      uses=()))
    killer = h.last_hit
    if killer < 0 or killer == seat:
        return d
    k = d.heroes[killer]
    score = k.score + d.rules.kill_score
    emit.emit("kill", "MB-hero-killer", actor=killer, targets=(seat,), cause=eid, score=score)
    k = evolve(k, score=score)
    victim = d.heroes[seat]
    if d.rules.steal_stamina and victim.stamina:
        emit.emit("steal stamina", "MB-ruler-steal-stamina", actor=killer, targets=(seat,), cause=eid,
                  amount=victim.stamina)
        k = evolve(k, stamina=capped(k.stamina + victim.stamina, d.rules.stamina_cap))
        victim = evolve(victim, stamina=0)
    if d.rules.steal_hand and victim.hand:
        emit.emit("steal hand", "MB-ruler-steal-hand", actor=killer, targets=(seat,), cause=eid,
                  private_to=(killer, seat), cards=victim.hand)
        k = evolve(k, hand=tuple(sorted(k.hand + victim.hand)))
        victim = evolve(victim, hand=())
    d = put(put(d, victim), k)
    if d.win_score and score >= d.win_score:
        emit.emit("game over", "MB-choice-4-score", targets=(killer,), cause=eid, score=score)
        return evolve(d, phase="over", winners=(killer,))
    if depth <= 1:
        d = passives.trigger(d, killer, "on_kill", emit, eid, other=seat, depth=depth + 1)
    return d
