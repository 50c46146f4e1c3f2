"""The draw rules' move counts as the search sees them.

A game ends drawn when a balance of forces lasts too long (Code 1.9.1.3, 1.9.1.4; FMJD-64
7.2.4, 7.2.6, 7.2.8; FMJD 6.3, 6.4) or when only kings move for too long (Code 1.9.1.6,
FMJD-64 7.2.5, FMJD 6.2, CBD 16). :mod:`shashki.draws` judges games by them; the search
needs the same counts in plies, cheaply, to score a line that runs into one as a draw
and to prefer, while it can, the capture or promotion that starts a new count.

Not here: 1.9.1.5 and 7.2.7 (the lone king on the main road), whose count starts when
the king reaches that diagonal rather than at the last capture or promotion, and
threefold repetition, which the search finds from its keys.

>>> from shashki.draws import ruleset
>>> [ruleset_code(ruleset(v)) for v in ("russian", "brazilian", "international")]
[(1, 30), (1, 30), (3, 50)]
>>> ruleset_code(ruleset("brazilian", "cbd")), ruleset_code(ruleset("russian", "fmjd"))
((0, 40), (2, 30))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from shashki.draws import CBD, CODE_2004, CODE_2004_80, FMJD_64, FMJD_100, Ruleset
from shashki.rules.bits import popcount

R_NONE, R_CODE, R_FMJD64, R_FMJD100 = 0, 1, 2, 3
"""Rulesets by their counts: none beyond kings only (CBD), the Code, FMJD-64, FMJD."""

_CODES = {CODE_2004.title: (R_CODE, 30), CODE_2004_80.title: (R_CODE, 30),
          FMJD_64.title: (R_FMJD64, 30), FMJD_100.title: (R_FMJD100, 50),
          CBD.title: (R_NONE, 40)}


def ruleset_code(rs: Ruleset) -> tuple[int, int]:
    """``(code, plies)``: the ruleset's material counts (``R_*``) and the plies of kings'
    moves only, without a man move or capture, that draw (Code 1.9.1.6 and FMJD-64
    7.2.5: 15 moves each; CBD 16: 20; FMJD 6.2: 25)."""
    return _CODES[rs.title]


@njit(inline="always", cache=True)
def _lone_vs(k: Any, n: Any, ok: Any, on: Any) -> Any:
    """(kings, men) of the side facing a lone king (either side's, king against king),
    or (-1, -1): ``k``/``n`` are the first side's kings and pieces, ``ok``/``on`` the
    other's."""
    if n == 1 and k == 1:
        return ok, on - ok
    if on == 1 and ok == 1:
        return k, n - k
    return -1, -1


@njit(cache=True)
def material_plies(own: Any, opp: Any, kings: Any, code: Any) -> Any:
    """Plies after the last capture or promotion at which ``code``'s rules draw a
    position of this material, ``own`` to move; 0 where no such count runs.

    Code 1.9.1.4 and FMJD-64 7.2.6 (both sides with kings, 2-3 pieces: 5 moves, Code
    only; 4-5: 30; 6-7: 60), Code 1.9.1.3 and FMJD-64 7.2.4 (three kings or more against
    a lone king: the stronger side's 15th move, ply 29 or 30), FMJD-64 7.2.8
    (two kings, a king and a man, or a king against a lone king: 5 moves each), FMJD 6.3
    (three pieces, one a king at least, against a lone king: 16 moves each) and 6.4 (two
    such pieces or one king: 5 moves each).
    """
    k = np.int64(popcount(own & kings))
    ok = np.int64(popcount(opp & kings))
    n = np.int64(popcount(own))
    on = np.int64(popcount(opp))
    lim: Any = np.int64(0)
    if code == R_NONE or (k == 0 and ok == 0):
        return lim
    sk, sm = _lone_vs(k, n, ok, on)
    if code == R_FMJD100:
        if sk >= 1 and sk + sm == 3:
            lim = 32
        elif sk >= 1 and sk + sm <= 2:
            lim = 10
        return lim
    total = n + on
    if k > 0 and ok > 0:
        if total <= 3:
            lim = 10 if code == R_CODE else 0
        elif total <= 5:
            lim = 60
        elif total <= 7:
            lim = 120
    if sk >= 3:
        # the stronger side's 15th move: ply 29 if it moved first (then the lone king is
        # to move at odd counts), else ply 30
        three = 29 if n == 1 else 30
        if lim == 0 or lim > three:
            lim = three
    if code == R_FMJD64 and sk >= 1 and sk + sm <= 2:
        lim = 10
    return lim


__all__ = ["R_CODE", "R_FMJD64", "R_FMJD100", "R_NONE", "material_plies", "ruleset_code"]
