"""城堡之心 (Castle Heart), seed 003: hidden identities, armies of soldiers, equipment and magic.

The folder reads like the seed: ``setup.py`` (identities, the count rules, deployment), ``turn.py`` (the battle
turn's four phases), ``reach.py`` and ``attack.py`` (攻击规则 and one attack), ``equipment.py`` and ``magic.py``
(the cards), ``death.py`` (英雄死亡, rewards, the end); ``flow.py`` is the phase table.
"""

from explorer import register

from .game import GAME, CastleHeart

register(GAME)

__all__ = ["GAME", "CastleHeart"]
