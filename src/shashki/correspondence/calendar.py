"""Calendar days in the event's time zone, and an injectable "now".

Correspondence time is counted in days (Code 5.1.2). A day is a calendar day of the
event's zone: a move sent at 23:50 in Moscow is sent that day, whatever UTC says.
Every function that needs the date takes a :data:`Now`; tests and the platform's
simulated calendar pass a :class:`SimulatedClock`.

>>> cal = Calendar("Europe/Moscow")
>>> from datetime import datetime, timezone
>>> cal.day(datetime(2026, 3, 1, 21, 30, tzinfo=timezone.utc))  # 00:30 in Moscow
datetime.date(2026, 3, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from shashki.correspondence.errors import InvalidControl
from shashki.i18n import N_

Now = Callable[[], datetime]
"""A source of the current moment (an aware datetime)."""


def utc_now() -> datetime:
    """The real clock.

    >>> utc_now().tzinfo
    datetime.timezone.utc
    """
    return datetime.now(UTC)


@dataclass(frozen=True)
class Calendar:
    """The event's time zone; ``day`` maps a moment to its calendar date there.

    >>> from datetime import datetime, UTC
    >>> cal = Calendar("Europe/Moscow")
    >>> cal.day(datetime(2026, 3, 1, 22, 30, tzinfo=UTC))    # 01:30 on 2 March in Moscow
    datetime.date(2026, 3, 2)
    """

    zone: str = "Europe/Moscow"

    def __post_init__(self) -> None:
        try:
            ZoneInfo(self.zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise InvalidControl(N_("unknown time zone {zone}"), zone=repr(self.zone)) from None

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.zone)

    def day(self, moment: datetime) -> date:
        """The calendar date of ``moment`` in the event's zone (Code 5.1.2: days)."""
        if moment.tzinfo is None:
            raise InvalidControl(N_("moment {moment} has no time "
                                    "zone"), moment=repr(moment.isoformat()))
        return moment.astimezone(self.tz).date()

    def noon(self, d: date) -> datetime:
        """Midday of ``d`` in the event's zone: the moment recorded for a date-only entry
        (a postmark)."""
        return datetime.combine(d, time(12), self.tz)


class SimulatedClock:
    """A settable clock for tests and the platform's simulated calendar.

    >>> c = SimulatedClock(datetime(2026, 3, 1, 9, tzinfo=UTC))
    >>> c.advance(days=2); c().date()
    datetime.date(2026, 3, 3)
    """

    def __init__(self, start: datetime) -> None:
        if start.tzinfo is None:
            raise InvalidControl(N_("the simulated clock needs an aware datetime"))
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, days: float = 0, hours: float = 0, minutes: float = 0) -> None:
        self.moment += timedelta(days=days, hours=hours, minutes=minutes)

    def set(self, moment: datetime) -> None:
        self.moment = moment
