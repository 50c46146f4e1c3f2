"""Puzzle ratings: the platform's Glicko-2 (:mod:`shashki.server.ratings.glicko2`), one
attempt a rating period, the solver and the puzzle rated against each other (solved: the
solver wins).

>>> solver, puzzle = rate((1500, 350, 0.06), (1500, 350, 0.06), solved=True)
>>> solver[0] > 1500 > puzzle[0]
True
"""

from __future__ import annotations

from shashki.server.ratings.glicko2 import Rating as Glicko
from shashki.server.ratings.glicko2 import update

Rating = tuple[float, float, float]
"""(rating, RD, volatility), as the puzzles' table stores them."""


def rate(solver: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The solver's and the puzzle's new ratings after one attempt."""
    s, p = Glicko(*solver), Glicko(*puzzle)
    score = 1.0 if solved else 0.0
    new_s, new_p = update(s, [(p, score)]), update(p, [(s, 1.0 - score)])
    return ((new_s.rating, new_s.rd, new_s.volatility),
            (new_p.rating, new_p.rd, new_p.volatility))
