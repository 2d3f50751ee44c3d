"""Whose move it is, what they may do, and how each action is applied: the phase table of the game."""

from __future__ import annotations

from explorer import CHANCE, TERMINAL, Bag, Draws, Weighted, replace_at

from . import attack, death, equipment, magic, setup, turn
from .actions import A
from .content import CONTENT
from .records import Castle, with_, with_drawn, with_hand

CHANCE_PHASES = frozenset(("choose_mix", "deal_identity", "deal_hero", "armour", "mirror", "disintegrate", "missiles"))

DECIDER = {
    "deploy": lambda d: d.cursor,
    "block": lambda d: d.attack.target, "abyss": lambda d: d.attack.target,
    "bear_axe": lambda d: d.attack.attacker, "doom_axe": lambda d: d.attack.attacker,
    "great_sword": lambda d: d.attack.attacker,
    "counter": lambda d: d.spell.ask[0], "fireball": lambda d: d.spell.target,
    "ice": lambda d: d.queue[0], "rescue": lambda d: d.queue[0], "join": lambda d: d.queue[0],
    "neutral_choice": lambda d: d.queue[0],
}  # every other decision phase belongs to the hero whose turn it is

LEGAL = {
    "deploy": setup.deploy_actions, "play": turn.play_actions, "pay": turn.pay_actions,
    "block": attack.block_actions, "bear_axe": attack.axe_actions, "doom_axe": attack.axe_actions,
    "abyss": attack.abyss_actions, "great_sword": attack.follow_up_actions,
    "counter": magic.counter_actions, "fireball": magic.fireball_actions, "ice": magic.ice_actions,
    "ring_keep": equipment.ring_actions, "command": turn.command_actions, "soldier": turn.soldier_actions,
    "discard": turn.discard_actions, "rescue": death.rescue_actions, "join": death.join_actions,
    "neutral_choice": death.neutral_actions,
}

# The automatic steps by phase. The end of a turn runs straight through its steps, each calling the next (end_play →
# command_start → discard_check → end_turn → death_next → next_turn; start_turn → draw_phase), so those have no
# phase of their own here; a phase waits where a decision or a draw comes in between.
AUTO = {
    "start_turn": turn.start_turn, "soldier_next": turn.soldier_next, "next_turn": death.next_turn,
    "skill_heal": turn.skill_heal,
    "longbow_go": lambda d, emit: attack.begin(d, d.attack, emit, "CH-equip-longbow"),
    "forced_hit": lambda d, emit: attack.hit(d, emit),
}


CLAUSE_OF_PHASE = {
    "choose_mix": "CH-count-enemies-outnumber", "deal_identity": "CH-identity-four",
    "deal_hero": "CH-setup-heroes", "deploy": "CH-deploy-mana",
    "play": "CH-turn-play-unlimited", "pay": "CH-turn-play-unlimited", "block": "CH-turn-block",
    "armour": "CH-equip-knight-armour", "mirror": "CH-magic-mirror", "bear_axe": "CH-equip-bear-axe",
    "doom_axe": "CH-equip-doom-axe", "abyss": "CH-equip-abyss-sword", "great_sword": "CH-equip-great-sword",
    "counter": "CH-magic-counter", "fireball": "CH-magic-fireball", "ice": "CH-magic-ice-storm",
    "disintegrate": "CH-magic-disintegrate", "missiles": "CH-equip-missile-ring", "ring_keep": "CH-equip-missile-ring",
    "command": "CH-turn-command", "soldier": "CH-turn-command", "discard": "CH-turn-discard",
    "rescue": "CH-death-heal-dying", "join": "CH-death-soldiers-join",
    "neutral_choice": "CH-end-enemies-dead-neutral-choice",
}


def decision_clause(d: Castle) -> str:
    """The clause of the decision now: its phase's, else the four phases of a turn."""
    return CLAUSE_OF_PHASE.get(d.phase, "CH-turn-four-phases")


def current_player(d: Castle) -> int:
    phase = d.phase
    if phase == "over":
        return TERMINAL
    if d.draws or phase in CHANCE_PHASES:
        return CHANCE
    who = DECIDER.get(phase)
    return who(d) if who else d.active


def legal_actions(d: Castle) -> tuple:
    return LEGAL[d.phase](d)


CARD_ORDER = tuple(sorted(CONTENT.cards, key=repr))  # the order Bag.outcomes() uses
DRAW = {c: A("draw", CHANCE, card=c) for c in CARD_ORDER}
_DRAWS = Draws(lambda c: DRAW.get(c) or A("draw", CHANCE, card=c))


def chance_outcomes(d: Castle):
    if d.draws:
        return _DRAWS(d.deck)  # each card in CARD_ORDER with its count: whole-number weights
    if d.phase == "choose_mix":
        return setup.mix_outcomes(d)
    if d.phase == "deal_identity":
        return _dealt(d.pool, lambda i: A("deal_identity", CHANCE, identity=i))
    if d.phase == "deal_hero":
        return _dealt(d.pool, lambda h: A("deal_hero", CHANCE, hero=h))
    if d.phase in ("armour", "mirror"):
        return attack.roll_outcomes(d)
    if d.phase == "disintegrate":
        return magic.disintegrate_outcomes(d)
    return equipment.missile_outcomes(d)


