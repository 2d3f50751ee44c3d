"""永恒之息 (Eternal Breath), seed 000: the whole rulebook as a step-through engine.

>>> import explorer
>>> s = explorer.new_game("eternal_breath", players=4)

Rule modules are named after the rulebook: ``setup`` (§1.1), ``turn`` (§1.2), ``play`` (§1.2.4),
``attack`` + ``combat`` (§3.2 攻击事件), ``characters`` (角色机制, §1.3, §1.4), ``traps``, ``effects``,
``skills`` (§3.1 技能). Cards are data (``*.sample.toml``, read by ``catalogue``).
"""

from explorer import register

from .game import GAME, EternalBreath

register(GAME)

__all__ = ["GAME", "EternalBreath"]
