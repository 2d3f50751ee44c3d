"""Issue 14 points 2 and 6 for 永恒之息: whole seeded games walked step by step, every board (everything and
each seat's own view), every legal action's text and every event's text read in English and 中文. No catalogue
id (``sp_mingyue``, ``eff_gold_pouch``…) reaches a person; the 中文 page has no English words except the phase
names kept beside their Chinese as game terms; the English page has Chinese only in brackets beside its
translation."""

from __future__ import annotations

import html
import re

import pytest

import explorer
from explorer import TERMINAL
from explorer.games.eternal_breath.content import sample
from widgets.games.eternal_breath.board import PHASES, EternalBreathBoard
from widgets.play.game_session import GameSession

GAME = "eternal_breath"
IDS = sorted(sample().cards)
ID_RE = re.compile("|".join(re.escape(i) for i in IDS) + r"|\bscn-[a-z]+-\d")
# every catalogue id is snake_case (checked in test_the_checks_catch_what_they_look_for): one can only stand inside a
# run of [a-z0-9_] that holds a "_", so ID_RE reads those runs alone (it read whole pages, 57 words at each letter)
RUN = re.compile(r"(?<![a-z0-9_])[a-z0-9_]*_[a-z0-9_]*|\bscn-[a-z]+-\d")  # a whole run, from its start
CJK = re.compile(r"[\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]")
# in 中文: the phases' English names stay beside the Chinese (game terms); clause ids are ids, not words
ZH_ALLOWED = {en for en, _zh in PHASES.values()}
CLAUSE = re.compile(r"\bEB-[A-Za-z0-9.\-]+")


def catalogue_id(text: str) -> str | None:
    """The first catalogue id (a card's ``sp_mingyue``, a scenario's ``scn-attack-3``) in ``text``, or None."""
    found = next((m for run in RUN.findall(text) if (m := ID_RE.search(run))), None)
    return found.group() if found else None


# The text a person reads in the page's language: no <style>, no hover titles (attributes), and not the click-open
# text of a face (widgets/components/card_face.py: its last part, which shows both languages on purpose). Read with
# patterns, not html.parser (seven thousand boards a game: html.parser took three quarters of this file's time);
# tests/widgets/test_eternal_breath_texts.py's checks below show they find what they look for.
STYLE = re.compile(r"<style\b.*?</style>", re.S)
FACE_TEXT = re.compile(r'<div class="re-face-text">.*?</div></details>', re.S)
TAG = re.compile(r"<[^>]*>")


def visible(page: str) -> str:
    return html.unescape(TAG.sub(" ", FACE_TEXT.sub("</details>", STYLE.sub(" ", page))))


def english_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]{2,}", CLAUSE.sub(" ", text)) if w not in ZH_ALLOWED}


def stray_chinese(text: str) -> str:
    """Chinese outside brackets: in English mode a game term may only stand in brackets beside its translation."""
    bare = text
    for _ in range(3):  # nested brackets
        bare = re.sub(r"\([^()]*\)", "", bare)
    return "".join(CJK.findall(bare))


def check_texts(texts: list[tuple[str, str]], where: str) -> None:
    for lang, text in texts:
        assert not catalogue_id(text), f"catalogue id in {where} ({lang}): {catalogue_id(text)} in {text!r}"
        if lang == "zh":
            assert not english_words(text), f"English in 中文 {where}: {english_words(text)} in {text!r}"
        else:
            assert not stray_chinese(text), f"Chinese in English {where}: {stray_chinese(text)!r} in {text!r}"


def walk(s: GameSession, limit: int = 5000) -> int:
    """Step ``s`` to its end (or ``limit`` steps), every board and text checked at every step."""
    boards = [EternalBreathBoard(s, lang=lang, viewer=v) for lang in ("en", "zh") for v in range(-1, s.players)]
    steps = 0
    while True:
        state = s.state
        for b in boards:
            page = b._html.value
            assert not catalogue_id(page), f"catalogue id on the board (hover text included): {catalogue_id(page)}"
            check_texts([(b.lang, visible(page))], f"board, viewer {b.viewer}, step {s.step}")
        check_texts([(lang, a.describe(lang)) for a in state.legal_actions() for lang in ("en", "zh")],
                    f"actions at step {s.step}")
        check_texts([(lang, e.describe(lang)) for e in state.events for lang in ("en", "zh")],
                    f"events at step {s.step}")
        if state.current_player == TERMINAL or steps >= limit:
            return steps
        assert s.forward(), s.notice_text("en")
        steps += 1


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (11, 3)])
def test_whole_games_show_no_catalogue_id_and_speak_one_language(seed, players):
    game = explorer.get_game(GAME)
    s = GameSession(GAME, players, game.bounded_variant(players), seed=seed,
                    seats={k: "random" if k % 2 else "greedy" for k in range(players)})
    assert walk(s) > 100  # a whole game, past the draft and into many turns
    assert s.state.current_player == TERMINAL
    assert "Game over" in EternalBreathBoard(s, lang="en")._html.value


def test_the_scenarios_made_cards_show_their_names_too():
    """combat_ready plays with cards made for scenarios (``scn-attack-3``…): they have faces and names too."""
    for name, scenario in explorer.get_game(GAME).scenarios().items():
        s = GameSession(GAME, 2, seed=5, seats={0: "random", 1: "random"}, start=scenario.make())
        assert walk(s, limit=60) > 0, name


def test_the_checks_catch_what_they_look_for():
    """The detectors themselves: an id, English in 中文, bare Chinese in English are each caught."""
    with pytest.raises(AssertionError):
        check_texts([("en", "Use Gold Pouch (eff_gold_pouch)")], "probe")
    with pytest.raises(AssertionError):
        check_texts([("zh", "玩家0 must decide")], "probe")
    with pytest.raises(AssertionError):
        check_texts([("en", "Player 0 摸到 Slash")], "probe")
    check_texts([("zh", "阶段：出牌阶段 (play) · EB-1.2.4-play"), ("en", "Phase: play (出牌阶段)")], "probe")
    assert all(re.fullmatch(r"[a-z0-9]+(?:_[a-z0-9]+)+", i) for i in IDS)  # what catalogue_id's runs rely on
    probes = ("x sp_mingyue.", "“eff_gold_pouch”", "(scn-attack-3)", "snake_case only")
    assert [catalogue_id(t) for t in probes] == [
        "sp_mingyue", "eff_gold_pouch", "scn-attack-3", None]
    face = ('<style>.x{color:red}</style><details class="re-face" title="sp_mingyue"><summary><b>明月</b></summary>'
            '<div class="re-face-text"><div>Moon 明月</div><div class="re-face-clause">EB-3</div></div></details>'
            '<span>A &amp; B</span>')
    assert visible(face).split() == ["明月", "A", "&", "B"]  # no style, no title, no face text; entities read
