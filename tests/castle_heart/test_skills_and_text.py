"""Sample hero skills (CH-A33) used through 'CH-turn-play-unlimited', and the bilingual sentences."""

from __future__ import annotations

import random

import explorer
from explorer import CHANCE
from explorer.games.castle_heart.bots import GreedyBot

from .helpers import HERO, a, draw_all, events, hero_seat, soldier, step, table


def test_active_skills_once_a_turn():
    """'CH-turn-play-unlimited': the saint discards 2 to heal 1; the arcanist spends 1 魔 to draw 1."""
    s = table(hero_seat("lord", "saint", hp=1, hand=("sword", "mana", "heal")), hero_seat("enemy"), hero_seat("enemy"))
    s = step(s, "skill", 0, skill="heal_by_discard")
    s = step(step(s, "pay_card", 0, card="sword"), "pay_card", 0, card="mana")
    assert s.data.seats[0].hp == 2 and s.data.seats[0].hand == ("heal",)
    assert not any(x.kind == "skill" for x in s.legal_actions())
    m = table(hero_seat("lord", "arcanist", hand=("mana",)), hero_seat("enemy"), hero_seat("enemy"))
    m = step(m, "skill", 0, skill="draw_by_mana")
    assert m.current_player == CHANCE and m.data.draws == (0,) and m.data.seats[0].hand == ()


def test_passive_skills_change_the_numbers():
    """Draw bonus (Levi), attack bonus (berserker), range (elf), soldier HP (black knight) and damage (captain)."""
    s = draw_all(step(table(hero_seat("lord"), hero_seat("enemy"), hero_seat("enemy", "levi"), active=1),
                      "end_play", 1))
    assert len(s.data.seats[2].hand) == 3
    b = step(table(hero_seat("lord", "berserker", hand=("sword",)), hero_seat("enemy"), hero_seat("enemy")),
             "attack", 0, target=1, member=HERO, pay="sword")
    assert events(b, "CH-turn-play-one-sword", "attack")[0].number("damage") == 2
    e = table(hero_seat("lord", "elf_ranger", hand=("sword",)), hero_seat("reinforcement"), hero_seat("enemy"),
              hero_seat("enemy"), hero_seat("enemy"))
    assert a("attack", 0, target=2, member=HERO, pay="sword") in e.legal_actions()
    c = table(hero_seat("lord", "iron_captain", soldiers=(soldier("lynx"),)), hero_seat("enemy"), hero_seat("enemy"))
    c = step(step(step(c, "end_play", 0), "command", 0, target=1), "soldier_attack", 0, member=HERO)
    assert events(c, "CH-turn-command", "attack")[0].number("damage") == 2


def test_every_action_and_event_reads_as_a_full_sentence_in_both_languages():
    """Every action and event met in seeded games has a template with every field filled, in en and zh."""
    seen = set()
    for seed in range(12):
        bot = GreedyBot() if seed % 2 else explorer.RandomBot()
        start = explorer.new_game("castle_heart", 3 + seed % 6)
        state = start
        rng = random.Random(seed)
        while not state.is_terminal:
            for x in state.legal_actions():
                if (x.kind, x.params) not in seen:
                    seen.add((x.kind, x.params))
                    for lang in ("en", "zh"):
                        text = x.describe(lang)
                        assert "?" not in text and not text.endswith(f": {x.kind}") and "：" + x.kind not in text
            if state.is_chance:
                nxt = state.apply(explorer.sample_chance(state.chance_outcomes(), rng))
            else:
                nxt = state.apply(bot.choose(state, rng))
            for e in nxt.events:
                for lang in ("en", "zh"):
                    text = e.describe(lang)
                    assert "?" not in text and not text.endswith(f": {e.kind}"), (e, text)
            state = nxt
    assert len({k for k, _ in seen}) > 25
