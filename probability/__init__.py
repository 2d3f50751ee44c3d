"""Exact odds (Fractions; sympy where symbolic), built on the engines' own rule functions.

- ``probability.dist`` — a small exact distribution core (dict of outcome → Fraction)
- ``probability.eternal_breath`` — 永恒之息: one attack, attacks until a character falls, a duel,
  judgments and draw odds, with the engine's combat switches as parameters
- ``probability.eternal_breath.symbolic`` — the same attack as sympy closed forms (LaTeX for notebooks)
"""
