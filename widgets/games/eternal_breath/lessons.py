"""永恒之息's tutorial helpers: the whole §1.1 setup as steps, and the table the tutorials share."""

from __future__ import annotations


def setup_steps(*args, **kwargs) -> list[tuple]:
    """永恒之息's whole §1.1 setup as steps: ``setup_steps`` of ``explorer/games/eternal_breath/scenarios.py`` (the
    tutorials import it from here). Imported when called, so a 永恒之息 content file that does not load never
    stops the other games' lessons."""
    from explorer.games.eternal_breath.scenarios import setup_steps as eternal_breath_setup

    return eternal_breath_setup(*args, **kwargs)


def tutorial_setup() -> list[tuple]:
    """The two-player table the 永恒之息 tutorials share (notebooks 1, 2, 4 and 5): Lingxi 灵犀 and Tiebi 铁壁 as
    self characters, Yanlong 炎龙 the special card nobody takes, and these summons and starting hands."""
    return setup_steps(
        self_chars=["sp_lingxi", "sp_tiebi"],
        summons=[["n_swordsman", "n_healer"], ["n_guard", "n_monk"]],
        hands=[["atk_fireball", "trap_spikes", "eff_potion", "def_guard"],
               ["def_guard", "eff_dispel", "atk_slash", "eff_bomb"]],
        extra_special="sp_yanlong")