def _dealt(pool: Bag, make) -> Weighted:
    """A card dealt from ``pool``: each kind (in the Bag's fixed order) weighted by its count, the chances
    ``pool.outcomes()`` gives, without a Fraction per outcome (sample_chance draws from the weights)."""
    items, counts = pool.weights()
    return Weighted(tuple(map(make, items)), counts)


def draw(d: Castle, card: str, emit) -> Castle:
    """CH-turn-draw: the next queued hero draws one card (the setup hand: CH-setup-hand)."""
    seat = d.draws[0]
    clause = "CH-setup-hand" if d.phase == "deploy" else "CH-turn-draw"
    emit.emit_pairs("draw", clause, seat, (("card", card),), private_to=(seat,))
    seats = d.seats
    hand = with_hand(seats[seat], tuple(sorted((*seats[seat].hand, card))))
    return with_drawn(d, replace_at(seats, seat, hand), d.deck.remove(card), d.draws[1:])


def end_play(d: Castle, emit) -> Castle:
    emit.emit_pairs("end of play", "CH-turn-four-phases", d.active)
    return turn.command_start(d, emit)  # straight on, as advance() would: no draw is due at a decision


HANDLERS = {
    "choose_mix": lambda d, a, e: setup.choose_mix(d, a["mix"], e),
    "deal_identity": lambda d, a, e: setup.deal_identity(d, a["identity"], e),
    "deal_hero": lambda d, a, e: setup.deal_hero(d, a["hero"], e),
    "draw": lambda d, a, e: draw(d, a["card"], e),
    "armour": lambda d, a, e: attack.apply_roll(d, a["saved"], e),
    "mirror": lambda d, a, e: attack.apply_roll(d, a["saved"], e),
    "destroy_card": lambda d, a, e: magic.destroy_card(d, a["card"], e),
    "missile_split": lambda d, a, e: equipment.missile_split(d, a["split"], e),
    "deploy": lambda d, a, e: setup.deploy(d, a["soldier"], e),
    "end_deploy": lambda d, a, e: setup.end_deploy(d, e),
    "declare": lambda d, a, e: turn.declare(d, a["camp"], e),
    "attack": lambda d, a, e: attack.hero_attack(d, a["target"], a["member"], a["pay"], e),
    "heal": lambda d, a, e: turn.use_heal(d, a["target"], e),
    "magic": lambda d, a, e: magic.play_magic(d, a["card"], a["target"], a["what"], e),
    "equip": lambda d, a, e: equipment.equip(d, a["card"], e),
    "lightning": lambda d, a, e: equipment.lightning(d, a["target"], a["member"], e),
    "missiles": lambda d, a, e: equipment.fire_missiles(d, a["target"], e),
    "skill": lambda d, a, e: turn.use_skill(d, e),
    "end_play": lambda d, a, e: end_play(d, e),
    "pay_card": lambda d, a, e: turn.pay_card(d, a["card"], e),
    "block": lambda d, a, e: attack.block(d, e),
    "take_hit": lambda d, a, e: attack.hit(d, e),
    "bear_axe": lambda d, a, e: attack.bear_axe(d, a["use"], e),
    "doom_axe": lambda d, a, e: attack.doom_axe(d, a["again"], e),
    "abyss_discard": lambda d, a, e: attack.abyss(d, a["card"], e),
    "abyss_take": lambda d, a, e: attack.abyss(d, None, e),
    "follow_up": lambda d, a, e: attack.follow_up(d, a["member"], e),
    "counter": lambda d, a, e: magic.counter(d, a["card"], e),
    "let_pass": lambda d, a, e: magic.counter(d, None, e),
    "fireball_split": lambda d, a, e: magic.fireball(d, a["soldier"], e),
    "ice": lambda d, a, e: magic.ice(d, a["spend"], e),
    "keep_ring": lambda d, a, e: equipment.keep_ring(d, a["keep"], e),
    "command": lambda d, a, e: turn.command(d, a["target"], e),
    "soldier_attack": lambda d, a, e: attack.soldier_attack(d, a["member"], e),
    "discard": lambda d, a, e: turn.discard(d, a["card"], e),
    "rescue": lambda d, a, e: death.rescue(d, a["target"], e),
    "join": lambda d, a, e: death.join(d, a["soldier"], e),
    "neutral_choice": lambda d, a, e: death.neutral_choice(d, a["join"], e),
}


def apply(d: Castle, action, emit) -> Castle:
    return advance(HANDLERS[action.kind](d, action, emit), emit)


def advance(d: Castle, emit) -> Castle:
    """Run the automatic steps (turn start, draw phase, end of turn, …) up to the next decision or chance."""
    while d.phase != "over":
        if d.draws:
            if len(d.deck):
                return d
            if len(d.discard):
                emit.emit("reshuffle", "CH-deck-reshuffle", cards=len(d.discard))
                d = with_(d, deck=d.deck.union(d.discard), discard=Bag())
                continue
            emit.emit("deck empty", "CH-deck-reshuffle", cards=0)
            d = with_(d, draws=())
            continue
        step = AUTO.get(d.phase)
        if step is None:
            return d
        d = step(d, emit)
    return d

