"""Card-driven MOBA (卡驱MOBA, seed 001): a grid map, stamina, cards played in sequences that unlock hero
skills, 14 statuses and a winning score. Sample heroes, bloodlines, cards and maps are data (*.sample.toml).

>>> import explorer
>>> s = explorer.new_game("card_moba", players=2)
"""

from explorer import register

from .game import GAME, CardMoba

register(GAME)

__all__ = ["GAME", "CardMoba"]
