"""The cards and heroes of 城堡之心 as data: the seed's soldier cards, and the sample deck and heroes.

Sample content lives in ``deck.sample.toml`` and ``heroes.sample.toml``; ``load_content`` validates both
with ``explorer.data`` (a bad file raises DataError naming file, entry and field; nothing half-loads).
Card effects are words of a small vocabulary (``EFFECTS``), never code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from explorer.data import MAX_AMOUNT, MAX_COPIES, Field, between, content_path, load_table, non_empty, read_toml
from explorer.errors import DataError

HERE = Path(__file__).parent

# CH-soldier-knight / CH-soldier-lynx: the seed's two soldier cards (HP and value are the seed's numbers).
SOLDIERS = {
    "knight": {"hp": 3, "value": 5, "zh": "骑士", "en": "Knight", "clause": "CH-soldier-knight"},
    "lynx": {"hp": 2, "value": 6, "zh": "大山猫", "en": "Great lynx", "clause": "CH-soldier-lynx"},
}

BASIC = ("sword", "mana", "heal")
EQUIPMENT_EFFECTS = (
    "melee_half_cancel", "first_ranged_cancel", "lightning", "range_two_follow_up", "abyss", "missile_ring",
    "force_hit_discard_two", "repeat_until_hit", "range_unlimited_any_two", "poison", "attack_distance_minus",
    "defence_distance_plus",
)
MAGIC_EFFECTS = ("mass_heal", "fireball", "horn", "swift", "mirror", "disintegrate", "hold", "recall",
                 "ice_storm", "counter")
EFFECTS = {"basic": BASIC, "equipment": EQUIPMENT_EFFECTS, "magic": MAGIC_EFFECTS}
SLOTS = ("weapon", "armour", "shield", "ring", "attack_mount", "defence_mount")
SKILLS = ("leadership", "draw_bonus", "attack_bonus", "soldier_attack_bonus", "range_bonus", "mana_bonus",
          "soldier_hp_bonus", "heal_by_discard", "draw_by_mana")
ACTIVE_SKILLS = ("heal_by_discard", "draw_by_mana")

CARD_SCHEMA = {
    "id": Field(str, check=non_empty),
    "zh": Field(str, check=non_empty),
    "en": Field(str, check=non_empty),
    "kind": Field(str, choices=tuple(EFFECTS)),
    "effect": Field(str, check=non_empty),
    "slot": Field(str, required=False, default="", choices=("", *SLOTS)),
    "count": Field(int, check=between(0, MAX_COPIES, "copies of one card in the deck")),
}

HERO_SCHEMA = {
    "id": Field(str, check=non_empty),
    "zh": Field(str, check=non_empty),
    "en": Field(str, check=non_empty),
    "hp": Field(int, check=between(1, MAX_AMOUNT)),
    "leadership": Field(int, required=False, default=2, check=between(0, MAX_AMOUNT)),
    "lord_leadership": Field(int, required=False, default=4, check=between(0, MAX_AMOUNT)),
    "skill": Field(str, choices=SKILLS),
    "amount": Field(int, required=False, default=1, check=between(0, MAX_AMOUNT)),
    "cost": Field(int, required=False, default=0, check=between(0, MAX_AMOUNT)),
    "skill_zh": Field(str, check=non_empty),
    "skill_en": Field(str, check=non_empty),
}


@dataclass(frozen=True)
class Card:
    id: str
    zh: str
    en: str
    kind: str
    effect: str
    slot: str
    count: int


@dataclass(frozen=True)
class Hero:
    id: str
    zh: str
    en: str
    hp: int
    leadership: int
    lord_leadership: int
    skill: str
    amount: int
    cost: int
    skill_zh: str
    skill_en: str


@dataclass(frozen=True)
class Content:
    cards: dict[str, Card]
    heroes: dict[str, Hero]

    def effect(self, card: str) -> str:
        return self.cards[card].effect

    def ids_with(self, effect: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.effect == effect)


def _check_sample_flag(path: Path, doc: dict) -> None:
    if not isinstance(doc.get("sample", False), bool):
        raise DataError(str(path), None, "sample", "expected true or false")


def load_cards(path: Path) -> dict[str, Card]:
    """deck.sample.toml → cards; every effect must be a word of the vocabulary for its kind."""
    doc = read_toml(path)
    _check_sample_flag(path, doc)
    entries = load_table(path, "card", CARD_SCHEMA, doc=doc)
    for e in entries:
        if e["effect"] not in EFFECTS[e["kind"]]:
            raise DataError(str(path), e["id"], "effect",
                            f"{e['effect']!r} is not a {e['kind']} effect (known: {', '.join(EFFECTS[e['kind']])})")
        if (e["kind"] == "equipment") != bool(e["slot"]):
            raise DataError(str(path), e["id"], "slot", "equipment needs a slot; other cards have none")
    cards = {e["id"]: Card(**e) for e in entries}
    for basic in BASIC:
        if basic not in cards or cards[basic].effect != basic:
            raise DataError(str(path), basic, "id", f"the deck must define the basic card {basic!r}")
    return cards


def load_heroes(path: Path) -> dict[str, Hero]:
    """heroes.sample.toml → heroes; only a hero with the `leadership` skill may break the 2 / 4 rule."""
    doc = read_toml(path)
    _check_sample_flag(path, doc)
    entries = load_table(path, "hero", HERO_SCHEMA, doc=doc)
    for e in entries:
        if e["skill"] != "leadership" and (e["leadership"], e["lord_leadership"]) != (2, 4):
            raise DataError(str(path), e["id"], "leadership",
                            "CH-leadership: only a hero with the 'leadership' skill (莱恩子爵) differs from 2 / 4")
        if e["skill"] in ACTIVE_SKILLS and e["cost"] < 1:
            raise DataError(str(path), e["id"], "cost", "an active skill needs a cost of 1 or more")
    if len(entries) < 8:
        raise DataError(str(path), None, "hero", "at least 8 heroes are needed (one per seat)")
    return {e["id"]: Hero(**e) for e in entries}


def load_content(deck: Path | None = None, heroes: Path | None = None) -> Content:
    """Both sample files, validated whole before anything is returned."""
    cards = load_cards(deck or content_path("castle_heart", HERE, "deck.sample.toml"))
    return Content(cards, load_heroes(heroes or content_path("castle_heart", HERE, "heroes.sample.toml")))


CONTENT = load_content()
