"""Typed errors of competitions; each names the bad token, field or line."""

from __future__ import annotations

from shashki.errors import ShashkiError


class CompetitionError(ShashkiError):
    """Base class of every competition error."""


class InvalidTournament(CompetitionError):
    """A tournament document or field that cannot stand (bad JSON, unknown field value)."""


class PairingError(CompetitionError):
    """A pairing that breaks a rule: a player paired twice, a rematch, a forbidden pair."""


class ResultError(CompetitionError):
    """A result that cannot be recorded: unknown text, or no such game in the round."""


class TrfError(CompetitionError):
    """A TRF line that cannot be read; the message names the line number and its text."""

    def __init__(self, lineno: int, line: str, reason: str) -> None:
        super().__init__(f"TRF line {lineno}: {reason}: {line.rstrip()!r}")
        self.lineno = lineno
        self.line = line
