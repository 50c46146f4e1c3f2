"""Competitions (issue 5): tournaments, pairings, tie-breaks, standings and their outputs.

Russian Draughts Code 3.7, 3.13, 3.16 and chapter IV «Жеребьевка»; FIDE C.04.3 (Dutch
system), C.05 (Berger tables) and TRF-2026 for the exchange with arbiters' tools.
"""

from shashki.competition.errors import (
    CompetitionError,
    InvalidTournament,
    PairingError,
    ResultError,
    TrfError,
)
from shashki.competition.model import (
    SCORING,
    Bye,
    Pairing,
    Player,
    Round,
    Scoring,
    Tournament,
    lateness_result,
    parse_result,
)

__all__ = [
    "SCORING",
    "Bye",
    "CompetitionError",
    "InvalidTournament",
    "Pairing",
    "PairingError",
    "Player",
    "ResultError",
    "Round",
    "Scoring",
    "Tournament",
    "TrfError",
    "lateness_result",
    "parse_result",
]
