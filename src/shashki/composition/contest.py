"""Scoring of composing tournaments and solving competitions, as pure functions.

Composing tournaments (конкурсы составления), docs/composition.md "Tournaments": each
judge marks each entry on the tournament's scale (:class:`Scale`, by default 0 to 10 in
steps of 0.5, decision C7); a judge never marks his own entry and the entry's mark is
the average of the marks of all the judges who marked it (CPI draft rules for block
posers, part 2, art. 2: "The final mark of an entry is an average of the marks from all
judges … prevented from judging his/her own entries"). An unsound entry is not placed.
The award gives prizes, honourable mentions and commendations, as many of each as the
tournament's conditions say, in order of the marks; equal marks share a place.

Solving competitions (docs/composition.md "Solving"): a solution scores the position's
points when it holds the author's main line, and the share of them that the consecutive
correct White moves of that line from the start make when it stops or strays (decision
C8); a wrong first move scores nothing. The standings order by points, then by the total
time used (less is better), then by name.

>>> scale = Scale()
>>> table = award({"A": [8.0, 9.0], "B": [9.5, 9.5], "C": [7.0, 8.0, 9.0]},
...               prizes=1, mentions=1)
>>> [(r.entry, r.mark, r.place, r.distinction) for r in table]
[('B', 9.5, 1, 'prize'), ('A', 8.5, 2, 'mention'), ('C', 8.0, 3, '')]
>>> score_solution(["c3-b4", "a5:c3", "b2:h8"], ["c3-b4", "a5:c3", "b2:h8"], 10)
10.0
>>> score_solution(["d4-c5", "f8-e7", "a3-b4", "a5:c3"], ["d4-c5", "f8-e7", "c1-d2"], 6)
3.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from shashki.errors import ShashkiError


class ContestError(ShashkiError, ValueError):
    """A mark or an entry the rules refuse (off the scale, a judge's own entry...)."""


@dataclass(frozen=True)
class Scale:
    """The marks a judge may give: ``low`` to ``high`` in steps of ``step``."""

    low: float = 0.0
    high: float = 10.0
    step: float = 0.5

    def check(self, mark: float) -> float:
        """The mark if it is on the scale; raises :class:`ContestError` otherwise."""
        m = Decimal(str(mark))
        low, high, step = Decimal(str(self.low)), Decimal(str(self.high)), Decimal(
            str(self.step))
        if not low <= m <= high or (m - low) % step:
            raise ContestError(f"mark {mark:g} is not on the scale {self.low:g}–{self.high:g} "
                               f"in steps of {self.step:g}")
        return float(m)


def check_judge(judge: str, entry_author: str) -> None:
    """A judge never marks his own entry (CPI draft part 2, art. 2)."""
    if judge == entry_author:
        raise ContestError(f"{judge} is the author of this entry and cannot judge it")


@dataclass(frozen=True)
class Placed:
    entry: str
    mark: float
    """The average of the judges' marks, rounded to 0.01."""
    place: int
    distinction: str
    """``prize``, ``mention`` (почётный отзыв), ``commendation`` (похвальный отзыв) or
    empty."""
    rank: int
    """1 for the first prize, 2 for the second... within its distinction."""
    marks: tuple[float, ...] = ()


def average(marks: Sequence[float]) -> float:
    return round(sum(marks) / len(marks), 2) if marks else 0.0


def award(marks: Mapping[str, Sequence[float]], prizes: int = 3, mentions: int = 3,
          commendations: int = 0, unsound: Sequence[str] = ()) -> list[Placed]:
    """The final table: entries by average mark (highest first), places shared on equal
    marks, distinctions by place; ``unsound`` entries come last, unplaced (place 0)."""
    rows = sorted(((average(m), e) for e, m in marks.items() if e not in unsound),
                  key=lambda x: (-x[0], x[1]))
    out: list[Placed] = []
    quota = [("prize", prizes), ("mention", mentions), ("commendation", commendations)]
    place = 0
    prev: float | None = None
    for i, (mark, entry) in enumerate(rows):
        if mark != prev:
            place = i + 1
            prev = mark
        distinction, rank, start = "", 0, 0
        for name, n in quota:
            if place - 1 < start + n:
                distinction, rank = name, place - start
                break
            start += n
        if mark <= 0:
            distinction, rank = "", 0
        out.append(Placed(entry, mark, place, distinction, rank, tuple(marks[entry])))
    for entry in unsound:
        if entry in marks:
            out.append(Placed(entry, 0.0, 0, "", 0, tuple(marks[entry])))
    return out


def score_solution(author: Sequence[str], given: Sequence[str], points: float) -> float:
    """The points a solver's line earns against the author's main line (both in the
    Code's notation, White's and Black's moves alternating from White's first)."""
    white = [author[i] for i in range(0, len(author), 2)]
    if not white:
        return 0.0
    found = 0
    for i, move in enumerate(given):
        if i >= len(author) or move != author[i]:
            break
        if i % 2 == 0:
            found += 1
    if found == len(white):
        return float(points)
    return round(points * found / len(white), 2)


@dataclass(frozen=True)
class Standing:
    solver: str
    points: float
    seconds: float
    place: int
    per_position: tuple[float, ...]


def solving_standings(results: Mapping[str, tuple[Sequence[float], float]]) -> list[Standing]:
    """Standings from each solver's points per position and the time he used (seconds
    from the start to his last solution): points (highest first), then time (least
    first); equal points and time share a place."""
    rows = sorted(((sum(per), secs, name, tuple(per)) for name, (per, secs) in results.items()),
                  key=lambda x: (-x[0], x[1], x[2]))
    out: list[Standing] = []
    prev: tuple[float, float] | None = None
    place = 0
    for i, (pts, secs, name, per) in enumerate(rows):
        if (pts, secs) != prev:
            place, prev = i + 1, (pts, secs)
        out.append(Standing(name, round(pts, 2), secs, place, per))
    return out
