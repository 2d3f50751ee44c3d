"""§3.1 盘面: the state of a game of 永恒之息 as immutable records, and the small moves every rule uses.

The table (盘面) holds the deck (牌堆, a Bag: nobody knows its order), the discard pile (弃牌堆), the
destroyed pile (销毁堆) and each player's area (区域): character zone, pool, effect zone, trap zone,
hand and coins. Work still to do is a stack of ``Task`` records: its head says who decides next.
"""

from __future__ import annotations

from functools import lru_cache

from explorer import Bag, evolve, record, replace_at, setter
from explorer.records import moved_from

from .content import card

HAND_LIMIT = 6      # EB-1.1.4-limits
COIN_CAP = 20       # EB-2.6-coin-cap
TRAP_LIMIT = 3      # EB-3.2-trap-limit


@record
class Character:
    """A character in a character zone (角色区). ``ever_up``: a self character that was once face up."""

    card: str
    hp: int
    face_up: bool
    is_self: bool = False
    ever_up: bool = False

    @property
    def max_hp(self) -> int:
        """EB-3.2-heal: the most HP it can have, its HP card's (a save's start is bounded by it)."""
        return card(self.card).hp


@record
class Trap:
    """A trap in a trap zone (陷阱区), with the player who placed it (放置者)."""

    card: str
    placer: int
    face_up: bool = False


@record
class Placed:
    """A persistent effect card in an effect zone (效果区); ``host`` is a character's card id or ""."""

    card: str
    placer: int
    round: int
    host: str = ""


@record
class Seat:
    """One player's area (区域) and hand (手牌)."""

    chars: tuple = ()
    pool: tuple = ()
    effects: tuple = ()
    traps: tuple = ()
    hand: tuple = ()
    coins: int = 0
    alive: bool = True
    summon_limit: int = 1
    picks: tuple = ()


@record
class Task:
    """Work still to do. ``kind`` decides who acts (see game.py); the other fields are its arguments."""

    kind: str
    player: int = -1
    card: str = ""
    char: str = ""
    target: int = -1
    tchar: str = ""
    n: int = 0
    cause: int = -1
    by: int = -1
    ctx: Ctx | None = None
    when: str = ""     # the trigger condition met (a trap declaration: EB-A30)


@record
class Ctx:
    """Who an effect list acts for (§3.1 判定/技能): the user and its character, the chosen target,
    the zone that holds the card, the attacker, and the source card whose effects these are."""

    user: int
    char: str = ""
    player: int = -1
    target: str = ""
    zone: int = -1
    aplayer: int = -1
    achar: str = ""
    source: str = ""
    amount: int = 0


@record
class Combat:
    """§3.2 攻击事件 in progress: who attacks whom with which cards, the dice and the response."""

    player: int
    char: str
    cards: tuple
    target: int
    tchar: str
    event: int
    attack_die: int = 0
    response: str = ""
    defence_card: str = ""
    defence_die: int = 0


@record
class Turn:
    """What the player to move has done this turn (EB-1.2.4-play limits)."""

    attacked: bool = False
    trapped: bool = False
    summoned: bool = False
    flipped: bool = False
    removed: bool = False
    bought: bool = False
    skill_chars: tuple = ()
    plays: int = 0


@record
class Rules:
    """The variant switches the engine reads while playing (assumptions.toml)."""

    round_limit: int = 0          # EB-A07: 0 = no round limit (the document's game)
    block_without_card: str = "base_and_die"
    response_timing: str = "after_attack_die"
    summon_limit_after_defeat: str = "killer"
    refused_effect_card: str = "discard"
    loser_characters: str = "discard"
    leftover_characters: str = "offered"
    play_action_cap: int = 0      # EB-A15: 0 = no cap on a play phase
    trap_deployed: str = "face_up"   # EB-A12: traps are deployed face up (1 coin turns one face down)


@record
class Table:
    """The whole game: the table (盘面), whose turn, the round (轮), the phase and the work to do."""

    seats: tuple
    deck: Bag
    rules: Rules
    discard: tuple = ()
    destroyed: tuple = ()
    dealer: int = 0
    turn: int = 0
    round: int = 0
    phase: str = "setup"
    tasks: tuple = ()
    now: Turn = Turn()
    combat: Combat | None = None
    offer: tuple = ()
    winners: tuple = ()
    over: bool = False


FRESH_TURN = Turn()  # a turn with nothing done yet (a record never changes: one serves every turn)


@lru_cache(maxsize=4096)
def plain_task(kind: str, player: int = -1) -> Task:
    """``Task(kind, player)``, made once: the turn's steps ask for the same ones again and again (a Task never
    changes)."""
    return Task(kind, player)


