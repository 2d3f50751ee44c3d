"""PerGame: the chosen game's component, made once and kept; a bilingual note where there is none."""

from __future__ import annotations

import ipywidgets as ipw
import pytest
import traitlets

from widgets.components.per_game import PerGame


class Labelled(ipw.HTML):
    lang = traitlets.Unicode("en")


def test_shows_the_games_component_and_a_note_elsewhere():
    made = []

    def maker(lang):
        made.append(lang)
        return Labelled(value="odds", lang=lang)

    box = PerGame({"eternal_breath": maker}, game_id="eternal_breath")
    assert box.children[0].value == "odds" and made == ["en"]
    box.game_id = "castle_heart"
    assert "Castle Heart" in box.children[0].value
    box.lang = "zh"
    assert "城堡之心" in box.children[0].value
    box.game_id = "eternal_breath"
    assert made == ["en"] and box.children[0].lang == "zh"  # made once, then relabelled


def test_unknown_games_and_languages_are_refused():
    box = PerGame({}, game_id="card_moba")
    with pytest.raises(traitlets.TraitError):
        box.game_id = "<script>"
    with pytest.raises(traitlets.TraitError):
        box.lang = "de"
