"""Sample content (heroes, bloodlines, cards, maps) loaded from the *.sample.toml files and validated.

A bad file raises DataError naming the file, the entry and the field; nothing is half-loaded
(everything is validated before the Content is built). Effects are data in the small vocabulary
of effects.py, never code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from explorer import DataError, data
from explorer.data import Field, between, content_path, load_table, non_empty, read_toml, validate_entry

MAX_AMOUNT, MAX_COPIES = data.MAX_AMOUNT, data.MAX_COPIES
SIZE = between(0, MAX_AMOUNT)  # an amount, range, speed or count: never negative, never absurd
SIGNED = between(-MAX_AMOUNT, MAX_AMOUNT)  # a stat or modifier that may lower a value
POSITIVE = between(1, MAX_AMOUNT)

HERE = Path(__file__).parent
CARD_TYPES = ("O", "D", "M", "S")  # MB-card-types: 攻势 防御 移动 技巧
STATUSES = ("stun", "masked", "fatigue", "root", "destruct", "grievous", "silence", "disarm", "slow", "weak",
            "armour_break", "taunt", "poison", "bleed")
OPS = ("damage", "lose_life", "heal", "shield", "status", "steps", "stamina", "draw", "attack_chance", "mark",
       "knockback", "pull", "retreat", "charge", "blink", "crit", "projectile", "stat")
TARGETS = ("self", "enemy", "cell", "line", "direction")
TRIGGERS = ("static", "turn_start", "on_attack", "on_damaged", "on_kill", "on_card")
STATS = ("atk", "def", "speed", "range", "hp")
PASSIVE = "被动"

EFFECT = {
    "op": Field(str, choices=OPS), "amount": Field(int, required=False, default=0, check=SIGNED),
    "to": Field(str, required=False, default="target", choices=("target", "self")),
    "kind": Field(str, required=False, default="normal", choices=("normal", "true", "lifesteal")),
    "status": Field(str, required=False, default="", choices=("", *STATUSES)),
    "layers": Field(int, required=False, default=1, check=POSITIVE),
    "duration": Field(int, required=False, default=1, check=POSITIVE),
    "mark": Field(str, required=False, default=""),
    "stat": Field(str, required=False, default="", choices=("", *STATS)),
    "plus_atk": Field(bool, required=False, default=False), "plus_def": Field(bool, required=False, default=False),
}
ALT = {"target": Field(str, choices=TARGETS), "range": Field(int, required=False, default=0, check=SIZE),
       "effects": Field(list, check=non_empty)}
SKILL = {"id": Field(str, check=non_empty), "zh": Field(str, check=non_empty), "en": Field(str, check=non_empty),
         "actions": Field(str, check=non_empty), "alt": Field(list, required=False, default=[]),
         "trigger": Field(str, required=False, default="", choices=("", *TRIGGERS)),
         "card": Field(str, required=False, default="", choices=("", *CARD_TYPES)),
         "min_damage": Field(int, required=False, default=0, check=SIZE),
         "effects": Field(list, required=False, default=[])}
HERO = {"id": Field(str, check=non_empty), "zh": Field(str, check=non_empty), "en": Field(str, check=non_empty),
        "hp": Field(int, check=POSITIVE), "atk": Field(int, check=SIZE), "def": Field(int, check=SIZE),
        "speed": Field(int, check=SIZE), "range": Field(int, required=False, default=1, check=POSITIVE),
        "skill": Field(list, check=non_empty)}
MARK = {"id": Field(str, check=non_empty), "zh": Field(str, check=non_empty), "en": Field(str, check=non_empty),
        "max": Field(int, check=between(-1, MAX_AMOUNT, "-1 = no limit")),
        "atk_per_stack": Field(int, required=False, default=0, check=SIGNED),
        "def_per_stack": Field(int, required=False, default=0, check=SIGNED)}
CARD = {"id": Field(str, check=non_empty), "type": Field(str, choices=CARD_TYPES), "cost": Field(int, check=POSITIVE),
        "count": Field(int, check=between(0, MAX_COPIES, "copies of one card in the deck")),
        "zh": Field(str, check=non_empty), "en": Field(str, check=non_empty), "target": Field(str, choices=TARGETS),
        "range": Field(int, required=False, default=0, check=SIZE), "effects": Field(list)}
CELL = {"symbol": Field(str, check=lambda s: None if len(s) == 1 and s not in ".#P" else "one character, not . # P"),
        "id": Field(str, check=non_empty), "zh": Field(str), "en": Field(str), "effects": Field(list, check=non_empty)}
MAP = {"id": Field(str, check=non_empty), "zh": Field(str), "en": Field(str), "rows": Field(list, check=non_empty)}
SYSTEM = {"id": Field(str, check=non_empty), "zh": Field(str), "en": Field(str)}
PIECE = {"id": Field(str, check=non_empty), "system": Field(str),
         "slot": Field(str, choices=("keystone", "fragment_a", "fragment_b")),
         "zh": Field(str), "en": Field(str), "trigger": Field(str, choices=TRIGGERS),
         "card": Field(str, required=False, default="", choices=("", *CARD_TYPES)),
         "effects": Field(list, check=non_empty)}
DUST = {"id": Field(str, check=non_empty), "zh": Field(str), "en": Field(str), "effects": Field(list, check=non_empty)}


@dataclass(frozen=True)
class Board:
    """A map (地图): size, walls (墙体), special cells (特殊格子) by position, spawn points (出生点). MB-map-cells."""

    id: str
    zh: str
    en: str
    width: int
    height: int
    walls: frozenset
    special: dict
    spawns: tuple


@dataclass(frozen=True)
class Content:
    heroes: dict
    marks: dict
    cards: dict
    cells: dict
    maps: dict
    systems: dict
    pieces: dict
    dusts: dict


def effects_of(file: str, entry: str, raw: list, marks: dict | None = None) -> tuple:
    """Validate a list of effects; each becomes a plain dict with every field filled in."""
    out = []
    for i, e in enumerate(raw):
        eff = validate_entry(file, f"{entry}.effects#{i + 1}", e, EFFECT)
        if eff["op"] == "status" and not eff["status"]:
            raise DataError(file, f"{entry}.effects#{i + 1}", "status", "a status effect names its status")
        if eff["op"] == "stat" and not eff["stat"]:
            raise DataError(file, f"{entry}.effects#{i + 1}", "stat", "a stat effect names its stat")
        if eff["op"] == "mark" and marks is not None and eff["mark"] not in marks:
            raise DataError(file, f"{entry}.effects#{i + 1}", "mark", f"unknown mark {eff['mark']!r}")
        out.append(eff)
    return tuple(out)


def sequence_alternatives(actions: str) -> tuple[str, ...]:
    """MB-hero-skill-alternatives / MB-hero-errata: "AAA/MM" → ("OOO", "MM"); "A" reads as "O"."""
    alts = tuple("".join(ch for ch in part if not ch.isspace()).replace("A", "O") for part in actions.split("/"))
    return alts


def load_heroes(path: Path, marks_path: Path | None = None) -> tuple[dict, dict]:
    f = str(path)
    doc = read_toml(path)
    marks = {m["id"]: m for m in load_table(path, "mark", MARK, doc=doc)}
    heroes = {}
    for h in load_table(path, "hero", HERO, doc=doc):
        skills = []
        for raw in h["skill"]:
            s = validate_entry(f, f"{h['id']}.skill", raw, SKILL)
            name = f"{h['id']}.{s['id']}"
            if s["actions"] == PASSIVE:
                if not s["trigger"]:
                    raise DataError(f, name, "trigger", "a 被动 skill needs a trigger")
                s["effects"] = effects_of(f, name, s["effects"], marks)
                s["alts"] = ()
            else:
                seqs = sequence_alternatives(s["actions"])
                for seq in seqs:
                    if not seq or any(ch not in CARD_TYPES for ch in seq):
                        raise DataError(f, name, "actions", f"{seq!r}: use the card types O D M S ('MB-card-types'; "
                                        "A = O by 'MB-hero-errata'), alternatives split by /")
                if len(seqs) != len(s["alt"]):
                    raise DataError(f, name, "alt", f"{len(seqs)} sequences but {len(s['alt'])} alt entries")
                alts = []
                for i, (seq, raw_alt) in enumerate(zip(seqs, s["alt"], strict=True)):
                    a = validate_entry(f, f"{name}.alt#{i + 1}", raw_alt, ALT)
                    a["effects"] = effects_of(f, f"{name}.alt#{i + 1}", a["effects"], marks)
                    a["seq"] = seq
                    alts.append(a)
                s["alts"] = tuple(alts)
            skills.append(s)
        h["skills"] = tuple(skills)
        heroes[h["id"]] = h
    return heroes, marks


def load_cards(path: Path) -> dict:
    cards = {}
    for c in load_table(path, "card", CARD):
        c["effects"] = effects_of(str(path), c["id"], c["effects"])
        cards[c["id"]] = c
    return cards


def load_maps(path: Path) -> tuple[dict, dict]:
    f, doc = str(path), read_toml(path)
    cells = {}
    for c in load_table(path, "cell", CELL, doc=doc):
        c["effects"] = effects_of(f, c["id"], c["effects"])
        cells[c["symbol"]] = c
    boards = {}
    for m in load_table(path, "map", MAP, doc=doc):
        rows = m["rows"]
        if any(not isinstance(r, str) or len(r) != len(rows[0]) for r in rows):
            raise DataError(f, m["id"], "rows", "every row is a string of the same length")
        walls, special, spawns = set(), {}, []
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == "#":
                    walls.add((x, y))
                elif ch == "P":
                    spawns.append((x, y))
                elif ch != ".":
                    if ch not in cells:
                        raise DataError(f, m["id"], "rows", f"unknown cell symbol {ch!r} at ({x}, {y})")
                    special[(x, y)] = cells[ch]["id"]
        if len(spawns) < 6:
            raise DataError(f, m["id"], "rows", "a map needs at least 6 spawn points P (up to 6 players)")
        boards[m["id"]] = Board(m["id"], m["zh"], m["en"], len(rows[0]), len(rows), frozenset(walls), special,
                                tuple(spawns))
    return {c["id"]: c for c in cells.values()}, boards


def load_bloodlines(path: Path, marks: dict) -> tuple[dict, dict, dict]:
    f, doc = str(path), read_toml(path)
    systems = {s["id"]: s for s in load_table(path, "system", SYSTEM, doc=doc)}
    pieces = {}
    for p in load_table(path, "piece", PIECE, doc=doc):
        if p["system"] not in systems:
            raise DataError(f, p["id"], "system", f"unknown system {p['system']!r}")
        p["effects"] = effects_of(f, p["id"], p["effects"], marks)
        pieces[p["id"]] = p
    for sid in systems:
        for slot in ("keystone", "fragment_a", "fragment_b"):
            n = sum(1 for p in pieces.values() if p["system"] == sid and p["slot"] == slot)
            if n != 3:
                raise DataError(f, sid, slot, f"a system has 3 pieces in each of keystone, fragment_a, fragment_b; {n}")
    dusts = {}
    for d in load_table(path, "dust", DUST, doc=doc):
        d["effects"] = effects_of(f, d["id"], d["effects"])
        dusts[d["id"]] = d
    return systems, pieces, dusts


def load_content(folder: Path = HERE, heroes: str = "heroes.sample.toml", cards: str = "cards.sample.toml",
                 maps: str = "maps.sample.toml", bloodlines: str = "bloodlines.sample.toml") -> Content:
    """Every sample file validated; the Content is built only when all of them are fine. From the game's own
    folder, a copy of yours in $RULES_EXPLORER_CONTENT/card_moba/ takes the place of each sample file."""
    heroes, cards, maps, bloodlines = (content_path("card_moba", folder, name) if folder == HERE else folder / name
                                       for name in (heroes, cards, maps, bloodlines))
    hero_table, marks = load_heroes(heroes)
    card_table = load_cards(cards)
    cell_table, boards = load_maps(maps)
    systems, pieces, dusts = load_bloodlines(bloodlines, marks)
    for path in (heroes, cards, maps, bloodlines):
        if read_toml(path).get("sample") is not True:
            raise DataError(str(path), None, "sample", "sample content files say sample = true at the top")
    return Content(hero_table, marks, card_table, cell_table, boards, systems, pieces, dusts)


def standard_deck(cards: dict) -> dict[str, int]:
    """MB-card-deck: 【O1 O3 D1 M1 S1 S3】×7、【O2 D2 M2 S2】×5 — 62 cards (counts read from the card file)."""
    return {cid: c["count"] for cid, c in cards.items() if c["count"]}


def describe_fields(entry: dict[str, Any], lang: str) -> str:
    return entry["zh"] if lang == "zh" else entry["en"]


_SAMPLE: list[Content] = []


def sample() -> Content:
    """The shipped sample content, loaded once (static data is cached outside the game state)."""
    if not _SAMPLE:
        _SAMPLE.append(load_content())
    return _SAMPLE[0]
