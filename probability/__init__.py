"""Exact odds (Fractions; sympy where symbolic), built on the engines' own rule functions."""
