"""Before the battle: identities within the count rules, heroes, starting hands, and deployment (备战阶段)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from explorer import CHANCE, Bag, W

from .actions import A
from .content import CONTENT, SOLDIERS
from .records import ENEMY, LORD, NEUTRAL, REINFORCEMENT, Castle, Options, Seat, Soldier, put, with_

# CH-A02: the identities dealt for each player count (both mixes obey the count rules, checked below).
MIXES = {
    "with_neutral": {3: "LEE", 4: "LEEE", 5: "LREEE", 6: "LRNEEE", 7: "LRNEEEE", 8: "LRRNEEEE"},
    "no_neutral": {3: "LEE", 4: "LEEE", 5: "LREEE", 6: "LREEEE", 7: "LRREEEE", 8: "LRREEEEE"},
}
LETTER = {"L": LORD, "E": ENEMY, "R": REINFORCEMENT, "N": NEUTRAL}
LORD_MANA, HERO_MANA = 10, 6


def count_rules_broken(identities) -> list[str]:
    """CH-count-one-lord, CH-count-enemies-outnumber, CH-count-neutrals-le-reinforcements: the clauses broken."""
    c = Counter(identities)
    broken = []
    if c[LORD] != 1:
        broken.append("CH-count-one-lord")
    if not c[ENEMY] > c[LORD] + c[REINFORCEMENT]:
        broken.append("CH-count-enemies-outnumber")
    if c[NEUTRAL] > c[REINFORCEMENT]:
        broken.append("CH-count-neutrals-le-reinforcements")
    return broken


def legal_mixes(players: int) -> tuple[str, ...]:
    """Every identity mix for this table that the three count rules allow (letters L, R, N, E)."""
    out = []
    for r in range(players):
        for n in range(players - r):
            mix = "L" + "R" * r + "N" * n + "E" * (players - 1 - r - n)
            if not count_rules_broken(tuple(LETTER[ch] for ch in mix)):
                out.append(mix)
    return tuple(out)


def identities_for(players: int, mix: str) -> tuple[str, ...]:
    """CH-identity-four: the four identities dealt at this table size (CH-A02)."""
    out = tuple(LETTER[ch] for ch in MIXES[mix][players])
    assert not count_rules_broken(out), (players, mix)
    return out


def options(variant) -> Options:
    """The switches the rules read, from a resolved variant."""
    return Options(variant["distance"], variant["equipment_slots"], variant["magic_cost"], variant["round_cap"],
                   variant["starting_hand"], variant["identity_mix"], variant["ice_storm_soldiers"],
                   variant["mana_recall"], variant["side_change_ends"])


def initial(players: int, variant) -> Castle:
    """A fresh table: identities are about to be dealt face down (a CHANCE node per seat)."""
    opts = options(variant)
    deck = Bag({c.id: c.count for c in CONTENT.cards.values()})
    if opts.mix == "any_legal":  # CH-A02: first a CHANCE node picks one of the mixes the count rules allow
        return Castle(seats=(Seat(),) * players, deck=deck, discard=Bag(), phase="choose_mix", opts=opts)
    return Castle(seats=(Seat(),) * players, deck=deck, discard=Bag(), phase="deal_identity", opts=opts,
                  pool=Bag(identities_for(players, opts.mix)))


def mix_outcomes(d: Castle):
    """CH-count-one-lord, CH-count-enemies-outnumber, CH-count-neutrals-le-reinforcements: each allowed mix
    equally likely."""
    mixes = legal_mixes(len(d.seats))
    return tuple((A("choose_mix", CHANCE, mix=m), Fraction(1, len(mixes))) for m in mixes)


def choose_mix(d: Castle, mix: str, emit) -> Castle:
    """The identities to deal this game: a mix the count rules allow."""
    ids = tuple(LETTER[ch] for ch in mix)
    counts = {"enemies": ids.count(ENEMY), "lord": ids.count(LORD), "neutrals": ids.count(NEUTRAL),
              "reinforcements": ids.count(REINFORCEMENT)}
    for kind, clause in (("one lord", "CH-count-one-lord"), ("enemies outnumber", "CH-count-enemies-outnumber"),
                         ("neutrals capped", "CH-count-neutrals-le-reinforcements")):
        emit.emit(kind, clause, **counts)
    return with_(d, phase="deal_identity", pool=Bag(ids))


def deal_identity(d: Castle, identity: str, emit) -> Castle:
    """CH-identity-four: the next seat gets an identity; the lord's is shown at once (CH-A09)."""
    seat = d.cursor
    lord = identity == LORD
    emit.emit("identity", "CH-identity-four", targets=(seat,), private_to=None if lord else (seat,),
              identity=identity)
    d = put(d, seat, identity=identity, revealed=lord)
    d = with_(d, pool=d.pool.remove(identity), cursor=seat + 1, lord=seat if lord else d.lord)
    if d.cursor < len(d.seats):
        return d
    return with_(d, phase="deal_hero", cursor=0, pool=Bag(tuple(CONTENT.heroes)))


