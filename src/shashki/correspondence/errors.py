"""Typed errors of correspondence play. Each message names the bad token, in English and
Russian (``message_ru``) since players and officials see them."""

from __future__ import annotations

from shashki.errors import ShashkiError


class CorrespondenceError(ShashkiError):
    """Base of every correspondence error; ``message_ru`` is the Russian text.

    >>> from shashki.correspondence import DayControl
    >>> try:
    ...     DayControl.parse("30 days")
    ... except CorrespondenceError as e:
    ...     print(type(e).__name__, "|", e.message_ru.split(":")[0])
    InvalidControl | неверный контроль времени '30 days'
    """

    def __init__(self, message: str, message_ru: str = "") -> None:
        super().__init__(message)
        self.message_ru = message_ru or message

    def text(self, language: str) -> str:
        """The message in ``ru`` or ``en``."""
        return self.message_ru if language == "ru" else str(self)


class InvalidControl(CorrespondenceError):
    """A correspondence time control that cannot be read (the bad token is named).

    >>> from shashki.correspondence import DayControl
    >>> try:
    ...     DayControl.parse("30d/x")
    ... except InvalidControl as e:
    ...     print(str(e).split(":")[0])
    bad correspondence time control '30d/x'
    """


class LeaveError(CorrespondenceError):
    """A leave request that the event's rules refuse.

    >>> from datetime import date
    >>> from shashki.correspondence import LeaveBook
    >>> try:
    ...     LeaveBook().request("Ivanov", date(2026, 3, 1), date(2026, 3, 2),
    ...                         today=date(2026, 3, 5))
    ... except LeaveError as e:
    ...     print(type(e).__name__)
    LeaveError
    """


class NotAllowed(CorrespondenceError):
    """An action by someone whose role does not permit it (Code 5.1.7, 5.1.8).

    >>> from shashki.correspondence import LeaveBook, Person
    >>> try:
    ...     LeaveBook().grant(Person("Ivanov"), "Ivanov", 2026, 10, "I need it")
    ... except NotAllowed as e:
    ...     print(type(e).__name__)
    NotAllowed
    """


class PlayError(CorrespondenceError):
    """A move, conditional line or entry that cannot be accepted now.

    >>> from datetime import datetime, UTC
    >>> from shashki.correspondence import CorrespondenceGame, Person, SimulatedClock
    >>> w, b = Person("Ivanov"), Person("Petrov")
    >>> today = SimulatedClock(datetime(2026, 3, 2, tzinfo=UTC))
    >>> g = CorrespondenceGame(w, b, "30d/10", now=today)
    >>> try:
    ...     g.play(b, "f6-g5")
    ... except PlayError as e:
    ...     print(type(e).__name__)
    PlayError
    """


class UnreadableReply(CorrespondenceError):
    """An e-mail reply from which no move can be read; ``token`` is the bad text.

    >>> from shashki import Board
    >>> from shashki.correspondence.mail import read_reply_text
    >>> try:
    ...     read_reply_text("Dear judge, I resign? No, I don't.", Board("russian"))
    ... except UnreadableReply as e:
    ...     print(type(e).__name__)
    UnreadableReply
    """

    def __init__(self, message: str, message_ru: str, token: str = "") -> None:
        super().__init__(message, message_ru)
        self.token = token
