"""Puzzle ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), one
attempt a rating period, the solver and the puzzle rated against each other (solved: the
solver wins).

:func:`rate` is the one place the puzzles use a rating system: when the platform's own
Glicko-2 module (``server/ratings``) lands, it is switched to that.

Glickman's worked example (a 1500 player, RD 200, beats a 1400/30 and loses to a 1550/100
and a 1700/300) gives 1464.06, 151.52, 0.05999 (his rounded steps; unrounded it is
1464.05, as other implementations also find):

>>> r, rd, vol = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
>>> round(r, 1), round(rd, 2), round(vol, 4), vol < 0.06
(1464.1, 151.52, 0.06, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

TAU = 0.5
"""The system's constant: how much the volatility may change (Glickman: 0.3 to 1.2)."""
SCALE = 173.7178


def glicko2(rating: float, rd: float, vol: float,
            games: Sequence[tuple[float, float, float]]) -> tuple[float, float, float]:
    """A player's new (rating, RD, volatility) after ``games`` of one rating period, each
    (opponent's rating, opponent's RD, score 1/0.5/0)."""
    mu, phi = (rating - 1500) / SCALE, rd / SCALE
    if not games:
        return rating, SCALE * math.sqrt(phi * phi + vol * vol), vol

    def g(p: float) -> float:
        return 1 / math.sqrt(1 + 3 * p * p / math.pi ** 2)

    def e(m: float, mj: float, pj: float) -> float:
        return 1 / (1 + math.exp(-g(pj) * (m - mj)))

    opp = [((r - 1500) / SCALE, d / SCALE, s) for r, d, s in games]
    v = 1 / sum(g(pj) ** 2 * e(mu, mj, pj) * (1 - e(mu, mj, pj)) for mj, pj, _ in opp)
    delta = v * sum(g(pj) * (s - e(mu, mj, pj)) for mj, pj, s in opp)
    a = math.log(vol * vol)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
                - (x - a) / TAU ** 2)

    lo = a
    if delta ** 2 > phi ** 2 + v:
        hi = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        hi = a - k * TAU
    f_lo, f_hi = f(lo), f(hi)
    while abs(hi - lo) > 1e-6:  # Illinois: the volatility's root
        c = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_c = f(c)
        if f_c * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2
        hi, f_hi = c, f_c
    new_vol = math.exp(lo / 2)
    phi_star = math.sqrt(phi ** 2 + new_vol ** 2)
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    new_mu = mu + new_phi ** 2 * sum(g(pj) * (s - e(mu, mj, pj)) for mj, pj, s in opp)
    return 1500 + SCALE * new_mu, SCALE * new_phi, new_vol


Rating = tuple[float, float, float]


def rate(solver: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The solver's and the puzzle's new ratings after one attempt."""
    s = 1.0 if solved else 0.0
    new_solver = glicko2(*solver, [(puzzle[0], puzzle[1], s)])
    new_puzzle = glicko2(*puzzle, [(solver[0], solver[1], 1 - s)])
    return new_solver, new_puzzle
