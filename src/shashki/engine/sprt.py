"""Sequential tests and paired-game statistics for engine matches.

A match plays each opening twice with the colours reversed, so its games come in pairs
and the pair, not the game, is the independent unit: a lopsided opening that each engine
wins with White adds a win and a loss, which the per-game (trinomial) model counts as two
independent results. The **pentanomial** model counts pairs by their score for A — 0, ½,
1, 1½ or 2 points (``LL``, ``LD``, ``DD`` or ``WL``, ``WD``, ``WW``) — and takes the spread
of the pair scores as it is.

:class:`Sprt` is the generalised sequential probability ratio test of the chess testing
frameworks (fishtest, fastchess, OpenBench): H0, A is ``elo0`` better than B, against H1,
``elo1``, in logistic Elo (``score = 1 / (1 + 10^(-elo/400))``, the scale of
:func:`shashki.engine.match.elo`). After every game the log-likelihood ratio of the results
so far is compared with Wald's bounds ``ln(β / (1 - α))`` and ``ln((1 - β) / α)``; the test
stops at the first crossing, accepting H1 above, H0 below. The likelihood of each
hypothesis is the multinomial one of the observed frequencies, maximised over every
distribution of the pair scores whose mean is that hypothesis's score (M. Van den Bergh,
*Comments on Normalized Elo*, proposition 1.1; the same numbers as fastchess's tests:
``tests/engine/test_sprt.py``). Empty bins count 0.001, as there, so that a clean sweep
still has a finite ratio.

>>> test = Sprt(0, 50)
>>> round(test.llr([1, 4, 10, 4, 1]), 2)  # 20 even pairs: towards H0
-0.97
>>> round(test.upper, 2), test.decide(3.1)
(2.94, 'H1')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shashki.errors import ShashkiError

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A pair's score as a fraction of its two points: LL, LD, DD or WL, WD, WW."""
GAME_SCORES = (0.0, 0.5, 1.0)
"""A game's score: loss, draw, win."""
EMPTY = 1e-3
"""The count given to an empty bin (fishtest's and fastchess's regularisation)."""


class SprtError(ShashkiError):
    """An SPRT that cannot be run: bounds or error rates out of range."""


def score_of(diff: float) -> float:
    """The expected score of a logistic Elo difference.

    >>> score_of(0), round(score_of(400), 4)
    (0.5, 0.9091)
    """
    return 1.0 / (1.0 + math.pow(10.0, -diff / 400.0))


def elo(score: float) -> float:
    """Elo difference of a score fraction: ``-400 log10(1/p - 1)``.

    >>> round(elo(0.75)), round(elo(0.5)), round(elo(0.25))
    (191, 0, -191)
    """
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def _scores(counts: Sequence[float]) -> tuple[float, ...]:
    if len(counts) == 5:
        return PAIR_SCORES
    if len(counts) == 3:
        return GAME_SCORES
    raise SprtError(f"results are 3 counts (L, D, W) or 5 (pairs LL … WW), not {len(counts)}")


def _fitted(freqs: Sequence[float], scores: Sequence[float], s: float) -> list[float]:
    """The distribution on ``scores`` with mean ``s`` nearest ``freqs`` (maximum likelihood).

    It is ``freqs[i] / (1 + θ (a_i - s))`` for the θ that puts the mean at ``s``; the
    mean condition ``Σ f_i (a_i - s) / (1 + θ (a_i - s)) = 0`` falls strictly in θ between
    the poles ``-1 / (max a - s)`` and ``-1 / (min a - s)``, so bisection finds it.
    """
    d = [a - s for a in scores]
    lo, hi = -1.0 / max(d), -1.0 / min(d)

    def g(theta: float) -> float:
        return sum(f * x / (1.0 + theta * x) for f, x in zip(freqs, d, strict=True))

    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if g(mid) > 0:
            lo = mid
        else:
            hi = mid
    theta = (lo + hi) / 2
    return [f / (1.0 + theta * x) for f, x in zip(freqs, d, strict=True)]


