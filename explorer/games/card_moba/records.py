"""The state of a card-driven MOBA game as immutable records (see rules.toml for every clause id)."""

from __future__ import annotations

from explorer import Bag, evolve, record, setter  # noqa: F401 - evolve is used through this module


@record
class Status:
    """One passive status (状态): its name, layers (层级), duration (时长), whether its turn has come, its source.

    ``active`` turns True when the holder's next turn begins ("其下一个回合"), MB-status-1-stun … 14.
    """

    name: str
    layers: int = 1
    duration: int = 1
    active: bool = False
    source: int = -1


@record
class Hero:
    """One player's hero on the map: MB-hero-stats, MB-term-1-stamina, MB-term-2-shield, MB-term-4-steps."""

    seat: int
    hero: str = ""
    pieces: tuple = ()          # bloodline: system, keystone, fragment a, fragment b, dust (MB-bloodline-total)
    pos: tuple | None = None    # (x, y) or None while dead / before spawning
    spawn: tuple | None = None
    hp: int = 0
    shield: int = 0
    stamina: int = 0
    steps: int = 0
    attacks: int = 0
    statuses: tuple = ()        # Status records
    marks: tuple = ()           # (mark id, stacks)
    played: str = ""            # card types played in this action phase (MB-hero-skill-sequence)
    spent: tuple = ()           # (skill key "skill#alt", cards of `played` spent by its last grant) (MB-A20)
    uses: tuple = ()            # (skill key "skill#alt", uses left)
    hand: tuple = ()            # card ids, sorted
    score: int = 0
    crit: bool = False          # the next attack is a critical hit (MB-A06)
    last_hit: int = -1          # seat whose damage last hit this hero (MB-hero-killer)
    alive: bool = True
    acted: int = 0              # actions taken in this action phase (the opt-in MB-A17 cap)


@record
class Rules:
    """The rule values of this game: classic defaults, or the Ruler settings (MB-mode-ruler)."""

    hp_cap: int | None = 60     # None: "inf", no cap (Ruler, MB-A18)
    stamina_cap: int | None = 12
    start_gain: int = 1
    hand_limit: int | None = None  # None: "inf", no hand limit (MB-card-no-hand-limit, MB-A18)
    status_stack: bool = True
    poison_death: bool = False
    special_cells: bool = True
    steal_stamina: bool = False
    steal_hand: bool = False
    start_stamina: int = 3
    start_hand: int = 3
    round_cap: int = 0          # 0 = no round limit: the document's game ends only at the winning score (MB-A15)
    kill_score: int = 1
    card_set: str = "sample"
    adjacency: int = 4
    action_cap: int = 0         # 0 = no cap: the player ends the action phase (MB-A17)
    shield_lasts: str = "next_turn"  # a shield goes when its holder's next turn begins, or "game" (MB-A28)
    agreed_score: int = 0       # the winning score agreed before the game (variant ``win_score``); 0: at the score step


@record
class Moba:
    """The whole game: setup progress, heroes, deck and discard pile (置牌堆), whose turn and which phase."""

    phase: str                  # mode, map, hero, bloodline, score, order, spawn, deal, draw, action, discard, over
    seat: int                   # the player deciding now (setup) or whose turn it is
    heroes: tuple               # Hero per seat
    deck: Bag
    discard: Bag = Bag()
    rules: Rules = Rules()
    ruler_rules: Rules = Rules()
    mode: str = ""
    map: str = ""
    win_score: int = 0
    order: tuple = ()
    turn_index: int = 0
    round: int = 1
    draws: tuple = ()           # seats still to draw one card each, in order (chance nodes)
    winners: tuple = ()


# Copies for the moves made at nearly every step (explorer.setter: evolve without its keywords, about half its cost)
with_heroes = setter(Moba, "heroes")
with_hand = setter(Hero, "hand")
with_draw = setter(Moba, "heroes", "deck", "draws")  # a card drawn: the hand, the deck and the draws left
with_play = setter(Hero, "hand", "stamina", "played", "acted")  # a card played: its cost paid, its type in the sequence
with_steps = setter(Hero, "steps")      # steps gained (a move card, the start phase)
with_stamina = setter(Hero, "stamina")  # stamina gained
with_pos = setter(Hero, "pos")          # a hero displaced
with_turn_over = setter(Hero, "played", "spent", "uses", "acted")  # the action phase's counts cleared
with_draws = setter(Moba, "phase", "draws")  # the draw phase: who draws
with_heroes_seat = setter(Moba, "heroes", "seat")  # a turn begins: its seat
with_heroes_phase = setter(Moba, "heroes", "phase")  # the action phase begins
with_heroes_discard = setter(Moba, "heroes", "discard")  # a card played or discarded onto the discard pile
with_heroes_turn = setter(Moba, "heroes", "turn_index", "round", "seat")  # the next seat's turn
with_move = setter(Hero, "pos", "steps", "acted")  # a move: the cell, the step paid, the action counted
with_stamina_steps = setter(Hero, "stamina", "steps")  # the end phase: +1 stamina, leftover steps cleared
with_steps_attacks = setter(Hero, "steps", "attacks")  # the start phase: steps = speed, one attack chance
with_attack = setter(Hero, "attacks", "crit", "acted")  # an attack: its chance spent, a critical hit used
with_shield = setter(Hero, "shield")  # a shield gained or gone
with_hp = setter(Hero, "hp")  # a heal, a life loss
with_hit = setter(Hero, "hp", "shield", "last_hit")  # damage taken: HP, the shield that absorbed it, by whom
