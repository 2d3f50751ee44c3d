"""The toy duel in OpenSpiel's terms: its action kinds and every value of their parameters."""

from __future__ import annotations

from explorer.openspiel_encoding import Signature, kind
from explorer.openspiel_spaces import table_seats

from . import DIE


def signatures(players: int) -> list[Signature]:
    return [kind("pass"), kind("dodge"), kind("block"), kind("attack", target=table_seats(players)),
            kind("draw", card=(None, "blank", "shield")), kind("roll", die=DIE)]