# --- small moves --------------------------------------------------------------------------------
# Nearly every step pops or pushes a task and changes a seat: these copy the table through setters (``evolve``
# without its keyword arguments, about half its cost).
with_tasks = setter(Table, "tasks")
with_seats = setter(Table, "seats")
with_now = setter(Table, "now")
with_hand = setter(Seat, "hand")
with_coins = setter(Seat, "coins")
with_chars = setter(Seat, "chars")
with_discard = setter(Table, "discard")
with_destroyed = setter(Table, "destroyed")
with_phase = setter(Table, "phase")
with_phase_tasks = setter(Table, "phase", "tasks")
with_combat_tasks = setter(Table, "combat", "tasks")
with_plays = setter(Turn, "plays")
with_hp = setter(Character, "hp")
with_traps = setter(Seat, "traps")
with_cause = setter(Task, "cause")
with_combat_now = setter(Table, "combat", "now")
with_next_turn = setter(Table, "turn", "round", "now", "tasks")  # the next player's turn begins: one copy
with_attacked = setter(Turn, "attacked")
with_trapped = setter(Turn, "trapped")
with_flipped = setter(Turn, "flipped")
with_bought = setter(Turn, "bought")
with_skill_chars = setter(Turn, "skill_chars")


def seat_set(t: Table, p: int, **changes) -> Table:
    return put_seat(t, p, evolve(t.seats[p], **changes))


def put_seat(t: Table, p: int, seat: Seat) -> Table:
    """The table with ``seat`` as player ``p``'s area."""
    return with_seats(t, replace_at(t.seats, p, seat))


def add_trap(t: Table, zone: int, trap: Trap) -> Table:
    """The table with ``trap`` added to the trap zone of player ``zone`` (the caller kept EB-3.2-trap-limit)."""
    seat = t.seats[zone]
    return put_seat(t, zone, with_traps(seat, (*seat.traps, trap)))


def push(t: Table, *tasks: Task) -> Table:
    """Put ``tasks`` (in this order) before the rest of the work (one tuple made: ``tasks`` is one already)."""
    return with_tasks(t, tasks + t.tasks)


def pop(t: Table) -> Table:
    return with_tasks(t, t.tasks[1:])


def without(items: tuple, item) -> tuple:
    """``items`` with one copy of ``item`` removed."""
    i = items.index(item)
    return items[:i] + items[i + 1:]


def order_from(t: Table, start: int) -> list[int]:
    """EB-3.2-conflict: seats in play order starting at ``start`` (the living ones)."""
    n = len(t.seats)
    return [(start + k) % n for k in range(n) if t.seats[(start + k) % n].alive]


def gain_coins(t: Table, p: int, amount: int) -> tuple[Table, int]:
    """EB-2.6-coin-cap: coins gained are cut at the cap of 20; returns the table and coins actually gained."""
    seat = t.seats[p]
    have = seat.coins
    got = max(0, min(COIN_CAP, have + amount) - have)
    return (put_seat(t, p, with_coins(seat, have + got)) if got else t), got


def pay(t: Table, p: int, amount: int) -> Table:
    """EB-3.2-pay: a payment goes to the coin bank (金币堆)."""
    seat = t.seats[p]
    return put_seat(t, p, with_coins(seat, seat.coins - amount))


def find_char(t: Table, p: int, char: str) -> int:
    """Index of character ``char`` in player ``p``'s character zone, or -1."""
    for i, c in enumerate(t.seats[p].chars):
        if c.card == char:
            return i
    return -1


def set_char(t: Table, p: int, char: str, **changes) -> Table:
    i = find_char(t, p, char)
    return put_char(t, p, i, evolve(t.seats[p].chars[i], **changes))


def put_char(t: Table, p: int, i: int, c: Character) -> Table:
    """The table with ``c`` as the ``i``-th character of player ``p``'s character zone."""
    seat = t.seats[p]
    return put_seat(t, p, with_chars(seat, replace_at(seat.chars, i, c)))


def is_face_up(t: Table, p: int, char: str) -> bool:
    """EB-3.1-face-down: whether ``p``'s character ``char`` is in play and face up."""
    i = find_char(t, p, char)
    return i >= 0 and t.seats[p].chars[i].face_up


def self_char(seat: Seat) -> Character | None:
    for c in seat.chars:
        if c.is_self:
            return c
    return None


def summons(seat: Seat) -> tuple[Character, ...]:
    return tuple(c for c in seat.chars if not c.is_self)


def front(t: Table, p: int) -> Character | None:
    """EB-A10: the character that takes effects aimed at a player: a summon, else the face-up self character."""
    seat = t.seats[p]
    if not seat.alive:
        return None
    for c in seat.chars:
        if not c.is_self and c.face_up:
            return c
    me = self_char(seat)
    return me if me is not None and me.face_up else None


def max_hp(char: str) -> int:
    return card(char).hp


def to_discard(t: Table, *cards: str, emit=None, cause: int | None = None) -> Table:
    """EB-3.1-discard-pile: cards that take effect or leave play go to the discard pile; discarded character
    cards go to the destroyed pile (EB-3.1-destroyed). With ``emit`` the moves are events."""
    keep = gone = ()
    for c in cards:  # (a loop: most calls move one or two cards, and each comprehension is a call of its own)
        if card(c).is_character:
            gone += (c,)
        else:
            keep += (c,)
    if gone:
        t = with_destroyed(t, t.destroyed + gone)
        if emit is not None:
            emit.emit_pairs("destroyed", "EB-3.1-destroyed", None, (("cards", gone),), cause=cause)
    if keep and emit is not None:
        emit.emit_pairs("to discard pile", "EB-3.1-discard-pile", None, (("cards", keep),), cause=cause)
    return with_discard(t, t.discard + keep) if keep else t


moved_from("explorer.games.eternal_breath.table", __name__)  # saves written before this module was named records.py
