"""Ratings of people across games: the systems a game may declare
(``games.base.Declaration.rating``). Glicko-2 is computed here (``glicko2``, the
standard library only); OpenSkill's Plackett-Luce by the ``openskill`` package
(``bot.ratings``)."""

from __future__ import annotations

GLICKO2 = "glicko2"  # two players, a win, a draw or a loss (Glickman)
OPENSKILL = "openskill"  # a ranking of two or more seats (Weng-Lin, Plackett-Luce)
SYSTEMS = frozenset({GLICKO2, OPENSKILL})
