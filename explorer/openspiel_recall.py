"""What each seat has seen so far, kept in a bounded form: the memory behind OpenSpiel's information state.

A seat's information state is everything it has seen: the log as it sees it (``visible_log``: others' private
events redacted) and its view now. The log grows with the game (70–140 KB of JSON mid-game), so the bridge keeps
for each seat a :class:`Seen`, folded one event at a time:

- ``digest``: BLAKE2b (128 bits) chained over every event as the seat sees it, in order (each event's exact
  fields, ``repr`` of its tuple of plain values). Two states whose strings share a digest have the same visible
  log unless BLAKE2b collides (about 2⁻⁶⁴ for 2³² states): the string is exact up to that;
- ``counts``: how many events of each (kind, actor) the seat saw, and ``recent``: the last few it saw
  (kind, actor, targets, redacted), the summary the information-state tensor carries.

A :class:`Recall` holds the seats' ``Seen`` at one state. A state reached by one step keeps its parent's Recall
as ``prior`` and folds only the new events, so asking every seat at every step (OpenSpiel's ``rl_environment``)
costs in proportion to the events of the step, not to the game so far.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from .events import Event

DIGEST_BYTES = 16
RECENT = 8


class Seen:
    """One seat's memory after ``length`` events of the log (immutable: :meth:`then` makes the next one)."""

    __slots__ = ("counts", "digest", "length", "recent")

    def __init__(self, digest, length: int = 0, counts: dict | None = None, recent: tuple = ()):
        self.digest, self.length, self.counts, self.recent = digest, length, counts or {}, recent

    @classmethod
    def empty(cls) -> Seen:
        return cls(hashlib.blake2b(digest_size=DIGEST_BYTES))

    def then(self, events: Sequence[Event], seat: int) -> Seen:
        """This memory with ``events`` (the log's next ones) as ``seat`` sees them."""
        if not events:
            return self
        digest, counts, recent = self.digest.copy(), dict(self.counts), list(self.recent)
        for e in events:
            seen = e if e.visible_to(seat) else e.redacted()  # as visible_log shows it
            digest.update(fingerprint(seen))
            key = (seen.kind, seen.actor)
            counts[key] = counts.get(key, 0) + 1
            recent.append((seen.kind, seen.actor, seen.targets, seen is not e))
        return Seen(digest, self.length + len(events), counts, tuple(recent[-RECENT:]))

    def hexdigest(self) -> str:
        return self.digest.hexdigest()


def fingerprint(e: Event) -> bytes:
    """An event's exact content as bytes (its plain fields, each with its type: 1, True and 1.0 differ); the
    game name is left out (one game per log)."""
    return repr((e.id, e.kind, e.clause, e.actor, e.targets, e.cause, e.outcome, e.numbers, e.private_to,
                 e.links)).encode() + b"\n"


class Recall:
    """The seats' memories at one state (filled as they are asked), and the nearest earlier Recall on this line
    of play to fold on from (dropped once every seat is known here)."""

    __slots__ = ("length", "players", "prior", "seats")

    def __init__(self, length: int, players: int, prior: Recall | None = None):
        self.length, self.players, self.prior, self.seats = length, players, prior, {}

    def seen(self, seat: int, log: Sequence[Event]) -> Seen:
        """``seat``'s memory of ``log`` (the log of the state this Recall belongs to)."""
        got = self.seats.get(seat)
        if got is None:
            base = self.prior
            while base is not None and seat not in base.seats:
                base = base.prior
            if base is None or base.length > self.length:
                got = Seen.empty().then(log, seat)
            else:
                got = base.seats[seat].then(log[base.length:self.length], seat)
            self.seats[seat] = got
            if len(self.seats) == self.players:
                self.prior = None  # every seat is known here: nothing earlier is needed
        return got
