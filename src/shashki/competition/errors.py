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
    """A TRF line that cannot be read; the message names the line number, the column (1-based,
    as the TRF-2026 tables count) and the line's text."""

    def __init__(self, lineno: int, line: str, reason: str, column: int = 1) -> None:
        text = line.rstrip()
        if len(text) > 120:
            text = text[:117] + "..."
        super().__init__(f"TRF line {lineno}, column {column}: {reason}: {text!r}")
        self.lineno = lineno
        self.column = column
        self.line = line
        self.reason = reason


class TrfWarning(UserWarning):
    """A TRF record that is read but not applied, or a field that disagrees with the rest of
    the file (the file is still read); the message names the line."""
