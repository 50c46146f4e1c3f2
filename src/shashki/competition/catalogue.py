"""What an event's regulations choose from, as names and articles: the tie-breaks (Code
3.16.3-3.16.9, FIDE C.07, B.02) and the readings of the Code where it leaves a choice
(3.16.11 and the criteria of 3.16.3). Pure data, below both the tournament model, which
checks an event's choices, and the modules that compute them (tiebreaks.py, standings.py).

>>> TIEBREAKS["truncated-solkoff"][0], SHORT["truncated-solkoff"]
('Code 3.16.8', 'TSk')
>>> READINGS["bye-opponent"].default
'lowest'
"""

from __future__ import annotations

from dataclasses import dataclass

from shashki.i18n import N_, NP_

TIEBREAKS: dict[str, tuple[str, tuple[str, str]]] = {
    "schmulyan": ("Code 3.16.4", NP_("tie-break", "Schmulyan")),
    "sonneborn-berger": ("Code 3.16.5", NP_("tie-break", "Sonneborn-Berger")),
    "buchholz": ("Code 3.16.6", NP_("tie-break", "Buchholz")),
    "solkoff": ("Code 3.16.7", NP_("tie-break", "Solkoff")),
    "truncated-solkoff": ("Code 3.16.8", NP_("tie-break", "truncated Solkoff")),
    "riga": ("Code 3.16.9", NP_("tie-break", "Riga")),
    "wins": ("Code 3.16.3", NP_("tie-break", "wins")),
    "direct": ("Code 3.16.3", NP_("tie-break", "direct encounter")),
    "beaten": ("Code 3.16.3", NP_("tie-break", "points of opponents beaten")),
    "places": ("Code 3.16.3", NP_("tie-break", "results in order of places")),
    "median-buchholz": ("FIDE C.07 BH/M1", NP_("tie-break", "median Buchholz")),
    "buchholz-cut1": ("FIDE C.07 BH/C1", NP_("tie-break", "Buchholz cut 1")),
    "performance": ("FIDE B.02 8.2", NP_("tie-break", "performance")),
}
"""Every tie-break: its article and its English name (marked for the catalogue)."""

SHORT: dict[str, str] = {
    "schmulyan": "Шм", "sonneborn-berger": "SB", "buchholz": "Bh", "solkoff": "Sk",
    "truncated-solkoff": "TSk", "riga": "Rg", "wins": "W", "direct": "DE", "beaten": "Bt",
    "places": "Pl", "median-buchholz": "MBh", "buchholz-cut1": "Bh-1", "performance": "Perf",
}
"""Column headings."""


@dataclass(frozen=True)
class Reading:
    """A point the Code leaves open, with the event's possible readings (English, marked
    for the catalogue) and the one shashki takes when the regulations say nothing
    (docs/rules.md K26)."""

    article: str
    question: str
    choices: dict[str, str]
    default: str


READINGS: dict[str, Reading] = {
    "bye-opponent": Reading(
        "Code 3.16.11", N_("the bye's virtual opponent"), {
            "lowest": N_("the lowest final score anyone made"),
            "lowest-finished": N_("the lowest final score of those who played to the end"),
            "none": N_("no opponent: the bye is left out"),
        }, "lowest"),
    "withdrawn-score": Reading(
        "Code 3.16.11", N_("a withdrawn opponent's score"), {
            "group-average": N_("his score then, plus his score group's average since"),
            "own": N_("the score he made"),
        }, "group-average"),
    "requested-byes": Reading(
        "Code 3.16.11", N_("requested byes (H, F, Z)"), {
            "none": N_("no opponent: left out"),
            "virtual": N_("a game against the bye's virtual opponent, with the bye's result"),
        }, "none"),
    "double-forfeit": Reading(
        "Code 3.13.3", N_("a double forfeit (0-0) in Schmulyan and Riga"), {
            "loss": N_("a loss against that opponent"),
            "none": N_("no game: left out"),
        }, "loss"),
    "forfeit-wins": Reading(
        "Code 3.16.3", N_("forfeit wins among the wins"), {
            "counted": N_("counted as wins"),
            "played": N_("only games won over the board"),
        }, "counted"),
}
"""The readings an event may choose (``Tournament.readings``), by name."""
