"""One balance study: what to play (validated before anything runs) and one seeded game → one table row.

Game ``i`` of a study with seed ``S`` uses its own seed, derived from ``S`` and ``i`` only
(:func:`game_seed`), so a row never depends on which worker played it or in which order: the same study gives
the same table on one process or on a cluster of any size.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import explorer
from explorer.errors import VariantError
from explorer.play import play_out


class StudyError(ValueError):
    """A study that cannot run, naming the option at fault (the command line exits with code 2)."""

    def __init__(self, option: str, reason: str):
        self.option, self.reason = option, reason
        super().__init__(f"{option}: {reason}")


@dataclass(frozen=True)
class Study:
    """``games`` seeded bot games of ``game_id`` with ``players`` seats.

    ``bots`` names one bot for every seat, or one per seat (names from ``game.bots()``). ``variant`` is the
    game's switches; the game's simulation limits (``Game.simulation_limits``) are filled in where the variant
    does not set them, because bots alone need a bound the rule document does not have (the document wins in a
    person's game; a study says which limits it used in every row).
    """

    game_id: str
    players: int
    games: int
    bots: tuple[str, ...] = ("random",)
    variant: dict = field(default_factory=dict)
    seed: int = 0

    def __post_init__(self):
        if self.game_id not in explorer.game_ids():
            raise StudyError("game", f"no game {self.game_id!r}; known: {', '.join(explorer.game_ids())}")
        game = explorer.get_game(self.game_id)
        if not isinstance(self.players, int) or not game.min_players <= self.players <= game.max_players:
            raise StudyError("--players", f"{game.name_en} takes {game.min_players} to {game.max_players} players "
                                          f"({game.players_clause}), not {self.players!r}")
        if not isinstance(self.games, int) or self.games < 1:
            raise StudyError("--games", f"expected a whole number of games ≥ 1, not {self.games!r}")
        if not isinstance(self.seed, int) or self.seed < 0:
            raise StudyError("--seed", f"expected a whole number ≥ 0, not {self.seed!r}")
        known = game.bots()
        if len(self.bots) not in (1, self.players):
            raise StudyError("--bots", f"name one bot for every seat or one per seat ({self.players}), "
                                       f"not {len(self.bots)}")
        unknown = [b for b in self.bots if b not in known]
        if unknown:
            raise StudyError("--bots", f"no bot {unknown[0]!r} for {self.game_id}; known: {', '.join(known)}")
        try:
            object.__setattr__(self, "variant", game.resolve_variant(game.bounded_variant(self.players, self.variant)))
        except VariantError as exc:
            raise StudyError("--variant", str(exc)) from None

    def seat_bots(self) -> tuple[str, ...]:
        return self.bots * self.players if len(self.bots) == 1 else self.bots

    def row(self, i: int) -> dict[str, Any]:
        """Play game ``i`` of the study and describe it as one row (plain values only)."""
        return play_game(self, i)


def game_seed(seed: int, i: int) -> int:
    """Game ``i``'s seed: a 63-bit digest of the study's seed and ``i`` (independent of the workers)."""
    digest = hashlib.blake2b(f"rules-explorer balance {seed}:{i}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def capped(end: explorer.State) -> bool:
    """Did a simulation limit end this game (its last step's events name one of ``Game.simulation_limits``)?"""
    limits = end.game.simulation_limits(end.players)
    return any(k in dict(e.numbers) for e in end.events for k in limits)


def hit_limit(end: explorer.State) -> bool:
    """Did the game stop at the bots' limits rather than by the rules: a simulation limit ended it, or
    ``max_steps`` stopped it unfinished."""
    return end.current_player != explorer.TERMINAL or capped(end)


def play_game(study: Study, i: int) -> dict[str, Any]:
    """Play game ``i`` with the study's bots from a new game to the end (or the simulation limits) and return its row.

    Columns: ``game`` (i), ``seed``, ``players``, ``variant`` (JSON), ``bot_<seat>``, the game's own facts per
    seat (``<fact>_<seat>``: character, hero, bloodline, identity, identity_dealt… from ``Game.seat_facts``),
    ``first`` (the seat that moved first) and ``order`` (JSON: the seats in turn order, drawn at setup: from
    ``Game.turn_order``), ``turn_<seat>`` (that seat's place in the order, 0 = first), ``win_<seat>`` (1 if
    that seat won a game that was not a draw), ``outcome_<seat>`` ("win", "draw" or "loss"), ``draw`` (nobody
    won, a simulation limit ended it, or ``max_steps`` stopped it: a draw for every seat), ``winners`` (JSON:
    the seats the game itself named; at a cap they are a simulation's, not the document's), ``steps``,
    ``rounds``, ``ended`` (the clause of the game's last event: how it ended; "unfinished" when ``max_steps``
    stopped it), ``capped`` (a simulation limit ended it: its last step's events name one of
    ``Game.simulation_limits``), ``cap`` (which limit, else ""), ``damage_<seat>`` (damage dealt, from the
    events' own numbers) and ``cards_<seat>`` (JSON {card: times}: the cards that seat's actions named, but
    for discards, draft picks and payments).
    """
    seed = game_seed(study.seed, i)
    names = study.seat_bots()
    return row_of(play_seeded(study.game_id, study.players, study.variant, names, seed), i, seed, names)


def row_of(end: explorer.State, i: int, seed: int, names) -> dict[str, Any]:
    """The row (see :func:`play_game`) of the game that ended at ``end``: game ``i``, played from ``seed`` by the
    bots ``names``."""
    game = end.game
    players = end.players
    finished = end.current_player == explorer.TERMINAL
    winners = sorted(end.winners) if finished else []
    cap = cap_of(end) if finished else ""
    draw = not finished or bool(cap) or not winners
    row: dict[str, Any] = {"game": i, "seed": seed, "players": players,
                           "variant": json.dumps(dict(end.variant), sort_keys=True, ensure_ascii=False)}
    for p, name in enumerate(names):
        row[f"bot_{p}"] = name
    for p, facts in enumerate(game.seat_facts(end)):
        for key, value in facts.items():
            row[f"{key}_{p}"] = value
    order = turn_order(end)
    row.update({"first": order[0], "order": json.dumps(order)})
    for p in range(players):
        row[f"turn_{p}"] = order.index(p)
    for p in range(players):
        row[f"win_{p}"] = int(not draw and p in winners)
        row[f"outcome_{p}"] = "draw" if draw else "win" if p in winners else "loss"
    damage = damage_dealt(end.log, players)
    cards = cards_played(end.history, players)
    row.update({"draw": draw, "winners": json.dumps(winners), "steps": len(end.history), "rounds": rounds_of(end),
                "ended": end.log[-1].clause if finished and len(end.log) else "unfinished",
                "capped": bool(cap), "cap": cap})
    for p in range(players):
        row[f"damage_{p}"] = damage[p]
    for p in range(players):
        row[f"cards_{p}"] = json.dumps(dict(sorted(cards[p].items())), ensure_ascii=False)
    return row


def play_seeded(game_id: str, players: int, variant: dict, names, seed: int) -> explorer.State:
    """One bot game from a new game: seat p played by the bot ``names[p]``, chance and bots drawn from ``seed``,
    stopped by the game's ``max_steps`` for that variant. The final State."""
    game = explorer.get_game(game_id)
    classes = game.bots()
    start = explorer.new_game(game_id, players, variant)
    bots = {p: classes[name]() for p, name in enumerate(names)}
    return play_out(start, bots, seed=seed, max_steps=game.max_steps(players, variant))


def game_of(row) -> str:
    """The game a row was played in: the one whose switches are exactly the row's variant keys."""
    keys = set(json.loads(row["variant"]))
    found = [g for g in explorer.game_ids() if set(explorer.get_game(g).options) == keys]
    if len(found) != 1:
        raise StudyError("row", f"its variant names the switches of {len(found)} games, not one")
    return found[0]


def replay(row, game_id: str | None = None) -> explorer.State:
    """The final State of the game a study row describes: the same seed, bots and switches (the row's ``seed``,
    ``bot_<seat>`` and ``variant``), so the same game. ``row``: a dict or a table row (pandas Series);
    ``game_id`` when known, else read from the variant's switches."""
    players = int(row["players"])
    names = [str(row[f"bot_{p}"]) for p in range(players)]
    return play_seeded(game_id or game_of(row), players, json.loads(row["variant"]), names, int(row["seed"]))


def cap_of(end: explorer.State) -> str:
    """The simulation limit that ended this game (a number its last step's events name), else ""."""
    limits = end.game.simulation_limits(end.players)
    return next((k for e in end.events for k in limits if k in dict(e.numbers)), "")


def turn_order(end: explorer.State) -> list[int]:
    """The seats in turn order as the game drew it at setup (``turn_order(state)`` of the game); seat order
    when a game does not say."""
    order = [int(p) for p in end.game.turn_order(end) or ()]
    return order if sorted(order) == list(range(end.players)) else list(range(end.players))


NOT_A_PLAY = frozenset({"discard", "pick", "replace", "pay_card", "keep_ring"})  # actions naming a card not played


def cards_played(history, players: int) -> list[Counter]:
    """Per seat, how many times its actions named each card (``card`` or ``cards``), but for ``NOT_A_PLAY``."""
    out = [Counter() for _ in range(players)]
    for a in history:
        if not 0 <= a.player < players or a.kind in NOT_A_PLAY:
            continue
        for key, value in a.params:
            if key in ("card", "cards"):
                for c in (value if isinstance(value, (tuple, list)) else (value,)):
                    if isinstance(c, str) and c:
                        out[a.player][c] += 1
    return out


def damage_dealt(log, players: int) -> list[int]:
    """Damage dealt by each seat: the ``damage`` number of every event whose kind names damage, by its actor."""
    total: Counter = Counter()
    for e in log:
        if "damage" in e.kind and isinstance(e.actor, int) and 0 <= e.actor < players:
            amount = dict(e.numbers).get("damage", 0)
            if isinstance(amount, int):
                total[e.actor] += amount
    return [total[p] for p in range(players)]


def rounds_of(state) -> int | None:
    """The round the game reached (every game's data names it ``round``), or None."""
    value = getattr(state.data, "round", None)
    return value if isinstance(value, int) else None
