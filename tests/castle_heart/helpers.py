"""Scenario helpers for 城堡之心: set a table exactly, script decisions, load chance outcomes."""

from __future__ import annotations

from explorer import CHANCE, Bag, State, act, get_game
from explorer.games.castle_heart.content import CONTENT
from explorer.games.castle_heart.records import HERO, Castle, Seat, Soldier, put
from explorer.games.castle_heart.setup import options

GAME = get_game("castle_heart")
__all__ = [
    "CHANCE", "HERO", "a", "change", "clauses", "draw_all", "events", "hero_seat",
    "soldier", "step", "table", "with_seat",
]


def soldier(kind: str, hp: int | None = None, poisoned: int = -1) -> Soldier:
    return Soldier(kind, {"knight": 3, "lynx": 2}[kind] if hp is None else hp, poisoned)


def hero_seat(identity: str, hero: str = "levi", hp: int | None = None, hand=(), equipment=(), soldiers=(),
              **more) -> Seat:
    """A seat in battle: HP from the hero unless given, leadership by the rules."""
    h = CONTENT.heroes[hero]
    lead = h.lord_leadership if identity == "lord" else h.leadership
    fields = {"revealed": identity == "lord", **more}
    return Seat(hero=hero, identity=identity, hp=h.hp if hp is None else hp, max_hp=h.hp, hand=tuple(sorted(hand)),
                equipment=tuple(equipment), soldiers=tuple(soldiers), leadership=lead, **fields)


def table(*seats: Seat, active: int = 0, phase: str = "play", deck=None, variant=None, **more) -> State:
    """A State whose data is exactly these seats (seat 0 first), in ``phase`` of ``active``'s turn."""
    resolved = GAME.resolve_variant(variant or {})
    opts = options(resolved)
    lord = next(i for i, s in enumerate(seats) if s.identity == "lord")
    fields = {"turn": 1, "round": 1, **more}
    data = Castle(seats=tuple(seats), deck=Bag(deck if deck is not None else {"sword": 5, "heal": 5}),
                  discard=Bag(), phase=phase, opts=opts, active=active, lord=lord, **fields)
    return State(GAME, len(seats), resolved, data)


def change(state: State, **fields) -> State:
    """The same moment with some fields of the game data set (to stage a scenario)."""
    data = state.data.__class__(**{**{k: getattr(state.data, k) for k in state.data.__slots__}, **fields})
    return State(GAME, state.players, state.variant, data)


def with_seat(state: State, seat: int, **fields) -> State:
    """The same moment with some fields of one seat set."""
    return State(GAME, state.players, state.variant, put(state.data, seat, **fields))


def draw_all(state: State, card: str = "sword") -> State:
    """Load every pending draw with ``card`` (another card once the deck has none left)."""
    while state.data.draws and state.current_player == CHANCE:
        pick = card if card in state.data.deck else next(iter(state.data.deck))
        state = step(state, "draw", CHANCE, card=pick)
    return state


def a(kind: str, player: int, **params):
    return act("castle_heart", kind, player, **params)


def step(state: State, kind: str, player: int, **params) -> State:
    """Apply one scripted action (a decision, or a loaded chance outcome with player=CHANCE)."""
    return state.apply(a(kind, player, **params))


def events(state: State, clause: str | None = None, kind: str | None = None) -> list:
    """The events of the last step, filtered by clause and kind."""
    return [e for e in state.events if (clause is None or e.clause == clause) and (kind is None or e.kind == kind)]


def clauses(state: State) -> list[str]:
    return [e.clause for e in state.events]


def assert_data(state: State, cls=Castle) -> Castle:
    assert isinstance(state.data, cls)
    return state.data
