"""What a board shows: the full view of the table as plain JSON, and which parts of it are secret."""

from __future__ import annotations

from .content import card
from .effects import hand_limit
from .records import is_face_up as _face_up


def _names(c: str) -> dict:
    k = card(c)
    return {"card": c, "zh": k.zh, "en": k.en, "kind": k.kind}


def _effect(e) -> dict:
    return {**_names(e.card), "placer": e.placer, "round": e.round}


def full_view(t) -> dict:
    """The omniscient view of a game of 永恒之息 (JSON-able)::

        players: list, one per seat, each with
            characters: [{card, zh, en, kind, hp, max_hp, face_up, self, ever_up, effects: [...]}]
                        (the self character first; ``effects`` = that character's effect zone)
            pool:       [{card, zh, en, kind}]             角色池 (public)
            effects:    [{card, zh, en, kind, placer, round}]  the player's effect zone 效果区
            traps:      [{card, zh, en, kind, placer, face_up}]  陷阱区 (content private to the placer
                        while face down)
            hand:       [card id, …] 手牌 (private);  hand_size: int (public)
            coins, alive, summon_limit, hand_limit, picks (draft picks, private)
        deck: {card id: count} (hidden from everyone);  deck_size: int
        discard: [card id, …] 弃牌堆;  destroyed: [card id, …] 销毁堆
        turn, phase, dealer, round, over, winners
        offer: the draft cards on offer (private to the player picking)
        combat: the attack in progress {attacker, by, cards, target, target_char, attack_die, response,
                defence_card, defence_die} or None
        waiting: what the game waits for (the kind of the task at the head of the stack)
    """
    players = []
    for q, s in enumerate(t.seats):
        hosted = {}
        for e in s.effects:
            if e.host:
                hosted.setdefault(e.host, []).append(_effect(e))
        players.append({
            "seat": q,
            "characters": [{**_names(c.card), "hp": c.hp, "max_hp": card(c.card).hp, "face_up": c.face_up,
                            "self": c.is_self, "ever_up": c.ever_up, "defence": card(c.card).defence,
                            "effects": hosted.get(c.card, [])} for c in s.chars],
            "pool": [_names(c) for c in s.pool],
            "effects": [_effect(e) for e in s.effects if not e.host],
            "traps": [{**_names(tr.card), "placer": tr.placer, "face_up": tr.face_up} for tr in s.traps],
            "hand": list(s.hand), "hand_size": len(s.hand), "coins": s.coins, "alive": s.alive,
            "summon_limit": s.summon_limit, "hand_limit": hand_limit(t, q), "picks": list(s.picks),
        })
    f = t.combat
    fight = None if f is None else {
        "attacker": f.player, "by": f.char, "cards": list(f.cards), "target": f.target, "target_char": f.tchar,
        "attack_die": f.attack_die, "response": f.response, "defence_card": f.defence_card,
        "defence_die": f.defence_die}
    return {
        "players": players, "deck": t.deck.counts(), "deck_size": len(t.deck), "discard": list(t.discard),
        "destroyed": list(t.destroyed), "turn": t.turn, "phase": t.phase, "dealer": t.dealer, "round": t.round,
        "over": t.over, "winners": list(t.winners), "offer": list(t.offer), "combat": fight,
        "waiting": t.tasks[0].kind if t.tasks else "over",
    }


def private_paths(t, p: int) -> list[tuple]:
    """Only ``p`` may see: its hand and draft picks (EB-3.1-hand), its face-down self character
    (EB-3.1-face-down), the content of face-down traps it placed, and the draft offer while it picks."""
    out = [("players", p, "hand"), ("players", p, "picks")]
    for i, c in enumerate(t.seats[p].chars):
        if not c.face_up:
            out.append(("players", p, "characters", i))
    for q, s in enumerate(t.seats):
        for i, tr in enumerate(s.traps):
            if tr.placer == p and not tr.face_up and t.seats[p].alive:
                out.append(("players", q, "traps", i))
    f = t.combat
    if f is not None and f.player == p and not _face_up(t, p, f.char):   # EB-A29: a face-down attacker
        out.append(("combat", "by"))
    if t.tasks and t.tasks[0].kind in ("pick_special", "pick_normal") and t.tasks[0].player == p:
        out.append(("offer",))
    return out


def hidden_paths(t) -> list[tuple]:
    """Nobody sees the deck's composition (its size is public), nor a face-down trap whose placer is out."""
    out = [("deck",)]
    for q, s in enumerate(t.seats):
        out.extend(("players", q, "traps", i) for i, tr in enumerate(s.traps)
                   if not tr.face_up and not t.seats[tr.placer].alive)
    return out