def mean_and_margin(counts: Sequence[int]) -> tuple[float, float]:
    """Elo of A over B and the half-width of its 95 % interval, from game or pair counts.

    With pairs (5 counts) the spread is that of the pair scores, which is smaller than the
    per-game spread when the two games of an opening go the same way for the opening's
    sake. The interval is ``elo(m ± 1.96 σ/√n)`` for the mean score m over n units;
    infinite when it reaches a clean sweep.

    >>> e, m = mean_and_margin([34, 54, 63, 64, 75])  # fastchess's pentanomial test 1
    >>> round(e, 2), round(m, 2)
    (55.58, 27.65)
    """
    scores = _scores(counts)
    n = sum(counts)
    if n == 0:
        return 0.0, math.inf
    mu = sum(c * a for c, a in zip(counts, scores, strict=True)) / n
    var = sum(c * (a - mu) ** 2 for c, a in zip(counts, scores, strict=True)) / n
    se = math.sqrt(var / n)
    lo, hi = mu - 1.96 * se, mu + 1.96 * se
    if lo <= 0 or hi >= 1:
        return elo(mu), math.inf
    return elo(mu), (elo(hi) - elo(lo)) / 2


@dataclass(frozen=True)
class Sprt:
    """H0: A is ``elo0`` better than B; H1: ``elo1``; error rates ``alpha`` and ``beta``."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not all(math.isfinite(x) for x in (self.elo0, self.elo1, self.alpha, self.beta)):
            raise SprtError("SPRT bounds and error rates must be finite numbers")
        if self.elo0 >= self.elo1:
            raise SprtError(f"SPRT: elo0 ({self.elo0:g}) must be below elo1 ({self.elo1:g})")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise SprtError(f"SPRT: alpha ({self.alpha:g}) and beta ({self.beta:g}) must lie "
                            "between 0 and 1, their sum below 1")
        if abs(self.elo0) >= 2000 or abs(self.elo1) >= 2000:
            raise SprtError("SPRT: Elo bounds must lie within ±2000")

    @classmethod
    def parse(cls, text: str) -> Sprt:
        """``ELO0,ELO1`` or ``ELO0,ELO1,ALPHA,BETA``; errors name the bad part.

        >>> Sprt.parse("360,440")
        Sprt(elo0=360.0, elo1=440.0, alpha=0.05, beta=0.05)
        """
        parts = [p.strip() for p in text.split(",")]
        if len(parts) not in (2, 4):
            raise SprtError(f"--sprt takes ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA, not {text!r}")
        values = []
        for p in parts:
            try:
                values.append(float(p))
            except ValueError:
                raise SprtError(f"--sprt: {p!r} is not a number") from None
        return cls(*values)

    def __str__(self) -> str:
        """The test as the CLI names it (untranslated; ``shashki match`` prints its own).

        >>> str(Sprt.parse("360,440"))
        'SPRT elo0 360, elo1 440, α 0.05, β 0.05'
        """
        return (f"SPRT elo0 {self.elo0:g}, elo1 {self.elo1:g}, α {self.alpha:g}, "
                f"β {self.beta:g}")

    @property
    def lower(self) -> float:
        """The bound below which H0 is accepted: ``ln(β / (1 - α))``."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound above which H1 is accepted: ``ln((1 - β) / α)``."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[int]) -> float:
        """The log-likelihood ratio of H1 over H0 for counts worst result first.

        Three counts are games (losses, draws, wins); five are pairs (LL, LD, DD + WL,
        WD, WW), the model for a match whose openings are played with both colours.
        """
        scores = _scores(counts)
        if sum(counts) == 0:
            return 0.0
        regular = [c if c > 0 else EMPTY for c in counts]
        total = sum(regular)
        freqs = [c / total for c in regular]
        p0 = _fitted(freqs, scores, score_of(self.elo0))
        p1 = _fitted(freqs, scores, score_of(self.elo1))
        return total * sum(f * (math.log(b) - math.log(a))
                           for f, a, b in zip(freqs, p0, p1, strict=True))

    def decide(self, llr: float) -> str | None:
        """``'H1'`` at or above the upper bound, ``'H0'`` at or below the lower, else None."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None


__all__ = ["EMPTY", "GAME_SCORES", "PAIR_SCORES", "Sprt", "SprtError", "elo", "mean_and_margin",
           "score_of"]
