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

from shashki.clock import plain_units, unit
from shashki.correspondence.errors import InvalidControl
from shashki.i18n import N_

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

    def text(self, lang: str) -> str:
        """The period as ``lang`` writes it: ``30 дн/10``."""
        if lang == "en":
            return str(self)
        days = f"{self.days} {unit('d', lang)}"
        return days if self.moves is None else f"{days}/{self.moves}"


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
            raise InvalidControl(N_("a time control needs at least one period"))
        for p in self.periods[:-1]:
            if p.moves is None:
                raise InvalidControl(N_("period {p} covers the whole game; nothing may "
                                        "follow"), p=p)
        for p in self.periods:
            if p.days <= 0 or (p.moves is not None and p.moves <= 0):
                raise InvalidControl(N_("period {p} must have positive days and moves"), p=p)

    @classmethod
    def parse(cls, text: str) -> DayControl:
        """``30d/10`` (30 days per 10 moves), ``180d`` (the whole game), ``100d/50 + 10d/10``;
        the days may be written as any language of the catalogue writes them (``30 дн/10``).

        Raises :class:`InvalidControl` naming the part that cannot be read.

        >>> DayControl.parse("30 дн/10") == DayControl.parse("30d/10")
        True
        >>> DayControl.parse("100d/50 + 10d/10").text("ru")
        '100 дн/50 + 10 дн/10'
        """
        parts = [p.strip() for p in plain_units(text, "d").split("+")]
        periods = []
        for part in parts:
            m = _PERIOD.fullmatch(part)
            if not m:
                raise InvalidControl(
                    N_("bad correspondence time control {text}: cannot read {part} (expected e.g. "
                       "30d/10 or 180d)"), text=repr(text), part=repr(part))
            periods.append(Period(int(m.group(1)), int(m.group(2)) if m.group(2) else None))
        return cls(tuple(periods))

    def __str__(self) -> str:
        return " + ".join(str(p) for p in self.periods)

    def text(self, lang: str) -> str:
        """The control as ``lang`` writes it (``30 дн/10``)."""
        return " + ".join(p.text(lang) for p in self.periods)

    def allowance(self, move: int) -> int:
        """Days a player may have used in all when he makes his ``move``-th move (1-based),
        counted from the start or from a restart after a warning (Code 5.1.2, 5.1.7)."""
        if move < 1:
            raise InvalidControl(N_("move number {move} must be 1 or more"), move=move)
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
