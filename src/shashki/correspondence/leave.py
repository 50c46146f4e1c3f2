"""Leave (vacation): days per player per calendar year, taken in advance, stopping the
player's clock; extra days granted by the judge (rules.md P4).

>>> from datetime import date
>>> book = LeaveBook(LeavePolicy(days_per_year=30))
>>> _ = book.request("Ivanov", date(2026, 7, 1), date(2026, 7, 10), today=date(2026, 6, 20))
>>> book.remaining("Ivanov", 2026)
20
>>> book.on_leave("Ivanov", date(2026, 7, 5)), book.on_leave("Ivanov", date(2026, 7, 11))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from shashki.correspondence.errors import LeaveError
from shashki.correspondence.roles import Person, Role, require
from shashki.i18n import N_


@dataclass(frozen=True)
class LeavePolicy:
    """The event's leave rules.

    >>> from datetime import date
    >>> from shashki.correspondence import LeaveBook
    >>> book = LeaveBook(LeavePolicy(days_per_year=20))
    >>> book.entitlement("Ivanov", 2026), LeavePolicy().days_per_year
    (20, 30)
    """

    days_per_year: int = 30
    notice_days: int = 1
    """A leave must be announced at least this many days before its first day."""
    min_days: int = 1
    """The shortest leave period."""


@dataclass(frozen=True)
class Leave:
    """A leave period, first and last day included.

    >>> from datetime import date
    >>> from shashki.correspondence import LeaveBook
    >>> book = LeaveBook()
    >>> leave = book.request("Ivanov", date(2026, 3, 6), date(2026, 3, 9), today=date(2026, 3, 1))
    >>> leave.first, leave.last, len(leave.days())
    (datetime.date(2026, 3, 6), datetime.date(2026, 3, 9), 4)
    """

    player: str
    first: date
    last: date
    requested: date

    def days(self) -> list[date]:
        return [self.first + timedelta(n) for n in range((self.last - self.first).days + 1)]


@dataclass(frozen=True)
class Grant:
    """Extra leave days granted by the judge, with his reason.

    >>> from shashki.correspondence import LeaveBook, Person, Role
    >>> book = LeaveBook()
    >>> grant = book.grant(Person("Judge", Role.JUDGE), "Ivanov", 2026, 10, "illness")
    >>> grant, book.entitlement("Ivanov", 2026)
    (Grant(player='Ivanov', year=2026, days=10, judge='Judge', reason='illness'), 40)
    """

    player: str
    year: int
    days: int
    judge: str
    reason: str


@dataclass
class LeaveBook:
    """Every player's leave in one event (a player's leave stops all his games).

    >>> from datetime import date
    >>> book = LeaveBook()
    >>> _ = book.request("Ivanov", date(2026, 3, 6), date(2026, 3, 9), today=date(2026, 3, 1))
    >>> book.taken("Ivanov", 2026), book.remaining("Ivanov", 2026)
    (4, 26)
    >>> book.on_leave("Ivanov", date(2026, 3, 7)), book.on_leave("Petrov", date(2026, 3, 7))
    (True, False)
    """

    policy: LeavePolicy = field(default_factory=LeavePolicy)
    leaves: list[Leave] = field(default_factory=list)
    grants: list[Grant] = field(default_factory=list)

    def entitlement(self, player: str, year: int) -> int:
        """Days a player may take in ``year``: the policy's plus the judge's grants."""
        return self.policy.days_per_year + sum(
            g.days for g in self.grants if g.player == player and g.year == year)

    def taken(self, player: str, year: int) -> int:
        return sum(1 for lv in self.leaves if lv.player == player
                   for d in lv.days() if d.year == year)

    def remaining(self, player: str, year: int) -> int:
        return self.entitlement(player, year) - self.taken(player, year)

    def request(self, player: str, first: date, last: date, *, today: date) -> Leave:
        """Take leave from ``first`` to ``last`` (rules.md P4: in advance, within the
        year's days; a period spanning New Year counts in each year). Code 5.1.3-5.1.4
        leave such details to each event's regulations."""
        if last < first:
            raise LeaveError(N_("leave ends ({last}) before it starts "
                                "({first})"), last=last, first=first)
        if (first - today).days < self.policy.notice_days:
            raise LeaveError(
                N_("leave from {first} must be taken in advance: at least {notice_days} day(s) "
                   "before it starts (today is "
                   "{today})"), first=first, notice_days=self.policy.notice_days, today=today)
        if (last - first).days + 1 < self.policy.min_days:
            raise LeaveError(N_("a leave lasts at least {min_days} "
                                "days"), min_days=self.policy.min_days)
        new = Leave(player, first, last, today)
        for lv in self.leaves:
            if lv.player == player and lv.first <= last and first <= lv.last:
                raise LeaveError(N_("leave {first}..{last} overlaps {first2}..{last2}"),
                                 first=first, last=last, first2=lv.first, last2=lv.last)
        for year in sorted({d.year for d in new.days()}):
            want = sum(1 for d in new.days() if d.year == year)
            left = self.remaining(player, year)
            if want > left:
                raise LeaveError(
                    N_("{player} asks {want} leave day(s) in {year} but has {left} "
                       "left"), player=player, want=want, year=year, left=left)
        self.leaves.append(new)
        return new

    def cancel(self, player: str, first: date, *, today: date) -> None:
        """Withdraw a leave that has not begun; its days return to the player."""
        for lv in self.leaves:
            if lv.player == player and lv.first == first:
                if first <= today:
                    raise LeaveError(N_("the leave from {first} has begun; it cannot be "
                                        "withdrawn"), first=first)
                self.leaves.remove(lv)
                return
        raise LeaveError(N_("{player} has no leave from {first}"), player=player, first=first)

    def grant(self, judge: Person, player: str, year: int, days: int, reason: str) -> Grant:
        """Extra leave granted by the judge (Code 5.1.7: the judge decides; rules.md P4)."""
        require(judge, Role.JUDGE, action=N_("grant extra leave"), article="Code 5.1.7")
        if days <= 0:
            raise LeaveError(N_("extra leave must be a positive number of days, not "
                                "{days}"), days=days)
        if not reason.strip():
            raise LeaveError(N_("the judge's grant needs a reason"))
        g = Grant(player, year, days, judge.name, reason.strip())
        self.grants.append(g)
        return g

    def on_leave(self, player: str, day: date) -> bool:
        return any(lv.player == player and lv.first <= day <= lv.last for lv in self.leaves)

    def leave_days(self, player: str, after: date, upto: date) -> int:
        """Leave days of ``player`` in the interval (after, upto]."""
        return sum(1 for lv in self.leaves if lv.player == player for d in lv.days()
                   if after < d <= upto)
