"""Correspondence play (Code chapter V, 5.1.x; issue 8).

Time counted in calendar days of the event's zone (:mod:`.calendar`, :mod:`.control`),
leave (:mod:`.leave`), the game with its dated moves, conditional moves, oversteps and the
judge's decisions (:mod:`.game`), roles (:mod:`.roles`), events (:mod:`.event`) and the
e-mail channel (:mod:`.mail`). Decisions where the Code is cut off: docs/rules.md L1-P16.
"""

from shashki.correspondence.calendar import Calendar, SimulatedClock, utc_now
from shashki.correspondence.control import DayControl, Period
from shashki.correspondence.errors import (
    CorrespondenceError,
    InvalidControl,
    LeaveError,
    NotAllowed,
    PlayError,
    UnreadableReply,
)
from shashki.correspondence.event import CorrespondenceEvent
from shashki.correspondence.game import (
    Channel,
    ConditionalLine,
    CorrespondenceGame,
    CorrMove,
    Decision,
    Notice,
    NoticeKind,
    Overstep,
)
from shashki.correspondence.leave import Grant, Leave, LeaveBook, LeavePolicy
from shashki.correspondence.roles import Person, Role

__all__ = [
    "Calendar", "Channel", "ConditionalLine", "CorrMove", "CorrespondenceError",
    "CorrespondenceEvent", "CorrespondenceGame", "DayControl", "Decision", "Grant",
    "InvalidControl", "Leave", "LeaveBook", "LeaveError", "LeavePolicy", "NotAllowed", "Notice",
    "NoticeKind", "Overstep", "Period", "Person", "PlayError", "Role", "SimulatedClock",
    "UnreadableReply", "utc_now",
]
