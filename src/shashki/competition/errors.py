"""Typed errors of competitions; each names the bad token, field or line."""

from __future__ import annotations

from shashki.errors import ShashkiError


class CompetitionError(ShashkiError):
    """Base class of every competition error.

    >>> from shashki.competition import Tournament
    >>> try:
    ...     Tournament().add_player("  ")
    ... except CompetitionError as e:
    ...     print(type(e).__name__)
    InvalidTournament
    """


class InvalidTournament(CompetitionError):
    """A tournament document or field that cannot stand (bad JSON, unknown field value).

    >>> from shashki.competition import Tournament
    >>> try:
    ...     Tournament.from_json("{")
    ... except InvalidTournament as e:
    ...     print(str(e).split(":")[0])
    bad JSON at line 1 column 2
    """


class PairingError(CompetitionError):
    """A pairing that breaks a rule: a player paired twice, a rematch, a forbidden pair.

    >>> from shashki.competition import Bye, Pairing, Round, Tournament
    >>> t = Tournament(system="dutch", rounds_planned=3)
    >>> for name in ["Ivanov", "Petrov"]:
    ...     _ = t.add_player(name)
    >>> t.add_round(Round(1, [Pairing(1, 1, 2)], [Bye(1)]))
    Traceback (most recent call last):
        ...
    shashki.competition.errors.PairingError: round 1: player 1 (Ivanov) paired twice
    """


class ResultError(CompetitionError):
    """A result that cannot be recorded: unknown text, or no such game in the round.

    >>> from shashki.competition import parse_result
    >>> try:
    ...     parse_result("3-0")
    ... except ResultError as e:
    ...     print(str(e).split(";")[0])
    unknown result '3-0'
    """


class TrfError(CompetitionError):
    """A TRF line that cannot be read; the message names the line number, the column (1-based,
    as the TRF-2026 tables count) and the line's text.

    >>> from shashki.competition.trf import parse_trf
    >>> try:
    ...     parse_trf("001    x Ivanov")
    ... except TrfError as e:
    ...     print(e.lineno, e.column)
    1 5
    """

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
