"""A node of a game session's explored tree, and the secret seed a session draws.

Everything a node knows about its place (depth, the branch it is on, the digest its dice are seeded
from) is made from its parent's in constant time, so a step costs the same at step 10 and 2,000.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from explorer import Action, State

UNSET = object()


@dataclass(eq=False)
class Node:
    """One explored state: how it was reached, and the branches explored from it."""

    id: int
    state: State
    parent: Node | None = None
    action: Action | None = None
    children: list[Node] = field(default_factory=list)
    preferred: Node | None = None  # the child Next follows: the one visited last
    turn: Any = UNSET  # set lazily by GameSession.turn_of
    dice_key: bytes = b""  # a digest of the actions from the session's start: this node's random source
    depth: int = 0  # how many actions since the start (chance outcomes included)
    branch: Node | None = None  # the first node of the branch this node is on (None: the first line)

    def __post_init__(self):
        """Everything a node knows about its place is made from its parent's, in constant time."""
        if self.parent is None:
            self.depth = len(self.state.history)
            return
        parent = self.parent
        self.dice_key = hashlib.blake2b(parent.dice_key + str(self.action).encode(), digest_size=16).digest()
        self.depth = parent.depth + 1
        self.branch = parent.branch if not parent.children else self  # a later child opens a branch


def session_seed() -> int:
    """A seed for a new session drawn from the operating system (issue 18): unguessable, so the bots'
    hands cannot be read by replaying it."""
    return secrets.randbits(63)
