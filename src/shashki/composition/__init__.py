"""Draughts composition (шашечная композиция): records, the soundness checker,
anticipation search, and the scoring of composing tournaments and solving contests.

The rules it follows are cited in docs/composition.md: the CPI FMJD rules for Russian
draughts composition (RI-64, 2010/2016), the CPI's International Rules (RI) for
10x10 problems and endgames, and the CPI draft rules for block posers (задачи).

>>> from shashki.composition import Composition, Stipulation, check
>>> c = Composition("W:Wa1,b2,c3:Ba5,e5,g7", Stipulation.parse("White to play and win"))
>>> check(c).status
'sound'
"""

from shashki.composition.prover import Limits, Prover, Undecided
from shashki.composition.record import (
    Composition,
    CompositionError,
    Genre,
    Goal,
    Stipulation,
    classify,
    parse_genre,
)
from shashki.composition.soundness import Defect, Kind, Verdict, check

__all__ = [
    "Composition",
    "CompositionError",
    "Defect",
    "Genre",
    "Goal",
    "Kind",
    "Limits",
    "Prover",
    "Stipulation",
    "Undecided",
    "Verdict",
    "check",
    "classify",
    "parse_genre",
]
