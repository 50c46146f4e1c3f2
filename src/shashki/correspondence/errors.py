"""Typed errors of correspondence play. Each keeps its English message template and its
values, so players and officials read it in their language: ``str(e)`` is English,
:meth:`CorrespondenceError.text` the same message from the ``shashki`` catalogue
(docs/translating.md).

>>> e = PlayError(N_("{name} is already entered"), name="nina")
>>> str(e), e.text("ru")
('nina is already entered', 'nina уже заявлен')
"""

from __future__ import annotations

from collections.abc import Callable

from shashki.errors import ShashkiError
from shashki.i18n import N_, translation
from shashki.messages import translate

__all__ = ["N_", "CorrespondenceError", "InvalidControl", "LeaveError", "NotAllowed",
           "PlayError", "UnreadableReply"]

Value = object | Callable[[str], str]
"""A value of a message: shown as it is, translated when it is a message itself (an
article, a phrase of the catalogue), or a function of the language."""


class CorrespondenceError(ShashkiError):
    """Base of every correspondence error: a message template (marked with ``N_``) and
    its values.

    >>> from shashki.correspondence import DayControl
    >>> try:
    ...     DayControl.parse("30 days")
    ... except CorrespondenceError as e:
    ...     print(type(e).__name__, "|", e.text("ru").split(":")[0])
    InvalidControl | неверный контроль времени '30 days'
    """

    def __init__(self, template: str, /, **values: Value) -> None:
        self.template = template
        self.values = values
        super().__init__(self.text("en"))

    def text(self, language: str) -> str:
        """The message in ``language`` (``ru`` or ``en``)."""
        tr = translation(language)
        shown: dict[str, object] = {}
        for name, value in self.values.items():
            if callable(value):
                shown[name] = value(language)
            elif isinstance(value, str) and language != "en":
                shown[name] = translate(tr.gettext(value), language)
            else:
                shown[name] = value
        return tr.gettext(self.template).format(**shown)


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

    def __init__(self, template: str, /, *, token: str = "", **values: Value) -> None:
        super().__init__(template, **values)
        self.token = token
