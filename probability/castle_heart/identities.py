"""Who is who (CH-identity-four, CH-count-*): the exact chance of each hidden identity from one seat's
view, by counting the legal deals that agree with everything that player has seen — no behaviour model.

The deal (``deal.deal_identity``) draws the identities of one mix (``identity_mix``, CH-A02; with
``any_legal`` first a mix the count rules allow, uniformly, ``deal.mix_outcomes``) one seat at a time from
a bag, so every distinct arrangement of the mix is equally likely. What rules an arrangement out:
- an identity the view shows (the viewer's own, the lord's CH-A09, the dead's CH-death-end-of-turn);
- a public declaration (CH-neutral-declare): only a 中立 declares;
- a neutral who refused to join (CH-end-enemies-dead-neutral-choice) was dealt 中立 though it now shows 敌军;
- the reward for a kill (CH-reward-enemy-kills-reinforcement): the killer fights for the enemies (an enemy,
  or a neutral declared enemy); no reward for killing the castle's side (CH-reward-none): the killer is a
  reinforcement or a neutral (a lord is penalised instead, CH-penalty-lord-kills-reinforcement).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from math import factorial

from explorer.games.castle_heart.records import ENEMY, IDENTITIES, LORD, NEUTRAL, REINFORCEMENT
from explorer.games.castle_heart.setup import LETTER, MIXES, legal_mixes

ANY = frozenset(IDENTITIES)


def dealt_mixes(view: dict, variant: dict) -> dict[tuple[str, ...], Fraction]:
    """The identity mixes the deal may have used and their prior chance: the switch's mix, or (``any_legal``)
    the mix the public count events show, else every legal mix equally."""
    n = len(view["players"])
    mix = variant.get("identity_mix", "with_neutral")
    if mix != "any_legal":
        return {tuple(LETTER[ch] for ch in MIXES[mix][n]): Fraction(1)}
    for e in view.get("log", []):
        if e["kind"] == "one lord":
            c = e["numbers"]
            ids = ((LORD,) + (REINFORCEMENT,) * c["reinforcements"] + (NEUTRAL,) * c["neutrals"]
                   + (ENEMY,) * c["enemies"])
            return {ids: Fraction(1)}
    mixes = legal_mixes(n)
    return {tuple(LETTER[ch] for ch in m): Fraction(1, len(mixes)) for m in mixes}


def allowed(view: dict) -> list[frozenset]:
    """For each seat, the identities it may have been dealt, given the view (see the module's list)."""
    out = []
    for p in view["players"]:
        shown = p["identity"]
        if isinstance(shown, str) and shown:
            out.append(frozenset((shown,)))
        elif p["declared"]:
            out.append(frozenset((NEUTRAL,)))
        else:
            out.append(ANY)
    for e in view.get("log", []):
        actor = e.get("actor")
        if actor is None:
            continue
        if e["kind"] == "neutral choice":
            out[actor] = frozenset((NEUTRAL,))
        elif e["clause"] == "CH-reward-enemy-kills-reinforcement":
            out[actor] &= {ENEMY, NEUTRAL}
        elif e["clause"] == "CH-reward-none" and _castle_side_victim(view, e):
            out[actor] &= {REINFORCEMENT, NEUTRAL}
        elif e["clause"] == "CH-penalty-lord-kills-reinforcement":
            out[actor] &= {LORD}
    return out


def _castle_side_victim(view: dict, e: dict) -> bool:
    """The dead hero of a CH-reward-none event was a reinforcement, or a neutral declared reinforcement."""
    victim = view["players"][e["targets"][0]]
    return victim["identity"] == REINFORCEMENT or (victim["identity"] == NEUTRAL
                                                   and victim["declared"] == REINFORCEMENT)


def arrangements(counts: tuple[tuple[str, int], ...], seats: tuple[frozenset, ...]) -> int:
    """How many distinct arrangements of the multiset ``counts`` over ``seats`` give each seat an allowed one."""
    return _count(tuple(sorted(counts)), seats)


@cache
def _count(counts: tuple[tuple[str, int], ...], seats: tuple[frozenset, ...]) -> int:
    if not seats:
        return 1
    total = 0
    for i, (identity, k) in enumerate(counts):
        if k and identity in seats[0]:
            rest = (*counts[:i], (identity, k - 1), *counts[i + 1:])
            total += _count(rest, seats[1:])
    return total


def all_arrangements(ids: tuple[str, ...]) -> int:
    """Distinct arrangements of a mix: the multinomial n! / Π k!."""
    out = factorial(len(ids))
    for k in Counter(ids).values():
        out //= factorial(k)
    return out


def who_is_who(view: dict, variant: dict) -> list[dict[str, Fraction]]:
    """For each seat, the exact chance of each identity it was dealt, given ``view`` (a ``State.view``)."""
    seats = tuple(allowed(view))
    weight: dict[tuple[int, str], Fraction] = Counter()
    evidence = Fraction(0)
    for ids, prior in dealt_mixes(view, variant).items():
        counts = tuple(Counter(ids).items())
        scale = prior / all_arrangements(ids)
        evidence += scale * arrangements(counts, seats)
        for s, options in enumerate(seats):
            for identity in options:
                fixed = (*seats[:s], frozenset((identity,)), *seats[s + 1:])
                weight[s, identity] += scale * arrangements(counts, fixed)
    if not evidence:
        raise ValueError("no legal deal agrees with this view")
    return [{i: weight[s, i] / evidence for i in IDENTITIES if weight[s, i]} for s in range(len(seats))]


def identities_of(state, player: int) -> list[dict[str, Fraction]]:
    """:func:`who_is_who` from ``player``'s own view of ``state`` (never the hidden data)."""
    return who_is_who(state.view(player), state.variant)
