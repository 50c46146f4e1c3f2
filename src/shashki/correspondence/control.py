"""Correspondence time controls, counted in days (Code 5.1.2).

A control is a list of periods ``D days / N moves``; the time accumulates: unused days carry
over, and a player must have used at most the sum of the periods reached by the move he is
making. The last period repeats. A period without a move count is the whole game.

>>> c = DayControl.parse("30d/10")
>>> c.allowance(1), c.allowance(10), c.allowance(11), c.allowance(25)
(30, 30, 60, 90)
>>> c = DayControl.parse("100d/50 + 10d/10")
>>> c.allowance(50), c.allowance(51), c.allowance(70)
(100, 110, 120)
>>> DayControl.parse("180d").allowance(400), str(DayControl.parse("5d/1"))
(180, '5d/1')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shashki.correspondence.errors import InvalidControl

_PERIOD = re.compile(r"(\d+)\s*d(?:\s*/\s*(\d+))?", re.I)


@dataclass(frozen=True)
class Period:
    """Days for a number of moves (None: for the rest of the game).

    >>> DayControl.parse("100d/50 + 10d/10").periods
    (Period(days=100, moves=50), Period(days=10, moves=10))
    """
    days: int
    moves: int | None
    """None: the rest of the game."""

    def __str__(self) -> str:
        return f"{self.days}d" if self.moves is None else f"{self.days}d/{self.moves}"


@dataclass(frozen=True)
class DayControl:
    """Days per N moves, accumulated; or days for the whole game.

    >>> c = DayControl.parse("30d/10")
    >>> c.allowance(1), c.allowance(10), c.allowance(11)
    (30, 30, 60)
    >>> DayControl.parse("180d").allowance(99)
    180
    """

    periods: tuple[Period, ...]

    def __post_init__(self) -> None:
        if not self.periods:
            raise InvalidControl("a time control needs at least one period",
                                 "в контроле времени нужен хотя бы один период")
        for p in self.periods[:-1]:
            if p.moves is None:
                raise InvalidControl(f"period {p} covers the whole game; nothing may follow",
                                     f"период {p} — на всю партию; после него ничего нет")
        for p in self.periods:
            if p.days <= 0 or (p.moves is not None and p.moves <= 0):
                raise InvalidControl(f"period {p} must have positive days and moves",
                                     f"в периоде {p} дни и ходы должны быть положительны")

    @classmethod
    def parse(cls, text: str) -> DayControl:
        """``30d/10`` (30 days per 10 moves), ``180d`` (the whole game), ``100d/50 + 10d/10``.

        Raises :class:`InvalidControl` naming the part that cannot be read.
        """
        parts = [p.strip() for p in text.split("+")]
        periods = []
        for part in parts:
            m = _PERIOD.fullmatch(part)
            if not m:
                raise InvalidControl(
                    f"bad correspondence time control {text!r}: cannot read {part!r} "
                    "(expected e.g. 30d/10 or 180d)",
                    f"неверный контроль времени {text!r}: не читается {part!r} "
                    "(нужно, напр., 30d/10 или 180d)")
            periods.append(Period(int(m.group(1)), int(m.group(2)) if m.group(2) else None))
        return cls(tuple(periods))

    def __str__(self) -> str:
        return " + ".join(str(p) for p in self.periods)

    def allowance(self, move: int) -> int:
        """Days a player may have used in all when he makes his ``move``-th move (1-based),
        counted from the start or from a restart after a warning (Code 5.1.2, 5.1.7)."""
        if move < 1:
            raise InvalidControl(f"move number {move} must be 1 or more",
                                 f"номер хода {move} должен быть не меньше 1")
        total = 0
        reached = 0
        for i, p in enumerate(self.periods):
            if p.moves is None:
                return total + p.days
            last = i == len(self.periods) - 1
            if not last:
                total += p.days
                reached += p.moves
                if move <= reached:
                    return total
                continue
            # the last period repeats
            blocks = -(-(move - reached) // p.moves)
            return total + blocks * p.days
        return total  # pragma: no cover - the loop always returns
