"""城堡之心's card faces: every card, hero, soldier and identity of the content has a name in both languages, its
type, its full text in both languages and a clause that is in the registers; a weapon or mount shows its numbers."""

from __future__ import annotations

import explorer
from explorer.games.castle_heart.content import CONTENT, SOLDIERS
from widgets.components.card_face import face_html
from widgets.games.castle_heart.faces import IDENTITY, card_face, hero_face, identity_face, soldier_face

GAME = explorer.get_game("castle_heart")
KNOWN = set(GAME.clause_index) | {a.id for a in explorer.assumptions("castle_heart")}


def every_face():
    yield from ((c, card_face(c)) for c in CONTENT.cards)
    yield from ((h, hero_face(h)) for h in CONTENT.heroes)
    yield from ((s, soldier_face(s)) for s in SOLDIERS)
    yield from ((i, identity_face(i)) for i in IDENTITY)


def test_every_face_has_both_names_a_type_both_texts_and_a_registered_clause():
    for key, face in every_face():
        assert face.name_en and face.name_zh and face.kind_en and face.kind_zh, key
        assert face.text_en and face.text_zh, key
        assert face.clause in KNOWN, (key, face.clause)
        assert not any(ch in face.text_en for ch in "剑魔愈"), (key, face.text_en)  # English reads English


def test_a_card_reads_its_rule_from_the_clause_register():
    face = card_face("great_sword")
    clause = GAME.clause_index["CH-equip-great-sword"]
    assert face.clause == clause.id and face.text_zh == clause.zh
    assert ("range", "距离", 2) in face.stats


def test_the_page_shows_names_never_ids_and_the_other_language_only_in_the_card_text():
    for key, face in every_face():
        for lang in ("en", "zh"):
            page = face_html(face, lang)
            summary = page.split("<summary>", 1)[1].split("</summary>", 1)[0]
            assert f"<b>{face.name(lang)}</b>" in summary
            if lang == "zh" or "_" in key:  # in English "heal" or "sword" is also a plain word of the face
                assert key not in summary, (key, lang)


def test_a_magic_card_shows_its_mana_cost_when_the_variant_asks_one():
    assert ("cost (Mana)", "费用（魔）", 1) in card_face("fireball", 1).stats
    assert not any(label == "cost (Mana)" for label, _, _ in card_face("fireball").stats)
