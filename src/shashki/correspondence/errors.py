"""Typed errors of correspondence play. Each message names the bad token, in English and
Russian (``message_ru``) since players and officials see them."""

from __future__ import annotations

from shashki.errors import ShashkiError


class CorrespondenceError(ShashkiError):
    """Base of every correspondence error; ``message_ru`` is the Russian text."""

    def __init__(self, message: str, message_ru: str = "") -> None:
        super().__init__(message)
        self.message_ru = message_ru or message

    def text(self, language: str) -> str:
        """The message in ``ru`` or ``en``."""
        return self.message_ru if language == "ru" else str(self)


class InvalidControl(CorrespondenceError):
    """A correspondence time control that cannot be read (the bad token is named)."""


class LeaveError(CorrespondenceError):
    """A leave request that the event's rules refuse."""


class NotAllowed(CorrespondenceError):
    """An action by someone whose role does not permit it (Code 5.1.7, 5.1.8)."""


class PlayError(CorrespondenceError):
    """A move, conditional line or entry that cannot be accepted now."""


class UnreadableReply(CorrespondenceError):
    """An e-mail reply from which no move can be read; ``token`` is the bad text."""

    def __init__(self, message: str, message_ru: str, token: str = "") -> None:
        super().__init__(message, message_ru)
        self.token = token
