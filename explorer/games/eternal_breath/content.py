"""§2 卡牌组成: the card set as data, validated on load. Static card facts live here, never in the state.

The effect vocabulary (``do``), interpreted by ``effects.py`` — never evaluated as code:

==============  ==================================================================================
heal            回复: heal ``amount`` (never above max HP, EB-3.2-heal)
damage          效果伤害: ``amount`` effect damage (EB-3.2-damage-kinds)
lose_life       生命流失: ``amount`` life loss of one's own character
gain_coins      gain ``amount`` coins (cut at the cap, EB-2.6-coin-cap)
lose_coins      pay ``amount`` coins to the bank (as many as one has)
steal_coins     take ``amount`` coins from a player
draw            摸取: draw ``amount`` cards
judge           判定: ``dice`` (1 or 2) dice; ``test`` odd / even / equals / at_least ``value``; ``then`` effects
win             the user wins the game
cancel_trap     抵消 a trap in 检定 (a reaction card)
lifesteal       吸血: heal ``ratio`` of the attack damage dealt (attack cards, passives)
pierce          the attack ignores base defence
bonus_vs        +``amount`` points against a card of ``attribute``
thorns          after blocking, ``amount`` effect damage to the attacking character
combo           this attack card may be played together with one more attack card
boost_flat      +``amount`` attack points;  boost_percent: +``amount`` % attack points
hand_limit      the hand limit becomes ``amount``;  attack_plus / defence_plus: +``amount`` points
==============  ==================================================================================

``to`` names who is affected: chosen (the action's target), self (the user's own character / player),
all (every player, in turn order), zone_owner (the player whose zone holds the card), host (the
character carrying the effect), attacker (the attacking character), turn_player (the player to move).

Skills (§3.1 技能): a passive skill has ``when`` = always / attacked (当你受到攻击时) / damaged (当你受到伤害时) /
lose_card_off_turn (当你在自己回合外失去卡牌时) / turn_start; an active skill has ``cost_coins``, ``cost_life``
and ``limit`` = once (出牌阶段仅限一次) / unlimited / draw_phase (在摸牌阶段使用) / others_play (在其他人的出牌阶段).
Traps have a ``trigger`` (turn_start, turn_end, attacks, attacked, summons, extra_draw) on the zone's player;
persistent effect cards have ``trigger`` = always (a standing modifier) or turn_start / turn_end.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from explorer import DataError
from explorer.data import MAX_AMOUNT, MAX_COPIES, Field, between, content_path, non_empty, read_toml, validate_entry

HERE = Path(__file__).parent
CHARACTERS_FILE = content_path("eternal_breath", HERE, "characters.sample.toml")  # or your own copy
CARDS_FILE = content_path("eternal_breath", HERE, "cards.sample.toml")

DOS = ("heal", "damage", "lose_life", "gain_coins", "lose_coins", "steal_coins", "draw", "judge", "win",
       "cancel_trap", "lifesteal", "pierce", "bonus_vs", "thorns", "combo", "boost_flat", "boost_percent",
       "hand_limit", "attack_plus", "defence_plus")
TOS = ("chosen", "self", "all", "zone_owner", "host", "attacker", "turn_player")
TRAP_TRIGGERS = ("turn_start", "turn_end", "attacks", "attacked", "summons", "extra_draw")
PASSIVE_WHEN = ("always", "attacked", "damaged", "lose_card_off_turn", "turn_start")
LIMITS = ("once", "unlimited", "draw_phase", "others_play")
TESTS = ("odd", "even", "equals", "at_least")


def _ratio(text: str) -> str | None:
    try:
        value = Fraction(text) if text else Fraction(0)
    except (ValueError, ZeroDivisionError):
        return f"{text!r} is not a fraction like '1/2'"
    return None if 0 <= value <= 1 else "must be between 0 and 1"


EFFECT_SCHEMA = {
    "do": Field(str, choices=DOS), "amount": Field(int, required=False, default=0, check=between(0, MAX_AMOUNT)),
    "to": Field(str, required=False, default="chosen", choices=TOS),
    "ratio": Field(str, required=False, default="", check=_ratio), "attribute": Field(str, required=False, default=""),
    "dice": Field(int, required=False, default=1, choices=(1, 2)),
    "test": Field(str, required=False, default="odd", choices=TESTS),
    "value": Field(int, required=False, default=0, check=between(0, 12, "one or two dice show 1 to 12")),
    "then": Field(list, required=False, default=[]),
}
SKILL_SCHEMA = {
    "type": Field(str, choices=("active", "passive")), "zh": Field(str, check=non_empty),
    "en": Field(str, check=non_empty),
    "when": Field(str, required=False, default="always", choices=PASSIVE_WHEN),
    "cost_coins": Field(int, required=False, default=0, check=between(0, 20, "EB-2.6-coin-cap: at most 20 coins")),
    "cost_life": Field(int, required=False, default=0, check=between(0, MAX_AMOUNT)),
    "limit": Field(str, required=False, default="once", choices=LIMITS), "effect": Field(list),
}
CHARACTER_SCHEMA = {
    "id": Field(str, check=non_empty), "kind": Field(str, choices=("special", "normal")),
    "zh": Field(str, check=non_empty), "en": Field(str, check=non_empty),
    "hp": Field(int, check=between(1, MAX_AMOUNT)), "defence": Field(int, check=between(0, MAX_AMOUNT)),
    "skill": Field(dict),
}
CARD_SCHEMA = {
    "id": Field(str, check=non_empty), "kind": Field(str, choices=("attack", "defence", "trap", "effect")),
    "zh": Field(str, check=non_empty), "en": Field(str, check=non_empty),
    "copies": Field(int, check=between(1, MAX_COPIES, "copies of one card in the deck")),
    "points": Field(int, required=False, default=0, check=between(0, MAX_AMOUNT)),
    "attribute": Field(str, required=False, default="无", check=non_empty),
    "trigger": Field(str, required=False, default="", choices=("", "always", *TRAP_TRIGGERS)),
    "persistent": Field(bool, required=False, default=False),
    "place": Field(str, required=False, default="player", choices=("player", "character")),
    "effect": Field(list, required=False, default=[]),
}


@dataclass(frozen=True, slots=True)
class Do:
    """One effect of the vocabulary above."""

    do: str
    amount: int = 0
    to: str = "chosen"
    ratio: Fraction = Fraction(0)
    attribute: str = ""
    dice: int = 1
    test: str = "odd"
    value: int = 0
    then: tuple = ()


@dataclass(frozen=True, slots=True)
class Skill:
    """§3.1 技能: passive (condition + effect) or active (cost, limit, effect)."""

    type: str
    zh: str
    en: str
    when: str = "always"
    cost_coins: int = 0
    cost_life: int = 0
    limit: str = "once"
    effects: tuple = ()


@dataclass(frozen=True, slots=True)
class Card:
    """A card's static facts (§2): names, kind, HP and base defence, points, attribute, effects."""

    id: str
    kind: str
    zh: str
    en: str
    copies: int = 1
    hp: int = 0
    defence: int = 0
    points: int = 0
    attribute: str = "无"
    trigger: str = ""
    persistent: bool = False
    place: str = "player"
    effects: tuple = ()
    skill: Skill | None = None

    @property
    def is_character(self) -> bool:
        return self.kind in ("special", "normal")

    def name(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en

    def has(self, do: str) -> bool:
        return any(e.do == do for e in self.effects)


def _effects(file: str, entry: str, raw: list, depth: int = 0) -> tuple[Do, ...]:
    out = []
    for i, item in enumerate(raw):
        name = f"{entry}.effect[{i}]"
        e = validate_entry(file, name, item, EFFECT_SCHEMA)
        if e["do"] == "judge" and (depth or not e["then"]):
            raise DataError(file, name, "then", "a judgment needs 'then' effects and cannot be nested")
        if e["do"] != "judge" and e["then"]:
            raise DataError(file, name, "then", "only a judgment has 'then' effects")
        if e["do"] == "judge" and i != len(raw) - 1:
            raise DataError(file, name, "do", "a judgment must be the last effect of its list")
        then = _effects(file, name, e["then"], depth + 1) if e["then"] else ()
        out.append(Do(e["do"], e["amount"], e["to"], Fraction(e["ratio"] or 0), e["attribute"], e["dice"],
                      e["test"], e["value"], then))
    return tuple(out)


def _check_sample(file: str, doc: dict) -> None:
    if doc.get("sample") is not True and doc.get("sample") is not False:
        raise DataError(file, None, "sample", "say `sample = true` (sample content) or `sample = false`")


def load_characters(path: str | Path) -> tuple[Card, ...]:
    """§2.1 角色卡 from a ``[[character]]`` file; DataError names file, entry and field."""
    file, doc = str(path), read_toml(path)
    _check_sample(file, doc)
    raw_entries = doc.get("character")
    if not isinstance(raw_entries, list) or not raw_entries:
        raise DataError(file, None, "character", "expected a non-empty array of tables [[character]]")
    out, seen = [], set()
    for i, raw in enumerate(raw_entries):
        name = str(raw.get("id", f"#{i + 1}")) if isinstance(raw, dict) else f"#{i + 1}"
        e = validate_entry(file, name, raw, CHARACTER_SCHEMA)
        if e["id"] in seen:
            raise DataError(file, name, "id", "duplicate id")
        seen.add(e["id"])
        s = validate_entry(file, f"{name}.skill", e["skill"], SKILL_SCHEMA)
        skill = Skill(s["type"], s["zh"], s["en"], s["when"], s["cost_coins"], s["cost_life"], s["limit"],
                      _effects(file, f"{name}.skill", s["effect"]))
        out.append(Card(e["id"], e["kind"], e["zh"], e["en"], 1, e["hp"], e["defence"], skill=skill))
    return tuple(out)


def load_cards(path: str | Path) -> tuple[Card, ...]:
    """§2.2–2.5 attack, defence, trap and effect cards from a ``[[card]]`` file."""
    file, doc = str(path), read_toml(path)
    _check_sample(file, doc)
    raw_entries = doc.get("card")
    if not isinstance(raw_entries, list) or not raw_entries:
        raise DataError(file, None, "card", "expected a non-empty array of tables [[card]]")
    out, seen = [], set()
    for i, raw in enumerate(raw_entries):
        name = str(raw.get("id", f"#{i + 1}")) if isinstance(raw, dict) else f"#{i + 1}"
        e = validate_entry(file, name, raw, CARD_SCHEMA)
        if e["id"] in seen:
            raise DataError(file, name, "id", "duplicate id")
        seen.add(e["id"])
        if e["kind"] == "trap" and e["trigger"] not in TRAP_TRIGGERS:
            raise DataError(file, name, "trigger", f"a trap needs a trigger, one of {list(TRAP_TRIGGERS)}")
        if e["kind"] == "effect" and e["persistent"] and not e["trigger"]:
            raise DataError(file, name, "trigger", "a persistent effect card needs a trigger")
        if e["kind"] in ("trap", "effect") and not e["effect"]:
            raise DataError(file, name, "effect", "this kind of card needs at least one effect")
        out.append(Card(e["id"], e["kind"], e["zh"], e["en"], e["copies"], points=e["points"],
                        attribute=e["attribute"], trigger=e["trigger"], persistent=e["persistent"],
                        place=e["place"], effects=_effects(file, name, e["effect"])))
    return tuple(out)


@dataclass(frozen=True)
class Catalogue:
    """Every card of a set by id; built whole or not at all."""

    cards: dict

    @property
    def specials(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.kind == "special")

    @property
    def normals(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.kind == "normal")

    def deck_cards(self) -> dict[str, int]:
        """§3.1 牌堆: every card that is neither a character nor a coin, with its copies."""
        return {c.id: c.copies for c in self.cards.values() if not c.is_character}


def load_catalogue(characters: str | Path = CHARACTERS_FILE, cards: str | Path = CARDS_FILE) -> Catalogue:
    """Both files validated before anything is returned (nothing is half-loaded)."""
    chars, others = load_characters(characters), load_cards(cards)
    index = {}
    for c in (*chars, *others):
        if c.id in index:
            raise DataError(str(cards), c.id, "id", "id already used in the characters file")
        index[c.id] = c
    return Catalogue(index)


@lru_cache(maxsize=1)
def sample() -> Catalogue:
    return load_catalogue()


_SCENARIO: dict[str, Card] = {}


def scenario_card(card_id: str) -> Card:
    """Cards made for scenarios: ``scn-attack-<points>``, ``scn-defence-<points>``,
    ``scn-normal-<defence>-<hp>`` (a plain normal character without a skill)."""
    if card_id not in _SCENARIO:
        parts = card_id.split("-")
        if parts[1] == "attack":
            made = Card(card_id, "attack", f"演练攻击{parts[2]}", f"Drill attack {parts[2]}", points=int(parts[2]))
        elif parts[1] == "defence":
            made = Card(card_id, "defence", f"演练防御{parts[2]}", f"Drill guard {parts[2]}", points=int(parts[2]))
        elif parts[1] == "normal":
            made = Card(card_id, "normal", "木人", "Training dummy", hp=int(parts[3]), defence=int(parts[2]))
        else:
            raise KeyError(card_id)
        _SCENARIO[card_id] = made
    return _SCENARIO[card_id]


_INDEX: dict[str, Card] = {}


def card(card_id: str) -> Card:
    """The static facts of a card id (sample set, or a scenario card); looked up outside the state."""
    try:
        return _INDEX[card_id]
    except KeyError:
        pass
    found = sample().cards.get(card_id)
    if found is None:
        if not isinstance(card_id, str) or not card_id.startswith("scn-"):
            raise KeyError(f"unknown card {card_id!r}")
        found = scenario_card(card_id)
    _INDEX[card_id] = found
    return found
