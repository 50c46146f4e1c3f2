"""The Glicko-2 rating system, as published by Mark E. Glickman.

Reference: M. E. Glickman, "Example of the Glicko-2 system", Boston University, 2013
(glicko.net/glicko/glicko2.pdf): steps 1 to 8, with the Illinois algorithm of step 5.1
for the new volatility. The paper's worked example is the test
(tests/server/ratings/test_glicko2.py):

>>> p = Rating(1500, 200, 0.06)
>>> new = update(p, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                  (Rating(1700, 300), 0.0)], tau=0.5)
>>> round(new.rating, 2), round(new.rd, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)

The paper prints r' = 1464.06 from its rounded intermediate values; unrounded arithmetic
gives 1464.0507.

The PyPI package ``glicko2`` (2.1.0) was looked at first: an untyped 2009 translation
that still uses the 2008 Newton iteration of step 5; this module follows the current
paper instead (docs/ratings.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale factor: 400 / ln 10 (step 2)."""
CENTRE = 1500.0
EPSILON = 0.000001
"""The convergence tolerance of step 5 (the paper's ε)."""


@dataclass(frozen=True)
class Rating:
    """A rating r, its deviation RD and the volatility σ, on the Glicko scale."""

    rating: float = CENTRE
    rd: float = 350.0
    volatility: float = 0.06

    @property
    def mu(self) -> float:
        return (self.rating - CENTRE) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against ``opponent`` (step 3's E).

    >>> round(expected(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _e(player.mu, opponent.mu, opponent.phi)


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility σ', by the Illinois algorithm (5.1 to 5.5)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)
                / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = 0.5,
           max_rd: float = 350.0) -> Rating:
    """The player's rating after one rating period with ``games`` (opponent, score 1, ½
    or 0); steps 2 to 8. With no games only the deviation grows (step 6 alone).

    >>> update(Rating(1500, 200, 0.06), []).rd > 200
    True
    """
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(phi_star * SCALE, max_rd), sigma)
    inv_v = 0.0
    total = 0.0
    for opp, score in games:
        g = _g(opp.phi)
        e = _e(mu, opp.mu, opp.phi)
        inv_v += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / inv_v
    delta = v * total
    sigma_new = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(mu_new * SCALE + CENTRE, min(phi_new * SCALE, max_rd), sigma_new)