def leadership_of(hero, identity: str) -> int:
    """CH-leadership: 2 points, 4 as the lord; CH-leadership-ryan: 莱恩子爵 has his own values."""
    return hero.lord_leadership if identity == LORD else hero.leadership


def mana_of(hero, identity: str) -> int:
    """CH-deploy-mana: 6 mana, 10 as the lord (plus a sample skill's bonus)."""
    base = LORD_MANA if identity == LORD else HERO_MANA
    return base + (hero.amount if hero.skill == "mana_bonus" else 0)


def deal_hero(d: Castle, hero_id: str, emit) -> Castle:
    """CH-setup-heroes: the next seat gets a hero at random from the sample heroes (CH-A15)."""
    seat, hero = d.cursor, CONTENT.heroes[hero_id]
    identity = d.seats[seat].identity
    emit.emit("hero", "CH-setup-heroes", targets=(seat,), hero=hero_id, hp=hero.hp)
    rule = "CH-leadership-ryan" if hero.skill == "leadership" else "CH-leadership"
    emit.emit("leadership", rule, targets=(seat,), leadership=leadership_of(hero, identity))
    d = put(d, seat, hero=hero_id, hp=hero.hp, max_hp=hero.hp, leadership=leadership_of(hero, identity),
            mana=mana_of(hero, identity))
    d = with_(d, pool=d.pool.remove(hero_id), cursor=seat + 1)
    if d.cursor < len(d.seats):
        return d
    hands = tuple(s for s in range(len(d.seats)) for _ in range(d.opts.starting_hand))
    emit.emit("setup", "CH-setup-hand", cards=d.opts.starting_hand)
    return with_(d, phase="deploy", cursor=d.lord, pool=Bag(), draws=hands)


def soldier_hp(seat: Seat, kind: str) -> int:
    hero = CONTENT.heroes[seat.hero]
    return SOLDIERS[kind]["hp"] + (hero.amount if hero.skill == "soldier_hp_bonus" else 0)


def deploy_problem(seat: Seat, kind: str) -> tuple[str, str] | None:
    """Why ``kind`` cannot be deployed now: (clause, reason), or None when it can."""
    if kind not in SOLDIERS:
        return "CH-deploy-mana", W(f"no soldier card {kind!r}", "没有这种士兵卡")
    if len(seat.soldiers) >= seat.leadership:
        return "CH-leadership", W(f"leadership {seat.leadership} allows only {seat.leadership} soldier cards",
                                   f"领导值为{seat.leadership}，只能部署{seat.leadership}张士兵卡")
    if SOLDIERS[kind]["value"] > seat.mana:
        return "CH-deploy-mana", W(f"a {kind} costs {SOLDIERS[kind]['value']} mana; {seat.mana} left",
                                   f"{SOLDIERS[kind]['zh']}的价值为{SOLDIERS[kind]['value']}点法力值，只剩{seat.mana}点")
    return None


def deploy_actions(d: Castle) -> tuple:
    seat = d.seats[d.cursor]
    out = [A("deploy", d.cursor, soldier=k) for k in SOLDIERS if deploy_problem(seat, k) is None]
    return (*out, A("end_deploy", d.cursor))


def deploy(d: Castle, kind: str, emit) -> Castle:
    """CH-deploy-mana / CH-leadership: one soldier card for its value in mana, one per leadership point."""
    seat = d.seats[d.cursor]
    card = SOLDIERS[kind]
    eid = emit.emit("deploy", "CH-deploy-mana", actor=d.cursor, soldier=kind, value=card["value"],
                    mana=seat.mana - card["value"])
    hp = soldier_hp(seat, kind)
    emit.emit("soldier", card["clause"], actor=d.cursor, cause=eid, soldier=kind, hp=hp)
    return put(d, d.cursor, mana=seat.mana - card["value"], soldiers=(*seat.soldiers, Soldier(kind, hp)))


def end_deploy(d: Castle, emit) -> Castle:
    """The next hero deploys; after the last, leftover mana becomes 魔 and the battle starts with the lord."""
    nxt = (d.cursor + 1) % len(d.seats)
    if nxt != d.lord:
        return with_(d, cursor=nxt)
    for i, seat in enumerate(d.seats):
        if seat.mana:
            emit.emit("mana to 魔", "CH-deploy-leftover-mana", actor=i, cards=seat.mana)
        d = put(d, i, mana=0, hand=tuple(sorted(seat.hand + ("mana",) * seat.mana)))
    emit.emit("battle", "CH-turn-order", actor=d.lord)
    return with_(d, phase="start_turn", active=d.lord, cursor=0, turn=1, round=1)
