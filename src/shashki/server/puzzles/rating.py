"""Puzzle ratings: the platform's Glicko-2 (:mod:`shashki.server.ratings.glicko2`), one
attempt a rating period, the solver and the puzzle rated against each other (solved: the
solver wins).

>>> solver, puzzle = rate((1500, 350, 0.06), (1500, 350, 0.06), solved=True)
>>> solver[0] > 1500 > puzzle[0]
True

A shipped starter puzzle starts from a rating by its difficulty (:func:`start_rating`).
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


EASIEST, HARDEST = 1000.0, 2200.0
"""The range of a starter puzzle's first rating."""


def start_rating(difficulty: int, forced: int = 1) -> float:
    """The first rating of a starter puzzle (:mod:`shashki.engine.puzzles`): 1000 and 100
    a ply of the shallowest depth from which the engine keeps to the solution, 50 more a
    further move of the solver that is forced too, within :data:`EASIEST` to
    :data:`HARDEST`; its deviation is a new puzzle's (350), so its first attempts move it.

    >>> start_rating(1), start_rating(5), start_rating(5, forced=3), start_rating(30)
    (1100.0, 1500.0, 1550.0, 2200.0)
    """
    value = 1000.0 + 100.0 * max(1, difficulty) + 50.0 * max(0, (forced - 1) // 2)
    return min(HARDEST, max(EASIEST, value))
