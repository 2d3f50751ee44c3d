"""The shared card face: the name in the page's language, both texts and the clause on hover, text escaped."""

from widgets.components.card_face import Face, face_html, hidden_face_html

FACE = Face("Moon <b>", "明月", "character", "角色", (("HP", "生命", 5),), "Heals 1.", "回复1点。", "EB-2.1")


def test_the_summary_reads_in_the_pages_language():
    zh, en = face_html(FACE, "zh"), face_html(FACE, "en")
    assert "<summary><b>明月</b>" in zh and "生命 5" in zh and "角色" in zh
    assert "<summary><b>Moon &lt;b&gt;</b>" in en and "HP 5" in en and "character" in en


def test_hover_and_click_carry_both_languages_and_the_clause():
    page = face_html(FACE, "en")
    title = page.split('title="', 1)[1].split('"', 1)[0]
    for part in ("明月", "Moon &lt;b&gt;", "Heals 1.", "回复1点。", "[EB-2.1]"):
        assert part in title
    body = page.split("</summary>", 1)[1]
    assert body.index("Heals 1.") < body.index("回复1点。") and "EB-2.1" in body


def test_a_hidden_card_shows_only_that_it_is_there():
    assert hidden_face_html("hidden") == '<span class="re-face re-face-hidden">■ hidden</span>'
