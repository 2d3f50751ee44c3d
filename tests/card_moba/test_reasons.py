"""A refusal of the card MOBA reads in the page's language: every reason ``legal.why`` (and the chance
check of ``why_illegal``) gives carries its 中文, and the app's notice shows the one of the page."""

from __future__ import annotations

import re

import explorer
from explorer import CHANCE, IllegalAction
from explorer.games.card_moba.flow import A

CJK = re.compile(r"[\u3400-\u9fff]")


def refusals():
    """Every refusal met when, at each state of a seeded 3-seat game, the actions legal somewhere else in that
    game (and a few odd ones) are tried: (clause, reason)."""
    game = explorer.get_game("card_moba")
    states = [explorer.new_game("card_moba", 3, game.bounded_variant(3))]
    states += list(explorer.play(states[0], seed=4, max_steps=300))
    tried = {a for s in states[::7] for a in (s.legal_actions() if not s.is_chance else ())}
    tried |= {A("discard", 0, card="strike"), A("end", 1), A("move", 0, to=(99, 99)), A("order", CHANCE, order=(0,)),
              A("skill", 0, skill="nope"), A("play", 0, card="nope"), A("attack", 0, target=2)}
    out = set()
    for s in states[::5]:
        if s.is_terminal:
            continue
        legal = set(s.legal_actions()) if not s.is_chance else set()
        for a in tried - legal:
            err = game.why_illegal(s.data, a)
            if isinstance(err, IllegalAction):
                out.add((err.clause, err.reason))
    return out


def test_every_refusal_reason_has_its_chinese():
    seen = refusals()
    assert len({c for c, _ in seen}) >= 6  # many rules, not one
    for clause, reason in seen:
        assert CJK.search(reason.in_lang("zh")) and reason.in_lang("en") == str(reason), (clause, reason)
        assert not CJK.search(reason.in_lang("en")), (clause, reason)


def test_the_session_notice_shows_the_reason_in_the_page_language():
    """A refusal recorded with the engine's reason (the MOBA map does so) reads in the language asked for."""
    from widgets.play.game_session import GameSession

    s = GameSession("card_moba", 2, seed=1)
    err = explorer.get_game("card_moba").why_illegal(s.state.data, A("end", 0))  # the table is choosing its mode
    s.refuse("illegal", clause=err.clause, reason=err.reason)
    zh, en = s.notice_text("zh"), s.notice_text("en")
    assert err.reason.zh in zh and err.clause in zh and str(err.reason) not in zh
    assert str(err.reason) in en and err.reason.zh not in en
